//! The provider's official examples are the acceptance test (terraform-mapping.md T5): at its
//! own release, every example resource under `examples/` of that release gives no error but
//! what Terraform itself rejects there. Every bundled release is checked. The fixtures under
//! `fixtures/terraform/examples/<tag>/` are written from the facts of each example (same
//! attributes and values); a folder holds the examples as the release it names first has them,
//! and [`FOLDERS`] says which folders make up each release's set.
//!
//! When a release is bundled: `git diff <previous bundled tag> <new tag> -- examples/` in the
//! provider's repository; write the `clickhouse_clickpipe` examples it adds or changes into a
//! folder named for the new tag (a changed one under the name of the fixture it replaces), add
//! the release's row to [`FOLDERS`] with what the diff showed, and its count to [`RESOURCES`].
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

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

/// How many `clickhouse_clickpipe` resources the examples of each bundled release hold, counted
/// at the release's tag: those of the `.tf` files under `examples/` (`git grep -c 'resource
/// "clickhouse_clickpipe"' <tag> -- 'examples/*.tf'`), and from 3.16.0 the two whole resources
/// that `clickpipe/reverse_private_endpoint_cloud_sql_psc/README.md` shows (the `cdc_mysql` and
/// `cdc_postgres` READMEs show parts of their `main.tf` resource, `# ... remaining
/// configuration`, not resources of their own). Every one has its fixture.
const RESOURCES: &[(&str, usize)] = &[
    // Before Pub/Sub: no `pubsub` example, no `resource_pubsub.tf`, no Cloud SQL README.
    ("v3.14.0", 31),
    // 34 in `.tf` files, 2 in the README.
    ("v3.16.0", 36),
    ("v3.17.1", 36),
    ("v3.17.2", 36),
    ("v3.18.0", 36),
    ("v3.22.1", 36),
    ("v3.23.1", 36),
    ("v3.25.3", 36),
];

/// The fixture folders that make up each bundled release's examples, oldest first. A folder
/// holds only what its release changed in the examples' `clickhouse_clickpipe` resources: a
/// release's set is the `.tf` files of its folders, a later folder's file replacing the one of
/// the same name. Each comment is what `git diff <previous tag> <tag> -- examples/` of
/// `ClickHouse/terraform-provider-clickhouse` shows for those resources (every release also
/// moves the `version` pin of each example's `provider.tf`, which is not part of a resource).
const FOLDERS: &[(&str, &[&str])] = &[
    ("v3.14.0", &["v3.14.0"]),
    // v3.14.0..v3.16.0: the Pub/Sub examples are new (`clickpipe/pubsub`,
    // `resources/clickhouse_clickpipe/resource_pubsub.tf`), and so is
    // `clickpipe/reverse_private_endpoint_cloud_sql_psc` with its README's two pipes; the other
    // resources changed only in whitespace and comments.
    ("v3.16.0", &["v3.14.0", "v3.16.0"]),
    // v3.16.0..v3.17.1: unchanged.
    ("v3.17.1", &["v3.14.0", "v3.16.0"]),
    // v3.17.1..v3.17.2: unchanged.
    ("v3.17.2", &["v3.14.0", "v3.16.0"]),
    // v3.17.2..v3.18.0: unchanged (one comment of `cdc_mysql` on `FILE_POS`).
    ("v3.18.0", &["v3.14.0", "v3.16.0"]),
    // v3.18.0..v3.22.1: unchanged.
    ("v3.22.1", &["v3.14.0", "v3.16.0"]),
    // v3.22.1..v3.23.1: unchanged.
    ("v3.23.1", &["v3.14.0", "v3.16.0"]),
    // v3.23.1..v3.25.3: `resources/clickhouse_clickpipe/resource.tf` gains
    // `settings = { kafka_read_committed = true }`.
    ("v3.25.3", &["v3.14.0", "v3.16.0", "v3.25.3"]),
];

/// The examples folder.
fn root() -> PathBuf {
    common::repo_root().join("fixtures/terraform/examples")
}

/// The `.tf` files of a folder of [`root`], by name.
fn tf_files(folder: &str) -> BTreeMap<String, PathBuf> {
    std::fs::read_dir(root().join(folder))
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tf"))
        .map(|p| (p.file_name().unwrap().to_str().unwrap().to_owned(), p))
        .collect()
}

/// A release's set: the files of its folders in order, a later one replacing an earlier one of
/// the same name.
fn release_set(folders: &[&str]) -> BTreeMap<String, PathBuf> {
    let mut set = BTreeMap::new();
    for folder in folders {
        set.extend(tf_files(folder));
    }
    set
}

/// The tag of a bundled release (`v3.25.3`).
fn tag(version: ProviderVersion) -> String {
    format!("v{}", version.as_str())
}

#[test]
fn every_bundled_release_has_its_examples_and_count() {
    let tags: Vec<String> = ProviderVersion::ALL.iter().map(|v| tag(*v)).collect();
    let rows: Vec<&str> = FOLDERS.iter().map(|(t, _)| *t).collect();
    assert_eq!(
        rows, tags,
        "FOLDERS: one row per bundled release, oldest first"
    );
    let counted: Vec<&str> = RESOURCES.iter().map(|(t, _)| *t).collect();
    assert_eq!(
        counted, tags,
        "RESOURCES: one row per bundled release, oldest first"
    );

    let mut on_disk: Vec<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    let mut used: Vec<&str> = FOLDERS
        .iter()
        .flat_map(|(_, f)| f.iter().copied())
        .collect();
    used.sort();
    used.dedup();
    assert_eq!(
        on_disk, used,
        "every fixture folder is in FOLDERS, and no other"
    );

    for (release, folders) in FOLDERS {
        let release = ProviderVersion::parse(release).unwrap();
        for folder in *folders {
            // A folder names a bundled release exactly, one not newer than the release whose
            // set it is part of.
            let named = ProviderVersion::parse(folder).unwrap();
            assert_eq!(&tag(named), folder, "{folder}: not a bundled release's tag");
            assert!(named <= release, "{folder} is newer than {release}");
        }
        // A file that replaces another says something else: a copy would be a duplicate.
        let mut seen: BTreeMap<String, (String, String)> = BTreeMap::new();
        for folder in *folders {
            for (name, path) in tf_files(folder) {
                let text = std::fs::read_to_string(&path).unwrap();
                if let Some((earlier, old)) = seen.get(&name) {
                    assert_ne!(old, &text, "{folder}/{name} repeats {earlier}/{name}");
                }
                seen.insert(name, ((*folder).to_owned(), text));
            }
        }
    }
}

#[test]
fn official_examples_give_no_error_and_only_allowed_warnings() {
    let mut failures = Vec::new();
    for (release, folders) in FOLDERS {
        let version = ProviderVersion::parse(release).unwrap();
        // The profile a `.tf` file gets with no `api-version` set: the release and the API
        // snapshot it targets (as the workspace resolves it).
        let profile = Profile::default()
            .with_provider(version)
            .with_api(version.api());
        let mut resources = 0;
        for (name, path) in release_set(folders) {
            let text = std::fs::read_to_string(&path).unwrap();
            resources += text.matches("resource \"clickhouse_clickpipe\"").count();
            let options = LintOptions::new().file_name(name.as_str()).profile(profile);
            let result = lint(text.as_bytes(), &options);
            let folder = path
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_str()
                .unwrap();
            let at = format!("{release}: {folder}/{name}");
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
                failures.push(format!("{at}: PL020 error given: {block_syntax}"));
            }
            if !unexpected.is_empty() {
                failures.push(format!("{at}: {unexpected:#?}"));
            }
        }
        let expected = RESOURCES
            .iter()
            .find(|(t, _)| t == release)
            .map(|(_, n)| *n);
        if Some(resources) != expected {
            failures.push(format!(
                "{release}: {resources} example resources, RESOURCES says {expected:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// README's Terraform section names the bundled releases (its sentence is written by hand, the
/// table in `docs/terraform.md` is generated): it must name every one, and no other.
#[test]
fn readme_names_every_bundled_release() {
    let readme = common::read("README.md");
    let text = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let lead = "The provider releases bundled are ";
    let start = text
        .find(lead)
        .expect("README: the bundled releases sentence")
        + lead.len();
    let sentence = &text[start..start + text[start..].find(':').unwrap()];
    let named: Vec<&str> = sentence.split('`').skip(1).step_by(2).collect();
    let bundled: Vec<&str> = ProviderVersion::ALL.iter().map(|v| v.as_str()).collect();
    assert_eq!(named, bundled, "README: {sentence}");
}
