//! Human output: miette's graphical reports with code frames.

use std::fmt;
use std::ops::Range;

use miette::{GraphicalReportHandler, GraphicalTheme};
use pipelint_core::{Applicability, Diagnostic};

use crate::long_lines::{self, Excerpt};
use crate::output::escape;
use pipelint_core::LineIndex;

/// At most this many findings are drawn per file; rendering cost grows with each.
pub const MAX_RENDERED_PER_FILE: usize = 100;

/// How to draw reports.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub width: usize,
    /// Whether `--fix` would apply unsafe fixes too (`--unsafe-fixes` was given), so
    /// findings with one are marked fixable.
    pub unsafe_fixes: bool,
}

impl Style {
    /// Fixed, colourless style for snapshots and pipes.
    pub const PLAIN: Style = Style {
        color: false,
        width: 100,
        unsafe_fixes: false,
    };
}

/// The marker, as ruff shows it, on a finding `--fix` would fix.
pub const FIXABLE_MARKER: &str = "[*]";

/// Whether `--fix` (with `--unsafe-fixes` when `unsafe_fixes`) would apply the finding's fix.
pub fn fixable(diagnostic: &Diagnostic, unsafe_fixes: bool) -> bool {
    diagnostic
        .fix
        .as_ref()
        .is_some_and(|fix| fix.applicability == Applicability::Safe || unsafe_fixes)
}

/// Whether the finding has a fix only `--fix --unsafe-fixes` applies.
pub fn fixable_only_unsafe(diagnostic: &Diagnostic) -> bool {
    diagnostic
        .fix
        .as_ref()
        .is_some_and(|fix| fix.applicability == Applicability::Unsafe)
}

/// Renders every finding of one file as code frames, in order.
///
/// Each frame is drawn from an excerpt of the lines it shows (`long_lines`), so the cost
/// of a frame does not grow with the file. Control characters from the file (in the code,
/// the messages, the labels and the name) are shown as visible stand-ins.
pub fn full(name: &str, text: &str, diagnostics: &[Diagnostic], style: Style) -> String {
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
        .with_context_lines(long_lines::CONTEXT_LINES)
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
        let report = WithSource {
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

/// A diagnostic paired with the text its spans point into.
struct WithSource<'a> {
    diagnostic: &'a Diagnostic,
    source: &'a Excerpt,
    /// Shows the fixable marker after the code.
    fixable: bool,
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
        let code = miette::Diagnostic::code(self.diagnostic)?;
        if self.fixable {
            Some(Box::new(format!("{code} {FIXABLE_MARKER}")))
        } else {
            Some(code)
        }
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

/// What `--fix` could do for the findings of a run, for the summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixable {
    /// Findings `--fix` would fix (with `--unsafe-fixes`, unsafe ones count too).
    pub with_fix: usize,
    /// Findings only `--fix --unsafe-fixes` would fix (0 when `--unsafe-fixes` was given).
    pub with_unsafe_fixes: usize,
}

/// "3 errors, 1 warning in 2 of 10 files; 2 fixable with `--fix` (1 more with
/// `--unsafe-fixes`)".
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with_findings: usize,
    files: usize,
    fixable: Fixable,
) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if errors + warnings + infos == 0 {
        return format!("no problems in {}", plural(files, "file"));
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "info"));
    }
    let mut line = format!(
        "{} in {files_with_findings} of {}",
        parts.join(", "),
        plural(files, "file")
    );
    match (fixable.with_fix, fixable.with_unsafe_fixes) {
        (0, 0) => {}
        (0, more) => line.push_str(&format!("; {more} fixable with `--fix --unsafe-fixes`")),
        (safe, 0) => line.push_str(&format!("; {safe} fixable with `--fix`")),
        (safe, more) => line.push_str(&format!(
            "; {safe} fixable with `--fix` ({more} more with `--unsafe-fixes`)"
        )),
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixable(with_fix: usize, with_unsafe_fixes: usize) -> Fixable {
        Fixable {
            with_fix,
            with_unsafe_fixes,
        }
    }

    #[test]
    fn the_summary_counts_what_fix_would_fix() {
        assert_eq!(
            summary(2, 1, 0, 1, 3, Fixable::default()),
            "2 errors, 1 warning in 1 of 3 files"
        );
        assert_eq!(
            summary(2, 1, 0, 1, 3, fixable(2, 0)),
            "2 errors, 1 warning in 1 of 3 files; 2 fixable with `--fix`"
        );
        assert_eq!(
            summary(2, 1, 0, 1, 3, fixable(2, 1)),
            "2 errors, 1 warning in 1 of 3 files; 2 fixable with `--fix` (1 more with \
             `--unsafe-fixes`)"
        );
        assert_eq!(
            summary(1, 0, 0, 1, 1, fixable(0, 1)),
            "1 error, 0 warnings in 1 of 1 file; 1 fixable with `--fix --unsafe-fixes`"
        );
        assert_eq!(
            summary(0, 0, 0, 0, 2, fixable(0, 0)),
            "no problems in 2 files"
        );
    }
}
