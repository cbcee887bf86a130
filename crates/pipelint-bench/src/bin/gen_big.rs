//! `gen-big --bytes 1000000 --out FILE`
//!
//! Writes one valid Kafka create-pipe body of at least `--bytes` bytes: the generator's sample
//! body with extra mapped columns (see `corpus::padded`). The size rows of `bench/compare.sh`
//! (1 MB against 10 MB, language-server edits at 100 KB and 1 MB) use it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use pipelint_bench::padded;

#[derive(Parser)]
#[command(about = "Write one valid create-pipe body of a given size")]
struct Args {
    /// Seed of the generator; the same seed and size give the same file.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// Smallest size of the body in bytes.
    #[arg(long)]
    bytes: usize,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = padded(args.seed, args.bytes);
    match std::fs::write(&args.out, &text) {
        Ok(()) => {
            println!("{} {} bytes", args.out.display(), text.len());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gen-big: {}: {error}", args.out.display());
            ExitCode::from(2)
        }
    }
}
