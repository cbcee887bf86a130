//! Findings of the loader: the file is not (strict, UTF-8) JSON, or its kind is unknown.

pub mod byte_order_mark;
pub mod duplicate_key;
pub mod empty_document;
pub mod file_too_large;
pub mod invalid_json;
pub mod invalid_utf8;
pub mod nesting_too_deep;
pub mod number_out_of_range;
pub mod unknown_kind;

use crate::rule::Rule;

pub static RULES: &[&Rule] = &[
    &invalid_json::RULE,
    &invalid_utf8::RULE,
    &byte_order_mark::RULE,
    &empty_document::RULE,
    &duplicate_key::RULE,
    &nesting_too_deep::RULE,
    &number_out_of_range::RULE,
    &unknown_kind::RULE,
    &file_too_large::RULE,
];
