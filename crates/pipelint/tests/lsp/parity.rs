//! The editor shows what `pipelint check` prints, and "fix all" writes what `check --fix -`
//! writes, for every file of one project (`tests/data/parity/`): a scaling patch paired with
//! the pipe beside it, `[rules]` levels, a per-pointer override, a `[kinds]` glob, a
//! byte-order mark and CRLF line ends. The Python package runs the same project in
//! `crates/pipelint-py/tests/test_parity.py`.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::client::{Client, apply_edits};
use crate::common::repo_root;

fn project() -> PathBuf {
    repo_root()
        .join("crates/pipelint/tests/data/parity")
        .canonicalize()
        .unwrap()
}

/// The project's JSON files, by their path from its root.
fn files(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let relative = path.strip_prefix(root).unwrap();
                found.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    found.sort();
    found
}

fn pipelint(root: &Path, args: &[&str], stdin: Option<&[u8]>) -> Vec<u8> {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"));
    command.args(args).current_dir(root);
    if let Some(stdin) = stdin {
        command.write_stdin(stdin);
    }
    command.output().unwrap().stdout
}

/// (code, 1-based line) of each finding `pipelint check` reports for `file`.
fn cli_findings(root: &Path, file: &str) -> Vec<(String, u64)> {
    let out = pipelint(root, &["check", "--output-format", "json", file], None);
    let findings: Vec<Value> = serde_json::from_slice(&out).unwrap();
    let mut found: Vec<(String, u64)> = findings
        .iter()
        .map(|f| {
            let code = f["code"].as_str().unwrap().to_owned();
            (code, f["start"]["line"].as_u64().unwrap())
        })
        .collect();
    found.sort();
    found
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn editor_findings(client: &mut Client, uri: &str) -> Vec<(String, u64)> {
    let mut found: Vec<(String, u64)> = client
        .diagnostics(uri, 1)
        .iter()
        .map(|d| {
            let code = d["code"].as_str().unwrap().to_owned();
            (code, d["range"]["start"]["line"].as_u64().unwrap() + 1)
        })
        .collect();
    found.sort();
    found
}

fn fix_all_text(client: &mut Client, uri: &str, text: &str) -> String {
    let zero = json!({ "line": 0, "character": 0 });
    let actions = client.call(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": zero, "end": zero },
                "context": { "diagnostics": [], "only": ["source.fixAll"] } }),
    );
    match actions.as_array().unwrap().as_slice() {
        [] => text.to_owned(),
        [action] => apply_edits(text, action["edit"]["changes"][uri].as_array().unwrap()),
        more => panic!("one fix-all action at most: {more:#?}"),
    }
}

#[test]
fn the_editor_shows_and_fixes_what_check_does_for_every_scenario() {
    let root = project();
    let files = files(&root);
    assert_eq!(files.len(), 5, "{files:?}");
    let (mut client, _) = Client::start();
    for file in &files {
        let path = root.join(file);
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let uri = file_uri(&path);
        client.open(&uri, &text);

        let cli = cli_findings(&root, file);
        let editor = editor_findings(&mut client, &uri);
        assert_eq!(
            editor, cli,
            "{file}: the editor and `pipelint check` differ"
        );

        let args = ["check", "--fix", "--stdin-filename", file.as_str(), "-"];
        let fixed = pipelint(&root, &args, Some(&bytes));
        let fixed = String::from_utf8(fixed).unwrap();
        assert_eq!(
            fix_all_text(&mut client, &uri, &text),
            fixed,
            "{file}: fix all and `check --fix -` differ"
        );
    }
    assert!(client.shutdown_and_exit().success());
}

/// The scenarios are there: a test that compared empty lists would prove nothing.
#[test]
fn every_scenario_has_the_findings_it_is_there_for() {
    let root = project();
    let has = |file: &str, code: &str| cli_findings(&root, file).iter().any(|(c, _)| c == code);
    // Pairing: `concurrency` does not apply to the Kinesis pipe beside the patch.
    assert!(has("kinesis/orders.scaling.json", "PL500"));
    // The `[kinds]` glob makes `pipes/legacy.json` a create body; `[rules]` raises
    // unknown-field; the override silences one column type, not the other.
    assert!(has("pipes/legacy.json", "PL014"));
    let legacy = pipelint(
        &root,
        &["check", "--output-format", "json", "pipes/legacy.json"],
        None,
    );
    let legacy: Vec<Value> = serde_json::from_slice(&legacy).unwrap();
    let types: Vec<&str> = legacy
        .iter()
        .filter(|f| f["code"] == "PL105")
        .map(|f| f["pointer"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["/destination/columns/3/type"]);
    assert!(
        legacy
            .iter()
            .any(|f| f["code"] == "PL014" && f["severity"] == "error")
    );
    // The byte-order mark and CRLF files have fixes, which the fix comparison applies.
    for file in ["bom.pipe.json", "crlf.pipe.json"] {
        let bytes = std::fs::read(root.join(file)).unwrap();
        let args = ["check", "--fix", "--stdin-filename", file, "-"];
        let fixed = pipelint(&root, &args, Some(&bytes));
        assert_ne!(fixed, bytes, "{file}: nothing fixed");
    }
    assert!(
        std::fs::read(root.join("bom.pipe.json"))
            .unwrap()
            .starts_with(b"\xEF\xBB\xBF")
    );
    let crlf = std::fs::read_to_string(root.join("crlf.pipe.json")).unwrap();
    assert_eq!(crlf.matches("\r\n").count(), crlf.matches('\n').count());
}
