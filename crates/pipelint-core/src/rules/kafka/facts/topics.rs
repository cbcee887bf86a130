//! The topic list of a Kafka source: comma-separated topic names, and what is wrong with
//! one.

use std::ops::Range;

use super::{Edit, ListProblems, ListWords, Problem, list_problems};

/// Longest topic name Kafka accepts.
const MAX_TOPIC_LEN: usize = 249;

const NAME_HELP: &str =
    "topic names use only letters, digits, `.`, `_` and `-`; separate several topics with commas";

fn is_topic_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

fn valid_topic(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_TOPIC_LEN
        && name != "."
        && name != ".."
        && name.chars().all(is_topic_char)
}

/// The problems of a topic list, one at most per entry.
pub(crate) fn problems(text: &str) -> ListProblems {
    list_problems(
        text,
        &ListWords {
            list: "topic list",
            none: "no topics",
            help: "name the topics to read, separated by commas, e.g. `orders,payments`",
        },
        |range| entry_problem(text, range),
    )
}

/// The problem of one non-empty topic entry, if any.
fn entry_problem(text: &str, range: Range<usize>) -> Option<Problem> {
    let entry = &text[range.clone()];
    if let Some((at, c)) = entry.char_indices().find(|(_, c)| !is_topic_char(*c)) {
        let at = range.start + at..range.start + at + c.len_utf8();
        let parts: Vec<&str> = entry
            .split(|c: char| c == ';' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let separated = (c == ';' || c.is_whitespace())
            && parts.len() > 1
            && parts.iter().all(|p| valid_topic(p));
        if separated {
            return Some(Problem {
                at,
                message: "topics are separated by something other than a comma".to_owned(),
                label: "not a separator".to_owned(),
                help: "separate the topics with commas".to_owned(),
                fix: Some(Edit {
                    title: "Separate the topics with commas".to_owned(),
                    at: range.clone(),
                    replacement: parts.join(","),
                }),
            });
        } else {
            let shown = if c.is_whitespace() {
                "a space".to_owned()
            } else {
                format!("`{c}`")
            };
            let help = if matches!(c, '*' | '?' | '[' | '^' | '$' | '|' | '+') {
                "topic patterns are not supported: list each topic by its exact name, separated by commas".to_owned()
            } else {
                NAME_HELP.to_owned()
            };
            return Some(Problem {
                at,
                message: format!("the topic name `{entry}` contains {shown}"),
                label: "not allowed in a topic name".to_owned(),
                help,
                fix: None,
            });
        }
    }
    if entry == "." || entry == ".." {
        return Some(Problem {
            at: range.clone(),
            message: format!("`{entry}` is not a valid topic name"),
            label: "reserved name".to_owned(),
            help: "name the topic to read; `.` and `..` cannot be topic names".to_owned(),
            fix: None,
        });
    }
    if entry.len() > MAX_TOPIC_LEN {
        return Some(Problem {
            at: range.clone(),
            message: format!(
                "the topic name is {} characters long; Kafka allows at most {MAX_TOPIC_LEN}",
                entry.len()
            ),
            label: "too long".to_owned(),
            help: format!(
                "use the topic's exact name (at most {MAX_TOPIC_LEN} characters); are commas missing between topics?"
            ),
            fix: None,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<Problem> {
        super::super::list_testing::all(problems, text)
    }

    fn bad(text: &str) -> Vec<String> {
        super::super::list_testing::bad(problems, text)
    }

    #[test]
    fn accepts_valid_topic_lists() {
        for ok in [
            "orders",
            "payments.settled",
            "inventory.stock_levels,inventory.reservations",
            "a-b_c.d, e",
            &"x".repeat(249),
        ] {
            assert!(all(ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn points_at_the_bad_part() {
        assert_eq!(bad("orders,orders/updated"), ["/"]);
        assert_eq!(bad("orders.*"), ["*"]);
        assert_eq!(bad("orders,"), [","]);
        assert_eq!(bad("orders;payments"), [";"]);
        assert_eq!(bad("a,..,."), ["..", "."]);
        assert_eq!(bad("zamówienia"), ["ó"]);
        assert_eq!(bad(&"x".repeat(250)).len(), 1);
        assert_eq!(bad(" "), [" "]);
    }

    #[test]
    fn only_empty_lists_and_entries_are_empty_problems() {
        for empty in ["", "orders,", "orders,,payments"] {
            let found = problems(empty);
            assert_eq!((found.empty.len(), found.format.len()), (1, 0), "{empty}");
        }
        for format in ["orders/updated", "orders;payments", ".."] {
            let found = problems(format);
            assert_eq!((found.empty.len(), found.format.len()), (0, 1), "{format}");
        }
    }

    #[test]
    fn fixes_separators_and_extra_commas() {
        let fix = |t: &str| {
            all(t)
                .into_iter()
                .next()
                .and_then(|p| p.fix)
                .map(|f| f.apply(t))
        };
        assert_eq!(fix("orders;payments").as_deref(), Some("orders,payments"));
        assert_eq!(fix("orders payments").as_deref(), Some("orders,payments"));
        assert_eq!(fix("orders,,payments").as_deref(), Some("orders,payments"));
        assert_eq!(fix("orders.*"), None);
    }
}
