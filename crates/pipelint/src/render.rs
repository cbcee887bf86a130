//! Human output: miette's graphical reports with code frames.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};
use pipelint_core::{Diagnostic, LineIndex};

use crate::long_lines;

/// At most this many findings are drawn per file; rendering cost grows with each.
pub const MAX_RENDERED_PER_FILE: usize = 100;

/// How to draw reports.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub width: usize,
}

impl Style {
    /// Fixed, colourless style for snapshots and pipes.
    pub const PLAIN: Style = Style {
        color: false,
        width: 100,
    };
}

/// Renders every finding of one file as code frames, in order.
pub fn full(name: &str, text: &str, diagnostics: &[Diagnostic], style: Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_urls(true)
        .with_context_lines(1);
    // Excerpts carry the original line and column in their name instead.
    let excerpt_handler = handler.clone().without_primary_span_start();
    let index = LineIndex::new(text);
    let whole = NamedSource::new(name, text.to_owned()).with_language("json");
    let mut out = String::new();
    for diagnostic in diagnostics.iter().take(MAX_RENDERED_PER_FILE) {
        let points: Vec<usize> = std::iter::once(&diagnostic.primary)
            .chain(&diagnostic.secondary)
            .flat_map(|l| [l.span.start, l.span.end])
            .collect();
        // A file with very long lines is shown as an excerpt, one per finding.
        let excerpt = long_lines::shorten(text, &points);
        let shortened;
        let (diagnostic, source, handler) = match &excerpt {
            Some(excerpt) => {
                let at = index.line_col(text, diagnostic.primary.span.start);
                let located = format!("{name}:{}:{}", at.line, at.column);
                shortened = (
                    moved(diagnostic, excerpt),
                    NamedSource::new(located, excerpt.text.clone()).with_language("json"),
                );
                (&shortened.0, &shortened.1, &excerpt_handler)
            }
            None => (diagnostic, &whole, &handler),
        };
        let report = WithSource { diagnostic, source };
        if handler.render_report(&mut out, &report).is_err() {
            out.push_str(&format!("{name}: {}\n", diagnostic.message));
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

/// The diagnostic with its spans moved into the excerpt.
fn moved(diagnostic: &Diagnostic, excerpt: &long_lines::Excerpt) -> Diagnostic {
    let mut moved = diagnostic.clone();
    moved.primary.span = excerpt.map_span(&diagnostic.primary.span);
    for label in &mut moved.secondary {
        label.span = excerpt.map_span(&label.span);
    }
    moved
}

/// A diagnostic paired with the text its spans point into.
struct WithSource<'a> {
    diagnostic: &'a Diagnostic,
    source: &'a NamedSource<String>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.diagnostic, f)
    }
}

impl std::error::Error for WithSource<'_> {}

impl miette::Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::code(self.diagnostic)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::help(self.diagnostic)
    }
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::url(self.diagnostic)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        miette::Diagnostic::labels(self.diagnostic)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }
}

/// "3 errors, 1 warning in 2 of 10 files".
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with_findings: usize,
    files: usize,
) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if errors + warnings + infos == 0 {
        return format!("no problems in {}", plural(files, "file"));
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "info"));
    }
    format!(
        "{} in {files_with_findings} of {}",
        parts.join(", "),
        plural(files, "file")
    )
}
