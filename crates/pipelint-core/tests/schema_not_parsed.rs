//! Checking a body without schema errors must not parse the embedded schema's JSON: that was
//! a fifth of a one-file run. Alone in its test binary, so no other test parses it first.

use pipelint_bench::corpus::{SourceKind, sample};
use pipelint_core::internals::is_parsed;
use pipelint_core::{DocumentKind, LintOptions, lint};
use serde_json::{Value, json};

/// A generated body of the kind with `settings` replaced.
fn with_settings(kind: SourceKind, settings: Value) -> String {
    let mut body: Value = serde_json::from_str(&sample(kind, 1))
        .unwrap_or_else(|e| panic!("generated {} body: {e}", kind.name()));
    body["settings"] = settings;
    body.to_string()
}

fn rule_names(text: &str) -> Vec<&'static str> {
    let options = LintOptions::new().kind(DocumentKind::CreatePipe);
    lint(text.as_bytes(), &options)
        .diagnostics
        .iter()
        .map(|d| d.name())
        .collect()
}

#[test]
fn the_settings_rules_find_their_mistakes_without_parsing_the_schema() {
    for kind in SourceKind::ALL {
        assert_eq!(rule_names(&sample(kind, 3)), Vec::<&str>::new());
    }
    // An object-storage setting on a Kafka pipe: `setting-for-source`, which asks whether
    // the schema defines the setting.
    let kafka = with_settings(
        SourceKind::Kafka,
        json!({"object_storage_max_file_count": 100, "db_max_threads": 4}),
    );
    assert_eq!(rule_names(&kafka), ["setting-for-source"]);
    // 100 MiB is inside the interface's bounds but below the server's: the rule reads the
    // bounds of the schema.
    let storage = with_settings(
        SourceKind::ObjectStorage,
        json!({"object_storage_max_insert_bytes": 104_857_600}),
    );
    assert_eq!(rule_names(&storage), ["insert-bytes-server-range"]);
    assert!(!is_parsed(DocumentKind::CreatePipe));
}
