//! Benchmark support for pipelint (not published).
//!
//! - [`corpus`]: a deterministic generator of realistic create-pipe bodies of every source
//!   kind, with a chosen share of mistakes (binary `gen-corpus`).
//! - `parse-only` (binary): reads and `serde_json`-parses files, the practical floor that the
//!   whole-process comparison (`bench/compare.sh`) measures pipelint against.

pub mod corpus;
pub mod domains;
pub mod json;
pub mod rng;

pub use corpus::{MISTAKES, Mistake, SourceKind, Spec, generate, generate_with, sample};

use std::fs;
use std::path::{Path, PathBuf};

/// Every `*.json` file below `path` (or `path` itself when it is a file), sorted by path, the
/// way `pipelint check` expands directories. Directory symlinks are not followed.
pub fn json_files(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !fs::metadata(path)?.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<(PathBuf, bool)> = Vec::new();
    for entry in fs::read_dir(path)? {
        let entry = entry?;
        let is_dir = entry.file_type()?.is_dir();
        entries.push((entry.path(), is_dir));
    }
    entries.sort();
    for (path, is_dir) in entries {
        if is_dir {
            json_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}
