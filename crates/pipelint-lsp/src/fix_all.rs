//! "Fix all" (`source.fixAll`): every safe fix, pass after pass, as one edit per changed
//! region of the document.
//!
//! Each pass applies every fix that does not overlap another at once (as `check --fix`
//! does), and the passes are composed into edits of the original text, so the client is sent
//! only what changes: never the unchanged text between two fixes, which may hold a secret
//! (and editors log the edits they receive).

use std::collections::{HashMap, HashSet};
use std::ops::{ControlFlow, Range};

use pipelint_core::{Applicability, Fix};

/// What the fix loop tells about each pass: the text it starts from and the fixes it
/// applies to it (sorted, apart from each other); `Break` stops it before that pass.
pub type EachPass<'a> = dyn FnMut(&str, &[&Fix]) -> ControlFlow<()> + 'a;

/// One edit of the original text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub new_text: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The edits, sorted and apart from each other, and how many fixes they apply.
    Edits { edits: Vec<Edit>, applied: usize },
    /// No safe fix changes anything.
    Nothing,
    /// `interrupted` said to stop (a newer edit of the document, a cancelled request).
    Interrupted,
}

/// A changed part: `before` in the original text is `after` in the current text. Outside
/// the regions the two texts are the same.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Region {
    before: Range<usize>,
    after: Range<usize>,
}

/// Fixes `original` with `fix`, which runs the fix loop on it (the core's `fix_with`, on
/// the workspace's options) with the hook it is given: every pass's fixes are composed into
/// edits of `original`, and `interrupted` is asked after each pass. The loop is stopped
/// before a pass with a fix that is not safe or whose replacement holds a secret of the
/// original text (the core's masking drops those already; this is belt and braces).
pub fn fix_all(
    original: &str,
    fix: impl FnOnce(&mut EachPass),
    mut interrupted: impl FnMut() -> bool,
) -> Outcome {
    let secrets = Secrets::of(original);
    let mut text = original.to_owned();
    let mut regions: Vec<Region> = Vec::new();
    let mut applied = 0;
    let mut stopped = false;
    fix(&mut |pass_text: &str, chosen: &[&Fix]| {
        let unwanted = |fix: &&Fix| {
            fix.applicability != Applicability::Safe || secrets.revealed_by(&fix.replacement)
        };
        // Each pass starts from the text of the last: a loop that did otherwise is not
        // composed.
        if pass_text != text || chosen.iter().any(unwanted) {
            return ControlFlow::Break(());
        }
        applied += chosen.len();
        let (next, changed) = apply(&text, chosen);
        regions = compose(&regions, &changed);
        text = next;
        if interrupted() {
            stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if stopped {
        return Outcome::Interrupted;
    }
    let edits: Vec<Edit> = regions
        .iter()
        .filter_map(|region| {
            let before = &original[region.before.clone()];
            let (changed, replacement) = changed_part(before, &text[region.after.clone()]);
            // A region a later pass put back as it was.
            if changed.is_empty() && replacement.is_empty() {
                return None;
            }
            Some(Edit {
                range: region.before.start + changed.start..region.before.start + changed.end,
                new_text: replacement.to_owned(),
            })
        })
        .collect();
    // Belt and braces: what goes back is made of replacements only, each checked above.
    if edits.is_empty() || edits.iter().any(|e| secrets.revealed_by(&e.new_text)) {
        return Outcome::Nothing;
    }
    Outcome::Edits { edits, applied }
}

/// One pass: the new text and, for each fix, the region it changed.
fn apply(text: &str, chosen: &[&Fix]) -> (String, Vec<Region>) {
    let mut out = String::with_capacity(text.len());
    let mut regions = Vec::with_capacity(chosen.len());
    let mut copied_to = 0;
    for fix in chosen {
        out.push_str(&text[copied_to..fix.span.start]);
        let start = out.len();
        out.push_str(&fix.replacement);
        regions.push(Region {
            before: fix.span.clone(),
            after: start..out.len(),
        });
        copied_to = fix.span.end;
    }
    out.push_str(&text[copied_to..]);
    (out, regions)
}

/// Composes the regions from the original to a text (`old`) with those of a pass over that
/// text (`new`) into regions from the original to the pass's result. Regions that overlap
/// or touch in the middle text become one.
fn compose(old: &[Region], new: &[Region]) -> Vec<Region> {
    let mut out = Vec::with_capacity(old.len() + new.len());
    let (mut i, mut j) = (0, 0);
    // Bytes before and after the regions consumed so far, of each list.
    let (mut old_before, mut old_after) = (0, 0);
    let (mut new_before, mut new_after) = (0, 0);
    while i < old.len() || j < new.len() {
        let old_first =
            j == new.len() || (i < old.len() && old[i].after.start <= new[j].before.start);
        let start = if old_first {
            old[i].after.start
        } else {
            new[j].before.start
        };
        let mut end = start;
        // The group's start lies after every region consumed so far: shift it by those.
        let original_start = start + old_before - old_after;
        let result_start = start + new_after - new_before;
        loop {
            if let Some(region) = old.get(i).filter(|r| r.after.start <= end) {
                end = end.max(region.after.end);
                old_before += region.before.len();
                old_after += region.after.len();
                i += 1;
            } else if let Some(region) = new.get(j).filter(|r| r.before.start <= end) {
                end = end.max(region.before.end);
                new_before += region.before.len();
                new_after += region.after.len();
                j += 1;
            } else {
                break;
            }
        }
        out.push(Region {
            before: original_start..end + old_before - old_after,
            after: result_start..end + new_after - new_before,
        });
    }
    out
}

/// The byte range of `before` that differs from `after`, and what replaces it: the
/// common start and end are left out, so the editor keeps the cursor and the rest.
pub fn changed_part<'a>(before: &str, after: &'a str) -> (Range<usize>, &'a str) {
    let mut prefix = before
        .bytes()
        .zip(after.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while prefix > 0 && !(before.is_char_boundary(prefix) && after.is_char_boundary(prefix)) {
        prefix -= 1;
    }
    let most = before.len().min(after.len()) - prefix;
    let mut suffix = before
        .bytes()
        .rev()
        .zip(after.bytes().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    while suffix > 0
        && !(before.is_char_boundary(before.len() - suffix)
            && after.is_char_boundary(after.len() - suffix))
    {
        suffix -= 1;
    }
    (
        prefix..before.len() - suffix,
        &after[prefix..after.len() - suffix],
    )
}

/// Secrets shorter than this (in characters) count only where they stand alone between
/// quotes or backticks, as the core masks them.
const SHORT_SECRET_CHARS: usize = 4;

/// The secret values of a text: what the core's masking hides (as written, and decoded
/// from JSON escapes), grouped by byte length so a replacement is checked in a few lookups.
struct Secrets {
    by_len: HashMap<usize, HashSet<String>>,
}

impl Secrets {
    fn of(text: &str) -> Secrets {
        let masked = pipelint_core::mask_secrets(text);
        let mut by_len: HashMap<usize, HashSet<String>> = HashMap::new();
        let mut add = |value: String| {
            if !value.is_empty() {
                by_len.entry(value.len()).or_default().insert(value);
            }
        };
        let (text_bytes, masked_bytes) = (text.as_bytes(), masked.as_bytes());
        let mut i = 0;
        while i < text_bytes.len() {
            if masked_bytes.get(i) == Some(&text_bytes[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < text_bytes.len() && masked_bytes.get(i) != Some(&text_bytes[i]) {
                i += 1;
            }
            // The mask keeps each character's byte length, so a run is whole characters;
            // widen it anyway rather than risk a slice inside one.
            let start = pipelint_core::floor_char_boundary(text, start);
            let mut end = i;
            while !text.is_char_boundary(end) {
                end += 1;
            }
            i = end;
            let raw = &text[start..end];
            if let Some(decoded) = decoded(raw) {
                add(decoded);
            }
            add(raw.to_owned());
        }
        Secrets { by_len }
    }

    /// Whether `replacement` (or the string it writes, escapes decoded) holds a secret.
    fn revealed_by(&self, replacement: &str) -> bool {
        if self.by_len.is_empty() {
            return false;
        }
        let decoded = serde_json::from_str::<String>(replacement).ok();
        [Some(replacement), decoded.as_deref()]
            .into_iter()
            .flatten()
            .any(|text| self.found_in(text))
    }

    fn found_in(&self, text: &str) -> bool {
        self.by_len.iter().any(|(&len, values)| {
            // Most replacements are a word: only the few shorter secrets need looking for.
            len <= text.len()
                && text.char_indices().any(|(start, _)| {
                    let Some(part) = text.get(start..start + len) else {
                        return false;
                    };
                    values.contains(part)
                        && (part.chars().count() >= SHORT_SECRET_CHARS
                            || stands_alone(text, start..start + len))
                })
        })
    }
}

/// The raw text of a JSON string's content, decoded; `None` when it has no escape or is not
/// a string's content.
fn decoded(raw: &str) -> Option<String> {
    if !raw.contains('\\') {
        return None;
    }
    serde_json::from_str::<String>(&format!("\"{raw}\"")).ok()
}

/// Whether `span` of `text` is all of it or stands between quotes or backticks.
fn stands_alone(text: &str, span: Range<usize>) -> bool {
    if span.start == 0 && span.end == text.len() {
        return true;
    }
    let before = text[..span.start].chars().next_back();
    let after = text[span.end..].chars().next();
    matches!(
        (before, after),
        (Some('"'), Some('"')) | (Some('`'), Some('`'))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(span: Range<usize>, replacement: &str) -> Fix {
        Fix::new("fix", span, replacement, Applicability::Safe)
    }

    /// `fix_all` over `original`, with the fix loop as the core runs it and the fixes of
    /// each pass given: a pass applies the fixes of its list that do not overlap, and the
    /// loop ends at a pass that applies nothing, when the lists run out, or when the hook
    /// says to stop.
    fn run(original: &str, passes: Vec<Vec<Fix>>, interrupted: impl FnMut() -> bool) -> Outcome {
        let mut text = original.to_owned();
        let simulated = move |each_pass: &mut EachPass| {
            for fixes in passes {
                let chosen = pipelint_core::fixes_of_one_pass(&text, &fixes);
                if chosen.is_empty() || each_pass(&text, &chosen).is_break() {
                    return;
                }
                let chosen: Vec<Fix> = chosen.into_iter().cloned().collect();
                text = pipelint_core::apply_fixes(&text, &chosen).0;
            }
        };
        fix_all(original, simulated, interrupted)
    }

    fn applied(original: &str, edits: &[Edit]) -> String {
        let mut text = original.to_owned();
        for edit in edits.iter().rev() {
            text.replace_range(edit.range.clone(), &edit.new_text);
        }
        text
    }

    #[test]
    fn the_changed_part_leaves_out_the_common_ends_on_character_boundaries() {
        assert_eq!(changed_part("a\"x\"b", "a\"XY\"b"), (2..3, "XY"));
        assert_eq!(changed_part("same", "same"), (4..4, ""));
        // `é` and `è` share their first byte: the edit must not split it.
        assert_eq!(changed_part("aéb", "aèb"), (1..3, "è"));
        assert_eq!(changed_part("xx", "x"), (1..2, ""));
    }

    #[test]
    fn each_changed_region_is_one_edit_and_the_text_between_is_never_sent() {
        let original = r#"{"a": "string", "password": "Hunter2-Secret", "b": "uint8"}"#;
        let a = original.find("string").unwrap();
        let b = original.find("uint8").unwrap();
        let fixes = vec![fix(a..a + 6, "String"), fix(b..b + 5, "UInt8")];
        let outcome = run(original, vec![fixes], || false);
        let Outcome::Edits { edits, applied: 2 } = outcome else {
            panic!("{outcome:?}");
        };
        assert_eq!(
            edits,
            [
                Edit {
                    range: a..a + 1,
                    new_text: "S".to_owned()
                },
                Edit {
                    range: b..b + 2,
                    new_text: "UI".to_owned()
                },
            ]
        );
    }

    /// Random passes of random fixes: the composed edits, applied to the original, give the
    /// text the passes give, and are sorted and apart.
    #[test]
    fn composed_edits_give_the_text_of_the_passes() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |bound: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % bound as u64).unwrap()
        };
        let words = ["", "x", "yz", "é", "😀w", "long replacement"];
        for _ in 0..300 {
            let original: String = (0..next(30))
                .map(|_| ["a", "b", "é", "😀", "\n"][next(5)])
                .collect();
            let mut text = original.clone();
            let mut passes: Vec<Vec<Fix>> = Vec::new();
            for _ in 0..next(4) + 1 {
                let mut fixes = Vec::new();
                for _ in 0..next(5) {
                    let mut bounds = [next(text.len() + 1), next(text.len() + 1)];
                    bounds.sort_unstable();
                    let [start, end] = bounds.map(|b| pipelint_core::floor_char_boundary(&text, b));
                    fixes.push(fix(start..end, words[next(words.len())]));
                }
                let (next, count) = pipelint_core::apply_fixes(&text, &fixes);
                if count == 0 {
                    // "Fix all" stops at a pass that changes nothing.
                    break;
                }
                text = next;
                passes.push(fixes);
            }
            let outcome = run(&original, passes, || false);
            match outcome {
                Outcome::Edits { edits, .. } => {
                    assert_eq!(applied(&original, &edits), text, "{original:?}");
                    for pair in edits.windows(2) {
                        assert!(pair[0].range.end < pair[1].range.start, "{edits:?}");
                    }
                }
                Outcome::Nothing => assert_eq!(original, text),
                Outcome::Interrupted => panic!("never interrupted"),
            }
        }
    }

    #[test]
    fn an_interruption_stops_after_the_pass() {
        let mut asked = 0;
        let outcome = run(
            "ab",
            vec![vec![fix(0..1, "b")], vec![fix(1..2, "c")]],
            || {
                asked += 1;
                true
            },
        );
        assert_eq!(outcome, Outcome::Interrupted);
        // Asked once, after the first pass: the second never ran.
        assert_eq!(asked, 1);
    }

    #[test]
    fn a_fix_that_writes_a_secret_of_the_original_text_is_never_applied() {
        let original = r#"{"password": "Quasar9-Hidden", "topic": "x", "n": 1}"#;
        let topic = original.find("\"x\"").unwrap();
        let n = original.find('1').unwrap();
        // As if an earlier pass had removed the password member, so the lint of the text
        // no longer masks its copies: the fixes carry the value, raw and escaped.
        for replacement in [
            "\"Quasar9-Hidden\"",
            "\"Quas\\u0061r9-Hidden\"",
            "\"prefix-Quasar9-Hidden\"",
        ] {
            // In one pass with a harmless fix: the pass is not applied at all.
            let outcome = run(
                original,
                vec![vec![fix(n..n + 1, "2"), fix(topic..topic + 3, replacement)]],
                || false,
            );
            assert_eq!(outcome, Outcome::Nothing, "{replacement}");
            // In a later pass: the passes before it are kept, it is not.
            let outcome = run(
                original,
                vec![
                    vec![fix(n..n + 1, "2")],
                    vec![fix(topic..topic + 3, replacement)],
                ],
                || false,
            );
            let Outcome::Edits { edits, applied: 1 } = outcome else {
                panic!("{replacement}: {outcome:?}");
            };
            assert_eq!(edits.len(), 1);
            assert_eq!(edits[0].new_text, "2");
        }
    }
}
