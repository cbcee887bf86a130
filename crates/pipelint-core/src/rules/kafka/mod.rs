//! Rules for Kafka-type sources (spec 2.7 `kafka`) and its schema registry.

super::rule_files! {
    auth_for_broker,
    brokers_empty,
    brokers_format,
    credentials_for_auth,
    offset_timestamp_format,
    offset_timestamp_ignored,
    offset_timestamp_required,
    pem_certificate,
    private_endpoint_uuid,
    schema_registry_https,
    topics_empty,
    topics_format,
}

/// Pointer of the Kafka source object.
pub(crate) const KAFKA: &str = "/source/kafka";

pub(crate) mod facts;
