//! `NAME.scaling.json` is checked against the `NAME.pipe.json` beside it, as with `--pipe`,
//! unless `--no-pair`; an explicit `--pipe` wins.

mod common;

use common::{KINESIS_PIPE, Tree};

/// An object-storage pipe, which `replicas` does not apply to.
const S3_PIPE: &str =
    include_str!("../../../fixtures/create-pipe/valid/objectstorage-s3-public.json");

/// `replicas` does not apply to an object-storage pipe (PL500).
const REPLICAS: &str = "{\n  \"replicas\": 3\n}\n";

fn concise(tree: &Tree, args: &[&str]) -> String {
    let mut all = vec!["check", "--isolated", "--output-format", "concise"];
    all.extend_from_slice(args);
    // Warnings only: exit 0 (2 would be a usage error, such as an unknown flag).
    tree.run(&all).expect(0).stdout
}

#[test]
fn a_patch_beside_its_pipe_is_paired() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", S3_PIPE);
    tree.write("orders.scaling.json", REPLICAS);
    // Another name is not paired.
    tree.write("other.scaling.json", REPLICAS);
    for args in [&["."][..], &["orders.scaling.json"][..]] {
        let out = concise(&tree, args);
        assert!(
            out.contains(
                "orders.scaling.json:2:3: PL500 warning `replicas` does not apply to the \
                 paired pipe, an object-storage pipe"
            ),
            "{args:?}: {out}"
        );
        assert!(!out.contains("other.scaling.json:2:3: PL500"), "{out}");
    }
}

#[test]
fn stdin_is_paired_by_its_stdin_filename() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", S3_PIPE);
    let run = tree.run_with_stdin(
        &[
            "check",
            "--isolated",
            "--output-format",
            "concise",
            "--stdin-filename",
            "orders.scaling.json",
            "-",
        ],
        Some(REPLICAS),
    );
    assert!(run.stdout.contains("PL500"), "{run:#?}");
}

#[test]
fn no_pair_turns_it_off() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", S3_PIPE);
    tree.write("orders.scaling.json", REPLICAS);
    let out = concise(&tree, &["--no-pair", "orders.scaling.json"]);
    assert!(!out.contains("PL500"), "{out}");
}

#[test]
fn an_explicit_pipe_wins_over_the_pair() {
    let tree = Tree::new();
    // Beside it, a Kinesis pipe (replicas apply); given, an object-storage one (they do not).
    tree.write("orders.pipe.json", KINESIS_PIPE);
    tree.write("given.json", S3_PIPE);
    tree.write("orders.scaling.json", REPLICAS);
    assert!(!concise(&tree, &["orders.scaling.json"]).contains("PL500"));
    let out = concise(&tree, &["--pipe", "given.json", "orders.scaling.json"]);
    assert!(out.contains("PL500"), "{out}");
}

#[test]
fn an_unreadable_pair_is_ignored() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", "{ not json");
    tree.write("orders.scaling.json", REPLICAS);
    let out = concise(&tree, &["orders.scaling.json"]);
    assert_eq!(out, "", "the patch alone is clean");
}
