//! `gen-corpus --seed 42 --count 10000 --mistakes 0.2 --out DIR`
//!
//! Writes `count` create-pipe bodies (`NNNNNN-<kind>-<name>.pipe.json`, the four source kinds
//! in turn; with `--per-dir N`, N to a subfolder `part-NNN/`) and `manifest.tsv` (file, kind,
//! mistake, expected rule) into `DIR`. The same seed gives the same files on every machine.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use pipelint_bench::corpus::{SourceKind, generate_with};
use rayon::prelude::*;

#[derive(Parser)]
#[command(about = "Write a deterministic corpus of realistic pipe definitions")]
struct Args {
    /// Seed of the generator; the same seed gives the same corpus.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// Number of files.
    #[arg(long, default_value_t = 10_000)]
    count: u64,
    /// Share of files with one mistake each, from 0 to 1.
    #[arg(long, default_value_t = 0.2)]
    mistakes: f64,
    /// Make no syntax mistakes (trailing comma, truncation, comment): every file parses.
    /// ajv-cli stops at the first file that is not JSON, so comparisons with it need this.
    #[arg(long)]
    no_syntax_mistakes: bool,
    /// Files per subfolder (`part-000/`, `part-001/`, …), as in a repository that groups its
    /// pipe definitions in folders; 0 writes every file straight into the output directory.
    #[arg(long, default_value_t = 0)]
    per_dir: u64,
    /// Output directory (created if missing).
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !(0.0..=1.0).contains(&args.mistakes) {
        eprintln!("gen-corpus: --mistakes must be between 0 and 1");
        return ExitCode::from(2);
    }
    if let Err(error) = fs::create_dir_all(&args.out) {
        eprintln!("gen-corpus: {}: {error}", args.out.display());
        return ExitCode::from(2);
    }
    let rows: Result<Vec<(String, SourceKind, usize, String)>, String> = (0..args.count)
        .into_par_iter()
        .map(|index| {
            let spec = generate_with(args.seed, index, args.mistakes, |m| {
                !(args.no_syntax_mistakes && m.is_syntax())
            });
            let file = match args.per_dir {
                0 => spec.file_name(),
                n => format!("part-{:03}/{}", index / n, spec.file_name()),
            };
            let path = args.out.join(&file);
            if let Some(parent) = path.parent().filter(|_| args.per_dir > 0) {
                fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            fs::write(&path, &spec.text).map_err(|e| format!("{}: {e}", path.display()))?;
            let mistake = match spec.mistake {
                Some(m) => format!("{}\t{}", m.id, m.rule),
                None => "-\t-".to_owned(),
            };
            Ok((file, spec.kind, spec.text.len(), mistake))
        })
        .collect();
    let rows = match rows {
        Ok(rows) => rows,
        Err(error) => {
            eprintln!("gen-corpus: {error}");
            return ExitCode::from(2);
        }
    };

    let mut manifest = String::from("file\tkind\tmistake\texpected_rule\n");
    for (file, kind, _, mistake) in &rows {
        manifest.push_str(&format!("{file}\t{}\t{mistake}\n", kind.name()));
    }
    let manifest_path = args.out.join("manifest.tsv");
    if let Err(error) = fs::write(&manifest_path, manifest) {
        eprintln!("gen-corpus: {}: {error}", manifest_path.display());
        return ExitCode::from(2);
    }

    let mut sizes: Vec<usize> = rows.iter().map(|r| r.2).collect();
    sizes.sort_unstable();
    let total: usize = sizes.iter().sum();
    let with_mistakes = rows.iter().filter(|r| !r.3.starts_with('-')).count();
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "gen-corpus: {} files in {} (seed {}), {} with a mistake; ",
        rows.len(),
        args.out.display(),
        args.seed,
        with_mistakes
    );
    for kind in SourceKind::ALL {
        let n = rows.iter().filter(|r| r.1 == kind).count();
        let _ = write!(err, "{} {n}, ", kind.name());
    }
    if let (Some(min), Some(max)) = (sizes.first(), sizes.last()) {
        let _ = writeln!(
            err,
            "sizes {min}..{max} bytes (median {}), {:.1} MB in all",
            sizes[sizes.len() / 2],
            total as f64 / 1e6
        );
    } else {
        let _ = writeln!(err, "no files");
    }
    ExitCode::SUCCESS
}
