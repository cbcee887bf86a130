//! Small facts and helpers shared by several rules.

use std::collections::HashMap;
use std::ops::Range;

use serde_json::Value;

use crate::Applicability;
use crate::diagnostic::Diagnostic;
use crate::kind::DocumentKind;
use crate::rule::{Context, Rule};
use crate::rules::edit::{replace_with_guess, write_corrected};
use crate::string_span::string_part_span;
use crate::suggest::{closest, list_code};

/// The source kinds of a pipe: the four of the contract (spec 2.7), in the order the spec
/// lists them, then the kinds newer API versions added (api-profiles.md rows 1-4). Which
/// version first accepts a newer kind is said once, in the table of `api::changes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    Kafka,
    Kinesis,
    ObjectStorage,
    Postgres,
    MySql,
    BigQuery,
    MongoDb,
    PubSub,
}

impl SourceKind {
    pub const ALL: [SourceKind; 8] = [
        SourceKind::Kafka,
        SourceKind::Kinesis,
        SourceKind::ObjectStorage,
        SourceKind::Postgres,
        SourceKind::MySql,
        SourceKind::BigQuery,
        SourceKind::MongoDb,
        SourceKind::PubSub,
    ];

    /// The member name under `source`.
    pub fn member(self) -> &'static str {
        match self {
            SourceKind::Kafka => "kafka",
            SourceKind::Kinesis => "kinesis",
            SourceKind::ObjectStorage => "objectStorage",
            SourceKind::Postgres => "postgres",
            SourceKind::MySql => "mysql",
            SourceKind::BigQuery => "bigquery",
            SourceKind::MongoDb => "mongodb",
            SourceKind::PubSub => "pubsub",
        }
    }

    /// The pointer of the source object, e.g. `/source/kafka`.
    pub fn pointer(self) -> &'static str {
        match self {
            SourceKind::Kafka => "/source/kafka",
            SourceKind::Kinesis => "/source/kinesis",
            SourceKind::ObjectStorage => "/source/objectStorage",
            SourceKind::Postgres => "/source/postgres",
            SourceKind::MySql => "/source/mysql",
            SourceKind::BigQuery => "/source/bigquery",
            SourceKind::MongoDb => "/source/mongodb",
            SourceKind::PubSub => "/source/pubsub",
        }
    }

    /// Streaming pipes read a stream continuously (Kafka-type and Kinesis).
    pub fn is_streaming(self) -> bool {
        matches!(self, SourceKind::Kafka | SourceKind::Kinesis)
    }

    /// Database pipes (Postgres, MySQL, MongoDB, BigQuery) create their destination tables
    /// from `tableMappings`: their destination names only the database.
    pub fn is_database(self) -> bool {
        matches!(
            self,
            SourceKind::Postgres | SourceKind::MySql | SourceKind::MongoDb | SourceKind::BigQuery
        )
    }
}

/// The source kinds set (present and not null) in a create body, in spec order.
pub fn present_sources(root: &Value) -> Vec<SourceKind> {
    let Some(source) = root.get("source").and_then(Value::as_object) else {
        return Vec::new();
    };
    SourceKind::ALL
        .into_iter()
        .filter(|k| source.get(k.member()).is_some_and(|v| !v.is_null()))
        .collect()
}

/// The source kinds the profile in force accepts: every kind of [`SourceKind::ALL`] but
/// those that a row of the version table (`api::changes`) adds after that profile.
pub fn accepted_source_kinds(cx: &Context) -> Vec<SourceKind> {
    SourceKind::ALL
        .into_iter()
        .filter(|kind| {
            crate::api::changes::of_kind(DocumentKind::CreatePipe).all(|change| {
                change.what != crate::api::changes::What::Member
                    || !change.at.contains(&kind.pointer())
                    || change.accepted_by(&cx.profile)
            })
        })
        .collect()
}

/// The one source kind of a create body; `None` when there is none or more than one.
pub fn single_source(root: &Value) -> Option<SourceKind> {
    match present_sources(root).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The string members of an array of strings, with their indexes (other items skipped).
pub fn strings(value: Option<&Value>) -> impl Iterator<Item = (usize, &str)> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, v)| v.as_str().map(|s| (i, s)))
}

/// Pointers of the records a document holds: `""` for a pipe or service record,
/// `/result` for a pipe response, `/result/<n>` for each object of a service list.
pub(crate) fn records(cx: &Context) -> Vec<String> {
    match cx.kind {
        DocumentKind::Pipe | DocumentKind::Service => vec![String::new()],
        DocumentKind::PipeResponse if cx.get("/result").is_some_and(Value::is_object) => {
            vec!["/result".to_owned()]
        }
        DocumentKind::ServiceList => cx
            .get("/result")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter(|(_, v)| v.is_object())
            .map(|(i, _)| format!("/result/{i}"))
            .collect(),
        _ => Vec::new(),
    }
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
            Some(at) => string_part_span(cx, pointer, at),
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

    #[test]
    fn finds_the_single_source() {
        let body = serde_json::json!({"source": {"kafka": {}, "kinesis": null}});
        assert_eq!(single_source(&body), Some(SourceKind::Kafka));
        let two = serde_json::json!({"source": {"kafka": {}, "postgres": {}}});
        assert_eq!(single_source(&two), None);
        assert_eq!(present_sources(&two).len(), 2);
    }
}
