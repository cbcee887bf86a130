//! The one per-file record every output format draws from.
//!
//! A `FileReport` is built once per checked document, after the config has been applied,
//! and is never changed afterwards. Anything that must hold for every format belongs in
//! `FileReport::new`; secrets are already masked by the core's `lint` before a report exists.

use std::ops::Range;

use pipelint_core::{Diagnostic, DocumentKind, LineIndex, Severity};

/// A checked document and what was found in it.
#[derive(Debug)]
pub struct FileReport {
    /// The name shown in findings (see `paths::display_name`).
    pub path: String,
    /// The text every span indexes into.
    pub text: String,
    pub kind: Option<DocumentKind>,
    /// After rule levels and overrides, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Findings at or above this severity fail the run.
    pub fail_on: Severity,
    /// Why the document was checked as its kind (or why no kind fits), for `--explain-kind`.
    pub kind_reason: Option<String>,
    /// Checked against the newest API snapshot for a newer `api-version` (a notice says so).
    pub api_beyond_known: bool,
    lines: LineIndex,
}

/// A position in every unit some format wants; lines and columns are 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    /// In Unicode scalar values.
    pub column: usize,
    /// In UTF-16 code units (SARIF).
    pub column_utf16: usize,
    /// Byte offset in the text.
    pub offset: usize,
}

impl FileReport {
    pub fn new(
        path: String,
        text: String,
        kind: Option<DocumentKind>,
        diagnostics: Vec<Diagnostic>,
        fail_on: Severity,
    ) -> Self {
        let lines = LineIndex::new(&text);
        FileReport {
            path,
            text,
            kind,
            diagnostics,
            fail_on,
            kind_reason: None,
            api_beyond_known: false,
            lines,
        }
    }

    pub fn position(&self, offset: usize) -> Position {
        let at = self.lines.line_col(&self.text, offset);
        let (_, utf16) = self.lines.line_utf16(&self.text, offset);
        Position {
            line: at.line,
            column: at.column,
            column_utf16: utf16 + 1,
            offset: pipelint_core::floor_char_boundary(&self.text, offset),
        }
    }

    /// Start and end (exclusive) of a byte range.
    pub fn range(&self, span: &Range<usize>) -> (Position, Position) {
        (self.position(span.start), self.position(span.end))
    }

    /// Whether a finding counts against the exit code.
    pub fn fails(&self, diagnostic: &Diagnostic) -> bool {
        diagnostic.severity >= self.fail_on
    }

    /// Whether the document's kind could not be told (the run exits 2).
    pub fn kind_unknown(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_kind_unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_utf16_units() {
        let text = "{\"😀é\": 1}".to_owned();
        let report = FileReport::new("a".into(), text.clone(), None, Vec::new(), Severity::Error);
        let one = text.find('1').unwrap();
        let at = report.position(one);
        assert_eq!((at.line, at.column, at.column_utf16), (1, 8, 9));
        assert_eq!(at.offset, one);
    }

    #[test]
    fn a_lone_cr_ends_a_line_like_lf_and_crlf() {
        let text = "{\r\"a\": 1,\r\n\"b\": 2,\n\"c\": 3}".to_owned();
        let report = FileReport::new("a".into(), text.clone(), None, Vec::new(), Severity::Error);
        for (needle, line) in [("\"a", 2), ("\"b", 3), ("\"c", 4)] {
            let at = report.position(text.find(needle).unwrap());
            assert_eq!((at.line, at.column), (line, 1), "{needle}");
        }
    }
}
