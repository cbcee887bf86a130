use crate::api::sources::unsupported_members;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every member of `source` is a source kind — `kafka`, `kinesis`, `objectStorage`,
    /// `postgres`, and from api-version 2026-04 `mysql`, `bigquery`, `mongodb`
    /// (2026-05: `pubsub`) — or `validateSamples`. The official API reference shows a
    /// create body for each source kind:
    /// <https://clickhouse.com/docs/integrations/clickpipes/programmatic-access/openapi>.
    ///
    /// ## Why it matters
    /// The source kinds are a closed set: a misspelt kind
    /// (`objectstorage`) leaves the pipe without a source. This is an error, unlike other
    /// unknown members, which are warnings. A kind of a newer API version than the one in
    /// force is not this error but a `needs-newer-api` warning.
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

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let names = unsupported_members(cx.document);
    if names.is_empty() {
        return;
    }
    // The help names the kinds of the profile in force; the guess may be any kind.
    let kinds: Vec<&str> = accepted_source_kinds(&cx.profile)
        .iter()
        .map(|k| k.member())
        .collect();
    let all: Vec<&str> = SourceKind::ALL.iter().map(|k| k.member()).collect();
    for name in names {
        let pointer = pointer_join("/source", name);
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!("`{name}` is not a source kind of this interface"),
            )
            .with_label("unsupported source kind");
        diagnostic = match closest(name, all.iter().copied()) {
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

#[cfg(test)]
mod tests {
    use super::RULE;
    use crate::api::changes::{What, of_kind};
    use crate::api::sources::SourceKind;
    use crate::kind::DocumentKind;
    use crate::rules::testing::{body, findings, findings_latest};

    #[test]
    fn the_help_names_the_kinds_of_the_profile_in_force() {
        let json = body(r#"{"oracle": {"host": "db.internal"}}"#);
        let help = |found: Vec<crate::Diagnostic>| found[0].help.clone().unwrap();
        assert!(!help(findings(&RULE, &json).1).contains("`mysql`"));
        assert!(help(findings_latest(&RULE, &json).1).contains("`mysql`"));
        // A newer kind is known under every profile: no PL107 (the default profile has
        // `needs-newer-api` say it instead), and a miscased one is guessed.
        let mysql = body(r#"{"mysql": {"host": "h", "port": 3306}}"#);
        assert!(findings(&RULE, &mysql).1.is_empty());
        assert!(findings_latest(&RULE, &mysql).1.is_empty());
        let miscased = body(r#"{"MySQL": {"host": "h", "port": 3306}}"#);
        let found = findings_latest(&RULE, &miscased).1;
        assert_eq!(found[0].fix.as_ref().unwrap().replacement, "\"mysql\"");
    }

    /// The kinds after the contract's four are those, and only those, that the version table
    /// adds at `/source/<kind>`: the table says from which version, the enum only names them.
    #[test]
    fn newer_source_kinds_are_the_tables() {
        let newer: Vec<&str> = SourceKind::ALL[4..].iter().map(|k| k.pointer()).collect();
        let mut in_table: Vec<&str> = of_kind(DocumentKind::CreatePipe)
            .filter(|c| c.what == What::Member)
            .flat_map(|c| c.at.iter().copied())
            .filter(|at| at.matches('/').count() == 2 && at.starts_with("/source/"))
            .collect();
        in_table.sort_unstable();
        let mut expected = newer.clone();
        expected.sort_unstable();
        assert_eq!(in_table, expected);
    }
}
