//! One slip, one finding, over every invalid fixture: each holds one intended mistake, the
//! rule it sits under (`rules/<rule>/invalid/`, or the `<rule>--` prefix of its name under a
//! kind's `invalid/`). A finding of any other rule fails, unless a `<fixture stem>.also` file
//! beside it names that rule with why the same body rightly produces it too, one
//! `rule-name: why` a line (a second, deliberate mistake; a finding every such body gets, as
//! the preview note on a Pub/Sub source). Every line must be used: an `also` that no longer
//! happens fails too, so the list cannot outlive what it excuses.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::{fixture_profile, fixture_rule, repo_root};
use pipelint_core::{DocumentKind, LintOptions, lint};

/// The fixture files (JSON bodies, Terraform files) directly in `dir`, sorted.
fn fixtures_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.retain(|p| p.extension().is_some_and(|e| e == "json" || e == "tf"));
    files.sort();
    files
}

fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn name_of(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
}

/// Every invalid fixture: (path, the kind it is checked as, its intended rule).
fn invalid_fixtures() -> Vec<(PathBuf, Option<DocumentKind>, String)> {
    let root = repo_root().join("fixtures");
    let mut found = Vec::new();
    for dir in subdirs(&root) {
        let name = name_of(&dir).to_owned();
        if name == "rules" {
            for rule_dir in subdirs(&dir) {
                let rule = name_of(&rule_dir).to_owned();
                for path in fixtures_in(&rule_dir.join("invalid")) {
                    found.push((path, None, rule.clone()));
                }
            }
            continue;
        }
        let kind = DocumentKind::from_name(&name);
        let invalid = if kind.is_some() {
            dir.join("invalid")
        } else {
            dir.clone()
        };
        for path in fixtures_in(&invalid) {
            let rule = name_of(&path)
                .split("--")
                .next()
                .unwrap_or_default()
                .to_owned();
            found.push((path, kind, rule));
        }
    }
    found
}

/// The `rule: why` lines of a fixture's `.also` file (none when there is no such file).
fn also_of(path: &Path) -> Result<Vec<(String, String)>, String> {
    let Ok(text) = std::fs::read_to_string(path.with_extension("also")) else {
        return Ok(Vec::new());
    };
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| match line.split_once(':') {
            Some((rule, why)) if !why.trim().is_empty() => {
                fixture_rule(rule.trim()).map_err(|e| format!("`.also`: {e}"))?;
                Ok((rule.trim().to_owned(), why.trim().to_owned()))
            }
            _ => Err(format!("`.also` line `{line}` is not `rule-name: why`")),
        })
        .collect()
}

#[test]
fn every_invalid_fixture_gets_only_what_its_mistake_explains() {
    let fixtures = invalid_fixtures();
    assert!(
        fixtures.len() > 400,
        "only {} fixtures found",
        fixtures.len()
    );
    let mut failures = Vec::new();
    for (path, kind, intended) in &fixtures {
        let shown = path
            .strip_prefix(repo_root())
            .unwrap_or(path)
            .display()
            .to_string();
        let also = match also_of(path) {
            Ok(also) => also,
            Err(message) => {
                failures.push(format!("{shown}: {message}"));
                continue;
            }
        };
        let bytes = std::fs::read(path).unwrap();
        let options = LintOptions::new()
            .kind(*kind)
            .file_name(name_of(path))
            .profile(fixture_profile(path));
        let result = lint(&bytes, &options);
        let produced: BTreeSet<&str> = result.diagnostics.iter().map(|d| d.name()).collect();
        if !produced.contains(intended.as_str()) {
            failures.push(format!("{shown}: does not produce `{intended}`"));
        }
        for d in &result.diagnostics {
            if d.name() != intended && !also.iter().any(|(rule, _)| rule == d.name()) {
                failures.push(format!(
                    "{shown}: `{}` at {}: {} (not `{intended}`, and no `.also` line names it)",
                    d.name(),
                    d.pointer,
                    d.message
                ));
            }
        }
        for (rule, _) in &also {
            if rule == intended || !produced.contains(rule.as_str()) {
                failures.push(format!(
                    "{shown}: `.also` names `{rule}`, which the fixture does not produce besides its own rule"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every `.also` file lies beside a fixture of the same stem.
#[test]
fn every_also_file_belongs_to_a_fixture() {
    let fixtures: BTreeSet<PathBuf> = invalid_fixtures()
        .into_iter()
        .map(|(path, _, _)| path.with_extension("also"))
        .collect();
    let mut stray = Vec::new();
    let mut stack = vec![repo_root().join("fixtures")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "also") && !fixtures.contains(&path) {
                stray.push(path.display().to_string());
            }
        }
    }
    assert!(
        stray.is_empty(),
        "`.also` files without a fixture: {stray:?}"
    );
}
