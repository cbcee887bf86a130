//! What users read (rule pages, `pipelint rule`, summaries, messages and help) states facts and
//! never cites the project's internal notes, which users cannot see.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::path::{Path, PathBuf};

use common::repo_root;
use pipelint_core::rules;

/// References to the internal notes and tracker: "spec 2.7", "section 8", "real-API notes",
/// "decision 9", "row 24", "issue 13", the notes' file names.
fn internal_reference() -> regex::Regex {
    regex::Regex::new(
        r"(?ix) \bspec\ \d | § | \bsections?\ \d | real-API | \bdecisions?\ \d | api-profiles
            | interface\.md | real-api-notes | \brows?\ \d+ | \bissues?\ \#?\d+",
    )
    .unwrap()
}

/// Each line of `text` that cites the notes, as `place:line: text`.
fn citations(place: &str, text: &str) -> Vec<String> {
    let pattern = internal_reference();
    text.lines()
        .enumerate()
        .filter(|(_, line)| pattern.is_match(line))
        .map(|(n, line)| format!("{place}:{}: {line}", n + 1))
        .collect()
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line without its comment: comments are for contributors and may cite the
/// notes; doc comments of rules reach users through `Rule::page`, checked separately.
fn code_of(line: &str) -> &str {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return "";
    }
    line.find(" // ").map_or(line, |at| &line[..at])
}

#[test]
fn rule_pages_and_summaries_cite_no_internal_notes() {
    let mut found = Vec::new();
    for rule in rules().iter() {
        found.extend(citations(&format!("{} page", rule.name), &rule.page()));
        found.extend(citations(&format!("{} summary", rule.name), rule.summary));
    }
    let dir = repo_root().join("docs/rules");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        found.extend(citations(&path.display().to_string(), &text));
    }
    assert!(
        found.is_empty(),
        "user-facing rule text cites internal notes; state the fact instead:\n{}",
        found.join("\n")
    );
}

/// Messages, help texts and kind explanations are string literals in the code.
#[test]
fn messages_and_help_cite_no_internal_notes() {
    let mut files = Vec::new();
    rust_files(&repo_root().join("crates/pipelint-core/src"), &mut files);
    rust_files(&repo_root().join("crates/pipelint/src"), &mut files);
    files.sort();
    let root = repo_root().canonicalize().unwrap();
    let pattern = internal_reference();
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = code_of(line);
            if pattern.is_match(code) {
                let place = path.canonicalize().unwrap();
                let place = place.strip_prefix(&root).unwrap_or(&place);
                found.push(format!("{}:{}: {}", place.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "messages or help cite internal notes; state the fact instead:\n{}",
        found.join("\n")
    );
}

/// README, the user guide's pages (`docs/*.md`; the rule pages are checked above) and the
/// changelog.
#[test]
fn readme_and_guide_cite_no_internal_notes() {
    let root = repo_root();
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    assert!(files.len() > 10, "the guide has no pages: {files:?}");
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let place = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        found.extend(citations(&place, &text));
    }
    assert!(
        found.is_empty(),
        "README or the guide cites internal notes:\n{}",
        found.join("\n")
    );
}

/// Schema descriptions are what editors show on hover.
#[test]
fn schema_descriptions_cite_no_internal_notes() {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(repo_root().join("schemas")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            found.extend(citations(&format!("schemas/{name}"), &text));
        }
    }
    assert!(
        found.is_empty(),
        "schema descriptions cite internal notes:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_pattern_catches_each_form_of_citation() {
    for cited in [
        "in seconds (spec 2.7).",
        "(real-API notes, decision 9)",
        "decisions 10 and 11",
        "api-profiles.md row 34",
        "rows 37 and 38",
        "interface.md says",
        "(section 8 for scaling)",
        "severity principle of issue 13",
        "§2.7",
    ] {
        assert!(internal_reference().is_match(cited), "{cited}");
    }
    for plain in [
        "a row of the grid",
        "the specification of RFC 3339",
        "24 columns",
    ] {
        assert!(!internal_reference().is_match(plain), "{plain}");
    }
}
