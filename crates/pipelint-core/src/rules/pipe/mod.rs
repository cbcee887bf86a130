//! Rules for sources, destination, columns and table definition.

use crate::rule::Rule;

pub mod invalid_column_type;
pub mod type_grammar;

pub static RULES: &[&Rule] = &[&invalid_column_type::RULE];
