//! The engine (`src/lint.rs` and the files of `src/lint/` but its tests) names no rule: what
//! is particular to a rule (what it supersedes, refutes, or how its findings stand beside
//! others) is declared in the rule's `declare_rule!`, so adding a rule never means editing the
//! engine. A rule's code, name or module name (`needs_newer_api`) in an engine file fails.

#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::Path;

use regex::Regex;

/// The rule names, codes and module names `text` holds, as whole words.
fn rules_named(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for rule in pipelint_core::rules() {
        let module = rule.name.replace('-', "_");
        for word in [rule.code, rule.name, module.as_str()] {
            let pattern = format!(
                r"(^|[^A-Za-z0-9_-]){}($|[^A-Za-z0-9_-])",
                regex::escape(word)
            );
            if Regex::new(&pattern).unwrap().is_match(text) {
                found.push(word.to_owned());
            }
        }
    }
    found
}

#[test]
fn no_engine_file_names_a_rule() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join("lint.rs")];
    for entry in std::fs::read_dir(src.join("lint")).unwrap() {
        let path = entry.unwrap().path();
        if path.file_stem().is_some_and(|stem| stem != "tests") {
            files.push(path);
        }
    }
    assert!(files.len() >= 3, "{files:?}");
    let mut named = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for word in rules_named(&text) {
            named.push(format!("{} names `{word}`", file.display()));
        }
    }
    assert!(
        named.is_empty(),
        "the engine names rules; declare the rule's part in its `declare_rule!` instead \
         (`supersedes`, `refutes`, `policy`):\n{}",
        named.join("\n")
    );
}

#[test]
fn the_scan_finds_a_rule_by_code_name_or_module() {
    assert_eq!(
        rules_named("if std::ptr::eq(d.rule, &rules::profile::needs_newer_api::RULE) {"),
        ["needs_newer_api"]
    );
    assert_eq!(rules_named("// the `wrong-type` finding"), ["wrong-type"]);
    assert_eq!(rules_named("\"PL010\""), ["PL010"]);
    // Part of a longer word is no name.
    assert!(rules_named("let wrong_typed = PL0100;").is_empty());
}
