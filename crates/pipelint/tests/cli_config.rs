//! Config files: discovery, `--config`, `--isolated`, errors, overrides, `init`, and the
//! published JSON Schema of the config.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{BAD_PIPE, GOOD_PIPE, Tree, assert_loader_and_schema_agree};

/// A body with two unknown members in different places.
const TWO_UNKNOWN: &str = r#"{
  "name": "app-logs",
  "source": {
    "kafka": {
      "type": "warpstream",
      "format": "JSONEachRow",
      "authentication": "PLAIN",
      "brokers": "serverless.warpstream.com:9092",
      "topics": "app-logs",
      "extraOption": true,
      "credentials": { "username": "${USER}", "password": "${PASSWORD}" }
    }
  },
  "destination": {
    "database": "observability",
    "table": "app_logs",
    "managedTable": false,
    "extraToo": 1,
    "columns": [
      { "name": "timestamp", "type": "DateTime64(3, 'UTC')" },
      { "name": "message", "type": "String" }
    ]
  }
}
"#;

fn concise(tree: &Tree, args: &[&str]) -> common::Run {
    let mut all = vec!["check", "--output-format", "concise"];
    all.extend_from_slice(args);
    tree.run(&all)
}

#[test]
fn the_closest_config_wins_and_nothing_is_merged() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "[rules]\nunknown-field = \"error\"\n")
        .write("a.pipe.json", TWO_UNKNOWN)
        .write("team/.pipelint.toml", "[rules]\nPL011 = \"off\"\n")
        .write("team/b.pipe.json", BAD_PIPE);
    let run = concise(&tree, &[]).expect(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    // The root config makes unknown members errors in a.pipe.json...
    assert!(
        lines[0].starts_with("a.pipe.json:10:7: PL014 error"),
        "{lines:?}"
    );
    // ...but team/ has its own config, which silences PL011 and leaves PL014 a warning.
    assert_eq!(
        lines[2..].iter().map(|l| &l[..34]).collect::<Vec<_>>(),
        ["team/b.pipe.json:10:7: PL014 warni"]
    );
}

#[test]
fn both_config_names_in_one_directory_is_an_error() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "")
        .write(".pipelint.toml", "")
        .write("a.pipe.json", GOOD_PIPE);
    let run = tree.run(&["check"]).expect(2);
    assert!(run.stderr.contains("keep one"), "{}", run.stderr);
}

#[test]
fn explicit_config_and_isolated_replace_discovery() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        "[rules]\nPL011 = \"off\"\nPL014 = \"off\"\n",
    )
    .write("ci/strict.toml", "[rules]\nPL014 = \"error\"\n")
    .write("pipes/b.pipe.json", BAD_PIPE);
    concise(&tree, &[]).expect(0);
    let strict = concise(&tree, &["--config", "ci/strict.toml"]).expect(1);
    assert_eq!(
        strict.concise_codes(),
        [
            "pipes/b.pipe.json:7:25: PL011",
            "pipes/b.pipe.json:10:7: PL014"
        ]
    );
    assert!(strict.stdout.contains("PL014 error"));
    let isolated = concise(&tree, &["--isolated"]).expect(1);
    assert!(isolated.stdout.contains("PL014 warning"));
    tree.run(&["check", "--isolated", "--config", "ci/strict.toml"])
        .expect(2);

    // A --config file's globs are relative to the working directory, not to its own.
    tree.write(
        "ci/strict.toml",
        "exclude = [\"pipes/b.pipe.json\"]\n[rules]\nPL014 = \"error\"\n",
    )
    .write("pipes/c.pipe.json", BAD_PIPE);
    let excluded = concise(&tree, &["--config", "ci/strict.toml"]).expect(1);
    assert!(
        excluded
            .stdout
            .lines()
            .all(|l| l.starts_with("pipes/c.pipe.json"))
    );
}

#[test]
fn config_errors_stop_the_run_with_position_and_suggestion() {
    let tree = Tree::new();
    tree.write("a.pipe.json", GOOD_PIPE);
    for (config, expected) in [
        (
            "fail-on = \"error\"\nexlude = [\"x\"]\n",
            "pipelint.toml:2:1: unknown key `exlude`",
        ),
        ("exlude = [\"x\"]\n", "did you mean `exclude`?"),
        (
            "[rules]\nunknown-feild = \"off\"\n",
            "did you mean `unknown-field`?",
        ),
        ("[rules]\nPL014 = \"of\"\n", "did you mean `off`?"),
        (
            "[kinds]\nscaling = [\"*.json\"]\n",
            "unknown kind `scaling`",
        ),
        (
            "include = [\"a/[b\"]\n",
            "pipelint.toml:1:12: invalid glob `a/[b`",
        ),
        ("fail-on = 3\n", "pipelint.toml:1:11"),
    ] {
        tree.write("pipelint.toml", config);
        let run = tree.run(&["check"]);
        assert_eq!(run.code, 2, "{config}: {run:#?}");
        assert!(run.stderr.contains(expected), "{config}: {}", run.stderr);
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn an_override_silences_a_rule_at_one_pointer_of_one_file() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"pipes/a.pipe.json\"]\npointers = [\"/source/kafka\"]\n\
         rules = { unknown-field = \"off\" }\n\n\
         [[overrides]]\nfiles = [\"legacy/\"]\nrules = { PL014 = \"info\" }\n",
    )
    .write("pipes/a.pipe.json", TWO_UNKNOWN)
    .write("pipes/b.pipe.json", TWO_UNKNOWN)
    .write("legacy/old/c.pipe.json", TWO_UNKNOWN);
    let run = concise(&tree, &[]).expect(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines
            .iter()
            .map(|l| l.split(": PL").next().unwrap_or_default())
            .collect::<Vec<_>>(),
        [
            "legacy/old/c.pipe.json:10:7",
            "legacy/old/c.pipe.json:18:5",
            "pipes/a.pipe.json:18:5",
            "pipes/b.pipe.json:10:7",
            "pipes/b.pipe.json:18:5",
        ]
    );
    assert!(lines[0].contains("PL014 info"));
    assert!(lines[2].contains("PL014 warning"));
}

#[test]
fn init_writes_a_starter_that_works_and_keeps_an_existing_one() {
    let tree = Tree::new();
    tree.write("pipes/a.pipe.json", GOOD_PIPE);
    tree.run(&["init"]).expect(0);
    let written = tree.read("pipelint.toml");
    assert!(written.contains("[[overrides]]"));
    tree.run(&["check"]).expect(0);
    tree.write("pipelint.toml", "# mine\n");
    let again = tree.run(&["init"]).expect(2);
    assert!(again.stderr.contains("--force"), "{}", again.stderr);
    assert_eq!(tree.read("pipelint.toml"), "# mine\n");
    tree.run(&["init", "--force"]).expect(0);
    assert_eq!(tree.read("pipelint.toml"), written);
}

/// The published schema accepts what the loader accepts and rejects what it rejects.
#[test]
fn the_config_schema_agrees_with_the_loader() {
    let starter = tree_starter();
    let uncommented: String = starter
        .lines()
        .map(|l| {
            l.strip_prefix("# ")
                .filter(|r| r.contains(" = ") || r.starts_with("[["))
                .unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n");
    let cases = [
        (starter.as_str(), true),
        (uncommented.as_str(), true),
        ("fail-on = \"info\"\n", true),
        ("[rules]\npl014 = \"error\"\n", true),
        ("fial-on = \"info\"\n", false),
        ("fail-on = \"off\"\n", false),
        ("[rules]\nPL014 = \"warn\"\n", false),
        (
            "[[overrides]]\nfiles = [\"a\"]\nrules = {}\npointer = \"/a\"\n",
            false,
        ),
        (
            "[[overrides]]\nfiles = [\"a\"]\npointers = [\"a\"]\nrules = {}\n",
            false,
        ),
        ("[[overrides]]\nrules = {}\n", false),
        ("include = \"*.json\"\n", false),
    ];
    assert_loader_and_schema_agree(&cases);
}

fn tree_starter() -> String {
    let tree = Tree::new();
    tree.run(&["init"]).expect(0);
    tree.read("pipelint.toml")
}

#[cfg(unix)]
#[test]
fn init_never_writes_through_a_symbolic_link() {
    let tree = Tree::new();
    let outside = tree.join("victim.toml");
    std::fs::create_dir_all(tree.join("project")).unwrap();
    // Dangling: writing through it would create the file it names.
    std::os::unix::fs::symlink(&outside, tree.join("project/pipelint.toml")).unwrap();
    for args in [&["init", "project"][..], &["init", "--force", "project"]] {
        let run = tree.run(args).expect(2);
        assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
        assert!(!outside.exists(), "{args:?} wrote through the link");
    }
    // A link to an existing file: the file is left as it is, even with --force.
    tree.write("victim.toml", "# shared\n");
    tree.run(&["init", "--force", "project"]).expect(2);
    assert_eq!(tree.read("victim.toml"), "# shared\n");
    // A dangling `.pipelint.toml` counts as a config that is there.
    std::fs::remove_file(tree.join("project/pipelint.toml")).unwrap();
    std::os::unix::fs::symlink(tree.join("gone.toml"), tree.join("project/.pipelint.toml"))
        .unwrap();
    tree.run(&["init", "project"]).expect(2);
    assert!(!tree.join("gone.toml").exists());
    assert!(!tree.join("project/pipelint.toml").exists());
}

/// A fresh `init` checks against today's API: a patch it accepts (`replicas: 25`, allowed from
/// 2026-04 on) passes without a warning, where the contract's version would warn.
#[test]
fn a_fresh_init_accepts_what_todays_api_accepts() {
    let tree = Tree::new();
    tree.write("orders.scaling.json", "{\"replicas\": 25}\n");
    let before = tree.run(&["check", "--output-format", "concise"]).expect(0);
    assert!(before.stdout.contains("PL746 warning"), "{before:#?}");
    tree.run(&["init"]).expect(0);
    let after = tree.run(&["check", "--output-format", "concise"]).expect(0);
    assert_eq!(after.stdout, "", "{after:#?}");
    assert!(after.stderr.contains("no problems in 1 file"), "{after:#?}");
}
