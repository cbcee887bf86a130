//! The closest `pipelint.toml` in the editor: a broken one is shown on the config file and
//! holds the documents it governs back; the files its patterns leave out get nothing.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::client::{Client, fixture};

/// A pipe with an enum case slip: PL011 when linted.
const ENUM_SLIP: &str = "create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json";

/// A fresh directory of its own for one test.
fn project(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("pipelint-lsp-config-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect()
}

/// The latest publication for `uri`, waiting for one that `matches`.
fn published(client: &mut Client, uri: &str, matches: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let message = client.wait_for(&format!("diagnostics for {uri}"), |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && matches(
                m["params"]["diagnostics"]
                    .as_array()
                    .map_or(&[], Vec::as_slice),
            )
    });
    message["params"]["diagnostics"].as_array().unwrap().clone()
}

#[test]
fn a_broken_config_is_shown_on_itself_and_holds_its_documents_back() {
    let dir = project("broken");
    let config = dir.join("pipelint.toml");
    // A broken glob on line 2 after a character outside the BMP: the CLI's column 17 (in
    // characters) is UTF-16 column 17 (0-based), as the emoji takes two units.
    write(&config, "# the 😀 team\nexclude = [\"😀\", \"[bad\"]\n");
    let document = dir.join("orders.pipe.json");
    let text = fixture(ENUM_SLIP);
    write(&document, &text);
    let (config_uri, document_uri) = (file_uri(&config), file_uri(&document));

    let (mut client, _) = Client::start();
    client.open(&document_uri, &text);
    let on_document = client.diagnostics(&document_uri, 1);
    assert_eq!(
        on_document.len(),
        1,
        "only the config problem: {on_document:#?}"
    );
    let message = on_document[0]["message"].as_str().unwrap();
    assert!(message.starts_with("not linted"), "{message}");
    assert!(message.contains("pipelint.toml:2:17: "), "{message}");
    assert_eq!(on_document[0]["severity"], 1);
    assert_eq!(
        on_document[0]["relatedInformation"][0]["location"]["uri"],
        config_uri.as_str()
    );

    let on_config = published(&mut client, &config_uri, |d| !d.is_empty());
    assert_eq!(on_config.len(), 1, "{on_config:#?}");
    assert_eq!(
        on_config[0]["range"]["start"],
        json!({ "line": 1, "character": 17 })
    );
    assert!(
        on_config[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("[bad")),
        "{on_config:#?}"
    );

    // The config is fixed on disk; the next edit lints the document and clears the config.
    write(&config, "[rules]\n# 😀\nunknown-field = \"off\"\n");
    client.change(&document_uri, 2, json!([{ "text": text }]));
    assert_eq!(codes(&client.diagnostics(&document_uri, 2)), ["PL011"]);
    assert_eq!(
        published(&mut client, &config_uri, <[Value]>::is_empty),
        Vec::<Value>::new()
    );

    // Broken again (an unknown rule level): a save lints every open document again.
    write(&config, "[rules]\nunknown-field = \"of\"\n");
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": document_uri } }),
    );
    let on_document = client.diagnostics(&document_uri, 2);
    assert!(
        on_document[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("not linted")),
        "{on_document:#?}"
    );
    let on_config = published(&mut client, &config_uri, |d| !d.is_empty());
    assert_eq!(
        on_config[0]["range"]["start"],
        json!({ "line": 1, "character": 16 })
    );
    assert!(client.shutdown_and_exit().success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_the_config_leaves_out_get_no_diagnostics() {
    let dir = project("exclude");
    write(
        &dir.join("pipelint.toml"),
        "include = [\"bodies/*.json\"]\nexclude = [\"drafts\"]\n",
    );
    let text = fixture(ENUM_SLIP);
    let excluded = file_uri(&dir.join("drafts/orders.pipe.json"));
    // A pipe by its content, under a name the include patterns do not select.
    let not_included = file_uri(&dir.join("other/orders.json"));
    let included = file_uri(&dir.join("bodies/orders.json"));
    let named = file_uri(&dir.join("orders.pipe.json"));

    let (mut client, _) = Client::start();
    client.open(&excluded, &text);
    client.open(&not_included, &text);
    client.open(&included, &text);
    client.open(&named, &text);
    assert_eq!(codes(&client.diagnostics(&included, 1)), ["PL011"]);
    assert_eq!(codes(&client.diagnostics(&named, 1)), ["PL011"]);
    // A request is answered after every pending publication.
    let hover = client.call(
        "textDocument/hover",
        json!({ "textDocument": { "uri": excluded }, "position": { "line": 0, "character": 1 } }),
    );
    assert_eq!(hover, Value::Null);
    let published = client.published_so_far();
    for uri in [&excluded, &not_included] {
        assert!(
            !published.iter().any(|p| p["uri"] == uri.as_str()),
            "{uri}: {published:#?}"
        );
    }
    assert!(client.shutdown_and_exit().success());
    let _ = std::fs::remove_dir_all(&dir);
}
