//! `--statistics`: how often each rule fired, most frequent first.

use std::collections::BTreeMap;

/// One line per rule that fired (count, code and name), most frequent first; empty when
/// nothing was found.
pub fn format(counts: &BTreeMap<(&str, &str), usize>) -> String {
    let mut rows: Vec<_> = counts.iter().map(|(k, v)| (*k, *v)).collect();
    // Stable: by count descending, then by code (the map's order).
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    rows.iter()
        .map(|((code, name), count)| format!("{count:>6}  {code:<6} {name}\n"))
        .collect()
}
