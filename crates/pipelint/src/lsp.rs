//! `pipelint lsp`: the language server, which prepares each document through the workspace
//! crate as `pipelint check` prepares its files.

pub fn run() -> u8 {
    pipelint_lsp::run_stdio()
}
