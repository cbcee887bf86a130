use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// When `tableDefinition.primaryKey` is a plain list of columns (`"a"`, `"a, b"` or
    /// `"(a, b)"`), it is a prefix of `sortingKey`. Expressions with function calls are not
    /// checked.
    ///
    /// ## Why it matters
    /// The destination database requires the primary key to be a prefix of the sorting key
    /// and refuses to create the table otherwise.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination/tableDefinition
    /// {"sortingKey": ["carrier", "event_time"], "primaryKey": "event_time"}
    /// ```
    ///
    /// ## Fix
    /// Make the primary key the first column(s) of the sorting key: `"primaryKey": "tenant_id"`.
    ///
    /// ```json good kind:create-pipe at:/destination/tableDefinition
    /// {"sortingKey": ["carrier", "event_time"], "primaryKey": "carrier"}
    /// ```
    pub static RULE = {
        code: "PL114",
        name: "primary-key-prefix",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The primary key is not a prefix of the sorting key",
        check: Some(check),
    };
}

const PRIMARY_KEY: &str = "/destination/tableDefinition/primaryKey";
const SORTING_KEY: &str = "/destination/tableDefinition/sortingKey";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(primary) = cx.get_str(PRIMARY_KEY) else {
        return;
    };
    let Some(primary_columns) = plain_columns(primary) else {
        return;
    };
    // Only a list of names says what the sorting key is (another type, or an item of
    // another type, is the schema's finding, or a value not known yet).
    let Some(serde_json::Value::Array(items)) = cx.get(SORTING_KEY) else {
        return;
    };
    if !items.iter().all(serde_json::Value::is_string) {
        return;
    }
    let sorting: Vec<&str> = strings(cx.get(SORTING_KEY)).map(|(_, s)| s).collect();
    if primary_columns.len() <= sorting.len()
        && primary_columns.iter().zip(&sorting).all(|(p, s)| p == s)
    {
        return;
    }
    let prefix = sorting
        .iter()
        .take(primary_columns.len().max(1))
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    out.push(
        cx.at_value(&RULE, PRIMARY_KEY, format!("the primary key `{primary}` is not a prefix of the sorting key"))
            .with_label("not a prefix of the sorting key")
            .with_secondary(cx.value_span(SORTING_KEY), "sorting key given here")
            .with_help(format!(
                "the primary key must be the first column(s) of the sorting key, e.g. `{prefix}`; or reorder `sortingKey`"
            )),
    );
}

/// The column names of a plain list such as `a, b` or `(a, b)`; `None` for expressions.
fn plain_columns(expression: &str) -> Option<Vec<String>> {
    let trimmed = expression.trim();
    let inner = trimmed
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(trimmed);
    let columns: Vec<String> = inner
        .split(',')
        .map(|c| c.trim().trim_matches('`').trim_matches('"').to_owned())
        .collect();
    let plain = columns.iter().all(|c| {
        !c.is_empty()
            && c.chars()
                .next()
                .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
            && c.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '.')
    });
    plain.then_some(columns)
}

#[cfg(test)]
mod tests {
    use super::plain_columns;

    #[test]
    fn reads_plain_lists_only() {
        assert_eq!(
            plain_columns("(a, `b`)"),
            Some(vec!["a".to_owned(), "b".to_owned()])
        );
        assert_eq!(
            plain_columns("tenant_id"),
            Some(vec!["tenant_id".to_owned()])
        );
        assert_eq!(plain_columns("toDate(ts)"), None);
        assert_eq!(plain_columns(""), None);
    }
}
