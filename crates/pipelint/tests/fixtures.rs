//! The fixture harness: every file under `fixtures/` is a test.
//!
//! - `<kind>/valid/*.json` and `rules/<rule>/valid/*.json` (or `*.tf`): realistic bodies. A kind's valid
//!   fixtures yield no diagnostic at all; a rule's valid fixtures never yield that rule.
//! - `<kind>/invalid/<rule>--<what>.json` and `rules/<rule>/invalid/*.json`: each yields the
//!   named rule, and its rendered output is snapshotted beside it (`<name>.snap`).
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use common::{fixture_rule, json_files, repo_root};

/// The fixtures directly in `dir`: JSON bodies and Terraform files, sorted.
fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = json_files(dir);
    if let Ok(entries) = std::fs::read_dir(dir) {
        files.extend(
            entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "tf")),
        );
    }
    files.sort();
    files
}
use pipelint::output::full;
use pipelint::render::Style;
use pipelint_core::{DocumentKind, KindChoice, LintOptions, LintResult, lint, rules};

fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.retain(|p| p.is_dir());
    dirs.sort();
    dirs
}

/// The path as shown in snapshots: relative to the repository, with `/` separators.
fn display(path: &Path) -> String {
    let root = repo_root().canonicalize().unwrap();
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(&root)
        .unwrap_or(&path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn lint_file(path: &Path, kind: Option<DocumentKind>) -> LintResult {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().and_then(|n| n.to_str());
    let options = LintOptions::new()
        .kind(kind)
        .file_name(name)
        .profile(common::fixture_profile(path));
    lint(&bytes, &options)
}

fn codes(result: &LintResult) -> Vec<String> {
    result
        .diagnostics
        .iter()
        .map(|d| format!("{} {} at {}: {}", d.code(), d.name(), d.pointer, d.message))
        .collect()
}

fn snapshot(path: &Path, result: &LintResult) {
    let rendered = full::render(
        &display(path),
        &result.text,
        &result.diagnostics,
        Style::PLAIN,
    );
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("fixture");
    insta::with_settings!({
        snapshot_path => dir.canonicalize().unwrap_or(dir.to_path_buf()),
        prepend_module_to_snapshot => false,
        omit_expression => true,
        input_file => path,
    }, {
        insta::assert_snapshot!(stem, rendered);
    });
}

/// The test of one fixture, and the path its failure is reported under.
type Case = (PathBuf, Box<dyn Fn()>);

/// A case that runs `check` on the fixture at `path`.
fn case(path: PathBuf, check: impl Fn(&Path) + 'static) -> Case {
    let check_path = path.clone();
    (path, Box::new(move || check(&check_path)))
}

/// The last component of a directory's path, as text.
fn dir_name(dir: &Path) -> String {
    dir.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned()
}

/// Runs every case and reports all failures together.
fn run_all(cases: Vec<Case>) {
    assert!(!cases.is_empty(), "no fixtures found");
    let mut failures = Vec::new();
    for (path, check) in &cases {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(check)) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{}: {message}", display(path)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// The rule named by an invalid fixture's file name: `<rule>--<what>.json`.
fn expected_rule(path: &Path) -> String {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    stem.split("--").next().unwrap_or_default().to_owned()
}

#[test]
fn kind_fixtures() {
    let mut cases: Vec<Case> = Vec::new();
    for dir in subdirs(&repo_root().join("fixtures")) {
        let name = dir_name(&dir);
        if name == "rules" {
            continue;
        }
        let kind = DocumentKind::from_name(&name);
        for path in fixture_files(&dir.join("valid")) {
            cases.push(case(path, move |check_path| {
                let result = lint_file(check_path, kind);
                assert!(
                    result.diagnostics.is_empty(),
                    "valid fixture has findings: {:#?}",
                    codes(&result)
                );
            }));
        }
        // `unknown-kind/` holds its invalid files directly: no kind can be given for them.
        let invalid = if kind.is_some() {
            dir.join("invalid")
        } else {
            dir.clone()
        };
        for path in fixture_files(&invalid) {
            cases.push(case(path, move |check_path| {
                let result = lint_file(check_path, kind);
                let rule = expected_rule(check_path);
                if let Err(message) = fixture_rule(&rule) {
                    panic!("the file name's prefix: {message}");
                }
                assert!(
                    result.diagnostics.iter().any(|d| d.name() == rule),
                    "expected `{rule}`, got {:#?}",
                    codes(&result)
                );
                snapshot(check_path, &result);
            }));
        }
    }
    run_all(cases);
}

#[test]
fn rule_fixtures() {
    let dir = repo_root().join("fixtures/rules");
    let mut cases: Vec<Case> = Vec::new();
    for rule_dir in subdirs(&dir) {
        let name = dir_name(&rule_dir);
        let rule = match fixture_rule(&name) {
            Ok(rule) => rule,
            Err(message) => {
                cases.push((rule_dir.clone(), Box::new(move || panic!("{message}"))));
                continue;
            }
        };
        for path in fixture_files(&rule_dir.join("valid")) {
            cases.push(case(path, move |check_path| {
                let result = lint_file(check_path, None);
                let kind = result
                    .kind
                    .unwrap_or_else(|| panic!("kind not detected: {:#?}", codes(&result)));
                // Else the fixture passes because the rule never runs on it.
                assert!(
                    rule.applies_to(kind),
                    "told as `{kind}`, a kind `{}` does not apply to",
                    rule.name
                );
                assert!(
                    !result.diagnostics.iter().any(|d| d.rule == rule),
                    "valid fixture yields `{}`: {:#?}",
                    rule.name,
                    codes(&result)
                );
            }));
        }
        for path in fixture_files(&rule_dir.join("invalid")) {
            cases.push(case(path, move |check_path| {
                let result = lint_file(check_path, None);
                assert!(
                    result.diagnostics.iter().any(|d| d.rule == rule),
                    "expected `{}`, got {:#?}",
                    rule.name,
                    codes(&result)
                );
                snapshot(check_path, &result);
            }));
        }
    }
    run_all(cases);
}

/// Findings only the command line makes (a fixture for them would be a 16 MiB file).
const CLI_ONLY: &[&str] = &["file-too-large"];

/// Every rule with a check has fixtures both ways; every built-in finding is exercised.
#[test]
fn every_rule_has_fixtures() {
    let root = repo_root().join("fixtures");
    let mut named_by_kind_fixtures = Vec::new();
    for dir in subdirs(&root) {
        for sub in [dir.join("invalid"), dir.clone()] {
            named_by_kind_fixtures.extend(fixture_files(&sub).iter().map(|p| expected_rule(p)));
        }
    }
    let mut missing = Vec::new();
    for rule in rules().iter() {
        let rule_dir = root.join("rules").join(rule.name);
        if rule.has_check() {
            for way in ["valid", "invalid"] {
                if json_files(&rule_dir.join(way)).is_empty() {
                    missing.push(format!(
                        "{} has no {way} fixture in {}",
                        rule.name,
                        display(&rule_dir)
                    ));
                }
            }
        } else if CLI_ONLY.contains(&rule.name) {
            // Produced by the command line, not by `lint`; tested in `bad_input.rs`.
        } else if !named_by_kind_fixtures.iter().any(|n| n == rule.name)
            && fixture_files(&rule_dir.join("invalid")).is_empty()
        {
            missing.push(format!("{} is produced by no invalid fixture", rule.name));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Fixtures whose kind content cannot tell (so they are only ever checked with `--kind`).
const UNDETECTABLE: &[&str] = &[
    // The patch's one member is misspelt: nothing identifies it as a scaling patch.
    "fixtures/pipe-scaling/invalid/unknown-field--replica-typo.json",
];

/// Every body in `<kind>/valid/` and `<kind>/invalid/` is told as its kind from its content
/// alone, without `--kind` or the file name: detection must not drift as kinds are added.
/// Files whose name ends with a kind's suffix (`*.alert.json`) are told by name instead.
/// The few bodies that content alone cannot tell are listed in `UNDETECTABLE`.
#[test]
fn kind_fixtures_are_detected_from_content() {
    let mut cases: Vec<Case> = Vec::new();
    for dir in subdirs(&repo_root().join("fixtures")) {
        let Some(kind) = DocumentKind::from_name(&dir_name(&dir)) else {
            continue;
        };
        for path in [dir.join("valid"), dir.join("invalid")]
            .iter()
            .flat_map(|d| json_files(d))
        {
            cases.push(case(path, move |check_path| {
                let bytes = std::fs::read(check_path).unwrap();
                let Some(document) = pipelint_core::load(&bytes).document else {
                    return;
                };
                let name = check_path.file_name().and_then(|n| n.to_str());
                if UNDETECTABLE.contains(&display(check_path).as_str()) {
                    assert_eq!(KindChoice::decide(None, name, &document.value).kind, None);
                    return;
                }
                let choice = KindChoice::decide(None, name, &document.value);
                assert_eq!(
                    choice.kind,
                    Some(kind),
                    "detected as {:?}: {}",
                    choice.kind,
                    choice.reason
                );
            }));
        }
    }
    run_all(cases);
}

/// Fixtures are named by the current rule names only: an old name would still find its rule
/// through `find_rule`, and the fixture would run under a name no one uses any more.
#[test]
fn fixture_names_must_be_current_rule_names() {
    for &(old, new) in pipelint_core::renamed_rules() {
        assert_eq!(fixture_rule(new).map(|r| r.name), Ok(new));
        let message = fixture_rule(old).map(|r| r.name).unwrap_err();
        assert!(
            message.contains(&format!("rename the fixture to `{new}`")),
            "{message}"
        );
    }
    let unknown_field = pipelint_core::find_rule("unknown-field").unwrap();
    assert!(
        fixture_rule(unknown_field.code).is_err(),
        "a code is no name"
    );
}
