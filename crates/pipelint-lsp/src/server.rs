//! The message loop: open documents, coalesced linting, and the request handlers.

use std::collections::{HashMap, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use crossbeam_channel::Receiver;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    Cancel, DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument,
    DidOpenTextDocument, DidSaveTextDocument, Exit as ExitNotification, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, HoverRequest, Initialize, Request as _, Shutdown};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DidSaveTextDocumentParams, Hover, HoverContents, HoverParams,
    HoverProviderCapability, InitializeResult, MarkupContent, MarkupKind, PositionEncodingKind,
    PublishDiagnosticsParams, SaveOptions, ServerCapabilities, ServerInfo,
    TextDocumentContentChangeEvent, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use pipelint_core::{Applicability, LineIndex, LintResult};
use pipelint_workspace::Preparation;
use serde_json::Value;

use crate::config_problem::{ConfigProblem, path_to_uri};
use crate::convert::{self, LspPositions, Text};
use crate::fix_all::{self, Outcome};
use crate::lint::{self, Linted};
use crate::{default_lint, hover, is_pipelint_document, report, uri_to_path};

/// How the message loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `exit` after `shutdown`.
    Clean,
    /// `exit` without `shutdown`, or stdin closed.
    Abrupt,
}

impl Exit {
    /// The process exit code the protocol asks for.
    pub fn code(self) -> u8 {
        match self {
            Exit::Clean => 0,
            Exit::Abrupt => 1,
        }
    }
}

/// Serves `connection`, linting every document as its workspace prepares it.
pub fn run(connection: &Connection) -> Result<Exit, String> {
    let Some(id) = wait_for_initialize(connection)? else {
        return Ok(Exit::Abrupt);
    };
    let result = serde_json::to_value(initialize_result()).map_err(|e| e.to_string())?;
    // Not `initialize_finish`: it ends the connection when anything but `initialized`
    // follows. The loop below ignores `initialized` and accepts whatever comes.
    send(connection, Response::new_ok(id, result).into())?;
    Server::new(connection.receiver.clone()).main_loop(connection)
}

/// Waits for the `initialize` request and returns its id; `None` when the client says `exit`
/// or goes away first. Other requests are refused with `ServerNotInitialized` and other
/// messages dropped, as the protocol asks. (Not `Connection::initialize_start`: it ends the
/// connection on a response or on `exit`, and echoes whole requests into its errors.)
fn wait_for_initialize(connection: &Connection) -> Result<Option<RequestId>, String> {
    loop {
        let Ok(message) = connection.receiver.recv() else {
            return Ok(None);
        };
        match message {
            Message::Request(request) if request.method == Initialize::METHOD => {
                return Ok(Some(request.id));
            }
            Message::Request(request) => {
                let refusal = Response::new_err(
                    request.id,
                    ErrorCode::ServerNotInitialized as i32,
                    format!("`{}` before `initialize`", request.method),
                );
                send(connection, refusal.into())?;
            }
            Message::Notification(notification)
                if notification.method == ExitNotification::METHOD =>
            {
                return Ok(None);
            }
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
}

fn initialize_result() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            position_encoding: Some(PositionEncodingKind::UTF16),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    will_save: None,
                    will_save_wait_until: None,
                    save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                        include_text: Some(false),
                    })),
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::SOURCE_FIX_ALL,
                ]),
                work_done_progress_options: Default::default(),
                resolve_provider: None,
            })),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo {
            name: "pipelint".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    }
}

/// One document the client has open.
struct OpenDocument {
    text: String,
    version: i32,
    path: Option<PathBuf>,
    /// The lint of the current text, computed when first needed after a change.
    analysis: Option<Analysis>,
    /// Recognised as a pipelint document at some point while open (see
    /// [`is_pipelint_document`]).
    seen_as_pipelint: bool,
    /// Whether the last publication for it had diagnostics the client may still show.
    published: bool,
}

struct Analysis {
    result: LintResult,
    index: LineIndex,
    /// Whether the server reports on this document at all.
    relevant: bool,
    /// The config that governs the document cannot be used; `result` then has no findings.
    config_problem: Option<ConfigProblem>,
    /// Its config's `include` and `exclude` leave it out.
    excluded: bool,
}

impl OpenDocument {
    fn new(text: String, version: i32, uri: &Uri) -> Self {
        OpenDocument {
            text,
            version,
            path: uri_to_path(uri),
            analysis: None,
            seen_as_pipelint: false,
            published: false,
        }
    }

    /// The lint of the current text (computed on first use after a change) and the text.
    fn analysed(&mut self) -> (&Analysis, &str) {
        let OpenDocument {
            text,
            path,
            analysis,
            seen_as_pipelint,
            ..
        } = self;
        let analysis = analysis.get_or_insert_with(|| {
            let path = path.as_deref();
            let linted = lint::lint(path, text);
            let excluded = matches!(linted, Linted::Excluded);
            let (result, relevant, config_problem) = match linted {
                Linted::Findings(result) => {
                    let relevant = is_pipelint_document(path, &result, *seen_as_pipelint);
                    (result, relevant, None)
                }
                Linted::Excluded => (without_findings(default_lint(path, "")), false, None),
                // Linted without the config only to tell whether it is a pipelint document.
                Linted::Unusable(problem) => {
                    let result = without_findings(default_lint(path, text));
                    let relevant = is_pipelint_document(path, &result, *seen_as_pipelint);
                    (result, relevant, Some(problem))
                }
            };
            *seen_as_pipelint |= result.kind.is_some();
            Analysis {
                result,
                index: LineIndex::new(text),
                relevant,
                config_problem,
                excluded,
            }
        });
        (analysis, text)
    }

    /// Applies one change event: a range replacement, or the whole text when it has no range.
    fn apply(&mut self, change: TextDocumentContentChangeEvent) {
        match change.range {
            None => self.text = change.text,
            Some(range) => {
                let span = LineIndex::new(&self.text).span(&self.text, range);
                self.text.replace_range(span, &change.text);
            }
        }
        self.analysis = None;
    }
}

/// A failed request: the JSON-RPC error code and a message for the user.
type Failure = (ErrorCode, String);

struct Server {
    documents: HashMap<Uri, OpenDocument>,
    /// Documents changed since their diagnostics were last published, in change order.
    dirty: Vec<Uri>,
    shutdown_requested: bool,
    /// The config problems published on config files, by file.
    config_problems: HashMap<PathBuf, ConfigProblem>,
    /// The client's messages.
    incoming: Receiver<Message>,
    /// Messages read while answering a request (to tell whether the client has moved on),
    /// handled before any newer one.
    pending: VecDeque<Message>,
}

impl Server {
    fn new(incoming: Receiver<Message>) -> Server {
        Server {
            documents: HashMap::new(),
            dirty: Vec::new(),
            shutdown_requested: false,
            config_problems: HashMap::new(),
            incoming,
            pending: VecDeque::new(),
        }
    }

    /// Debouncing: edits are applied as they arrive, but a document is linted and its
    /// diagnostics published only once no further message is waiting. A burst of `didChange`
    /// notifications (typing faster than the client flushes, a paste, a client replaying
    /// its queue) thus costs one lint, of the last version. No timer is needed: the core
    /// lints a 2 KB body in tens of microseconds, far below the gap between two keystrokes,
    /// so linting at once whenever the queue is empty never lets the server fall behind.
    fn main_loop(&mut self, connection: &Connection) -> Result<Exit, String> {
        loop {
            let message = if let Some(message) = self.pending.pop_front() {
                message
            } else if self.dirty.is_empty() {
                match connection.receiver.recv() {
                    Ok(message) => message,
                    Err(_) => return Ok(Exit::Abrupt),
                }
            } else {
                match connection.receiver.try_recv() {
                    Ok(message) => message,
                    Err(error) if error.is_empty() => {
                        self.publish_dirty(connection)?;
                        continue;
                    }
                    Err(_) => return Ok(Exit::Abrupt),
                }
            };
            match message {
                Message::Request(request) => {
                    // A request sees the same state the client has been shown.
                    self.publish_dirty(connection)?;
                    let response = self.respond(request);
                    send(connection, response.into())?;
                }
                Message::Notification(notification)
                    if notification.method == ExitNotification::METHOD =>
                {
                    return Ok(if self.shutdown_requested {
                        Exit::Clean
                    } else {
                        Exit::Abrupt
                    });
                }
                Message::Notification(notification) => {
                    let method = notification.method.clone();
                    let handled =
                        catch_unwind(AssertUnwindSafe(|| self.notify(connection, notification)));
                    match handled {
                        Ok(Ok(())) => {}
                        Ok(Err(error)) => report(&format!("{method}: {error}")),
                        Err(_) => report(&format!("{method}: internal error (panic)")),
                    }
                }
                // The server sends no requests, so no response is awaited.
                Message::Response(_) => {}
            }
        }
    }

    fn respond(&mut self, request: Request) -> Response {
        let Request { id, method, params } = request;
        if self.shutdown_requested {
            return Response::new_err(
                id,
                ErrorCode::InvalidRequest as i32,
                format!("`{method}` after `shutdown`: the server is shutting down"),
            );
        }
        let answered = catch_unwind(AssertUnwindSafe(|| self.answer(&id, &method, params)));
        match answered {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("internal error while answering `{method}`"),
            ),
        }
    }

    fn answer(&mut self, id: &RequestId, method: &str, params: Value) -> Result<Value, Failure> {
        match method {
            Shutdown::METHOD => {
                self.shutdown_requested = true;
                Ok(Value::Null)
            }
            HoverRequest::METHOD => {
                let hover = self.hover(parse(params)?)?;
                to_value(hover)
            }
            CodeActionRequest::METHOD => {
                let actions = self.code_actions(id, parse(params)?)?;
                to_value(actions)
            }
            DOCUMENT_STATUS => {
                let params: DocumentStatusParams = parse(params)?;
                let status = self.status(&params.text_document.uri)?;
                to_value(status)
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("pipelint does not implement `{method}`"),
            )),
        }
    }

    fn notify(
        &mut self,
        connection: &Connection,
        notification: Notification,
    ) -> Result<(), String> {
        let Notification { method, params } = notification;
        match method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: DidOpenTextDocumentParams = parse(params).map_err(|e| e.1)?;
                let document = params.text_document;
                let open = OpenDocument::new(document.text, document.version, &document.uri);
                self.documents.insert(document.uri.clone(), open);
                self.mark_dirty(document.uri);
            }
            DidChangeTextDocument::METHOD => {
                let params: DidChangeTextDocumentParams = parse(params).map_err(|e| e.1)?;
                let uri = params.text_document.uri;
                let Some(document) = self.documents.get_mut(&uri) else {
                    return Err(format!("change to {} which is not open", uri.as_str()));
                };
                for change in params.content_changes {
                    document.apply(change);
                }
                document.version = params.text_document.version;
                self.mark_dirty(uri);
            }
            DidSaveTextDocument::METHOD => {
                let params: DidSaveTextDocumentParams = parse(params).map_err(|e| e.1)?;
                let uri = params.text_document.uri;
                if let Some(document) = self.documents.get_mut(&uri) {
                    if let Some(text) = params.text {
                        document.text = text;
                    }
                    // Lint again: what the linter reads besides the text may have changed.
                    document.analysis = None;
                    self.mark_dirty(uri);
                }
                // A save may be the config's (some clients send it): lint every document again.
                self.relint_where(|_| true);
            }
            DidCloseTextDocument::METHOD => {
                let params: DidCloseTextDocumentParams = parse(params).map_err(|e| e.1)?;
                let uri = params.text_document.uri;
                self.dirty.retain(|u| u != &uri);
                if let Some(document) = self.documents.remove(&uri)
                    && document.published
                {
                    publish(connection, uri, Vec::new(), None)?;
                }
                self.publish_config_problems(connection)?;
            }
            // A config file changed on disk (the client watches the files it is asked to, such
            // as VS Code's extension `pipelint.toml`): a document it left out, or gave no kind,
            // may be linted now, and the others by new rules.
            DidChangeWatchedFiles::METHOD => self.relint_where(|_| true),
            // `initialized`, `$/cancelRequest` (a request is answered at once; only "fix
            // all" looks for one while it works), `$/setTrace`, configuration and
            // file-watching notifications.
            _ => {}
        }
        Ok(())
    }

    fn mark_dirty(&mut self, uri: Uri) {
        if !self.dirty.contains(&uri) {
            self.dirty.push(uri);
        }
    }

    /// Lints again, and publishes, the open documents whose analysis `stale` says is stale.
    fn relint_where(&mut self, stale: impl Fn(&Analysis) -> bool) {
        let stale: Vec<Uri> = self
            .documents
            .iter_mut()
            .filter(|(_, document)| document.analysis.as_ref().is_some_and(&stale))
            .map(|(uri, document)| {
                document.analysis = None;
                uri.clone()
            })
            .collect();
        for uri in stale {
            self.mark_dirty(uri);
        }
    }

    /// Lints every changed document and publishes its diagnostics, then the config problems.
    fn publish_dirty(&mut self, connection: &Connection) -> Result<(), String> {
        // Documents held back by a broken config are checked again on every edit, so that
        // fixing the config shows at the next keystroke in any of them.
        if !self.dirty.is_empty() {
            self.relint_where(|analysis| analysis.config_problem.is_some());
        }
        for uri in std::mem::take(&mut self.dirty) {
            let Some(document) = self.documents.get_mut(&uri) else {
                continue;
            };
            let version = document.version;
            let was_published = document.published;
            let published = catch_unwind(AssertUnwindSafe(|| lsp_diagnostics(&uri, document)));
            let diagnostics = match published {
                Ok(Some(diagnostics)) => diagnostics,
                Ok(None) if was_published => Vec::new(),
                Ok(None) => continue,
                Err(_) => {
                    report(&format!("internal error linting {}", uri.as_str()));
                    continue;
                }
            };
            document.published = !diagnostics.is_empty();
            publish(connection, uri, diagnostics, Some(version))?;
        }
        self.publish_config_problems(connection)
    }

    /// Shows each config problem of a reported document on the config file, and clears the
    /// ones no open document has any more.
    fn publish_config_problems(&mut self, connection: &Connection) -> Result<(), String> {
        let mut current: HashMap<PathBuf, ConfigProblem> = HashMap::new();
        for document in self.documents.values() {
            if let Some(analysis) = &document.analysis
                && analysis.relevant
                && let Some(problem) = &analysis.config_problem
            {
                current.insert(problem.path.clone(), problem.clone());
            }
        }
        let gone: Vec<PathBuf> = self
            .config_problems
            .keys()
            .filter(|path| !current.contains_key(*path))
            .cloned()
            .collect();
        for path in gone {
            self.config_problems.remove(&path);
            if let Some(uri) = path_to_uri(&path) {
                publish(connection, uri, Vec::new(), None)?;
            }
        }
        for (path, problem) in current {
            if self.config_problems.get(&path) == Some(&problem) {
                continue;
            }
            if let Some(uri) = path_to_uri(&path) {
                publish(connection, uri, vec![problem.on_config()], None)?;
            }
            self.config_problems.insert(path, problem);
        }
        Ok(())
    }

    fn document(&mut self, uri: &Uri) -> Result<&mut OpenDocument, Failure> {
        self.documents.get_mut(uri).ok_or_else(|| not_open(uri))
    }

    /// "Fix all": every safe fix, pass after pass (each on a new lint, as `check --fix`),
    /// as one edit per changed region. `None` when nothing would change. The lint masks
    /// secrets, which drops every fix that would rewrite one. Between passes the messages
    /// that arrived are read: a newer change of the document (or the request's cancellation)
    /// stops the work, and the answer is an error, not edits of a text the client no longer has.
    fn fix_all(
        &mut self,
        id: &RequestId,
        uri: &Uri,
    ) -> Result<Option<lsp_types::CodeAction>, Failure> {
        let document = self.documents.get_mut(uri).ok_or_else(|| not_open(uri))?;
        let path = document.path.clone();
        let (analysis, text) = document.analysed();
        if !analysis.relevant {
            return Ok(None);
        }
        // The config changed on disk since the lint: nothing to fix.
        let Preparation::Ready(prepared) = lint::prepare(path.as_deref()) else {
            return Ok(None);
        };
        let (incoming, pending) = (&self.incoming, &mut self.pending);
        let interrupted = || {
            pending.extend(incoming.try_iter());
            pending
                .iter()
                .any(|message| interrupts(message, id, uri).is_some())
        };
        // The passes of `check --fix` (the core's fix loop, on the workspace's options); each
        // pass's fixes are composed into edits as it goes.
        let fix = |each_pass: &mut fix_all::EachPass| {
            prepared.fix_with(text.as_bytes(), Applicability::Safe, each_pass);
        };
        let (edits, applied) = match fix_all::fix_all(text, fix, interrupted) {
            Outcome::Edits { edits, applied } => (edits, applied),
            Outcome::Nothing => return Ok(None),
            Outcome::Interrupted => {
                let reason = self.pending.iter().find_map(|m| interrupts(m, id, uri));
                return Err(reason.unwrap_or((
                    ErrorCode::ContentModified,
                    "the document changed while fixing it".to_owned(),
                )));
            }
        };
        let edits = edits
            .into_iter()
            .map(|edit| lsp_types::TextEdit {
                range: analysis.index.range(text, &edit.range),
                new_text: edit.new_text,
            })
            .collect();
        Ok(Some(lsp_types::CodeAction {
            title: format!(
                "Fix all pipelint problems ({applied} safe {})",
                if applied == 1 { "fix" } else { "fixes" }
            ),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(lsp_types::WorkspaceEdit {
                changes: Some(HashMap::from([(uri.clone(), edits)])),
                ..lsp_types::WorkspaceEdit::default()
            }),
            ..lsp_types::CodeAction::default()
        }))
    }

    /// Whether the document is linted, as what, and why (not): what an editor shows beside
    /// a file that gets no diagnostics, so that "no problems" and "not looked at" differ.
    fn status(&mut self, uri: &Uri) -> Result<DocumentStatus, Failure> {
        let document = self.document(uri)?;
        let (analysis, _) = document.analysed();
        Ok(document_status(analysis))
    }

    fn hover(&mut self, params: HoverParams) -> Result<Option<Hover>, Failure> {
        let place = params.text_document_position_params;
        let document = self.document(&place.text_document.uri)?;
        let (analysis, text) = document.analysed();
        if !analysis.relevant {
            return Ok(None);
        }
        let offset = analysis.index.offset(text, place.position);
        let found = hover::hover(
            text,
            analysis.result.kind,
            &analysis.result.diagnostics,
            offset,
        );
        Ok(found.map(|found| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: found.markdown,
            }),
            range: Some(analysis.index.range(text, &found.span)),
        }))
    }

    fn code_actions(
        &mut self,
        id: &RequestId,
        params: CodeActionParams,
    ) -> Result<Vec<CodeActionOrCommand>, Failure> {
        // "Fix all" only when asked for by kind (on save, or a "source action" menu): a
        // plain request at the cursor gets the quick fixes there, as before.
        let fix_all = params
            .context
            .only
            .as_ref()
            .is_some_and(|only| only.iter().any(wants_fix_all));
        let quick_fixes = params
            .context
            .only
            .as_ref()
            .is_none_or(|only| only.iter().any(wants_quick_fixes));
        let uri = params.text_document.uri;
        let mut actions = Vec::new();
        if fix_all {
            let action = self.fix_all(id, &uri)?;
            actions.extend(action.map(CodeActionOrCommand::CodeAction));
        }
        if !quick_fixes {
            return Ok(actions);
        }
        let document = self.document(&uri)?;
        let (analysis, text) = document.analysed();
        if !analysis.relevant {
            return Ok(Vec::new());
        }
        let std::ops::Range { start, end } = analysis.index.span(text, params.range);
        let text = Text {
            text,
            index: &analysis.index,
        };
        let quick = analysis
            .result
            .diagnostics
            .iter()
            .filter_map(|d| d.fix.as_ref().map(|fix| (d, fix)))
            // Touching counts: a cursor just after a value still offers its fix.
            .filter(|(d, fix)| {
                [&d.primary.span, &fix.span]
                    .iter()
                    .any(|span| span.start <= end && start <= span.end)
            })
            .map(|(d, fix)| {
                let diagnostic = convert::diagnostic(&uri, &text, d);
                CodeActionOrCommand::CodeAction(convert::quick_fix(&uri, &text, fix, diagnostic))
            });
        actions.extend(quick);
        Ok(actions)
    }
}

fn not_open(uri: &Uri) -> Failure {
    (
        ErrorCode::InvalidParams,
        format!(
            "{} is not open in the server (send textDocument/didOpen first)",
            uri.as_str()
        ),
    )
}

/// Why a message that arrived while answering request `id` on `uri` makes its answer
/// useless: a change or close of the document, the request's cancellation, or `exit`.
fn interrupts(message: &Message, id: &RequestId, uri: &Uri) -> Option<Failure> {
    let Message::Notification(notification) = message else {
        return None;
    };
    let params = &notification.params;
    match notification.method.as_str() {
        DidChangeTextDocument::METHOD | DidCloseTextDocument::METHOD => {
            let changed = params["textDocument"]["uri"].as_str();
            (changed == Some(uri.as_str())).then(|| {
                (
                    ErrorCode::ContentModified,
                    "the document changed while fixing it".to_owned(),
                )
            })
        }
        Cancel::METHOD => {
            let cancelled = serde_json::from_value::<RequestId>(params["id"].clone());
            (cancelled.ok().as_ref() == Some(id)).then(|| {
                (
                    ErrorCode::RequestCanceled,
                    "the request was cancelled".to_owned(),
                )
            })
        }
        ExitNotification::METHOD => Some((
            ErrorCode::RequestCanceled,
            "the client is leaving".to_owned(),
        )),
        _ => None,
    }
}

/// The document's diagnostics in LSP terms, or `None` when it is not a pipelint document.
fn lsp_diagnostics(uri: &Uri, document: &mut OpenDocument) -> Option<Vec<lsp_types::Diagnostic>> {
    let (analysis, text) = document.analysed();
    if !analysis.relevant {
        return None;
    }
    if let Some(problem) = &analysis.config_problem {
        return Some(vec![problem.on_document()]);
    }
    let text = Text {
        text,
        index: &analysis.index,
    };
    Some(
        analysis
            .result
            .diagnostics
            .iter()
            .map(|d| convert::diagnostic(uri, &text, d))
            .collect(),
    )
}

/// The request an editor sends to ask why a document is (not) linted; pipelint's own.
pub const DOCUMENT_STATUS: &str = "pipelint/documentStatus";

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct DocumentStatusParams {
    text_document: lsp_types::TextDocumentIdentifier,
}

/// The answer to [`DOCUMENT_STATUS`].
#[derive(Debug, serde::Serialize)]
struct DocumentStatus {
    /// Whether the document gets pipelint's diagnostics.
    linted: bool,
    /// The kind it is linted as (`create-pipe`, `terraform`, ...), when linted.
    kind: Option<String>,
    /// Why it has that kind, or why it is not linted and what to do about it.
    reason: String,
}

fn document_status(analysis: &Analysis) -> DocumentStatus {
    let not_linted = |reason: String| DocumentStatus {
        linted: false,
        kind: None,
        reason,
    };
    if analysis.excluded {
        return not_linted(
            "not linted: the `include` and `exclude` patterns of its pipelint.toml leave it out"
                .to_owned(),
        );
    }
    if let Some(problem) = &analysis.config_problem {
        return not_linted(format!(
            "not linted: its config cannot be used ({})",
            problem.located
        ));
    }
    let why = analysis
        .result
        .kind_reason
        .clone()
        .unwrap_or_else(|| "its kind cannot be told".to_owned());
    match analysis.result.kind.filter(|_| analysis.relevant) {
        Some(kind) => DocumentStatus {
            linted: true,
            kind: Some(kind.to_string()),
            reason: why,
        },
        None if analysis.relevant => DocumentStatus {
            // Named as a pipelint document (or recognised earlier) but not parsed now: its
            // diagnostics say why.
            linted: true,
            kind: None,
            reason: why,
        },
        None => not_linted(format!(
            "not linted: no pipelint kind ({why}); name the file after its kind \
             (`*.pipe.json`, `*.scaling.json`, ...) or map it with a `[kinds]` glob in \
             pipelint.toml"
        )),
    }
}

/// A lint result kept only for its kind (hover), its findings dropped.
fn without_findings(mut result: LintResult) -> LintResult {
    result.diagnostics.clear();
    result
}

/// Whether an `only` filter admits "fix all" (`source.fixAll`, `source` or everything).
fn wants_fix_all(kind: &CodeActionKind) -> bool {
    let fix_all = CodeActionKind::SOURCE_FIX_ALL;
    let fix_all = fix_all.as_str();
    let kind = kind.as_str();
    kind.is_empty() || fix_all == kind || fix_all.starts_with(&format!("{kind}."))
}

/// Whether an `only` filter of a code action request admits quick fixes (kinds are
/// hierarchical: `quickfix` admits `quickfix.x`, and the empty kind admits everything).
fn wants_quick_fixes(kind: &CodeActionKind) -> bool {
    let quick_fix = CodeActionKind::QUICKFIX;
    let quick_fix = quick_fix.as_str();
    let kind = kind.as_str();
    kind.is_empty() || quick_fix == kind || quick_fix.starts_with(&format!("{kind}."))
}

fn publish(
    connection: &Connection,
    uri: Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Result<(), String> {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    let notification = Notification::new(PublishDiagnostics::METHOD.to_owned(), params);
    send(connection, notification.into())
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection
        .sender
        .send(message)
        .map_err(|_| "the connection to the client is closed".to_owned())
}

/// Reads a message's parameters. The error names the expected type only: serde's own text
/// quotes the offending value, which may be a document's secret, and it would reach the
/// client's log or stderr.
fn parse<T: serde::de::DeserializeOwned>(params: Value) -> Result<T, Failure> {
    serde_json::from_value(params).map_err(|_| {
        let expected = std::any::type_name::<T>()
            .rsplit("::")
            .next()
            .unwrap_or("object");
        (
            ErrorCode::InvalidParams,
            format!("the parameters are not a valid `{expected}`"),
        )
    })
}

fn to_value(value: impl serde::Serialize) -> Result<Value, Failure> {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use lsp_types::{Position, Range};

    use super::*;

    /// The byte offset of an LSP position, by the protocol's rules, written independently of
    /// `LineIndex`: `\r\n`, `\n` and `\r` end lines; a line past the end means the end
    /// of the text; a column past the end of its line means the end of the line's content;
    /// a column inside a surrogate pair means the start of its character.
    fn reference_offset(text: &str, position: Position) -> usize {
        let mut lines = Vec::new(); // (content start, content end)
        let mut start = 0;
        let mut rest = text;
        while let Some(at) = rest.find(['\r', '\n']) {
            let break_len = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
            lines.push((start, start + at));
            start += at + break_len;
            rest = &text[start..];
        }
        lines.push((start, text.len()));
        let Some(&(start, end)) = lines.get(position.line as usize) else {
            return text.len();
        };
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            units += c.len_utf16() as u32;
            if units > position.character {
                return start + i;
            }
        }
        end
    }

    #[test]
    fn parameter_errors_never_quote_the_parameters() {
        let params = serde_json::json!({ "textDocument": "Kafka-Pa55word-Planted" });
        let Err(error) = parse::<DidOpenTextDocumentParams>(params) else {
            panic!("a string is not a text document");
        };
        assert_eq!(
            error.1,
            "the parameters are not a valid `DidOpenTextDocumentParams`"
        );
    }

    #[test]
    fn a_change_at_any_position_never_panics_and_lands_where_the_protocol_says() {
        let texts = [
            "😀x",
            "a\r\nb\rc\n😀é",
            "\r\n\r",
            "",
            "é😀😀\n",
            "\u{FEFF}x\r\n😀",
        ];
        let uri = Uri::from_str("file:///tmp/x.pipe.json").unwrap_or_else(|e| panic!("{e}"));
        let positions: Vec<Position> = (0..5)
            .flat_map(|line| (0..7).map(move |character| Position::new(line, character)))
            .chain([
                Position::new(u32::MAX, u32::MAX),
                Position::new(0, u32::MAX),
            ])
            .collect();
        for text in texts {
            for &start in &positions {
                for &end in &positions {
                    let mut document = OpenDocument::new(text.to_owned(), 1, &uri);
                    document.apply(TextDocumentContentChangeEvent {
                        range: Some(Range::new(start, end)),
                        range_length: None,
                        text: "Z".to_owned(),
                    });
                    let a = reference_offset(text, start);
                    let b = reference_offset(text, end);
                    let (a, b) = (a.min(b), a.max(b));
                    let expected = format!("{}Z{}", &text[..a], &text[b..]);
                    assert_eq!(document.text, expected, "{text:?} {start:?} {end:?}");
                }
            }
        }
    }

    const URI: &str = "file:///tmp/orders.pipe.json";

    fn fix_all_request(id: i32) -> Message {
        let zero = serde_json::json!({ "line": 0, "character": 0 });
        Request::new(
            id.into(),
            CodeActionRequest::METHOD.to_owned(),
            serde_json::json!({
                "textDocument": { "uri": URI }, "range": { "start": zero, "end": zero },
                "context": { "diagnostics": [], "only": ["source.fixAll"] }
            }),
        )
        .into()
    }

    /// Queues `messages` before the server reads any (so each is waiting while the one
    /// before it is handled), runs the server, and returns the responses to `ids`.
    fn responses_to(messages: Vec<Message>, ids: &[i32]) -> Vec<Response> {
        let (server, client) = Connection::memory();
        let initialize = Request::new(
            0.into(),
            Initialize::METHOD.to_owned(),
            serde_json::json!({}),
        );
        for message in std::iter::once(initialize.into()).chain(messages) {
            client
                .sender
                .send(message)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let serving = std::thread::spawn(move || run(&server));
        let mut responses = Vec::new();
        while responses.len() < ids.len() {
            match client.receiver.recv() {
                Ok(Message::Response(response))
                    if ids.iter().any(|&id| response.id == id.into()) =>
                {
                    responses.push(response);
                }
                Ok(_) => {}
                Err(e) => panic!("{e}"),
            }
        }
        let exit = Notification::new(ExitNotification::METHOD.to_owned(), Value::Null);
        client
            .sender
            .send(exit.into())
            .unwrap_or_else(|e| panic!("{e}"));
        drop(client);
        let _ = serving.join();
        responses
    }

    fn open(text: &str) -> Message {
        Notification::new(
            DidOpenTextDocument::METHOD.to_owned(),
            serde_json::json!({"textDocument": {
                "uri": URI, "languageId": "json", "version": 1, "text": text
            }}),
        )
        .into()
    }

    const STRING_AND_UINT8: &str = r#"{"destination": {"columns": [{"name": "a", "type": "string"}, {"name": "b", "type": "uint8"}]}}"#;

    #[test]
    fn a_change_during_fix_all_wins_over_it() {
        let changed = STRING_AND_UINT8.replace("uint8", "int64");
        let change = Notification::new(
            DidChangeTextDocument::METHOD.to_owned(),
            serde_json::json!({
                "textDocument": { "uri": URI, "version": 2 },
                "contentChanges": [{ "text": changed }]
            }),
        );
        let messages = vec![
            open(STRING_AND_UINT8),
            fix_all_request(1),
            change.into(),
            fix_all_request(2),
        ];
        let responses = responses_to(messages, &[1, 2]);
        // The first answer would edit a text the client no longer has.
        let error = responses[0].response_result.as_ref().err().map(|e| e.code);
        assert_eq!(
            error,
            Some(ErrorCode::ContentModified as i32),
            "{responses:?}"
        );
        // The second fixes the new text.
        let Ok(result) = &responses[1].response_result else {
            panic!("{responses:?}");
        };
        let edits = &result[0]["edit"]["changes"][URI];
        let new_texts: Vec<&str> = edits
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e["newText"].as_str())
            .collect();
        assert_eq!(new_texts, ["S", "I"], "{edits}");
    }

    #[test]
    fn a_cancelled_fix_all_is_answered_as_cancelled() {
        let cancel = Notification::new(Cancel::METHOD.to_owned(), serde_json::json!({ "id": 1 }));
        let messages = vec![open(STRING_AND_UINT8), fix_all_request(1), cancel.into()];
        let responses = responses_to(messages, &[1]);
        let error = responses[0].response_result.as_ref().err().map(|e| e.code);
        assert_eq!(
            error,
            Some(ErrorCode::RequestCanceled as i32),
            "{responses:?}"
        );
    }

    /// A fresh directory for one test, removed when dropped.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str) -> Dir {
            let dir = std::env::temp_dir()
                .join(format!("pipelint-lsp-status-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
            Dir(dir)
        }

        fn uri(&self, name: &str) -> String {
            format!("file://{}/{name}", self.0.display())
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The server's `pipelint/documentStatus` answers for `files` (name, text) opened in `dir`.
    fn statuses(dir: &Dir, files: &[(&str, &str)]) -> Vec<Value> {
        let mut messages = Vec::new();
        let mut ids = Vec::new();
        for (n, (name, text)) in (1..).zip(files) {
            let uri = dir.uri(name);
            messages.push(
                Notification::new(
                    DidOpenTextDocument::METHOD.to_owned(),
                    serde_json::json!({"textDocument": {
                        "uri": uri, "languageId": "json", "version": 1, "text": text
                    }}),
                )
                .into(),
            );
            let params = serde_json::json!({ "textDocument": { "uri": uri } });
            messages.push(Request::new(n.into(), DOCUMENT_STATUS.to_owned(), params).into());
            ids.push(n);
        }
        let responses = responses_to(messages, &ids);
        ids.iter()
            .map(|&id| {
                let response = responses.iter().find(|r| r.id == id.into());
                match response.map(|r| &r.response_result) {
                    Some(Ok(value)) => value.clone(),
                    other => panic!("{id}: {other:?}"),
                }
            })
            .collect()
    }

    #[test]
    fn the_status_says_what_a_document_is_linted_as_and_why_others_are_not() {
        let dir = Dir::new("kinds");
        let answers = statuses(
            &dir,
            &[
                ("orders.pipe.json", STRING_AND_UINT8),
                ("package.json", r#"{"name": "x", "version": "1.0.0"}"#),
                ("main.tf.json", r#"{"resource": {}}"#),
                ("main.tf", "resource \"clickhouse_clickpipe\" \"p\" {}\n"),
            ],
        );
        assert_eq!(answers[0]["linted"], true, "{answers:?}");
        assert_eq!(answers[0]["kind"], "create-pipe", "{answers:?}");
        assert_eq!(answers[1]["linted"], false, "{answers:?}");
        let reason = answers[1]["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("[kinds]") && reason.contains("*.pipe.json"),
            "{reason}"
        );
        // Terraform's JSON syntax is read as Terraform.
        assert_eq!(answers[2]["linted"], true, "{answers:?}");
        assert_eq!(answers[2]["kind"], "terraform", "{answers:?}");
        assert_eq!(answers[3]["linted"], true, "{answers:?}");
        assert_eq!(answers[3]["kind"], "terraform", "{answers:?}");
    }

    #[test]
    fn a_changed_config_on_disk_lints_the_open_documents_again() {
        let dir = Dir::new("watched");
        let config = dir.0.join("pipelint.toml");
        std::fs::write(&config, "exclude = [\"drafts\"]\n").unwrap_or_else(|e| panic!("{e}"));
        let uri = dir.uri("drafts/orders.pipe.json");
        let (server, client) = Connection::memory();
        let serving = std::thread::spawn(move || run(&server));
        let send = |message: Message| {
            client
                .sender
                .send(message)
                .unwrap_or_else(|e| panic!("{e}"))
        };
        // Every message up to the answer to request `id`, which comes last.
        let until = |id: i32| -> Vec<Message> {
            let mut seen = Vec::new();
            loop {
                let message = client.receiver.recv().unwrap_or_else(|e| panic!("{e}"));
                let done = matches!(&message, Message::Response(r) if r.id == id.into());
                seen.push(message);
                if done {
                    return seen;
                }
            }
        };
        let status = |id: i32| -> Message {
            let params = serde_json::json!({ "textDocument": { "uri": uri } });
            Request::new(id.into(), DOCUMENT_STATUS.to_owned(), params).into()
        };
        let published = |seen: &[Message]| {
            seen.iter().any(|m| {
                matches!(m, Message::Notification(n)
                    if n.method == PublishDiagnostics::METHOD && n.params["uri"] == uri.as_str())
            })
        };
        send(
            Request::new(
                0.into(),
                Initialize::METHOD.to_owned(),
                serde_json::json!({}),
            )
            .into(),
        );
        send(
            Notification::new(
                DidOpenTextDocument::METHOD.to_owned(),
                serde_json::json!({"textDocument": {
                    "uri": uri, "languageId": "json", "version": 1, "text": STRING_AND_UINT8
                }}),
            )
            .into(),
        );
        send(status(1));
        let before = until(1);
        assert!(!published(&before), "{before:?}");

        std::fs::write(&config, "# drafts are linted too\n").unwrap_or_else(|e| panic!("{e}"));
        let changes = serde_json::json!({ "changes": [
            { "uri": dir.uri("pipelint.toml"), "type": 2 }
        ]});
        send(Notification::new(DidChangeWatchedFiles::METHOD.to_owned(), changes).into());
        send(status(2));
        let after = until(2);
        assert!(published(&after), "{after:?}");
        let Some(Message::Response(answer)) = after.last() else {
            panic!("{after:?}");
        };
        let linted = answer
            .response_result
            .as_ref()
            .ok()
            .map(|v| v["linted"].clone());
        assert_eq!(linted, Some(Value::Bool(true)), "{answer:?}");

        send(Notification::new(ExitNotification::METHOD.to_owned(), Value::Null).into());
        drop(client);
        let _ = serving.join();
    }

    #[test]
    fn the_status_names_the_config_that_leaves_a_document_out_or_cannot_be_used() {
        let dir = Dir::new("config");
        std::fs::write(dir.0.join("pipelint.toml"), "exclude = [\"drafts\"]\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let broken = dir.0.join("broken");
        std::fs::create_dir_all(&broken).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            broken.join("pipelint.toml"),
            "rules = { bogus = \"off\" }\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let answers = statuses(
            &dir,
            &[
                ("drafts/orders.pipe.json", STRING_AND_UINT8),
                ("broken/orders.pipe.json", STRING_AND_UINT8),
            ],
        );
        assert_eq!(answers[0]["linted"], false, "{answers:?}");
        let reason = answers[0]["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("exclude"), "{reason}");
        assert_eq!(answers[1]["linted"], false, "{answers:?}");
        let reason = answers[1]["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("pipelint.toml:1:") && reason.contains("bogus"),
            "{reason}"
        );
    }
}
