//! Meta-tests that keep the rule catalog, its documentation and the schemas in step.

use std::path::{Path, PathBuf};

use pipelint_core::{DocumentKind, find_rule, rules};
use serde_json::Value;

/// The parsed schema of a kind, as shipped.
fn schema(kind: DocumentKind) -> Value {
    serde_json::from_str(kind.schema_text()).unwrap_or_else(|e| panic!("{kind}: {e}"))
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    let code = regex::Regex::new(r"^PL\d{3}$").unwrap_or_else(|e| panic!("{e}"));
    let name = regex::Regex::new(r"^[a-z0-9]+(-[a-z0-9]+)*$").unwrap_or_else(|e| panic!("{e}"));
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
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut stale = Vec::new();
    for rule in rules().iter() {
        let path = dir.join(format!("{}.md", rule.name));
        let expected = rule.page();
        if bless {
            std::fs::write(&path, &expected).unwrap_or_else(|e| panic!("{e}"));
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(expected.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    let pages: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    for page in pages {
        let name = page.trim_end_matches(".md");
        assert!(
            find_rule(name).is_some(),
            "docs/rules/{page} documents no rule"
        );
    }
    assert!(
        stale.is_empty(),
        "stale rule pages (run with PIPELINT_BLESS=1):\n{}",
        stale.join("\n")
    );
}

/// The README's rules table is generated from the catalog.
#[test]
fn readme_rules_table_matches_the_catalog() {
    let begin = "<!-- rules-table:begin -->\n";
    let end = "<!-- rules-table:end -->";
    let mut table = String::from("| Code | Name | Severity | Summary |\n|---|---|---|---|\n");
    for rule in rules().iter() {
        table.push_str(&format!(
            "| {} | [`{}`](docs/rules/{}.md) | {} | {} |\n",
            rule.code, rule.name, rule.name, rule.severity, rule.summary
        ));
    }
    let path = repo_root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let (Some(start), Some(stop)) = (readme.find(begin), readme.find(end)) else {
        panic!("README.md lacks the rules-table markers");
    };
    let current = &readme[start + begin.len()..stop];
    if current != table {
        if std::env::var_os("PIPELINT_BLESS").is_some() {
            let updated = format!(
                "{}{table}{}",
                &readme[..start + begin.len()],
                &readme[stop..]
            );
            std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{e}"));
        } else {
            panic!("README rules table is stale (run with PIPELINT_BLESS=1)");
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
