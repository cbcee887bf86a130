//! The language server, driven as editors drive it: `pipelint lsp` over stdio.

mod client;
mod framing;
mod nvim;
mod protocol;
mod typing;
