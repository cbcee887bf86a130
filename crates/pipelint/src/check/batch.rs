//! Checking the batches the walk hands over, and writing their findings as they come.

use std::io::{IsTerminal, Write};

use rayon::prelude::*;

use super::one::{Checked, check_one, explain_kind};
use super::plan::Plan;
use super::sink::Sink;
use super::tally::{FixTally, Tally};
use crate::add_overrides::Adding as AddOverrides;
use crate::cli::CheckArgs;
use crate::console;
use crate::files::{Found, Target};
use crate::output::{self, escape::visible};
use crate::render::Style;
use crate::report::FileReport;

/// The state of a run while the walk hands over batches of documents.
pub(super) struct Progress<'r> {
    args: &'r CheckArgs,
    plan: &'r Plan,
    style: Style,
    sink: Sink,
    pub(super) trouble: bool,
    /// Documents handed over so far.
    pub(super) targets: usize,
    tally: Tally,
    fixes: FixTally,
    /// The reports of a format that cannot be written file by file.
    kept: Vec<FileReport>,
    adding: Option<AddOverrides>,
}

impl<'r> Progress<'r> {
    /// A run that writes to the plan's sink.
    pub(super) fn start(args: &'r CheckArgs, plan: &'r Plan) -> Result<Progress<'r>, String> {
        Ok(Progress {
            args,
            plan,
            style: style(args),
            sink: plan.sink(args)?,
            trouble: false,
            targets: 0,
            tally: Tally::default(),
            fixes: FixTally::default(),
            kept: Vec::new(),
            adding: args.add_overrides.then(AddOverrides::default),
        })
    }

    /// Writes the findings of a format that is one document (all files at once), and
    /// finishes the output (an output file is renamed into place).
    pub(super) fn finish(self) -> Result<Ran, String> {
        let Progress {
            args,
            style,
            mut sink,
            kept,
            trouble,
            tally,
            fixes,
            adding,
            ..
        } = self;
        if !args.output_format.is_streamable() && !args.diff {
            output::write(args.output_format, &kept, style, &mut sink)
                .map_err(|e| format!("cannot write the findings: {e}"))?;
        }
        sink.finish()?;
        Ok(Ran {
            trouble,
            tally,
            fixes,
            adding,
        })
    }
}

/// What a run did, once its findings are written.
pub(super) struct Ran {
    pub(super) trouble: bool,
    pub(super) tally: Tally,
    pub(super) fixes: FixTally,
    pub(super) adding: Option<AddOverrides>,
}

impl Progress<'_> {
    /// Checks one batch in parallel and writes its findings (streamable formats) in order.
    pub(super) fn batch(&mut self, found: Found) -> Result<(), String> {
        let Found {
            targets,
            problems,
            notes,
            ..
        } = found;
        let args = self.args;
        self.trouble |= !problems.is_empty();
        for problem in &problems {
            console::message(format!("{}: {}", problem.path, problem.reason));
        }
        for note in &notes {
            console::message(note);
        }
        let inputs = targets.iter().filter_map(|t| t.source.path());
        self.plan.refuse_checking_the_output(args, inputs)?;
        self.targets += targets.len();
        let (workspace, stdin) = (&self.plan.workspace, &self.plan.stdin.read);
        let check = |target: &Target| check_one(target, args, workspace, stdin);
        // Indexed parallel iterators keep the input order. One document (an editor's or a
        // hook's run) is checked on this thread: starting the thread pool would cost more.
        let outcomes: Vec<Result<Checked, String>> = if targets.len() > 1 {
            targets.par_iter().map(check).collect()
        } else {
            targets.iter().map(check).collect()
        };
        let mut reports = Vec::with_capacity(outcomes.len());
        let mut diffs = String::new();
        for (target, outcome) in targets.iter().zip(outcomes) {
            match outcome {
                Ok(mut checked) => {
                    self.trouble |= self.fixes.add(&checked);
                    diffs.push_str(&checked.diff.take().unwrap_or_default());
                    if let Some(adding) = &mut self.adding {
                        adding.collect(target, &checked.report);
                    }
                    reports.push(checked.report);
                    reports.append(&mut checked.placed);
                }
                Err(message) => {
                    self.trouble = true;
                    console::message(message);
                }
            }
        }
        for report in &reports {
            self.tally.add(report, args.unsafe_fixes);
            if args.explain_kind {
                console::to_stderr(&format!("{}\n", visible(&explain_kind(report))));
            }
        }
        if args.diff {
            // The diffs are the whole output (to stdout or `--output-file`): findings
            // would be those of text not yet fixed.
            self.sink
                .write_all(diffs.as_bytes())
                .map_err(|e| format!("cannot write the diff: {e}"))?;
        } else if args.output_format.is_streamable() {
            // Flushed per batch, so findings appear as files are checked.
            output::write(args.output_format, &reports, self.style, &mut self.sink)
                .and_then(|()| self.sink.flush())
                .map_err(|e| format!("cannot write the findings: {e}"))?;
        } else {
            // Of a clean file, only JUnit writes anything (a passing test case): the other
            // formats that are one document need only the files with findings.
            let clean_written = args.output_format == output::Format::Junit;
            self.kept.extend(
                reports
                    .into_iter()
                    .filter(|report| clean_written || !report.diagnostics.is_empty()),
            );
        }
        Ok(())
    }
}

fn style(args: &CheckArgs) -> Style {
    let to_terminal = args.output_file.is_none() && std::io::stdout().is_terminal();
    Style {
        color: args.color.resolve(to_terminal),
        width: 100,
        unsafe_fixes: args.unsafe_fixes,
    }
}
