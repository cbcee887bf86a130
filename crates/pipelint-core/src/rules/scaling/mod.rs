//! Rules for scaling, settings and members shared by every source (see the group list in
//! `rules/mod.rs`).
//!
//! The scaling rules run on create bodies (`scaling`) and on scaling patches. A patch does
//! not say which pipe it scales; with `pipelint check --pipe <create body>` the context
//! carries that body, and the same logic applies to the patch.

super::rule_files! {
    cdc_memory_per_core,
    deprecated_concurrency,
    empty_optional_string,
    empty_scaling_patch,
    empty_settings,
    insert_bytes_server_range,
    scaling_for_source,
    scaling_on_postgres,
    setting_for_source,
}

pub(crate) mod facts;
