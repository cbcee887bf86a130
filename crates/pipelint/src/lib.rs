//! The `pipelint` command line: argument parsing, reading files, rendering, exit codes.
//! All knowledge lives in `pipelint-core`.

pub mod cli;
pub mod config;
pub mod files;
pub mod long_lines;
pub mod output;
pub mod paths;
pub mod render;
pub mod report;

mod check;
mod commands;
mod init;
mod lsp;
mod stats;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Exit code when nothing at or above the fail level was found.
pub const EXIT_OK: u8 = 0;
/// Exit code when findings were reported.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code for usage errors, unreadable inputs and unknown document kinds.
pub const EXIT_TROUBLE: u8 = 2;

/// Parses the arguments and runs the command; returns the process exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                EXIT_TROUBLE
            } else {
                EXIT_OK
            });
        }
    };
    ExitCode::from(commands::dispatch(cli))
}
