//! Code frames (`full`): positions from the same line index as every other format, labels
//! under the text they mark, and nothing from the file that could drive a terminal.

mod common;

use common::acting;
use pipelint::output::full;
use pipelint::render::Style;
use pipelint::report::FileReport;
use pipelint_core::{Diagnostic, Severity};

fn finding(text: &str, needle: &str) -> Diagnostic {
    let start = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {text:?}"));
    let rule = pipelint_core::find_rule("duplicate-key").unwrap_or_else(|| panic!("no rule"));
    Diagnostic::new(rule, start..start + needle.len(), "/x", "a finding").with_label("here")
}

fn frames(text: &str, diagnostics: &[Diagnostic]) -> String {
    full::render("f.json", text, diagnostics, Style::PLAIN)
}

/// `line:column` of an offset as `concise`, `json` and the rest report it.
fn position(text: &str, offset: usize) -> String {
    let report = FileReport::new("f".into(), text.into(), None, Vec::new(), Severity::Error);
    let at = report.position(offset);
    format!("{}:{}", at.line, at.column)
}

/// The `name:line:column` of every frame header.
fn headers(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.split_once("╭─[")?.1.strip_suffix(']'))
        .collect()
}

#[test]
fn the_header_counts_characters_like_the_other_formats() {
    let text = "{\"zz\u{1F600}é\": 1, \"replicas\": \"x\"}\n";
    let d = finding(text, "\"x\"");
    let expected = position(text, d.primary.span.start);
    assert_eq!(expected, "1:25");
    assert_eq!(headers(&frames(text, &[d])), [format!("f.json:{expected}")]);
}

#[test]
fn a_lone_cr_ends_a_line_in_frames_as_everywhere() {
    let text = "{\"replicas\": 2,\r\"replicaz\": 3,\r\"c\": 4}";
    let d = finding(text, "\"replicaz\"");
    assert_eq!(position(text, d.primary.span.start), "2:1");
    let out = frames(text, &[d]);
    assert_eq!(headers(&out), ["f.json:2:1"]);
    assert!(out.contains(" 1 │ {\"replicas\": 2,\n"), "{out}");
    assert!(out.contains(" 2 │ \"replicaz\": 3,\n"), "{out}");
    assert!(out.contains(" 3 │ \"c\": 4}\n"), "{out}");
    assert!(!out.contains('\r'), "{out:?}");
}

#[test]
fn labels_stay_under_their_text_after_control_characters() {
    let text = "{\"a\u{1b}[2J\u{7}\u{9b}\u{202E}b\": 1, \"c\": \"x\"}\n";
    let out = frames(text, &[finding(text, "\"x\"")]);
    let code = out
        .lines()
        .find(|l| l.contains("│ {"))
        .unwrap_or_else(|| panic!("no code line in {out}"));
    let marks = out
        .lines()
        .find(|l| l.contains('┬'))
        .unwrap_or_else(|| panic!("no label in {out}"));
    let value = code.chars().position(|c| c == 'x').unwrap() - 1;
    let underline = marks.chars().position(|c| c == '─' || c == '┬').unwrap();
    assert_eq!(underline, value, "\n{code}\n{marks}");
    assert_eq!(
        headers(&out),
        [format!("f.json:{}", position(text, text.len() - 5))]
    );
}

#[test]
fn nothing_from_the_file_can_drive_the_terminal() {
    let text = "{\"t\u{1b}]0;owned\u{7}\": \"\u{1b}[2J\u{9b}31m\u{202E}\u{2066}\u{8}\u{0}\"}\n";
    let mut d = finding(text, "\"\u{1b}[2J");
    d.message = "unknown member `\u{1b}]0;owned\u{7}`\r\n".into();
    d.help = Some("did you mean `\u{1b}[31mreplicas`?".into());
    d.primary.text = Some("\u{202E}here\u{9d}".into());
    let d = d.with_secondary(1..2, "key\u{1b}[1m");
    let out = full::render("a\u{1b}[2J.json", text, &[d], Style::PLAIN);
    assert_eq!(acting(&out), Vec::<char>::new(), "{out}");
    assert!(out.contains("a\u{241B}[2J.json:1:"), "{out}");
    assert!(out.contains("\u{241B}]0;owned\u{2407}"), "{out}");
}

#[test]
fn labels_far_apart_get_frames_with_their_own_positions() {
    let lines: Vec<String> = (0..2000)
        .map(|i| format!("  \"k{i}\": \"é{i}\","))
        .collect();
    let text = format!("{{\n{}\n}}\n", lines.join("\n"));
    let d = finding(&text, "\"k1500\"").with_secondary(
        text.find("\"é3\"").unwrap()..text.find("\"é3\"").unwrap() + 5,
        "first here",
    );
    let out = frames(&text, std::slice::from_ref(&d));
    let secondary = position(&text, d.secondary[0].span.start);
    let primary = position(&text, d.primary.span.start);
    assert_eq!(
        headers(&out),
        [format!("f.json:{secondary}"), format!("f.json:{primary}")]
    );
    // Only the shown lines are drawn, not the 1,500 between.
    assert!(out.lines().count() < 20, "{out}");
}
