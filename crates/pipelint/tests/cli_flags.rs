//! The flags people already type with other linters: `--select`, `--extend-select`,
//! `--ignore`, `--config KEY=VALUE`, `FORCE_COLOR`, shell completions, the man page and the
//! config's schema.

mod common;

use common::{BAD_PIPE, Tree};

fn bad_pipe_tree() -> Tree {
    let tree = Tree::new();
    tree.write("pipes/orders.pipe.json", BAD_PIPE);
    tree
}

fn codes(run: &common::Run) -> Vec<String> {
    run.stdout
        .lines()
        .filter_map(|line| line.split(' ').nth(1).map(str::to_owned))
        .collect()
}

#[test]
fn select_keeps_only_the_named_rules_by_code_name_or_prefix() {
    let tree = bad_pipe_tree();
    let all = tree
        .run(&["check", "--output-format", "concise", "pipes"])
        .expect(1);
    assert_eq!(codes(&all), ["PL011", "PL014"], "{all:#?}");
    for selector in ["PL011", "invalid-enum-value", "pl011,PL7"] {
        let run = tree
            .run(&[
                "check",
                "--output-format",
                "concise",
                "--select",
                selector,
                "pipes",
            ])
            .expect(1);
        assert_eq!(codes(&run), ["PL011"], "--select {selector}: {run:#?}");
    }
    // A prefix takes every rule whose code starts with it.
    let prefix = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--select",
            "PL01",
            "pipes",
        ])
        .expect(1);
    assert_eq!(codes(&prefix), ["PL011", "PL014"], "{prefix:#?}");
    let none = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--select",
            "PL2",
            "pipes",
        ])
        .expect(0);
    assert!(none.stdout.is_empty(), "{none:#?}");
    // Only the warning is left: nothing at the fail level.
    let ignored = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--ignore",
            "PL011",
            "pipes",
        ])
        .expect(0);
    assert_eq!(codes(&ignored), ["PL014"], "{ignored:#?}");
}

#[test]
fn ignore_beats_select_and_extend_select_adds_to_it() {
    let tree = bad_pipe_tree();
    let run = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--select",
            "PL0",
            "--ignore",
            "unknown-field",
            "pipes",
        ])
        .expect(1);
    assert_eq!(codes(&run), ["PL011"], "{run:#?}");
    let run = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--select",
            "PL011",
            "--extend-select",
            "PL014",
            "pipes",
        ])
        .expect(1);
    assert_eq!(codes(&run), ["PL011", "PL014"], "{run:#?}");
}

#[test]
fn select_revives_a_rule_the_config_turns_off_but_not_an_override() {
    let tree = bad_pipe_tree();
    tree.write("pipelint.toml", "[rules]\nunknown-field = \"off\"\n");
    let off = tree
        .run(&["check", "--output-format", "concise", "pipes"])
        .expect(1);
    assert_eq!(codes(&off), ["PL011"], "{off:#?}");
    let revived = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--extend-select",
            "PL014",
            "pipes",
        ])
        .expect(1);
    assert_eq!(codes(&revived), ["PL011", "PL014"], "{revived:#?}");
    assert!(revived.stdout.contains("PL014 warning"), "{revived:#?}");

    tree.write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"pipes/*.json\"]\nrules = { unknown-field = \"off\" }\n",
    );
    let suppressed = tree
        .run(&[
            "check",
            "--output-format",
            "concise",
            "--select",
            "PL014",
            "pipes",
        ])
        .expect(0);
    assert_eq!(codes(&suppressed), Vec::<String>::new(), "{suppressed:#?}");
}

#[test]
fn an_unknown_rule_in_a_selection_flag_is_a_usage_error_with_a_guess() {
    let tree = bad_pipe_tree();
    let run = tree
        .run(&["check", "--ignore", "unknown-feild", "pipes"])
        .expect(2);
    assert!(
        run.stderr.contains("did you mean `unknown-field`?"),
        "{run:#?}"
    );
    let run = tree.run(&["check", "--select", "XY1", "pipes"]).expect(2);
    assert!(run.stderr.contains("unknown rule `XY1`"), "{run:#?}");
    assert!(run.stdout.is_empty(), "{run:#?}");
}

/// Runs `pipelint check` on the bad pipe with these colour variables (and no others).
fn colour_run(env: &[(&str, &str)], args: &[&str]) -> String {
    let tree = bad_pipe_tree();
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"));
    command
        .current_dir(tree.path())
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env_remove("PIPELINT_OUTPUT_FORMAT")
        .arg("check")
        .args(args)
        .arg("pipes");
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn force_color_colours_a_pipe_unless_no_color_or_the_flag_says_otherwise() {
    let coloured = |text: &str| text.contains('\u{1b}');
    assert!(!coloured(&colour_run(&[], &[])), "a pipe is not a terminal");
    assert!(coloured(&colour_run(&[("FORCE_COLOR", "1")], &[])));
    assert!(
        !coloured(&colour_run(&[("FORCE_COLOR", "")], &[])),
        "empty is unset"
    );
    assert!(!coloured(&colour_run(
        &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")],
        &[]
    )));
    assert!(!coloured(&colour_run(
        &[("FORCE_COLOR", "1")],
        &["--color", "never"]
    )));
    assert!(coloured(&colour_run(
        &[("NO_COLOR", "1")],
        &["--color", "always"]
    )));
}
