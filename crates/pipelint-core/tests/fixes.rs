//! The fixes of every rule repair what they report: applied on its own to an invalid
//! fixture (of the rule, or of a kind named `<rule>--<case>.json`), each fix gives strict
//! JSON and the rule no longer reports that member. A rule that declares a fix but has no
//! fixture whose finding carries one fails here, so a new fix cannot go untested.
//! (`crates/pipelint/tests/fix.rs` runs the same fixtures through `pipelint check --fix`.)
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::path::PathBuf;

use common::{fixture_rule, json_files, repo_root};
use pipelint_core::{DocumentKind, FixAvailability, LintOptions, Rule, lint, rules};

/// Every invalid fixture that names a rule, with the kind its directory gives.
fn invalid_fixtures() -> Vec<(&'static Rule, PathBuf, Option<DocumentKind>)> {
    let root = repo_root().join("fixtures");
    let mut fixtures = Vec::new();
    for rule in rules().iter().copied() {
        let dir = root.join("rules").join(rule.name).join("invalid");
        fixtures.extend(json_files(&dir).into_iter().map(|p| (rule, p, None)));
    }
    for &kind in DocumentKind::ALL {
        for path in json_files(&root.join(kind.name()).join("invalid")) {
            let stem = path.file_stem().unwrap().to_str().unwrap();
            let name = stem.split("--").next().unwrap();
            let rule = fixture_rule(name).unwrap_or_else(|message| panic!("{stem}: {message}"));
            fixtures.push((rule, path, Some(kind)));
        }
    }
    // Terraform files, whose fixes are checked the same way (the text stays valid HCL).
    let terraform = root.join("terraform/invalid");
    let mut tf: Vec<_> = std::fs::read_dir(&terraform)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tf"))
        .collect();
    tf.sort();
    for path in tf {
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let name = stem.split("--").next().unwrap();
        let rule = fixture_rule(name).unwrap_or_else(|message| panic!("{stem}: {message}"));
        fixtures.push((rule, path, Some(DocumentKind::Terraform)));
    }
    fixtures
}

#[test]
fn every_fix_repairs_its_finding_and_every_fixable_rule_shows_one() {
    let mut repaired_by: Vec<&str> = Vec::new();
    for (rule, path, kind) in invalid_fixtures() {
        let options = LintOptions::new()
            .file_name(path.file_name().and_then(|n| n.to_str()))
            .kind(kind)
            .profile(common::fixture_profile(&path))
            // The masking hides a Terraform expression beside a secret's name too: the fix
            // is applied to the text as written.
            .show_secrets(kind == Some(DocumentKind::Terraform));
        // Spans index the text as decoded (some fixtures are UTF-16 or not UTF-8 at all).
        let result = lint(&std::fs::read(&path).unwrap(), &options);
        for diagnostic in result.diagnostics.iter().filter(|d| d.rule == rule) {
            let Some(fix) = &diagnostic.fix else {
                continue;
            };
            let mut repaired = result.text.to_string();
            repaired.replace_range(fix.span.clone(), &fix.replacement);
            let again = lint(repaired.as_bytes(), &options);
            if kind == Some(DocumentKind::Terraform) {
                assert!(
                    !again
                        .diagnostics
                        .iter()
                        .any(|d| d.name() == "terraform-syntax"),
                    "{}: `{}` leaves invalid HCL:\n{repaired}",
                    path.display(),
                    fix.title
                );
            } else {
                assert!(
                    serde_json::from_str::<serde_json::Value>(&repaired).is_ok(),
                    "{}: `{}` leaves invalid JSON:\n{repaired}",
                    path.display(),
                    fix.title
                );
            }
            assert!(
                !again
                    .diagnostics
                    .iter()
                    .any(|d| d.rule == rule && d.pointer == diagnostic.pointer),
                "{}: `{}` does not repair the finding of `{}`",
                path.display(),
                fix.title,
                rule.name
            );
            repaired_by.push(rule.name);
        }
    }
    let missing: Vec<&str> = rules()
        .iter()
        .filter(|r| r.fix != FixAvailability::None && !repaired_by.contains(&r.name))
        .map(|r| r.name)
        .collect();
    assert!(
        missing.is_empty(),
        "rules that declare a fix, but no invalid fixture of theirs has a finding with one: {missing:?}"
    );
}
