//! Rule groups do not import each other: what two groups share lives in the shared modules
//! (`rules::support`, `rules::requirement`, `rules::walk`, `rules::edit`, `rules::prelude`,
//! the facts of `api`, or a module of the crate such as `literal` or `pointer`), so a group
//! can be read, moved or extended on its own and no two groups depend on each other in a
//! circle. Within a group, a rule file does not import another rule file: what two rules
//! share lives in the group's `facts.rs`, so each rule file holds one rule and only its own.

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

/// The rule files of a group: the names in its `rule_files!` list.
fn rule_files(rules: &Path, group: &str) -> Vec<String> {
    let text = fs::read_to_string(rules.join(group).join("mod.rs")).unwrap_or_default();
    let list = Regex::new(r"rule_files!\s*\{([^}]*)\}").unwrap();
    list.captures(&text)
        .map(|caps| {
            caps[1]
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// `(file, sibling)` for each place a rule file of `group` names another rule file of the
/// group: `super::sibling` (from its tests `super::super::sibling`), also inside braces
/// (`super::{facts, sibling::x}`), or `rules::group::sibling`.
fn imports_of_sibling_rules(rules: &Path, group: &str) -> Vec<(String, String)> {
    let names = rule_files(rules, group);
    let group_name = regex::escape(group);
    let mut found = Vec::new();
    for file in &names {
        let mut files = Vec::new();
        let path = rules.join(group).join(format!("{file}.rs"));
        if path.is_file() {
            files.push(path);
        }
        // A rule file may be a folder.
        rust_files(&rules.join(group).join(file), &mut files);
        files.sort();
        for sibling in names.iter().filter(|name| *name != file) {
            let sibling_name = regex::escape(sibling);
            let named = Regex::new(&format!(
                r"(\bsuper::(super::)?|\brules::{group_name}::)(\{{[^}}]*)?\b{sibling_name}\b"
            ))
            .unwrap();
            for path in &files {
                let text = fs::read_to_string(path).unwrap();
                if named.is_match(&text) {
                    let shown = path.strip_prefix(rules).unwrap_or(path);
                    found.push((shown.display().to_string(), sibling.clone()));
                }
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
fn no_rule_file_imports_a_sibling_rule_file() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let groups = groups(&rules);
    // The scan must see the rule files, or it would pass on nothing.
    assert!(rule_files(&rules, "kafka").contains(&"brokers_empty".to_owned()));
    let mut found = Vec::new();
    for group in &groups {
        found.extend(
            imports_of_sibling_rules(&rules, group)
                .into_iter()
                .map(|(file, sibling)| format!("{file} imports {sibling}")),
        );
    }
    assert!(
        found.is_empty(),
        "rule files import other rule files of their group (move what they share to the \
         group's facts.rs, or to `api` for a fact of the API): {found:#?}"
    );
}

#[test]
fn the_scan_finds_an_import_of_a_sibling_rule_file() {
    let dir = std::env::temp_dir().join(format!("pipelint-sibling-scan-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("kafka/folder_rule")).unwrap();
    fs::write(
        dir.join("kafka/mod.rs"),
        "super::rule_files! {\n    a,\n    b,\n    c,\n    d,\n    e,\n    f,\n    folder_rule,\n}\n\npub(crate) mod facts;\n",
    )
    .unwrap();
    let files = [
        // Each names a sibling rule file in one way.
        ("kafka/a.rs", "use super::b::problems;\n"),
        ("kafka/b.rs", "use super::{facts::x, c};\n"),
        (
            "kafka/c.rs",
            "mod tests {\n    fn t() { super::super::d::RULE; }\n}\n",
        ),
        ("kafka/d.rs", "use crate::rules::kafka::e::RULE;\n"),
        ("kafka/folder_rule/inner.rs", "use super::super::a::x;\n"),
        // None of these names a sibling rule file.
        (
            "kafka/e.rs",
            "use super::facts::{a_list, b};\nuse super::KAFKA;\nuse super::super::e::x;\n",
        ),
        (
            "kafka/f.rs",
            "use super::ab::x;\nuse crate::rules::other::a;\n",
        ),
        ("kafka/facts.rs", "use super::a::RULE;\n"),
    ];
    for (path, text) in files {
        fs::write(dir.join(path), text).unwrap();
    }
    let mut found: Vec<String> = imports_of_sibling_rules(&dir, "kafka")
        .into_iter()
        .map(|(file, sibling)| format!("{file} -> {sibling}"))
        .collect();
    let _ = fs::remove_dir_all(&dir);
    found.sort();
    assert_eq!(
        found,
        [
            "kafka/a.rs -> b",
            "kafka/b.rs -> c",
            "kafka/c.rs -> d",
            "kafka/d.rs -> e",
            "kafka/folder_rule/inner.rs -> a",
        ]
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
