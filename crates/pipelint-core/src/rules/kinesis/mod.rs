//! Rules for kinesis (see the group list in `rules/mod.rs`).

use crate::rule::Rule;

pub static RULES: &[&Rule] = &[];
