//! The server's own stdio transport: `Content-Length` framing with a bounded body, JSON-RPC
//! validation, and recovery from malformed messages wherever the framing allows it.
//!
//! `lsp-server` 0.10.0's `Connection::stdio()` allocates whatever `Content-Length` announces
//! before reading a byte of the body (a huge value aborts the process), reads a header line
//! of any length, and ends the connection on the first message it cannot parse, printing the
//! whole body (secrets included) on stderr. The server logic still talks to an
//! `lsp_server::Connection`; this module fills it from stdin and drains it to stdout, with
//! the same zero-capacity channels as `Connection::stdio()`, so that the server sees the same
//! message timing (its debouncing relies on it) and nothing queues up unread.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use crossbeam_channel::Sender;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{Map, Value, json};

use crate::report;

const MIB: u64 = 1024 * 1024;

/// The largest message body the server reads: twice the CLI's default `--max-file-size`
/// (16 MiB), since escaping a document as a JSON string can double it (every `"` and `\`),
/// plus 1 MiB for the JSON-RPC envelope. A larger body is skipped unread.
pub const MAX_BODY_BYTES: u64 = 2 * 16 * MIB + MIB;

// Enough for `didOpen` of a document at the workspace's default size limit even when JSON
// escaping doubles its text.
const _: () = assert!(MAX_BODY_BYTES > 2 * pipelint_workspace::read::DEFAULT_MAX_FILE_SIZE);

/// The most header bytes one message may have (real clients send one or two short lines).
const MAX_HEADER_BYTES: u64 = 8 * 1024;

/// How reading the client's messages ended.
#[derive(Debug, PartialEq)]
pub(crate) enum ReadEnd {
    /// The `exit` notification was passed to the server.
    Exit,
    /// The input ended between two messages.
    Closed,
    /// The input ended inside a message.
    ClosedMidMessage,
    /// The server stopped taking messages.
    ServerGone,
    /// Where the next message starts can no longer be told (the reason).
    Lost(String),
}

/// Serves the language server over `input` and `output` until `exit` or the end of the
/// input; returns the process exit code (see [`crate::run_stdio`]).
pub(crate) fn serve(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> u8 {
    let output = Arc::new(Output(Mutex::new(output)));
    let (to_server, server_inbox) = crossbeam_channel::bounded(0);
    let (server_outbox, to_client) = crossbeam_channel::bounded::<Message>(0);

    let answers = Arc::clone(&output);
    let reader = thread::Builder::new()
        .name("pipelint-lsp-reader".to_owned())
        .spawn(move || {
            // An answer that cannot be written is dropped: the writer thread meets the same
            // broken output, and it is reported once the server ends.
            let mut answer = |response: Value| drop(answers.write_json(&response));
            read_messages(input, &to_server, &mut answer, &mut |note| report(note))
        });
    let writer = thread::Builder::new()
        .name("pipelint-lsp-writer".to_owned())
        .spawn(move || {
            to_client
                .iter()
                .try_for_each(|message| output.write_message(&message))
        });
    let (Ok(reader), Ok(writer)) = (reader, writer) else {
        report("cannot start the threads that read and write messages");
        return 2;
    };

    let connection = Connection {
        sender: server_outbox,
        receiver: server_inbox,
    };
    let served = crate::run(&connection);
    // Dropping the connection ends the writer once it has written everything.
    drop(connection);
    let written = writer.join();

    let mut code = match &served {
        Ok(exit) => exit.code(),
        Err(error) => {
            report(error);
            2
        }
    };
    // The server ends on its own (`Ok`) only after `exit` or when the reader has stopped,
    // so the reader is done then. Otherwise it may still be blocked on stdin, and the
    // process ends without it.
    if served.is_ok() {
        match reader.join() {
            Ok(ReadEnd::ClosedMidMessage) => {
                report("the client closed the connection in the middle of a message");
            }
            Ok(ReadEnd::Lost(reason)) => {
                report(&format!("{reason}; the connection cannot go on"));
                code = 2;
            }
            Ok(_) => {}
            Err(_) => code = 2,
        }
    }
    match written {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            report(&format!("cannot write to the client: {error}"));
            code = 2;
        }
        Err(_) => code = 2,
    }
    code
}

/// The output to the client, shared by the writer thread (the server's messages) and the
/// reader thread (answers to malformed messages). Each message is written whole under the
/// lock and flushed.
struct Output<W>(Mutex<W>);

impl<W: Write> Output<W> {
    fn write_message(&self, message: &Message) -> io::Result<()> {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        message.write(&mut *out)
    }

    fn write_json(&self, value: &Value) -> io::Result<()> {
        let body = value.to_string();
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
        out.flush()
    }
}

/// Reads framed messages until `exit` or the end of the input, passes the valid ones to the
/// server and answers the malformed ones with a JSON-RPC error through `answer`. `note`
/// explains on stderr what was skipped; neither ever carries text from a message body.
pub(crate) fn read_messages(
    mut input: impl BufRead,
    server: &Sender<Message>,
    answer: &mut dyn FnMut(Value),
    note: &mut dyn FnMut(&str),
) -> ReadEnd {
    loop {
        let length = match read_header(&mut input, note) {
            Ok(Some(length)) => length,
            Ok(None) => return ReadEnd::Closed,
            Err(end) => return end,
        };
        if length > MAX_BODY_BYTES {
            let why = format!(
                "a message of {length} bytes is over the server's limit of {MAX_BODY_BYTES} \
                 bytes; it is skipped unread"
            );
            note(&why);
            answer(error_response(Value::Null, ErrorCode::InvalidRequest, &why));
            if let Err(end) = skip(&mut input, length) {
                return end;
            }
            continue;
        }
        let body = match read_body(&mut input, length) {
            Ok(body) => body,
            Err(end) => return end,
        };
        match parse_message(&body) {
            Ok(Some(message)) => {
                let is_exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if server.send(message).is_err() {
                    return ReadEnd::ServerGone;
                }
                if is_exit {
                    return ReadEnd::Exit;
                }
            }
            Ok(None) => {}
            Err(response) => {
                let error = &response["error"];
                note(&format!(
                    "answered a malformed message with error {}: {}",
                    error["code"],
                    error["message"].as_str().unwrap_or_default()
                ));
                answer(response);
            }
        }
    }
}

/// Reads one message header and returns its `Content-Length`, or `None` when the input
/// ends before a new message. Header lines that are not `Name: value` are skipped (the
/// length still says where the body ends); a missing, unreadable or contradictory length
/// leaves no way to find the next message.
fn read_header(
    input: &mut impl BufRead,
    note: &mut dyn FnMut(&str),
) -> Result<Option<u64>, ReadEnd> {
    let mut length = None;
    let mut budget = MAX_HEADER_BYTES;
    let mut started = false;
    loop {
        let mut line = Vec::new();
        let read = input
            .by_ref()
            .take(budget)
            .read_until(b'\n', &mut line)
            .map_err(unreadable)?;
        budget -= read as u64;
        if line.pop() != Some(b'\n') {
            return if budget == 0 {
                Err(ReadEnd::Lost(format!(
                    "a message header longer than {MAX_HEADER_BYTES} bytes"
                )))
            } else if started || read > 0 {
                Err(ReadEnd::ClosedMidMessage)
            } else {
                Ok(None)
            };
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if line.is_empty() {
            if started {
                break;
            }
            // A stray line break between two messages.
            continue;
        }
        started = true;
        let Some((name, value)) = header_field(&line) else {
            note(&format!(
                "skipped a header line that is not `Name: value` ({} bytes)",
                line.len()
            ));
            continue;
        };
        if !name.eq_ignore_ascii_case("Content-Length") {
            // `Content-Type` (always UTF-8 JSON-RPC in practice) and unknown headers.
            continue;
        }
        let value = parse_length(value)?;
        match length {
            Some(earlier) if earlier != value => {
                return Err(ReadEnd::Lost(format!(
                    "two different Content-Length headers ({earlier} and {value})"
                )));
            }
            _ => length = Some(value),
        }
    }
    match length {
        Some(length) => Ok(Some(length)),
        None => Err(ReadEnd::Lost(
            "a message header without Content-Length".to_owned(),
        )),
    }
}

/// The name and value of a `Name: value` header line (the space is optional).
fn header_field(line: &[u8]) -> Option<(&str, &str)> {
    let line = std::str::from_utf8(line).ok()?;
    let (name, value) = line.split_once(':')?;
    let is_token = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
    is_token.then_some((name, value.trim_matches([' ', '\t'])))
}

/// A `Content-Length` value: decimal digits only (no sign, no spaces inside).
fn parse_length(value: &str) -> Result<u64, ReadEnd> {
    let shown: String = value
        .chars()
        .take(40)
        .flat_map(char::escape_debug)
        .collect();
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ReadEnd::Lost(format!(
            "`Content-Length: {shown}` is not a number of bytes"
        )));
    }
    value.parse().map_err(|_| {
        ReadEnd::Lost(format!(
            "`Content-Length: {shown}` is beyond any message size"
        ))
    })
}

/// Reads a body whose length is within the limit; the buffer grows as bytes arrive, so a
/// length the client does not send is never allocated ahead.
fn read_body(input: &mut impl BufRead, length: u64) -> Result<Vec<u8>, ReadEnd> {
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length)
        .read_to_end(&mut body)
        .map_err(unreadable)?;
    if (body.len() as u64) < length {
        return Err(ReadEnd::ClosedMidMessage);
    }
    Ok(body)
}

/// Reads and drops `length` bytes, a buffer at a time.
fn skip(input: &mut impl BufRead, length: u64) -> Result<(), ReadEnd> {
    let skipped =
        io::copy(&mut input.by_ref().take(length), &mut io::sink()).map_err(unreadable)?;
    if skipped < length {
        return Err(ReadEnd::ClosedMidMessage);
    }
    Ok(())
}

fn unreadable(error: io::Error) -> ReadEnd {
    ReadEnd::Lost(format!("cannot read the client's messages: {error}"))
}

/// The message in a body; `Ok(None)` for a response the server can ignore, `Err` with the
/// JSON-RPC error response for a body that is not JSON (-32700) or not a JSON-RPC message
/// (-32600). The error names what is wrong but never quotes the body.
fn parse_message(body: &[u8]) -> Result<Option<Message>, Value> {
    let value: Value = serde_json::from_slice(body).map_err(|error| {
        // serde_json's syntax errors name the problem and its place, not the text.
        let why = format!("the message is not valid JSON: {error}");
        error_response(Value::Null, ErrorCode::ParseError, &why)
    })?;
    let Value::Object(mut object) = value else {
        return Err(invalid(Value::Null, "a JSON-RPC message is a JSON object"));
    };
    // The id goes back in the error when it can be read, so that the client can match it.
    let id = match object.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(id, "`jsonrpc` must be \"2.0\""));
    }
    match object.remove("method") {
        Some(Value::String(method)) => call(method, object, id).map(Some),
        Some(_) => Err(invalid(id, "`method` must be a string")),
        None if object.contains_key("result") || object.contains_key("error") => {
            // A response: the server sends no requests, so none is awaited. JSON-RPC never
            // answers a response, even a malformed one.
            Ok(serde_json::from_value::<Response>(Value::Object(object))
                .ok()
                .map(Message::Response))
        }
        None => Err(invalid(
            id,
            "a JSON-RPC message has a `method` (or a `result` or an `error`)",
        )),
    }
}

/// A request (with an `id`) or a notification (without).
fn call(method: String, mut object: Map<String, Value>, id: Value) -> Result<Message, Value> {
    let params = object.remove("params").unwrap_or(Value::Null);
    if !matches!(params, Value::Null | Value::Object(_) | Value::Array(_)) {
        return Err(invalid(id, "`params` must be an object or an array"));
    }
    let Some(raw_id) = object.remove("id") else {
        return Ok(Notification { method, params }.into());
    };
    let request_id = match raw_id {
        Value::String(text) => Some(RequestId::from(text)),
        Value::Number(number) => number
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(RequestId::from),
        _ => None,
    };
    match request_id {
        Some(request_id) => Ok(Request {
            id: request_id,
            method,
            params,
        }
        .into()),
        None => Err(invalid(
            id,
            "`id` must be a string or an integer between -2^31 and 2^31-1",
        )),
    }
}

fn invalid(id: Value, why: &str) -> Value {
    error_response(
        id,
        ErrorCode::InvalidRequest,
        &format!("not a valid JSON-RPC message: {why}"),
    )
}

fn error_response(id: Value, code: ErrorCode, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    /// What reading a byte stream gives: the messages for the server, the answers to the
    /// client, the notes for stderr, and how it ended.
    struct Outcome {
        messages: Vec<Message>,
        answers: Vec<Value>,
        notes: Vec<String>,
        end: ReadEnd,
    }

    fn read(input: impl BufRead) -> Outcome {
        let (sender, receiver) = crossbeam_channel::unbounded();
        let mut answers = Vec::new();
        let mut notes = Vec::new();
        let end = read_messages(input, &sender, &mut |a| answers.push(a), &mut |n| {
            notes.push(n.to_owned())
        });
        Outcome {
            messages: receiver.try_iter().collect(),
            answers,
            notes,
            end,
        }
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    const HOVER: &str = r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#;
    const EXIT: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;

    fn methods(messages: &[Message]) -> Vec<&str> {
        messages
            .iter()
            .map(|m| match m {
                Message::Request(r) => r.method.as_str(),
                Message::Notification(n) => n.method.as_str(),
                Message::Response(_) => "(response)",
            })
            .collect()
    }

    #[test]
    fn messages_pass_in_order_and_reading_stops_after_exit() {
        let stream = format!("{}{}{}", frame(HOVER), frame(EXIT), frame(HOVER));
        let read = read(Cursor::new(stream));
        assert_eq!(methods(&read.messages), ["textDocument/hover", "exit"]);
        assert_eq!(read.end, ReadEnd::Exit);
        assert!(read.answers.is_empty() && read.notes.is_empty());
    }

    #[test]
    fn a_huge_length_is_skipped_without_allocating_it() {
        // 1 TiB announced, 40 MiB sent: allocating the announced length would abort.
        let header = Cursor::new("Content-Length: 1099511627776\r\n\r\n");
        let read_ = read(io::BufReader::new(
            header.chain(io::repeat(b' ').take(40 * MIB)),
        ));
        assert_eq!(read_.end, ReadEnd::ClosedMidMessage);
        assert_eq!(read_.answers.len(), 1);
        assert_eq!(read_.answers[0]["error"]["code"], -32600);
        assert_eq!(read_.answers[0]["id"], Value::Null);

        // Just over the limit, sent whole: the message after it is read.
        let over = MAX_BODY_BYTES + 1;
        let header = Cursor::new(format!("Content-Length: {over}\r\n\r\n"));
        let next = Cursor::new(frame(HOVER));
        let read_ = read(io::BufReader::new(
            header.chain(io::repeat(b'x').take(over)).chain(next),
        ));
        assert_eq!(methods(&read_.messages), ["textDocument/hover"]);
        assert_eq!(read_.answers.len(), 1);
        assert_eq!(read_.end, ReadEnd::Closed);
    }

    #[test]
    fn malformed_bodies_are_answered_without_quoting_them() {
        const SECRET: &str = "hunter2-secret";
        let bodies = [
            (format!("{{\"password\": \"{SECRET}"), -32700, Value::Null),
            (format!("[\"{SECRET}\"]"), -32600, Value::Null),
            (
                format!(r#"{{"id": 4, "method": "{SECRET}"}}"#),
                -32600,
                json!(4),
            ),
            (
                format!(r#"{{"jsonrpc":"2.0","id":"{SECRET}","method":5}}"#),
                -32600,
                json!(SECRET),
            ),
            (
                format!(r#"{{"jsonrpc":"2.0","method":"x","params":"{SECRET}"}}"#),
                -32600,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#.to_owned(),
                -32600,
                json!(1.5),
            ),
            (
                r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#.to_owned(),
                -32600,
                Value::Null,
            ),
        ];
        for (body, code, id) in bodies {
            let read = read(Cursor::new(frame(&body) + &frame(HOVER)));
            assert_eq!(methods(&read.messages), ["textDocument/hover"], "{body}");
            assert_eq!(read.answers.len(), 1, "{body}");
            assert_eq!(read.answers[0]["error"]["code"], code, "{body}");
            assert_eq!(read.answers[0]["id"], id, "{body}");
            let message = read.answers[0]["error"]["message"].to_string();
            assert!(!message.contains(SECRET), "{message}");
            assert!(!read.notes.concat().contains(SECRET), "{:?}", read.notes);
        }
    }

    #[test]
    fn responses_are_passed_on_or_dropped_but_never_answered() {
        let good = r#"{"jsonrpc":"2.0","id":3,"result":null}"#;
        let unreadable_id = r#"{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}"#;
        let read = read(Cursor::new(frame(good) + &frame(unreadable_id)));
        assert_eq!(methods(&read.messages), ["(response)"]);
        assert!(read.answers.is_empty());
        assert_eq!(read.end, ReadEnd::Closed);
    }

    #[test]
    fn header_lines_that_do_not_fit_are_skipped_when_the_length_is_known() {
        let stream = format!(
            "\r\n\nX-Garbage\r\n\u{7f}\r\nCONTENT-LENGTH:{0}\nContent-Length:\t{0} \r\n\r\n{HOVER}",
            HOVER.len()
        );
        let read = read(Cursor::new(stream));
        assert_eq!(methods(&read.messages), ["textDocument/hover"]);
        assert_eq!(read.notes.len(), 2, "{:?}", read.notes);
        assert_eq!(read.end, ReadEnd::Closed);
    }

    #[test]
    fn a_header_without_a_usable_length_loses_the_stream() {
        let long_line = "A".repeat(10_000);
        let cases = [
            ("Content-Length: 1e3\r\n\r\n", "not a number of bytes"),
            ("Content-Length: +3\r\n\r\n", "not a number of bytes"),
            ("Content-Length: \r\n\r\n", "not a number of bytes"),
            (
                "Content-Length: 99999999999999999999999\r\n\r\n",
                "beyond any message size",
            ),
            (
                "Content-Length: 2\r\nContent-Length: 3\r\n\r\n",
                "two different",
            ),
            ("Content-Type: x\r\n\r\n{}", "without Content-Length"),
            (long_line.as_str(), "longer than"),
        ];
        for (stream, reason) in cases {
            let read = read(Cursor::new(format!("{stream}{}", frame(HOVER))));
            assert!(read.messages.is_empty(), "{stream}");
            match read.end {
                ReadEnd::Lost(why) => assert!(why.contains(reason), "{why}"),
                end => panic!("{stream}: {end:?}"),
            }
        }
    }

    #[test]
    fn the_stream_ending_anywhere_ends_reading_cleanly() {
        let stream = frame(HOVER) + &frame(HOVER);
        let first_end = frame(HOVER).len();
        for cut in 0..=stream.len() {
            let read = read(Cursor::new(&stream.as_bytes()[..cut]));
            let between_messages = cut == 0 || cut == first_end || cut == stream.len();
            let expected = if between_messages {
                ReadEnd::Closed
            } else {
                ReadEnd::ClosedMidMessage
            };
            assert_eq!(read.end, expected, "cut at {cut}");
        }
    }

    #[test]
    fn no_single_byte_corruption_makes_reading_panic_or_loop() {
        let stream = frame(HOVER) + &frame(EXIT);
        for at in 0..stream.len() {
            for byte in [b'\r', b'\n', b':', b'9', b'{', 0xff, 0] {
                let mut bytes = stream.clone().into_bytes();
                bytes[at] = byte;
                // Ends, one way or another, with at most one message per frame.
                let read = read(Cursor::new(bytes));
                assert!(read.messages.len() + read.answers.len() <= 2);
            }
        }
    }
}
