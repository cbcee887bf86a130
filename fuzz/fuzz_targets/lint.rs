//! Fuzz target: `lint` must never panic, every span must lie inside the text on character
//! boundaries, and masking secrets must not move anything, for any bytes, every kind, and both
//! the contract's versions and the newest (`Profile::latest`); Terraform (`.tf`) input is
//! read with `DocumentKind::Terraform`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pipelint_core::{DocumentKind, LintOptions, Profile, lint};

fuzz_target!(|bytes: &[u8]| {
    let kinds = std::iter::once(None).chain(DocumentKind::selectable().map(Some));
    let runs = kinds.flat_map(|kind| [(kind, Profile::default()), (kind, Profile::latest())]);
    for (kind, profile) in runs {
        let options = LintOptions::new().kind(kind).profile(profile);
        let result = lint(bytes, &options);
        for diagnostic in &result.diagnostics {
            let spans = std::iter::once(&diagnostic.primary).chain(&diagnostic.secondary);
            for span in spans.map(|l| &l.span) {
                assert!(span.start <= span.end && span.end <= result.text.len());
                assert!(result.text.is_char_boundary(span.start));
                assert!(result.text.is_char_boundary(span.end));
            }
        }
        // The mask keeps every line's length in bytes and in characters, so every position
        // is the same with and without it, and it never adds or removes a finding.
        let shown = lint(bytes, &options.show_secrets(true));
        assert_eq!(shown.diagnostics.len(), result.diagnostics.len());
        assert_eq!(shown.text.len(), result.text.len());
        for (masked, plain) in result.text.split('\n').zip(shown.text.split('\n')) {
            assert_eq!(masked.len(), plain.len());
            assert_eq!(masked.chars().count(), plain.chars().count());
        }
        for (masked, plain) in result.diagnostics.iter().zip(&shown.diagnostics) {
            assert_eq!(masked.primary.span, plain.primary.span);
        }
    }
});
