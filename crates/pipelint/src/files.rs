//! Turning the paths on the command line into the documents to check, each with the
//! config that applies to it.
//!
//! Named files are always checked (unless `--force-exclude`); directories are walked with
//! `.gitignore` honoured and only the files the config selects are kept. A walk never reads
//! through a symbolic link, and every file pipelint reads goes through [`read_regular`].

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use pipelint_workspace::{Located, Workspace};

use crate::config::ConfigError;
use crate::paths;

pub use pipelint_workspace::read::{
    Links, SIDE_FILE_LIMIT, Unread, read_limited, read_limited_into, read_regular,
};

/// Where a document's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file named on the command line: a symbolic link is followed.
    File(PathBuf),
    /// A file found by a directory walk: read only if it is not a symbolic link.
    Walked(PathBuf),
    Stdin,
}

impl Source {
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::File(path) | Source::Walked(path) => Some(path),
            Source::Stdin => None,
        }
    }

    /// How [`read_regular`] treats a symbolic link at this path.
    pub fn links(&self) -> Links {
        match self {
            Source::Walked(_) => Links::Refuse,
            Source::File(_) | Source::Stdin => Links::Follow,
        }
    }
}

/// One document to check.
#[derive(Debug)]
pub struct Target {
    pub source: Source,
    /// The name shown in findings.
    pub name: String,
    /// Its config, and its path as the config's globs see it (for stdin, the path of
    /// `--stdin-filename`; none without it).
    pub located: Located,
}

/// A path that yields nothing to check, with the reason; the run exits 2.
#[derive(Debug)]
pub struct PathProblem {
    pub path: String,
    pub reason: String,
}

/// How to find files.
#[derive(Debug)]
pub struct Selection {
    pub respect_gitignore: bool,
    /// Named files must also pass the include and exclude patterns.
    pub force_exclude: bool,
    pub stdin_filename: Option<PathBuf>,
    /// Note the `*.json` files a walk passes over because no include pattern matches them
    /// (`--show-files` lists them).
    pub note_unmatched: bool,
}

/// A batch of the documents to check, in command-line order (directories sorted), each at
/// most once, with what was found wrong on the way to them.
#[derive(Default)]
pub struct Found {
    pub targets: Vec<Target>,
    pub problems: Vec<PathProblem>,
    /// What a walk passed over on purpose (symbolic links), one line each for stderr; they
    /// do not change the exit code.
    pub notes: Vec<String>,
    /// The display names of `*.json` files left out only because no include pattern
    /// matches them (when [`Selection::note_unmatched`]).
    pub unmatched: Vec<String>,
}

/// The document read from stdin (`-`), settled before the walk: what is done with the
/// findings depends on whether there is one.
pub struct StdinTarget {
    pub target: Option<Target>,
    problems: Vec<PathProblem>,
}

/// The stdin document of a run whose paths include `-`.
pub fn stdin_target(
    selection: &Selection,
    workspace: &Workspace,
    cwd: &Path,
) -> Result<StdinTarget, ConfigError> {
    let mut finder = Finder::new(selection, workspace, cwd);
    finder.stdin()?;
    Ok(StdinTarget {
        target: finder.found.targets.pop(),
        problems: finder.found.problems,
    })
}

/// Whether a run over `paths` would check the existing file `file`: named on the command
/// line, or met by the walk of a directory that holds it (the walk goes down only the
/// directories towards it, with the same ignore files and filters). Asked before anything is
/// checked, so that `--output-file` naming an input is refused before a file is fixed.
pub fn would_check(
    paths: &[PathBuf],
    selection: &Selection,
    workspace: &Workspace,
    cwd: &Path,
    file: &Path,
) -> Result<bool, String> {
    let wanted = paths::absolute(cwd, file);
    let same = |found: &Path| match (found.canonicalize(), wanted.canonicalize()) {
        (Ok(found), Ok(wanted)) => found == wanted,
        _ => found == wanted,
    };
    let mut finder = Finder::new(selection, workspace, cwd);
    finder.towards = Some(wanted.clone());
    for path in paths.iter().filter(|p| p.as_os_str() != "-") {
        let absolute = paths::absolute(cwd, path);
        if absolute.is_dir() {
            if wanted.starts_with(&absolute) {
                finder.walk(path)?;
            }
        } else if same(&absolute) {
            finder.file(Source::File(absolute), selection.force_exclude)?;
        }
    }
    Ok(finder
        .found
        .targets
        .iter()
        .filter_map(|t| t.source.path())
        .any(same))
}

/// Finds the documents and hands them to `each` in batches of at most `batch` targets as
/// the walk goes (directories are read one at a time), so that no list of the whole tree is
/// ever held. `stdin` (from [`stdin_target`]) takes the place of `-` in `paths`. Stops at
/// the first error, of the config or of `each`.
pub fn find(
    paths: &[PathBuf],
    selection: &Selection,
    workspace: &Workspace,
    cwd: &Path,
    stdin: Option<StdinTarget>,
    batch: usize,
    each: &mut dyn FnMut(Found) -> Result<(), String>,
) -> Result<(), String> {
    let mut stdin = stdin;
    let absolute: Vec<PathBuf> = paths.iter().map(|p| paths::absolute(cwd, p)).collect();
    let mut finder = Finder::new(selection, workspace, cwd);
    finder.batch = Some((batch.max(1), each));
    // Each command-line path with the last place it is given at: one map for the whole
    // run, so telling whether a later path covers a file costs its depth, not the number of
    // paths (pre-commit passes thousands).
    finder.given(
        absolute
            .iter()
            .zip(paths)
            .enumerate()
            .filter(|(_, (_, given))| given.as_os_str() != "-")
            .map(|(index, (absolute, _))| (absolute.clone(), index))
            .collect(),
    );
    for (index, path) in paths.iter().enumerate() {
        finder.current = index;
        if path.as_os_str() == "-" {
            if let Some(StdinTarget { target, problems }) = stdin.take() {
                finder.found.problems.extend(problems);
                finder.found.targets.extend(target);
                finder.flush_if_full()?;
            }
            continue;
        }
        let absolute = &absolute[index];
        match std::fs::metadata(absolute) {
            Ok(meta) if meta.is_dir() => finder.walk(path)?,
            Ok(_) => finder.file(Source::File(absolute.clone()), selection.force_exclude)?,
            Err(error) => finder.found.problems.push(PathProblem {
                path: path.display().to_string(),
                reason: error.to_string(),
            }),
        }
    }
    finder.flush()
}

/// Why a walk stopped.
enum Stop {
    Config(ConfigError),
    /// The consumer of the batches said so.
    Consumer(String),
}

impl From<ConfigError> for Stop {
    fn from(error: ConfigError) -> Stop {
        Stop::Config(error)
    }
}

impl From<Stop> for String {
    fn from(stop: Stop) -> String {
        match stop {
            Stop::Config(error) => error.to_string(),
            Stop::Consumer(message) => message,
        }
    }
}

type Each<'e> = &'e mut dyn FnMut(Found) -> Result<(), String>;

struct Finder<'a, 'e> {
    selection: &'a Selection,
    workspace: &'a Workspace,
    cwd: &'a Path,
    /// The paths already found that a later command-line path may find again. Only those
    /// are kept: a set of every path would grow with the tree.
    seen: HashSet<PathBuf>,
    /// Every command-line path (absolute) with the last index it is given at.
    last_given: HashMap<PathBuf, usize>,
    /// The largest of those indexes: no path after it can find a file again.
    last_index: usize,
    /// The index of the command-line path being looked at.
    current: usize,
    found: Found,
    /// The batch size and where full batches go; `None` keeps everything in `found`.
    batch: Option<(usize, Each<'e>)>,
    /// Walk only the directories on the way to this path (see [`would_check`]).
    towards: Option<PathBuf>,
}

impl<'a, 'e> Finder<'a, 'e> {
    fn new(selection: &'a Selection, workspace: &'a Workspace, cwd: &'a Path) -> Self {
        Finder {
            selection,
            workspace,
            cwd,
            seen: HashSet::new(),
            last_given: HashMap::new(),
            last_index: 0,
            current: 0,
            found: Found::default(),
            batch: None,
            towards: None,
        }
    }

    /// The command-line paths (absolute), each with the last index it is given at.
    fn given(&mut self, last_given: HashMap<PathBuf, usize>) {
        self.last_index = last_given.values().copied().max().unwrap_or(0);
        self.last_given = last_given;
    }

    /// Hands over what was found so far.
    fn flush(&mut self) -> Result<(), String> {
        if let Some((_, each)) = &mut self.batch {
            each(std::mem::take(&mut self.found))?;
        }
        Ok(())
    }

    fn flush_if_full(&mut self) -> Result<(), String> {
        match &self.batch {
            Some((size, _)) if self.found.targets.len() >= *size => self.flush(),
            _ => Ok(()),
        }
    }

    /// Whether a later command-line path names this path or a directory above it.
    fn found_again_later(&self, absolute: &Path) -> bool {
        // Most runs name one path (or this is the last one): then no directory above the
        // file needs hashing and looking up.
        if self.current >= self.last_index {
            return false;
        }
        absolute.ancestors().any(|above| {
            self.last_given
                .get(above)
                .is_some_and(|&index| index > self.current)
        })
    }
}

impl Finder<'_, '_> {
    fn stdin(&mut self) -> Result<(), ConfigError> {
        let Some(named) = &self.selection.stdin_filename else {
            self.found.targets.push(Target {
                source: Source::Stdin,
                name: "<stdin>".to_owned(),
                located: self.workspace.locate_unnamed(self.cwd)?,
            });
            return Ok(());
        };
        let absolute = paths::absolute(self.cwd, named);
        if let Some(mut target) = self.target(&absolute, self.selection.force_exclude)? {
            target.source = Source::Stdin;
            self.found.targets.push(target);
        }
        Ok(())
    }

    fn file(&mut self, source: Source, filtered: bool) -> Result<(), Stop> {
        let Some(absolute) = source.path() else {
            return Ok(());
        };
        if self.seen.contains(absolute) {
            return Ok(());
        }
        if let Some(mut target) = self.target(absolute, filtered)? {
            // Only a file that is checked is remembered: one a walk leaves out (not selected)
            // must still be checked when it is named after the directory.
            if self.found_again_later(absolute) {
                self.seen.insert(absolute.to_path_buf());
            }
            target.source = source;
            self.found.targets.push(target);
            self.flush_if_full().map_err(Stop::Consumer)?;
        }
        Ok(())
    }

    /// The target for a file, or `None` when `filtered` and the config does not select it.
    fn target(&mut self, absolute: &Path, filtered: bool) -> Result<Option<Target>, ConfigError> {
        let located = self.workspace.locate(absolute)?;
        if filtered && !located.selected() {
            if self.selection.note_unmatched && located.unmatched_json() {
                let name = paths::display_name(self.cwd, absolute);
                self.found.unmatched.push(name);
            }
            return Ok(None);
        }
        let name = paths::display_name(self.cwd, absolute);
        if let Err(reason) = located.kind() {
            self.found.problems.push(PathProblem { path: name, reason });
            return Ok(None);
        }
        Ok(Some(Target {
            source: Source::File(absolute.to_path_buf()),
            name,
            located,
        }))
    }

    fn walk(&mut self, dir: &Path) -> Result<(), Stop> {
        let respect = self.selection.respect_gitignore;
        let root = paths::absolute(self.cwd, dir);
        let limit = SIDE_FILE_LIMIT;
        // The `ignore` crate reads the ignore files of the root and of every directory above
        // it before the walk starts, and those of each directory as it enters it. Look at
        // them first: a FIFO would block it, a huge file would fill memory.
        if respect {
            let above = root.canonicalize().unwrap_or_else(|_| root.clone());
            let troubles: Vec<PathProblem> = above
                .ancestors()
                .flat_map(|level| ignore_file_troubles(level, limit, self.cwd))
                .collect();
            if !troubles.is_empty() {
                self.found.problems.extend(troubles);
                self.found.problems.push(PathProblem {
                    path: dir.display().to_string(),
                    reason: NOT_WALKED.to_owned(),
                });
                return Ok(());
            }
        }
        let skipped = Arc::new(Mutex::new(Vec::new()));
        let mut builder = ignore::WalkBuilder::new(&root);
        builder
            .hidden(true)
            .parents(respect)
            .ignore(respect)
            .git_ignore(respect)
            // The global excludes file is found here, without the crate's regex.
            .git_global(false)
            .git_exclude(respect)
            // Honour .gitignore in a tree that is not (yet) a git repository too.
            .require_git(false)
            .follow_links(false);
        if respect && let Some(global) = crate::global_excludes::find() {
            // An unreadable file is skipped, as git skips it.
            let _ = builder.add_ignore(global);
        }
        let walker = builder
            .sort_by_file_name(|a, b| a.cmp(b))
            .filter_entry({
                let skipped = Arc::clone(&skipped);
                let cwd = self.cwd.to_path_buf();
                let towards = self.towards.clone();
                // Called before the walk reads a directory's ignore files.
                move |entry| {
                    if towards
                        .as_ref()
                        .is_some_and(|t| !t.starts_with(entry.path()))
                    {
                        return false;
                    }
                    if !respect || !entry.file_type().is_some_and(|t| t.is_dir()) {
                        return true;
                    }
                    let troubles = ignore_file_troubles(entry.path(), limit, &cwd);
                    if troubles.is_empty() {
                        return true;
                    }
                    if let Ok(mut skipped) = skipped.lock() {
                        skipped.extend(troubles);
                        skipped.push(PathProblem {
                            path: paths::display_name(&cwd, entry.path()),
                            reason: NOT_WALKED.to_owned(),
                        });
                    }
                    false
                }
            })
            .build();
        for entry in walker {
            match entry {
                Ok(entry) => match entry.file_type() {
                    Some(kind) if kind.is_symlink() => self.link(entry.path())?,
                    Some(kind) if kind.is_file() => {
                        self.file(Source::Walked(paths::normalize(entry.path())), true)?;
                    }
                    _ => {}
                },
                Err(error) => self.found.problems.push(PathProblem {
                    path: dir.display().to_string(),
                    reason: error.to_string(),
                }),
            }
        }
        if let Ok(mut skipped) = skipped.lock() {
            self.found.problems.append(&mut skipped);
        }
        Ok(())
    }

    /// A symbolic link met in a walk is not followed, wherever it points: a link to
    /// `~/.netrc` or `/proc/self/environ` must not be printed, and a link that stays in the
    /// tree may still point at a file the walk leaves out on purpose (a git-ignored `.env`),
    /// which is why git stopped following in-tree links too. A link the walk would have
    /// checked, or one to a directory, gets a note; its target is never opened.
    fn link(&mut self, path: &Path) -> Result<(), Stop> {
        let absolute = paths::normalize(path);
        if self.seen.contains(&absolute) {
            return Ok(());
        }
        let what = if self.workspace.locate(&absolute)?.selected() {
            "not checked: a directory walk does not follow symbolic links (name the file to \
             check it)"
        } else if path.is_dir() {
            "not walked: a directory walk does not follow symbolic links"
        } else {
            return Ok(());
        };
        self.found.notes.push(format!(
            "{}: {what}",
            paths::display_name(self.cwd, &absolute)
        ));
        Ok(())
    }
}

/// Why a directory with an ignore file that must not be read is left out: walking it without
/// its ignore rules would check (and print) what its author excluded.
const NOT_WALKED: &str =
    "not walked: an ignore file in it cannot be read (--no-respect-gitignore walks it)";

/// The ignore files in `dir` that the walk must not let the `ignore` crate open: links
/// (git no longer follows them either), FIFOs, devices and files over the size limit.
/// Among them are the files a `.git` file leads it to (a worktree's `commondir` and its
/// `info/exclude`).
fn ignore_file_troubles(dir: &Path, limit: u64, cwd: &Path) -> Vec<PathProblem> {
    let mut troubles = Vec::new();
    // Reports a file that must not be read; returns the content of one that may be, when
    // `wanted` (only a `.git` file's content is used here).
    let mut look = |path: PathBuf, wanted: bool| -> Option<Vec<u8>> {
        let trouble = match path.symlink_metadata() {
            Err(_) => return None,
            Ok(meta) if meta.file_type().is_symlink() => Unread::Link,
            Ok(meta) if !meta.is_file() => Unread::NotRegular,
            Ok(meta) if meta.len() > limit => Unread::TooLarge(Some(meta.len())),
            Ok(_) if !wanted => return None,
            Ok(_) => match read_regular(&path, limit, Links::Refuse) {
                Ok(bytes) => return Some(bytes),
                Err(unread) => unread,
            },
        };
        troubles.push(PathProblem {
            path: paths::display_name(cwd, &path),
            reason: format!("ignore file not read: {}", trouble.reason(limit)),
        });
        None
    };
    look(dir.join(".ignore"), false);
    look(dir.join(".gitignore"), false);
    let git = dir.join(".git");
    // The crate follows a `.git` link; a FIFO or device named `.git` it does not open.
    match git.metadata() {
        Ok(meta) if meta.is_dir() => {
            look(git.join("info").join("exclude"), false);
        }
        Ok(meta) if meta.is_file() => {
            // A worktree or submodule: `gitdir: <path>`, whose `commondir` names the
            // directory holding `info/exclude`. Relative paths are taken as the crate takes
            // them: from the working directory.
            let gitdir = look(git, true).and_then(|bytes| first_line(&bytes));
            if let Some(gitdir) = gitdir.as_deref().and_then(|l| l.strip_prefix("gitdir: ")) {
                let gitdir = Path::new(gitdir);
                if let Some(common) =
                    look(gitdir.join("commondir"), true).and_then(|b| first_line(&b))
                {
                    let common = if common.starts_with('.') {
                        gitdir.join(common)
                    } else {
                        PathBuf::from(common)
                    };
                    look(common.join("info").join("exclude"), false);
                }
            }
        }
        _ => {}
    }
    troubles
}

/// The first line of a small text file.
fn first_line(bytes: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(bytes).ok()?;
    text.lines().next().map(str::to_owned)
}

/// A new file beside `path`, to be renamed over it once written whole: its name is random
/// and it is created exclusively (never through a link planted in its place); dropped
/// unpersisted (a failed write), it is removed. It gets the permissions a plain create would
/// give (0666 less the umask), not tempfile's private 0600, since it becomes the file.
pub fn temp_file_beside(path: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&name).suffix(".pipelint-tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "{}\n";

    fn selection() -> Selection {
        Selection {
            respect_gitignore: true,
            force_exclude: false,
            stdin_filename: None,
            note_unmatched: false,
        }
    }

    fn isolated(cwd: &Path) -> Workspace {
        let resolver = crate::config::Resolver::for_run(cwd, true, &[], &Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
        Workspace::new(resolver, Default::default())
    }

    /// The display names of the batches `find` hands over, with the largest `seen` set.
    fn batches_of(
        cwd: &Path,
        paths: &[&str],
        batch: usize,
        mut during: impl FnMut(usize),
    ) -> Vec<Vec<String>> {
        let workspace = isolated(cwd);
        let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
        let mut batches = Vec::new();
        find(
            &paths,
            &selection(),
            &workspace,
            cwd,
            None,
            batch,
            &mut |found| {
                during(batches.len());
                batches.push(found.targets.into_iter().map(|t| t.name).collect());
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        batches
    }

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for file in files {
            let path = dir.path().join(file);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
            }
            std::fs::write(&path, BODY).unwrap_or_else(|e| panic!("{e}"));
        }
        dir
    }

    #[test]
    fn a_walk_hands_over_bounded_batches_in_order() {
        let names: Vec<String> = (0..10)
            .map(|i| format!("d{}/{i:02}.pipe.json", i / 4))
            .collect();
        let dir = tree(&names.iter().map(String::as_str).collect::<Vec<_>>());
        let batches = batches_of(dir.path(), &["."], 3, |_| {});
        assert!(batches.iter().all(|b| b.len() <= 3), "{batches:?}");
        assert_eq!(batches.concat(), names);
    }

    /// Checking starts before the walk has listed the tree: a file written into a folder
    /// the walk has not reached yet, while the first batch is handed over, is found.
    #[test]
    fn the_walk_feeds_checking_as_it_goes() {
        let dir = tree(&["a/1.pipe.json", "a/2.pipe.json", "b/1.pipe.json"]);
        let root = dir.path().to_path_buf();
        let batches = batches_of(dir.path(), &["."], 2, |handed| {
            if handed == 0 {
                std::fs::write(root.join("b/0.pipe.json"), BODY).unwrap_or_else(|e| panic!("{e}"));
            }
        });
        assert_eq!(
            batches.concat(),
            [
                "a/1.pipe.json",
                "a/2.pipe.json",
                "b/0.pipe.json",
                "b/1.pipe.json"
            ]
        );
    }

    #[test]
    fn a_file_found_twice_is_checked_once() {
        let dir = tree(&["p/a.pipe.json", "p/b.pipe.json", "q/c.pipe.json"]);
        let found = |paths: &[&str]| batches_of(dir.path(), paths, 512, |_| {}).concat();
        assert_eq!(
            found(&["p/b.pipe.json", ".", "p"]),
            ["p/b.pipe.json", "p/a.pipe.json", "q/c.pipe.json"]
        );
        assert_eq!(
            found(&["p", "p/a.pipe.json", "q", "."]),
            ["p/a.pipe.json", "p/b.pipe.json", "q/c.pipe.json"]
        );
    }

    /// Only what a later command-line path may find again is remembered: one directory
    /// walked remembers nothing, however large.
    #[test]
    fn only_paths_a_later_argument_covers_are_remembered() {
        let dir = tree(&["p/a.pipe.json", "p/b.pipe.json", "q/c.pipe.json"]);
        let cwd = dir.path();
        let workspace = isolated(cwd);
        let selection = selection();
        let mut finder = Finder::new(&selection, &workspace, cwd);
        finder.given(HashMap::from([(cwd.join("q"), 1)]));
        finder
            .walk(Path::new("."))
            .unwrap_or_else(|e| panic!("{}", String::from(e)));
        assert_eq!(finder.found.targets.len(), 3);
        assert_eq!(
            finder.seen.into_iter().collect::<Vec<_>>(),
            [cwd.join("q/c.pipe.json")]
        );
    }
}
