//! A minimal LSP client for tests: runs the built `pipelint lsp` as a child process and
//! speaks JSON-RPC with `Content-Length` framing over its stdin and stdout.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any single wait for the server may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(30);

pub fn fixture(path: &str) -> String {
    crate::common::read(&format!("fixtures/{path}"))
}

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    /// Messages received while waiting for something else.
    backlog: VecDeque<Value>,
    next_id: i64,
    /// Everything the server wrote on stderr so far, and the thread collecting it.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_collector: Option<JoinHandle<()>>,
}

impl Client {
    /// Starts `pipelint lsp` (not yet initialized).
    pub fn spawn() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pipelint"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start pipelint lsp: {e}"));
        let stdin = child.stdin.take();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_collector = child.stderr.take().map(|mut pipe| {
            let stderr = Arc::clone(&stderr);
            std::thread::spawn(move || {
                let mut chunk = [0; 4096];
                while let Ok(n @ 1..) = pipe.read(&mut chunk) {
                    if let Ok(mut collected) = stderr.lock() {
                        collected.extend_from_slice(&chunk[..n]);
                    }
                }
            })
        });
        let Some(stdout) = child.stdout.take() else {
            panic!("no stdout pipe");
        };
        let (sender, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            backlog: VecDeque::new(),
            next_id: 1,
            stderr,
            stderr_collector,
        }
    }

    /// Starts the server and completes the `initialize` handshake; returns the
    /// `InitializeResult`.
    pub fn start() -> (Client, Value) {
        let mut client = Client::spawn();
        let response = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {
                    "textDocument": {
                        "publishDiagnostics": { "relatedInformation": true, "versionSupport": true },
                        "hover": { "contentFormat": ["markdown", "plaintext"] },
                        "codeAction": {
                            "codeActionLiteralSupport": {
                                "codeActionKind": { "valueSet": ["quickfix"] }
                            }
                        }
                    }
                },
                "clientInfo": { "name": "pipelint-tests" }
            }),
        );
        let result = response
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("initialize failed: {response}"));
        client.notify("initialized", json!({}));
        (client, result)
    }

    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
            .unwrap_or_else(|e| panic!("the server stopped reading: {e}"));
    }

    /// Writes bytes to the server's stdin as they are, framed or not.
    pub fn send_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let Some(stdin) = self.stdin.as_mut() else {
            panic!("stdin already closed");
        };
        stdin.write_all(bytes).and_then(|()| stdin.flush())
    }

    /// What the server wrote on stderr: all of it once the process has ended.
    pub fn stderr(&mut self) -> String {
        if let Ok(Some(_)) = self.child.try_wait()
            && let Some(collector) = self.stderr_collector.take()
        {
            let _ = collector.join();
        }
        let collected = self.stderr.lock().map(|c| c.clone()).unwrap_or_default();
        String::from_utf8_lossy(&collected).into_owned()
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns the whole response message (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait_for(&format!("the response to {method} #{id}"), |m| {
            m.get("id") == Some(&json!(id)) && m.get("method").is_none()
        })
    }

    /// The `result` of a request that must succeed.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// The first message (earlier ones first) that matches; others stay queued.
    pub fn wait_for(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&matches) {
            return self.backlog.remove(i).unwrap();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(message) if matches(&message) => return message,
                Ok(message) => self.backlog.push_back(message),
                Err(RecvTimeoutError::Timeout) => panic!("timed out waiting for {what}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server closed its output while we waited for {what}")
                }
            }
        }
    }

    /// The diagnostics published for `uri` at `version` (older publications are skipped).
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let message = self.wait_for(&format!("diagnostics for {uri} v{version}"), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        self.backlog.retain(|m| {
            !(m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"].as_i64().is_some_and(|v| v < version))
        });
        message["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Every publication received so far (without waiting), in order.
    pub fn published_so_far(&mut self) -> Vec<Value> {
        while let Ok(message) = self.incoming.try_recv() {
            self.backlog.push_back(message);
        }
        self.backlog
            .iter()
            .filter(|m| m["method"] == "textDocument/publishDiagnostics")
            .map(|m| m["params"].clone())
            .collect()
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri, "languageId": "json", "version": 1, "text": text
            }}),
        );
    }

    pub fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": changes
            }),
        );
    }

    /// `shutdown` (must answer null), then `exit`; returns the process status.
    pub fn shutdown_and_exit(mut self) -> ExitStatus {
        let result = self.call("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        self.wait()
    }

    /// Closes stdin and waits for the process to end (at most [`TIMEOUT`]).
    pub fn wait(mut self) -> ExitStatus {
        self.close_stdin();
        self.wait_for_exit()
    }

    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Waits for the process to end (at most [`TIMEOUT`]) without closing stdin.
    pub fn wait_for_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Ok(None) => {
                    let _ = self.child.kill();
                    panic!("the server did not exit");
                }
                Err(e) => panic!("waiting for the server: {e}"),
            }
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test must not leave a server behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Reads one framed message; `None` at the end of the stream.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).unwrap_or_else(|e| panic!("server sent bad JSON: {e}")))
}

/// A `file://` URI for a name inside a directory that does not need to exist.
pub fn uri(name: &str) -> String {
    format!("file:///tmp/pipelint-lsp-tests/{name}")
}

/// UTF-16 position of a byte offset, counted independently of the server's code.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character = before[line_start..].encode_utf16().count();
    json!({ "line": line, "character": character })
}

/// The byte offset of a UTF-16 position (which must be valid), for applying edits.
pub fn offset(text: &str, position: &Value) -> usize {
    let line = position["line"].as_u64().unwrap() as usize;
    let character = position["character"].as_u64().unwrap() as usize;
    let mut start = 0;
    for _ in 0..line {
        start += text[start..]
            .find('\n')
            .map_or(text.len() - start, |i| i + 1);
    }
    let mut units = 0;
    for (i, c) in text[start..].char_indices() {
        if units >= character || c == '\n' {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// Applies LSP text edits (as a client does) and returns the new text.
pub fn apply_edits(text: &str, edits: &[Value]) -> String {
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(text, &e["range"]["start"]),
                offset(text, &e["range"]["end"]),
                e["newText"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_owned();
    for (start, end, new_text) in spans {
        out.replace_range(start..end, &new_text);
    }
    out
}
