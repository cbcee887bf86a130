//! A finding as miette draws it. The core's `Diagnostic` knows nothing of miette (it is a
//! presentation library, and the core's API would otherwise follow its versions), so the
//! full format wraps each finding in this type.

use std::fmt;
use std::ops::Range;

use pipelint_core::{Diagnostic, Severity};

use super::frame::Excerpt;
use crate::render::FIXABLE_MARKER;

/// A finding paired with the excerpt its spans point into.
pub(super) struct Finding<'a> {
    /// The finding, its spans moved into `source`.
    pub diagnostic: &'a Diagnostic,
    pub source: &'a Excerpt,
    /// Shows the fixable marker after the code.
    pub fixable: bool,
}

impl fmt::Debug for Finding<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for Finding<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Finding<'_> {}

impl miette::Diagnostic for Finding<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let rule = self.diagnostic.rule;
        let code = format!("{}({})", rule.code, rule.name);
        Some(Box::new(if self.fixable {
            format!("{code} {FIXABLE_MARKER}")
        } else {
            code
        }))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diagnostic.url()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let primary = &self.diagnostic.primary;
        let primary =
            miette::LabeledSpan::new_primary_with_span(primary.text.clone(), span(&primary.span));
        let secondary =
            self.diagnostic.secondary.iter().map(|label| {
                miette::LabeledSpan::new_with_span(label.text.clone(), span(&label.span))
            });
        Some(Box::new(std::iter::once(primary).chain(secondary)))
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }
}

fn span(span: &Range<usize>) -> miette::SourceSpan {
    (span.start, span.end - span.start).into()
}
