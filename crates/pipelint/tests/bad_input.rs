//! The bad-input table of the README, for what only the command line sees: paths that are
//! not regular files, size limits, unreadable files, link loops. Every case keeps the other
//! files checked and never writes anything.

use std::path::{Path, PathBuf};

use common::Run;

mod common;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bad-input")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn good_body() -> Vec<u8> {
    std::fs::read(root().join("fixtures/create-pipe/valid/kafka-msk-iam-role.json"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn bad_body() -> Vec<u8> {
    std::fs::read(root().join("fixtures/create-pipe/invalid/out-of-range--replicas-11.json"))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `pipelint check --isolated --output-format concise` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["check", "--isolated", "--output-format", "concise"];
    all.extend_from_slice(args);
    common::run_in(dir, &all, None)
}

#[test]
fn missing_path_is_trouble_and_the_rest_is_checked() {
    let dir = scratch("missing");
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["nope.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("nope.pipe.json"), "{}", run.stderr);
    assert!(
        run.stdout.contains("bad.pipe.json:102:17: PL012"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_file_over_the_size_limit_is_reported_not_read() {
    let dir = scratch("large");
    std::fs::write(dir.join("big.pipe.json"), good_body()).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["--max-file-size", "100", "big.pipe.json"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("big.pipe.json:1:1: PL009 error"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("over the limit of 100 bytes"),
        "{}",
        run.stdout
    );
    let default = run_in(&dir, &["big.pipe.json", "bad.pipe.json"]);
    assert!(!default.stdout.contains("PL009"), "{}", default.stdout);
    assert!(
        default.stdout.contains("bad.pipe.json:102:17: PL012"),
        "{}",
        default.stdout
    );
}

#[test]
fn a_directory_named_like_a_file_is_walked() {
    let dir = scratch("dir-named-like-file");
    let fake = dir.join("orders.pipe.json");
    std::fs::create_dir_all(&fake).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(fake.join("inner.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["orders.pipe.json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains("inner.pipe.json:102:17: PL012"),
        "{}",
        run.stdout
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_not_read_and_the_rest_is_checked() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.pipe.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    // Named explicitly, and found by a walk: neither may block.
    let named = run_in(&dir, &["pipe.pipe.json", "bad.pipe.json"]);
    assert_eq!(named.code, 2, "{}", named.stderr);
    assert!(
        named.stderr.contains("not a regular file"),
        "{}",
        named.stderr
    );
    assert!(
        named.stdout.contains("bad.pipe.json:102:17: PL012"),
        "{}",
        named.stdout
    );
    let walked = run_in(&dir, &["."]);
    assert!(
        walked.stdout.contains("bad.pipe.json:102:17: PL012"),
        "{}",
        walked.stdout
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_a_walked_directory_ends() {
    let dir = scratch("symlink-loop");
    let nested = dir.join("a");
    std::fs::create_dir_all(&nested).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&dir, nested.join("loop")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(nested.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["."]);
    assert_eq!(
        run.stdout.matches("bad.pipe.json:102:17: PL012").count(),
        1,
        "{}",
        run.stdout
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_trouble_and_the_rest_is_checked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unreadable");
    let locked = dir.join("locked.pipe.json");
    std::fs::write(&locked, good_body()).unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000))
        .unwrap_or_else(|e| panic!("{e}"));
    if std::fs::read(&locked).is_ok() {
        eprintln!("SKIPPED: running with privileges that read a mode-000 file (root)");
        return;
    }
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["locked.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("locked.pipe.json") && run.stderr.contains("ermission"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("bad.pipe.json:102:17: PL012"),
        "{}",
        run.stdout
    );
}

#[test]
fn output_file_never_overwrites_an_input() {
    let dir = scratch("output-over-input");
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap_or_else(|e| panic!("{e}"));
    let run = run_in(&dir, &["--output-file", "bad.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("refusing to overwrite"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read(dir.join("bad.pipe.json")).unwrap_or_default(),
        bad_body()
    );
}
