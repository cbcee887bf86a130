//! Turning the paths on the command line into the list of inputs to check.

use std::fs;
use std::path::{Path, PathBuf};

/// One thing to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    File(PathBuf),
    Stdin,
}

impl Input {
    /// The name shown in diagnostics.
    pub fn display_name(&self) -> String {
        match self {
            Input::File(path) => path.display().to_string(),
            Input::Stdin => "<stdin>".to_owned(),
        }
    }
}

/// A path that could not be turned into inputs, with the reason.
#[derive(Debug)]
pub struct PathProblem {
    pub path: PathBuf,
    pub reason: String,
}

/// Expands the paths: files as given, directories into every `*.json` below them, sorted.
pub fn collect(paths: &[PathBuf]) -> (Vec<Input>, Vec<PathProblem>) {
    let mut inputs = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut inputs, &mut problems),
            Ok(_) => inputs.push(Input::File(path.clone())),
            Err(error) => problems.push(PathProblem {
                path: path.clone(),
                reason: error.to_string(),
            }),
        }
    }
    (inputs, problems)
}

fn walk(dir: &Path, inputs: &mut Vec<Input>, problems: &mut Vec<PathProblem>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            problems.push(PathProblem {
                path: dir.to_path_buf(),
                reason: error.to_string(),
            });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        // Follow no directory symlinks: a link loop must not hang the walk.
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, inputs, problems);
        } else if path.extension().is_some_and(|e| e == "json") {
            inputs.push(Input::File(path));
        }
    }
}
