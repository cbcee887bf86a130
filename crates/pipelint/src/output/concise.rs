//! `concise`: `path:line:col: CODE severity message`, for editors' errorformat and grep.

use std::io::{self, Write};

use super::one_line;
use crate::report::FileReport;

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        for d in &report.diagnostics {
            let at = report.position(d.primary.span.start);
            writeln!(
                out,
                "{}:{}:{}: {} {} {}",
                report.path,
                at.line,
                at.column,
                d.code(),
                d.severity,
                one_line(&d.message)
            )?;
        }
    }
    Ok(())
}
