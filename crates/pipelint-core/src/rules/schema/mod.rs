//! Findings of the JSON Schema validation, one rule per kind of constraint.

pub mod invalid_enum_value;
pub mod missing_field;
pub mod out_of_range;
pub mod schema_violation;
pub mod unknown_field;
pub mod wrong_type;

use crate::rule::Rule;

pub static RULES: &[&Rule] = &[
    &wrong_type::RULE,
    &invalid_enum_value::RULE,
    &out_of_range::RULE,
    &missing_field::RULE,
    &unknown_field::RULE,
    &schema_violation::RULE,
];
