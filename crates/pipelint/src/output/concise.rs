//! `concise`: `path:line:col: CODE severity message [pointer]`, for editors' errorformat
//! and grep; the pointer (omitted for the whole document) is what `[[overrides]]` names.

use std::io::{self, Write};

use pipelint_core::Diagnostic;

use super::escape::visible;
use crate::report::FileReport;

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        for d in &report.diagnostics {
            writeln!(out, "{}", line(report, d))?;
        }
    }
    Ok(())
}

/// `path:line:col: CODE severity message [pointer]` for one finding. Control characters from the
/// file (a line break in a key, an escape sequence) are shown as visible stand-ins, so a
/// finding is always one line and never drives the terminal.
pub fn line(report: &FileReport, d: &Diagnostic) -> String {
    let at = report.position(d.primary.span.start);
    let pointer = if d.pointer.is_empty() {
        String::new()
    } else {
        format!(" [{}]", visible(&d.pointer))
    };
    format!(
        "{}:{}:{}: {} {} {}{pointer}",
        visible(&report.path),
        at.line,
        at.column,
        d.code(),
        d.severity,
        visible(&d.message)
    )
}
