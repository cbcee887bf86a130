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

/// A config with a top-level version, a changed rule level, a `[kinds]` glob, and two
/// overrides: one with a pointer, one that sets the stack version of one patch.
const CONFIG: &str = "api-version = \"2026-04\"\n\
    [rules]\nPL014 = \"error\"\n\
    [kinds]\npipe-scaling = [\"scaling/*.json\"]\n\
    [[overrides]]\nfiles = [\"pipes/*.json\"]\npointers = [\"/source\"]\nrules = { PL011 = \"off\" }\n\
    [[overrides]]\nfiles = [\"pipes/orders.scaling.json\"]\nstack-version = \"2.30\"\n";

fn configured() -> Tree {
    let tree = Tree::new();
    tree.write("pipelint.toml", CONFIG)
        .write("pipes/orders.pipe.json", "{\"name\": \"orders\"}\n")
        .write("pipes/orders.scaling.json", "{\"replicas\": 2}\n")
        .write("scaling/weekend.json", "{\"replicas\": 2}\n");
    tree
}

#[test]
fn show_settings_tells_config_profile_kind_levels_overrides_and_pairing() {
    let run = configured()
        .run(&["check", "--show-settings", "pipes/orders.scaling.json"])
        .expect(0);
    assert_eq!(
        run.stdout,
        concat!(
            "file: pipes/orders.scaling.json\n",
            "config: pipelint.toml\n",
            "api-version: 2026-04 (`api-version` in pipelint.toml)\n",
            "stack-version: 2.30 (the [[overrides]] entry at pipelint.toml:10)\n",
            "kind: pipe-scaling (the file name ends with `.scaling.json`)\n",
            "rules that differ from their default:\n",
            "  PL014 unknown-field: error (default warning)\n",
            "overrides for this file:\n",
            "  pipelint.toml:6 (files pipes/*.json): pointers /source; PL011=off\n",
            "  pipelint.toml:10 (files pipes/orders.scaling.json): the whole file; stack-version=2.30\n",
            "paired pipe: pipes/orders.pipe.json (beside it)\n",
        )
    );
}

#[test]
fn show_settings_names_flags_as_the_origin_and_a_glob_as_the_kind_reason() {
    let run = configured()
        .run(&[
            "check",
            "--show-settings",
            "scaling/weekend.json",
            "--api-version",
            "latest",
            "--ignore",
            "PL800",
        ])
        .expect(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines.contains(
            &format!(
                "api-version: {}, the newest pipelint knows (--api-version)",
                pipelint_core::ApiVersion::LATEST.as_str()
            )
            .as_str()
        ),
        "{}",
        run.stdout
    );
    assert!(
        lines.contains(&"stack-version: 2.22 (the default)"),
        "{}",
        run.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "kind: pipe-scaling (the file matches the `[kinds]` globs of `pipe-scaling`"
        )),
        "{}",
        run.stdout
    );
    assert!(
        lines.contains(&"  PL800 plaintext-secret: off (default warning)"),
        "{}",
        run.stdout
    );
    assert!(
        lines.contains(&"overrides: none for this file"),
        "{}",
        run.stdout
    );
    assert!(
        lines.contains(
            &"paired pipe: none (no readable NAME.pipe.json beside it; --pipe names one)"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn show_settings_without_a_config_says_the_defaults_and_a_missing_file_exits_2() {
    let tree = configured();
    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--show-settings",
            "pipes/orders.pipe.json",
        ])
        .expect(0);
    assert_eq!(
        run.stdout,
        concat!(
            "file: pipes/orders.pipe.json\n",
            "config: none: the defaults\n",
            "api-version: 2025-11 (the default)\n",
            "stack-version: 2.22 (the default)\n",
            "kind: create-pipe (the file name ends with `.pipe.json`)\n",
            "rules: every rule at its default level\n",
            "overrides: none for this file\n",
        )
    );
    let run = tree
        .run(&["check", "--show-settings", "missing.json"])
        .expect(2);
    assert!(
        run.stderr.contains("missing.json: not a file"),
        "{}",
        run.stderr
    );
}

#[test]
fn show_settings_says_a_walk_leaves_out_a_file_and_refuses_a_kind_conflict() {
    let tree = configured();
    tree.write("notes/n.json", "{}\n");
    let run = tree
        .run(&["check", "--show-settings", "notes/n.json"])
        .expect(0);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("walks: a directory walk leaves it out")),
        "{}",
        run.stdout
    );
    let run = tree
        .run(&["check", "--show-settings", "pipes/orders.pipe.json"])
        .expect(0);
    assert!(!run.stdout.contains("walks:"), "{}", run.stdout);

    tree.write(
        "pipelint.toml",
        "[kinds]\ncreate-pipe = [\"both/*.json\"]\npipe-scaling = [\"both/*.json\"]\n",
    )
    .write("both/a.json", "{}\n");
    let run = tree
        .run(&["check", "--show-settings", "both/a.json"])
        .expect(2);
    assert!(
        run.stderr.contains("matches the [kinds] globs of both"),
        "{}",
        run.stderr
    );
}

/// A directory walk checks a file of every name the kinds table of the guide documents
/// (`docs/kinds.md`, the File name column) and `*.tf`: each is listed as matched by a default
/// pattern, none as passed over.
#[test]
fn a_walk_checks_every_documented_file_name() {
    let table = common::read("docs/kinds.md");
    let mut patterns: Vec<String> = table
        .lines()
        .filter(|line| line.starts_with("| `"))
        .filter_map(|row| row.trim_end_matches('|').rsplit('|').next())
        .flat_map(|names| names.split(", "))
        .map(|name| name.trim().trim_matches('`').to_owned())
        .collect();
    assert!(patterns.len() >= 16, "{patterns:?}");
    patterns.push("*.tf".to_owned());
    let tree = Tree::new();
    for (i, pattern) in patterns.iter().enumerate() {
        assert!(pattern.starts_with("*."), "{pattern}");
        tree.write(&format!("d{i}/{}", pattern.replace('*', "body")), "{}\n");
    }
    let run = tree.run(&["check", "--show-files", "--isolated"]).expect(0);
    for (i, pattern) in patterns.iter().enumerate() {
        let line = format!("d{i}/{}: ", pattern.replace('*', "body"));
        let listed = run.stdout.lines().find(|l| l.starts_with(&line));
        assert!(
            listed.is_some_and(
                |l| l.ends_with(&format!("matched by the default pattern `{pattern}`"))
            ),
            "{pattern}:\n{}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("not checked"), "{}", run.stdout);
}

/// A month after the newest snapshot (the API's newest, not yet known to this pipelint) is
/// checked as the newest snapshot: the run works, says so once however many files use it,
/// and `--show-settings` says what is in force.
#[test]
fn a_newer_api_version_is_checked_as_the_newest_with_one_notice() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "api-version = \"2099-01\"\n")
        .write("a.scaling.json", "{\"replicas\": 25}\n")
        .write("b.scaling.json", "{\"replicas\": 25}\n");
    let run = tree.run(&["check"]).expect(0);
    let newest = pipelint_core::ApiVersion::LATEST.as_str();
    let notices: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("note: api-version is newer than"))
        .collect();
    assert_eq!(notices.len(), 1, "{}", run.stderr);
    assert!(
        notices[0].contains(&format!("the ClickHouse Cloud API up to {newest}")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("no problems in 2 files"),
        "{}",
        run.stderr
    );
    // The flag the same; a known version says nothing.
    let run = tree
        .run(&["check", "--isolated", "--api-version", "2030-02"])
        .expect(0);
    assert_eq!(run.stderr.matches("note: api-version is newer").count(), 1);
    let run = tree
        .run(&["check", "--isolated", "--api-version", "latest"])
        .expect(0);
    assert!(!run.stderr.contains("note:"), "{}", run.stderr);
    // A month between two snapshots is no version at all.
    let run = tree
        .run(&["check", "--isolated", "--api-version", "2026-06"])
        .expect(2);
    assert!(
        run.stderr.contains(&format!("or a month after `{newest}`")),
        "{}",
        run.stderr
    );
    let run = tree
        .run(&["check", "--show-settings", "a.scaling.json"])
        .expect(0);
    assert!(
        run.stdout.contains(&format!(
            "\napi-version: {newest}, the newest pipelint knows, in place of a later month \
             (`api-version` in pipelint.toml)\n"
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn show_settings_of_a_tf_file_names_its_provider_version_and_where_it_comes_from() {
    let tree = Tree::new();
    tree.write(
        "mod/versions.tf",
        "terraform {\n  required_providers {\n    clickhouse = {\n      source  = \"ClickHouse/clickhouse\"\n      version = \"~> 3.17.0\"\n    }\n  }\n}\n",
    )
    .write("mod/main.tf", "");
    let run = tree
        .run(&["check", "--show-settings", "mod/main.tf"])
        .expect(0);
    assert!(
        run.stdout.contains(
            "provider-version: 3.17.2 (`required_providers` constraint `~> 3.17.0` at \
             mod/versions.tf:5: the newest release it allows, 3.17.3, checks as this bundled \
             version)\napi-version: 2026-05 (what provider 3.17.2 targets)\n"
        ),
        "{}",
        run.stdout
    );
    // No stack release applies to a `.tf` file.
    assert!(!run.stdout.contains("stack-version"), "{}", run.stdout);
    let run = tree
        .run(&[
            "check",
            "--show-settings",
            "mod/main.tf",
            "--provider-version",
            "latest",
            "--api-version",
            "2026-04",
        ])
        .expect(0);
    assert!(
        run.stdout.contains(
            "provider-version: 3.25.3 (--provider-version)\napi-version: 2026-04 (--api-version)\n"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_pin_no_bundled_version_satisfies_is_a_warning_listing_them() {
    let tree = Tree::new();
    tree.write(
        "versions.tf",
        "terraform {\n  required_providers {\n    ch = {\n      source  = \"registry.terraform.io/clickhouse/clickhouse\"\n      version = \">= 9.0\"\n    }\n  }\n}\n",
    );
    let run = tree.run(&["check", "versions.tf"]).expect(0);
    assert!(
        run.stderr.contains(
            "versions.tf:5: warning: the provider constraint `>= 9.0` allows no bundled provider \
             version (bundled: `3.14.0`"
        ) && run.stderr.contains("the nearest, 3.25.3"),
        "{}",
        run.stderr
    );
}
