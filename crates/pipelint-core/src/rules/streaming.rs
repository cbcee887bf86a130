//! What the rules of the streaming sources (Kafka, Kinesis) report alike: a start position
//! that reads from a point in time without that time, and `IAM_ROLE` authentication without
//! the role. The facts come from `api::streaming`; the wording is shared here because the
//! two groups do not import each other.

use crate::api::streaming::StartPosition;
use crate::diagnostic::Diagnostic;
use crate::rule::{Context, Rule};
use crate::rules::requirement::{Lack, Needed};

/// A start position that reads from a point in time needs that time: Kafka's offset
/// strategy `from_timestamp` and Kinesis' iterator type `AT_TIMESTAMP`.
pub(crate) struct TimestampStart<'a> {
    pub start: &'a StartPosition,
    /// The label on the choice: "strategy set here".
    pub choice_label: &'a str,
    /// What needs the timestamp, e.g. "the offset strategy `from_timestamp`".
    pub what: &'a str,
    pub help_null: &'a str,
    pub help_absent: &'a str,
}

impl TimestampStart<'_> {
    /// Reports the timestamp when the start position needs it and it is absent or null.
    pub(crate) fn check(&self, cx: &Context, rule: &'static Rule, out: &mut Vec<Diagnostic>) {
        if cx.get_str(self.start.choice) != Some(self.start.reads_time) {
            return;
        }
        let needed = Needed {
            object: self.start.object,
            member: self.start.timestamp,
            cause: self.start.choice,
            cause_label: self.choice_label,
            cause_at_key: false,
            only_empty_string_is_blank: false,
        };
        let message = format!("{} needs a `timestamp`", self.what);
        match needed.lack(cx) {
            Some(Lack::Absent) => {
                out.push(needed.absent(cx, rule, message).with_help(self.help_absent))
            }
            Some(Lack::Null) => out.push(
                needed
                    .unusable(
                        cx,
                        rule,
                        format!("{message}, but it is null"),
                        "null timestamp",
                    )
                    .with_help(self.help_null),
            ),
            // A blank string is the format rules' to report.
            Some(Lack::Blank) | None => {}
        }
    }
}

/// `IAM_ROLE` authentication needs `iamRole` in the source object at `source` (Kafka-type
/// sources reading from MSK, and Kinesis). `example_role` names the role in the help.
pub(crate) fn check_iam_role(
    cx: &Context,
    rule: &'static Rule,
    source: &str,
    example_role: &str,
    reads: &str,
    out: &mut Vec<Diagnostic>,
) {
    let member = format!("{source}/iamRole");
    let cause = format!("{source}/authentication");
    let needed = Needed {
        object: source,
        member: &member,
        cause: &cause,
        cause_label: "authentication set here",
        cause_at_key: false,
        only_empty_string_is_blank: false,
    };
    let set_help = format!(
        "set the ARN of the role the pipe assumes, e.g. `arn:aws:iam::123456789012:role/{example_role}`"
    );
    let diagnostic = match needed.lack(cx) {
        None => return,
        Some(Lack::Absent) => needed
            .absent(cx, rule, "`IAM_ROLE` authentication needs `iamRole`")
            .with_help(format!(
                "add `\"iamRole\": \"arn:aws:iam::<account-id>:role/<role-name>\"`: the role the pipe assumes to {reads}"
            )),
        Some(lack) => needed
            .unusable(
                cx,
                rule,
                format!(
                    "`IAM_ROLE` authentication needs `iamRole`, but it is {}",
                    lack.adjective()
                ),
                format!("{} role", lack.adjective()),
            )
            .with_help(set_help),
    };
    out.push(diagnostic);
}
