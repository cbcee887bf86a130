//! Turning the paths on the command line into the documents to check, each with the
//! config that applies to it.
//!
//! Named files are always checked (unless `--force-exclude`); directories are walked with
//! `.gitignore` honoured and only the files the config selects are kept.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pipelint_core::DocumentKind;

use crate::config::{Config, ConfigError, Resolver};
use crate::paths;

/// Where a document's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    Stdin,
}

/// One document to check.
#[derive(Debug)]
pub struct Target {
    pub source: Source,
    /// The name shown in findings.
    pub name: String,
    /// The file name that tells the kind (`orders.pipe.json`); for stdin, that of
    /// `--stdin-filename`.
    pub file_name: Option<String>,
    /// The path the config's globs see; `None` for stdin without `--stdin-filename`.
    pub relative: Option<String>,
    pub config: Arc<Config>,
    /// The kind from `--kind` or the config's `[kinds]` globs.
    pub kind: Option<DocumentKind>,
}

/// A path that yields nothing to check, with the reason; the run exits 2.
#[derive(Debug)]
pub struct PathProblem {
    pub path: String,
    pub reason: String,
}

/// How to find files.
#[derive(Debug, Default)]
pub struct Selection {
    pub respect_gitignore: bool,
    /// Named files must also pass the include and exclude patterns.
    pub force_exclude: bool,
    pub stdin_filename: Option<PathBuf>,
    /// `--kind`, which beats the config's `[kinds]` globs.
    pub kind: Option<DocumentKind>,
}

/// The documents to check, in command-line order (directories sorted), each at most once.
pub struct Found {
    pub targets: Vec<Target>,
    pub problems: Vec<PathProblem>,
}

pub fn find(
    paths: &[PathBuf],
    selection: &Selection,
    resolver: &mut Resolver,
    cwd: &Path,
) -> Result<Found, ConfigError> {
    let mut finder = Finder {
        selection,
        resolver,
        cwd,
        seen: HashSet::new(),
        found: Found {
            targets: Vec::new(),
            problems: Vec::new(),
        },
    };
    for path in paths {
        if path.as_os_str() == "-" {
            finder.stdin()?;
            continue;
        }
        let absolute = paths::absolute(cwd, path);
        match std::fs::metadata(&absolute) {
            Ok(meta) if meta.is_dir() => finder.walk(path)?,
            Ok(_) => finder.file(&absolute, selection.force_exclude)?,
            Err(error) => finder.found.problems.push(PathProblem {
                path: path.display().to_string(),
                reason: error.to_string(),
            }),
        }
    }
    Ok(finder.found)
}

struct Finder<'a> {
    selection: &'a Selection,
    resolver: &'a mut Resolver,
    cwd: &'a Path,
    seen: HashSet<PathBuf>,
    found: Found,
}

impl Finder<'_> {
    fn stdin(&mut self) -> Result<(), ConfigError> {
        let Some(named) = &self.selection.stdin_filename else {
            let config = self.resolver.for_dir(self.cwd)?;
            self.found.targets.push(Target {
                source: Source::Stdin,
                name: "<stdin>".to_owned(),
                file_name: None,
                relative: None,
                kind: self.selection.kind,
                config,
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

    fn file(&mut self, absolute: &Path, filtered: bool) -> Result<(), ConfigError> {
        if !self.seen.insert(absolute.to_path_buf()) {
            return Ok(());
        }
        if let Some(target) = self.target(absolute, filtered)? {
            self.found.targets.push(target);
        }
        Ok(())
    }

    /// The target for a file, or `None` when `filtered` and the config does not select it.
    fn target(&mut self, absolute: &Path, filtered: bool) -> Result<Option<Target>, ConfigError> {
        let config = self.resolver.for_file(absolute)?;
        let relative = config.relative(absolute);
        if filtered && !config.selects(&relative) {
            return Ok(None);
        }
        let name = paths::display_name(self.cwd, absolute);
        let kind = match self.selection.kind {
            Some(kind) => Some(kind),
            None => match config.kind_for(&relative) {
                Ok(kind) => kind,
                Err(reason) => {
                    self.found.problems.push(PathProblem { path: name, reason });
                    return Ok(None);
                }
            },
        };
        Ok(Some(Target {
            source: Source::File(absolute.to_path_buf()),
            name,
            file_name: absolute
                .file_name()
                .map(|n| n.to_string_lossy().into_owned()),
            relative: Some(relative),
            config,
            kind,
        }))
    }

    fn walk(&mut self, dir: &Path) -> Result<(), ConfigError> {
        let respect = self.selection.respect_gitignore;
        let walker = ignore::WalkBuilder::new(paths::absolute(self.cwd, dir))
            .hidden(true)
            .parents(respect)
            .ignore(respect)
            .git_ignore(respect)
            .git_global(respect)
            .git_exclude(respect)
            // Honour .gitignore in a tree that is not (yet) a git repository too.
            .require_git(false)
            .follow_links(false)
            .sort_by_file_name(|a, b| a.cmp(b))
            .build();
        for entry in walker {
            match entry {
                Ok(entry) => {
                    // Links to files are checked; links to directories are not followed.
                    // The walk already knows each entry's type; only a link needs a stat.
                    let is_file = match entry.file_type() {
                        Some(kind) if kind.is_symlink() => entry.path().is_file(),
                        Some(kind) => kind.is_file(),
                        None => false,
                    };
                    if is_file {
                        self.file(&paths::normalize(entry.path()), true)?;
                    }
                }
                Err(error) => self.found.problems.push(PathProblem {
                    path: dir.display().to_string(),
                    reason: error.to_string(),
                }),
            }
        }
        Ok(())
    }
}
