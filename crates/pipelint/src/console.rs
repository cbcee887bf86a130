//! Writing to stdout and stderr without panicking. `println!` and `eprintln!` panic when the
//! stream is closed or full (`pipelint rules | head -1`, `2>/dev/full`); these functions
//! report what they can instead, and remember the failure so that the run exits 2, as
//! `check` does when it cannot write its findings.

use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::output::escape::visible;
use crate::{EXIT_OK, EXIT_TROUBLE};

static WRITE_FAILED: AtomicBool = AtomicBool::new(false);

/// Whether a write to stdout or stderr failed during the run.
pub fn write_failed() -> bool {
    WRITE_FAILED.load(Ordering::Relaxed)
}

/// `pipelint: <message>` on a line of its own on stderr. Messages carry file names and
/// other text from the input: control characters in them are shown as visible stand-ins.
pub fn message(message: impl Display) {
    to_stderr(&format!("pipelint: {}\n", visible(&message.to_string())));
}

/// Text on stderr, as it is.
pub fn to_stderr(text: &str) {
    let mut stderr = std::io::stderr().lock();
    if stderr.write_all(text.as_bytes()).is_err() || stderr.flush().is_err() {
        WRITE_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Text on stdout; the exit code of a command whose output it is.
pub fn to_stdout(text: &str) -> u8 {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => EXIT_OK,
        Err(error) => {
            WRITE_FAILED.store(true, Ordering::Relaxed);
            message(format!("cannot write to stdout: {error}"));
            EXIT_TROUBLE
        }
    }
}
