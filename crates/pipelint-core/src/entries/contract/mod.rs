//! Findings of the JSON Schema validation, one rule per kind of constraint.

super::entry_files! {
    invalid_enum_value,
    missing_field,
    out_of_range,
    schema_violation,
    unknown_field,
    wrong_type,
}
