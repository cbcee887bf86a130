//! `concise`: `path:line:col: CODE severity message`, for editors' errorformat and grep.

use std::io::{self, Write};

use pipelint_core::Diagnostic;

use super::one_line;
use crate::report::FileReport;

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        for d in &report.diagnostics {
            writeln!(out, "{}", line(report, d))?;
        }
    }
    Ok(())
}

/// `path:line:col: CODE severity message` for one finding.
pub fn line(report: &FileReport, d: &Diagnostic) -> String {
    let at = report.position(d.primary.span.start);
    format!(
        "{}:{}:{}: {} {} {}",
        report.path,
        at.line,
        at.column,
        d.code(),
        d.severity,
        one_line(&d.message)
    )
}
