//! Rules for scaling, settings and members shared by every source (see the group list in `rules/mod.rs`).

use crate::rule::Rule;

pub static RULES: &[&Rule] = &[];
