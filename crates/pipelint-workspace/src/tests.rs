//! What a workspace decides for a file, from the files around it and the flags.

use std::path::Path;

use pipelint_core::{ApiVersion, Applicability, DocumentKind};

use super::*;

const KINESIS_PIPE: &str =
    include_str!("../../../fixtures/create-pipe/valid/kinesis-iam-role.json");

/// `replicas` does not apply to a Kinesis pipe (PL500 `scaling-for-source` when paired).
const REPLICAS: &str = "{\"replicas\": 2}\n";

fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (name, text) in files {
        let path = dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    dir
}

fn with_flags(dir: &Path, flags: Flags) -> Workspace {
    Workspace::new(Resolver::discover(dir), flags)
}

fn ready(preparation: Preparation) -> Box<Prepared> {
    match preparation {
        Preparation::Ready(prepared) => prepared,
        other => panic!("not ready: {other:?}"),
    }
}

fn names(workspace: &Workspace, path: &Path, text: &str) -> Vec<&'static str> {
    let result = ready(workspace.prepare(path)).lint(text.as_bytes());
    result.diagnostics.iter().map(|d| d.name()).collect()
}

#[test]
fn a_scaling_patch_is_checked_against_the_pipe_beside_it() {
    let dir = tree(&[
        ("orders.pipe.json", KINESIS_PIPE),
        ("orders.scaling.json", REPLICAS),
    ]);
    let patch = dir.path().join("orders.scaling.json");
    let paired = names(&Workspace::discover(dir.path()), &patch, REPLICAS);
    assert!(paired.contains(&"scaling-for-source"), "{paired:?}");
    // Another name has no pipe beside it; `--no-pair` turns pairing off.
    let other = dir.path().join("other.scaling.json");
    let unpaired = names(&Workspace::discover(dir.path()), &other, REPLICAS);
    assert!(!unpaired.contains(&"scaling-for-source"), "{unpaired:?}");
    let no_pair = Flags {
        pair: false,
        ..Flags::default()
    };
    let off = names(&with_flags(dir.path(), no_pair), &patch, REPLICAS);
    assert!(!off.contains(&"scaling-for-source"), "{off:?}");
}

#[test]
fn a_text_over_the_size_limit_is_neither_linted_nor_fixed() {
    let dir = tree(&[]);
    let flags = Flags {
        max_file_size: 8,
        ..Flags::default()
    };
    let workspace = with_flags(dir.path(), flags);
    let prepared = ready(workspace.prepare(&dir.path().join("a.pipe.json")));
    // An enum case slip with a safe fix, over the limit.
    let text = br#"{"source": {"kafka": {"authentication": "scram-sha-512"}}}"#;
    let result = prepared.lint(text);
    let found: Vec<_> = result.diagnostics.iter().map(|d| d.name()).collect();
    assert_eq!(found, ["file-too-large"]);
    let fixed = prepared.fix(text, Applicability::Unsafe);
    assert_eq!(fixed.text, text);
    assert_eq!(fixed.applied, 0);
    assert_eq!(fixed.result.diagnostics.len(), 1);
    // Within the limit, it is linted.
    assert_ne!(
        prepared.lint(b"{}").diagnostics.first().map(|d| d.name()),
        Some("file-too-large")
    );
}

#[test]
fn the_flags_beat_the_config() {
    let text = include_str!("../../../fixtures/rules/needs-newer-api/invalid/api-kafka-gcmk.json");
    let dir = tree(&[("pipelint.toml", "api-version = \"latest\"\n")]);
    let file = dir.path().join("orders.pipe.json");
    let by_config = names(&Workspace::discover(dir.path()), &file, text);
    assert!(!by_config.contains(&"needs-newer-api"), "{by_config:?}");
    let older = Flags {
        versions: VersionChoice {
            api: Some(ApiVersion::default()),
            ..VersionChoice::default()
        },
        ..Flags::default()
    };
    let by_flag = names(&with_flags(dir.path(), older), &file, text);
    assert!(by_flag.contains(&"needs-newer-api"), "{by_flag:?}");
}

#[test]
fn only_a_config_file_excludes_a_document() {
    let dir = tree(&[("notes/a.json", "{}")]);
    let workspace = Workspace::discover(dir.path());
    // No config file: a file the default globs do not include is still linted.
    assert!(matches!(
        workspace.prepare(&dir.path().join("notes/a.json")),
        Preparation::Ready(_)
    ));
    std::fs::write(
        dir.path().join("pipelint.toml"),
        "exclude = [\"generated/\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let workspace = Workspace::discover(dir.path());
    assert!(matches!(
        workspace.prepare(&dir.path().join("generated/a.pipe.json")),
        Preparation::Excluded
    ));
    assert!(matches!(
        workspace.prepare(&dir.path().join("pipes/a.pipe.json")),
        Preparation::Ready(_)
    ));
}

#[test]
fn a_config_error_carries_the_byte_offset_of_its_text() {
    let config = "# é\nexclude = [\"[bad\"]\n";
    let dir = tree(&[("pipelint.toml", config)]);
    let workspace = Workspace::discover(dir.path());
    let Preparation::ConfigProblem(error) = workspace.prepare(&dir.path().join("a.pipe.json"))
    else {
        panic!("the glob is broken");
    };
    let offset = error.offset.unwrap_or_else(|| panic!("{error}"));
    assert_eq!(&config[offset..offset + 6], "\"[bad\"");
    assert_eq!(error.position, Some((2, 12)));
}

#[test]
fn a_kinds_glob_gives_the_kind_and_says_so() {
    let dir = tree(&[(
        "pipelint.toml",
        "[kinds]\ncreate-pipe = [\"bodies/*.json\"]\n",
    )]);
    let file = dir.path().join("bodies/orders.json");
    let text = b"{\"name\": \"x\"}";
    let prepared = ready(Workspace::discover(dir.path()).prepare(&file));
    let result = prepared.lint(text);
    assert_eq!(result.kind, Some(DocumentKind::CreatePipe));
    let reason = prepared.kind_reason(&result).unwrap_or_default();
    assert!(reason.contains("[kinds]"), "{reason}");
    // `--kind` beats the globs, and the core gives the reason.
    let flags = Flags {
        kind: Some(DocumentKind::PipeScaling),
        ..Flags::default()
    };
    let prepared = ready(with_flags(dir.path(), flags).prepare(&file));
    let result = prepared.lint(text);
    assert_eq!(result.kind, Some(DocumentKind::PipeScaling));
    assert_eq!(prepared.kind_reason(&result), result.kind_reason);
}

#[test]
fn a_file_two_kinds_globs_claim_is_not_linted_but_reported_on_its_config() {
    let dir = tree(&[(
        "pipelint.toml",
        "[kinds]\ncreate-pipe = [\"bodies/*.json\"]\npipe-scaling = [\"bodies/o*.json\"]\n",
    )]);
    let workspace = Workspace::discover(dir.path());
    let Preparation::ConfigProblem(error) =
        workspace.prepare(&dir.path().join("bodies/orders.json"))
    else {
        panic!("both globs claim the file");
    };
    assert!(error.path.ends_with("pipelint.toml"), "{error}");
    assert!(
        error.message.contains("`create-pipe` and `pipe-scaling`"),
        "{error}"
    );
    // A file one glob claims is ready.
    let other = workspace.prepare(&dir.path().join("bodies/items.json"));
    assert!(matches!(other, Preparation::Ready(_)));
}

/// A module's `versions.tf` pinning the ClickHouse provider with `constraint`.
fn versions_tf(constraint: &str) -> String {
    format!(
        "terraform {{\n  required_providers {{\n    clickhouse = {{\n      source  = \
         \"ClickHouse/clickhouse\"\n      version = \"{constraint}\"\n    }}\n  }}\n}}\n"
    )
}

fn provider_of(workspace: &Workspace, path: &Path) -> (ProviderVersion, ApiVersion) {
    let prepared = ready(workspace.prepare(path));
    (prepared.profile().provider, prepared.profile().api)
}

#[test]
fn the_modules_pin_selects_the_provider_and_its_api_snapshot() {
    use ProviderVersion as P;
    let cases = [
        ("~> 3.25", P::V3_25_3, false),
        (">= 3.20, < 4.0", P::V3_25_3, false),
        ("= 3.25.3", P::V3_25_3, false),
        ("3.17.2", P::V3_17_2, false),
        ("~> 3.17.0", P::V3_17_2, false),
        ("~> 3.16.0", P::V3_16_0, false),
        (">= 3.26", P::V3_25_3, true),
        ("~> 3.12.0", P::V3_14_0, true),
        ("not a constraint", P::V3_25_3, true),
    ];
    for (constraint, expected, warns) in cases {
        let dir = tree(&[
            ("mod/versions.tf", &versions_tf(constraint)),
            ("mod/main.tf", ""),
        ]);
        let workspace = Workspace::discover(dir.path());
        let main = dir.path().join("mod/main.tf");
        assert_eq!(
            provider_of(&workspace, &main),
            (expected, expected.api()),
            "{constraint}"
        );
        let warnings = workspace.pin_warnings(|p| p.display().to_string());
        assert_eq!(
            warnings.len(),
            usize::from(warns),
            "{constraint}: {warnings:?}"
        );
        if warns {
            assert!(warnings[0].contains("versions.tf:5:"), "{warnings:?}");
        }
    }
}

#[test]
fn a_module_without_a_pin_gets_the_newest_and_json_files_are_not_terraform() {
    let dir = tree(&[("a/main.tf", ""), ("a/orders.pipe.json", "{}")]);
    let workspace = Workspace::discover(dir.path());
    let main = dir.path().join("a/main.tf");
    assert_eq!(
        provider_of(&workspace, &main),
        (ProviderVersion::LATEST, ProviderVersion::LATEST.api())
    );
    let prepared = ready(workspace.prepare(&main));
    assert_eq!(
        prepared.provider_from(),
        Some(&provider::ProviderOrigin::Newest)
    );
    // A JSON body keeps the contract's snapshot and has no provider.
    let pipe = ready(workspace.prepare(&dir.path().join("a/orders.pipe.json")));
    assert_eq!(pipe.provider_from(), None);
    assert_eq!(pipe.profile().api, ApiVersion::default());
}

#[test]
fn a_setting_beats_the_pin_and_an_api_version_beats_the_providers_snapshot() {
    let config = "provider-version = \"3.18.0\"\n\
        [[overrides]]\nfiles = [\"old/*.tf\"]\nprovider-version = \"3.14.0\"\n\
        [[overrides]]\nfiles = [\"api/*.tf\"]\napi-version = \"2025-11\"\n";
    let dir = tree(&[
        ("pipelint.toml", config),
        ("new/versions.tf", &versions_tf("~> 3.25")),
        ("new/main.tf", ""),
        ("old/main.tf", ""),
        ("api/main.tf", ""),
    ]);
    let workspace = Workspace::discover(dir.path());
    let at = |file: &str| provider_of(&workspace, &dir.path().join(file));
    use ProviderVersion as P;
    assert_eq!(at("new/main.tf"), (P::V3_18_0, P::V3_18_0.api()));
    assert_eq!(at("old/main.tf"), (P::V3_14_0, P::V3_14_0.api()));
    assert_eq!(at("api/main.tf"), (P::V3_18_0, ApiVersion::V2025_11));
    // The flag beats them all.
    let flags = Flags {
        versions: VersionChoice {
            provider: Some(P::V3_16_0),
            ..VersionChoice::default()
        },
        ..Flags::default()
    };
    let flagged = with_flags(dir.path(), flags);
    assert_eq!(
        provider_of(&flagged, &dir.path().join("old/main.tf")),
        (P::V3_16_0, P::V3_16_0.api())
    );
}

#[cfg(unix)]
#[test]
fn a_pin_behind_a_link_is_not_read() {
    let outside = tree(&[("versions.tf", &versions_tf("~> 3.16.0"))]);
    let dir = tree(&[("mod/main.tf", "")]);
    std::os::unix::fs::symlink(
        outside.path().join("versions.tf"),
        dir.path().join("mod/versions.tf"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let workspace = Workspace::discover(dir.path());
    assert_eq!(
        provider_of(&workspace, &dir.path().join("mod/main.tf")).0,
        ProviderVersion::LATEST
    );
}
