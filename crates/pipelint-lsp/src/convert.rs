//! The core's diagnostics and fixes in LSP terms.

use std::collections::HashMap;
use std::str::FromStr;

use lsp_types::{
    CodeAction, CodeActionKind, CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity,
    Location, NumberOrString, Position, TextEdit, Uri, WorkspaceEdit,
};
use pipelint_core::{Diagnostic, Fix, LineIndex, Severity};

/// The `source` every published diagnostic carries.
pub const SOURCE: &str = "pipelint";

/// A text and its line index, which every conversion needs together.
pub struct Text<'a> {
    pub text: &'a str,
    pub index: &'a LineIndex,
}

/// The core's UTF-16 positions (`LineIndex`) as `lsp_types` values: byte offsets to LSP
/// positions and ranges, and back.
pub trait LspPositions {
    /// The LSP range of a byte span of `text`.
    fn range(&self, text: &str, span: &std::ops::Range<usize>) -> lsp_types::Range;
    /// The byte offset of an LSP position, clamped as the protocol asks.
    fn offset(&self, text: &str, position: Position) -> usize;
    /// The byte span of an LSP range, in text order.
    fn span(&self, text: &str, range: lsp_types::Range) -> std::ops::Range<usize>;
}

impl LspPositions for LineIndex {
    fn range(&self, text: &str, span: &std::ops::Range<usize>) -> lsp_types::Range {
        let [start, end] = self.range_utf16(text, span);
        lsp_types::Range::new(position(start), position(end))
    }

    fn offset(&self, text: &str, position: Position) -> usize {
        self.offset_of_utf16(text, position.line as usize, position.character as usize)
    }

    fn span(&self, text: &str, range: lsp_types::Range) -> std::ops::Range<usize> {
        let at = |p: Position| (p.line as usize, p.character as usize);
        self.span_of_utf16(text, at(range.start), at(range.end))
    }
}

/// An LSP position from a 0-based line and UTF-16 column (saturated at the protocol's
/// `u32`, which no text the server accepts reaches).
fn position((line, character): (usize, usize)) -> Position {
    let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Position::new(to_u32(line), to_u32(character))
}

pub fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// One core diagnostic as an LSP diagnostic: the message with its help on a second line,
/// the rule code linking to the rule's page, and one related location per secondary label.
pub fn diagnostic(uri: &Uri, text: &Text, diagnostic: &Diagnostic) -> lsp_types::Diagnostic {
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .secondary
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location {
                uri: uri.clone(),
                range: text.index.range(text.text, &label.span),
            },
            message: label
                .text
                .clone()
                .unwrap_or_else(|| "related to this finding".to_owned()),
        })
        .collect();
    lsp_types::Diagnostic {
        range: text.index.range(text.text, &diagnostic.primary.span),
        severity: Some(severity(diagnostic.severity)),
        code: Some(NumberOrString::String(diagnostic.code().to_owned())),
        code_description: Uri::from_str(&diagnostic.url())
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// A fix as a quick fix that edits the document in place.
pub fn quick_fix(
    uri: &Uri,
    text: &Text,
    fix: &Fix,
    fixes: lsp_types::Diagnostic,
) -> lsp_types::CodeAction {
    let edit = TextEdit {
        range: text.index.range(text.text, &fix.span),
        new_text: fix.replacement.clone(),
    };
    CodeAction {
        title: fix.title.clone(),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![fixes]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
            document_changes: None,
            change_annotations: None,
        }),
        command: None,
        // The core only attaches a fix when it certainly repairs the finding; an unsafe one
        // (a guess, or a change of meaning) is offered but never preferred, so editors do
        // not apply it on their own.
        is_preferred: Some(fix.applicability == pipelint_core::Applicability::Safe),
        disabled: None,
        data: None,
    }
}
