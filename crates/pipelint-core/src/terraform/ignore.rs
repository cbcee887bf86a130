//! Inline suppression in `.tf` files, as tflint's `# tflint-ignore:` does:
//!
//! ```hcl
//! # pipelint-ignore: PL011, kafka-auth-for-broker  the broker was upgraded in place
//! authentication = "SCRAM-SHA-512"
//! type = "msk" // pipelint-ignore: PL200
//! ```
//!
//! A `#` or `//` comment whose text starts with `pipelint-ignore:` names rules by code or
//! name, separated by commas; the rest of the comment is the reason. On a line of its own it
//! covers the attribute, object member or block that starts on the next line that is not a
//! comment (ignores can be stacked); at the end of a line it covers the outermost one that
//! starts on that line. It covers that item and everything inside it: a finding whose span
//! starts there is dropped. An ignore that drops no finding of a rule it names is reported
//! (`unused-ignore`), unless the settings turn that rule off anyway.

use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::expr::Expression;
use hcl_edit::structure::{Body, Structure};

use crate::diagnostic::Diagnostic;
use crate::entries::suppression::unused_ignore;
use crate::rules;
use crate::settings::{Level, Settings};

/// The comment text that starts an ignore.
const MARKER: &str = "pipelint-ignore";

/// One ignore comment.
struct Ignore {
    /// The comment from its marker to the end of its line.
    span: Range<usize>,
    /// What it names: each rule's code (`None`: no such rule) with the text written.
    rules: Vec<(Option<&'static str>, String)>,
    /// The item it covers; `None` when no attribute or block is there.
    covers: Option<Range<usize>>,
}

/// Drops the findings the file's ignore comments silence and adds an `unused-ignore`
/// finding for each comment that silenced nothing it names.
pub(crate) fn apply(text: &str, settings: &Settings, diagnostics: &mut Vec<Diagnostic>) {
    if !text.contains(MARKER) {
        return;
    }
    let Ok(body) = hcl_edit::parser::parse_body(text) else {
        return;
    };
    let mut tree = Tree::default();
    tree.body(&body);
    let ignores: Vec<Ignore> = comments(text, &tree.leaves)
        .map(|(marker, own_line)| read(text, marker, own_line, &tree.items))
        .collect();
    let mut used: Vec<Vec<bool>> = ignores.iter().map(|i| vec![false; i.rules.len()]).collect();
    diagnostics.retain(|finding| {
        let mut silenced = false;
        for (ignore, used) in ignores.iter().zip(&mut used) {
            let Some(covers) = &ignore.covers else {
                continue;
            };
            if !covers.contains(&finding.primary.span.start) {
                continue;
            }
            for ((code, _), used) in ignore.rules.iter().zip(used.iter_mut()) {
                if *code == Some(finding.rule.code) {
                    *used = true;
                    silenced = true;
                }
            }
        }
        !silenced
    });
    let Some(severity) = settings.level(&unused_ignore::RULE).severity() else {
        return;
    };
    for (ignore, used) in ignores.iter().zip(used) {
        let unused: Vec<&str> = ignore
            .rules
            .iter()
            .zip(used)
            .filter(|((code, _), used)| {
                // A rule the settings turn off has nothing to silence: not reported.
                !used
                    && code
                        .and_then(rules::find)
                        .is_none_or(|rule| settings.level(rule) != Level::Off)
            })
            .map(|((_, written), _)| written.as_str())
            .collect();
        if unused.is_empty() && !ignore.rules.is_empty() {
            continue;
        }
        let mut finding = unused_finding(ignore, &unused);
        finding.severity = severity;
        diagnostics.push(finding);
    }
}

fn unused_finding(ignore: &Ignore, unused: &[&str]) -> Diagnostic {
    let unknown: Vec<&str> = ignore
        .rules
        .iter()
        .filter(|(code, written)| code.is_none() && unused.contains(&written.as_str()))
        .map(|(_, written)| written.as_str())
        .collect();
    let names = crate::suggest::list_code(unused);
    let (message, help) = if ignore.rules.is_empty() {
        (
            "this ignore comment names no rule".to_owned(),
            "write `# pipelint-ignore: RULE` with rule codes or names, separated by commas"
                .to_owned(),
        )
    } else if !unknown.is_empty() {
        (
            format!(
                "this ignore comment names {}, which is no rule",
                crate::suggest::list_code(&unknown)
            ),
            "name rules by code (`PL011`) or name (`invalid-enum-value`); `pipelint rules` \
             lists them"
                .to_owned(),
        )
    } else if ignore.covers.is_none() {
        (
            format!("this ignore comment of {names} covers no attribute or block"),
            "put it on the line above an attribute or block, or at the end of its line".to_owned(),
        )
    } else {
        (
            format!("this ignore comment of {names} silenced no finding"),
            "remove the comment (or the rules in it) if the findings were fixed".to_owned(),
        )
    };
    Diagnostic::new(&unused_ignore::RULE, ignore.span.clone(), "", message)
        .with_label("unused")
        .with_help(help)
}

/// The attributes, object members and blocks of the file (`items`), and the spans of the
/// values that hold text a comment cannot be in (`leaves`: strings, templates, heredocs,
/// expressions).
#[derive(Default)]
struct Tree {
    items: Vec<Range<usize>>,
    leaves: Vec<Range<usize>>,
}

impl Tree {
    fn body(&mut self, body: &Body) {
        for structure in body.iter() {
            if let Some(span) = structure.span() {
                self.items.push(span);
            }
            match structure {
                Structure::Attribute(attribute) => self.expression(&attribute.value),
                Structure::Block(block) => self.body(&block.body),
            }
        }
    }

    fn expression(&mut self, expression: &Expression) {
        match expression {
            Expression::Object(object) => {
                for (key, value) in object.iter() {
                    if let (Some(key), Some(value)) = (key.span(), value.expr().span()) {
                        self.items.push(key.start..value.end);
                    }
                    self.expression(value.expr());
                }
            }
            Expression::Array(array) => {
                for item in array.iter() {
                    if let (Some(span), Expression::Object(_)) = (item.span(), item) {
                        self.items.push(span);
                    }
                    self.expression(item);
                }
            }
            other => self.leaves.extend(other.span()),
        }
    }
}

/// The ignore markers that are in comments, with whether the comment is on a line of its
/// own.
fn comments<'t>(
    text: &'t str,
    leaves: &'t [Range<usize>],
) -> impl Iterator<Item = (usize, bool)> + 't {
    text.match_indices(MARKER).filter_map(move |(at, _)| {
        if leaves.iter().any(|leaf| leaf.contains(&at)) {
            return None;
        }
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let before = text[line_start..at].trim_end();
        let code = before
            .strip_suffix('#')
            .or_else(|| before.strip_suffix("//"))?;
        Some((at, code.trim().is_empty()))
    })
}

/// Reads the ignore whose marker is at `at`, and finds the item it covers.
fn read(text: &str, at: usize, own_line: bool, items: &[Range<usize>]) -> Ignore {
    let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let comment = text[at + MARKER.len()..line_end].trim_end_matches('\r');
    let rules = match comment.strip_prefix(':') {
        Some(list) => rule_list(list),
        None => Vec::new(),
    };
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let target_line = if own_line {
        next_code_line(text, line_end)
    } else {
        Some(line_start)
    };
    // The outermost item that starts on that line (before the comment, at a line's end).
    let covers = target_line.and_then(|start| {
        let end = if own_line {
            text[start..].find('\n').map_or(text.len(), |n| start + n)
        } else {
            at
        };
        items
            .iter()
            .filter(|item| (start..end).contains(&item.start))
            .max_by_key(|item| item.end - item.start)
            .cloned()
    });
    Ignore {
        span: at..line_end,
        rules,
        covers,
    }
}

/// `PL011, invalid-enum-value the reason`: the comma-separated rules, then the reason.
fn rule_list(list: &str) -> Vec<(Option<&'static str>, String)> {
    let mut rules = Vec::new();
    let mut rest = list.trim_start();
    loop {
        let end = rest
            .find(|c: char| c == ',' || c.is_whitespace())
            .unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty() {
            break;
        }
        rules.push((rules::find(name).map(|r| r.code), name.to_owned()));
        rest = rest[end..].trim_start();
        match rest.strip_prefix(',') {
            Some(after) => rest = after.trim_start(),
            None => break,
        }
    }
    rules
}

/// The start of the first line after `from` that holds something other than blanks and
/// comments.
fn next_code_line(text: &str, from: usize) -> Option<usize> {
    let mut start = from.checked_add(1)?;
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
        let line = text[start..end].trim();
        if !(line.is_empty() || line.starts_with('#') || line.starts_with("//")) {
            return Some(start);
        }
        start = end + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_list_ends_where_the_reason_starts() {
        let codes = |list: &str| -> Vec<(Option<&str>, String)> { rule_list(list) };
        assert_eq!(
            codes(" PL011, kafka-auth-for-broker  the broker was upgraded"),
            vec![
                (Some("PL011"), "PL011".to_owned()),
                (Some("PL200"), "kafka-auth-for-broker".to_owned())
            ]
        );
        assert_eq!(
            codes("PL011 reason, with a comma"),
            vec![(Some("PL011"), "PL011".to_owned())]
        );
        assert_eq!(codes("nosuchrule"), vec![(None, "nosuchrule".to_owned())]);
        assert!(codes("").is_empty());
    }

    #[test]
    fn a_marker_in_a_string_or_heredoc_is_no_comment() {
        let text = "a = \"# pipelint-ignore: PL011\"\nb = <<EOT\n# pipelint-ignore: PL011\nEOT\n# pipelint-ignore: PL011\nc = 1\n";
        let body = hcl_edit::parser::parse_body(text).unwrap_or_else(|e| panic!("{e}"));
        let mut tree = Tree::default();
        tree.body(&body);
        let found: Vec<(usize, bool)> = comments(text, &tree.leaves).collect();
        assert_eq!(found.len(), 1, "{found:?}");
        let ignore = read(text, found[0].0, found[0].1, &tree.items);
        let covered = ignore.covers.map(|c| &text[c]);
        assert_eq!(covered, Some("c = 1"));
    }

    /// The text each ignore comment of `text` covers, in order.
    fn covered(text: &str) -> Vec<Option<String>> {
        let body = hcl_edit::parser::parse_body(text).unwrap_or_else(|e| panic!("{e}"));
        let mut tree = Tree::default();
        tree.body(&body);
        comments(text, &tree.leaves)
            .map(|(at, own_line)| read(text, at, own_line, &tree.items))
            .map(|ignore| ignore.covers.map(|c| text[c].to_owned()))
            .collect()
    }

    #[test]
    fn an_ignore_covers_the_outermost_item_of_its_line() {
        let text = "resource \"clickhouse_clickpipe\" \"a\" {\n\
            # pipelint-ignore: PL500\n\
            # pipelint-ignore: PL012 stacked: both cover the block\n\
            scaling {\n  replicas = 20\n}\n\
            destination = {\n  columns = [{ name = \"a\" }] # pipelint-ignore: PL105\n\
              # pipelint-ignore: PL013\n\n  table = \"t\"\n}\n\
            }\n";
        assert_eq!(
            covered(text),
            [
                Some("scaling {\n  replicas = 20\n}".to_owned()),
                Some("scaling {\n  replicas = 20\n}".to_owned()),
                Some("columns = [{ name = \"a\" }]".to_owned()),
                Some("table = \"t\"".to_owned()),
            ]
        );
        // A comment with nothing after it covers nothing.
        assert_eq!(covered("a = 1\n# pipelint-ignore: PL011\n"), [None]);
    }
}
