//! `parse-only PATH...`: the practical floor of a whole-process JSON checker.
//!
//! Walks the paths one directory at a time (each directory's entries sorted, like
//! `pipelint check`), and reads and parses every `*.json` file into a `serde_json::Value` on
//! all cores (rayon; `RAYON_NUM_THREADS=1` for one thread). Nothing else: no spans, no schema,
//! no rules, no output but a count. Only one directory's listing is held at a time and each
//! file is dropped once parsed, so memory stays flat as the corpus grows.
//!
//! Exit code: 0 when every file parsed, 1 when some did not, 2 when a path was unreadable.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rayon::prelude::*;

#[derive(Default)]
struct Counts {
    parsed: usize,
    failed: usize,
    unreadable: usize,
}

fn parse_files(files: &[PathBuf], counts: &mut Counts) {
    let (parsed, failed, unreadable) = files
        .par_iter()
        .map(|path| match std::fs::read(path) {
            Ok(bytes) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
                Ok(_) => (1usize, 0usize, 0usize),
                Err(_) => (0, 1, 0),
            },
            Err(_) => (0, 0, 1),
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    counts.parsed += parsed;
    counts.failed += failed;
    counts.unreadable += unreadable;
}

fn walk(dir: &Path, counts: &mut Counts) -> std::io::Result<()> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        entries.push((entry.file_name(), entry.file_type()?.is_dir()));
    }
    entries.sort();
    let files: Vec<PathBuf> = entries
        .iter()
        .filter(|(name, is_dir)| {
            !is_dir && Path::new(name).extension().is_some_and(|e| e == "json")
        })
        .map(|(name, _)| dir.join(name))
        .collect();
    parse_files(&files, counts);
    drop(files);
    for (name, is_dir) in entries {
        if is_dir {
            walk(&dir.join(name), counts)?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        eprintln!("usage: parse-only PATH...");
        return ExitCode::from(2);
    }
    let mut counts = Counts::default();
    for path in &paths {
        let result = match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut counts),
            Ok(_) => {
                parse_files(std::slice::from_ref(path), &mut counts);
                Ok(())
            }
            Err(error) => Err(error),
        };
        if let Err(error) = result {
            eprintln!("parse-only: {}: {error}", path.display());
            return ExitCode::from(2);
        }
    }
    eprintln!(
        "parse-only: {} files: {} parsed, {} not JSON, {} unreadable",
        counts.parsed + counts.failed + counts.unreadable,
        counts.parsed,
        counts.failed,
        counts.unreadable
    );
    if counts.unreadable > 0 {
        ExitCode::from(2)
    } else if counts.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
