//! `concise`: `path:line:col: CODE [*] severity message [pointer]`, for editors' errorformat
//! and grep; the pointer (omitted for the whole document) is what `[[overrides]]` names.

use std::io::{self, Write};

use pipelint_core::Diagnostic;

use super::escape::visible;
use crate::render::{FIXABLE_MARKER, Style, fixable};
use crate::report::FileReport;

pub fn write(reports: &[FileReport], style: Style, out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        for d in &report.diagnostics {
            let marked = fixable(d, style.unsafe_fixes);
            writeln!(out, "{}", marked_line(report, d, marked))?;
        }
    }
    Ok(())
}

/// `path:line:col: CODE severity message [pointer]` for one finding (without the fixable
/// marker, for other formats' details).
pub fn line(report: &FileReport, d: &Diagnostic) -> String {
    marked_line(report, d, false)
}

/// `path:line:col: CODE [*] severity message [pointer]`, the `[*]` (as ruff shows it)
/// when `marked`. Control characters from the file (a line break in a key, an escape
/// sequence) are shown as visible stand-ins, so a finding is always one line and never
/// drives the terminal.
fn marked_line(report: &FileReport, d: &Diagnostic, marked: bool) -> String {
    let at = report.position(d.primary.span.start);
    let pointer = if d.pointer.is_empty() {
        String::new()
    } else {
        format!(" [{}]", visible(&d.pointer))
    };
    let marker = if marked {
        format!(" {FIXABLE_MARKER}")
    } else {
        String::new()
    };
    format!(
        "{}:{}:{}: {}{marker} {} {}{pointer}",
        visible(&report.path),
        at.line,
        at.column,
        d.code(),
        d.severity,
        visible(&d.message)
    )
}
