//! The language server, driven as editors drive it: `pipelint lsp` over stdio.

mod client;
mod config;
mod fix_all;
mod framing;
mod nvim;
mod protocol;
mod typing;
