//! Rule groups do not import each other: what two groups share lives in the shared modules
//! (`rules::support`, `rules::requirement`, `rules::walk`, `rules::edit`, `rules::prelude`,
//! or a module of the crate such as `literal` or `pointer`), so a group can be read, moved
//! or extended on its own and no two groups depend on each other in a circle.

use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;

/// The rule groups: the folders of `src/rules` whose `mod.rs` has a `rule_files!` list (a shared
/// module may be a folder too).
fn groups(rules: &Path) -> Vec<String> {
    let mut groups: Vec<String> = fs::read_dir(rules)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| {
            fs::read_to_string(entry.path().join("mod.rs"))
                .is_ok_and(|text| text.contains("rule_files! {"))
        })
        .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
        .collect();
    groups.sort();
    groups
}

/// The `.rs` files in `folder` and all folders below it.
fn rust_files(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(file, other group)` for each place a file of `group` names another group's module:
/// `rules::other`, also inside braces (`rules::{support, other::x}`) or renamed
/// (`rules::other as o`), and `super::super::other`.
fn imports_of_other_groups(rules: &Path, group: &str, groups: &[String]) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&rules.join(group), &mut files);
    files.sort();
    let mut found = Vec::new();
    for other in groups.iter().filter(|other| *other != group) {
        let other_name = regex::escape(other);
        let named = Regex::new(&format!(
            r"(rules|super::super)::(\{{[^}}]*)?\b{other_name}\b"
        ))
        .unwrap();
        for file in &files {
            let text = fs::read_to_string(file).unwrap();
            if named.is_match(&text) {
                found.push((file.display().to_string(), other.clone()));
            }
        }
    }
    found
}

#[test]
fn no_rule_group_imports_another() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let groups = groups(&rules);
    // The scan must see the groups, or it would pass on nothing.
    for expected in ["kafka", "kinesis", "response", "stack"] {
        assert!(groups.iter().any(|g| g == expected), "{groups:?}");
    }
    let mut found = Vec::new();
    for group in &groups {
        found.extend(imports_of_other_groups(&rules, group, &groups));
    }
    assert!(
        found.is_empty(),
        "rule groups import other groups (move the shared part to a shared module): {found:?}"
    );
}

#[test]
fn the_scan_finds_an_import_of_another_group() {
    let dir = std::env::temp_dir().join(format!("pipelint-group-scan-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for group in ["kafka", "response", "stack", "pipe"] {
        fs::create_dir_all(dir.join(group)).unwrap();
        fs::write(
            dir.join(group).join("mod.rs"),
            "super::rule_files! { one_rule }\n",
        )
        .unwrap();
    }
    let files = [
        // Each names another group in one way.
        (
            "response/a.rs",
            "use crate::rules::stack::is_doc_placeholder;\n",
        ),
        ("kafka/b.rs", "use crate::rules::{support, stack::len};\n"),
        ("pipe/c.rs", "use crate::rules::stack as s;\n"),
        (
            "pipe/deep/d.rs",
            "use crate::rules::{\n    support::x,\n    kafka,\n};\n",
        ),
        ("stack/e.rs", "use super::super::response::x;\n"),
        // None of these names another group.
        (
            "kafka/f.rs",
            "use crate::rules::kafka::len;\nuse crate::rules::{support, stacked};\n",
        ),
        ("kafka/g.rs", "use crate::rules::stack_like::x;\n"),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let groups = groups(&dir);
    let mut found: Vec<String> = groups
        .iter()
        .flat_map(|g| imports_of_other_groups(&dir, g, &groups))
        .map(|(file, other)| {
            let file = Path::new(&file)
                .strip_prefix(&dir)
                .unwrap()
                .display()
                .to_string();
            format!("{file} -> {other}")
        })
        .collect();
    let _ = fs::remove_dir_all(&dir);
    found.sort();
    assert_eq!(
        found,
        [
            "kafka/b.rs -> stack",
            "pipe/c.rs -> stack",
            "pipe/deep/d.rs -> kafka",
            "response/a.rs -> stack",
            "stack/e.rs -> response",
        ]
    );
}
