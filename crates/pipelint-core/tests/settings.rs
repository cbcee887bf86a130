//! Settings are applied inside `lint`: a rule turned off hides only its own findings, and
//! what it used to supersede is reported again.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::path::{Path, PathBuf};

use pipelint_core::{
    Diagnostic, Level, LintOptions, LintResult, Override, PointerPattern, Rule, Settings,
    find_rule, lint,
};

/// The rule with this name (or code), which must exist.
fn rule(name: &str) -> &'static Rule {
    find_rule(name).unwrap_or_else(|| panic!("no rule {name}"))
}

/// The overrides a result used, as (entry, pointer) pairs.
fn uses(result: &LintResult) -> Vec<(usize, usize)> {
    let uses = result.overrides_used.iter();
    uses.map(|u| (u.entry, u.pointer)).collect()
}

fn fixture(path: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(path);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lint_with(bytes: &[u8], settings: Option<&Settings>) -> LintResult {
    lint(bytes, &LintOptions::new().settings(settings))
}

fn off(selector: &str) -> Settings {
    let mut settings = Settings::default();
    settings.set(selector, Level::Off).unwrap();
    settings
}

/// What a finding is, for comparing two runs.
fn key(d: &Diagnostic) -> (String, String, String, String) {
    (
        d.code().to_owned(),
        d.pointer.clone(),
        d.message.clone(),
        d.severity.to_string(),
    )
}

fn at(result: &LintResult, rule: &Rule, pointer: &str) -> bool {
    result
        .diagnostics
        .iter()
        .any(|d| d.rule.code == rule.code && d.pointer == pointer)
}

/// Turning `rule` off removes exactly its findings, and adds only findings at the places
/// it reported (what it superseded there). Returns what was added.
fn turned_off(bytes: &[u8], rule: &Rule) -> Vec<Diagnostic> {
    let before = lint_with(bytes, None);
    let after = lint_with(bytes, Some(&off(rule.code)));
    assert!(
        after.diagnostics.iter().all(|d| d.rule.code != rule.code),
        "{} is off",
        rule.name
    );
    let after_keys: Vec<_> = after.diagnostics.iter().map(key).collect();
    for d in before
        .diagnostics
        .iter()
        .filter(|d| d.rule.code != rule.code)
    {
        assert!(
            after_keys.contains(&key(d)),
            "turning {} off hid {:?}",
            rule.name,
            key(d)
        );
    }
    let before_keys: Vec<_> = before.diagnostics.iter().map(key).collect();
    let added: Vec<Diagnostic> = after
        .diagnostics
        .into_iter()
        .filter(|d| !before_keys.contains(&key(d)))
        .collect();
    for d in &added {
        assert!(
            at(&before, rule, &d.pointer),
            "turning {} off added {:?} where it reported nothing",
            rule.name,
            key(d)
        );
    }
    added
}

#[test]
fn leaked_secret_off_reports_the_password_as_an_unknown_field() {
    let bytes = fixture("rules/leaked-secret/invalid/bare-password.json");
    let before = lint_with(&bytes, None);
    let leaked: Vec<&str> = before
        .diagnostics
        .iter()
        .filter(|d| d.rule.code == rule("leaked-secret").code)
        .map(|d| d.pointer.as_str())
        .collect();
    assert!(!leaked.is_empty());
    let added = turned_off(&bytes, rule("leaked-secret"));
    for pointer in leaked {
        assert!(pointer.ends_with("/password"), "{pointer}");
        assert!(
            added
                .iter()
                .any(|d| d.pointer == pointer && d.rule.code == rule("unknown-field").code),
            "no unknown-field at {pointer}: {added:?}"
        );
    }
}

#[test]
fn percentile_agg_fn_off_reports_the_invalid_enum_value() {
    let bytes = fixture("rules/percentile-agg-fn/invalid/median.json");
    let added = turned_off(&bytes, rule("percentile-agg-fn"));
    assert!(
        added
            .iter()
            .any(|d| d.rule.code == rule("invalid-enum-value").code),
        "{added:?}"
    );
}

#[test]
fn wrong_type_off_reports_what_it_deduplicated() {
    // A number where a string from an enum belongs: the type finding alone is reported.
    let bytes = br#"{"source": {"kafka": {"type": "kafka", "format": 5, "authentication": "PLAIN",
        "brokers": "a:9092", "topics": "t"}}}"#;
    let added = turned_off(bytes, rule("wrong-type"));
    assert!(
        added.iter().any(|d| d.pointer == "/source/kafka/format"
            && d.rule.code == rule("invalid-enum-value").code),
        "{added:?}"
    );
}

fn all_fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            all_fixtures(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

#[test]
fn no_rule_turned_off_hides_another_rules_finding_in_any_fixture() {
    let mut files = Vec::new();
    all_fixtures(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &mut files,
    );
    files.sort();
    assert!(files.len() > 100, "{} fixtures", files.len());
    let specific = [
        rule("leaked-secret"),
        rule("percentile-agg-fn"),
        rule("doc-placeholder"),
        rule("wrong-type"),
    ];
    let mut revealed = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for rule in specific {
            revealed += turned_off(&bytes, rule).len();
        }
    }
    assert!(revealed > 0, "no fixture has a superseded finding");
}

#[test]
fn levels_change_the_severity_only() {
    let bytes = fixture("rules/leaked-secret/invalid/bare-password.json");
    let before = lint_with(&bytes, None);
    let mut settings = Settings::default();
    settings.set("leaked-secret", Level::Info).unwrap();
    let after = lint_with(&bytes, Some(&settings));
    assert_eq!(before.diagnostics.len(), after.diagnostics.len());
    for (b, a) in before.diagnostics.iter().zip(&after.diagnostics) {
        assert_eq!(b.pointer, a.pointer);
        let expected = if a.rule.code == rule("leaked-secret").code {
            pipelint_core::Severity::Info
        } else {
            b.severity
        };
        assert_eq!(a.severity, expected, "{}", a.code());
    }
}

const COLUMNS: &str = r#"{"name": "p", "source": {"kafka": {}}, "destination": {"columns": [
    {"name": "id", "type": "UInt64", "colour": 1},
    {"name": "amount", "type": "Float64", "colour": 2}
]}}"#;

fn unknown_fields(result: &LintResult) -> Vec<&str> {
    result
        .diagnostics
        .iter()
        .filter(|d| d.rule.code == rule("unknown-field").code)
        .map(|d| d.pointer.as_str())
        .collect()
}

fn options(settings: Option<&Settings>) -> LintOptions<'_> {
    LintOptions::new()
        .file_name("a.pipe.json")
        .settings(settings)
}

#[test]
fn overrides_apply_at_their_pointers_and_say_they_were_used() {
    let before = lint(COLUMNS.as_bytes(), &options(None));
    assert_eq!(
        unknown_fields(&before),
        [
            "/destination/columns/0/colour",
            "/destination/columns/1/colour"
        ]
    );

    let mut settings = Settings::default();
    let mut keyed = Override::new(vec![
        PointerPattern::new("/destination/columns/[name=amount]"),
        PointerPattern::new("/nowhere"),
    ]);
    keyed.set("unknown-field", Level::Off).unwrap();
    settings.add_override(keyed);
    let mut unmatched = Override::new(vec![PointerPattern::new("/source")]);
    unmatched.set("unknown-field", Level::Off).unwrap();
    settings.add_override(unmatched);
    let after = lint(COLUMNS.as_bytes(), &options(Some(&settings)));
    assert_eq!(unknown_fields(&after), ["/destination/columns/0/colour"]);
    assert_eq!(uses(&after), [(0, 0)]);

    // A later override wins over an earlier one; one without pointers covers everything.
    let mut whole = Override::new(Vec::new());
    whole.set("unknown-field", Level::Error).unwrap();
    settings.add_override(whole);
    let after = lint(COLUMNS.as_bytes(), &options(Some(&settings)));
    assert_eq!(unknown_fields(&after).len(), 2);
    assert!(
        after
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == rule("unknown-field").code)
            .all(|d| d.severity == pipelint_core::Severity::Error)
    );
    assert_eq!(uses(&after), [(0, 0), (2, 0)]);
}

#[test]
fn settings_apply_to_documents_that_do_not_load() {
    let broken = lint_with(b"{", Some(&off("invalid-json")));
    assert!(broken.diagnostics.is_empty(), "{:?}", broken.diagnostics);
    // A prefix leaves the not-checked findings alone.
    let broken = lint_with(b"{", Some(&off("ALL")));
    assert!(!broken.diagnostics.is_empty());
}

/// A library user's settings may name a renamed rule by its old name, as configs do.
#[test]
fn an_old_rule_name_sets_the_renamed_rule() {
    let findings = |bytes: &[u8], settings: &Settings| -> Vec<_> {
        let result = lint_with(bytes, Some(settings));
        result.diagnostics.iter().map(key).collect()
    };
    for &(old, new) in pipelint_core::renamed_rules() {
        let rule = find_rule(new).unwrap();
        let dir = common::repo_root()
            .join("fixtures/rules")
            .join(new)
            .join("invalid");
        let bytes = std::fs::read(&common::json_files(&dir)[0]).unwrap();
        let everything = lint_with(&bytes, None);
        assert!(
            everything.diagnostics.iter().any(|d| d.rule == rule),
            "{new}"
        );
        let by_old = findings(&bytes, &off(old));
        assert!(!by_old.iter().any(|k| k.0 == rule.code), "{old}");
        assert_eq!(by_old, findings(&bytes, &off(new)), "{old}");
    }
}
