//! The `pipelint` command line: argument parsing, reading files, rendering, exit codes.
//! All knowledge lives in `pipelint-core`.

pub mod cli;
pub mod files;
pub mod fix;
pub mod output;
pub mod render;
pub mod report;

/// The config module and path arithmetic live in the workspace crate, shared with the
/// language server; these names keep the CLI's paths to them.
pub use pipelint_workspace::{config, paths};

mod add_overrides;
mod check;
mod commands;
mod console;
mod global_excludes;
mod init;
mod lsp;
mod profiles;
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

/// Parses the arguments and runs the command; returns the process exit code. Output that
/// cannot be written (a closed pipe, a full disk) makes it 2, never a panic.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    ExitCode::from(exit_code(args))
}

/// [`run`] with the exit code as a number, for a host process that exits by itself (the
/// Python package's `pipelint` console script).
pub fn exit_code(args: impl IntoIterator<Item = OsString>) -> u8 {
    let code = match cli::Cli::try_parse_from(args) {
        Ok(cli) => commands::dispatch(cli),
        // Usage errors, and also `--help` and `--version`, which clap reports as errors.
        Err(error) => match error.print() {
            Ok(()) if error.use_stderr() => EXIT_TROUBLE,
            Ok(()) => EXIT_OK,
            Err(write) => {
                console::message(format!("cannot write the usage text: {write}"));
                EXIT_TROUBLE
            }
        },
    };
    if console::write_failed() {
        EXIT_TROUBLE
    } else {
        code
    }
}
