//! "Member X is needed because Y is set to Z": the shape several rules share (credentials for
//! an authentication method, a timestamp for a start position, a version column for an
//! engine), and its other side, "X is ignored because Y is Z". The finding points at the
//! missing member (or where it would go) and, as a secondary label, at the value that makes
//! it needed.

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::pointer::pointer_split;
use crate::rule::{Context, Rule};

/// A member that another member's value makes necessary.
pub(crate) struct Needed<'a> {
    /// Pointer of the object the member belongs in: an absent member is reported at it.
    pub object: &'a str,
    /// Pointer of the needed member.
    pub member: &'a str,
    /// Pointer of the value that makes it needed, and the label shown there (when the cause
    /// is absent, a server default, no label is shown).
    pub cause: &'a str,
    pub cause_label: &'a str,
    /// The label goes on the cause's key instead of its value: when the cause is a whole
    /// object, such as the source.
    pub cause_at_key: bool,
    /// Only `""` counts as empty; a string of white space is the member's value, for the
    /// format rules to check.
    pub only_empty_string_is_blank: bool,
}

/// How a needed member falls short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lack {
    Absent,
    Null,
    /// A string of white space only.
    Blank,
}

impl Lack {
    /// How `value` (the member's value, `None` when absent) falls short; `None` when it is
    /// set (a value of another type is the schema's to report).
    pub(crate) fn of(value: Option<&Value>) -> Option<Lack> {
        match value {
            None => Some(Lack::Absent),
            Some(Value::Null) => Some(Lack::Null),
            Some(Value::String(text)) if text.trim().is_empty() => Some(Lack::Blank),
            Some(_) => None,
        }
    }

    /// `missing`, `null` or `empty`, for messages and labels.
    pub(crate) fn adjective(self) -> &'static str {
        match self {
            Lack::Absent => "missing",
            Lack::Null => "null",
            Lack::Blank => "empty",
        }
    }
}

impl Needed<'_> {
    /// How the member falls short, `None` when it is set.
    pub(crate) fn lack(&self, cx: &Context) -> Option<Lack> {
        let value = cx.get(self.member);
        match Lack::of(value) {
            Some(Lack::Blank)
                if self.only_empty_string_is_blank && value.and_then(Value::as_str) != Some("") =>
            {
                None
            }
            lack => lack,
        }
    }

    /// The finding with the cause's label, when the cause is in the document; the cause is
    /// its premise (a rule that refuses the cause's value replaces it).
    fn with_cause(&self, cx: &Context, diagnostic: Diagnostic) -> Diagnostic {
        let diagnostic = diagnostic.with_premise(self.cause);
        if cx.get(self.cause).is_none() {
            return diagnostic;
        }
        let span = if self.cause_at_key {
            cx.key_span(self.cause)
        } else {
            cx.value_span(self.cause)
        };
        diagnostic.with_secondary(span, self.cause_label)
    }

    /// The finding for an absent member: at the object, labelled "`name` missing here".
    pub(crate) fn absent(
        &self,
        cx: &Context,
        rule: &'static Rule,
        message: impl Into<String>,
    ) -> Diagnostic {
        let name = pointer_split(self.member)
            .map(|(_, name)| name)
            .unwrap_or_default();
        let diagnostic = Diagnostic::new(
            rule,
            cx.document.object_anchor(self.object),
            self.member,
            message,
        )
        .with_label(format!("`{name}` missing here"));
        self.with_cause(cx, diagnostic)
    }

    /// The finding for a member that is present but unusable (null, blank): at its value.
    pub(crate) fn unusable(
        &self,
        cx: &Context,
        rule: &'static Rule,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Diagnostic {
        let diagnostic = cx.at_value(rule, self.member, message).with_label(label);
        self.with_cause(cx, diagnostic)
    }
}

/// The other side of a requirement: a member the server ignores because of another
/// member's value (a start timestamp beside a start position that reads no time).
pub(crate) struct Ignored<'a> {
    /// Pointer of the ignored member.
    pub member: &'a str,
    /// Pointer of the value that makes it ignored, and the label shown there.
    pub cause: &'a str,
    pub cause_label: &'a str,
    /// The values of `cause` that ignore the member.
    pub ignoring: &'a [&'a str],
    /// How the message names the member and the cause: "the offset `timestamp`", "strategy".
    pub what: &'a str,
    pub cause_name: &'a str,
    pub help: &'a str,
}

impl Ignored<'_> {
    /// Reports the member when it is set and the cause holds an ignoring value.
    pub(crate) fn check(&self, cx: &Context, rule: &'static Rule, out: &mut Vec<Diagnostic>) {
        let Some(cause) = cx.get_str(self.cause) else {
            return;
        };
        if !self.ignoring.contains(&cause) || cx.get(self.member).is_none_or(Value::is_null) {
            return;
        }
        out.push(
            cx.at_key(
                rule,
                self.member,
                format!(
                    "{} is ignored with {} `{cause}`",
                    self.what, self.cause_name
                ),
            )
            .with_label("ignored")
            .with_premise(self.cause)
            .with_secondary(cx.value_span(self.cause), self.cause_label)
            .with_help(self.help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::create_pipe_context;

    #[test]
    fn tells_how_a_member_falls_short() {
        let value = |json: &str| serde_json::from_str::<Value>(json).ok();
        assert_eq!(Lack::of(None), Some(Lack::Absent));
        assert_eq!(Lack::of(value("null").as_ref()), Some(Lack::Null));
        assert_eq!(Lack::of(value(r#"" ""#).as_ref()), Some(Lack::Blank));
        assert_eq!(Lack::of(value(r#""x""#).as_ref()), None);
        assert_eq!(Lack::of(value("3").as_ref()), None);
    }

    #[test]
    fn options_say_what_is_empty_and_where_the_cause_is_shown() {
        let text = r#"{"source": {"kafka": {}}, "d": {"blank": " ", "empty": ""}}"#;
        let document = crate::load(text.as_bytes()).document.unwrap();
        let cx = create_pipe_context(&document, text);
        let needed = |member, cause, cause_at_key, only_empty_string_is_blank| Needed {
            object: "/d",
            member,
            cause,
            cause_label: "cause",
            cause_at_key,
            only_empty_string_is_blank,
        };
        assert_eq!(
            needed("/d/blank", "", false, false).lack(&cx),
            Some(Lack::Blank)
        );
        assert_eq!(needed("/d/blank", "", false, true).lack(&cx), None);
        assert_eq!(
            needed("/d/empty", "", false, true).lack(&cx),
            Some(Lack::Blank)
        );
        assert_eq!(
            needed("/d/none", "", false, true).lack(&cx),
            Some(Lack::Absent)
        );
        let rule = &crate::rules::stack::alert_source_ids::RULE;
        let cause_text = |needed: Needed| {
            let found = needed.absent(&cx, rule, "m");
            found
                .secondary
                .iter()
                .map(|label| &text[label.span.clone()])
                .collect::<Vec<_>>()
        };
        assert_eq!(
            cause_text(needed("/d/none", "/source/kafka", true, false)),
            [r#""kafka""#]
        );
        assert_eq!(
            cause_text(needed("/d/none", "/source/kafka", false, false)),
            ["{}"]
        );
        // A cause that is not in the document (a server default) gets no label.
        assert!(cause_text(needed("/d/none", "/source/kinesis", false, false)).is_empty());
    }
}
