//! `pipelint check --explain-kind`: which kind each document is checked as, and why.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

use assert_cmd::Command;

mod common;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `pipelint check` and returns the exit code and stderr (where explanations go)
/// followed by stdout (the findings).
fn check(args: &[&str]) -> (i32, String) {
    let output = Command::cargo_bin("pipelint")
        .unwrap()
        .current_dir(root())
        .env("NO_COLOR", "1")
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout)
        ),
    )
}

#[test]
fn explains_the_kind_told_from_content() {
    let (code, out) = check(&[
        "--explain-kind",
        "fixtures/pipe-response/valid/create-kafka-pipe.json",
        "fixtures/stack-alert/valid/tile-alert-webhook.json",
        "fixtures/create-pipe/valid/kafka-scram-sha-512.json",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("create-kafka-pipe.json: checked as `pipe-response`: `result` is an object"),
        "{out}"
    );
    assert!(
        out.contains("tile-alert-webhook.json: checked as `stack-alert`: it has `threshold`"),
        "{out}"
    );
    assert!(
        out.contains("kafka-scram-sha-512.json: checked as `create-pipe`"),
        "{out}"
    );
}

#[test]
fn explains_the_kind_told_from_the_name_or_given() {
    let (_, named) = check(&[
        "--explain-kind",
        "fixtures/managed-stack-alert/valid/tile-webhook.managed-alert.json",
    ]);
    assert!(
        named.contains(
            "checked as `managed-stack-alert`: the file name ends with `.managed-alert.json`"
        ),
        "{named}"
    );
    let (_, given) = check(&[
        "--explain-kind",
        "--kind",
        "managed-stack-alert",
        "fixtures/stack-alert/valid/tile-alert-webhook.json",
    ]);
    assert!(
        given.contains("checked as `managed-stack-alert`: given with `--kind managed-stack-alert`"),
        "{given}"
    );
}

#[test]
fn ambiguous_content_names_the_candidates() {
    let (code, out) = check(&[
        "--explain-kind",
        "fixtures/unknown-kind/unknown-kind--pipe-or-service-record.json",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("kind unknown: it has `id`"), "{out}");
    assert!(out.contains("(`pipe` or `service`)"), "{out}");
    assert!(out.contains("`*.pipe-record.json`"), "{out}");
}

/// A kind from the config's `[kinds]` globs is explained as such, with the config file,
/// not as given with `--kind`.
#[test]
fn a_kind_from_the_config_globs_names_the_config() {
    let tree = common::Tree::new();
    tree.write(
        "pipelint.toml",
        "[kinds]\nmanaged-stack-alert = [\"alerts/*.json\"]\n",
    )
    .write(
        "alerts/a.json",
        &std::fs::read_to_string(root().join("fixtures/stack-alert/valid/tile-alert-webhook.json"))
            .unwrap(),
    );
    let run = tree.run(&["check", "--explain-kind", "alerts/a.json"]);
    assert!(
        run.stderr.contains(
            "alerts/a.json: checked as `managed-stack-alert`: the file matches the `[kinds]` globs of `managed-stack-alert` in "
        ),
        "{run:#?}"
    );
    assert!(run.stderr.contains("pipelint.toml"), "{run:#?}");
    assert!(!run.stderr.contains("--kind"), "{run:#?}");
    // `--kind` still beats the globs and says so.
    let given = tree.run(&[
        "check",
        "--explain-kind",
        "--kind",
        "stack-alert",
        "alerts/a.json",
    ]);
    assert!(
        given
            .stderr
            .contains("checked as `stack-alert`: given with `--kind stack-alert`"),
        "{given:#?}"
    );
}
