//! The lists of versions and kinds that users read outside the generated help are the core's
//! tables: `ApiVersion::ALL`, `StackVersion::ALL` and `DocumentKind`. The command line's help
//! is built from them (`crates/pipelint/src/cli.rs`); the Python docstring, the starter
//! config and the guide are prose, so this test holds each list to the table. Adding an API
//! version is then one data change in `api/profile.rs` (plus its rows and fixtures), and this
//! test names every text to update.

#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

use pipelint_core::{ApiVersion, DocumentKind, StackVersion};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The file's text with every run of white space (and `#` comment leaders, for TOML) one
/// space, so a list may wrap anywhere.
fn flat(path: &str, comment: &str) -> String {
    let text = std::fs::read_to_string(repo().join(path)).unwrap();
    text.split_whitespace()
        .filter(|word| *word != comment)
        .collect::<Vec<_>>()
        .join(" ")
}

fn api() -> Vec<&'static str> {
    ApiVersion::ALL.iter().map(|v| v.as_str()).collect()
}

fn stack() -> Vec<&'static str> {
    StackVersion::ALL.iter().map(|v| v.as_str()).collect()
}

/// `a, b, c or latest` with each version quoted as `quote` says and `default` after the first.
fn listed(versions: &[&str], quote: impl Fn(&str) -> String, default: &str) -> String {
    let mut out = format!("{}{default}", quote(versions[0]));
    for version in &versions[1..] {
        out += &format!(", {}", quote(version));
    }
    format!("{out} or {}", quote("latest"))
}

fn assert_holds(path: &str, text: &str, expected: &str) {
    assert!(
        text.contains(expected),
        "{path} does not list what the core's table holds; expected:\n{expected}"
    );
}

#[test]
fn the_python_docstring_lists_the_table_s_versions() {
    let path = "crates/pipelint-py/python/pipelint/__init__.py";
    let text = flat(path, "");
    let quote = |v: &str| format!("``\"{v}\"``");
    assert_holds(
        path,
        &text,
        &format!(
            "``api_version`` ({})",
            listed(&api(), quote, ", the default")
        ),
    );
    assert_holds(
        path,
        &text,
        &format!(
            "``stack_version`` ({})",
            listed(&stack(), quote, ", the default")
        ),
    );
}

#[test]
fn the_starter_config_lists_the_table_s_versions() {
    let path = "crates/pipelint/src/starter.toml";
    let text = flat(path, "#");
    let quote = |v: &str| format!("\"{v}\"");
    let rest = listed(&api()[1..], quote, "");
    assert_holds(path, &text, &format!("\"{}\" (the contract", api()[0]));
    assert_holds(
        path,
        &text,
        &format!("), {rest} (the newest pipelint knows)"),
    );
    assert_holds(
        path,
        &text,
        &format!("api-version = \"{}\"", ApiVersion::LATEST.as_str()),
    );
    assert_holds(path, &text, &listed(&stack(), quote, " (the default)"));
    assert_holds(
        path,
        &text,
        &format!("stack-version = \"{}\"", StackVersion::LATEST.as_str()),
    );
}

#[test]
fn the_guide_lists_the_table_s_versions() {
    let path = "docs/api-versions.md";
    let text = flat(path, "");
    let quote = |v: &str| format!("`{v}`");
    assert_holds(path, &text, &listed(&api(), quote, ""));
    assert_holds(path, &text, &listed(&stack(), quote, ""));
    let newest = ApiVersion::LATEST.as_str();
    assert_holds(
        path,
        &text,
        &format!("pipelint knows the API up to {newest}"),
    );
    assert_holds(path, &text, &format!("(`api-version = \"{newest}\"`)"));

    let path = "docs/usage.md";
    let text = flat(path, "");
    let pipes = |versions: &[&str]| {
        let mut out = format!("{} (default)", versions[0]);
        for version in &versions[1..] {
            out += &format!(" | {version}");
        }
        out + " | latest"
    };
    assert_holds(path, &text, &format!("{} ({newest})", pipes(&api())));
    assert_holds(path, &text, &pipes(&stack()));
}

#[test]
fn the_python_kinds_and_the_guide_s_kinds_table_are_the_core_s() {
    let path = "crates/pipelint-py/python/pipelint/__init__.py";
    let text = std::fs::read_to_string(repo().join(path)).unwrap();
    for kind in DocumentKind::selectable() {
        let member = kind.name().replace('-', "_").to_ascii_uppercase();
        assert_holds(
            path,
            &text,
            &format!("    {member} = \"{}\"\n", kind.name()),
        );
    }
    let path = "docs/kinds.md";
    let text = std::fs::read_to_string(repo().join(path)).unwrap();
    for &kind in DocumentKind::ALL {
        let row = text
            .lines()
            .find(|line| line.starts_with(&format!("| `{}` |", kind.name())))
            .unwrap_or_else(|| panic!("{path} has no row for `{kind}`"));
        for suffix in kind.suffixes() {
            assert!(
                row.contains(&format!("`*{suffix}`")),
                "{path}: `{kind}` lacks `*{suffix}`"
            );
        }
    }
}

/// The check sees a list that lacks a version: the Python docstring with the newest API
/// version taken out of its list no longer holds.
#[test]
fn a_version_missing_from_a_list_fails() {
    let path = "crates/pipelint-py/python/pipelint/__init__.py";
    let text = flat(path, "");
    let quote = |v: &str| format!("``\"{v}\"``");
    let expected = format!(
        "``api_version`` ({})",
        listed(&api(), quote, ", the default")
    );
    assert!(text.contains(&expected), "{path}");
    let newest = api()[api().len() - 1];
    let without = text.replacen(&format!(", {}", quote(newest)), "", 1);
    assert_ne!(without, text, "{newest} is not in {path}");
    assert!(!without.contains(&expected));
}
