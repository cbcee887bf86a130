//! The provider's official examples are the acceptance test (terraform-mapping.md T5): at its
//! own release, every example resource under `examples/` of that release gives no error but
//! what Terraform itself rejects there. The fixtures under `fixtures/terraform/examples/<tag>/`
//! are written from the facts of each example (same attributes and values); the folder names
//! the release they are checked at.
#![allow(clippy::unwrap_used)]

use pipelint_core::{LintOptions, Profile, ProviderVersion, Severity, lint};

#[path = "common/mod.rs"]
mod common;

/// Errors an official example may give, each with the reason it is right: Terraform (or the
/// provider) rejects the example as written at that release.
const ALLOWED_ERRORS: &[(&str, &str)] = &[(
    "PL020",
    "block syntax on a nested attribute: `terraform validate` stops on it \
     (\"Unsupported block type\"), T2; the resource reference examples are written that way",
)];

/// Warnings an official example may give, each with the reason it is right.
const ALLOWED_WARNINGS: &[(&str, &str)] = &[
    (
        "PL106",
        "a column without a field mapping: a warning from API 2026-04 (P11); half the \
         examples map one of two columns",
    ),
    (
        "PL800",
        "a literal secret: the resource reference examples write placeholder passwords \
         (`\"***\"`) and a base64 key inline, which a real module must not",
    ),
];

/// How many `clickhouse_clickpipe` resources the examples of each release hold (counted in
/// the release's `examples/`): every one has its fixture.
const RESOURCES: &[(&str, usize)] = &[
    // Before Pub/Sub: no `pubsub` example, no `resource_pubsub.tf`.
    ("v3.14.0", 31),
    ("v3.25.3", 34),
];

#[test]
fn official_examples_give_no_error_and_only_allowed_warnings() {
    let root = common::repo_root().join("fixtures/terraform/examples");
    let mut failures = Vec::new();
    let mut releases: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    releases.sort();
    assert_eq!(releases.len(), RESOURCES.len(), "{}", root.display());
    for dir in releases {
        let tag = dir.file_name().unwrap().to_str().unwrap().to_owned();
        let version = ProviderVersion::parse(&tag).unwrap();
        // The folder must name a bundled release exactly, not one that reads as another.
        assert_eq!(format!("v{}", version.as_str()), tag, "{}", dir.display());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tf"))
            .collect();
        files.sort();
        let mut resources = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            resources += text.matches("resource \"clickhouse_clickpipe\"").count();
            let name = path.file_name().unwrap().to_str().unwrap();
            // The profile a `.tf` file gets with no `api-version` set: the release and the API
            // snapshot it targets (as the workspace resolves it).
            let profile = Profile::default()
                .with_provider(version)
                .with_api(version.api());
            let options = LintOptions::new().file_name(name).profile(profile);
            let result = lint(text.as_bytes(), &options);
            let unexpected: Vec<String> = result
                .diagnostics
                .iter()
                .filter(|d| {
                    let allowed = match d.severity {
                        Severity::Error => ALLOWED_ERRORS,
                        Severity::Warning => ALLOWED_WARNINGS,
                        // Infos (values Terraform computes, preview sources) are facts.
                        _ => return false,
                    };
                    !allowed.iter().any(|(code, _)| *code == d.code())
                })
                .map(|d| format!("{} {} at {}: {}", d.code(), d.name(), d.pointer, d.message))
                .collect();
            // Terraform's own rejection stays an error (T5): the examples written in block
            // syntax (`*-blocks.tf`) give it, and no other does.
            let block_syntax = result
                .diagnostics
                .iter()
                .any(|d| d.code() == "PL020" && d.severity == Severity::Error);
            if block_syntax != name.ends_with("-blocks.tf") {
                failures.push(format!("{tag}/{name}: PL020 error given: {block_syntax}"));
            }
            if !unexpected.is_empty() {
                failures.push(format!("{tag}/{name}: {unexpected:#?}"));
            }
        }
        let expected = RESOURCES.iter().find(|(t, _)| *t == tag).map(|(_, n)| *n);
        assert_eq!(Some(resources), expected, "{tag}: example resources");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
