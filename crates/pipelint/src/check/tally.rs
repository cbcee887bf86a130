//! The totals of a run, what they print, and the exit code they make.

use std::collections::BTreeMap;

use pipelint_core::Severity;

use super::one::Checked;
use crate::cli::CheckArgs;
use crate::report::FileReport;
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE, console, fix, render, stats};

/// What is kept of the reports once they are written: the totals of the run.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) files: usize,
    pub(super) with_findings: usize,
    pub(super) errors: usize,
    pub(super) warnings: usize,
    pub(super) infos: usize,
    pub(super) failing: bool,
    pub(super) kind_unknown: bool,
    /// A file was checked against the newest snapshot for a newer `api-version`.
    pub(super) api_beyond_known: bool,
    pub(super) per_rule: BTreeMap<(&'static str, &'static str), stats::RuleCount>,
    pub(super) fixable: render::Fixable,
}

impl Tally {
    pub(super) fn add(&mut self, report: &FileReport, unsafe_fixes: bool) {
        self.files += 1;
        self.with_findings += usize::from(!report.diagnostics.is_empty());
        self.failing |= report.diagnostics.iter().any(|d| report.fails(d));
        self.kind_unknown |= report.kind_unknown();
        self.api_beyond_known |= report.api_beyond_known;
        for d in &report.diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
            let count = self.per_rule.entry((d.code(), d.name())).or_default();
            count.findings += 1;
            if render::fixable(d, unsafe_fixes) {
                count.fixable += 1;
                self.fixable.with_fix += 1;
            } else if render::fixable_only_unsafe(d) {
                self.fixable.with_unsafe_fixes += 1;
            }
        }
    }
}

/// What fixing did over the run.
#[derive(Default)]
pub(super) struct FixTally {
    pub(super) applied: usize,
    pub(super) unsafe_left: usize,
    /// The fixed text of stdin, printed once the findings are written.
    pub(super) stdout: Option<Vec<u8>>,
}

impl FixTally {
    /// Counts one file's fixes; returns whether fixing it failed.
    pub(super) fn add(&mut self, checked: &Checked) -> bool {
        self.applied += checked.applied;
        self.unsafe_left += checked.unsafe_left;
        if let Some(text) = &checked.stdout {
            self.stdout = Some(text.clone());
        }
        if let Some(problem) = &checked.fix_problem {
            console::message(problem);
            return true;
        }
        false
    }
}

/// The summary lines on stderr: per-rule statistics, the findings, and what fixing did.
pub(super) fn summarise(args: &CheckArgs, tally: &Tally, fixes: &FixTally) {
    if args.statistics {
        console::to_stderr(&stats::format(&tally.per_rule));
    }
    if !args.quiet && !args.diff {
        // After `--fix`, the line of `fix::summary` says what is left to fix.
        let fixable = if args.fix {
            render::Fixable::default()
        } else {
            tally.fixable
        };
        let summary = render::summary(
            tally.errors,
            tally.warnings,
            tally.infos,
            tally.with_findings,
            tally.files,
            fixable,
        );
        console::to_stderr(&format!("{summary}\n"));
    }
    if !args.quiet && (args.fix || args.diff) {
        let line = fix::summary(fixes.applied, fixes.unsafe_left, args.diff);
        console::to_stderr(&format!("{line}\n"));
    }
}

/// The exit code: 2 for trouble (an input not read, a config or output problem), else 1
/// when a finding fails the run (`--diff`: when a fix would apply), unless `--exit-zero`.
pub(super) fn exit_code(args: &CheckArgs, trouble: bool, tally: &Tally, fixes: &FixTally) -> u8 {
    if trouble {
        EXIT_TROUBLE
    } else if args.diff {
        // `--diff` fails when something would change, like a formatter's check.
        if fixes.applied > 0 && !args.exit_zero {
            EXIT_FINDINGS
        } else {
            EXIT_OK
        }
    } else if tally.failing && !args.exit_zero {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}
