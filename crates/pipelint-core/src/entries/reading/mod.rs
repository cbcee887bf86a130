//! Findings of the loader: the file is not (strict, UTF-8) JSON, or its kind is unknown.

super::entry_files! {
    byte_order_mark,
    duplicate_key,
    empty_document,
    file_too_large,
    invalid_json,
    invalid_utf8,
    nesting_too_deep,
    number_out_of_range,
    unknown_kind,
}
