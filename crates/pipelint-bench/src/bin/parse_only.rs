//! `parse-only PATH...`: the practical floor of a whole-process JSON checker.
//!
//! Expands directories into their `*.json` files (sorted, like `pipelint check`), then reads
//! and parses every file into a `serde_json::Value` on all cores (rayon; set
//! `RAYON_NUM_THREADS=1` for one thread). Nothing else: no spans, no schema, no rules, no
//! output but a count. One file is read, parsed and dropped at a time per thread, so memory
//! does not grow with the corpus beyond the list of paths.
//!
//! Exit code: 0 when every file parsed, 1 when some did not, 2 when a path was unreadable.

use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;

fn main() -> ExitCode {
    let paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        eprintln!("usage: parse-only PATH...");
        return ExitCode::from(2);
    }
    let mut files = Vec::new();
    for path in &paths {
        if let Err(error) = pipelint_bench::json_files(path, &mut files) {
            eprintln!("parse-only: {}: {error}", path.display());
            return ExitCode::from(2);
        }
    }
    let (parsed, failed, unreadable) = files
        .par_iter()
        .map(|path| match std::fs::read(path) {
            Ok(bytes) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
                Ok(value) => {
                    drop(value);
                    (1usize, 0usize, 0usize)
                }
                Err(_) => (0, 1, 0),
            },
            Err(_) => (0, 0, 1),
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    eprintln!(
        "parse-only: {} files: {parsed} parsed, {failed} not JSON, {unreadable} unreadable",
        files.len()
    );
    if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
