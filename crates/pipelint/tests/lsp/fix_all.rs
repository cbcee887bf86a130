//! "Fix all" (`source.fixAll`): the safe fixes of a document as one edit, the same text
//! `pipelint check --fix` writes.

use serde_json::{Value, json};

use crate::client::{Client, apply_edits, uri};

/// A safe fix (the enum case), an unsafe one (`http` registry), a safe fix next to a
/// secret on the same line, and an emoji before it all (UTF-16 positions).
const BODY: &str = concat!(
    "{\n",
    "  \"name\": \"app-logs 😀\",\n",
    "  \"source\": {\"kafka\": {\"type\": \"confluent\", \"format\": \"JSONEachRow\",\n",
    "    \"authentication\": \"scram-sha-512\", \"brokers\": \"SASL_SSL://b.example.com:9092\",\n",
    "    \"topics\": \"app-logs\",\n",
    "    \"credentials\": {\"username\": \"svc\", \"password\": \"Tr0ub4dor-and-3-horses\"},\n",
    "    \"schemaRegistry\": {\"url\": \"http://registry.example.com\"}}},\n",
    "  \"destination\": {\"database\": \"db\", \"table\": \"t\", \"managedTable\": false,\n",
    "    \"columns\": [{\"name\": \"m\", \"type\": \"String\"}]}\n",
    "}\n"
);

fn fix_all(client: &mut Client, uri: &str, only: Value) -> Vec<Value> {
    let zero = json!({ "line": 0, "character": 0 });
    client
        .call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": { "start": zero, "end": zero },
                    "context": { "diagnostics": [], "only": only } }),
        )
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn fix_all_applies_the_safe_fixes_as_check_fix_does() {
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, BODY);
    client.diagnostics(&uri, 1);

    // Quick fixes only: no "fix all".
    let quick = fix_all(&mut client, &uri, json!(["quickfix"]));
    assert!(quick.iter().all(|a| a["kind"] == "quickfix"), "{quick:#?}");

    let actions = fix_all(&mut client, &uri, json!(["source.fixAll"]));
    assert_eq!(actions.len(), 1, "{actions:#?}");
    assert_eq!(actions[0]["kind"], "source.fixAll");
    let edits = actions[0]["edit"]["changes"][&uri]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(edits.len(), 1, "{edits:#?}");
    let fixed = apply_edits(BODY, &edits);
    assert!(fixed.contains("\"SCRAM-SHA-512\""), "{fixed}");
    assert!(
        fixed.contains("\"brokers\": \"b.example.com:9092\""),
        "{fixed}"
    );
    assert!(
        fixed.contains("\"http://registry.example.com\""),
        "unsafe fix applied: {fixed}"
    );
    assert!(fixed.contains("\"Tr0ub4dor-and-3-horses\""), "{fixed}");
    assert!(
        fixed.starts_with("{\n  \"name\": \"app-logs 😀\",\n"),
        "{fixed}"
    );

    // The same text as the command line writes.
    let cli = crate::common::repo_root();
    let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"))
        .args([
            "check",
            "--isolated",
            "--fix",
            "--stdin-filename",
            "orders.pipe.json",
            "-",
        ])
        .current_dir(cli)
        .write_stdin(BODY)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), fixed);

    // A "source" menu asks for every source action: fix all is one of them.
    assert_eq!(fix_all(&mut client, &uri, json!(["source"])).len(), 1);

    // Once applied, nothing is left to fix.
    client.change(&uri, 2, json!([{ "text": fixed }]));
    client.diagnostics(&uri, 2);
    assert_eq!(
        fix_all(&mut client, &uri, json!(["source.fixAll"])),
        Vec::<Value>::new()
    );
    assert!(client.shutdown_and_exit().success());
}
