//! The flags people already type with other linters: `--select`, `--extend-select`,
//! `--ignore`, `--config KEY=VALUE`, `FORCE_COLOR`, shell completions, the man page and the
//! config's schema.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{BAD_PIPE, Tree};

fn bad_pipe_tree() -> Tree {
    let tree = Tree::new();
    tree.write("pipes/orders.pipe.json", BAD_PIPE);
    tree
}

/// Runs `pipelint check --output-format concise` with `args` in the tree.
fn concise(tree: &Tree, args: &[&str]) -> common::Run {
    let mut all = vec!["check", "--output-format", "concise"];
    all.extend_from_slice(args);
    tree.run(&all)
}

/// The rule codes of a concise run's findings, in order.
fn codes(run: &common::Run) -> Vec<String> {
    run.stdout
        .lines()
        .filter_map(|line| line.split(' ').nth(1).map(str::to_owned))
        .collect()
}

#[test]
fn select_keeps_only_the_named_rules_by_code_name_or_prefix() {
    let tree = bad_pipe_tree();
    let all = concise(&tree, &["pipes"]).expect(1);
    assert_eq!(codes(&all), ["PL011", "PL014"], "{all:#?}");
    for selector in ["PL011", "invalid-enum-value", "pl011,PL7"] {
        let run = concise(&tree, &["--select", selector, "pipes"]).expect(1);
        assert_eq!(codes(&run), ["PL011"], "--select {selector}: {run:#?}");
    }
    // A prefix takes every rule whose code starts with it.
    let prefix = concise(&tree, &["--select", "PL01", "pipes"]).expect(1);
    assert_eq!(codes(&prefix), ["PL011", "PL014"], "{prefix:#?}");
    let none = concise(&tree, &["--select", "PL2", "pipes"]).expect(0);
    assert!(none.stdout.is_empty(), "{none:#?}");
    // Only the warning is left: nothing at the fail level.
    let ignored = concise(&tree, &["--ignore", "PL011", "pipes"]).expect(0);
    assert_eq!(codes(&ignored), ["PL014"], "{ignored:#?}");
}

#[test]
fn ignore_beats_select_and_extend_select_adds_to_it() {
    let tree = bad_pipe_tree();
    let run = concise(
        &tree,
        &["--select", "PL0", "--ignore", "unknown-field", "pipes"],
    )
    .expect(1);
    assert_eq!(codes(&run), ["PL011"], "{run:#?}");
    let run = concise(
        &tree,
        &["--select", "PL011", "--extend-select", "PL014", "pipes"],
    )
    .expect(1);
    assert_eq!(codes(&run), ["PL011", "PL014"], "{run:#?}");
}

#[test]
fn select_revives_a_rule_the_config_turns_off_but_not_an_override() {
    let tree = bad_pipe_tree();
    tree.write("pipelint.toml", "[rules]\nunknown-field = \"off\"\n");
    let off = concise(&tree, &["pipes"]).expect(1);
    assert_eq!(codes(&off), ["PL011"], "{off:#?}");
    let revived = concise(&tree, &["--extend-select", "PL014", "pipes"]).expect(1);
    assert_eq!(codes(&revived), ["PL011", "PL014"], "{revived:#?}");
    assert!(revived.stdout.contains("PL014 warning"), "{revived:#?}");

    tree.write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"pipes/*.json\"]\nrules = { unknown-field = \"off\" }\n",
    );
    let suppressed = concise(&tree, &["--select", "PL014", "pipes"]).expect(0);
    assert_eq!(codes(&suppressed), Vec::<String>::new(), "{suppressed:#?}");
}

#[test]
fn selection_flags_never_hide_a_file_that_could_not_be_checked() {
    let tree = Tree::new();
    tree.write("broken.pipe.json", "{\"name\": \"x\",,}\n")
        .write("what.json", "{\"hello\": 1}\n");
    let run = concise(
        &tree,
        &[
            "--select",
            "PL2",
            "--ignore",
            "ALL",
            "broken.pipe.json",
            "what.json",
        ],
    )
    .expect(2);
    assert_eq!(codes(&run), ["PL001", "PL008"], "{run:#?}");
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
        .unwrap();
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

/// The visible subcommands and the long flags of `check`, from the clap definition itself:
/// whatever is added later must show up in the completions and the man page too.
fn subcommands_and_check_flags() -> (Vec<String>, Vec<String>) {
    let command = <pipelint::cli::Cli as clap::CommandFactory>::command();
    let subcommands: Vec<String> = command
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_owned())
        .collect();
    let check = command
        .find_subcommand("check")
        .unwrap_or_else(|| panic!("no check subcommand"));
    let flags: Vec<String> = check
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| a.get_long().map(str::to_owned))
        .collect();
    assert!(subcommands.len() >= 8, "{subcommands:?}");
    assert!(flags.contains(&"select".to_owned()), "{flags:?}");
    (subcommands, flags)
}

#[test]
fn completions_for_every_shell_know_every_subcommand_and_check_flag() {
    let (subcommands, flags) = subcommands_and_check_flags();
    let tree = Tree::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = tree.run(&["completions", shell]).expect(0);
        for name in subcommands.iter().chain(&flags) {
            assert!(
                run.stdout.contains(name.as_str()),
                "{shell} completions lack `{name}`"
            );
        }
    }
    let run = tree.run(&["completions", "tcsh"]).expect(2);
    assert!(run.stderr.contains("possible values"), "{run:#?}");
}

#[test]
fn the_man_pages_list_the_subcommands_and_the_check_flags() {
    let (subcommands, flags) = subcommands_and_check_flags();
    let tree = Tree::new();
    let main = tree.run(&["man"]).expect(0);
    assert!(main.stdout.contains(".TH pipelint 1"), "{}", main.stdout);
    for name in &subcommands {
        assert!(
            main.stdout
                .contains(&format!("pipelint\\-{}", name.replace('-', "\\-"))),
            "pipelint(1) lacks `{name}`"
        );
    }
    let check = tree.run(&["man", "check"]).expect(0);
    assert!(
        check.stdout.contains(".TH pipelint-check 1"),
        "{}",
        check.stdout
    );
    for flag in &flags {
        let roff = format!("\\-\\-{}", flag.replace('-', "\\-"));
        assert!(
            check.stdout.contains(&roff),
            "pipelint-check(1) lacks `--{flag}`"
        );
    }
    let run = tree.run(&["man", "chekc"]).expect(2);
    assert!(run.stderr.contains("no command `chekc`"), "{run:#?}");
}

#[test]
fn schema_config_prints_the_config_schema() {
    let tree = Tree::new();
    let run = tree.run(&["schema", "config"]).expect(0);
    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schemas/pipelint-config.schema.json"
    ))
    .unwrap();
    assert_eq!(run.stdout, expected);
    assert!(
        run.json()["properties"]["rules"].is_object(),
        "{}",
        run.stdout
    );
    let run = tree.run(&["schema", "confg"]).expect(2);
    assert!(run.stderr.contains("`config`"), "{run:#?}");
}

#[test]
fn config_key_value_overrides_the_config_found_or_given() {
    let tree = Tree::new();
    tree.write("pipes/s.scaling.json", common::WARNING_ONLY_SCALING)
        .write("pipelint.toml", "[rules]\nunknown-field = \"error\"\n");
    tree.run(&["check", "pipes"]).expect(1);
    // Quoted as TOML or bare: the same override; a rule's name or code.
    for setting in ["rules.PL014 = \"off\"", "rules.unknown-field=off"] {
        let run = tree.run(&["check", "--config", setting, "pipes"]).expect(0);
        assert!(run.stderr.contains("no problems"), "{setting}: {run:#?}");
    }
    // Settings it does not name stay as the file has them; later overrides win.
    let run = tree
        .run(&[
            "check",
            "--config",
            "fail-on=warning",
            "--config",
            "rules.PL014=warning",
            "pipes",
        ])
        .expect(1);
    assert!(run.stderr.contains("1 warning"), "{run:#?}");
    // With no config file at all, it overrides the defaults.
    let bare = Tree::new();
    bare.write("s.scaling.json", common::WARNING_ONLY_SCALING);
    bare.run(&["check", "s.scaling.json"]).expect(0);
    bare.run(&["check", "--config", "fail-on=warning", "s.scaling.json"])
        .expect(1);
}

#[test]
fn config_file_and_key_value_combine_and_a_file_with_equals_is_a_file() {
    let tree = Tree::new();
    tree.write("s.scaling.json", common::WARNING_ONLY_SCALING)
        .write("team=strict.toml", "fail-on = \"warning\"\n");
    tree.run(&["check", "--config", "team=strict.toml", "s.scaling.json"])
        .expect(1);
    tree.run(&[
        "check",
        "--config",
        "team=strict.toml",
        "--config",
        "rules.PL014=info",
        "s.scaling.json",
    ])
    .expect(0);
    let run = tree
        .run(&[
            "check",
            "--config",
            "team=strict.toml",
            "--config",
            "team=strict.toml",
            "s.scaling.json",
        ])
        .expect(2);
    assert!(run.stderr.contains("can be given once"), "{run:#?}");
}

#[test]
fn a_broken_key_value_override_is_a_usage_error_with_a_guess() {
    let tree = Tree::new();
    tree.write("s.scaling.json", common::WARNING_ONLY_SCALING);
    let run = tree
        .run(&[
            "check",
            "--config",
            "rules.unknown-feild=off",
            "s.scaling.json",
        ])
        .expect(2);
    assert!(
        run.stderr
            .contains("--config rules.unknown-feild=off: unknown rule"),
        "{run:#?}"
    );
    assert!(
        run.stderr.contains("did you mean `unknown-field`?"),
        "{run:#?}"
    );
    let run = tree
        .run(&["check", "--config", "fial-on=warning", "s.scaling.json"])
        .expect(2);
    assert!(run.stderr.contains("did you mean `fail-on`?"), "{run:#?}");
    let run = tree
        .run(&["check", "--config", "include=[", "s.scaling.json"])
        .expect(2);
    assert!(run.stderr.contains("neither a config file nor"), "{run:#?}");
    // No `=`: a path, as before.
    let run = tree
        .run(&["check", "--config", "missing.toml", "s.scaling.json"])
        .expect(2);
    assert!(
        run.stderr.contains("--config missing.toml: cannot read"),
        "{run:#?}"
    );
}

/// `--config KEY=VALUE` is one key and one value: a line break cannot smuggle in a table
/// header or a second key, and the error says where the extra text starts.
#[test]
fn a_key_value_override_is_one_key_and_one_value() {
    let tree = Tree::new();
    tree.write("s.scaling.json", common::WARNING_ONLY_SCALING);
    let refused = [
        ("fail-on=\"info\"\n[rules]\nunknown-field=\"off\"", "2:1"),
        (
            "fail-on=\"info\"\n[[overrides]]\nfiles=[\"*\"]\nrules={PL014=\"off\"}",
            "2:1",
        ),
        ("fail-on=\"info\"\nrules.PL014=\"off\"", "2:1"),
        ("fail-on=\"info\" # fine\n\n  rules.PL014=\"off\"", "3:3"),
        ("rules = { PL014 = \"off\" }\nfail-on = \"info\"", "2:1"),
        ("fail-on\n[rules]\nPL014=info", "1:8"),
        ("fail-on=info\n[rules]\nPL014=off", "1:9"),
    ];
    for (setting, position) in refused {
        let run = tree
            .run(&["check", "--config", setting, "s.scaling.json"])
            .expect(2);
        assert!(
            run.stderr.contains(&format!("at {position}")),
            "{setting:?}: no position {position}; {run:#?}"
        );
        assert!(!run.stderr.contains("no problems"), "{setting:?}: {run:#?}");
    }
    // One key, one value, however it is written (PL014 off: a warning no longer fails).
    for setting in [
        "rules = { PL014 = \"off\", PL011 = \"off\" }",
        "rules.PL014 = \"off\" # the legacy patch\n",
        "rules.\"PL014\"=off",
    ] {
        tree.run(&[
            "check",
            "--config",
            setting,
            "--fail-on",
            "warning",
            "s.scaling.json",
        ])
        .expect(0);
    }
    tree.run(&[
        "check",
        "--config",
        "include = [\n  \"*.scaling.json\",\n  \"*.pipe.json\",\n]",
        "s.scaling.json",
    ])
    .expect(0);
}

/// `--version` names the commit the binary was built from when it was built in a git
/// checkout (as here, and in CI's clone), so a rebuilt clone can be told from the old build.
#[test]
fn version_names_the_commit_it_was_built_from() {
    let run = Tree::new().run(&["--version"]).expect(0);
    let version = env!("CARGO_PKG_VERSION");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    match (
        git(&["rev-parse", "--short=7", "HEAD"]),
        git(&["log", "-1", "--format=%cs", "HEAD"]),
    ) {
        (Some(hash), Some(date)) => {
            assert_eq!(run.stdout, format!("pipelint {version} ({hash} {date})\n"));
        }
        _ => assert_eq!(run.stdout, format!("pipelint {version}\n")),
    }
}
