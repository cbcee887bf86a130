//! A user typing into a pipe definition for a long while: hundreds of random edits, most of
//! them leaving the JSON broken, sent as fast as the pipe takes them. The server must stay
//! up, keep its copy of the text in step with the client's, and exit cleanly.

use std::path::Path;

use serde_json::{Value, json};

use crate::client::{Client, fixture, position, uri};

/// xorshift64*: a fixed seed gives the same edits on every run, no crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// What a user types into JSON: structure, strings, numbers, keywords, non-ASCII.
const TYPED: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"",
    "\\",
    " ",
    "\n",
    "  ",
    "0",
    "7",
    "-1",
    "1e999",
    "true",
    "null",
    "fals",
    "\"type\": ",
    "\"kafka\"",
    "\"SCRAM-SHA-512\"",
    "\"scram\"",
    "\"replicas\": ",
    "\"source\"",
    "é",
    "😀",
    "\u{FEFF}",
    "\t",
    "\"password\": \"hunter2\"",
    "\\u00",
    "{\"a\": [1, {\"b\": [",
    "]]}}",
    "/* no */",
    "'x'",
];

/// Character-boundary byte offsets of a text, end included.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect()
}

#[test]
fn a_long_burst_of_random_typing_never_kills_the_server() {
    let edits: usize = std::env::var("PIPELINT_LSP_TYPING_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(600);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut text = fixture("create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json");
    let (mut client, _) = Client::start();
    let uri = uri("typing.pipe.json");
    client.open(&uri, &text);

    let mut version = 1;
    for step in 0..edits {
        version += 1;
        let cuts = boundaries(&text);
        let start = cuts[rng.below(cuts.len())];
        let change = match rng.below(10) {
            // Type something.
            0..=4 => {
                let typed = rng.pick(TYPED).to_owned();
                let at = position(&text, start);
                text.insert_str(start, &typed);
                json!({ "range": { "start": at, "end": at }, "text": typed })
            }
            // Delete a few characters (backspace, a selection).
            5..=7 => {
                let after: Vec<usize> = cuts.iter().copied().filter(|&c| c >= start).collect();
                let end = after[rng.below(after.len().min(12))];
                let range = json!({ "start": position(&text, start), "end": position(&text, end) });
                text.replace_range(start..end, "");
                json!({ "range": range, "text": "" })
            }
            // Replace a selection.
            8 => {
                let after: Vec<usize> = cuts.iter().copied().filter(|&c| c >= start).collect();
                let end = after[rng.below(after.len().min(40))];
                let typed = format!("{}{}", rng.pick(TYPED), rng.pick(TYPED));
                let range = json!({ "start": position(&text, start), "end": position(&text, end) });
                text.replace_range(start..end, &typed);
                json!({ "range": range, "text": typed })
            }
            // Now and then the client sends the whole text (some do after a reload).
            _ => json!({ "text": text.clone() }),
        };
        client.change(&uri, version, json!([change]));

        // Requests in between, at random places: they must be answered, never fail.
        if step % 25 == 0 {
            let offset = boundaries(&text)[rng.below(boundaries(&text).len())];
            let at = position(&text, offset);
            client.call(
                "textDocument/hover",
                json!({ "textDocument": { "uri": uri }, "position": at }),
            );
            client.call(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at },
                        "context": { "diagnostics": [] } }),
            );
        }
    }

    // The server's text is the client's: its last diagnostics are those of our copy.
    let published = client.diagnostics(&uri, version);
    let expected = pipelint_lsp::default_lint(Some(Path::new("typing.pipe.json")), &text);
    let expected: Vec<(String, Value)> = expected
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code().to_owned(),
                position(
                    &text,
                    pipelint_core::floor_char_boundary(&text, d.primary.span.start),
                ),
            )
        })
        .collect();
    let published: Vec<(String, Value)> = published
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_owned(),
                d["range"]["start"].clone(),
            )
        })
        .collect();
    assert_eq!(published, expected, "final text:\n{text}");
    assert!(
        !expected.is_empty(),
        "the random edits should leave the document broken"
    );

    assert!(client.shutdown_and_exit().success());
}
