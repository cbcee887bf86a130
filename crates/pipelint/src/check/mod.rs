//! `pipelint check`: find the inputs, lint them in parallel, apply the config, print one
//! format, and turn the outcome into an exit code.

mod batch;
mod one;
mod plan;
mod show;
mod sink;
mod tally;

use std::path::PathBuf;

use crate::cli::CheckArgs;
use crate::output::escape::visible;
use crate::{EXIT_TROUBLE, console};
use batch::{Progress, Ran};
use plan::Plan;

pub fn check(args: &CheckArgs) -> u8 {
    match run(args) {
        Ok(code) => code,
        Err(message) => {
            console::message(message);
            EXIT_TROUBLE
        }
    }
}

/// Plan, then walk, check and write, then summarise; `--fix -` prints the document last.
fn run(args: &CheckArgs) -> Result<u8, String> {
    let plan = Plan::new(args)?;
    if args.show_files {
        return show::files(&plan);
    }
    if let Some(file) = &args.show_settings {
        return show::settings(&plan, file);
    }
    let mut fixed_stdin = None;
    let outcome = check_inputs(args, &plan, &mut fixed_stdin);
    if plan.fix_stdin
        && let Err(problem) = plan.stdin.print(fixed_stdin)
    {
        // Both are said: the run's own trouble first.
        if let Err(first) = outcome {
            console::message(first);
        }
        return Err(problem);
    }
    outcome
}

/// Walks the inputs, checks (and fixes) each batch, writes the findings and summarises;
/// `fixed_stdin` gets the text `--fix -` fixed, for the caller to print whatever this
/// returns.
fn check_inputs(
    args: &CheckArgs,
    plan: &Plan,
    fixed_stdin: &mut Option<Vec<u8>>,
) -> Result<u8, String> {
    if args.show_secrets {
        console::message(
            "warning: --show-secrets prints secret values; never use it in CI or shared logs",
        );
    }
    plan.refuse_overwriting_an_input(args)?;
    let mut run = Progress::start(args, plan)?;
    // The walk hands over bounded batches as it goes, and each is checked and written
    // before the next is looked for: memory stays flat however many files there are.
    plan.walk(&mut |found| run.batch(found))?;
    if run.targets == 0 && !run.trouble && !args.no_errors_on_unmatched {
        return Err(no_files(&plan.paths));
    }
    let mut ran = run.finish()?;
    *fixed_stdin = ran.fixes.stdout.take();
    summarise(args, plan, ran)
}

/// The lines after the findings (renamed rules, unused overrides, `--add-overrides`, the
/// totals) and the exit code.
fn summarise(args: &CheckArgs, plan: &Plan, ran: Ran) -> Result<u8, String> {
    let Ran {
        mut trouble,
        mut tally,
        fixes,
        adding,
    } = ran;
    trouble |= tally.kind_unknown;
    let cwd = &plan.cwd;

    // Suppressions: report overrides that covered nothing, or add them for every finding.
    let walked: Vec<PathBuf> = plan
        .paths
        .iter()
        .filter(|p| p.is_dir())
        .map(|p| crate::paths::absolute(cwd, p))
        .collect();
    let shown = |path: &std::path::Path| crate::paths::display_name(cwd, path);
    for line in plan.workspace.pin_warnings(shown) {
        console::to_stderr(&format!("{}\n", visible(&line)));
    }
    let resolver = plan.workspace.resolver();
    for line in resolver.inline_renamed_rules(cwd) {
        console::to_stderr(&format!("{}\n", visible(&line)));
    }
    for config in resolver.loaded() {
        for line in config.renamed_rules(cwd) {
            console::to_stderr(&format!("{}\n", visible(&line)));
        }
        for line in config.unused_overrides(&walked, cwd) {
            console::to_stderr(&format!("{}\n", visible(&line)));
        }
    }
    if let Some(adding) = adding {
        if adding.skipped > 0 {
            trouble = true;
            console::message(format!(
                "--add-overrides: {} findings are in files no config entry can name (stdin \
                 without --stdin-filename, or outside the config's directory)",
                adding.skipped
            ));
        }
        adding.write(cwd)?.into_iter().for_each(console::message);
        tally.failing = false;
    }

    tally::summarise(args, &tally, &fixes);
    Ok(tally::exit_code(args, trouble, &tally, &fixes))
}

/// The error of a run that found nothing to check.
fn no_files(paths: &[PathBuf]) -> String {
    format!(
        "no files to check in {}: directory walks look for {} and the config's `include` \
         and `[kinds]` globs (name files directly, list the JSON files a walk passes over \
         with --show-files, or pass --no-errors-on-unmatched)",
        paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        crate::config::DEFAULT_INCLUDE.join(", ")
    )
}
