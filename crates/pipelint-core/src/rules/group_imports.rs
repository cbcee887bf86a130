//! Rule groups do not import each other: what two groups share lives in the shared modules
//! (`rules::support`, `rules::requirement`, `rules::walk`, `rules::edit`, `rules::prelude`,
//! or a module of the crate such as `literal` or `pointer`), so a group can be read, moved
//! or extended on its own and no two groups depend on each other in a circle.

use std::fs;
use std::path::Path;

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

/// `(file, other group)` for each place a file of `group` names another group's module.
fn imports_of_other_groups(rules: &Path, group: &str, groups: &[String]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let files = fs::read_dir(rules.join(group))
        .into_iter()
        .flatten()
        .flatten();
    for file in files {
        let text = fs::read_to_string(file.path()).unwrap();
        for other in groups.iter().filter(|other| *other != group) {
            let named = [
                format!("rules::{other}::"),
                format!("rules::{other};"),
                format!("rules::{{{other}"),
                format!("super::super::{other}"),
            ];
            if named.iter().any(|n| text.contains(n.as_str())) {
                found.push((file.path().display().to_string(), other.clone()));
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
    for group in ["response", "stack"] {
        fs::create_dir_all(dir.join(group)).unwrap();
        fs::write(
            dir.join(group).join("mod.rs"),
            "super::rule_files! { one_rule }\n",
        )
        .unwrap();
    }
    fs::write(
        dir.join("response/a.rs"),
        "use crate::rules::stack::is_doc_placeholder;\n",
    )
    .unwrap();
    fs::write(dir.join("stack/b.rs"), "use crate::rules::stack::len;\n").unwrap();
    let groups = groups(&dir);
    let found: Vec<String> = groups
        .iter()
        .flat_map(|g| imports_of_other_groups(&dir, g, &groups))
        .map(|(_, other)| other)
        .collect();
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(found, ["stack"]);
}
