//! `pipelint check --show-files` and `--show-settings`: what a run would check, and with
//! what, without linting.

mod common;

use common::Tree;

/// A project with a file of each reason: a default pattern, an `include` glob, a `[kinds]`
/// glob, and a spec no pattern matches. Every body is broken, so a run that lints would fail.
fn project() -> Tree {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        "include = [\"extra/*.json\"]\n[kinds]\npipe-scaling = [\"scaling/*.json\"]\n",
    )
    .write("pipes/orders.pipe.json", "{\"name\": 1}\n")
    .write("pipes/legacy.json", "{\"name\": 1}\n")
    .write("extra/x.json", "{\"name\": 1}\n")
    .write("scaling/weekend.json", "{\"replicas\": \"x\"}\n");
    tree
}

#[test]
fn show_files_lists_each_file_with_its_kind_and_reason_and_lints_nothing() {
    let run = project().run(&["check", "--show-files"]).expect(0);
    assert_eq!(
        run.stdout,
        concat!(
            "extra/x.json: kind told from the content; matched by the `include` glob `extra/*.json` in pipelint.toml\n",
            "pipes/orders.pipe.json: create-pipe (from the file name); matched by the default pattern `*.pipe.json`\n",
            "scaling/weekend.json: pipe-scaling (from a [kinds] glob); matched by a `[kinds]` glob of `pipe-scaling` in pipelint.toml\n",
            "not checked: pipes/legacy.json (no include pattern matches it; add it to `include` or name it on the command line)\n",
        )
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn show_files_names_files_given_on_the_command_line_and_the_kind_flag() {
    let tree = project();
    let run = tree
        .run(&["check", "--show-files", "pipes/legacy.json"])
        .expect(0);
    assert_eq!(
        run.stdout,
        "pipes/legacy.json: kind told from the content; named on the command line\n"
    );
    let run = tree
        .run(&[
            "check",
            "--show-files",
            "--kind",
            "create-pipe",
            "pipes/legacy.json",
        ])
        .expect(0);
    assert_eq!(
        run.stdout,
        "pipes/legacy.json: create-pipe (from --kind); named on the command line\n"
    );
}

#[test]
fn show_files_exits_2_on_a_path_problem_as_check_does() {
    let run = project()
        .run(&["check", "--show-files", "pipes", "missing"])
        .expect(2);
    assert!(
        run.stdout.starts_with("pipes/orders.pipe.json: "),
        "{run:#?}"
    );
    assert!(run.stderr.contains("missing: "), "{run:#?}");
}

#[test]
fn an_excluded_json_file_is_not_listed_as_unmatched() {
    let tree = project();
    tree.write("pipelint.toml", "exclude = [\"pipes/legacy.json\"]\n");
    let run = tree.run(&["check", "--show-files"]).expect(0);
    assert!(!run.stdout.contains("legacy"), "{}", run.stdout);
    assert!(
        run.stdout.contains("not checked: extra/x.json"),
        "{}",
        run.stdout
    );
}
