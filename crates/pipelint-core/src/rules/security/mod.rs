//! Rules that keep credentials out of repositories.

use crate::rule::Rule;

pub mod plaintext_secret;

pub static RULES: &[&Rule] = &[&plaintext_secret::RULE];
