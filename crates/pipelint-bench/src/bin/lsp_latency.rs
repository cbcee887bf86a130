//! `lsp-latency --server target/release/pipelint --file BODY [--edits 20]`
//!
//! Edit-to-diagnostics latency of the language server, measured as an editor sees it: starts
//! `SERVER lsp`, speaks LSP to it over stdio, opens `BODY` and sends `--edits` incremental
//! `didChange` notifications, each timed from writing it to reading the
//! `publishDiagnostics` of that version. The edits set the first `"replicas": N` of the body
//! to 99 (above the schema's maximum: one finding, so the finding's position is computed)
//! and back to 2 (clean), in turn; the two are reported apart.
//!
//! Whole process over stdio rather than a call into the core: the number is what a user
//! waits for, transport, position conversion and the server's own bookkeeping included.
//!
//! Prints one JSON object: the body's size, the `didOpen` latency, and min / median / max in
//! milliseconds of the edits with a finding and of the clean ones.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::Instant;

use clap::Parser;
use serde_json::{Value, json};

#[derive(Parser)]
#[command(about = "Time language-server edits of a body, over stdio")]
struct Args {
    /// The pipelint binary (started as `SERVER lsp`).
    #[arg(long)]
    server: PathBuf,
    /// The body to open; it must contain `"replicas": <number>`.
    #[arg(long)]
    file: PathBuf,
    /// Number of edits (half with a finding, half clean).
    #[arg(long, default_value_t = 20)]
    edits: usize,
}

/// The value of the edits with a finding (the schema's maximum is 40) and of the clean ones.
const OUT_OF_RANGE: &str = "99";
const IN_RANGE: &str = "2";

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("lsp-latency: {error}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<Value, String> {
    let path =
        std::fs::canonicalize(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (line, start, mut end) = replicas_value(&text)
        .ok_or_else(|| format!("{}: no `\"replicas\": N` member", path.display()))?;
    let uri = file_uri(&path.to_string_lossy());
    let root = file_uri(&path.parent().unwrap_or(&path).to_string_lossy());

    let mut server = Server::start(&args.server)?;
    server.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": std::process::id(), "rootUri": root, "capabilities": {}}}))?;
    server.wait_for_response(1)?;
    server.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}))?;

    let opened = Instant::now();
    server.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}}),
    )?;
    server.wait_for_diagnostics(&uri, 1)?;
    let open_ms = ms(opened);

    let (mut with_finding, mut clean) = (Vec::new(), Vec::new());
    for edit in 0..args.edits {
        let version = edit as i64 + 2;
        let value = if edit % 2 == 0 {
            OUT_OF_RANGE
        } else {
            IN_RANGE
        };
        let change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {
                "start": {"line": line, "character": start},
                "end": {"line": line, "character": end}}, "text": value}]}});
        let sent = Instant::now();
        server.send(&change)?;
        let found = server.wait_for_diagnostics(&uri, version)?;
        let elapsed = ms(sent);
        end = start + value.len();
        // The edit must have the effect it is counted for.
        match (value, found) {
            (OUT_OF_RANGE, 0) => return Err(format!("edit {edit}: no finding for {value}")),
            (OUT_OF_RANGE, _) => with_finding.push(elapsed),
            (_, 0) => clean.push(elapsed),
            (_, n) => return Err(format!("edit {edit}: {n} finding(s) on a clean body")),
        }
    }
    server.shut_down()?;
    Ok(json!({
        "file_bytes": text.len(),
        "open_ms": open_ms,
        "finding": summary(&mut with_finding),
        "clean": summary(&mut clean),
    }))
}

/// Line and UTF-16 columns of the number in the first `"replicas": N` (the body is ASCII
/// there, so byte columns are UTF-16 columns).
fn replicas_value(text: &str) -> Option<(usize, usize, usize)> {
    const KEY: &str = "\"replicas\": ";
    text.lines().enumerate().find_map(|(line, content)| {
        let start = content.find(KEY)? + KEY.len();
        let digits = content[start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        (digits > 0 && content[..start].is_ascii()).then_some((line, start, start + digits))
    })
}

fn file_uri(path: &str) -> String {
    let mut uri = String::from("file://");
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

fn summary(times: &mut [f64]) -> Value {
    times.sort_by(f64::total_cmp);
    let median = match times.len() {
        0 => None,
        n if n % 2 == 1 => Some(times[n / 2]),
        n => Some((times[n / 2 - 1] + times[n / 2]) / 2.0),
    };
    json!({"n": times.len(), "min_ms": times.first(), "median_ms": median, "max_ms": times.last()})
}

struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Server {
    fn start(binary: &PathBuf) -> Result<Server, String> {
        let mut child = Command::new(binary)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(String::from("no pipes to the server"));
        };
        Ok(Server {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing to the server: {e}"))
    }

    fn receive(&mut self) -> Result<Value, String> {
        let mut length = None;
        loop {
            let mut header = String::new();
            let read = self
                .output
                .read_line(&mut header)
                .map_err(|e| format!("reading from the server: {e}"))?;
            if read == 0 {
                return Err(String::from("the server closed its output"));
            }
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse::<usize>().ok();
            }
        }
        let length = length.ok_or("a message without Content-Length")?;
        let mut body = vec![0; length];
        self.output
            .read_exact(&mut body)
            .map_err(|e| format!("reading from the server: {e}"))?;
        serde_json::from_slice(&body).map_err(|e| format!("a message that is not JSON: {e}"))
    }

    fn wait_for_response(&mut self, id: i64) -> Result<Value, String> {
        loop {
            let message = self.receive()?;
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return Ok(message);
            }
        }
    }

    /// Reads messages until the diagnostics of `uri` at `version`; returns how many.
    fn wait_for_diagnostics(&mut self, uri: &str, version: i64) -> Result<usize, String> {
        loop {
            let message = self.receive()?;
            if message["method"] != "textDocument/publishDiagnostics" {
                continue;
            }
            let params = &message["params"];
            if params["uri"] == uri && params["version"] == version {
                return Ok(params["diagnostics"].as_array().map_or(0, Vec::len));
            }
        }
    }

    fn shut_down(mut self) -> Result<(), String> {
        self.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))?;
        self.wait_for_response(2)?;
        self.send(&json!({"jsonrpc": "2.0", "method": "exit"}))?;
        drop(self.input);
        self.child
            .wait()
            .map_err(|e| format!("waiting for the server: {e}"))?;
        Ok(())
    }
}
