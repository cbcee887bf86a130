//! What the Kafka rules share: the source object, and the comma-separated lists of
//! `brokers` and `topics`. Each list is read once into its problems (the modules `brokers`
//! and `topics`); its `-empty` rule and its `-format` rule each report their part of them.

use std::ops::Range;

use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, Fix};
use crate::literal::text_to_check;
use crate::rule::{Context, Rule};
use crate::string_span::StringSpans;

pub(crate) mod brokers;
pub(crate) mod topics;

/// The Kafka source object, when it is set and is an object.
pub(crate) fn kafka<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    cx.get(super::KAFKA).and_then(Value::as_object)
}

/// A fix that replaces `edit.at` of the decoded value of `literal` with `edit.replacement`:
/// only that part of the literal, so that many fixes in one long value stay cheap. `None`
/// when `edit.at` splits a character: widening it would replace text the edit did not mean.
pub(crate) fn edit_fix(literal: &StringSpans, edit: Edit) -> Option<Fix> {
    let span = literal.exact_part(edit.at)?;
    let quoted = Value::String(edit.replacement).to_string();
    let replacement = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_default()
        .to_owned();
    // Brokers and topics fixes only re-separate or drop empty entries: safe.
    Some(Fix {
        title: edit.title,
        span,
        replacement,
        applicability: crate::Applicability::Safe,
    })
}

/// A repair inside a string value: replace the decoded bytes `at` with `replacement`.
#[derive(Debug)]
pub(crate) struct Edit {
    pub title: String,
    pub at: Range<usize>,
    pub replacement: String,
}

impl Edit {
    /// The whole value after the edit (for tests).
    #[cfg(test)]
    pub(crate) fn apply(&self, text: &str) -> String {
        format!(
            "{}{}{}",
            &text[..self.at.start],
            self.replacement,
            &text[self.at.end..]
        )
    }
}

/// One finding inside a list value.
#[derive(Debug)]
pub(crate) struct Problem {
    /// Byte range in the decoded value.
    pub at: Range<usize>,
    pub message: String,
    pub label: String,
    pub help: String,
    /// The repair of the part, if there is one.
    pub fix: Option<Edit>,
}

impl Problem {
    /// Reports each problem of the list value at `pointer` on its exact part of the string
    /// (the whole value when the problem has no part), with its fix.
    pub(crate) fn report_all(
        cx: &Context,
        rule: &'static Rule,
        pointer: &str,
        problems: Vec<Problem>,
        out: &mut Vec<Diagnostic>,
    ) {
        if problems.is_empty() {
            // No finding: no position needed (looking one up would index the spans).
            return;
        }
        let literal = StringSpans::new(cx.document, cx.text, pointer);
        for problem in problems {
            let span = if problem.at.is_empty() {
                literal.span.clone()
            } else {
                literal.part(problem.at).unwrap_or(literal.span.clone())
            };
            let mut diagnostic = Diagnostic::new(rule, span, pointer, problem.message)
                .with_label(problem.label)
                .with_help(problem.help);
            if let Some(fix) = problem.fix.and_then(|edit| edit_fix(&literal, edit)) {
                diagnostic = diagnostic.with_fix(fix);
            }
            out.push(diagnostic);
        }
    }
}

/// The problems of a comma-separated list (brokers, topics), one at most per entry, split
/// by how serious they are.
#[derive(Debug, Default)]
pub(crate) struct ListProblems {
    /// An empty list or empty entries: the server rejects these (decision 12).
    pub empty: Vec<Problem>,
    /// Every other problem: the interface states no format, so the server accepts it, but
    /// it is likely a mistake.
    pub format: Vec<Problem>,
}

/// Which problems of a list a rule reports.
#[derive(Clone, Copy)]
pub(crate) enum Found {
    Empty,
    Format,
}

/// Reports the problems of the list at `pointer` (unless it is a placeholder) that `found`
/// selects of those `problems` finds.
pub(crate) fn check_list(
    cx: &Context,
    rule: &'static Rule,
    pointer: &str,
    problems: fn(&str) -> ListProblems,
    found: Found,
    out: &mut Vec<Diagnostic>,
) {
    let Some(text) = text_to_check(cx.get(pointer)) else {
        return;
    };
    let problems = problems(text);
    let selected = match found {
        Found::Empty => problems.empty,
        Found::Format => problems.format,
    };
    Problem::report_all(cx, rule, pointer, selected, out);
}

/// How the findings of an empty list and an empty entry name the list.
pub(crate) struct ListWords {
    /// `broker list`.
    pub list: &'static str,
    /// The label of an empty list: `no brokers`.
    pub none: &'static str,
    /// The help for an empty list.
    pub help: &'static str,
}

/// The problems of a comma-separated list: an empty list or empty entries (with a fix that
/// removes the extra comma), then what `entry` finds in each non-empty entry (given its
/// byte range in `text`).
pub(crate) fn list_problems(
    text: &str,
    words: &ListWords,
    mut entry: impl FnMut(Range<usize>) -> Option<Problem>,
) -> ListProblems {
    let mut found = ListProblems::default();
    if text.trim().is_empty() {
        found.empty.push(Problem {
            at: 0..text.len(),
            message: format!("the {} is empty", words.list),
            label: words.none.to_owned(),
            help: words.help.to_owned(),
            fix: None,
        });
        return found;
    }
    let entries = list_entries(text);
    for (index, range) in entries.iter().enumerate() {
        if range.is_empty() {
            let comma = empty_entry_comma(text, &entries, index);
            found.empty.push(Problem {
                message: format!("the {} has an empty entry", words.list),
                label: "extra comma".to_owned(),
                help: "remove the extra comma".to_owned(),
                fix: Some(Edit {
                    title: "Remove the extra comma".to_owned(),
                    at: comma.clone(),
                    replacement: String::new(),
                }),
                at: comma,
            });
        } else if let Some(problem) = entry(range.clone()) {
            found.format.push(problem);
        }
    }
    found
}

/// Splits a comma-separated list into the byte ranges of its entries with surrounding
/// whitespace trimmed (an empty entry gives an empty range where it would be).
pub(crate) fn list_entries(text: &str) -> Vec<Range<usize>> {
    let mut entries = Vec::new();
    let mut start = 0;
    for piece in text.split(',') {
        let end = start + piece.len();
        let leading = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        let from = start + leading;
        entries.push(from..from + trimmed.len());
        start = end + 1;
    }
    entries
}

/// The byte range of the comma that makes entry `index` of a list empty: the one before
/// it, or the one after it for the first entry.
pub(crate) fn empty_entry_comma(
    text: &str,
    entries: &[Range<usize>],
    index: usize,
) -> Range<usize> {
    let at = if index == 0 {
        text.find(',').unwrap_or(0)
    } else {
        text[..entries[index].start].rfind(',').unwrap_or(0)
    };
    at..at + 1
}

#[cfg(test)]
pub(crate) mod list_testing {
    use super::{ListProblems, Problem};

    /// Every problem of a list, empty ones first.
    pub(crate) fn all(problems: fn(&str) -> ListProblems, text: &str) -> Vec<Problem> {
        let found = problems(text);
        found.empty.into_iter().chain(found.format).collect()
    }

    /// The parts of the list the problems point at.
    pub(crate) fn bad(problems: fn(&str) -> ListProblems, text: &str) -> Vec<String> {
        all(problems, text)
            .iter()
            .map(|p| text[p.at.clone()].to_owned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_that_splits_a_character_has_no_fix() {
        let text = r#"{"s": "é,,x"}"#;
        let document = crate::load(text.as_bytes()).document.unwrap();
        let literal = StringSpans::new(&document, text, "/s");
        let edit = |at| Edit {
            title: "drop".to_owned(),
            at,
            replacement: String::new(),
        };
        assert!(edit_fix(&literal, edit(1..4)).is_none());
        let fix = edit_fix(&literal, edit(2..3)).unwrap();
        assert_eq!(&text[fix.span], ",");
    }

    #[test]
    fn splits_lists_with_positions() {
        let text = "a:1, b:2,,c:3 ,";
        let entries = list_entries(text);
        let parts: Vec<&str> = entries.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(parts, ["a:1", "b:2", "", "c:3", ""]);
        assert_eq!(empty_entry_comma(text, &entries, 2), 8..9);
        assert_eq!(empty_entry_comma(text, &entries, 4), 14..15);
        let edit = Edit {
            title: String::new(),
            at: 14..15,
            replacement: String::new(),
        };
        assert_eq!(edit.apply(text), "a:1, b:2,,c:3 ");
    }
}
