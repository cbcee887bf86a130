//! Protocol-level tests: real JSON-RPC messages to `pipelint lsp` over stdio.

use pipelint_core::{DocumentKind, find_rule};
use serde_json::{Value, json};

use crate::client::{Client, apply_edits, fixture, position, uri};

const ENUM_SLIP: &str = "create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json";
const VALID_KAFKA: &str = "create-pipe/valid/kafka-scram-sha-512.json";

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

fn full_change(text: &str) -> Value {
    json!([{ "text": text }])
}

fn hover_at(client: &mut Client, uri: &str, text: &str, offset: usize) -> Value {
    client.call(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(text, offset) }),
    )
}

#[test]
fn initialize_announces_incremental_sync_hover_and_quick_fixes() {
    let (client, result) = Client::start();
    let capabilities = &result["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    assert_eq!(capabilities["textDocumentSync"]["openClose"], true);
    assert_eq!(capabilities["textDocumentSync"]["change"], 2, "incremental");
    assert!(capabilities["textDocumentSync"]["save"].is_object());
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(
        capabilities["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix", "source.fixAll"])
    );
    assert_eq!(result["serverInfo"]["name"], "pipelint");
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn diagnostics_carry_utf16_positions_severity_code_and_link() {
    // Put multi-byte text before the mistake on the same line: "é" is 2 bytes but 1
    // UTF-16 unit, "😀" 4 bytes but 2 units.
    let text = fixture(ENUM_SLIP)
        .replace("      \"consumerGroup\": \"orders-ingest\",\n", "")
        .replace(
            "      \"authentication\": \"scram-sha-512\",",
            "      \"consumerGroup\": \"café-😀\", \"authentication\": \"scram-sha-512\",",
        );
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes(&diagnostics), ["PL011"], "{diagnostics:#?}");
    let d = &diagnostics[0];
    // Counted by hand: 6 spaces, `"consumerGroup": ` (17), `"café-😀"` (9 units),
    // `, ` (2), `"authentication": ` (18) = 52; the value is 15 units long.
    assert_eq!(
        d["range"],
        json!({ "start": { "line": 6, "character": 52 }, "end": { "line": 6, "character": 67 } })
    );
    assert_eq!(d["severity"], 1, "error");
    assert_eq!(d["source"], "pipelint");
    assert_eq!(
        d["codeDescription"]["href"],
        find_rule("PL011").unwrap().url()
    );
    let message = d["message"].as_str().unwrap();
    assert!(message.starts_with("`scram-sha-512` is not a valid value for `authentication`"));
    assert!(
        message.contains("\nhelp: did you mean `SCRAM-SHA-512`?"),
        "{message}"
    );
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn secondary_labels_become_related_information() {
    let text = "{\n  \"replicas\": 1,\n  \"replicas\": 2\n}\n";
    let (mut client, _) = Client::start();
    let uri = uri("dup.scaling.json");
    client.open(&uri, text);
    let diagnostics = client.diagnostics(&uri, 1);
    let duplicate = diagnostics
        .iter()
        .find(|d| d["code"] == "PL005")
        .unwrap_or_else(|| panic!("no duplicate-key finding: {diagnostics:#?}"));
    assert_eq!(
        duplicate["range"]["start"],
        json!({ "line": 2, "character": 2 })
    );
    assert_eq!(duplicate["severity"], 1);
    let related = &duplicate["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], uri.as_str());
    assert_eq!(
        related["location"]["range"],
        json!({ "start": { "line": 1, "character": 2 }, "end": { "line": 1, "character": 12 } })
    );
    assert_eq!(related["message"], "first given here");
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn warnings_map_to_warning_severity() {
    let text = "{\"replicas\": 2, \"replicaz\": 3}";
    let (mut client, _) = Client::start();
    let uri = uri("typo.scaling.json");
    client.open(&uri, text);
    let diagnostics = client.diagnostics(&uri, 1);
    let unknown = diagnostics
        .iter()
        .find(|d| d["code"] == "PL014")
        .unwrap_or_else(|| panic!("no unknown-field finding: {diagnostics:#?}"));
    assert_eq!(unknown["severity"], 2);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn a_broken_then_fixed_document_gets_a_parse_error_then_nothing() {
    let valid = fixture(VALID_KAFKA);
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, &valid);
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());

    // Full sync: the user deleted the second half of the file.
    let cut = valid.len() / 2;
    let broken = &valid[..cut];
    client.change(&uri, 2, full_change(broken));
    let diagnostics = client.diagnostics(&uri, 2);
    assert_eq!(codes(&diagnostics), ["PL001"], "{diagnostics:#?}");
    assert_eq!(diagnostics[0]["severity"], 1);

    // Incremental sync: type the missing half back at the end.
    let end = position(broken, broken.len());
    client.change(
        &uri,
        3,
        json!([{ "range": { "start": end, "end": end }, "text": &valid[cut..] }]),
    );
    assert_eq!(client.diagnostics(&uri, 3), Vec::<Value>::new());
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn several_incremental_changes_in_one_notification_apply_in_order() {
    let text = "{\"replicas\": 2}";
    let (mut client, _) = Client::start();
    let uri = uri("x.scaling.json");
    client.open(&uri, text);
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());
    // `2` -> `"two"`, then insert a second member after the first change.
    let changes = json!([
        { "range": { "start": { "line": 0, "character": 13 }, "end": { "line": 0, "character": 14 } },
          "text": "\"two\"" },
        { "range": { "start": { "line": 0, "character": 18 }, "end": { "line": 0, "character": 18 } },
          "text": ", \"replicaz\": 1" },
    ]);
    client.change(&uri, 2, changes);
    let diagnostics = client.diagnostics(&uri, 2);
    // `{"replicas": "two", "replicaz": 1}`
    assert_eq!(codes(&diagnostics), ["PL010", "PL014"], "{diagnostics:#?}");
    assert_eq!(
        diagnostics[1]["range"]["start"],
        json!({ "line": 0, "character": 20 })
    );
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn positions_past_the_end_are_clamped_not_fatal() {
    let text = "{\"replicas\": 2}";
    let (mut client, _) = Client::start();
    let uri = uri("clamp.scaling.json");
    client.open(&uri, text);
    client.diagnostics(&uri, 1);
    // A column past the end of the line means the end of the line.
    let far = json!({ "line": 0, "character": 999 });
    client.change(
        &uri,
        2,
        json!([{ "range": { "start": far, "end": far }, "text": "x" }]),
    );
    let diagnostics = client.diagnostics(&uri, 2);
    assert_eq!(codes(&diagnostics), ["PL001"]);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({ "line": 0, "character": 15 })
    );
    // A line past the end means the end of the text; a reversed range is tolerated.
    client.change(
        &uri,
        3,
        json!([{ "range": { "start": { "line": 99, "character": 0 },
                            "end": { "line": 0, "character": 15 } }, "text": "" }]),
    );
    assert_eq!(client.diagnostics(&uri, 3), Vec::<Value>::new());
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn changes_inside_a_surrogate_pair_or_beyond_any_line_are_safe() {
    // "😀" is two UTF-16 units: the first one takes columns 14 and 15, the second 16 and 17.
    let text = "{\"replicas\": \"😀😀\"}";
    let (mut client, _) = Client::start();
    let uri = uri("pair.scaling.json");
    client.open(&uri, text);
    client.diagnostics(&uri, 1);
    // From the middle of the first emoji to the middle of the second: both ends move back
    // to the start of their character, so the first emoji is replaced.
    client.change(
        &uri,
        2,
        json!([{ "range": { "start": { "line": 0, "character": 15 },
                            "end": { "line": 0, "character": 17 } }, "text": "2" }]),
    );
    let diagnostics = client.diagnostics(&uri, 2);
    assert_eq!(codes(&diagnostics), ["PL010"], "{diagnostics:#?}");
    // Now `{"replicas": "2😀"}`. The largest positions the protocol allows mean the end of
    // the text.
    let far = json!({ "line": u32::MAX, "character": u32::MAX });
    client.change(
        &uri,
        3,
        json!([{ "range": { "start": { "line": 0, "character": 13 }, "end": far }, "text": "2}" }]),
    );
    assert_eq!(client.diagnostics(&uri, 3), Vec::<Value>::new());
    // Positions outside the protocol's range reject the notification; the server lives on.
    client.change(
        &uri,
        4,
        json!([{ "range": { "start": { "line": -1, "character": 0 },
                            "end": { "line": 4_294_967_296_i64, "character": 0 } }, "text": "" }]),
    );
    let hover = client.call(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 3 } }),
    );
    assert!(hover["contents"]["value"].is_string(), "{hover}");
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn code_action_replaces_the_enum_slip() {
    let text = fixture(ENUM_SLIP);
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes(&diagnostics), ["PL011"]);
    let range = diagnostics[0]["range"].clone();

    // Only refactorings wanted: no quick fix.
    let none = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": range,
                "context": { "diagnostics": [], "only": ["refactor"] } }),
    );
    assert_eq!(none, json!([]));

    // The cursor anywhere on the value, as an editor asks.
    let cursor = json!({ "line": 6, "character": 30 });
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": cursor, "end": cursor },
                "context": { "diagnostics": diagnostics } }),
    );
    let actions = actions.as_array().unwrap().clone();
    assert_eq!(actions.len(), 1, "{actions:#?}");
    let action = &actions[0];
    assert_eq!(action["title"], "Replace with `SCRAM-SHA-512`");
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(action["isPreferred"], true);
    assert_eq!(action["diagnostics"][0]["code"], "PL011");
    let edits = action["edit"]["changes"][&uri].as_array().unwrap().clone();
    assert_eq!(
        edits,
        [json!({ "range": range, "newText": "\"SCRAM-SHA-512\"" })]
    );

    // Applying it gives a clean document.
    let fixed = apply_edits(&text, &edits);
    assert!(fixed.contains("\"authentication\": \"SCRAM-SHA-512\","));
    client.change(&uri, 2, full_change(&fixed));
    assert_eq!(client.diagnostics(&uri, 2), Vec::<Value>::new());

    // Nothing to fix any more.
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } }),
    );
    assert_eq!(actions, json!([]));
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn code_action_renames_clickhouse_settings_keys() {
    let text = fixture(ENUM_SLIP)
        .replace("scram-sha-512", "SCRAM-SHA-512")
        .replace(
            "\"db_max_insert_threads\"",
            "\"clickhouse_max_insert_threads\"",
        );
    let (mut client, _) = Client::start();
    let uri = uri("settings.pipe.json");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(codes(&diagnostics), ["PL014"], "{diagnostics:#?}");
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": diagnostics[0]["range"],
                "context": { "diagnostics": diagnostics } }),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Rename to `db_max_insert_threads`");
    let edits = action["edit"]["changes"][&uri].as_array().unwrap().clone();
    let fixed = apply_edits(&text, &edits);
    assert_eq!(
        fixed,
        fixture(ENUM_SLIP).replace("scram-sha-512", "SCRAM-SHA-512")
    );
    client.change(&uri, 2, full_change(&fixed));
    assert_eq!(client.diagnostics(&uri, 2), Vec::<Value>::new());
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn hover_shows_the_schema_description_and_the_rule_docs() {
    let text = fixture(ENUM_SLIP);
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, &text);
    client.diagnostics(&uri, 1);

    // On a member's key: its description from the schema.
    let brokers = text.find("\"brokers\"").unwrap() + 3;
    let hover = hover_at(&mut client, &uri, &text, brokers);
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert_eq!(hover["contents"]["kind"], "markdown");
    let description = DocumentKind::CreatePipe
        .describe("/source/kafka/brokers")
        .unwrap_or_else(|| panic!("the schema describes brokers"));
    assert!(shown.contains(description), "{shown}");
    assert!(!shown.contains("PL011"), "{shown}");
    let key_start = text.find("\"brokers\"").unwrap();
    assert_eq!(hover["range"]["start"], position(&text, key_start));

    // On the mistake: the finding, the rule's documentation and its link.
    let value = text.find("\"scram-sha-512\"").unwrap() + 4;
    let hover = hover_at(&mut client, &uri, &text, value);
    let shown = hover["contents"]["value"].as_str().unwrap();
    let Some(rule) = find_rule("PL011") else {
        panic!("PL011 exists");
    };
    assert!(shown.contains("**PL011 `invalid-enum-value`**"), "{shown}");
    let first_doc_line = rule
        .documentation()
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap()
        .to_owned();
    assert!(shown.contains(&first_doc_line), "{shown}");
    assert!(shown.contains(&rule.url()), "{shown}");
    // ... and the member's own description after it.
    let description = DocumentKind::CreatePipe
        .describe("/source/kafka/authentication")
        .unwrap_or_else(|| panic!("the schema describes authentication"));
    assert!(shown.contains(description), "{shown}");

    // Between members: nothing.
    let gap = text.find("{\n    \"kafka\"").unwrap() + 1;
    assert_eq!(hover_at(&mut client, &uri, &text, gap), Value::Null);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn requests_for_unknown_documents_get_an_error_and_the_server_lives_on() {
    let (mut client, _) = Client::start();
    let stranger = uri("never-opened.pipe.json");
    let response = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": stranger }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(response["error"]["code"], -32602, "{response}");
    assert!(
        response["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not open"),
        "{response}"
    );
    let response = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": stranger },
                "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
                "context": { "diagnostics": [] } }),
    );
    assert_eq!(response["error"]["code"], -32602, "{response}");
    let response = client.request("textDocument/formatting", json!({}));
    assert_eq!(response["error"]["code"], -32601, "{response}");
    let response = client.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(response["error"]["code"], -32602, "{response}");
    // A change to a document that is not open is ignored.
    client.change(&stranger, 2, full_change("{"));

    // Still alive and answering.
    let text = fixture(ENUM_SLIP);
    let uri = uri("alive.pipe.json");
    client.open(&uri, &text);
    assert_eq!(codes(&client.diagnostics(&uri, 1)), ["PL011"]);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn other_json_files_get_no_diagnostics() {
    let (mut client, _) = Client::start();
    let package = uri("package.json");
    client.open(&package, "{\"name\": \"web\", \"version\": \"1.0.0\"}");
    let tsconfig = uri("tsconfig.json");
    client.open(&tsconfig, "{ // comments\n \"compilerOptions\": {},\n}");
    // A request is answered only after pending diagnostics are published.
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": package },
                "range": { "start": { "line": 0, "character": 2 }, "end": { "line": 0, "character": 2 } },
                "context": { "diagnostics": [] } }),
    );
    assert_eq!(actions, json!([]));
    assert_eq!(
        hover_at(&mut client, &package, "{\"name\"", 3),
        Value::Null,
        "no hover on other files"
    );
    let published = client.published_so_far();
    assert!(published.is_empty(), "{published:#?}");

    // A file named like a pipe is one, even when it says nothing yet.
    let named = uri("new.pipe.json");
    client.open(&named, "{}");
    let diagnostics = client.diagnostics(&named, 1);
    assert!(codes(&diagnostics).contains(&"PL013"), "{diagnostics:#?}");

    // A pipe under a plain name keeps its diagnostics while the user breaks it.
    let plain = uri("orders.json");
    let valid = fixture(VALID_KAFKA);
    client.open(&plain, &valid);
    assert_eq!(client.diagnostics(&plain, 1), Vec::<Value>::new());
    client.change(&plain, 2, full_change(&valid[..40]));
    assert_eq!(codes(&client.diagnostics(&plain, 2)), ["PL001"]);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn save_relints_and_close_clears_the_diagnostics() {
    let text = fixture(ENUM_SLIP);
    let (mut client, _) = Client::start();
    let uri = uri("orders.pipe.json");
    client.open(&uri, &text);
    assert_eq!(codes(&client.diagnostics(&uri, 1)), ["PL011"]);
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(codes(&client.diagnostics(&uri, 1)), ["PL011"]);
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri } }),
    );
    let cleared = client.wait_for("the clearing publication", |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri.as_str()
            && m["params"]["diagnostics"] == json!([])
    });
    assert!(cleared["params"]["version"].is_null());
    // Closed means unknown.
    let response = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(response["error"]["code"], -32602);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn requests_after_shutdown_are_refused_and_exit_ends_with_0() {
    let (mut client, _) = Client::start();
    assert_eq!(client.call("shutdown", Value::Null), Value::Null);
    let response = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri("a.pipe.json") }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(response["error"]["code"], -32600, "{response}");
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(0));
}

#[test]
fn exit_without_shutdown_ends_with_1() {
    let (mut client, _) = Client::start();
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(1));
}

#[test]
fn closing_stdin_ends_the_server() {
    let (client, _) = Client::start();
    assert_eq!(client.wait().code(), Some(1));
}

#[test]
fn requests_before_initialize_are_refused() {
    let mut client = Client::spawn();
    let response = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri("a.pipe.json") }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(response["error"]["code"], -32002, "{response}");
    let initialized = client.request("initialize", json!({ "capabilities": {} }));
    assert!(
        initialized["result"]["capabilities"].is_object(),
        "{initialized}"
    );
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn secret_values_never_appear_in_what_the_server_sends() {
    const SECRET: &str = "s3cr3t-Hunter2-xyz";
    // A plaintext password, plus mistakes around it so that findings are reported nearby.
    let text = fixture(ENUM_SLIP)
        .replace("${KAFKA_PASSWORD}", SECRET)
        .replace("\"${KAFKA_USERNAME}\"", "42");
    let (mut client, _) = Client::start();
    let uri = uri("secret.pipe.json");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert!(!diagnostics.is_empty());
    let at_secret = text.find(SECRET).unwrap() + 2;
    let hover = hover_at(&mut client, &uri, &text, at_secret);
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri },
                "range": { "start": position(&text, 0), "end": position(&text, text.len()) },
                "context": { "diagnostics": [] } }),
    );
    for sent in [json!(diagnostics), hover, actions] {
        assert!(!sent.to_string().contains(SECRET), "{sent:#}");
    }
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn a_terraform_file_gets_the_clickpipe_findings_at_the_attribute() {
    let text = fixture("terraform/invalid/kafka-auth-for-broker--warpstream-scram.tf");
    let (mut client, _) = Client::start();
    let uri = uri("main.tf");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    let scram = diagnostics
        .iter()
        .find(|d| d["code"] == "PL200")
        .unwrap_or_else(|| panic!("no PL200: {diagnostics:#?}"));
    let line = text
        .lines()
        .position(|l| l.contains("authentication = \"SCRAM-SHA-256\""))
        .unwrap();
    assert_eq!(scram["range"]["start"]["line"], line);
    assert!(client.shutdown_and_exit().success());
}
