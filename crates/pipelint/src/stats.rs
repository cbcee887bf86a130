//! `--statistics`: how often each rule fired, most frequent first.

use std::collections::BTreeMap;

use crate::report::FileReport;

/// One line per rule that fired: count, code and name; empty when nothing was found.
pub fn statistics(reports: &[FileReport]) -> String {
    let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        *counts.entry((d.code(), d.name())).or_default() += 1;
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    // Stable: by count descending, then by code (the map's order).
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    rows.iter()
        .map(|((code, name), count)| format!("{count:>6}  {code:<6} {name}\n"))
        .collect()
}
