use crate::rules::prelude::*;

use crate::clickhouse_type::{self, TypeExpr};

declare_rule! {
    /// ## What it checks
    /// Each `destination.columns[].type` is a valid column type of the destination database:
    /// a base type (`String`, `UInt64`, `Float64`, `Decimal(P, S)`, `DateTime64(p, 'tz')`,
    /// `Enum8('a' = 1)`, `UUID`, geo types, ...) or a wrapper (`Nullable`, `LowCardinality`,
    /// `Array`, `Tuple`, `Map`, `Nested`, `Variant`) with valid arguments: Decimal precision
    /// 1..76 and scale 0..P, DateTime64 precision 0..9, Enum values in range, no `Nullable`
    /// around `Array`, `Map` or `Tuple`, and exact case.
    ///
    /// ## Why it matters
    /// The pipe creates or writes the table with these types; an invalid type fails the
    /// create request or, for an existing table, the first insert.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination
    /// {"columns": [{"name": "id", "type": "Uint64"}, {"name": "tags", "type": "Nullable(Array(String))"}]}
    /// ```
    ///
    /// ## Fix
    /// Use the exact type name (`UInt64`; case slips get an automatic fix) and valid
    /// wrappers (`Array(Nullable(String))`).
    ///
    /// ```json good kind:create-pipe at:/destination
    /// {"columns": [{"name": "id", "type": "UInt64"}, {"name": "tags", "type": "Array(Nullable(String))"}]}
    /// ```
    pub static RULE = {
        code: "PL105",
        name: "invalid-column-type",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A destination column type is not a valid type of the destination database",
        check: Some(check),
        fix: Safe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(columns) = cx.get("/destination/columns").and_then(Value::as_array) else {
        return;
    };
    for (index, column) in columns.iter().enumerate() {
        let Some(text) = column.get("type").and_then(Value::as_str) else {
            continue;
        };
        // Most columns have a plain type name: nothing to parse.
        if clickhouse_type::is_simple_name(text) || is_placeholder(text) {
            continue;
        }
        let pointer = || format!("/destination/columns/{index}/type");
        let expr = match clickhouse_type::parse(text) {
            Ok(expr) => expr,
            Err(error) => {
                let at = error.at.min(text.len());
                let pointer = pointer();
                let span =
                    string_part_span(cx.document, cx.text, &pointer, at..(at + 1).min(text.len()));
                out.push(
                    Diagnostic::new(
                        &RULE,
                        span,
                        &pointer,
                        format!("invalid column type `{text}`: {}", error.message),
                    )
                    .with_label(error.message)
                    .with_help("write a type such as `String`, `Nullable(UInt64)` or `DateTime64(3, 'UTC')`"),
                );
                continue;
            }
        };
        let errors = clickhouse_type::check(&expr);
        let Some(first) = errors.first() else {
            continue;
        };
        let pointer = pointer();
        let fixed = clickhouse_type::render(&expr);
        let only_case = clickhouse_type::check(&reparse(&fixed)).is_empty();
        let name_end = first.at + name_len(&expr, first.at);
        let span = string_part_span(
            cx.document,
            cx.text,
            &pointer,
            first.at..name_end.max(first.at + 1).min(text.len()),
        );
        let mut diagnostic = Diagnostic::new(
            &RULE,
            span,
            &pointer,
            format!("invalid column type `{text}`: {}", first.message),
        )
        .with_label(first.message.clone());
        if only_case {
            diagnostic = diagnostic
                .with_help(format!("type names are case-sensitive: write `{fixed}`"))
                .with_fix(crate::rules::edit::replace_string(
                    cx,
                    &pointer,
                    format!("Replace with `{fixed}`"),
                    fixed,
                ));
        } else {
            diagnostic = diagnostic.with_help(help_for(&expr, first.at));
        }
        out.push(diagnostic);
    }
}

fn reparse(text: &str) -> TypeExpr {
    clickhouse_type::parse(text).unwrap_or(TypeExpr {
        name: String::new(),
        at: 0,
        args: None,
    })
}

/// Length of the type name starting at `at`, for a tight label.
fn name_len(expr: &TypeExpr, at: usize) -> usize {
    if expr.at == at {
        return expr.name.len();
    }
    expr.args
        .iter()
        .flatten()
        .filter_map(|arg| match arg {
            clickhouse_type::Arg::Type(t) | clickhouse_type::Arg::Named(_, t) => {
                Some(name_len(t, at))
            }
            _ => None,
        })
        .find(|&len| len > 0)
        .unwrap_or(0)
}

/// A did-you-mean for an unknown name, or the general form.
fn help_for(expr: &TypeExpr, at: usize) -> String {
    let mut name = None;
    find_name(expr, at, &mut name);
    let known = [
        "String",
        "UInt8",
        "UInt16",
        "UInt32",
        "UInt64",
        "Int8",
        "Int16",
        "Int32",
        "Int64",
        "Float32",
        "Float64",
        "Bool",
        "Date",
        "Date32",
        "DateTime",
        "DateTime64",
        "UUID",
        "Decimal",
        "Nullable",
        "LowCardinality",
        "Array",
        "Map",
        "Tuple",
        "FixedString",
        "IPv4",
        "IPv6",
    ];
    match name.and_then(|n| closest(n, known.iter().copied())) {
        Some(guess) if clickhouse_type::canonical_name(name.unwrap_or_default()).is_none() => {
            format!("did you mean `{guess}`?")
        }
        _ => "see the database's data type reference for the allowed arguments".to_owned(),
    }
}

fn find_name<'e>(expr: &'e TypeExpr, at: usize, found: &mut Option<&'e str>) {
    if expr.at == at {
        *found = Some(&expr.name);
        return;
    }
    for arg in expr.args.iter().flatten() {
        if let clickhouse_type::Arg::Type(t) | clickhouse_type::Arg::Named(_, t) = arg {
            find_name(t, at, found);
        }
    }
}
