//! Suppressions that cannot rot: unused overrides are reported, overrides name array items
//! by a stable key or a pattern, `--add-overrides` writes them, and every format shows the
//! pointer an override names.

mod common;

use common::{BAD_PIPE, Tree};

/// A create-pipe body whose columns are `before` (names), then `order_id` with the invalid
/// type `Strng` (PL105, at `/destination/columns/<before.len()>/type`).
fn pipe_with_columns(before: &[&str]) -> String {
    let mut columns: Vec<String> = before
        .iter()
        .map(|name| format!("      {{ \"name\": \"{name}\", \"type\": \"String\" }}"))
        .collect();
    columns.push("      { \"name\": \"order_id\", \"type\": \"Strng\" }".to_owned());
    format!(
        r#"{{
  "name": "orders",
  "source": {{
    "kafka": {{
      "type": "warpstream",
      "format": "JSONEachRow",
      "authentication": "PLAIN",
      "brokers": "serverless.warpstream.com:9092",
      "topics": "orders",
      "credentials": {{ "username": "${{USER}}", "password": "${{PASSWORD}}" }}
    }}
  }},
  "destination": {{
    "database": "shop",
    "table": "orders",
    "managedTable": false,
    "columns": [
{}
    ]
  }}
}}
"#,
        columns.join(",\n")
    )
}

fn override_at(files: &str, pointer: &str) -> String {
    format!(
        "# keep this comment\n[[overrides]]\nfiles = [\"{files}\"]\npointers = [\"{pointer}\"]\n\
         rules = {{ invalid-column-type = \"off\" }}\n"
    )
}

const PIPE: &str = "pipes/orders.pipe.json";

#[test]
fn a_stable_key_keeps_suppressing_after_an_item_is_inserted_before_it() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        &override_at(PIPE, "/destination/columns/[name=order_id]/type"),
    );
    tree.write(PIPE, &pipe_with_columns(&["id"]));
    tree.run(&["check", "."]).expect(0);
    tree.write(PIPE, &pipe_with_columns(&["created_at", "id"]));
    let run = tree.run(&["check", "."]).expect(0);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);
}

#[test]
fn a_star_pattern_covers_every_item() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        &override_at(PIPE, "/destination/columns/*/type"),
    );
    tree.write(PIPE, &pipe_with_columns(&["created_at", "id"]));
    tree.run(&["check", "."]).expect(0);
}

#[test]
fn an_index_pointer_that_drifted_is_reported_as_unused() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        &override_at(PIPE, "/destination/columns/1/type"),
    );
    tree.write(PIPE, &pipe_with_columns(&["id"]));
    let run = tree.run(&["check", "."]).expect(0);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);

    // A column inserted before: the finding is back, and the override names nothing.
    tree.write(PIPE, &pipe_with_columns(&["created_at", "id"]));
    let run = tree
        .run(&["check", ".", "--output-format", "concise"])
        .expect(1);
    assert!(
        run.stdout.contains("[/destination/columns/2/type]"),
        "{}",
        run.stdout
    );
    let warning = run
        .stderr
        .lines()
        .find(|line| line.contains("unused override"))
        .unwrap_or_else(|| panic!("no unused-override warning: {}", run.stderr));
    assert!(
        warning.starts_with("pipelint.toml:2:1: warning: "),
        "{warning}"
    );
    assert!(warning.contains("PL105"), "{warning}");
    assert!(warning.contains(PIPE), "{warning}");
    assert!(
        warning.contains("`/destination/columns/1/type`"),
        "{warning}"
    );
}

#[test]
fn overrides_for_files_not_checked_are_not_reported() {
    let tree = Tree::new();
    let config = format!(
        "{}[[overrides]]\nfiles = [\"pipes/*.json\"]\nrules = {{ PL014 = \"off\" }}\n",
        override_at("pipes/other.pipe.json", "/destination")
    );
    tree.write("pipelint.toml", &config);
    tree.write(PIPE, &pipe_with_columns(&[]));
    tree.write(
        "pipes/other.pipe.json",
        &pipe_with_columns(&["id"]).replace("Strng", "String"),
    );

    // As a pre-commit hook runs: only the staged file is named.
    let run = tree.run(&["check", PIPE]).expect(1);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);

    // The file an override names is checked: that override is reported; the glob one is
    // not (other matching files were not checked).
    let run = tree.run(&["check", "pipes/other.pipe.json"]).expect(0);
    let unused: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("unused override"))
        .collect();
    assert_eq!(unused.len(), 1, "{}", run.stderr);
    assert!(unused[0].contains("pipes/other.pipe.json"), "{}", unused[0]);

    // A walk checks everything: both are reported.
    let run = tree.run(&["check", "."]).expect(1);
    let unused = run.stderr.matches("unused override").count();
    assert_eq!(unused, 2, "{}", run.stderr);
}

#[test]
fn select_does_not_make_an_override_look_unused() {
    let tree = Tree::new();
    tree.write(
        "pipelint.toml",
        &override_at(PIPE, "/destination/columns/[name=order_id]"),
    );
    tree.write(PIPE, &pipe_with_columns(&[]));
    let run = tree.run(&["check", ".", "--select", "PL014"]).expect(0);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);
}

#[test]
fn add_overrides_appends_stable_entries_that_silence_the_current_findings() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "# team settings\nfail-on = \"warning\"\n");
    tree.write(PIPE, &pipe_with_columns(&["id"]));
    tree.write("pipes/bad.pipe.json", BAD_PIPE);
    tree.run(&["check", "."]).expect(1);

    let run = tree.run(&["check", ".", "--add-overrides"]).expect(0);
    assert!(
        run.stderr.contains("added 3 overrides to"),
        "{}",
        run.stderr
    );
    let config = tree.read("pipelint.toml");
    assert!(
        config.starts_with("# team settings\nfail-on = \"warning\"\n"),
        "{config}"
    );
    assert!(
        config.contains("pointers = [\"/destination/columns/[name=order_id]/type\"]"),
        "{config}"
    );
    assert!(config.contains("invalid-column-type = \"off\""), "{config}");

    let run = tree.run(&["check", "."]).expect(0);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);
    // Nothing left to add: the config stays as it is.
    let run = tree.run(&["check", ".", "--add-overrides"]).expect(0);
    assert!(run.stderr.contains("nothing to add"), "{}", run.stderr);
    assert_eq!(tree.read("pipelint.toml"), config);
    // Stable keys: still silent after a column is inserted before the suppressed one.
    tree.write(PIPE, &pipe_with_columns(&["created_at", "id"]));
    tree.run(&["check", "."]).expect(0);
}

#[test]
fn add_overrides_creates_a_config_when_there_is_none() {
    let tree = Tree::new();
    tree.write("pipes/bad.pipe.json", BAD_PIPE);
    tree.run(&["check", ".", "--add-overrides"]).expect(0);
    let config = tree.read("pipelint.toml");
    assert!(
        config.contains("files = [\"pipes/bad.pipe.json\"]"),
        "{config}"
    );
    tree.run(&["check", "."]).expect(0);
}

#[test]
fn add_overrides_anchors_top_level_files() {
    let tree = Tree::new();
    tree.write("bad.pipe.json", BAD_PIPE);
    tree.write("sub/bad.pipe.json", BAD_PIPE);
    tree.run(&["check", "bad.pipe.json", "--add-overrides"])
        .expect(0);
    // The entry names the top-level file only, not every file of that name.
    tree.run(&["check", "bad.pipe.json"]).expect(0);
    tree.run(&["check", "sub/bad.pipe.json"]).expect(1);
}

#[cfg(unix)]
#[test]
fn add_overrides_never_writes_through_a_link() {
    let tree = Tree::new();
    tree.write("elsewhere.toml", "# not a pipelint config\n");
    std::os::unix::fs::symlink(tree.join("elsewhere.toml"), tree.join("pipelint.toml")).unwrap();
    tree.write("pipes/bad.pipe.json", BAD_PIPE);
    let run = tree.run(&["check", ".", "--add-overrides"]).expect(2);
    assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
    assert_eq!(tree.read("elsewhere.toml"), "# not a pipelint config\n");
    assert!(tree.join("pipelint.toml").is_symlink());
}

#[test]
fn full_output_shows_the_pointer_and_concise_keeps_the_errorformat() {
    let tree = Tree::new();
    tree.write(PIPE, &pipe_with_columns(&[]));
    let run = tree.run(&["check", "."]).expect(1);
    assert!(
        run.stdout
            .contains("\n  pointer: /destination/columns/0/type\n"),
        "{}",
        run.stdout
    );
    // Vim's `%f:%l:%c:\ %m`: file, line and column before the message, which holds the rest.
    let run = tree
        .run(&["check", ".", "--output-format", "concise"])
        .expect(1);
    let line = run.stdout.lines().next().unwrap();
    let mut fields = line.splitn(4, ':');
    assert_eq!(fields.next(), Some(PIPE));
    assert!(
        fields.next().is_some_and(|l| l.parse::<usize>().is_ok()),
        "{line}"
    );
    assert!(
        fields.next().is_some_and(|c| c.parse::<usize>().is_ok()),
        "{line}"
    );
    let message = fields.next().unwrap();
    assert!(message.starts_with(" PL105 error "), "{line}");
    assert!(
        message.ends_with(" [/destination/columns/0/type]"),
        "{line}"
    );
}

/// `--add-overrides` edits the config as TOML: a config that writes `overrides` as an inline
/// array gets its entries in that array (appending `[[overrides]]` tables would define the key
/// twice), and the comments and the rest of the text stay as written.
#[test]
fn add_overrides_adds_to_an_inline_overrides_array_and_keeps_the_text() {
    let tree = Tree::new();
    let config = "# mine\nfail-on = \"error\" # keep\noverrides = [{ files = [\"old.json\"], rules = { PL014 = \"off\" } }]\n";
    tree.write("pipelint.toml", config).write(
        "a.scaling.json",
        "{\"replicas\": 2, \"replicaCpuMilicores\": 500}\n",
    );
    let run = tree.run(&["check", "--add-overrides"]).expect(0);
    assert!(run.stderr.contains("added 1 override"), "{}", run.stderr);
    let written = tree.read("pipelint.toml");
    assert!(
        written.starts_with("# mine\nfail-on = \"error\" # keep\n"),
        "{written}"
    );
    assert!(
        written.contains("pointers = [\"/replicaCpuMilicores\"]"),
        "{written}"
    );
    // The entry holds: the finding is gone, and the old entry is reported unused.
    let run = tree.run(&["check"]).expect(0);
    assert!(
        run.stderr.contains("no problems in 1 file"),
        "{}",
        run.stderr
    );
}
