//! Rules for service records (spec 2.8), alone or in a service list.

super::rule_files! {
    invalid_ip_access_source,
    memory_min_above_max,
    unknown_endpoint_protocol,
}
