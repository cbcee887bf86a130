//! One input checked: read within the size limit, linted (fixed first with `--fix` or
//! `--diff`) as the workspace prepares it, and made a report.

use pipelint_core::{Applicability, DocumentKind, LintResult};
use pipelint_workspace::{Prepared, Workspace};

use super::sink::write_fixed;
use crate::cli::CheckArgs;
use crate::config::FailLevel;
use crate::files::{Source, Target, Unread};
use crate::fix;
use crate::report::FileReport;

/// One checked input: its report, and what fixing it did.
pub(super) struct Checked {
    pub(super) report: FileReport,
    pub(super) applied: usize,
    /// Findings left with a fix only `--unsafe-fixes` applies.
    pub(super) unsafe_left: usize,
    /// `--diff`: the input's diff (secrets masked).
    pub(super) diff: Option<String>,
    /// `--fix -`: the text to print on stdout (the input itself when nothing applied).
    pub(super) stdout: Option<Vec<u8>>,
    /// Why the fixed text could not be written (the run exits 2).
    pub(super) fix_problem: Option<String>,
    /// For a Terraform plan: the reports of the `.tf` files its findings were placed on.
    pub(super) placed: Vec<FileReport>,
}

impl Checked {
    fn of(report: FileReport) -> Checked {
        Checked {
            report,
            applied: 0,
            unsafe_left: 0,
            diff: None,
            stdout: None,
            fix_problem: None,
            placed: Vec::new(),
        }
    }
}

/// Lints one input (fixing it first with `--fix` or `--diff`) as its workspace prepares it.
pub(super) fn check_one(
    target: &Target,
    args: &CheckArgs,
    workspace: &Workspace,
    stdin: &Result<Vec<u8>, Unread>,
) -> Result<Checked, String> {
    let prepared = workspace.prepare_located(&target.located, target.source.links());
    let read;
    let outcome = match &target.source {
        Source::Stdin => stdin.as_ref(),
        Source::File(path) | Source::Walked(path) => {
            read = prepared.read(path, target.source.links());
            read.as_ref()
        }
    };
    let bytes = match outcome {
        Ok(bytes) => bytes,
        Err(Unread::TooLarge(size)) => {
            let result = prepared.too_large(*size);
            return Ok(Checked::of(report(target, args, &prepared, result)));
        }
        Err(unread) => {
            let reason = unread.reason(prepared.max_file_size());
            return Err(format!("{}: {reason}", target.name));
        }
    };
    if !(args.fix || args.diff) {
        let result = prepared.lint(bytes);
        if result.kind == Some(DocumentKind::TerraformPlan)
            && let Some(checked) = check_plan(target, args, &prepared, bytes)
        {
            return Ok(checked);
        }
        return Ok(Checked::of(report(target, args, &prepared, result)));
    }

    let applicability = if args.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    // The same settings as the report, so a rule the config or the flags turn off is not
    // fixed; the result is the lint of the fixed text (linted once, by the fixing).
    // With `--diff`, each pass's edits are composed into the regions the diff is built from.
    let mut regions: Vec<fix::Region> = Vec::new();
    let fixed = prepared.fix_with(bytes, applicability, |_, chosen| {
        if args.diff {
            let edits: Vec<(std::ops::Range<usize>, usize)> = chosen
                .iter()
                .map(|fix| (fix.span.clone(), fix.replacement.len()))
                .collect();
            regions = fix::compose(&regions, &edits);
        }
        std::ops::ControlFlow::Continue(())
    });
    // An override that covered a finding a fix then removed was used, whatever is reported.
    prepared.note_used(&fixed.result);
    let (mut reported, mut applied, mut unsafe_left) = (fixed.result, 0, fixed.fixes_left);
    let (mut diff, mut fix_problem) = (None, None);
    if let Some(input_result) = fixed.input_result {
        if args.diff {
            let before = String::from_utf8_lossy(bytes);
            let after = String::from_utf8_lossy(&fixed.text);
            diff = Some(fix::unified_diff(
                &target.name,
                &before,
                &after,
                &regions,
                args.show_secrets,
            ));
            // `--diff` reports nothing but the diff; the findings are those of the input.
            reported = input_result;
            applied = fixed.applied;
        } else if let Some(path) = target.source.path()
            && let Err(problem) = write_fixed(path, bytes, &fixed.text)
        {
            // Nothing was written: the findings and counts are those of the file as it is.
            unsafe_left = fixed.input_fixes_left;
            reported = input_result;
            fix_problem = Some(format!("{}: {problem}", target.name));
        } else {
            applied = fixed.applied;
        }
    }
    let checked = Checked {
        report: report(target, args, &prepared, reported),
        applied,
        unsafe_left,
        diff,
        // `--fix -` prints the document, fixed or as it came.
        stdout: (args.fix && !args.diff && target.source == Source::Stdin).then_some(fixed.text),
        fix_problem,
        placed: Vec::new(),
    };
    Ok(checked)
}

/// A Terraform plan linted with the configuration it was made from (`--plan-source`, else
/// the plan's directory or the current one): its findings on the `.tf` lines that declare them, each such file a
/// report of its own after the plan's. `None` when there is no configuration to read.
fn check_plan(
    target: &Target,
    args: &CheckArgs,
    prepared: &Prepared,
    bytes: &[u8],
) -> Option<Checked> {
    let cwd = std::env::current_dir().ok()?;
    let plan_dir = target.source.path().and_then(std::path::Path::parent);
    let root = pipelint_workspace::plan::source_dir(args.plan_source.as_deref(), plan_dir, &cwd)?;
    let sources = pipelint_workspace::plan::sources(&root, &cwd, bytes, prepared.max_file_size());
    let (paths, sources): (Vec<_>, Vec<_>) = sources.into_iter().unzip();
    let linted = prepared.lint_plan(bytes, &sources)?;
    let mut checked = Checked::of(report(target, args, prepared, linted.plan));
    for (index, result) in linted.sources {
        let name = crate::paths::display_name(&cwd, &paths[index]);
        checked
            .placed
            .push(report_named(name, args, prepared, result));
    }
    Some(checked)
}

/// A lint result (made with `prepared`) as a report: the only place a `FileReport` is made.
fn report(
    target: &Target,
    args: &CheckArgs,
    prepared: &Prepared,
    result: LintResult,
) -> FileReport {
    report_named(target.name.clone(), args, prepared, result)
}

/// [`report`] under the name `name`.
fn report_named(
    name: String,
    args: &CheckArgs,
    prepared: &Prepared,
    result: LintResult,
) -> FileReport {
    prepared.note_used(&result);
    let kind_reason = prepared.kind_reason(&result);
    let diagnostics = result.diagnostics;
    let fail_on = args
        .fail_on
        .or(prepared.config().fail_on)
        .unwrap_or(FailLevel::Error)
        .severity();
    // The core keeps no text for a clean file, so none is held for the run.
    let mut report = FileReport::new(name, result.text, result.kind, diagnostics, fail_on);
    // The core sees any kind passed in as given with `--kind`; a `[kinds]` glob is not.
    report.kind_reason = kind_reason;
    report.api_beyond_known = prepared.api_beyond_known();
    report
}

/// `pipes/orders.json: checked as create-pipe: <reason>` (for `--explain-kind`).
pub(super) fn explain_kind(report: &FileReport) -> String {
    let name = &report.path;
    match (report.kind, &report.kind_reason) {
        (Some(kind), Some(reason)) => format!("{name}: checked as `{kind}`: {reason}"),
        (None, Some(reason)) => format!("{name}: kind unknown: {reason}"),
        _ => format!("{name}: no kind: the file is not a JSON document"),
    }
}
