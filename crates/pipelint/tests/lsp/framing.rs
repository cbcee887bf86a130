//! Malformed input on the wire: `pipelint lsp` is sent raw bytes (bad framing, bodies that are
//! not JSON or not JSON-RPC, huge `Content-Length`s, a client that dies mid-message) and must
//! answer what it can, keep serving the messages that follow, and otherwise stop cleanly.

use serde_json::{Value, json};

use crate::client::{Client, uri};

/// Over the server's body limit (33 MiB), so that the body is skipped unread.
const OVER_LIMIT: usize = 40 << 20;

/// A body with its `Content-Length` header, as a well-behaved client frames it.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

fn send_raw(client: &mut Client, bytes: &[u8]) {
    client
        .send_raw(bytes)
        .unwrap_or_else(|e| panic!("the server stopped reading: {e}"));
}

/// The next error response the server sends, with the id it carries.
fn next_error(client: &mut Client) -> (Value, Value) {
    let response = client.wait_for("an error response", |m| {
        m.get("error").is_some() && m.get("method").is_none()
    });
    assert_eq!(response["jsonrpc"], "2.0", "{response}");
    (response["id"].clone(), response["error"].clone())
}

/// A hover request for a document that is not open: any live server answers it (with an
/// error), so a response proves the server is still reading and answering.
fn hover_request(id: i64) -> Vec<u8> {
    let request = json!({
        "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": uri("a.pipe.json") },
                    "position": { "line": 0, "character": 0 } }
    });
    request.to_string().into_bytes()
}

/// `shutdown` then `exit`, which must end the server with 0; returns its stderr.
fn shut_down(client: &mut Client) -> String {
    assert_eq!(client.call("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    let status = client.wait_for_exit();
    let stderr = client.stderr();
    assert!(status.success(), "{status}: {stderr}");
    stderr
}

fn assert_answered(client: &mut Client, id: i64) {
    let response = client.wait_for(&format!("the answer to request #{id}"), |m| {
        m["id"] == id && m.get("method").is_none()
    });
    assert_eq!(response["error"]["code"], -32602, "{response}");
}

#[test]
fn an_over_large_message_is_skipped_and_the_next_one_answered() {
    assert!(OVER_LIMIT as u64 > pipelint_lsp::MAX_BODY_BYTES);
    let (mut client, _) = Client::start();
    send_raw(
        &mut client,
        format!("Content-Length: {OVER_LIMIT}\r\n\r\n").as_bytes(),
    );
    let (id, error) = next_error(&mut client);
    assert_eq!(id, Value::Null);
    assert_eq!(error["code"], -32600, "{error}");
    // The body is read and dropped in small pieces; the message after it is served.
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..OVER_LIMIT / chunk.len() {
        send_raw(&mut client, &chunk);
    }
    send_raw(&mut client, &frame(&hover_request(100)));
    assert_answered(&mut client, 100);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn an_absurd_content_length_is_neither_allocated_nor_waited_for_forever() {
    let (mut client, _) = Client::start();
    send_raw(
        &mut client,
        b"Content-Length: 9223372036854775807\r\n\r\n{\"jsonrpc\":",
    );
    let (id, error) = next_error(&mut client);
    assert_eq!(id, Value::Null);
    assert_eq!(error["code"], -32600, "{error}");
    // The client gives up: the server ends as when stdin closes, with a note.
    client.close_stdin();
    assert_eq!(client.wait_for_exit().code(), Some(1));
    let stderr = client.stderr();
    assert!(stderr.contains("over the server's limit"), "{stderr}");
    assert!(stderr.contains("middle of a message"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_body_that_is_not_json_gets_a_parse_error_and_the_server_lives_on() {
    let (mut client, _) = Client::start();
    let bodies: [&[u8]; 4] = [
        b"not json!",
        b"{\"jsonrpc\":\"2.0\",\"id\":5,",
        b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":\"\xff\xfe\"}",
        b"",
    ];
    for body in bodies {
        send_raw(&mut client, &frame(body));
        let (id, error) = next_error(&mut client);
        assert_eq!(id, Value::Null, "{}", String::from_utf8_lossy(body));
        assert_eq!(error["code"], -32700, "{error}");
    }
    send_raw(&mut client, &frame(&hover_request(10)));
    assert_answered(&mut client, 10);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn json_that_is_not_json_rpc_gets_an_invalid_request_error_and_the_server_lives_on() {
    const SECRET: &str = "hunter2-in-a-bad-message";
    let cases = [
        (json!([1, 2]), Value::Null),
        (json!({ "foo": 1, "password": SECRET }), Value::Null),
        (json!({ "jsonrpc": "2.0", "id": 7, "method": 5 }), json!(7)),
        (
            json!({ "jsonrpc": "1.0", "id": "eight", "method": "textDocument/hover" }),
            json!("eight"),
        ),
        (
            json!({ "jsonrpc": "2.0", "id": { "x": 1 }, "method": "shutdown" }),
            Value::Null,
        ),
        // LSP ids are 32-bit integers or strings.
        (
            json!({ "jsonrpc": "2.0", "id": 4_294_967_296_i64, "method": "shutdown" }),
            json!(4_294_967_296_i64),
        ),
        (
            json!({ "jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": SECRET }),
            json!(9),
        ),
    ];
    let (mut client, _) = Client::start();
    for (message, expected_id) in cases {
        send_raw(&mut client, &frame(message.to_string().as_bytes()));
        let (id, error) = next_error(&mut client);
        assert_eq!(id, expected_id, "{message}");
        assert_eq!(error["code"], -32600, "{message}: {error}");
        assert!(!error.to_string().contains(SECRET), "{error}");
    }
    // A response from the client (the server awaits none) is not answered at all.
    send_raw(
        &mut client,
        &frame(br#"{"jsonrpc":"2.0","id":3,"result":null}"#),
    );
    send_raw(&mut client, &frame(&hover_request(11)));
    assert_answered(&mut client, 11);
    let stderr = shut_down(&mut client);
    assert!(!stderr.contains(SECRET), "{stderr}");
}

#[test]
fn a_bad_header_line_is_skipped_when_the_length_is_still_known() {
    let (mut client, _) = Client::start();
    let body = hover_request(20);
    let mut bytes = format!("Content-Length: {}\r\nX-Garbage\r\n\r\n", body.len()).into_bytes();
    bytes.extend_from_slice(&body);
    send_raw(&mut client, &bytes);
    assert_answered(&mut client, 20);

    // A bare `\n` for `\r\n`, no space after the colon, another letter case.
    let body = hover_request(21);
    let mut bytes = format!("content-length:{}\n\n", body.len()).into_bytes();
    bytes.extend_from_slice(&body);
    send_raw(&mut client, &bytes);
    assert_answered(&mut client, 21);

    // A stray line break between messages, the same length twice, a `Content-Type`.
    let body = hover_request(22);
    let header = format!(
        "\r\nContent-Length: {0}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\
         Content-Length: {0}\r\n\r\n",
        body.len()
    );
    let mut bytes = header.into_bytes();
    bytes.extend_from_slice(&body);
    send_raw(&mut client, &bytes);
    assert_answered(&mut client, 22);

    let stderr = shut_down(&mut client);
    assert!(stderr.contains("header line"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_header_without_a_usable_length_ends_the_server_cleanly() {
    let endless_line = vec![b'A'; 64 * 1024];
    let cases: [(&[u8], &str); 5] = [
        (b"Content-Length: abc\r\n\r\n{}", "`Content-Length: abc`"),
        (b"Content-Length: -5\r\n\r\n{}", "`Content-Length: -5`"),
        (
            b"Content-Length: 12\r\nContent-Length: 13\r\n\r\n{}",
            "two different Content-Length",
        ),
        (
            b"Content-Type: application/json\r\n\r\n{}",
            "without Content-Length",
        ),
        (&endless_line, "longer than"),
    ];
    for (bytes, reason) in cases {
        let (mut client, _) = Client::start();
        send_raw(&mut client, bytes);
        // The server stops on its own: it does not wait for the client to close stdin.
        let status = client.wait_for_exit();
        let stderr = client.stderr();
        assert_eq!(status.code(), Some(2), "{reason}: {stderr}");
        assert!(stderr.contains(reason), "{reason}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn the_client_closing_stdin_mid_message_ends_the_server_cleanly() {
    let cases: [&[u8]; 3] = [
        b"Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\",",
        b"Content-Length: 100\r\n",
        b"Content-Le",
    ];
    for bytes in cases {
        let (mut client, _) = Client::start();
        send_raw(&mut client, bytes);
        client.close_stdin();
        let status = client.wait_for_exit();
        let stderr = client.stderr();
        assert_eq!(status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("middle of a message"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
