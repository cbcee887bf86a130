//! Benchmark support for pipelint (not published).
//!
//! - [`corpus`]: a deterministic generator of realistic create-pipe bodies of every source
//!   kind, with a chosen share of mistakes (binary `gen-corpus`).
//! - `parse-only` (binary): reads and `serde_json`-parses files, the practical floor that the
//!   whole-process comparison (`bench/compare.sh`) measures pipelint against.
//!
//! (The corpus test lints generated bodies with `pipelint-core`, a dev-dependency only.)

pub mod corpus;
pub mod domains;
pub mod json;
pub mod rng;

pub use corpus::{MISTAKES, Mistake, SourceKind, Spec, generate, generate_with, padded, sample};
