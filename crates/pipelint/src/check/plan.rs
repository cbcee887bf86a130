//! The plan of a run: the arguments checked and turned into what the walk and the checks
//! need (the inputs, the workspace, stdin), settled before any file is checked.

use std::cell::Cell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pipelint_core::DocumentKind;
use pipelint_workspace::{Flags, Workspace};

use super::sink::Sink;
use crate::cli::CheckArgs;
use crate::config::{Resolver, VersionChoice};
use crate::files::{self, Found, Selection, StdinTarget, Unread};

/// Files linted (in parallel) before their findings are written: the size of the batches
/// the walk hands over.
const CHUNK: usize = 512;

pub(super) struct Plan {
    pub(super) cwd: PathBuf,
    /// The command line's paths (`.` or `-` when it names none).
    pub(super) paths: Vec<PathBuf>,
    selection: Selection,
    pub(super) workspace: Workspace,
    /// The document read from `-`, settled before the walk (whether stdin is checked decides
    /// where findings go); the walk takes it.
    stdin_target: Cell<Option<StdinTarget>>,
    pub(super) stdin: Stdin,
    /// `--fix -`: stdout is the document, the findings go to stderr.
    pub(super) fix_stdin: bool,
}

/// What was read from stdin.
pub(super) struct Stdin {
    /// The document (empty when stdin is not checked), or why it was not read.
    pub(super) read: Result<Vec<u8>, Unread>,
    /// Over the limit: what was read of it (the limit and one byte more).
    over_limit: Vec<u8>,
    /// Whether a document is read from stdin at all.
    checked: bool,
}

impl Plan {
    pub(super) fn new(args: &CheckArgs) -> Result<Plan, String> {
        let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
        let mut paths = args.paths.clone();
        if paths.is_empty() {
            paths.push(PathBuf::from(if args.stdin_filename.is_some() {
                "-"
            } else {
                "."
            }));
        }
        let stdin_count = paths.iter().filter(|p| p.as_os_str() == "-").count();
        if args.stdin_filename.is_some() && stdin_count == 0 {
            return Err("--stdin-filename names the document read from `-`; add `-`".into());
        }
        if stdin_count > 1 {
            return Err("`-` (stdin) can be given once".into());
        }

        let limit = args.max_file_size;
        let resolver = Resolver::for_run(&cwd, args.isolated, &args.config, &args.rules)?;
        let selection = Selection {
            respect_gitignore: !args.no_respect_gitignore,
            force_exclude: args.force_exclude,
            stdin_filename: args.stdin_filename.clone(),
            note_unmatched: args.show_files,
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
                    provider: args.provider_version,
                },
                show_secrets: args.show_secrets,
                pipe,
                pair: !args.no_pair,
                max_file_size: limit,
                // The command line's rule flags (`--select`, ...) act in the resolver.
                rule_levels: Vec::new(),
            },
        );
        let stdin_target = if stdin_count > 0 {
            Some(files::stdin_target(&selection, &workspace, &cwd).map_err(|e| e.to_string())?)
        } else {
            None
        };
        let stdin = Stdin::read(stdin_target.as_ref(), limit)?;
        Ok(Plan {
            cwd,
            paths,
            selection,
            workspace,
            stdin_target: Cell::new(stdin_target),
            stdin,
            // `--fix -` prints the document on stdout (it replaces an editor's buffer, or the
            // file in `--fix - < f > f.new`): fixed, or as it came whatever stopped it from
            // being fixed. The findings go to stderr, as ruff does.
            fix_stdin: args.fix && !args.diff && stdin_count > 0,
        })
    }

    /// Refuses an `--output-file` the run would read, before any file is checked (or fixed):
    /// a file the command line names or `--stdin-filename` names (unless `--force-exclude`
    /// may leave it out), or an existing file a walk would meet.
    pub(super) fn refuse_overwriting_an_input(&self, args: &CheckArgs) -> Result<(), String> {
        let Some(output) = &args.output_file else {
            return Ok(());
        };
        let cwd = &self.cwd;
        let mut named = self
            .paths
            .iter()
            .filter(|p| p.as_os_str() != "-" && !p.is_dir())
            .map(PathBuf::as_path)
            .chain(args.stdin_filename.as_deref());
        let refused = (!args.force_exclude && named.any(|input| same_path(cwd, input, output)))
            || (output.is_file()
                && files::would_check(&self.paths, &self.selection, &self.workspace, cwd, output)?);
        if refused {
            return Err(overwrite_refused(output));
        }
        Ok(())
    }

    /// The same refusal for a file the walk found: one reached through a link to a walked
    /// directory, say, is the output under another name that `would_check` cannot see.
    pub(super) fn refuse_checking_the_output<'a>(
        &self,
        args: &CheckArgs,
        mut inputs: impl Iterator<Item = &'a Path>,
    ) -> Result<(), String> {
        match &args.output_file {
            Some(output) if inputs.any(|input| same_path(&self.cwd, input, output)) => {
                Err(overwrite_refused(output))
            }
            _ => Ok(()),
        }
    }

    /// Where the findings go: `--output-file`, else stdout (stderr for `--fix -`).
    pub(super) fn sink(&self, args: &CheckArgs) -> Result<Sink, String> {
        if self.fix_stdin && args.output_file.is_none() {
            Ok(Sink::stderr())
        } else {
            Sink::open(args.output_file.as_deref())
        }
    }

    /// Finds the inputs and hands them to `each` in bounded batches as the walk goes.
    pub(super) fn walk(
        &self,
        each: &mut dyn FnMut(Found) -> Result<(), String>,
    ) -> Result<(), String> {
        files::find(
            &self.paths,
            &self.selection,
            &self.workspace,
            &self.cwd,
            self.stdin_target.take(),
            CHUNK,
            each,
        )
    }
}

impl Stdin {
    /// Reads the stdin document when one is checked: at most one byte over the limit, as a
    /// stream can be endless.
    fn read(target: Option<&StdinTarget>, limit: u64) -> Result<Stdin, String> {
        let checked = target.is_some_and(|s| s.target.is_some());
        let mut over_limit = Vec::new();
        let read = if checked {
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
        Ok(Stdin {
            read,
            over_limit,
            checked,
        })
    }

    /// Prints the document of `--fix -`: `fixed`, else as it came.
    pub(super) fn print(&self, fixed: Option<Vec<u8>>) -> Result<(), String> {
        let mut stdout = std::io::stdout().lock();
        let written = match (fixed, &self.read) {
            (Some(fixed), _) => stdout.write_all(&fixed),
            // Read in full but never fixed (the run stopped before it).
            (None, Ok(read)) if self.checked => stdout.write_all(read),
            // Over the limit (what was read, then the rest, copied as it comes: it is not
            // read whole), or not checked (all of it).
            (None, _) => stdout
                .write_all(&self.over_limit)
                .and_then(|()| std::io::copy(&mut std::io::stdin().lock(), &mut stdout).map(drop)),
        };
        written
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the document: {e}"))
    }
}

/// Whether two paths name one file: the same file when both exist, else the same absolute
/// spelling (an `--stdin-filename` may name a file not yet saved).
fn overwrite_refused(output: &Path) -> String {
    format!(
        "--output-file {} is one of the inputs; refusing to overwrite it",
        output.display()
    )
}

fn same_path(cwd: &Path, a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => crate::paths::absolute(cwd, a) == crate::paths::absolute(cwd, b),
    }
}
