use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A dashboard that gives `savedQuery` does not set `savedQueryLanguage` to `null`
    /// (stack server 2.21 and later).
    ///
    /// ## Why it matters
    /// The server rejects the dashboard ("savedQueryLanguage cannot be null when savedQuery
    /// is provided"): it cannot tell how to read the query.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/
    /// {"savedQuery": "ServiceName:checkout", "savedQueryLanguage": null}
    /// ```
    ///
    /// ## Fix
    /// Say the query's language (`lucene` or `sql`), or leave `savedQueryLanguage` out.
    ///
    /// ```json good kind:dashboard at:/
    /// {"savedQuery": "ServiceName:checkout", "savedQueryLanguage": "lucene"}
    /// ```
    pub static RULE = {
        code: "PL758",
        name: "saved-query-language",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "savedQueryLanguage is null beside a savedQuery",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if !super::facts::is_set(cx, "/savedQuery")
        || cx.get("/savedQueryLanguage") != Some(&Value::Null)
    {
        return;
    }
    out.push(
        cx.at_value(
            &RULE,
            "/savedQueryLanguage",
            "`savedQueryLanguage` cannot be null when `savedQuery` is given",
        )
        .with_label("null")
        .with_secondary(cx.key_span("/savedQuery"), "a saved query")
        .with_help("write the language of `savedQuery`: `\"lucene\"` or `\"sql\"`"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::findings_as;

    fn count(members: &str) -> usize {
        let json = format!(r#"{{"name": "d", "tiles": [], {members}}}"#);
        findings_as(&RULE, DocumentKind::Dashboard, &json).len()
    }

    #[test]
    fn a_saved_query_needs_its_language() {
        assert_eq!(
            count(r#""savedQuery": "a:b", "savedQueryLanguage": null"#),
            1
        );
        assert_eq!(
            count(r#""savedQuery": "a:b", "savedQueryLanguage": "lucene""#),
            0
        );
        assert_eq!(count(r#""savedQuery": "a:b""#), 0);
        assert_eq!(
            count(r#""savedQuery": null, "savedQueryLanguage": null"#),
            0
        );
    }
}
