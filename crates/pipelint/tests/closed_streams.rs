//! Writing to a closed or full stdout or stderr (`pipelint rules | head -1`, `> /dev/full`,
//! `2> /dev/full`): every command exits 2 with no panic, as `check` does when it cannot
//! write its findings, and says so on stderr when stderr still works.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic
#![cfg(unix)]

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// What a stream of the child is.
#[derive(Clone, Copy, Debug)]
enum Stream {
    /// Kept in a file, read after the run.
    Captured,
    /// A pipe whose reading end is closed before the child starts: every write fails.
    Closed,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
}

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn open(stream: Stream, capture: &Path) -> Stdio {
    match stream {
        Stream::Captured => Stdio::from(File::create(capture).unwrap()),
        Stream::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            Stdio::from(writer)
        }
        Stream::Full => Stdio::from(
            File::options()
                .write(true)
                .open("/dev/full")
                .unwrap_or_else(|e| panic!("/dev/full: {e}")),
        ),
    }
}

/// Runs the built binary in `dir`; a minute at most.
fn run(dir: &Path, args: &[&str], stdout: Stream, stderr: Stream) -> Outcome {
    let out_file = dir.join("captured-stdout");
    let err_file = dir.join("captured-stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pipelint"))
        .args(args)
        .current_dir(dir)
        .env_remove("PIPELINT_OUTPUT_FORMAT")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(open(stdout, &out_file))
        .stderr(open(stderr, &err_file))
        .spawn()
        .unwrap_or_else(|e| panic!("running pipelint: {e}"));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    Outcome {
        code: status.code(),
        stdout: read(&out_file),
        stderr: read(&err_file),
    }
}

fn have_dev_full() -> bool {
    let there = Path::new("/dev/full").exists();
    if !there {
        eprintln!("SKIPPED: no /dev/full");
    }
    there
}

fn project() -> common::Tree {
    let tree = common::Tree::new();
    tree.write("bad.pipe.json", common::BAD_PIPE);
    tree
}

/// Every command that writes to stdout.
const PRINTING: [&[&str]; 8] = [
    &["rules"],
    &["rules", "--format", "json"],
    &["schema", "create-pipe"],
    &["rule", "PL011"],
    &["--help"],
    &["--version"],
    &["check", "--isolated", "bad.pipe.json"],
    &[
        "check",
        "--isolated",
        "--output-format",
        "json",
        "bad.pipe.json",
    ],
];

#[test]
fn a_closed_or_full_stdout_exits_2_without_a_panic() {
    let tree = project();
    let mut streams = vec![Stream::Closed];
    if have_dev_full() {
        streams.push(Stream::Full);
    }
    for stream in streams {
        for args in PRINTING {
            let outcome = run(tree.path(), args, stream, Stream::Captured);
            assert_eq!(
                outcome.code,
                Some(2),
                "{args:?} {stream:?}: {}",
                outcome.stderr
            );
            assert!(
                !outcome.stderr.contains("panicked"),
                "{args:?} {stream:?}: {}",
                outcome.stderr
            );
            assert!(
                outcome.stderr.starts_with("pipelint: cannot write"),
                "{args:?} {stream:?}: {}",
                outcome.stderr
            );
        }
    }
}

#[test]
fn a_full_stderr_exits_2_without_a_panic() {
    if !have_dev_full() {
        return;
    }
    let tree = project();
    // Messages, usage errors and summaries: all on stderr.
    let cases: [&[&str]; 6] = [
        &["rule", "no-such-rule"],
        &["schema", "no-such-kind"],
        &["check", "--no-such-flag"],
        &["check", "--isolated", "missing.pipe.json"],
        &["check", "--isolated", "bad.pipe.json"],
        &["init", "fresh"],
    ];
    std::fs::create_dir_all(tree.join("fresh")).unwrap();
    for args in cases {
        let outcome = run(tree.path(), args, Stream::Captured, Stream::Full);
        assert_eq!(outcome.code, Some(2), "{args:?}: {}", outcome.stdout);
    }
    // `init` still wrote its file; only the message was lost.
    assert!(tree.join("fresh/pipelint.toml").is_file());
    // A command with nothing to say on stderr is not troubled by it.
    let quiet = run(tree.path(), &["rules"], Stream::Captured, Stream::Full);
    assert_eq!(quiet.code, Some(0));
    // Both streams gone at once.
    let outcome = run(tree.path(), &["rules"], Stream::Closed, Stream::Full);
    assert_eq!(outcome.code, Some(2));
}

#[test]
fn a_working_stdout_still_exits_0() {
    let tree = project();
    let outcome = run(tree.path(), &["rules"], Stream::Captured, Stream::Captured);
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr);
    assert!(outcome.stdout.starts_with("PL001"), "{}", outcome.stdout);
    assert_eq!(outcome.stderr, "");
}
