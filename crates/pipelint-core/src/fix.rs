//! Fixing a document: the fixes of a lint applied pass after pass until none applies, the
//! one loop behind `pipelint check --fix`, the editor's "fix all" and `pipelint.fix()`.
//!
//! Fixes are chosen from a *masked* lint (masking drops every fix that would write, rewrite
//! or reveal a secret, and every pass masks the secrets of the input too, so a later pass
//! cannot write a secret whose member an earlier pass deleted) and applied to the real
//! text. The lint of the last pass, which finds nothing more to apply, is the result: the
//! final text is linted once.

use std::ops::ControlFlow;

use crate::catalog::Applicability;
use crate::diagnostic::{Fix, fixes_of_one_pass};
use crate::lint::lint_unmasked;
use crate::{LintOptions, LintResult, OverrideUse};

/// Passes of fixing at most: a fix that keeps re-creating its finding must not loop.
pub const MAX_FIX_PASSES: usize = 10;

/// The UTF-8 byte-order mark, which the loader reads as blanks: no fix may touch it.
const BOM: &str = "\u{feff}";

/// The outcome of [`fix`].
#[derive(Debug)]
#[non_exhaustive]
pub struct Fixed {
    /// The fixed text: the input itself when no fix applied, or when it is not UTF-8 (spans
    /// index text, so such input is never fixed). The real text, not masked: it is what is
    /// written back; to show it, mask it with [`crate::mask_secrets_after_fixing`].
    pub text: Vec<u8>,
    /// Fixes applied over all passes.
    pub applied: usize,
    /// The lint of `text` with the options given (secrets masked unless they say otherwise,
    /// the input's secrets too). Its `overrides_used` are those of every pass: an override
    /// that covered a finding a fix then removed was used.
    pub result: LintResult,
    /// The lint of the input, when a fix applied (otherwise it is `result`).
    pub input_result: Option<LintResult>,
    /// Findings of `text` that carry a fix the applicability asked for did not allow
    /// (counted on the masked lint, as fixes are chosen: a fix touching a secret never counts).
    pub fixes_left: usize,
    /// The same count for the input (it is `fixes_left` when no fix applied): what is left
    /// when the fixed text cannot be written.
    pub input_fixes_left: usize,
}

impl Fixed {
    /// The outcome for a text that is not fixed at all (a front end's input over its size
    /// limit): `text` as it is, with `result` as its findings.
    pub fn unchanged(text: Vec<u8>, result: LintResult) -> Fixed {
        Fixed {
            text,
            applied: 0,
            result,
            input_result: None,
            fixes_left: 0,
            input_fixes_left: 0,
        }
    }
}

/// Fixes `bytes` with the fixes of at most `applicability` ([`Applicability::Safe`]: safe
/// fixes only; [`Applicability::Unsafe`]: safe and unsafe ones), pass after pass until a
/// pass applies nothing (at most [`MAX_FIX_PASSES`]). The settings in `options` apply, so a
/// finding a rule level or override turns off is not fixed either. A byte-order mark stays.
/// Never panics.
pub fn fix(bytes: &[u8], options: &LintOptions, applicability: Applicability) -> Fixed {
    fix_with(bytes, options, applicability, |_, _| {
        ControlFlow::Continue(())
    })
}

/// [`fix`], telling `each_pass` the text a pass starts from and the fixes it applies to it
/// (sorted, apart from each other) before they are applied; [`ControlFlow::Break`] stops
/// there, with the text as it was before that pass. The language server composes its edits
/// from these and stops when the document changes.
pub fn fix_with(
    bytes: &[u8],
    options: &LintOptions,
    applicability: Applicability,
    mut each_pass: impl FnMut(&str, &[&Fix]) -> ControlFlow<()>,
) -> Fixed {
    let Ok(input) = std::str::from_utf8(bytes) else {
        let result = crate::lint(bytes, options);
        let fixes_left = count_left(&result, applicability);
        return Fixed {
            text: bytes.to_vec(),
            applied: 0,
            fixes_left,
            input_fixes_left: fixes_left,
            result,
            input_result: None,
        };
    };
    let mark = if input.starts_with(BOM) { BOM.len() } else { 0 };
    let options = options.before_fixing(input);
    let mut text = input.to_owned();
    let mut applied = 0;
    let mut overrides_used: Vec<OverrideUse> = Vec::new();
    let mut input_result = None;
    let mut input_fixes_left = None;
    for pass in 1.. {
        let Pass { masked, shown } = lint_pass(text.as_bytes(), &options);
        overrides_used.extend(masked.overrides_used.iter().cloned());
        let fixes: Vec<&Fix> = masked
            .diagnostics
            .iter()
            .filter_map(|d| d.fix.as_ref())
            .filter(|fix| allowed(fix.applicability, applicability) && fix.span.start >= mark)
            .collect();
        let chosen = fixes_of_one_pass(&text, fixes);
        let stop = chosen.is_empty()
            || pass > MAX_FIX_PASSES
            || each_pass(&text, &chosen) == ControlFlow::Break(());
        if stop {
            let fixes_left = count_left(&masked, applicability);
            let mut result = shown.unwrap_or(masked);
            overrides_used.sort();
            overrides_used.dedup();
            result.overrides_used = overrides_used;
            return Fixed {
                text: text.into_bytes(),
                applied,
                result,
                input_result,
                fixes_left,
                input_fixes_left: input_fixes_left.unwrap_or(fixes_left),
            };
        }
        let chosen: Vec<Fix> = chosen.into_iter().cloned().collect();
        let next = crate::apply_fixes(&text, &chosen).0;
        if pass == 1 {
            input_fixes_left = Some(count_left(&masked, applicability));
            input_result = Some(Pass { masked, shown }.into_result());
        }
        applied += chosen.len();
        text = next;
    }
    unreachable!("the loop returns once a pass applies nothing or the passes run out")
}

/// One lint of a pass: masked (fixes are chosen from it) and, with `show_secrets`, as shown.
struct Pass {
    masked: LintResult,
    shown: Option<LintResult>,
}

impl Pass {
    fn into_result(self) -> LintResult {
        self.shown.unwrap_or(self.masked)
    }
}

fn lint_pass(bytes: &[u8], options: &LintOptions) -> Pass {
    let mut unmasked = lint_unmasked(bytes, options);
    if unmasked.diagnostics.is_empty() {
        // Nothing to fix or show: as `lint` gives it, without the secret scan.
        unmasked.drop_unneeded_text();
        return Pass {
            masked: unmasked,
            shown: None,
        };
    }
    if options.show_secrets {
        let mut masked = unmasked.clone();
        masked.mask_secrets(options.before_fixing);
        Pass {
            masked,
            shown: Some(unmasked),
        }
    } else {
        let mut masked = unmasked;
        masked.mask_secrets(options.before_fixing);
        Pass {
            masked,
            shown: None,
        }
    }
}

/// Whether a fix of `fix` applicability is applied when `asked` is.
fn allowed(fix: Applicability, asked: Applicability) -> bool {
    fix == Applicability::Safe || asked == Applicability::Unsafe
}

fn count_left(result: &LintResult, applicability: Applicability) -> usize {
    result
        .diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|fix| !allowed(fix.applicability, applicability))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::internals::lints_on_this_thread;

    const EMPTY_SETTINGS: &str =
        include_str!("../../../fixtures/rules/empty-settings/invalid/settings-empty.json");
    const SCALING_AND_SETTING: &str = include_str!(
        "../../../fixtures/rules/deprecated-concurrency/invalid/s3-scaling-and-setting.json"
    );

    fn names(result: &LintResult) -> Vec<&'static str> {
        result.diagnostics.iter().map(|d| d.name()).collect()
    }

    #[test]
    fn a_safe_fix_is_applied_and_the_final_text_is_linted_once() {
        let options = LintOptions::new().file_name("orders.pipe.json");
        let before = lints_on_this_thread();
        let fixed = fix(EMPTY_SETTINGS.as_bytes(), &options, Applicability::Safe);
        // The input, then the fixed text, which has nothing left to apply.
        assert_eq!(lints_on_this_thread() - before, 2);
        assert_eq!(fixed.applied, 1);
        let text = String::from_utf8(fixed.text).unwrap_or_default();
        assert!(!text.contains("\"settings\""), "{text}");
        assert!(!names(&fixed.result).contains(&"empty-settings"));
        let again = crate::lint(text.as_bytes(), &options);
        assert_eq!(names(&fixed.result), names(&again));
        let input = fixed.input_result.map(|r| names(&r)).unwrap_or_default();
        assert!(input.contains(&"empty-settings"));
    }

    #[test]
    fn nothing_to_fix_lints_once_and_keeps_the_bytes() {
        let body = br#"{"replicas": 2}"#;
        let options = LintOptions::new().file_name("p.scaling.json");
        let before = lints_on_this_thread();
        let fixed = fix(body, &options, Applicability::Safe);
        assert_eq!(lints_on_this_thread() - before, 1);
        assert_eq!((fixed.applied, fixed.text.as_slice()), (0, &body[..]));
        assert!(fixed.input_result.is_none());
    }

    #[test]
    fn unsafe_fixes_wait_for_unsafe_and_are_counted_until_then() {
        let options = LintOptions::new().file_name("noaa.pipe.json");
        let safe = fix(
            SCALING_AND_SETTING.as_bytes(),
            &options,
            Applicability::Safe,
        );
        assert_eq!((safe.applied, safe.fixes_left), (0, 1));
        let applied = fix(
            SCALING_AND_SETTING.as_bytes(),
            &options,
            Applicability::Unsafe,
        );
        assert_eq!((applied.applied, applied.fixes_left), (1, 0));
        assert_ne!(applied.text, SCALING_AND_SETTING.as_bytes());
    }

    #[test]
    fn a_byte_order_mark_stays_and_the_text_after_it_is_fixed() {
        let marked = format!("{BOM}{EMPTY_SETTINGS}");
        let options = LintOptions::new().file_name("orders.pipe.json");
        let fixed = fix(marked.as_bytes(), &options, Applicability::Safe);
        assert_eq!(fixed.applied, 1);
        assert!(fixed.text.starts_with(BOM.as_bytes()));
        let plain = fix(EMPTY_SETTINGS.as_bytes(), &options, Applicability::Safe);
        assert_eq!(&fixed.text[BOM.len()..], plain.text.as_slice());
    }

    #[test]
    fn each_pass_sees_its_fixes_and_can_stop_before_them() {
        let options = LintOptions::new().file_name("orders.pipe.json");
        let mut seen = Vec::new();
        let fixed = fix_with(
            EMPTY_SETTINGS.as_bytes(),
            &options,
            Applicability::Safe,
            |text, fixes| {
                seen.push((text.len(), fixes.len()));
                ControlFlow::Break(())
            },
        );
        assert_eq!(seen, [(EMPTY_SETTINGS.len(), 1)]);
        assert_eq!(
            (fixed.applied, fixed.text.as_slice()),
            (0, EMPTY_SETTINGS.as_bytes())
        );
        assert!(names(&fixed.result).contains(&"empty-settings"));
    }

    #[test]
    fn text_that_is_not_utf8_is_left_alone_with_its_finding() {
        let body = b"{\"replicas\": \xff}";
        let fixed = fix(body, &LintOptions::new(), Applicability::Unsafe);
        assert_eq!((fixed.applied, fixed.text.as_slice()), (0, &body[..]));
        assert!(!fixed.result.diagnostics.is_empty());
    }

    #[test]
    fn shown_secrets_stay_shown_and_fixes_still_never_touch_them() {
        // A literal password: its own finding (no fix) stays after the fix.
        let body = EMPTY_SETTINGS.replace("${KAFKA_PASSWORD}", "Tr0ub4dor-and-3");
        let shown = LintOptions::new()
            .file_name("orders.pipe.json")
            .show_secrets(true);
        let fixed = fix(body.as_bytes(), &shown, Applicability::Safe);
        assert_eq!(fixed.applied, 1);
        assert!(names(&fixed.result).contains(&"plaintext-secret"));
        assert!(fixed.result.text.contains("Tr0ub4dor-and-3"));
        let masked = fix(
            body.as_bytes(),
            &shown.show_secrets(false),
            Applicability::Safe,
        );
        assert_eq!(masked.text, fixed.text);
        assert!(!masked.result.text.contains("Tr0ub4dor-and-3"));
    }

    fn finding(span: std::ops::Range<usize>, replacement: &str, safe: bool) -> crate::Diagnostic {
        let rule = crate::find_rule("invalid-enum-value").unwrap_or_else(|| panic!("no rule"));
        let applicability = if safe {
            Applicability::Safe
        } else {
            Applicability::Unsafe
        };
        let fix = Fix::new("t", span.clone(), replacement, applicability);
        crate::Diagnostic::new(rule, span, "", "m").with_fix(fix)
    }

    /// One pass over `text` with the fixes of `found` that `asked` allows.
    fn one_pass(text: &str, found: &[crate::Diagnostic], asked: Applicability) -> (String, usize) {
        let fixes = found
            .iter()
            .filter_map(|d| d.fix.as_ref())
            .filter(|fix| allowed(fix.applicability, asked));
        crate::apply_fixes(text, fixes)
    }

    #[test]
    fn a_pass_edits_only_the_spans() {
        let text = "ab\r\ncd  ef";
        let found = [finding(8..10, "EF", true), finding(0..1, "A", true)];
        let fixed = one_pass(text, &found, Applicability::Safe);
        assert_eq!(fixed, ("Ab\r\ncd  EF".into(), 2));
    }

    #[test]
    fn an_overlapping_fix_waits_for_the_next_pass() {
        let found = [
            finding(0..3, "x", true),
            finding(2..4, "y", true),
            finding(0..0, "z", true),
        ];
        // `0..0` sorts first and is applied; `0..3` starts at the same place and waits;
        // `2..4` does not overlap `0..0` and is applied.
        let fixed = one_pass("abcdef", &found, Applicability::Safe);
        assert_eq!(fixed, ("zabyef".into(), 2));
    }

    #[test]
    fn unsafe_fixes_need_to_be_asked_for() {
        let found = [finding(0..1, "x", false)];
        assert_eq!(one_pass("abc", &found, Applicability::Safe).1, 0);
        let fixed = one_pass("abc", &found, Applicability::Unsafe);
        assert_eq!(fixed, ("xbc".into(), 1));
    }

    #[test]
    fn spans_out_of_the_text_or_inside_a_character_are_skipped() {
        let found = [finding(5..9, "x", true), finding(1..2, "x", true)];
        // `é` is two bytes: 1..2 splits it.
        assert_eq!(one_pass("é", &found, Applicability::Safe), ("é".into(), 0));
    }

    #[test]
    fn a_misspelt_member_after_a_byte_order_mark_is_fixed() {
        let options = LintOptions::new().file_name("p.scaling.json");
        let fixed = fix(
            b"\xEF\xBB\xBF{\"replicaz\": 3}",
            &options,
            Applicability::Unsafe,
        );
        assert_eq!(fixed.text, "\u{feff}{\"replicas\": 3}".as_bytes());
        assert_eq!(fixed.applied, 1);
    }
}
