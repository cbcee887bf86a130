//! `pipelint check --fix` and `--diff`: what they print. The fixing itself is the core's
//! [`pipelint_core::fix`], the same loop the language server and Python use.

use std::ops::Range;

/// Where pipelint's own edits changed the text: `before` in the original text is `after` in
/// the fixed one, and outside the regions the two texts are the same. Sorted, apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    pub before: Range<usize>,
    pub after: Range<usize>,
}

/// The regions from the original text to the text after a pass of fixes, from the regions
/// to the text the pass started from (`old`) and the pass's edits of that text (`edits`:
/// sorted spans, apart, with the length of each replacement). Regions that overlap or touch
/// in the middle text become one. Linear in the regions and edits.
pub fn compose(old: &[Region], edits: &[(Range<usize>, usize)]) -> Vec<Region> {
    // The pass's edits as regions from the middle text to the pass's result.
    let mut shift = 0isize;
    let new: Vec<Region> = edits
        .iter()
        .map(|(span, length)| {
            let start = span.start.saturating_add_signed(shift);
            shift += *length as isize - span.len() as isize;
            Region {
                before: span.clone(),
                after: start..start + length,
            }
        })
        .collect();
    let mut out: Vec<Region> = Vec::with_capacity(old.len() + new.len());
    let (mut i, mut j) = (0, 0);
    // How much longer the text is after the regions consumed so far: the middle text than
    // the original (`old`), the result than the middle text (`new`).
    let (mut old_growth, mut new_growth) = (0isize, 0isize);
    while i < old.len() || j < new.len() {
        let start = match (old.get(i), new.get(j)) {
            (Some(o), Some(n)) => o.after.start.min(n.before.start),
            (Some(o), None) => o.after.start,
            (None, Some(n)) => n.before.start,
            (None, None) => break,
        };
        let original_start = start.saturating_add_signed(-old_growth);
        let result_start = start.saturating_add_signed(new_growth);
        let mut end = start;
        loop {
            if let Some(region) = old.get(i).filter(|r| r.after.start <= end) {
                end = end.max(region.after.end);
                old_growth += region.after.len() as isize - region.before.len() as isize;
                i += 1;
            } else if let Some(region) = new.get(j).filter(|r| r.before.start <= end) {
                end = end.max(region.before.end);
                new_growth += region.after.len() as isize - region.before.len() as isize;
                j += 1;
            } else {
                break;
            }
        }
        out.push(Region {
            before: original_start..end.saturating_add_signed(-old_growth),
            after: result_start..end.saturating_add_signed(new_growth),
        });
    }
    out
}

/// A unified diff from `before` to `after` for `name`, whose changes are `regions` (the
/// fixes' own edits, so the hunks are built in time linear in the text, however many lines
/// changed), with secrets masked in both unless `show_secrets`: a diff prints context lines,
/// and a minified body is one line. `after` is masked with the secrets of `before` too: a
/// fix that deletes a secret member must not unmask the copies of its value.
pub fn unified_diff(
    name: &str,
    before: &str,
    after: &str,
    regions: &[Region],
    show_secrets: bool,
) -> String {
    let (before, after) = if show_secrets {
        (before.to_owned(), after.to_owned())
    } else {
        // Masks keep every byte where it was: the regions hold on the masked texts.
        (
            masked(before),
            pipelint_core::mask_secrets_after_fixing(after, before),
        )
    };
    let old = Lines::of(&before);
    let new = Lines::of(&after);
    let changes = changed_lines(&old, &new, regions);
    let mut out = String::new();
    for hunk in hunks(&changes, old.count(), CONTEXT) {
        if out.is_empty() {
            out.push_str(&format!("--- a/{name}\n+++ b/{name}\n"));
        }
        write_hunk(&mut out, &old, &new, &hunk);
    }
    out
}

#[cfg(test)]
thread_local! {
    /// Lines the diff looked at on this thread (the counting test holds it linear).
    static LINES_LOOKED_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// A text cut into lines (each with its line break).
struct Lines<'t> {
    text: &'t str,
    /// Where each line starts.
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    fn of(text: &'t str) -> Lines<'t> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        // A last line break ends the last line; it starts none.
        if starts.last() == Some(&text.len()) {
            starts.pop();
        }
        Lines { text, starts }
    }

    fn count(&self) -> usize {
        self.starts.len()
    }

    fn line(&self, index: usize) -> &'t str {
        #[cfg(test)]
        LINES_LOOKED_AT.with(|n| n.set(n.get() + 1));
        let end = self
            .starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        &self.text[self.starts[index]..end]
    }

    /// The index of the line holding byte `at` (the line after the last, at the end of a
    /// text that ends with a line break).
    fn of_byte(&self, at: usize) -> usize {
        self.starts.partition_point(|&start| start <= at).max(1) - 1
            + usize::from(at == self.text.len() && at > 0 && self.text.ends_with('\n'))
    }
}

/// Lines `old` of the original text that are lines `new` of the fixed one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Change {
    old: Range<usize>,
    new: Range<usize>,
}

/// The changed lines, one run per group of regions sharing a line, without the lines at
/// either end of a run that did not change. Each region's lines are looked at once.
fn changed_lines(old: &Lines, new: &Lines, regions: &[Region]) -> Vec<Change> {
    let mut changes: Vec<Change> = Vec::new();
    for region in regions {
        let change = Change {
            old: old.of_byte(region.before.start)
                ..(old.of_byte(region.before.end) + 1).min(old.count()),
            new: new.of_byte(region.after.start)
                ..(new.of_byte(region.after.end) + 1).min(new.count()),
        };
        match changes.last_mut() {
            // Regions on one line are one change.
            Some(last) if change.old.start < last.old.end || change.new.start < last.new.end => {
                last.old.end = last.old.end.max(change.old.end);
                last.new.end = last.new.end.max(change.new.end);
            }
            _ => changes.push(change),
        }
    }
    for change in &mut changes {
        while !change.old.is_empty()
            && !change.new.is_empty()
            && old.line(change.old.start) == new.line(change.new.start)
        {
            change.old.start += 1;
            change.new.start += 1;
        }
        while !change.old.is_empty()
            && !change.new.is_empty()
            && old.line(change.old.end - 1) == new.line(change.new.end - 1)
        {
            change.old.end -= 1;
            change.new.end -= 1;
        }
    }
    changes.retain(|change| !change.old.is_empty() || !change.new.is_empty());
    changes
}

/// A hunk: the lines it shows of each text, and its changes.
struct Hunk<'c> {
    old: Range<usize>,
    new: Range<usize>,
    changes: &'c [Change],
}

/// The changes grouped into hunks with `context` lines around each: changes at most twice
/// that apart share a hunk.
fn hunks(changes: &[Change], old_count: usize, context: usize) -> Vec<Hunk<'_>> {
    let mut out = Vec::new();
    let mut first = 0;
    while first < changes.len() {
        let mut last = first;
        while last + 1 < changes.len()
            && changes[last + 1].old.start - changes[last].old.end <= 2 * context
        {
            last += 1;
        }
        let (head, tail) = (&changes[first], &changes[last]);
        let before = head.old.start.min(context);
        let after = (old_count - tail.old.end).min(context);
        out.push(Hunk {
            old: head.old.start - before..tail.old.end + after,
            new: head.new.start - before..tail.new.end + after,
            changes: &changes[first..=last],
        });
        first = last + 1;
    }
    out
}

fn write_hunk(out: &mut String, old: &Lines, new: &Lines, hunk: &Hunk) {
    out.push_str(&format!(
        "@@ -{} +{} @@\n",
        hunk_range(&hunk.old),
        hunk_range(&hunk.new)
    ));
    let mut line = |tag: char, lines: &Lines, index: usize| {
        let text = lines.line(index);
        out.push(tag);
        out.push_str(text);
        if !text.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    };
    let mut at = hunk.old.start;
    for change in hunk.changes {
        for index in at..change.old.start {
            line(' ', old, index);
        }
        for index in change.old.clone() {
            line('-', old, index);
        }
        for index in change.new.clone() {
            line('+', new, index);
        }
        at = change.old.end;
    }
    for index in at..hunk.old.end {
        line(' ', old, index);
    }
}

/// `start,count` with a 1-based start (`start` alone for one line; for none, the line
/// before), as unified diffs write a hunk's lines.
fn hunk_range(lines: &Range<usize>) -> String {
    match lines.len() {
        1 => format!("{}", lines.start + 1),
        0 => format!("{},0", lines.start),
        count => format!("{},{count}", lines.start + 1),
    }
}

/// The text with every secret masked, as findings show it (same byte length).
pub fn masked(text: &str) -> String {
    pipelint_core::mask_secrets(text)
}

/// The summary line of a `--fix` or `--diff` run.
pub fn summary(applied: usize, unsafe_left: usize, dry_run: bool) -> String {
    let fixes = |n: usize| if n == 1 { "fix" } else { "fixes" };
    let mut line = if dry_run {
        format!("Would apply {applied} {}", fixes(applied))
    } else {
        format!("Applied {applied} {}", fixes(applied))
    };
    if unsafe_left > 0 {
        line.push_str(&format!(
            "; {unsafe_left} more {} available with `--unsafe-fixes`",
            fixes(unsafe_left)
        ));
    }
    line.push('.');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies a pass of edits (sorted, apart) to `text`.
    fn apply(text: &str, edits: &[(Range<usize>, &str)]) -> String {
        let mut out = String::new();
        let mut at = 0;
        for (span, replacement) in edits {
            out.push_str(&text[at..span.start]);
            out.push_str(replacement);
            at = span.end;
        }
        out.push_str(&text[at..]);
        out
    }

    /// Fixes `original` in passes; the composed regions and the final text.
    fn passes(original: &str, passes: &[Vec<(Range<usize>, &str)>]) -> (Vec<Region>, String) {
        let mut text = original.to_owned();
        let mut regions = Vec::new();
        for pass in passes {
            let edits: Vec<(Range<usize>, usize)> = pass
                .iter()
                .map(|(span, r)| (span.clone(), r.len()))
                .collect();
            regions = compose(&regions, &edits);
            text = apply(&text, pass);
        }
        (regions, text)
    }

    #[test]
    fn composed_regions_take_the_original_to_the_last_text() {
        let original = "aaaa\nbbbb\ncccc\ndddd\n";
        let (regions, text) = passes(
            original,
            &[
                vec![(0..4, "A"), (10..14, "CCCCCC")],
                vec![(0..1, "AAA"), (4..4, "x"), (6..9, "")],
                vec![(0..0, "<"), (15..16, "D")],
            ],
        );
        let edits: Vec<(Range<usize>, &str)> = regions
            .iter()
            .map(|r| (r.before.clone(), &text[r.after.clone()]))
            .collect();
        assert_eq!(apply(original, &edits), text);
    }

    /// The diff as `similar` computes it, for the cases where the fixes' regions give the
    /// same minimal diff.
    fn similar_diff(name: &str, before: &str, after: &str) -> String {
        similar::TextDiff::from_lines(before, after)
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{name}"), &format!("b/{name}"))
            .to_string()
    }

    #[test]
    fn hunks_are_those_of_a_line_diff() {
        let lines: Vec<String> = (0..30).map(|i| format!("  \"m{i}\": {i},\n")).collect();
        let original = format!("{{\n{}}}", lines.concat());
        let at = |needle: &str| {
            let start = original.find(needle).unwrap();
            start..start + needle.len()
        };
        for pass in [
            vec![(at("m3\""), "M3\"")],
            vec![
                (at("m0\""), "M0\""),
                (at("m6\""), "M6\""),
                (at("m29\""), "M29\""),
            ],
            vec![(at("m10\""), "M10\""), (at("m20\""), "M20\"")],
            vec![(at("  \"m4\": 4,\n"), "")],
            vec![(at("m7\": 7,"), "m7\": 7,\n  \"new\": 1,")],
            vec![(original.len() - 1..original.len(), "}\n")],
            vec![(0..0, "")],
        ] {
            let (regions, text) = passes(&original, std::slice::from_ref(&pass));
            assert_eq!(
                unified_diff("p.json", &original, &text, &regions, true),
                similar_diff("p.json", &original, &text),
                "{pass:?}"
            );
        }
    }

    /// Counting, not timing: the lines looked at for 10 times the changed lines are at most
    /// about 10 times as many (a line diff of the two texts grows with their square).
    #[test]
    fn a_diff_looks_at_lines_linear_in_the_changed_lines() {
        let looked_at = |n: usize| {
            let original: String = (0..n).map(|i| format!("\"k{i}\": \"plain\",\n")).collect();
            let edits: Vec<(Range<usize>, &str)> = original
                .match_indices("plain")
                .map(|(at, _)| (at..at + 5, "PLAIN"))
                .collect();
            let (regions, text) = passes(&original, &[edits]);
            LINES_LOOKED_AT.with(|c| c.set(0));
            let diff = unified_diff("p.json", &original, &text, &regions, true);
            assert_eq!(diff.matches("\n+\"k").count(), n);
            LINES_LOOKED_AT.with(std::cell::Cell::get)
        };
        let (small, large) = (looked_at(2_000), looked_at(20_000));
        assert!(
            large <= 11 * small,
            "{small} lines looked at for 2,000 changed lines, {large} for 20,000"
        );
    }

    #[test]
    fn summaries_count_both_kinds() {
        assert_eq!(summary(1, 0, false), "Applied 1 fix.");
        assert_eq!(
            summary(3, 2, true),
            "Would apply 3 fixes; 2 more fixes available with `--unsafe-fixes`."
        );
    }
}
