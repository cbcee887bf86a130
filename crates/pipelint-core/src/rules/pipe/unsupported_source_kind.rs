use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every member of `source` is one of the four source kinds of the interface — `kafka`,
    /// `kinesis`, `objectStorage`, `postgres` — or `validateSamples` (spec 2.7).
    ///
    /// ## Why it matters
    /// The source kinds are a closed set (real-API notes, decision 5): kinds of newer API
    /// versions (`mysql`, `bigquery`, `mongodb`, `pubsub`) are not part of the contract this
    /// body is checked against, and a misspelt kind (`objectstorage`) leaves the pipe without
    /// a source. This is an error, unlike other unknown members, which are warnings.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"source": {"oracle": {"host": "db.internal"}}}
    /// ```
    ///
    /// ## Fix
    /// Use one of the four source kinds (the did-you-mean hint names the closest).
    pub static RULE = {
        code: "PL107",
        name: "unsupported-source-kind",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The source uses a source kind the interface does not define",
        check: Some(check),
        fix: Safe,
    };
}

/// Members of `source` besides the source kinds.
const OTHER_MEMBERS: &[&str] = &["validateSamples"];

/// The members of `source` that are neither a source kind nor another known member.
pub fn unsupported<'a>(cx: &Context<'a>) -> Vec<&'a str> {
    let Some(source) = cx.get("/source").and_then(serde_json::Value::as_object) else {
        return Vec::new();
    };
    source
        .keys()
        .map(String::as_str)
        .filter(|k| !OTHER_MEMBERS.contains(k) && !SourceKind::ALL.iter().any(|s| s.member() == *k))
        .collect()
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let kinds: Vec<&str> = SourceKind::ALL.iter().map(|k| k.member()).collect();
    for name in unsupported(cx) {
        let pointer = pointer_join("/source", name);
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!("`{name}` is not a source kind of this interface"),
            )
            .with_label("unsupported source kind");
        diagnostic = match closest(name, kinds.iter().copied()) {
            Some(guess) => {
                diagnostic = diagnostic.with_help(format!(
                    "did you mean `{guess}`? Source kinds: {}",
                    list_code(&kinds)
                ));
                if guess.eq_ignore_ascii_case(name) {
                    diagnostic = diagnostic.with_fix(Fix {
                        title: format!("Rename to `{guess}`"),
                        span: cx.key_span(&pointer),
                        replacement: format!("\"{guess}\""),
                        applicability: crate::Applicability::Safe,
                    });
                }
                diagnostic
            }
            None => diagnostic.with_help(format!("pipes read from one of {}", list_code(&kinds))),
        };
        out.push(diagnostic);
    }
}
