//! Finding the inputs: directory walks, .gitignore, include/exclude, named files, stdin.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{BAD_PIPE, GOOD_PIPE, Tree, WARNING_ONLY_SCALING, output_formats};
use serde_json::Value;

/// (path, code, pointer) of every finding of a `--output-format json` run.
fn findings(run: &common::Run) -> Vec<(String, String, String)> {
    run.json()
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            let field = |name: &str| f[name].as_str().unwrap().to_owned();
            (field("path"), field("code"), field("pointer"))
        })
        .collect()
}

#[test]
fn a_walk_checks_spec_files_only_and_named_files_always() {
    let tree = Tree::new();
    tree.write("pipes/a.pipe.json", GOOD_PIPE)
        .write("scaling/a.scaling.json", WARNING_ONLY_SCALING)
        .write("package.json", "{\"name\": \"web\"}")
        .write("tsconfig.json", "{\"compilerOptions\": {}}");
    let run = tree.run(&["check", "--output-format", "concise"]).expect(0);
    assert_eq!(run.concise_codes(), ["scaling/a.scaling.json:1:17: PL014"]);
    assert!(run.stderr.contains("in 1 of 2 files"), "{}", run.stderr);

    // Named, a file is checked whatever its name: here it is of no known kind.
    let named = tree
        .run(&["check", "--output-format", "concise", "package.json"])
        .expect(2);
    assert_eq!(named.concise_codes(), ["package.json:1:1: PL008"]);
}

/// A file named after a directory that holds it is checked even though the walk of that
/// directory leaves it out (it was silently skipped: the walk remembered it as seen).
#[test]
fn a_named_file_after_its_directory_is_checked_even_if_the_walk_leaves_it_out() {
    let tree = Tree::new();
    tree.write("pipes/a.pipe.json", GOOD_PIPE)
        .write("pipes/legacy.json", BAD_PIPE);
    for args in [
        ["pipes", "pipes/legacy.json"],
        ["pipes/legacy.json", "pipes"],
    ] {
        let mut all = vec!["check", "--output-format", "json"];
        all.extend(args);
        let run = tree.run(&all).expect(1);
        let paths: Vec<String> = findings(&run).into_iter().map(|(path, ..)| path).collect();
        assert!(
            paths.iter().any(|p| p == "pipes/legacy.json"),
            "{args:?}: {paths:?}"
        );
        assert!(run.stderr.contains("2 files"), "{args:?}: {}", run.stderr);
    }
}

/// The user's global excludes file (`core.excludesFile` in `~/.gitconfig`, or git's default
/// `~/.config/git/ignore`) applies to walks, as git applies it.
#[test]
fn the_global_git_excludes_file_is_honoured() {
    let tree = Tree::new();
    tree.write(
        "home/.gitconfig",
        "[user]\n\tname = u\n[core]\n\texcludesFile = ~/my-ignore\n",
    )
    .write("home/my-ignore", "scratch-*.pipe.json\n")
    .write("home/.config/git/ignore", "draft.pipe.json\n")
    .write("work/pipes/a.pipe.json", GOOD_PIPE)
    .write("work/pipes/scratch-1.pipe.json", BAD_PIPE)
    .write("work/pipes/draft.pipe.json", BAD_PIPE);
    // The files a walk reported on (every file but `a` has findings).
    let reported = |args: &[&str]| {
        let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"))
            .args(["check", "--output-format", "concise"])
            .args(args)
            .current_dir(tree.join("work"))
            .env("HOME", tree.join("home"))
            .env_remove("XDG_CONFIG_HOME")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let mut files: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| line.split(':').next().map(str::to_owned))
            .collect();
        files.dedup();
        files
    };
    // `core.excludesFile` names the file: the scratch file is left out, and git's default
    // file is not read.
    assert_eq!(reported(&[]), ["pipes/draft.pipe.json"]);
    // Without the key, git's default file applies.
    std::fs::remove_file(tree.join("home/.gitconfig")).unwrap();
    assert_eq!(reported(&[]), ["pipes/scratch-1.pipe.json"]);
    assert_eq!(
        reported(&["--no-respect-gitignore"]),
        ["pipes/draft.pipe.json", "pipes/scratch-1.pipe.json"]
    );
}

#[test]
fn gitignore_is_honoured_without_a_git_repository_unless_told_not_to() {
    let tree = Tree::new();
    tree.write(".gitignore", "build/\n")
        .write("pipes/a.pipe.json", GOOD_PIPE)
        .write("build/out.pipe.json", BAD_PIPE)
        .write(".drafts/hidden.pipe.json", BAD_PIPE);
    // Ignored and hidden entries are skipped by walks...
    tree.run(&["check"]).expect(0);
    // ...but a file named on the command line is checked.
    tree.run(&["check", ".drafts/hidden.pipe.json"]).expect(1);
    let all = tree
        .run(&["check", "--no-respect-gitignore", "--output-format", "json"])
        .expect(1);
    assert!(
        findings(&all)
            .iter()
            .all(|(path, _, _)| path == "build/out.pipe.json")
    );
    assert!(!findings(&all).is_empty());
}

#[test]
fn force_exclude_filters_named_files_like_walked_ones() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "exclude = [\"drafts\"]\n")
        .write("drafts/wip.pipe.json", BAD_PIPE)
        .write("package.json", "{\"name\": \"web\"}")
        .write("pipes/a.pipe.json", GOOD_PIPE);
    // Named: checked despite the exclude.
    tree.run(&["check", "drafts/wip.pipe.json"]).expect(1);
    // A pre-commit hook passes every changed JSON file: only the specs are checked.
    tree.run(&[
        "check",
        "--force-exclude",
        "drafts/wip.pipe.json",
        "package.json",
        "pipes/a.pipe.json",
    ])
    .expect(0);
    // Nothing left is an error, unless told otherwise.
    let none = tree
        .run(&[
            "check",
            "--force-exclude",
            "drafts/wip.pipe.json",
            "package.json",
        ])
        .expect(2);
    assert!(none.stderr.contains("no files to check"), "{}", none.stderr);
    tree.run(&[
        "check",
        "--force-exclude",
        "--no-errors-on-unmatched",
        "package.json",
    ])
    .expect(0);
}

#[test]
fn a_directory_with_no_spec_file_is_an_error_unless_allowed() {
    let tree = Tree::new();
    tree.write("web/package.json", "{}");
    let run = tree.run(&["check", "web"]).expect(2);
    assert!(
        run.stderr.contains("no files to check in web"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("*.pipe.json"), "{}", run.stderr);
    // The error points to where the skipped files are listed, with the reason.
    assert!(run.stderr.contains("with --show-files"), "{}", run.stderr);
    let listed = tree.run(&["check", "--show-files", "web"]).expect(0);
    assert!(
        listed.stdout.contains("not checked: web/package.json"),
        "{listed:#?}"
    );
    let allowed = tree
        .run(&[
            "check",
            "--no-errors-on-unmatched",
            "--output-format",
            "sarif",
            "web",
        ])
        .expect(0);
    assert_eq!(
        allowed.json()["runs"][0]["results"],
        Value::Array(Vec::new())
    );
    tree.run(&["check", "missing-dir"]).expect(2);
}

#[test]
fn kind_globs_select_and_classify_files_with_plain_names() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        "[kinds]\ncreate-pipe = [\"pipes/**/*.json\"]\npipe-scaling = [\"scaling/*.json\"]\n",
    )
    .write("pipes/orders.json", BAD_PIPE)
    .write("scaling/orders.json", WARNING_ONLY_SCALING)
    // A scaling body in the pipes folder is checked as a create body: the glob decides.
    .write("pipes/odd.json", "{\"replicas\": 2}");
    let run = tree.run(&["check", "--output-format", "json"]).expect(1);
    let kinds: Vec<(String, String)> = run
        .json()
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_owned(),
                f["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(kinds.contains(&("pipes/odd.json".into(), "create-pipe".into())));
    assert!(kinds.contains(&("pipes/orders.json".into(), "create-pipe".into())));
    assert!(kinds.contains(&("scaling/orders.json".into(), "pipe-scaling".into())));
    // --kind beats the globs.
    let forced = tree
        .run(&[
            "check",
            "--kind",
            "pipe-scaling",
            "--output-format",
            "json",
            "pipes/odd.json",
        ])
        .expect(0);
    assert_eq!(forced.json(), Value::Array(Vec::new()));
}

#[test]
fn stdin_with_a_file_name_behaves_exactly_like_the_file() {
    let tree = Tree::new();
    // The config sits beside the file, not in the working directory: the name must pick it.
    tree.write(
        "pipes/pipelint.toml",
        "[[overrides]]\nfiles = [\"orders.pipe.json\"]\npointers = [\"/source/kafka/extraOption\"]\n\
         rules = { unknown-field = \"off\" }\n",
    )
    .write("pipes/orders.pipe.json", BAD_PIPE);
    for format in output_formats().iter().map(String::as_str) {
        let file = tree.run(&["check", "--output-format", format, "pipes/orders.pipe.json"]);
        let stdin = tree.run_with_stdin(
            &[
                "check",
                "--output-format",
                format,
                "-",
                "--stdin-filename",
                "pipes/orders.pipe.json",
            ],
            Some(BAD_PIPE),
        );
        assert_eq!(file.code, 1, "{format}: {file:#?}");
        assert_eq!(stdin.code, file.code, "{format}");
        assert_eq!(stdin.stdout, file.stdout, "{format}");
        assert_eq!(stdin.stderr, file.stderr, "{format}");
    }
    // The override applied, so only the enum finding is left.
    let run = tree.run_with_stdin(
        &[
            "check",
            "--output-format",
            "concise",
            "--stdin-filename",
            "pipes/orders.pipe.json",
        ],
        Some(BAD_PIPE),
    );
    assert_eq!(run.concise_codes(), ["pipes/orders.pipe.json:7:25: PL011"]);
}

#[test]
fn stdin_without_a_name_is_told_by_content() {
    let tree = Tree::new();
    let run = tree
        .run_with_stdin(
            &["check", "--output-format", "concise", "-"],
            Some(BAD_PIPE),
        )
        .expect(1);
    assert_eq!(
        run.concise_codes(),
        ["<stdin>:7:25: PL011", "<stdin>:10:7: PL014"]
    );
    let misuse = tree.run(&["check", "--stdin-filename", "a.pipe.json", "pipes"]);
    assert_eq!(misuse.code, 2);
    assert!(misuse.stderr.contains("add `-`"), "{}", misuse.stderr);
}

#[test]
fn output_order_is_stable_whatever_the_parallel_schedule() {
    let tree = Tree::new();
    for i in (0..40).rev() {
        tree.write(&format!("p{}/x{i:02}.pipe.json", i % 3), BAD_PIPE);
    }
    let first = tree.run(&["check", "--output-format", "concise"]).expect(1);
    let paths: Vec<String> = first
        .stdout
        .lines()
        .map(|l| l.split(':').next().unwrap_or_default().to_owned())
        .collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
    for _ in 0..3 {
        let again = tree.run(&["check", "--output-format", "concise"]);
        assert_eq!(again.stdout, first.stdout);
    }
    // Named inputs keep their command-line order; a file named twice is checked once.
    let named = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "p1",
            "p0/x00.pipe.json",
            "p0",
        ])
        .expect(1);
    let order: Vec<&str> = named.stdout.lines().map(|l| &l[..3]).collect();
    assert_eq!(order.first(), Some(&"p1/"));
    assert_eq!(named.stdout.matches("p0/x00.pipe.json:7:25").count(), 1);
    assert!(
        named
            .stdout
            .lines()
            .nth(26)
            .unwrap()
            .starts_with("p0/x00.pipe.json")
    );
}

/// The acceptance scenario: 500 specs, an ignored build folder, and one finding silenced
/// at one pointer of one file.
#[test]
fn five_hundred_specs_with_an_ignored_build_and_one_silenced_place() {
    let tree = Tree::new();
    tree.write(".gitignore", "/build/\n").write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"pipes/team-3/pipe-013.pipe.json\"]\n\
         pointers = [\"/source/kafka/extraOption\"]\nrules = { unknown-field = \"off\" }\n",
    );
    let mut expected = Vec::new();
    for i in 0..500 {
        let path = format!("pipes/team-{}/pipe-{i:03}.pipe.json", i % 10);
        if i % 50 == 13 {
            tree.write(&path, BAD_PIPE);
            expected.push((
                path.clone(),
                "PL011".to_owned(),
                "/source/kafka/authentication".to_owned(),
            ));
            if i != 13 {
                expected.push((
                    path,
                    "PL014".to_owned(),
                    "/source/kafka/extraOption".to_owned(),
                ));
            }
        } else {
            tree.write(&path, GOOD_PIPE);
        }
    }
    for i in 0..20 {
        tree.write(&format!("build/generated-{i}.pipe.json"), BAD_PIPE);
    }
    // Walk order is by path; within a file, by position.
    expected.sort_by(|a, b| a.0.cmp(&b.0));

    let run = tree.run(&["check", "--output-format", "json"]).expect(1);
    assert_eq!(findings(&run), expected);
    assert!(
        run.stderr
            .contains("10 errors, 9 warnings in 10 of 500 files"),
        "{}",
        run.stderr
    );
    let silenced = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "pipes/team-3/pipe-013.pipe.json",
        ])
        .expect(1);
    assert_eq!(
        silenced.concise_codes(),
        ["pipes/team-3/pipe-013.pipe.json:7:25: PL011"]
    );
}

/// A missing path is reported and exits 2, with no summary claiming a clean run; with a
/// path that could be checked as well, the summary counts that one.
#[test]
fn a_missing_path_gets_no_clean_summary() {
    let tree = Tree::new();
    let run = tree.run(&["check", "nonexist.json"]).expect(2);
    assert!(run.stderr.contains("nonexist.json: "), "{}", run.stderr);
    assert!(!run.stderr.contains("no problems"), "{}", run.stderr);
    tree.write("a.scaling.json", "{\"replicas\": 2}\n");
    let run = tree
        .run(&["check", "nonexist.json", "a.scaling.json"])
        .expect(2);
    assert!(
        run.stderr.contains("no problems in 1 file"),
        "{}",
        run.stderr
    );
}

/// `--select` compares a code as a code: `PL2OO` (letters O) suggests `PL200`.
#[test]
fn a_misspelt_code_suggests_the_code_it_looks_like() {
    let run = Tree::new()
        .run(&["check", "--select", "PL2OO", "x.json"])
        .expect(2);
    assert!(
        run.stderr.contains("did you mean `PL200`?"),
        "{}",
        run.stderr
    );
}
