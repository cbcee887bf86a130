//! Meta-tests that keep the rule catalog, its documentation and the schemas in step.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::path::Path;

use common::{repo_root, schema};
use pipelint_core::{DocumentKind, rules};
use serde_json::Value;

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    let code = regex::Regex::new(r"^PL\d{3}$").unwrap();
    let name = regex::Regex::new(r"^[a-z0-9]+(-[a-z0-9]+)*$").unwrap();
    let mut codes = std::collections::HashSet::new();
    let mut names = std::collections::HashSet::new();
    for rule in rules().iter() {
        assert!(code.is_match(rule.code), "bad code {}", rule.code);
        assert!(name.is_match(rule.name), "bad name {}", rule.name);
        assert!(codes.insert(rule.code), "duplicate code {}", rule.code);
        assert!(names.insert(rule.name), "duplicate name {}", rule.name);
        assert!(
            !rule.summary.ends_with('.'),
            "{}: summary ends with a period",
            rule.name
        );
    }
}

#[test]
fn the_catalog_is_sorted_by_code() {
    let codes: Vec<&str> = rules().iter().map(|rule| rule.code).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    assert_eq!(codes, sorted);
}

#[test]
fn every_rule_is_documented() {
    for rule in rules().iter() {
        for heading in [
            "## What it checks",
            "## Why it matters",
            "## Example",
            "## Fix",
        ] {
            assert!(
                rule.docs.contains(heading),
                "{} lacks `{heading}` in its doc comment",
                rule.name
            );
        }
    }
}

/// `docs/rules/<name>.md` is generated from the doc comments. Regenerate with
/// `PIPELINT_BLESS=1 cargo test -p pipelint-core --test catalog`.
#[test]
fn rule_pages_match_the_doc_comments() {
    let dir = repo_root().join("docs/rules");
    let bless = std::env::var_os("PIPELINT_BLESS").is_some();
    if bless {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut stale = Vec::new();
    for rule in rules().iter() {
        let path = dir.join(format!("{}.md", rule.name));
        let expected = rule.page();
        if bless {
            std::fs::write(&path, &expected).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(expected.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    // Old outputs link to the pages of renamed rules: each old page says where the rule went.
    for &(old, new) in pipelint_core::renamed_rules() {
        let path = dir.join(format!("{old}.md"));
        let expected = renamed_page(old, new);
        if bless {
            std::fs::write(&path, &expected).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(expected.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let page = entry.unwrap().file_name().into_string().unwrap();
        let name = page.trim_end_matches(".md");
        let current = rules().iter().any(|r| r.name == name);
        let old = pipelint_core::renamed_rules()
            .iter()
            .any(|&(old, _)| old == name);
        assert!(current || old, "docs/rules/{page} documents no rule");
    }
    assert!(
        stale.is_empty(),
        "stale rule pages (run with PIPELINT_BLESS=1):\n{}",
        stale.join("\n")
    );
}

/// The page left at a renamed rule's old address.
fn renamed_page(old: &str, new: &str) -> String {
    format!(
        "# `{old}` was renamed\n\nThis rule is now [`{new}`]({new}.md); the old name still works in configs and on the command line.\n"
    )
}

/// The user guide's rules table (`docs/rules.md`) is generated from the catalog.
#[test]
fn guide_rules_table_matches_the_catalog() {
    let mut table =
        String::from("| Code | Name | Severity | Syntaxes | Summary |\n|---|---|---|---|---|\n");
    for rule in rules().iter() {
        let syntaxes: Vec<String> = rule.syntaxes().iter().map(ToString::to_string).collect();
        table.push_str(&format!(
            "| {} | [`{}`](rules/{}.md) | {} | {} | {} |\n",
            rule.code,
            rule.name,
            rule.name,
            rule.severity,
            syntaxes.join(", "),
            rule.summary
        ));
    }
    regenerate("docs/rules.md", "rules-table", &table);
}

/// The guide's table of contents (`docs/SUMMARY.md`) lists every rule page, the pages left at
/// renamed rules' old names too, so that mdBook renders each of them.
#[test]
fn guide_summary_lists_every_rule_page() {
    let mut list = String::new();
    for rule in rules().iter() {
        list.push_str(&format!(
            "  - [{} {}](rules/{}.md)\n",
            rule.code, rule.name, rule.name
        ));
    }
    for &(old, new) in pipelint_core::renamed_rules() {
        list.push_str(&format!("  - [{old} (now {new})](rules/{old}.md)\n"));
    }
    regenerate("docs/SUMMARY.md", "rules-summary", &list);
}

/// Checks (or, with `PIPELINT_BLESS`, rewrites) the generated part of `file` between the
/// markers `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
fn regenerate(file: &str, name: &str, expected: &str) {
    let begin = format!("<!-- {name}:begin -->\n");
    let end = format!("<!-- {name}:end -->");
    let path = repo_root().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(stop)) = (text.find(&begin), text.find(&end)) else {
        panic!("{file} lacks the {name} markers");
    };
    let current = &text[start + begin.len()..stop];
    if current != expected {
        if std::env::var_os("PIPELINT_BLESS").is_some() {
            let updated = format!(
                "{}{expected}{}",
                &text[..start + begin.len()],
                &text[stop..]
            );
            std::fs::write(&path, updated).unwrap();
        } else {
            panic!("the {name} part of {file} is stale (run with PIPELINT_BLESS=1)");
        }
    }
}

fn walk_schema(node: &Value, at: &str, problems: &mut Vec<String>) {
    let Some(object) = node.as_object() else {
        return;
    };
    if let Some(properties) = object.get("properties").and_then(Value::as_object) {
        if object.get("additionalProperties") != Some(&Value::Bool(false)) {
            problems.push(format!("{at}: object without additionalProperties: false"));
        }
        for (name, property) in properties {
            if property
                .get("description")
                .and_then(Value::as_str)
                .is_none_or(str::is_empty)
            {
                problems.push(format!("{at}/properties/{name}: no description"));
            }
        }
    }
    for (key, child) in object {
        // A condition (`if`/`then`/`else`) narrows members declared beside it; it declares
        // none, so it is neither closed nor described on its own.
        if matches!(key.as_str(), "if" | "then" | "else") {
            continue;
        }
        match child {
            Value::Object(_) => walk_schema(child, &format!("{at}/{key}"), problems),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk_schema(item, &format!("{at}/{key}/{i}"), problems);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn schemas_are_valid_closed_and_described() {
    for &kind in DocumentKind::ALL {
        let schema = &schema(kind);
        assert!(
            jsonschema::meta::is_valid(schema),
            "{kind}: fails its meta-schema"
        );
        assert_eq!(
            schema.get("$schema").and_then(Value::as_str),
            Some("https://json-schema.org/draft/2020-12/schema"),
            "{kind}: not a 2020-12 schema"
        );
        let mut problems = Vec::new();
        walk_schema(schema, "#", &mut problems);
        assert!(problems.is_empty(), "{kind}:\n{}", problems.join("\n"));
    }
}

/// A rule declared in `src/rules/<group>/<file>.rs` (or an entry in `src/entries/`): what its
/// `declare_rule!` (`declare_entry!`) says.
struct Declared {
    file: String,
    group: String,
    code: String,
    name: String,
}

/// The value of `key: "…"` on a line of its own in a rule file.
fn declared_field(text: &str, key: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find_map(|line| {
            line.strip_prefix(key)?
                .strip_prefix(": \"")?
                .strip_suffix("\",")
        })
        .map(str::to_owned)
}

/// The source files of each group directory, read as text; asserts that each group is a
/// module of `rules/mod.rs`, each rule file listed in its group's `rule_files!` and each other
/// file a module of the group (a file that is not would not be compiled at all). The same for
/// the catalog's entries without a check: `entries/<folder>/`, `entry_files!`, `declare_entry!`.
fn rule_files() -> Vec<Declared> {
    let mut declared = Vec::new();
    for (root, module, list, declare) in [
        ("rules", "pub mod", "rule_files!", "declare_rule! {"),
        (
            "entries",
            "pub(crate) mod",
            "entry_files!",
            "declare_entry! {",
        ),
    ] {
        declared_in(root, module, list, declare, &mut declared);
    }
    declared
}

fn declared_in(root: &str, module: &str, list: &str, declare: &str, declared: &mut Vec<Declared>) {
    let rules_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(root);
    let catalog = std::fs::read_to_string(rules_dir.join("mod.rs")).unwrap();
    for entry in std::fs::read_dir(&rules_dir).unwrap() {
        let group_dir = entry.unwrap().path();
        if !group_dir.is_dir() {
            continue;
        }
        let group = group_dir.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(
            catalog.contains(&format!("\n{module} {group};\n")),
            "{root}/mod.rs lacks `{module} {group};`"
        );
        let group_mod = std::fs::read_to_string(group_dir.join("mod.rs")).unwrap();
        let registered = registered_rule_files(&group_mod, list);
        for file in std::fs::read_dir(&group_dir).unwrap() {
            let path = file.unwrap().path();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
            if stem == "mod" || path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains(declare) {
                // A helper of the group.
                let listed = group_mod.lines().any(|line| {
                    line.trim()
                        .strip_suffix(&format!("mod {stem};"))
                        .is_some_and(|vis| vis.is_empty() || vis.ends_with(' '))
                });
                assert!(listed, "{root}/{group}/mod.rs lacks `mod {stem};`");
                continue;
            }
            assert!(
                registered.contains(&stem.as_str()),
                "{root}/{group}/{stem}.rs is a rule file missing from the `{list}` list of {root}/{group}/mod.rs"
            );
            let field = |key| {
                declared_field(&text, key)
                    .unwrap_or_else(|| panic!("{root}/{group}/{stem}.rs: no `{key}: \"…\",` line"))
            };
            declared.push(Declared {
                file: format!("{root}/{group}/{stem}.rs"),
                group: group.clone(),
                code: field("code"),
                name: field("name"),
            });
        }
    }
}

/// The names in a group's `rule_files! { … }` (or `entry_files! { … }`) list.
fn registered_rule_files<'t>(group_mod: &'t str, list: &str) -> Vec<&'t str> {
    let Some((_, list)) = group_mod.split_once(&format!("{list} {{")) else {
        return Vec::new();
    };
    let list = list.split_once('}').map_or(list, |(list, _)| list);
    list.split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect()
}

/// A new rule needs its file and its line in the group's `rule_files!` list: a file left out
/// fails here, and so does a rule of the catalog without a file.
#[test]
fn every_rule_file_is_registered_and_every_rule_has_a_file() {
    let declared = rule_files();
    for rule in &declared {
        let found = rules().iter().find(|r| r.code == rule.code);
        assert!(
            found.is_some_and(|r| r.name == rule.name),
            "{} declares {} `{}`, which is not in the catalog: add it to the group's `rule_files!` list",
            rule.file,
            rule.code,
            rule.name
        );
    }
    for rule in rules().iter() {
        assert!(
            declared.iter().any(|d| d.code == rule.code),
            "{} `{}` is declared by no file in src/rules/<group>/ or src/entries/<folder>/",
            rule.code,
            rule.name
        );
    }
    assert_eq!(declared.len(), rules().len());
}

/// The groups of one source kind, and the prefix their rules' names carry.
const SOURCE_GROUPS: &[(&str, &str)] = &[
    ("bigquery", "bigquery-"),
    ("kafka", "kafka-"),
    ("kinesis", "kinesis-"),
    ("mongodb", "mongodb-"),
    ("mysql", "mysql-"),
    ("object_storage", "object-storage-"),
    ("postgres", "postgres-"),
    ("pubsub", "pubsub-"),
];

/// Rule names: a rule in a source's group is named `<source>-<what>`; the rules of the
/// other groups (a rule for several sources among them) carry no source prefix.
#[test]
fn rule_names_carry_their_source_group_as_prefix_and_only_then() {
    for rule in rule_files() {
        match SOURCE_GROUPS.iter().find(|(group, _)| *group == rule.group) {
            Some((_, prefix)) => assert!(
                rule.name.starts_with(prefix),
                "{}: `{}` must start with `{prefix}`",
                rule.file,
                rule.name
            ),
            None => {
                for (_, prefix) in SOURCE_GROUPS {
                    assert!(
                        !rule.name.starts_with(prefix),
                        "{}: `{}` is not in the `{prefix}` group; drop the prefix or move the rule",
                        rule.file,
                        rule.name
                    );
                }
            }
        }
    }
}

/// The bundled Terraform provider releases in `docs/terraform.md` are generated from the one
/// table the selection reads (`PROVIDER_RELEASES`).
#[test]
fn the_provider_versions_table_matches_the_bundled_releases() {
    let begin = "<!-- provider-versions:start (generated from the table in crates/pipelint-core/src/api/provider.rs) -->\n";
    let end = "<!-- provider-versions:end -->";
    let mut table = String::from(
        "| Version | Released | API snapshot | Commit | What changed for `clickhouse_clickpipe` |\n\
         |---|---|---|---|---|\n",
    );
    for row in pipelint_core::PROVIDER_RELEASES {
        let changes: String = row.changes.split_whitespace().collect::<Vec<_>>().join(" ");
        table.push_str(&format!(
            "| `{}` | {} | `{}` | [`{}`](https://github.com/ClickHouse/terraform-provider-clickhouse/releases/tag/{}) | {} |\n",
            row.version, row.date, row.version.api().as_str(), row.commit, row.tag, changes
        ));
    }
    let path = repo_root().join("docs/terraform.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(stop)) = (page.find(begin), page.find(end)) else {
        panic!("docs/terraform.md lacks the provider-versions markers");
    };
    let current = &page[start + begin.len()..stop];
    if current != table {
        if std::env::var_os("PIPELINT_BLESS").is_some() {
            let updated = format!("{}{table}{}", &page[..start + begin.len()], &page[stop..]);
            std::fs::write(&path, updated).unwrap();
        } else {
            panic!("docs/terraform.md provider table is stale (run with PIPELINT_BLESS=1)");
        }
    }
}
