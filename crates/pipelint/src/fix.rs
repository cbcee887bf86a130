//! `pipelint check --fix` and `--diff`: apply the fixes the rules offer to a document's
//! text, touching only the bytes of each fix's span.
//!
//! Fixes are taken from a *masked* lint: masking happens after the rules ran on the real
//! text, so the fixes that survive it were computed on the real text, and masking has
//! already dropped every fix that would write, rewrite or reveal a secret. They are
//! applied to the original bytes, never to the masked text.

use pipelint_core::{Applicability, Diagnostic, LintOptions, LintResult, lint};

/// Passes of fixing at most: a fix that keeps re-creating its finding must not loop.
pub const MAX_PASSES: usize = 10;

/// Which fixes to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Also apply fixes marked unsafe.
    pub unsafe_fixes: bool,
}

impl Mode {
    fn applies(self, applicability: Applicability) -> bool {
        applicability == Applicability::Safe || self.unsafe_fixes
    }
}

/// The outcome of fixing one document.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The fixed text (the original when nothing applied).
    pub text: String,
    /// Fixes applied over all passes.
    pub applied: usize,
}

/// Applies fixes to `original` pass after pass until none applies (at most
/// [`MAX_PASSES`]). The core applies the settings in `options`, so a disabled or ignored
/// finding is not fixed either; `seen` is shown each pass's result. A byte-order mark is
/// kept: the text after it is fixed. Returns `None` for invalid UTF-8, which spans do not
/// index: such files are left alone.
pub fn fix_text(
    original: &[u8],
    options: &LintOptions,
    mode: Mode,
    seen: impl Fn(&LintResult),
) -> Option<Fixed> {
    let text = std::str::from_utf8(original).ok()?;
    // The loader reads a mark as blanks, so a fix could span its bytes: it is set aside
    // (its own finding has no fix) and put back.
    let (mark, text) = match text.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => ("", text),
    };
    let mut fixed = fix_unmarked(text, options, mode, seen);
    fixed.text.insert_str(0, mark);
    Some(fixed)
}

/// The UTF-8 byte-order mark.
const BOM: &str = "\u{feff}";

/// [`fix_text`] on text without a byte-order mark.
fn fix_unmarked(
    text: &str,
    options: &LintOptions,
    mode: Mode,
    seen: impl Fn(&LintResult),
) -> Fixed {
    // Every pass masks the secrets of the original too: a fix of a later pass must not write
    // a secret whose member an earlier pass deleted.
    let masked_options = options.show_secrets(false).before_fixing(text);
    let mut fixed = Fixed {
        text: text.to_owned(),
        applied: 0,
    };
    for _ in 0..MAX_PASSES {
        let result = lint(fixed.text.as_bytes(), &masked_options);
        seen(&result);
        let (next, applied) = apply_pass(&fixed.text, &result.diagnostics, mode);
        if applied == 0 {
            break;
        }
        fixed.text = next;
        fixed.applied += applied;
    }
    fixed
}

/// How many findings of `text` carry a fix only `--unsafe-fixes` applies (counted on a
/// masked lint, as fixes are applied: a fix that touches a secret is never counted).
/// `seen` is shown the result.
pub fn unsafe_fixes_left(text: &[u8], options: &LintOptions, seen: impl Fn(&LintResult)) -> usize {
    let masked = options.show_secrets(false);
    let result = lint(text, &masked);
    seen(&result);
    result
        .diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|fix| fix.applicability == Applicability::Unsafe)
        .count()
}

/// One pass of the fixes `mode` allows (see [`pipelint_core::apply_fixes`]).
fn apply_pass(text: &str, diagnostics: &[Diagnostic], mode: Mode) -> (String, usize) {
    let fixes = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|fix| mode.applies(fix.applicability));
    pipelint_core::apply_fixes(text, fixes)
}

/// A unified diff from `before` to `after` for `name`, with secrets masked in both unless
/// `show_secrets`: a diff prints context lines, and a minified body is one line. `after` is
/// masked with the secrets of `before` too: a fix that deletes a secret member must not
/// unmask the copies of its value.
pub fn unified_diff(name: &str, before: &str, after: &str, show_secrets: bool) -> String {
    let (before, after) = if show_secrets {
        (before.to_owned(), after.to_owned())
    } else {
        (
            masked(before),
            pipelint_core::mask_secrets_after_fixing(after, before),
        )
    };
    similar::TextDiff::from_lines(&before, &after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
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
    use pipelint_core::{Fix, find_rule};
    use std::ops::Range;

    fn finding(span: Range<usize>, replacement: &str, applicability: Applicability) -> Diagnostic {
        let rule = find_rule("invalid-enum-value").unwrap_or_else(|| panic!("no rule"));
        let fix = Fix::new("t", span.clone(), replacement, applicability);
        Diagnostic::new(rule, span, "", "m").with_fix(fix)
    }

    const SAFE: Mode = Mode {
        unsafe_fixes: false,
    };

    #[test]
    fn a_pass_edits_only_the_spans() {
        let text = "ab\r\ncd  ef";
        let found = [
            finding(8..10, "EF", Applicability::Safe),
            finding(0..1, "A", Applicability::Safe),
        ];
        assert_eq!(apply_pass(text, &found, SAFE), ("Ab\r\ncd  EF".into(), 2));
    }

    #[test]
    fn an_overlapping_fix_waits_for_the_next_pass() {
        let found = [
            finding(0..3, "x", Applicability::Safe),
            finding(2..4, "y", Applicability::Safe),
            finding(0..0, "z", Applicability::Safe),
        ];
        // `0..0` sorts first and is applied; `0..3` starts at the same place and waits;
        // `2..4` does not overlap `0..0` and is applied.
        assert_eq!(apply_pass("abcdef", &found, SAFE), ("zabyef".into(), 2));
    }

    #[test]
    fn unsafe_fixes_need_the_flag() {
        let found = [finding(0..1, "x", Applicability::Unsafe)];
        assert_eq!(apply_pass("abc", &found, SAFE).1, 0);
        let all = Mode { unsafe_fixes: true };
        assert_eq!(apply_pass("abc", &found, all), ("xbc".into(), 1));
    }

    #[test]
    fn spans_out_of_the_text_or_inside_a_character_are_skipped() {
        let found = [
            finding(5..9, "x", Applicability::Safe),
            finding(1..2, "x", Applicability::Safe),
        ];
        // `é` is two bytes: 1..2 splits it.
        assert_eq!(apply_pass("é", &found, SAFE), ("é".into(), 0));
    }

    #[test]
    fn invalid_utf8_is_left_alone() {
        let options = LintOptions::default();
        assert_eq!(fix_text(b"{\"a\": \"\xff\"}", &options, SAFE, |_| {}), None);
    }

    #[test]
    fn a_byte_order_mark_is_kept_and_the_rest_fixed() {
        let options = LintOptions::default().file_name("p.scaling.json");
        let all = Mode { unsafe_fixes: true };
        let fixed = fix_text(b"\xEF\xBB\xBF{\"replicaz\": 3}", &options, all, |_| {});
        assert_eq!(
            fixed,
            Some(Fixed {
                text: "\u{feff}{\"replicas\": 3}".into(),
                applied: 1
            })
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
