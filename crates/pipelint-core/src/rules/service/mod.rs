//! Rules for service records (spec 2.8), alone or in a service list.

use crate::rule::Rule;

pub mod invalid_ip_access_source;
pub mod memory_min_above_max;
pub mod unknown_endpoint_protocol;

pub static RULES: &[&Rule] = &[
    &memory_min_above_max::RULE,
    &unknown_endpoint_protocol::RULE,
    &invalid_ip_access_source::RULE,
];
