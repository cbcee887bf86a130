//! The editor and `pipelint check` prepare a file the same way (through the workspace
//! crate): a scaling patch is paired with the pipe beside it, and "fix all" gives the text
//! `check --fix` writes, a byte-order mark included.

use serde_json::{Value, json};

use crate::client::{Client, apply_edits, fixture};
use crate::common::{KINESIS_PIPE, Tree};

fn file_uri(tree: &Tree, relative: &str) -> String {
    format!("file://{}", tree.join(relative).display())
}

/// `(code, 1-based line)` of the editor's diagnostics.
fn editor_findings(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            let code = d["code"].as_str().unwrap_or_default().to_owned();
            (code, d["range"]["start"]["line"].as_u64().unwrap_or(0) + 1)
        })
        .collect()
}

/// `(code, line)` of `pipelint check --output-format concise` in the tree.
fn check_findings(tree: &Tree, file: &str) -> Vec<(String, u64)> {
    let run = tree.run(&["check", "--output-format", "concise", file]);
    run.stdout
        .lines()
        .filter_map(|line| {
            let (place, rest) = line.split_once(": ")?;
            let line_number = place.split(':').nth(1)?.parse().ok()?;
            Some((rest.split(' ').next()?.to_owned(), line_number))
        })
        .collect()
}

#[test]
fn a_scaling_patch_is_paired_with_the_pipe_beside_it_as_check_pairs_it() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", KINESIS_PIPE);
    tree.write("orders.scaling.json", "{\"replicas\": 2}\n");
    let uri = file_uri(&tree, "orders.scaling.json");
    let (mut client, _) = Client::start();
    client.open(&uri, "{\"replicas\": 2}\n");
    let editor = editor_findings(&client.diagnostics(&uri, 1));
    assert!(client.shutdown_and_exit().success());

    let check = check_findings(&tree, "orders.scaling.json");
    assert!(
        check.contains(&("PL500".to_owned(), 1)),
        "check no longer pairs: {check:?}"
    );
    assert_eq!(editor, check);
}

/// What `pipelint check --fix -` prints for `body`, named `name`, run in `tree`.
fn check_fix(tree: &Tree, name: &str, body: &str) -> String {
    tree.run_with_stdin(
        &["check", "--fix", "--stdin-filename", name, "-"],
        Some(body),
    )
    .stdout
}

#[test]
fn fix_all_and_check_fix_give_the_same_text_for_a_body_with_a_byte_order_mark() {
    let tree = Tree::new();
    let body = format!(
        "\u{feff}{}",
        fixture("create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json")
    );
    let uri = file_uri(&tree, "orders.pipe.json");
    let (mut client, _) = Client::start();
    client.open(&uri, &body);
    client.diagnostics(&uri, 1);
    let zero = json!({ "line": 0, "character": 0 });
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": zero, "end": zero },
                "context": { "diagnostics": [], "only": ["source.fixAll"] } }),
    );
    assert!(client.shutdown_and_exit().success());
    let edits = actions[0]["edit"]["changes"][&uri]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let editor = apply_edits(&body, &edits);

    let check = check_fix(&tree, "orders.pipe.json", &body);
    assert!(check.starts_with('\u{feff}'), "the mark is kept: {check:?}");
    assert!(
        check.contains("SCRAM-SHA-512"),
        "the slip is fixed: {check}"
    );
    assert_eq!(editor, check);
}
