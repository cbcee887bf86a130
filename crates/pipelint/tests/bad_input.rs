//! The bad-input table of the user guide (`docs/bad-input.md`), for what only the command line sees: paths that are
//! not regular files, size limits, unreadable files, link loops. Every case keeps the other
//! files checked and never writes anything.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

use common::{Run, repo_root};

mod common;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bad-input")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn good_body() -> Vec<u8> {
    std::fs::read(repo_root().join("fixtures/create-pipe/valid/kafka-msk-iam-role.json")).unwrap()
}

fn bad_body() -> Vec<u8> {
    std::fs::read(repo_root().join("fixtures/create-pipe/invalid/out-of-range--replicas-41.json"))
        .unwrap()
}

/// Runs `pipelint check --isolated --output-format concise` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["check", "--isolated", "--output-format", "concise"];
    all.extend_from_slice(args);
    common::run_in(dir, &all, None)
}

/// Asserts that a run's output holds `text`, showing the output when not.
fn assert_contains(output: &str, text: &str) {
    assert!(output.contains(text), "`{text}` is not in:\n{output}");
}

#[test]
fn missing_path_is_trouble_and_the_rest_is_checked() {
    let dir = scratch("missing");
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap();
    let run = run_in(&dir, &["nope.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert_contains(&run.stderr, "nope.pipe.json");
    assert_contains(&run.stdout, "bad.pipe.json:102:17: PL012");
}

#[test]
fn a_file_over_the_size_limit_is_reported_not_read() {
    let dir = scratch("large");
    std::fs::write(dir.join("big.pipe.json"), good_body()).unwrap();
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap();
    let run = run_in(&dir, &["--max-file-size", "100", "big.pipe.json"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_contains(&run.stdout, "big.pipe.json:1:1: PL009 error");
    assert_contains(&run.stdout, "over the limit of 100 bytes");
    let default = run_in(&dir, &["big.pipe.json", "bad.pipe.json"]);
    assert!(!default.stdout.contains("PL009"), "{}", default.stdout);
    assert_contains(&default.stdout, "bad.pipe.json:102:17: PL012");
}

#[test]
fn a_directory_named_like_a_file_is_walked() {
    let dir = scratch("dir-named-like-file");
    let fake = dir.join("orders.pipe.json");
    std::fs::create_dir_all(&fake).unwrap();
    std::fs::write(fake.join("inner.pipe.json"), bad_body()).unwrap();
    let run = run_in(&dir, &["orders.pipe.json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_contains(&run.stdout, "inner.pipe.json:102:17: PL012");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_not_read_and_the_rest_is_checked() {
    let dir = scratch("fifo");
    if !mkfifo(&dir.join("pipe.pipe.json")) {
        return;
    }
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap();
    // Named explicitly, and found by a walk: neither may block.
    let named = run_in(&dir, &["pipe.pipe.json", "bad.pipe.json"]);
    assert_eq!(named.code, 2, "{}", named.stderr);
    assert_contains(&named.stderr, "not a regular file");
    assert_contains(&named.stdout, "bad.pipe.json:102:17: PL012");
    let walked = run_in(&dir, &["."]);
    assert_contains(&walked.stdout, "bad.pipe.json:102:17: PL012");
    // `--show-files` gives the same answer as `check`: trouble, and the rest listed.
    let shown = run_in(&dir, &["--show-files", "pipe.pipe.json", "bad.pipe.json"]);
    assert_eq!(shown.code, 2, "{}", shown.stderr);
    assert_contains(&shown.stderr, "pipe.pipe.json: not a regular file");
    assert_contains(&shown.stdout, "bad.pipe.json: create-pipe");
    assert!(
        !shown.stdout.contains("pipe.pipe.json: create-pipe"),
        "{}",
        shown.stdout
    );
}

/// `--fix` replaces a file by renaming a new one onto it; run as root (containers, CI,
/// `sudo`) the new file would be root's. It keeps the owner, group and mode of the file it
/// replaces. Only root can give a file away: the project's machines run as root.
#[cfg(unix)]
#[test]
fn a_file_fixed_as_root_keeps_its_owner_group_and_mode() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("owner");
    let body = String::from_utf8(good_body()).unwrap();
    assert!(body.contains(r#""authentication": "IAM_ROLE""#));
    let path = dir.join("p.pipe.json");
    write(
        &path,
        body.replace(
            r#""authentication": "IAM_ROLE""#,
            r#""authentication": "iam_role""#,
        )
        .as_bytes(),
    );
    assert_eq!(
        std::fs::metadata(&path).unwrap().uid(),
        0,
        "this test must run as root"
    );
    std::os::unix::fs::chown(&path, Some(4242), Some(4343)).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let run = run_in(&dir, &["--fix", "p.pipe.json"]);
    assert_contains(&run.stderr, "Applied 1 fix");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), body);
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_a_walked_directory_ends() {
    let dir = scratch("symlink-loop");
    let nested = dir.join("a");
    std::fs::create_dir_all(&nested).unwrap();
    std::os::unix::fs::symlink(&dir, nested.join("loop")).unwrap();
    std::fs::write(nested.join("bad.pipe.json"), bad_body()).unwrap();
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
    std::fs::write(&locked, good_body()).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&locked).is_ok() {
        eprintln!("SKIPPED: running with privileges that read a mode-000 file (root)");
        return;
    }
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap();
    let run = run_in(&dir, &["locked.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("locked.pipe.json") && run.stderr.contains("ermission"),
        "{}",
        run.stderr
    );
    assert_contains(&run.stdout, "bad.pipe.json:102:17: PL012");
}

#[test]
fn output_file_never_overwrites_an_input() {
    let dir = scratch("output-over-input");
    std::fs::write(dir.join("bad.pipe.json"), bad_body()).unwrap();
    let run = run_in(&dir, &["--output-file", "bad.pipe.json", "bad.pipe.json"]);
    assert_eq!(run.code, 2);
    assert_contains(&run.stderr, "refusing to overwrite");
    assert_eq!(
        std::fs::read(dir.join("bad.pipe.json")).unwrap(),
        bad_body()
    );
}

/// The output file is found by the walk only after more than one batch (512 files) of
/// fixable specs: the run is refused before any of them is fixed, not when the walk reaches it.
#[test]
fn output_file_found_late_in_a_walk_is_refused_before_anything_is_fixed() {
    let dir = scratch("output-found-late");
    let fixable = std::fs::read(
        repo_root()
            .join("fixtures/create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json"),
    )
    .unwrap();
    for index in 0..600 {
        write(&dir.join(format!("specs/{index:03}.pipe.json")), &fixable);
    }
    // Sorted after `specs/`, and named as the default `include` selects.
    write(&dir.join("z/report.pipe.json"), b"{}");
    let run = run_in(&dir, &["--fix", "--output-file", "z/report.pipe.json", "."]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_contains(&run.stderr, "refusing to overwrite");
    for index in 0..600 {
        let path = dir.join(format!("specs/{index:03}.pipe.json"));
        assert_eq!(
            std::fs::read(&path).unwrap(),
            fixable,
            "{} was changed",
            path.display()
        );
    }
    assert_eq!(
        std::fs::read(dir.join("z/report.pipe.json")).unwrap(),
        b"{}"
    );
}

/// The output named through a link to the walked directory is still an input the walk
/// meets: refused, and the file keeps its content.
#[cfg(unix)]
#[test]
fn output_file_named_through_a_link_to_a_walked_directory_is_refused() {
    let dir = scratch("output-through-link");
    write(&dir.join("pipes/a.pipe.json"), &good_body());
    write(&dir.join("pipes/out.pipe.json"), &bad_body());
    symlink(&dir.join("pipes"), &dir.join("linkdir"));
    let args = ["--output-file", "linkdir/out.pipe.json", "pipes"];
    let run = run_in(&dir, &args);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_contains(&run.stderr, "refusing to overwrite");
    assert_eq!(
        std::fs::read(dir.join("pipes/out.pipe.json")).unwrap(),
        bad_body()
    );
}

/// An output file the walk leaves out (git-ignored) is no input: the run writes it.
#[test]
fn output_file_that_the_walk_ignores_is_written() {
    let dir = scratch("output-ignored");
    write(&dir.join("specs/a.pipe.json"), &bad_body());
    write(&dir.join("z/report.pipe.json"), b"{}");
    write(&dir.join(".gitignore"), b"z/\n");
    let run = run_in(&dir, &["--output-file", "z/report.pipe.json", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let report = std::fs::read_to_string(dir.join("z/report.pipe.json")).unwrap();
    assert!(report.contains("specs/a.pipe.json:"), "{report}");
}

/// Makes a FIFO, or says why the test is skipped.
#[cfg(unix)]
fn mkfifo(path: &Path) -> bool {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    let ok = made.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("SKIPPED: mkfifo is not available");
    }
    ok
}

fn write(path: &Path, bytes: &[u8]) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Text outside the walked tree that must never be printed by a walk of it.
const OUTSIDE: &str = "outside-the-tree-7731";

#[cfg(unix)]
#[test]
fn a_walk_does_not_follow_links_out_of_the_tree() {
    let dir = scratch("links-out");
    let outside = dir.join("home/.netrc");
    write(&outside, format!("{{\"note\": \"{OUTSIDE}\"\n").as_bytes());
    let tree = dir.join("tree");
    write(&tree.join("bad.pipe.json"), &bad_body());
    symlink(&outside, &tree.join("netrc.pipe.json"));
    symlink(Path::new("/proc/self/environ"), &tree.join("env.pipe.json"));
    symlink(&dir.join("home"), &tree.join("linked-dir"));
    // The default format shows code frames: the place a leak would show.
    let run = common::run_in(&tree, &["check", "--isolated", "."], None);
    assert_eq!(run.code, 1, "{run:#?}");
    let printed = format!("{}{}", run.stdout, run.stderr);
    assert!(!printed.contains(OUTSIDE), "{printed}");
    assert!(!printed.contains("NO_COLOR=1"), "{printed}");
    assert_contains(&run.stdout, "bad.pipe.json");
    // Nothing passed over silently, and no note opens the target.
    for name in ["netrc.pipe.json", "env.pipe.json"] {
        assert!(
            run.stderr.contains(&format!(
                "{name}: not checked: a directory walk does not follow"
            )),
            "{}",
            run.stderr
        );
    }
    assert_contains(&run.stderr, "linked-dir: not walked");
    // Named on the command line, the link is read.
    let named = run_in(&tree, &["netrc.pipe.json"]);
    assert_eq!(named.code, 1, "{named:#?}");
    assert_contains(&named.stdout, "netrc.pipe.json:2:1: PL001");
}

#[cfg(unix)]
#[test]
fn a_link_inside_the_tree_is_not_followed_either() {
    let dir = scratch("links-in");
    write(&dir.join("bad.pipe.json"), &bad_body());
    symlink(Path::new("bad.pipe.json"), &dir.join("again.pipe.json"));
    // A git-ignored file a link points at stays unread: the reason not to follow in-tree links.
    write(&dir.join(".gitignore"), b"local/\n");
    write(
        &dir.join("local/real.json"),
        format!("{{\"note\": \"{OUTSIDE}\"\n").as_bytes(),
    );
    symlink(Path::new("local/real.json"), &dir.join("local.pipe.json"));
    let run = run_in(&dir, &["."]);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(
        run.concise_codes()
            .iter()
            .filter(|line| line.contains("PL012"))
            .collect::<Vec<_>>(),
        ["bad.pipe.json:102:17: PL012"],
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains(OUTSIDE), "{}", run.stdout);
    assert!(
        run.stderr.contains("again.pipe.json: not checked")
            && run.stderr.contains("local.pipe.json: not checked"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn pipe_and_config_are_read_like_inputs() {
    let dir = scratch("pipe-config");
    write(&dir.join("patch.scaling.json"), b"{\"replicas\": 2}\n");
    let fifo = dir.join("fifo");
    if !mkfifo(&fifo) {
        return;
    }
    write(&dir.join("body.json"), &good_body());
    // Sparse: 64 MiB of nothing, over the 16 MiB limit of config files.
    let huge = std::fs::File::create(dir.join("huge.toml")).unwrap();
    huge.set_len(64 << 20).unwrap();
    let over_the_limit = format!("{} bytes, over the limit of 100 bytes", good_body().len());
    let cases: [(&[&str], &str); 6] = [
        (&["--pipe", "fifo"], "--pipe fifo: not a regular file"),
        (
            &["--pipe", "/dev/zero"],
            "--pipe /dev/zero: not a regular file",
        ),
        (
            &["--pipe", "body.json", "--max-file-size", "100"],
            &over_the_limit,
        ),
        (
            &["--config", "fifo"],
            "--config fifo: cannot read: not a regular file",
        ),
        (
            &["--config", "/dev/zero"],
            "--config /dev/zero: cannot read: not a regular file",
        ),
        (
            &["--config", "huge.toml"],
            "--config huge.toml: cannot read: 67108864 bytes, over the limit of 16777216 bytes",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["check", "--output-format", "concise", "patch.scaling.json"];
        all.extend_from_slice(args);
        let run = common::run_in(&dir, &all, None);
        assert_eq!(run.code, 2, "{args:?}: {run:#?}");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_config_found_by_discovery_is_an_error_not_a_hang() {
    let dir = scratch("fifo-config");
    write(&dir.join("bad.pipe.json"), &bad_body());
    if !mkfifo(&dir.join("pipelint.toml")) {
        return;
    }
    let run = common::run_in(&dir, &["check", "."], None);
    assert_eq!(run.code, 2, "{run:#?}");
    assert_contains(&run.stderr, "not a regular file");
}

#[cfg(unix)]
#[test]
fn ignore_files_that_are_fifos_links_or_too_large_are_reported_and_not_read() {
    let dir = scratch("ignore-files");
    write(&dir.join("ok/bad.pipe.json"), &bad_body());
    let subs = ["fifo", "link", "big", "gitfile", "worktree"];
    for sub in subs {
        write(&dir.join(sub).join("bad.pipe.json"), &bad_body());
    }
    if !mkfifo(&dir.join("fifo/.gitignore")) {
        return;
    }
    symlink(&dir.join("ok/bad.pipe.json"), &dir.join("link/.ignore"));
    // Sparse: 64 MiB of nothing, over the default 16 MiB limit.
    let big = std::fs::File::create(dir.join("big/.gitignore")).unwrap();
    big.set_len(64 << 20).unwrap();
    // A worktree's `.git` file sends the ignore crate to `commondir`: here a FIFO.
    write(&dir.join("elsewhere/.keep"), b"");
    if !mkfifo(&dir.join("elsewhere/commondir")) {
        return;
    }
    write(
        &dir.join("gitfile/.git"),
        format!("gitdir: {}\n", dir.join("elsewhere").display()).as_bytes(),
    );
    // A worktree whose `commondir` is relative: its `info/exclude` is a FIFO.
    write(&dir.join("main-git/worktrees/wt/commondir"), b"../..\n");
    write(&dir.join("main-git/info/.keep"), b"");
    if !mkfifo(&dir.join("main-git/info/exclude")) {
        return;
    }
    write(
        &dir.join("worktree/.git"),
        format!("gitdir: {}\n", dir.join("main-git/worktrees/wt").display()).as_bytes(),
    );
    let run = run_in(&dir, &["."]);
    assert_eq!(run.code, 2, "{run:#?}");
    for (path, reason) in [
        ("fifo/.gitignore", "not a regular file"),
        ("link/.ignore", "a symbolic link"),
        ("big/.gitignore", "67108864 bytes, over the limit"),
        ("elsewhere/commondir", "not a regular file"),
        ("main-git/info/exclude", "not a regular file"),
    ] {
        assert!(
            run.stderr
                .contains(&format!("{path}: ignore file not read: {reason}")),
            "{path}: {}",
            run.stderr
        );
    }
    for sub in subs {
        assert!(
            run.stderr.contains(&format!("pipelint: {sub}: not walked")),
            "{sub}: {}",
            run.stderr
        );
    }
    // Only the directory with readable ignore files was walked.
    assert_eq!(
        run.concise_codes()
            .iter()
            .filter(|line| line.contains("PL012"))
            .collect::<Vec<_>>(),
        ["ok/bad.pipe.json:102:17: PL012"],
        "{}",
        run.stdout
    );
    // Without ignore files the walk opens none of them.
    let all = run_in(&dir, &["--no-respect-gitignore", "."]);
    assert_eq!(all.code, 1, "{all:#?}");
    assert_eq!(all.stdout.matches("PL012").count(), 6, "{}", all.stdout);
}

#[cfg(unix)]
#[test]
fn a_fifo_ignore_file_at_the_root_stops_that_walk_only() {
    let dir = scratch("ignore-root");
    write(&dir.join("tree/bad.pipe.json"), &bad_body());
    write(&dir.join("named.pipe.json"), &bad_body());
    if !mkfifo(&dir.join("tree/.gitignore")) {
        return;
    }
    let run = run_in(&dir, &["tree", "named.pipe.json"]);
    assert_eq!(run.code, 2, "{run:#?}");
    assert!(
        run.stderr
            .contains("tree/.gitignore: ignore file not read: not a regular file"),
        "{}",
        run.stderr
    );
    assert_contains(&run.stderr, "tree: not walked");
    assert_contains(&run.stdout, "named.pipe.json:102:17: PL012");
}

#[test]
fn stdin_gets_the_size_limit() {
    let dir = scratch("stdin-limit");
    let body = good_body();
    let limit = (body.len() - 1).to_string();
    let args = ["check", "--isolated", "--output-format", "concise"];
    let over = common::run_in(
        &dir,
        &[&args[..], &["--max-file-size", &limit, "-"]].concat(),
        Some(&body),
    );
    assert_eq!(over.code, 1, "{over:#?}");
    assert_contains(&over.stdout, "<stdin>:1:1: PL009 error");
    let fits = (body.len()).to_string();
    let at = common::run_in(
        &dir,
        &[
            &args[..],
            &["--max-file-size", &fits, "--kind", "create-pipe", "-"],
        ]
        .concat(),
        Some(&body),
    );
    assert_eq!(at.code, 0, "{at:#?}");
}

#[test]
fn output_file_never_overwrites_the_stdin_filename() {
    let dir = scratch("output-over-stdin-name");
    write(&dir.join("bad.pipe.json"), &bad_body());
    let run = common::run_in(
        &dir,
        &[
            "check",
            "--isolated",
            "--stdin-filename",
            "bad.pipe.json",
            "--output-file",
            "./bad.pipe.json",
            "-",
        ],
        Some(&bad_body()),
    );
    assert_eq!(run.code, 2, "{run:#?}");
    assert_contains(&run.stderr, "refusing to overwrite");
    assert_eq!(
        std::fs::read(dir.join("bad.pipe.json")).unwrap(),
        bad_body()
    );
    // Also when the editor's buffer was never saved: the name alone decides.
    let unsaved = common::run_in(
        &dir,
        &[
            "check",
            "--isolated",
            "--stdin-filename",
            "new.pipe.json",
            "--output-file",
            "new.pipe.json",
            "-",
        ],
        Some(&bad_body()),
    );
    assert_eq!(unsaved.code, 2, "{unsaved:#?}");
    assert!(!dir.join("new.pipe.json").exists());
}

/// A write that fails half-way (here `ulimit -f`, standing in for a full disk) leaves
/// neither half a file nor the temporary file behind.
#[cfg(unix)]
#[test]
fn a_failed_write_leaves_no_output_file_behind() {
    let dir = scratch("write-fails");
    let mut names = Vec::new();
    for n in 0..20 {
        let name = format!("bad{n}.pipe.json");
        write(&dir.join(&name), &bad_body());
        names.push(name);
    }
    // SIGXFSZ ignored, so that a write over the limit fails instead of killing the process;
    // an ignored signal stays ignored across exec.
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec '{}' check --isolated --output-file out.txt {}",
        env!("CARGO_BIN_EXE_pipelint"),
        names.join(" ")
    );
    let output = assert_cmd::Command::new("sh")
        .args(["-c", &script])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap_or_else(|e| panic!("sh: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write the findings"), "{stderr}");
    let after: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with("bad"))
        .collect();
    // No `out.txt`, no temporary file.
    assert_eq!(after, Vec::<String>::new());
}
