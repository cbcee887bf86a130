//! `pipelint check`: find the inputs, lint them in parallel, apply the config, print one
//! format, and turn the outcome into an exit code.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use std::sync::Arc;

use pipelint_core::{Applicability, DocumentKind, LintResult, Severity};
use pipelint_workspace::{Flags, Prepared, Workspace};
use rayon::prelude::*;

use crate::add_overrides::Adding as AddOverrides;
use crate::cli::CheckArgs;
use crate::config::{FailLevel, Resolver, VersionChoice};
use crate::console;
use crate::files::{self, Found, Selection, Source, Target, Unread};
use crate::fix;
use crate::output::{self, escape::visible};
use crate::render::{self, Style};
use crate::report::FileReport;
use crate::stats;
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};

pub fn check(args: &CheckArgs) -> u8 {
    match run(args) {
        Ok(code) => code,
        Err(message) => {
            console::message(message);
            EXIT_TROUBLE
        }
    }
}

fn run(args: &CheckArgs) -> Result<u8, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
    let mut paths = args.paths.clone();
    if paths.is_empty() {
        paths.push(PathBuf::from(if args.stdin_filename.is_some() {
            "-"
        } else {
            "."
        }));
    }
    if args.stdin_filename.is_some() && !paths.iter().any(|p| p.as_os_str() == "-") {
        return Err("--stdin-filename names the document read from `-`; add `-`".into());
    }
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err("`-` (stdin) can be given once".into());
    }

    let limit = args.max_file_size;
    let resolver = Resolver::for_run(&cwd, args.isolated, &args.config, &args.rules)?;
    let selection = Selection {
        respect_gitignore: !args.no_respect_gitignore,
        force_exclude: args.force_exclude,
        stdin_filename: args.stdin_filename.clone(),
    };
    let pipe = match &args.pipe {
        Some(path) => Some(Arc::new(pipelint_workspace::load_pipe(path, limit)?)),
        None => None,
    };
    let workspace = Workspace::new(
        resolver,
        Flags {
            kind: args.kind.as_deref().and_then(DocumentKind::from_name),
            versions: VersionChoice {
                api: args.api_version,
                stack: args.stack_version,
            },
            show_secrets: args.show_secrets,
            pipe,
            pair: !args.no_pair,
            max_file_size: limit,
        },
    );
    // A walk would find the output file among the inputs: refused before any file is checked
    // (or fixed), not when the walk reaches it.
    if let Some(output) = &args.output_file
        && output.is_file()
        && files::would_check(&paths, &selection, &workspace, &cwd, output)?
    {
        return Err(overwrite_refused(output));
    }
    // Settled before the walk: whether stdin is checked decides where findings go.
    let stdin_target = if paths.iter().any(|p| p.as_os_str() == "-") {
        Some(files::stdin_target(&selection, &workspace, &cwd).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let stdin_checked = stdin_target.as_ref().is_some_and(|s| s.target.is_some());

    // At most one byte over the limit is read: a stream can be endless.
    let mut over_limit = Vec::new();
    let stdin = if stdin_checked {
        let mut bytes = Vec::new();
        match files::read_limited_into(std::io::stdin().lock(), limit, &mut bytes) {
            Ok(()) => Ok(bytes),
            Err(Unread::Failed(e)) => return Err(format!("cannot read stdin: {e}")),
            Err(unread) => {
                over_limit = bytes;
                Err(unread)
            }
        }
    } else {
        Ok(Vec::new())
    };

    // `--fix -` prints the document on stdout (it replaces an editor's buffer, or the file
    // in `--fix - < f > f.new`): fixed, or as it came whatever stopped it from being fixed.
    // The findings go to stderr, as ruff does.
    let fix_stdin = args.fix && !args.diff && paths.iter().any(|p| p.as_os_str() == "-");
    let mut fixed_stdin = None;
    let checked = check_inputs(
        Inputs {
            args,
            cwd: &cwd,
            paths: &paths,
            selection: &selection,
            stdin_target,
            stdin: &stdin,
            fix_stdin,
        },
        &workspace,
        &mut fixed_stdin,
    );
    if fix_stdin {
        let document = match (fixed_stdin, &stdin) {
            (Some(fixed), _) => StdinDocument::Whole(fixed),
            // Read in full but never fixed (the run stopped before it).
            (None, Ok(read)) if stdin_checked => StdinDocument::Whole(read.clone()),
            // Over the limit (what was read, then the rest), or not checked (all of it).
            (None, _) => StdinDocument::Streamed(over_limit),
        };
        if let Err(problem) = document.print() {
            // Both are said: the run's own trouble first.
            if let Err(first) = checked {
                console::message(first);
            }
            return Err(problem);
        }
    }
    checked
}

/// What `check_inputs` needs of the run's set-up.
struct Inputs<'r> {
    args: &'r CheckArgs,
    cwd: &'r Path,
    paths: &'r [PathBuf],
    selection: &'r Selection,
    stdin_target: Option<files::StdinTarget>,
    stdin: &'r Result<Vec<u8>, Unread>,
    /// `--fix -`: stdout is the document, the findings go to stderr.
    fix_stdin: bool,
}

/// The document `--fix -` prints.
enum StdinDocument {
    Whole(Vec<u8>),
    /// These bytes, then what stdin still holds (copied as it comes: it is not read whole).
    Streamed(Vec<u8>),
}

impl StdinDocument {
    fn print(self) -> Result<(), String> {
        let mut stdout = std::io::stdout().lock();
        let written = match self {
            StdinDocument::Whole(bytes) => stdout.write_all(&bytes),
            StdinDocument::Streamed(head) => stdout
                .write_all(&head)
                .and_then(|()| std::io::copy(&mut std::io::stdin().lock(), &mut stdout).map(drop)),
        };
        written
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the document: {e}"))
    }
}

/// Checks (and fixes) every input and reports; `fixed_stdin` gets the text `--fix -`
/// fixed, for the caller to print whatever this returns.
fn check_inputs(
    inputs: Inputs,
    workspace: &Workspace,
    fixed_stdin: &mut Option<Vec<u8>>,
) -> Result<u8, String> {
    let Inputs {
        args,
        cwd,
        paths,
        selection,
        stdin_target,
        stdin,
        fix_stdin,
    } = inputs;
    if args.show_secrets {
        console::message(
            "warning: --show-secrets prints secret values; never use it in CI or shared logs",
        );
    }
    if let Some(output) = &args.output_file {
        // The named files now; what a walk finds, batch by batch before it is checked.
        let named = paths.iter().filter(|p| p.as_os_str() != "-" && !p.is_dir());
        let stdin_path = args.stdin_filename.as_deref();
        if !args.force_exclude
            && named
                .map(PathBuf::as_path)
                .chain(stdin_path)
                .any(|input| same_path(cwd, input, output))
        {
            return Err(overwrite_refused(output));
        }
    }

    let style = style(args);
    let sink = if fix_stdin && args.output_file.is_none() {
        Sink::Stderr(std::io::BufWriter::new(std::io::stderr().lock()))
    } else {
        Sink::open(args.output_file.as_deref())?
    };
    let mut run = Progress {
        args,
        cwd,
        workspace,
        stdin,
        style,
        sink,
        trouble: false,
        targets: 0,
        tally: Tally::default(),
        fixes: FixTally::default(),
        kept: Vec::new(),
        adding: args.add_overrides.then(AddOverrides::default),
    };
    // The walk hands over bounded batches as it goes, and each is checked and written
    // before the next is looked for: memory stays flat however many files there are.
    files::find(
        paths,
        selection,
        workspace,
        cwd,
        stdin_target,
        CHUNK,
        &mut |found| run.batch(found),
    )?;
    let Progress {
        mut sink,
        mut trouble,
        mut tally,
        fixes,
        kept,
        adding,
        targets,
        ..
    } = run;
    if targets == 0 && !trouble && !args.no_errors_on_unmatched {
        return Err(format!(
            "no files to check in {}: directory walks look for {} and the config's `include` \
             and `[kinds]` globs (name files directly, or pass --no-errors-on-unmatched)",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            crate::config::DEFAULT_INCLUDE.join(", ")
        ));
    }
    let streaming = args.output_format.is_streamable();
    if !streaming && !args.diff {
        output::write(args.output_format, &kept, style, &mut sink)
            .map_err(|e| format!("cannot write the findings: {e}"))?;
    }
    sink.finish()?;
    *fixed_stdin = fixes.stdout;
    trouble |= tally.kind_unknown;

    // Suppressions: report overrides that covered nothing, or add them for every finding.
    let walked: Vec<PathBuf> = paths
        .iter()
        .filter(|p| p.is_dir())
        .map(|p| crate::paths::absolute(cwd, p))
        .collect();
    let resolver = workspace.resolver();
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

    Ok(if trouble {
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
    })
}

/// Files linted (in parallel) before their findings are written: the size of the batches
/// the walk hands over.
const CHUNK: usize = 512;

fn overwrite_refused(output: &Path) -> String {
    format!(
        "--output-file {} is one of the inputs; refusing to overwrite it",
        output.display()
    )
}

/// The state of a run while the walk hands over batches of documents.
struct Progress<'r> {
    args: &'r CheckArgs,
    cwd: &'r Path,
    workspace: &'r Workspace,
    stdin: &'r Result<Vec<u8>, Unread>,
    style: Style,
    sink: Sink,
    trouble: bool,
    /// Documents handed over so far.
    targets: usize,
    tally: Tally,
    fixes: FixTally,
    /// The reports of a format that cannot be written file by file.
    kept: Vec<FileReport>,
    adding: Option<AddOverrides>,
}

impl Progress<'_> {
    /// Checks one batch in parallel and writes its findings (streamable formats) in order.
    fn batch(&mut self, found: Found) -> Result<(), String> {
        let Found {
            targets,
            problems,
            notes,
        } = found;
        let args = self.args;
        self.trouble |= !problems.is_empty();
        for problem in &problems {
            console::message(format!("{}: {}", problem.path, problem.reason));
        }
        for note in &notes {
            console::message(note);
        }
        if let Some(output) = &args.output_file
            && targets
                .iter()
                .filter_map(|t| t.source.path())
                .any(|input| same_path(self.cwd, input, output))
        {
            return Err(overwrite_refused(output));
        }
        self.targets += targets.len();
        let check = |target: &Target| check_one(target, args, self.workspace, self.stdin);
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

/// What is kept of the reports once they are written: the totals of the run.
#[derive(Default)]
struct Tally {
    files: usize,
    with_findings: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    failing: bool,
    kind_unknown: bool,
    per_rule: BTreeMap<(&'static str, &'static str), usize>,
    fixable: render::Fixable,
}

impl Tally {
    fn add(&mut self, report: &FileReport, unsafe_fixes: bool) {
        self.files += 1;
        self.with_findings += usize::from(!report.diagnostics.is_empty());
        self.failing |= report.diagnostics.iter().any(|d| report.fails(d));
        self.kind_unknown |= report.kind_unknown();
        for d in &report.diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
            *self.per_rule.entry((d.code(), d.name())).or_default() += 1;
            if render::fixable(d, unsafe_fixes) {
                self.fixable.with_fix += 1;
            } else if render::fixable_only_unsafe(d) {
                self.fixable.with_unsafe_fixes += 1;
            }
        }
    }
}

/// What fixing did over the run.
#[derive(Default)]
struct FixTally {
    applied: usize,
    unsafe_left: usize,
    /// The fixed text of stdin, printed once the findings are written.
    stdout: Option<Vec<u8>>,
}

impl FixTally {
    /// Counts one file's fixes; returns whether fixing it failed.
    fn add(&mut self, checked: &Checked) -> bool {
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

/// Whether two paths name one file: the same file when both exist, else the same absolute
/// spelling (an `--stdin-filename` may name a file not yet saved).
fn same_path(cwd: &Path, a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => crate::paths::absolute(cwd, a) == crate::paths::absolute(cwd, b),
    }
}

/// Where findings go: stdout, or a temporary file beside the target renamed into place at
/// the end, so a failed run never leaves half a file (dropped unfinished, it is removed).
enum Sink {
    /// Buffered: Rust's stdout flushes at every line break, and a pretty-printed report has
    /// one every few bytes (a system call each).
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
    /// For `--fix -`, whose stdout is the fixed text.
    Stderr(std::io::BufWriter<std::io::StderrLock<'static>>),
    File {
        target: PathBuf,
        file: std::io::BufWriter<std::fs::File>,
        /// Removes the temporary file when dropped.
        temporary: tempfile::TempPath,
    },
}

impl Sink {
    fn open(output_file: Option<&Path>) -> Result<Sink, String> {
        let Some(target) = output_file else {
            return Ok(Sink::Stdout(std::io::BufWriter::new(
                std::io::stdout().lock(),
            )));
        };
        Sink::file(target).map_err(|e| format!("--output-file {}: {e}", target.display()))
    }

    /// A temporary file beside `target`, renamed onto it by `finish`.
    fn file(target: &Path) -> std::io::Result<Sink> {
        let (file, temporary) = files::temp_file_beside(target)?.into_parts();
        Ok(Sink::File {
            target: target.to_path_buf(),
            file: std::io::BufWriter::new(file),
            temporary,
        })
    }

    fn finish(self) -> Result<(), String> {
        let what = match &self {
            Sink::File { target, .. } => format!("--output-file {}", target.display()),
            _ => "cannot write the findings".to_owned(),
        };
        self.finish_checked(|_| Ok(()))
            .map_err(|e| format!("{what}: {e}"))
    }

    /// Flushes; a file is synced, passed to `before_rename` (which may refuse) and renamed
    /// onto its target. On every error the temporary file is removed.
    fn finish_checked(
        self,
        before_rename: impl FnOnce(&std::fs::File) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match self {
            Sink::Stdout(mut stdout) => stdout.flush(),
            Sink::Stderr(mut stderr) => stderr.flush(),
            Sink::File {
                target,
                file,
                temporary,
            } => {
                // On every error `temporary` is dropped, which removes the file.
                let file = file.into_inner().map_err(|e| e.into_error())?;
                file.sync_all()?;
                before_rename(&file)?;
                temporary.persist(&target).map_err(|e| e.error)
            }
        }
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(stdout) => stdout.write(bytes),
            Sink::Stderr(stderr) => stderr.write(bytes),
            Sink::File { file, .. } => file.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(stdout) => stdout.flush(),
            Sink::Stderr(stderr) => stderr.flush(),
            Sink::File { file, .. } => file.flush(),
        }
    }
}

/// One checked input: its report, and what fixing it did.
struct Checked {
    report: FileReport,
    applied: usize,
    /// Findings left with a fix only `--unsafe-fixes` applies.
    unsafe_left: usize,
    /// `--diff`: the input's diff (secrets masked).
    diff: Option<String>,
    /// `--fix -`: the text to print on stdout (the input itself when nothing applied).
    stdout: Option<Vec<u8>>,
    /// Why the fixed text could not be written (the run exits 2).
    fix_problem: Option<String>,
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
        }
    }
}

/// Lints one input (fixing it first with `--fix` or `--diff`) as its workspace prepares it.
fn check_one(
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
        return Ok(Checked::of(report(target, args, &prepared, result)));
    }

    let applicability = if args.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    // The same settings as the report, so a rule the config or the flags turn off is not
    // fixed; the result is the lint of the fixed text (linted once, by the fixing).
    let fixed = prepared.fix(bytes, applicability);
    let mut checked = Checked::of(report(target, args, &prepared, fixed.result));
    checked.unsafe_left = fixed.fixes_left;
    if let Some(input_result) = fixed.input_result {
        if args.diff {
            let before = String::from_utf8_lossy(bytes);
            let after = String::from_utf8_lossy(&fixed.text);
            checked.diff = Some(fix::unified_diff(
                &target.name,
                &before,
                &after,
                args.show_secrets,
            ));
            // `--diff` reports nothing but the diff; the findings are those of the input.
            checked.report = report(target, args, &prepared, input_result);
            checked.applied = fixed.applied;
        } else if let Some(path) = target.source.path()
            && let Err(problem) = write_fixed(path, bytes, &fixed.text)
        {
            // Nothing was written: the findings and counts are those of the file as it is.
            checked.unsafe_left = unsafe_fixes(&input_result);
            checked.report = report(target, args, &prepared, input_result);
            checked.fix_problem = Some(format!("{}: {problem}", target.name));
        } else {
            checked.applied = fixed.applied;
        }
    }
    if args.fix && !args.diff && target.source == Source::Stdin {
        checked.stdout = Some(fixed.text);
    }
    Ok(checked)
}

/// How many findings carry a fix only `--unsafe-fixes` applies.
fn unsafe_fixes(result: &LintResult) -> usize {
    let fixes = result.diagnostics.iter().filter_map(|d| d.fix.as_ref());
    fixes
        .filter(|fix| fix.applicability == Applicability::Unsafe)
        .count()
}

/// Replaces `path`'s content with `fixed` atomically: a temporary file beside it (with
/// its permissions) renamed onto it, unless its content is no longer `read`.
fn write_fixed(path: &Path, read: &[u8], fixed: &[u8]) -> Result<(), String> {
    // Through a link, the file it points to is fixed and the link stays.
    let path = path
        .canonicalize()
        .map_err(|e| format!("cannot write the fixes: {e}"))?;
    let permissions = std::fs::metadata(&path)
        .map_err(|e| format!("cannot write the fixes: {e}"))?
        .permissions();
    // The rename would replace a file that may not be written (as root, too): refused, as
    // tools that write in place are refused.
    let writable = !permissions.readonly()
        && match std::fs::OpenOptions::new().write(true).open(&path) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => false,
            Err(e) => return Err(format!("cannot write the fixes: {e}")),
        };
    if !writable {
        return Err("read-only, not fixed (make it writable to apply its fixes)".into());
    }
    write_unless_changed(&path, read, fixed, permissions, || std::fs::read(&path))
}

/// The write of `write_fixed`; `current` reads the file right before the rename (tests
/// change the file there).
fn write_unless_changed(
    path: &Path,
    read: &[u8],
    fixed: &[u8],
    permissions: std::fs::Permissions,
    current: impl FnOnce() -> std::io::Result<Vec<u8>>,
) -> Result<(), String> {
    let mut sink = Sink::file(path).map_err(|e| format!("cannot write the fixes: {e}"))?;
    let changed = std::sync::atomic::AtomicBool::new(false);
    sink.write_all(fixed)
        .and_then(|()| {
            sink.finish_checked(|file| {
                file.set_permissions(permissions)?;
                // Content, not the modification time: a save within the clock's
                // granularity, or a tool that restores times, would go unseen.
                if current()? != read {
                    changed.store(true, std::sync::atomic::Ordering::Relaxed);
                    return Err(std::io::Error::other("changed"));
                }
                Ok(())
            })
        })
        .map_err(|e| {
            if changed.load(std::sync::atomic::Ordering::Relaxed) {
                "the file changed on disk while it was being fixed; nothing was written (run again)"
                    .to_owned()
            } else {
                format!("cannot write the fixes: {e}")
            }
        })
}

/// A lint result (made with `prepared`) as a report: the only place a `FileReport` is made.
fn report(
    target: &Target,
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
    // A clean file's text is never shown: don't keep it (or its line index) for the run.
    let text = if diagnostics.is_empty() {
        String::new()
    } else {
        result.text
    };
    let mut report = FileReport::new(target.name.clone(), text, result.kind, diagnostics, fail_on);
    // The core sees any kind passed in as given with `--kind`; a `[kinds]` glob is not.
    report.kind_reason = kind_reason;
    report
}

/// `pipes/orders.json: checked as create-pipe: <reason>` (for `--explain-kind`).
fn explain_kind(report: &FileReport) -> String {
    let name = &report.path;
    match (report.kind, &report.kind_reason) {
        (Some(kind), Some(reason)) => format!("{name}: checked as `{kind}`: {reason}"),
        (None, Some(reason)) => format!("{name}: kind unknown: {reason}"),
        _ => format!("{name}: no kind: the file is not a JSON document"),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|entry| {
                let entry = entry.unwrap_or_else(|e| panic!("{e}"));
                entry.file_name().to_string_lossy().into_owned()
            })
            .collect();
        names.sort();
        names
    }

    fn open(target: &Path) -> Sink {
        Sink::open(Some(target)).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_output_file_is_written_whole_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        sink.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names_in(dir.path()), ["out.json"]);
        assert_eq!(std::fs::read(&target).unwrap(), b"[]\n");
    }

    /// What `?` does when writing the findings fails (a full disk): the sink is dropped
    /// unfinished. The command-line test with `ulimit -f` makes a real write fail.
    #[test]
    fn an_unfinished_output_file_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("out.json"), "old\n").unwrap_or_else(|e| panic!("{e}"));
        let mut sink = open(&dir.path().join("out.json"));
        sink.write_all(b"half of the fin")
            .unwrap_or_else(|e| panic!("{e}"));
        drop(sink);
        assert_eq!(names_in(dir.path()), ["out.json"]);
        assert_eq!(
            std::fs::read(dir.path().join("out.json")).unwrap(),
            b"old\n"
        );
    }

    #[test]
    fn a_failed_rename_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        // A directory that is not empty cannot be replaced by a file.
        let target = dir.path().join("out");
        std::fs::create_dir_all(target.join("inside")).unwrap_or_else(|e| panic!("{e}"));
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(sink.finish().is_err());
        assert_eq!(names_in(dir.path()), ["out"]);
    }

    #[test]
    fn temporary_names_differ_from_run_to_run() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        // Two at once in one process: a name made from the process id would be shared.
        let first = open(&target);
        let second = open(&target);
        assert_eq!(names_in(dir.path()).len(), 2);
        drop((first, second));
        assert!(names_in(dir.path()).is_empty());
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("p.json");
        std::fs::write(&target, "as read\n").unwrap_or_else(|e| panic!("{e}"));
        let permissions = std::fs::metadata(&target)
            .unwrap_or_else(|e| panic!("{e}"))
            .permissions();
        // The editor saves between the read and the rename.
        let outcome = write_unless_changed(&target, b"as read\n", b"fixed\n", permissions, || {
            std::fs::write(&target, "edited\n")?;
            std::fs::read(&target)
        });
        assert!(
            outcome
                .as_ref()
                .is_err_and(|e| e.contains("changed on disk")),
            "{outcome:?}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"edited\n");
        assert_eq!(names_in(dir.path()), ["p.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn an_unchanged_file_is_replaced_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("p.json");
        std::fs::write(&target, "as read\n").unwrap_or_else(|e| panic!("{e}"));
        let mode = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(&target, mode.clone()).unwrap_or_else(|e| panic!("{e}"));
        write_unless_changed(&target, b"as read\n", b"fixed\n", mode, || {
            std::fs::read(&target)
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&target).unwrap(), b"fixed\n");
        let now = std::fs::metadata(&target).map(|m| m.permissions().mode());
        assert_eq!(now.unwrap() & 0o777, 0o640);
        assert_eq!(names_in(dir.path()), ["p.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep\n").unwrap_or_else(|e| panic!("{e}"));
        // The name the temporary file used to have, known in advance from the process id.
        let planted = dir
            .path()
            .join(format!("out.json.pipelint-{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        sink.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep\n");
        assert_eq!(std::fs::read(&target).unwrap(), b"[]\n");
        assert!(!target.is_symlink());
    }
}
