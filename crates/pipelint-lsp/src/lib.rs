//! pipelint's language server: the CLI's diagnostics in every LSP editor (VS Code, Neovim,
//! Helix, Zed, JetBrains), started as `pipelint lsp` and spoken to over stdio.
//!
//! # What it does
//!
//! - Diagnostics on open, change (incremental sync) and save, with UTF-16 positions computed
//!   from the core's byte spans, the severity mapped, the rule code linking to the rule's page
//!   (`codeDescription`), and related information for each secondary label.
//! - One quick fix per finding that carries a [`pipelint_core::Fix`]: the core only attaches a
//!   fix when it certainly repairs the finding, and the server turns every one into a
//!   `WorkspaceEdit`, so fixes added to the core later need no change here.
//! - "Fix all" (`source.fixAll`): every safe fix, pass after pass as `check --fix` applies
//!   them, sent as one edit per changed region (never the unchanged text between two fixes,
//!   which may hold a secret); a newer change of the document stops it between passes.
//! - Hover: the rule documentation of the findings under the cursor and the schema's
//!   description of the member under it.
//! - Files that are not pipelint documents get no diagnostics at all (see
//!   [`is_pipelint_document`]), nor do files their config file's `include` and `exclude`
//!   leave out.
//! - `pipelint/documentStatus` (pipelint's own request, `{ textDocument: { uri } }`) answers
//!   `{ linted, kind, reason }` for an open document: the kind it is linted as and why, or
//!   why it is not linted (no kind, left out by the config, a config that cannot be used)
//!   and how to change that. Editors show it beside a file without diagnostics.
//! - A configuration the linter cannot use ([`ConfigProblem`]) is an error published on the
//!   config file itself; each document it governs shows one "not linted" error instead of
//!   findings, and is linted again on every edit and save until the problem is gone.
//!
//! # Why `lsp-server`
//!
//! The core is a pure, synchronous function that lints a 2 KB body in tens of microseconds.
//! rust-analyzer's `lsp-server` fits that exactly: a JSON-RPC transport over stdio with
//! crossbeam channels and a plain `loop { match receiver.recv() }` on our side, about 20
//! crates in all, no async runtime. The alternatives were async: `tower-lsp` (unmaintained
//! since 2023, about 80 crates with tokio) and its maintained fork `tower-lsp-server` (53
//! crates, tokio), which would buy concurrency the linter does not need and make the
//! message order harder to reason about. `lsp-types` gives the protocol's structs; its
//! `Uri` wraps a parsed `fluent_uri::Uri` (which refuses broken percent escapes) but has no
//! file-path conversion, so file paths are decoded here ([`uri_to_path`]) with the
//! `percent-encoding` crate, already in the tree through the core's `jsonschema`.
//!
//! Only `lsp-server`'s `Connection` and message types are used: its stdio transport trusts
//! the client (it allocates any `Content-Length` up front and ends the connection on the
//! first malformed message), so the bytes on stdin and stdout go through pipelint's own
//! small transport (`transport.rs`), which bounds what a message may make it allocate
//! ([`MAX_BODY_BYTES`]) and answers malformed messages with JSON-RPC errors.
//!
//! # The seam for configuration and masking
//!
//! The server prepares every document through `pipelint-workspace`, the crate the
//! `pipelint check` command prepares its files with: the closest `pipelint.toml` from the
//! document's directory (its `[kinds]` globs, `include` and `exclude`, rule levels, overrides
//! and profile), the `NAME.pipe.json` a scaling patch `NAME.scaling.json` is checked against,
//! and the size limit. It then lints with the workspace's `Prepared::lint` and fixes with
//! `Prepared::fix_with`, which go through the core's `lint` and `fix`: the editor shows what
//! `pipelint check` prints for the same file, and "fix all" gives the text `check --fix`
//! writes. Secret masking, rule levels and overrides happen in the core. The only options
//! an editor lacks are the command line's flags: the config alone decides.

mod config_problem;
mod convert;
mod fix_all;
mod hover;
mod lint;
mod server;
mod transport;

use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use lsp_server::Connection;
use lsp_types::Uri;
use pipelint_core::{DocumentKind, LintOptions, LintResult};

pub use config_problem::{ConfigProblem, path_to_uri};
pub use server::Exit;
pub use transport::MAX_BODY_BYTES;

/// The kind told from the file name and the content, with no configuration: what tells
/// whether a document the server does not lint (excluded, or under a broken config) is a
/// pipelint document.
pub fn default_lint(path: Option<&Path>, text: &str) -> LintResult {
    let file_name = path.and_then(Path::file_name).and_then(|n| n.to_str());
    let options = LintOptions::new().file_name(file_name);
    pipelint_core::lint(text.as_bytes(), &options)
}

/// Whether the server reports on a document at all: its name says it is one
/// (`*.pipe.json`, `*.scaling.json`), its content was recognised as one now, or it was
/// recognised earlier while open (`seen_as_pipelint`), so that a pipe definition the user
/// is halfway through editing still shows its parse error. Any other JSON file
/// (`package.json`, `tsconfig.json`, ...) gets no diagnostics, not even `unknown-kind`.
pub fn is_pipelint_document(
    path: Option<&Path>,
    result: &LintResult,
    seen_as_pipelint: bool,
) -> bool {
    let named = path
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .and_then(DocumentKind::from_file_name)
        .is_some();
    named || result.kind.is_some() || seen_as_pipelint
}

/// The file path of a `file:` URI (percent-decoded); `None` for other schemes
/// (`untitled:`, remote file systems).
pub fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let scheme_end = text.find(':')?;
    if !text[..scheme_end].eq_ignore_ascii_case("file") {
        return None;
    }
    let rest = text[scheme_end + 1..].strip_prefix("//")?;
    // Drop the authority (empty or `localhost`), then any query or fragment.
    let path = &rest[rest.find('/')?..];
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    // `/C:/work/x.json` on Windows.
    let bytes = decoded.as_bytes();
    if cfg!(windows) && bytes.len() >= 3 && bytes[2] == b':' && bytes[1].is_ascii_alphabetic() {
        return Some(PathBuf::from(&decoded[1..]));
    }
    Some(PathBuf::from(decoded.into_owned()))
}

/// Runs the server on stdin and stdout until the client says `exit` or closes stdin.
/// Returns the process exit code: 0 after `shutdown` then `exit`, 1 otherwise (as the
/// protocol asks), 2 when the connection failed (stdout closed, or a message header that
/// leaves no way to tell where the next message starts).
///
/// The transport is pipelint's own (see `transport.rs`): message bodies are limited to
/// [`MAX_BODY_BYTES`], and a message that is not JSON or not JSON-RPC gets the JSON-RPC
/// error while the server keeps serving the messages after it.
pub fn run_stdio() -> u8 {
    transport::serve(
        BufReader::new(std::io::stdin()),
        BufWriter::new(std::io::stdout()),
    )
}

/// Runs the server on any connection (stdio, or in memory for tests).
pub fn run(connection: &Connection) -> Result<Exit, String> {
    server::run(connection)
}

/// One line on stderr. A closed or full stderr is ignored: there is nowhere else to say it.
fn report(message: &str) {
    let _ = writeln!(std::io::stderr(), "pipelint lsp: {message}");
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn uri(text: &str) -> Uri {
        Uri::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn file_uris_become_decoded_paths() {
        assert_eq!(
            uri_to_path(&uri("file:///home/me/pipes/orders%20v2.pipe.json")),
            Some(PathBuf::from("/home/me/pipes/orders v2.pipe.json"))
        );
        assert_eq!(
            uri_to_path(&uri("file://localhost/tmp/caf%C3%A9.json")),
            Some(PathBuf::from("/tmp/café.json"))
        );
        assert_eq!(uri_to_path(&uri("untitled:Untitled-1")), None);
        // Not UTF-8 once decoded.
        assert_eq!(uri_to_path(&uri("file:///tmp/bad%FF.json")), None);
        assert_eq!(uri_to_path(&uri("file:///tmp/caf%C3.json")), None);
        // Only `file:`, in any case, and with `//`; a query or fragment is not the path.
        assert_eq!(uri_to_path(&uri("vscode-remote://ssh/tmp/x.json")), None);
        assert_eq!(uri_to_path(&uri("file:relative.json")), None);
        assert_eq!(
            uri_to_path(&uri("FILE:///tmp/x%2Fy%25.json?v=1#top")),
            Some(PathBuf::from("/tmp/x/y%.json"))
        );
    }

    #[test]
    fn a_broken_escape_never_reaches_the_decoder() {
        // `Uri` refuses it on parsing, so the decoder only ever sees well-formed escapes.
        for text in [
            "file:///tmp/a%zz.json",
            "file:///tmp/a%2.json",
            "file:///tmp/%",
        ] {
            assert!(Uri::from_str(text).is_err(), "{text}");
        }
    }

    #[test]
    fn only_pipelint_documents_are_reported() {
        let other = default_lint(Some(Path::new("/p/package.json")), r#"{"name": "x"}"#);
        assert!(other.kind_unknown());
        assert!(!is_pipelint_document(
            Some(Path::new("/p/package.json")),
            &other,
            false
        ));
        // Broken JSON in an unknown file: silent, unless it was a pipe before.
        let broken = default_lint(Some(Path::new("/p/orders.json")), r#"{"source": "#);
        assert!(!is_pipelint_document(
            Some(Path::new("/p/orders.json")),
            &broken,
            false
        ));
        assert!(is_pipelint_document(
            Some(Path::new("/p/orders.json")),
            &broken,
            true
        ));
        // The name alone is enough.
        let named = default_lint(Some(Path::new("/p/x.scaling.json")), "{");
        assert!(is_pipelint_document(
            Some(Path::new("/p/x.scaling.json")),
            &named,
            false
        ));
        // So is the content.
        let pipe = default_lint(None, r#"{"source": {}}"#);
        assert_eq!(pipe.kind, Some(DocumentKind::CreatePipe));
        assert!(is_pipelint_document(None, &pipe, false));
    }
}
