//! Rendering code frames never panics, whatever the input and its findings; every frame
//! names the position the other formats report, and nothing from the input can drive a
//! terminal.

mod common;

use pipelint::output::full;
use pipelint::render::Style;
use pipelint::report::FileReport;
use pipelint_core::{LintOptions, Severity, lint};
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
    "\u{1b}[2J",
    "\r",
    "\u{7}",
    "\u{9b}",
    "\u{202e}",
    "\"\\u001b\"",
];

/// The `line:column` in the frame headers of each finding, in order.
fn headers_per_finding(out: &str) -> Vec<Vec<String>> {
    let mut findings: Vec<Vec<String>> = Vec::new();
    for line in out.lines() {
        if line.starts_with("PL") {
            findings.push(Vec::new());
        } else if let Some(at) = line
            .split_once("╭─[input.json:")
            .and_then(|(_, r)| r.strip_suffix(']'))
            && let Some(last) = findings.last_mut()
        {
            last.push(at.to_owned());
        }
    }
    findings
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rendering_never_panics(pieces in prop::collection::vec(0..PIECES.len(), 0..80), color in any::<bool>()) {
        let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let result = lint(text.as_bytes(), &LintOptions::default());
        let style = Style {
            color,
            width: 80,
            unsafe_fixes: false,
        };
        let out = full::render("input.json", &result.text, &result.diagnostics, style);
        for diagnostic in result.diagnostics.iter().take(full::MAX_RENDERED_PER_FILE) {
            prop_assert!(out.contains(diagnostic.code()), "{} not rendered", diagnostic.code());
        }
    }

    #[test]
    fn frames_name_the_reported_position_and_show_no_control_character(pieces in prop::collection::vec(0..PIECES.len(), 0..80)) {
        let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let result = lint(text.as_bytes(), &LintOptions::default());
        let out = full::render("input.json", &result.text, &result.diagnostics, Style::PLAIN);
        let acting = common::acting(&out);
        prop_assert!(acting.is_empty(), "{:?} in {}", acting, out);
        let report = FileReport::new("input.json".into(), result.text.clone(), None, Vec::new(), Severity::Error);
        let headers = headers_per_finding(&out);
        let shown = result.diagnostics.iter().take(full::MAX_RENDERED_PER_FILE);
        prop_assert_eq!(headers.len(), shown.len());
        for (diagnostic, headers) in shown.zip(&headers) {
            let at = report.position(diagnostic.primary.span.start);
            let expected = format!("{}:{}", at.line, at.column);
            prop_assert!(headers.contains(&expected), "{} not in {:?}:\n{}", expected, headers, out);
        }
    }

    #[test]
    fn rendering_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let result = lint(&bytes, &LintOptions::default());
        let out = full::render("input.json", &result.text, &result.diagnostics, Style::PLAIN);
        prop_assert_eq!(out.is_empty(), result.diagnostics.is_empty());
    }
}
