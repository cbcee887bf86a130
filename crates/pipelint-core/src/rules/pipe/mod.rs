//! Rules for sources, destination, columns, field mappings and the table definition.

super::rule_files! {
    destination_members_on_database_pipe,
    destination_required_members,
    duplicate_column_name,
    duplicate_mapping_destination,
    exactly_one_source,
    iam_role_arn,
    invalid_column_type,
    primary_key_prefix,
    replacing_needs_sorting_key,
    sum_columns_engine,
    unknown_key_column,
    unknown_mapping_destination,
    unmapped_column,
    unsupported_source_kind,
    version_column_engine,
}

pub(crate) mod facts;
