//! Fuzz target: `lint` must never panic, and every span must lie inside the text on
//! character boundaries, for any bytes and every document kind.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pipelint_core::{DocumentKind, LintOptions, lint};

fuzz_target!(|bytes: &[u8]| {
    let kinds = std::iter::once(None).chain(DocumentKind::ALL.iter().copied().map(Some));
    for kind in kinds {
        let result = lint(bytes, &LintOptions { kind, ..LintOptions::default() });
        for diagnostic in &result.diagnostics {
            let spans = std::iter::once(&diagnostic.primary).chain(&diagnostic.secondary);
            for span in spans.map(|l| &l.span) {
                assert!(span.start <= span.end && span.end <= result.text.len());
                assert!(result.text.is_char_boundary(span.start));
                assert!(result.text.is_char_boundary(span.end));
            }
        }
    }
});
