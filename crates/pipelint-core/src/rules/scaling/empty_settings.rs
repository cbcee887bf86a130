use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The create body's `settings` is not an empty object.
    ///
    /// ## Why it matters
    /// The interface makes every setting optional, but the deployed server rejects an empty
    /// `settings: {}`, typically left behind after the last setting was removed.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"name": "orders", "settings": {}}
    /// ```
    ///
    /// ## Fix
    /// Remove `settings`, or add the settings you want to change.
    ///
    /// ```json good kind:create-pipe at:/
    /// {"name": "orders", "settings": {"streaming_max_insert_wait_ms": 1000}}
    /// ```
    pub static RULE = {
        code: "PL505",
        name: "empty-settings",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The settings object is empty (the server rejects settings: {})",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let empty = cx
        .get("/settings")
        .and_then(serde_json::Value::as_object)
        .is_some_and(serde_json::Map::is_empty);
    if !empty {
        return;
    }
    out.push(
        cx.at_value(
            &RULE,
            "/settings",
            "`settings` is empty, which the server rejects",
        )
        .with_label("empty object")
        .with_help("remove `settings`, or add the settings you want to change")
        .with_fix(Fix {
            title: "Remove `settings`".to_owned(),
            span: removal_span(cx, "/settings"),
            replacement: String::new(),
            applicability: crate::Applicability::Safe,
        }),
    );
}
