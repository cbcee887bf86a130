//! `full`: miette code frames, the default for people.

use std::io::{self, Write};

use crate::render::{self, Style};
use crate::report::FileReport;

pub fn write(reports: &[FileReport], style: Style, out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        let text = render::full(&report.path, &report.text, &report.diagnostics, style);
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}
