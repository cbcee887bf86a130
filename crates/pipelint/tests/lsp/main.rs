//! The language server, driven as editors drive it: `pipelint lsp` over stdio.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod client;
#[path = "../common/mod.rs"]
mod common;
mod config;
mod fix_all;
mod framing;
mod nvim;
mod parity;
mod protocol;
mod typing;
