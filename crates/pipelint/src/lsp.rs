//! `pipelint lsp`: the language server, which prepares each document through the workspace
//! crate as `pipelint check` prepares its files.

// The server reads a message body of at most `MAX_BODY_BYTES`: enough for `didOpen` of a
// document at the CLI's default size limit even when JSON escaping doubles its text.
const _: () = assert!(pipelint_lsp::MAX_BODY_BYTES > 2 * crate::cli::DEFAULT_MAX_FILE_SIZE);

pub fn run() -> u8 {
    pipelint_lsp::run_stdio()
}
