//! `full`: code frames with labels and help, the default for people. miette draws them:
//! `finding` shows a finding to miette, `frame` cuts the excerpt of the file a frame shows.

mod finding;
pub mod frame;

use std::io::{self, Write};
use std::ops::Range;

use miette::{GraphicalReportHandler, GraphicalTheme};
use pipelint_core::{Diagnostic, LineIndex};

use crate::output::escape;
use crate::render::{Style, fixable};
use crate::report::FileReport;
use finding::Finding;
use frame::Excerpt;

/// At most this many findings are drawn per file; rendering cost grows with each.
pub const MAX_RENDERED_PER_FILE: usize = 100;

pub fn write(reports: &[FileReport], style: Style, out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        let text = render(&report.path, &report.text, &report.diagnostics, style);
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// Renders every finding of one file as code frames, in order.
///
/// Each frame is drawn from an excerpt of the lines it shows (`frame`), so the cost
/// of a frame does not grow with the file. Control characters from the file (in the code,
/// the messages, the labels and the name) are shown as visible stand-ins.
pub fn render(name: &str, text: &str, diagnostics: &[Diagnostic], style: Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    // The excerpt names each frame `name:line:column` itself, counted in characters from
    // the same line index as the other formats (miette would count bytes).
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_urls(true)
        .with_context_lines(frame::CONTEXT_LINES)
        .without_primary_span_start();
    let index = LineIndex::new(text);
    let name = escape::visible(name);
    let mut out = String::new();
    for diagnostic in diagnostics.iter().take(MAX_RENDERED_PER_FILE) {
        let spans: Vec<_> = std::iter::once(&diagnostic.primary)
            .chain(&diagnostic.secondary)
            .map(|label| label.span.clone())
            .collect();
        let excerpt = Excerpt::new(&name, text, &index, &spans);
        let shown = shown(diagnostic, excerpt.spans());
        let report = Finding {
            diagnostic: &shown,
            source: &excerpt,
            fixable: fixable(diagnostic, style.unsafe_fixes),
        };
        if handler.render_report(&mut out, &report).is_err() {
            out.push_str(&format!("{name}: {}\n", shown.message));
        }
        // The pointer `[[overrides]]` entries name (none for the whole document).
        if !diagnostic.pointer.is_empty() {
            out.push_str(&format!(
                "  pointer: {}\n",
                escape::visible(&diagnostic.pointer)
            ));
        }
        out.push('\n');
    }
    if diagnostics.len() > MAX_RENDERED_PER_FILE {
        out.push_str(&format!(
            "{name}: …and {} more findings not shown\n",
            diagnostics.len() - MAX_RENDERED_PER_FILE
        ));
    }
    out
}

/// The diagnostic as a frame shows it: spans moved into the excerpt (primary first, as
/// given to `Excerpt::new`) and text from the file made visible.
fn shown(diagnostic: &Diagnostic, spans: &[Range<usize>]) -> Diagnostic {
    let visible = |text: &str| escape::visible(text).into_owned();
    let mut shown = diagnostic.clone();
    shown.message = visible(&diagnostic.message);
    shown.help = diagnostic.help.as_deref().map(visible);
    for (label, span) in std::iter::once(&mut shown.primary)
        .chain(&mut shown.secondary)
        .zip(spans)
    {
        label.span = span.clone();
        label.text = label.text.as_deref().map(visible);
    }
    shown
}
