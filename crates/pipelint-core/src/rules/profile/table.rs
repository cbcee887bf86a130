//! The tables the pages of the profile rules end with, generated from the one table of
//! changes so that a page never disagrees with what the rule checks.

use super::{needs_newer_api, preview_feature, removed_in_api};
use crate::api::changes::{self, Change, What};
use crate::rule::Rule;

/// The Markdown table of the changes `rule` reports, or nothing for any other rule.
pub(crate) fn for_rule(rule: &Rule) -> String {
    type Column = fn(&Change) -> Option<String>;
    let (title, heading, column): (&str, &str, Column) = if rule.code == needs_newer_api::RULE.code
    {
        ("Accepted from", "First version", |c| {
            (c.what != What::Required).then(|| c.since.to_string())
        })
    } else if rule.code == removed_in_api::RULE.code {
        ("Removed or newly required", "Version", |c| {
            match (c.until, c.what) {
                (Some(until), _) => Some(format!("removed in {until}")),
                (None, What::Required) => Some(format!("required from {}", c.since)),
                _ => None,
            }
        })
    } else if rule.code == preview_feature::RULE.code {
        ("Previews", "Why", |c| c.preview.map(str::to_owned))
    } else {
        return String::new();
    };
    let mut out = format!(
        "\n## {title}\n\nGenerated from pipelint's table of API changes (`pipelint profiles` \
         lists it by version).\n\n| Kinds | Where | What | {heading} |\n|---|---|---|---|\n"
    );
    for change in changes::all() {
        let Some(cell) = column(change) else {
            continue;
        };
        let kinds: Vec<&str> = change.kinds.iter().map(|k| k.name()).collect();
        let at: Vec<String> = change.at.iter().map(|p| format!("`{p}`")).collect();
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            kinds.join(", "),
            escape(&at.join(", ")),
            escape(&what(change)),
            escape(&cell),
        ));
    }
    out
}

/// What changed, in a table cell: a value, a member, a raised maximum.
fn what(change: &Change) -> String {
    match change.what {
        What::Value(value) => format!("value `{value}`"),
        What::Member => "the member".to_owned(),
        What::Raised { from, to } => format!("maximum {to} (was {from})"),
        What::Required => "the member, required".to_owned(),
        What::Document => "the document kind".to_owned(),
        What::ValueWith { value, member, is } => format!("value `{value}` with `{member}: {is}`"),
    }
}

/// A `|` would end the cell.
fn escape(cell: &str) -> String {
    cell.replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_needs_newer_api_page_names_the_first_version_of_every_value() {
        let table = for_rule(&needs_newer_api::RULE);
        for change in changes::all() {
            if let What::Value(value) = change.what {
                let row = format!("value `{value}` | {} |", change.since);
                assert!(table.contains(&row), "{row} missing:\n{table}");
            }
        }
        assert!(for_rule(crate::rules()[0]).is_empty());
    }
}
