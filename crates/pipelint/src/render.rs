//! What the human formats share: the drawing style, the fixable marker and the summary line.
//! The code frames themselves are the `full` format's (`output::full`).

use pipelint_core::{Applicability, Diagnostic};

/// How to draw reports.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub width: usize,
    /// Whether `--fix` would apply unsafe fixes too (`--unsafe-fixes` was given), so
    /// findings with one are marked fixable.
    pub unsafe_fixes: bool,
}

impl Style {
    /// Fixed, colourless style for snapshots and pipes.
    pub const PLAIN: Style = Style {
        color: false,
        width: 100,
        unsafe_fixes: false,
    };
}

/// The marker, as ruff shows it, on a finding `--fix` would fix.
pub const FIXABLE_MARKER: &str = "[*]";

/// Whether `--fix` (with `--unsafe-fixes` when `unsafe_fixes`) would apply the finding's fix.
pub fn fixable(diagnostic: &Diagnostic, unsafe_fixes: bool) -> bool {
    diagnostic
        .fix
        .as_ref()
        .is_some_and(|fix| fix.applicability == Applicability::Safe || unsafe_fixes)
}

/// Whether the finding has a fix only `--fix --unsafe-fixes` applies.
pub fn fixable_only_unsafe(diagnostic: &Diagnostic) -> bool {
    diagnostic
        .fix
        .as_ref()
        .is_some_and(|fix| fix.applicability == Applicability::Unsafe)
}

/// What `--fix` could do for the findings of a run, for the summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixable {
    /// Findings `--fix` would fix (with `--unsafe-fixes`, unsafe ones count too).
    pub with_fix: usize,
    /// Findings only `--fix --unsafe-fixes` would fix (0 when `--unsafe-fixes` was given).
    pub with_unsafe_fixes: usize,
}

/// "3 errors, 1 warning in 2 of 10 files; 2 fixable with `--fix` (1 more with
/// `--unsafe-fixes`)".
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with_findings: usize,
    files: usize,
    fixable: Fixable,
) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if errors + warnings + infos == 0 {
        return format!("no problems in {}", plural(files, "file"));
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "info"));
    }
    let mut line = format!(
        "{} in {files_with_findings} of {}",
        parts.join(", "),
        plural(files, "file")
    );
    match (fixable.with_fix, fixable.with_unsafe_fixes) {
        (0, 0) => {}
        (0, more) => line.push_str(&format!("; {more} fixable with `--fix --unsafe-fixes`")),
        (safe, 0) => line.push_str(&format!("; {safe} fixable with `--fix`")),
        (safe, more) => line.push_str(&format!(
            "; {safe} fixable with `--fix` ({more} more with `--unsafe-fixes`)"
        )),
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixable(with_fix: usize, with_unsafe_fixes: usize) -> Fixable {
        Fixable {
            with_fix,
            with_unsafe_fixes,
        }
    }

    #[test]
    fn the_summary_counts_what_fix_would_fix() {
        assert_eq!(
            summary(2, 1, 0, 1, 3, Fixable::default()),
            "2 errors, 1 warning in 1 of 3 files"
        );
        assert_eq!(
            summary(2, 1, 0, 1, 3, fixable(2, 0)),
            "2 errors, 1 warning in 1 of 3 files; 2 fixable with `--fix`"
        );
        assert_eq!(
            summary(2, 1, 0, 1, 3, fixable(2, 1)),
            "2 errors, 1 warning in 1 of 3 files; 2 fixable with `--fix` (1 more with \
             `--unsafe-fixes`)"
        );
        assert_eq!(
            summary(1, 0, 0, 1, 1, fixable(0, 1)),
            "1 error, 0 warnings in 1 of 1 file; 1 fixable with `--fix --unsafe-fixes`"
        );
        assert_eq!(
            summary(0, 0, 0, 0, 2, fixable(0, 0)),
            "no problems in 2 files"
        );
    }
}
