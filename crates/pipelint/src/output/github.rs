//! `github`: workflow commands that GitHub Actions turns into annotations on the diff.
//! https://docs.github.com/actions/reference/workflow-commands-for-github-actions

use std::io::{self, Write};

use pipelint_core::Severity;

use super::escape::visible;
use crate::report::FileReport;

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        for d in &report.diagnostics {
            let (start, end) = report.range(&d.primary.span);
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            // Text from the file gets visible stand-ins first: the escapes below are
            // undone by the runner, and the log viewer would act on ANSI sequences.
            let mut message = visible(&d.message).into_owned();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(&visible(help));
            }
            message.push('\n');
            message.push_str(&d.url());
            writeln!(
                out,
                "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                property(&visible(&report.path)),
                start.line,
                start.column,
                end.line,
                end.column,
                property(&format!("{} {}", d.code(), d.name())),
                data(&message)
            )?;
        }
    }
    Ok(())
}

/// Escapes a command's message as the runner expects (`escapeData` in GitHub's toolkit):
/// a line break would end the command, `%` starts an escape.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value, where `:` and `,` also delimit.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_would_end_or_split_a_command() {
        assert_eq!(data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
