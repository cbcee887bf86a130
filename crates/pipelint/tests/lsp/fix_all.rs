//! "Fix all" (`source.fixAll`): the safe fixes of a document as one edit per changed
//! region, the same text `pipelint check --fix` writes.

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
    // One edit per fix (the enum case, the broker's scheme): nothing in between goes back.
    assert_eq!(edits.len(), 2, "{edits:#?}");
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

/// The `newText` of every edit of the document's "fix all" action.
fn fix_all_edits(client: &mut Client, uri: &str) -> Vec<Value> {
    let actions = fix_all(client, uri, json!(["source.fixAll"]));
    assert_eq!(actions.len(), 1, "{actions:#?}");
    actions[0]["edit"]["changes"][uri]
        .as_array()
        .unwrap()
        .clone()
}

/// What `pipelint check --fix` writes for `body`.
fn check_fix(name: &str, body: &str) -> String {
    let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"))
        .args([
            "check",
            "--isolated",
            "--fix",
            "--stdin-filename",
            name,
            "-",
        ])
        .current_dir(crate::common::repo_root())
        .write_stdin(body)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn fix_all_never_sends_a_secret_between_two_fixes() {
    // A minified body: the password sits on the same line as both fixes, between them.
    let body = concat!(
        r#"{"name": "app-logs", "source": {"kafka": {"type": "confluent", "format": "JSONEachRow","#,
        r#" "authentication": "scram-sha-512", "brokers": "b.example.com:9092", "topics": "app-logs","#,
        r#" "credentials": {"username": "svc", "password": "Fix-All-Sweep-Pa55word"}}},"#,
        r#" "destination": {"database": "db", "table": "t", "managedTable": false,"#,
        r#" "columns": [{"name": "m", "type": "string"}]}}"#,
    );
    let (mut client, _) = Client::start();
    let uri = uri("leaky.pipe.json");
    client.open(&uri, body);
    client.diagnostics(&uri, 1);
    let edits = fix_all_edits(&mut client, &uri);
    assert_eq!(edits.len(), 2, "{edits:#?}");
    for edit in &edits {
        let new_text = edit["newText"].as_str().unwrap();
        assert!(!new_text.contains("Pa55word"), "{edit}");
        // Nothing unchanged goes back: the edit is no longer than what it changes.
        assert!(new_text.len() <= "SCRAM-SHA-512".len(), "{edit}");
    }
    assert_eq!(
        apply_edits(body, &edits),
        check_fix("leaky.pipe.json", body)
    );
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn fix_all_on_a_minified_body_with_a_thousand_fixes_is_one_edit_each() {
    let columns: Vec<String> = (0..1000)
        .map(|i| {
            format!(
                r#"{{"name": "c{i}", "type": "{}"}}"#,
                ["string", "uint8"][i % 2]
            )
        })
        .collect();
    let body = format!(
        r#"{{"name": "wide", "destination": {{"database": "db", "table": "t", "managedTable": false, "columns": [{}]}}}}"#,
        columns.join(", ")
    );
    let (mut client, _) = Client::start();
    let uri = uri("wide.pipe.json");
    client.open(&uri, &body);
    client.diagnostics(&uri, 1);
    let edits = fix_all_edits(&mut client, &uri);
    assert_eq!(edits.len(), 1000);
    // The settled state `check --fix` reaches, and nothing left to fix there.
    let fixed = apply_edits(&body, &edits);
    assert_eq!(fixed, check_fix("wide.pipe.json", &body));
    client.change(&uri, 2, json!([{ "text": fixed }]));
    client.diagnostics(&uri, 2);
    assert_eq!(
        fix_all(&mut client, &uri, json!(["source.fixAll"])),
        Vec::<Value>::new()
    );
    assert!(client.shutdown_and_exit().success());
}

/// The secret values of `text` (at least 4 bytes long): what the core's masking hides.
fn masked_values(text: &str) -> Vec<String> {
    let masked = pipelint_core::mask_secrets(text);
    let (text_bytes, masked_bytes) = (text.as_bytes(), masked.as_bytes());
    let mut values = Vec::new();
    let mut i = 0;
    while i < text_bytes.len() {
        let start = i;
        while i < text_bytes.len() && text_bytes[i] != masked_bytes[i] {
            i += 1;
        }
        if i - start >= 4 {
            values.push(String::from_utf8_lossy(&text_bytes[start..i]).into_owned());
        }
        i += 1;
    }
    values
}

/// The secret sweep's "fix all" channel: every fixture, each placeholder turned into a
/// literal secret and fixable mistakes put around them, gets "fix all"; no edit carries a
/// planted secret or any value the masking hides.
#[test]
fn no_fix_all_edit_carries_a_secret_of_any_fixture() {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut folders = vec![crate::common::repo_root().join("fixtures")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    let (mut client, _) = Client::start();
    let mut leaked = Vec::new();
    let mut fixed_beside_a_secret = 0;
    for (n, path) in files.iter().enumerate() {
        let Ok(fixture) = String::from_utf8(std::fs::read(path).unwrap()) else {
            continue; // not UTF-8: nothing an editor sends
        };
        let mut planted = Vec::new();
        // Safe fixes around the secrets: an authentication written in lower case (before
        // the credentials) and column types (after them).
        let mut text = fixture.replace("\"type\": \"String\"", "\"type\": \"string\"");
        for auth in ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] {
            text = text.replace(
                &format!("\"authentication\": \"{auth}\""),
                &format!("\"authentication\": \"{}\"", auth.to_lowercase()),
            );
        }
        while let Some(start) = text.find("\"${") {
            let Some(len) = text[start + 1..].find('"') else {
                break;
            };
            let secret = format!("Sweep{n}-{}-Pl4nted", planted.len());
            text.replace_range(start + 1..start + 1 + len, &secret);
            planted.push(secret);
        }
        let kind = path.parent().and_then(|p| p.parent()).unwrap();
        let name = match kind.file_name().and_then(|k| k.to_str()) {
            Some("create-pipe") => format!("f{n}.pipe.json"),
            Some("pipe-scaling") => format!("f{n}.scaling.json"),
            _ => format!("f{n}.json"),
        };
        let uri = uri(&name);
        // No wait for diagnostics: a file that is not a pipelint document gets none.
        client.open(&uri, &text);
        let actions = fix_all(&mut client, &uri, json!(["source.fixAll"]));
        let secrets: Vec<String> = planted.into_iter().chain(masked_values(&text)).collect();
        for action in &actions {
            let edits = action["edit"]["changes"][&uri].as_array().unwrap();
            fixed_beside_a_secret += usize::from(!secrets.is_empty());
            for edit in edits {
                let new_text = edit["newText"].as_str().unwrap();
                leaked.extend(
                    secrets
                        .iter()
                        .filter(|secret| new_text.contains(secret.as_str()))
                        .map(|secret| format!("{}: `{secret}` in {edit}", path.display())),
                );
            }
        }
        client.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri } }),
        );
    }
    assert!(leaked.is_empty(), "{}", leaked.join("\n"));
    // The sweep cannot pass by fixing nothing.
    assert!(fixed_beside_a_secret >= 10, "{fixed_beside_a_secret}");
    assert!(client.shutdown_and_exit().success());
}
