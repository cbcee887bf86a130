//! Helpers several rules share to read a list and to word and fix a finding: the strings of
//! an array, repeated values, a did-you-mean help, a corrected value, a problem inside a
//! string value.

use std::collections::HashMap;
use std::ops::Range;

use serde_json::Value;

use crate::Applicability;
use crate::diagnostic::Diagnostic;
use crate::rule::{Context, Rule};
use crate::rules::edit::{replace_with_guess, write_corrected};
use crate::string_span::string_part_span;
use crate::suggest::{closest, list_code};

/// The string members of an array of strings, with their indexes (other items skipped).
pub fn strings(value: Option<&Value>) -> impl Iterator<Item = (usize, &str)> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, v)| v.as_str().map(|s| (i, s)))
}

/// Adds the help for a value that is not one of a fixed list: "did you mean" with a fix when
/// a known value in `all` is close to `written`, otherwise the list. `listed` is what the
/// help lists (`all` may also hold values only newer servers know); `list_name` names it
/// (`display types`).
pub(crate) fn help_with_guess(
    diagnostic: Diagnostic,
    cx: &Context,
    pointer: &str,
    written: Option<&str>,
    all: &[&str],
    listed: &[&str],
    list_name: &str,
) -> Diagnostic {
    let guess = written.and_then(|w| Some((w, closest(w, all.iter().copied())?)));
    match guess {
        Some((written, meant)) => {
            let mut list_title = list_name.to_owned();
            if let Some(first) = list_title.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            diagnostic
                .with_help(format!(
                    "did you mean `{meant}`? {list_title}: {}",
                    list_code(listed)
                ))
                .with_fix(replace_with_guess(cx, pointer, written, meant))
        }
        None => diagnostic.with_help(format!("{list_name}: {}", list_code(listed))),
    }
}

/// Adds the help for a value whose correct form is known: "write `x`" with a fix (of the
/// given applicability) that writes it, or `otherwise` when no correction could be derived.
pub(crate) fn help_with_correction(
    diagnostic: Diagnostic,
    cx: &Context,
    pointer: &str,
    corrected: Option<String>,
    applicability: Applicability,
    otherwise: &str,
) -> Diagnostic {
    match corrected {
        Some(corrected) => diagnostic
            .with_help(format!("write `{corrected}`"))
            .with_fix(write_corrected(cx, pointer, corrected).with_applicability(applicability)),
        None => diagnostic.with_help(otherwise),
    }
}

/// For each value that repeats an earlier one: its index, the index where it first stood,
/// and the value (indexes only, so that pointers are built only for a finding).
pub(crate) fn repeats<'a>(
    values: impl IntoIterator<Item = (usize, &'a str)>,
) -> Vec<(usize, usize, &'a str)> {
    let mut first_seen: HashMap<&str, usize> = HashMap::new();
    let mut found = Vec::new();
    for (index, value) in values {
        match first_seen.get(value) {
            Some(&first) => found.push((index, first, value)),
            None => {
                first_seen.insert(value, index);
            }
        }
    }
    found
}

/// A problem found in one string value (a certificate, a role ARN, a URL).
#[derive(Debug)]
pub(crate) struct ValueProblem {
    /// Byte range of the decoded value to point at; `None`: the whole value.
    pub at: Option<Range<usize>>,
    pub message: String,
    pub label: String,
    pub help: String,
    /// The fix's title and the whole corrected value.
    pub fix: Option<(String, String)>,
}

impl ValueProblem {
    pub(crate) fn new(
        at: Option<Range<usize>>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        ValueProblem {
            at,
            message: message.into(),
            label: label.into(),
            help: help.into(),
            fix: None,
        }
    }

    /// The finding at `pointer` (on the part `at` of its value); its fix replaces the whole
    /// value with the given applicability.
    pub(crate) fn report(
        self,
        cx: &Context,
        rule: &'static Rule,
        pointer: &str,
        applicability: crate::Applicability,
    ) -> Diagnostic {
        let span = match self.at {
            Some(at) => string_part_span(cx.document, cx.text, pointer, at),
            None => cx.value_span(pointer),
        };
        let mut diagnostic = Diagnostic::new(rule, span, pointer, self.message)
            .with_label(self.label)
            .with_help(self.help);
        if let Some((title, fixed)) = self.fix {
            diagnostic = diagnostic.with_fix(
                crate::rules::edit::replace_string(cx, pointer, title, fixed)
                    .with_applicability(applicability),
            );
        }
        diagnostic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_repeated_values_with_their_first_index() {
        let values = [(0, "a"), (1, "b"), (2, "a"), (4, "a"), (5, "b")];
        assert_eq!(repeats(values), [(2, 0, "a"), (4, 0, "a"), (5, 1, "b")]);
        assert!(repeats([(0, "a"), (1, "A")]).is_empty());
    }
}
