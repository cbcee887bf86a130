//! `junit`: JUnit XML, one test suite a file and one test case a finding. Findings below
//! the fail level are passing cases with the finding in `system-out`, so the report agrees
//! with the exit code. A clean file is one passing case.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::report::FileReport;

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let count = |report: &FileReport| report.diagnostics.len().max(1);
    let failing = |report: &FileReport| {
        report
            .diagnostics
            .iter()
            .filter(|d| report.fails(d))
            .count()
    };
    let tests: usize = reports.iter().map(count).sum();
    let failures: usize = reports.iter().map(failing).sum();

    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        xml,
        "<testsuites name=\"pipelint\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">"
    );
    for report in reports {
        let path = escape(&report.path);
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{path}\" tests=\"{}\" failures=\"{}\" errors=\"0\">",
            count(report),
            failing(report)
        );
        if report.diagnostics.is_empty() {
            let _ = writeln!(
                xml,
                "    <testcase name=\"pipelint check\" classname=\"{path}\" file=\"{path}\"/>"
            );
        }
        for d in &report.diagnostics {
            let at = report.position(d.primary.span.start);
            let mut detail = super::concise::line(report, d);
            if let Some(help) = &d.help {
                let _ = write!(detail, "\nhelp: {help}");
            }
            let _ = write!(detail, "\npointer: {}\n{}", d.pointer, d.url());
            let _ = writeln!(
                xml,
                "    <testcase name=\"{} {} at {}:{}\" classname=\"{path}\" file=\"{path}\" line=\"{}\">",
                d.code(),
                d.name(),
                at.line,
                at.column,
                at.line
            );
            if report.fails(d) {
                let _ = writeln!(
                    xml,
                    "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                    d.code(),
                    escape(&d.message),
                    escape(&detail)
                );
            } else {
                let _ = writeln!(xml, "      <system-out>{}</system-out>", escape(&detail));
            }
            let _ = writeln!(xml, "    </testcase>");
        }
        let _ = writeln!(xml, "  </testsuite>");
    }
    xml.push_str("</testsuites>\n");
    out.write_all(xml.as_bytes())
}

/// Escapes text for XML 1.0 content and attributes; characters XML 1.0 cannot hold at all
/// (most control characters) become U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_what_xml_cannot_hold() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{1}"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\u{FFFD}"
        );
        assert_eq!(escape("a\nb"), "a&#10;b");
    }
}
