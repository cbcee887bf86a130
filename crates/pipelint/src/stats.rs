//! `--statistics`: how often each rule fired and how many of those findings a fix would
//! settle, most frequent first (ruff's `[*]` column, as a count).

use std::collections::BTreeMap;

/// The findings of one rule: how many, and how many of them have a fix that the run's flags
/// apply (`--fix`, or `--fix --unsafe-fixes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleCount {
    pub findings: usize,
    pub fixable: usize,
}

/// A header, then one line per rule that fired (count, fixable count, code and name), most
/// frequent first; empty when nothing was found.
pub fn format(counts: &BTreeMap<(&str, &str), RuleCount>) -> String {
    if counts.is_empty() {
        return String::new();
    }
    let mut rows: Vec<_> = counts.iter().map(|(k, v)| (*k, *v)).collect();
    // Stable: by count descending, then by code (the map's order).
    rows.sort_by_key(|row| std::cmp::Reverse(row.1.findings));
    let mut text = format!(
        "{:>6}  {:>7}  {:<6} {}\n",
        "count", "fixable", "code", "name"
    );
    for ((code, name), count) in rows {
        text.push_str(&format!(
            "{:>6}  {:>7}  {code:<6} {name}\n",
            count.findings, count.fixable
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_carry_the_fixable_count_and_sort_by_findings() {
        let counts = BTreeMap::from([
            (
                ("PL011", "invalid-enum-value"),
                RuleCount {
                    findings: 2,
                    fixable: 2,
                },
            ),
            (
                ("PL014", "unknown-field"),
                RuleCount {
                    findings: 3,
                    fixable: 0,
                },
            ),
        ]);
        assert_eq!(
            format(&counts),
            " count  fixable  code   name\n     3        0  PL014  unknown-field\n     2        2  PL011  invalid-enum-value\n"
        );
        assert_eq!(format(&BTreeMap::new()), "");
    }
}
