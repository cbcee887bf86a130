//! The `[*]` marker on findings `--fix` would fix, and the summary's fixable counts.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::Tree;

/// `scram-sha-256` has a safe fix (the API's spelling); `replicaz` an unsafe one (a guess).
fn tree() -> Tree {
    let tree = Tree::new();
    let pipe = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/create-pipe/valid/kafka-redpanda-scram-sha-256.json"),
    )
    .unwrap()
    .replace("\"SCRAM-SHA-256\"", "\"scram-sha-256\"");
    tree.write("orders.pipe.json", &pipe);
    tree.write("guess.scaling.json", "{\"replicaz\": 3}\n");
    tree
}

#[test]
fn only_what_fix_applies_is_marked_and_counted() {
    let tree = tree();
    let run = tree
        .run(&["check", "--isolated", "--output-format", "concise", "."])
        .expect(1);
    let line = |code: &str| {
        run.stdout
            .lines()
            .find(|l| l.contains(code))
            .unwrap_or_else(|| panic!("no {code}: {}", run.stdout))
            .to_owned()
    };
    assert!(
        line("PL011").contains(": PL011 [*] error "),
        "{}",
        run.stdout
    );
    assert!(line("PL014").contains(": PL014 warning "), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("; 1 fixable with `--fix` (1 more with `--unsafe-fixes`)"),
        "{}",
        run.stderr
    );

    // With `--unsafe-fixes`, `--fix` would apply both.
    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--unsafe-fixes",
            "--output-format",
            "concise",
            ".",
        ])
        .expect(1);
    assert_eq!(run.stdout.matches(" [*] ").count(), 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("; 2 fixable with `--fix`\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn full_output_marks_the_code_line() {
    let run = tree().run(&["check", "--isolated", "."]).expect(1);
    assert!(
        run.stdout.contains("PL011(invalid-enum-value) [*] ("),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("PL014(unknown-field) ("),
        "{}",
        run.stdout
    );
}

#[test]
fn unsafe_only_fixes_name_both_flags_and_fix_runs_keep_their_own_line() {
    let tree = Tree::new();
    tree.write("guess.scaling.json", "{\"replicaz\": 3}\n");
    let run = tree.run(&["check", "--isolated", "."]).expect(0);
    assert!(
        run.stderr
            .contains("; 1 fixable with `--fix --unsafe-fixes`"),
        "{}",
        run.stderr
    );
    // After `--fix`, the fix line says what is left; the summary does not repeat it.
    let run = tree.run(&["check", "--isolated", "--fix", "."]).expect(0);
    assert!(!run.stderr.contains("fixable with"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("1 more fix available with `--unsafe-fixes`"),
        "{}",
        run.stderr
    );
}
