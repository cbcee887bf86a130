//! Rendering code frames never panics, whatever the input and its findings.

use pipelint::render::{self, Style};
use pipelint_core::{LintOptions, lint};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "\"name\"",
    "\"source\"",
    "\"kafka\"",
    "\"replicas\"",
    "11",
    "\"é\"",
    "\t",
    "\n",
    "\r\n",
    "\u{1F600}",
    "\u{feff}",
    "null",
    "\"password\"",
    "\"x\"",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rendering_never_panics(pieces in prop::collection::vec(0..PIECES.len(), 0..80), color in any::<bool>()) {
        let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let result = lint(text.as_bytes(), &LintOptions::default());
        let style = Style { color, width: 80 };
        let out = render::full("input.json", &result.text, &result.diagnostics, style);
        for diagnostic in result.diagnostics.iter().take(render::MAX_RENDERED_PER_FILE) {
            prop_assert!(out.contains(diagnostic.code()), "{} not rendered", diagnostic.code());
        }
    }

    #[test]
    fn rendering_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let result = lint(&bytes, &LintOptions::default());
        let out = render::full("input.json", &result.text, &result.diagnostics, Style::PLAIN);
        prop_assert_eq!(out.is_empty(), result.diagnostics.is_empty());
    }
}
