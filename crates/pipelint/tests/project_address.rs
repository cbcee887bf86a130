//! One project address everywhere: the workspace's `repository`, the rules' docs links,
//! the schemas' `$id`s and the README's links to the project.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{read, repo_root};

/// `repository` of `[workspace.package]`.
fn repository() -> String {
    let manifest: toml::Table = toml::from_str(&read("Cargo.toml")).unwrap();
    manifest
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("repository"))
        .and_then(|r| r.as_str())
        .unwrap_or_else(|| panic!("no workspace.package.repository"))
        .to_owned()
}

#[test]
fn the_repository_is_the_github_project() {
    assert_eq!(repository(), "https://github.com/pipelint/pipelint");
}

#[test]
fn rule_docs_live_in_the_repository() {
    let docs = format!("{}/blob/main/docs/rules/", repository());
    for rule in pipelint_core::rules() {
        assert_eq!(rule.url(), format!("{docs}{}.md", rule.name));
    }
}

#[test]
fn every_schema_id_is_its_file_in_the_repository() {
    let dir = repo_root().join("schemas");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !name.ends_with(".json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let schema: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            schema.get("$id").and_then(|id| id.as_str()),
            Some(format!("{}/blob/main/schemas/{name}", repository()).as_str()),
            "{name}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no schemas in {}", dir.display());
}

/// Every link to a GitHub project in the README (and its install commands), the user guide's
/// pages and the changelog is this one (the provider release tags the docs cite aside).
#[test]
fn the_readme_names_one_project() {
    let mut readme = read("README.md") + &read("CHANGELOG.md");
    for entry in std::fs::read_dir(repo_root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            readme.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let repository = repository();
    let mut found = 0;
    for (at, _) in readme.match_indices("github.com/") {
        let rest = &readme[at + "github.com/".len()..];
        // A source the docs cite, not an address of this project: the Terraform provider's
        // release tags in the bundled-releases table (docs/terraform.md).
        if rest.starts_with("ClickHouse/terraform-provider-clickhouse/releases/tag/") {
            continue;
        }
        let project: String = rest
            .split(['/', ' ', ')', '`', '"', '\n'])
            .take(2)
            .collect::<Vec<_>>()
            .join("/");
        assert_eq!(
            format!("https://github.com/{project}"),
            repository,
            "README names another project near: {}",
            &readme[at..(at + 80).min(readme.len())]
        );
        found += 1;
    }
    assert!(found > 0, "the README links to the project");
    for stale in ["example.invalid", "pipelint.dev"] {
        assert!(!readme.contains(stale), "README still names {stale}");
    }
}
