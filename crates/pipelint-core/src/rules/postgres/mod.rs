//! Rules for postgres (see the group list in `rules/mod.rs`).

super::rule_files! {
    duplicate_target_table,
    excluded_sorting_key,
    failover_slot_name,
    setting_minimum,
    slot_name_mode,
    sorting_keys_without_custom,
    table_mappings_empty,
}

const SOURCE: &str = "/source/postgres";
const TABLE_MAPPINGS: &str = "/source/postgres/tableMappings";
const SETTINGS: &str = "/source/postgres/settings";

pub(crate) mod facts;
