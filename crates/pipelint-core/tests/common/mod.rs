//! Shared by the integration tests of the core and (through `#[path]`) of the CLI: where the
//! fixtures are.
#![allow(dead_code)] // each test file uses a different part
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

/// The repository's root (where `fixtures/` and `docs/` live).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of the repository, by its path from the root.
pub fn read(relative: &str) -> String {
    std::fs::read_to_string(repo_root().join(relative))
        .unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The `.json` files directly in `dir`, sorted; none when `dir` does not exist.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => panic!("{}: {e}", dir.display()),
    };
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

/// The parsed schema of a kind, as the crate embeds it.
pub fn schema(kind: pipelint_core::DocumentKind) -> serde_json::Value {
    serde_json::from_str(kind.schema_text()).unwrap()
}

/// The rule a fixture folder or file name prefix names: exactly its current name. Not
/// `find_rule`, which also takes codes and old names: a fixture under an old name would
/// still run, and the old name never be noticed.
pub fn fixture_rule(name: &str) -> Result<&'static pipelint_core::Rule, String> {
    if let Some(rule) = pipelint_core::rules().iter().find(|r| r.name == name) {
        return Ok(rule);
    }
    Err(match pipelint_core::renamed_to(name) {
        Some(new) => format!("`{name}` is the old name of `{new}`: rename the fixture to `{new}`"),
        None => format!("no rule is named `{name}`"),
    })
}

/// The versions a fixture is checked against, from markers in its file name:
/// `@api-<version>` and `@stack-<version>` (`between-without-max@stack-latest.alert.json`).
/// Without a marker, the defaults (the contract's versions).
pub fn fixture_profile(path: &Path) -> pipelint_core::Profile {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let mut profile = pipelint_core::Profile::default();
    for marker in name.split('@').skip(1) {
        // A version runs to the next `.` that starts the kind suffix (`2.36` has a dot too).
        let marker = marker.strip_suffix(".json").unwrap_or(marker);
        if let Some(version) = marker.strip_prefix("api-") {
            let version = version.split('.').next().unwrap_or(version);
            profile = profile.with_api(pipelint_core::ApiVersion::parse(version).unwrap());
        } else if let Some(version) = marker.strip_prefix("stack-") {
            let end = if version.starts_with("latest") {
                "latest".len()
            } else {
                "2.36".len()
            };
            let version = version.get(..end).unwrap_or(version);
            profile = profile.with_stack(pipelint_core::StackVersion::parse(version).unwrap());
        } else {
            panic!("{name}: unknown marker `@{marker}` (`@api-<version>` or `@stack-<version>`)");
        }
    }
    profile
}

/// The command-line flags that select [`fixture_profile`]'s versions.
pub fn fixture_profile_args(path: &Path) -> Vec<String> {
    let profile = fixture_profile(path);
    let mut args = Vec::new();
    if profile.api != pipelint_core::ApiVersion::default() {
        args.extend(["--api-version".to_owned(), profile.api.as_str().to_owned()]);
    }
    if profile.stack_explicit {
        args.extend([
            "--stack-version".to_owned(),
            profile.stack.as_str().to_owned(),
        ]);
    }
    args
}
