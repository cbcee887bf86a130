//! The destination columns and field mappings of a create body, indexed once per document
//! (`Context::pipe_index`) for the rules that compare them: duplicate, unknown and unmapped
//! names. Each of those rules used to walk the arrays and build its own sets.

use std::collections::HashMap;

use serde_json::Value;

/// Column names and mapping destinations, with where each first stands.
#[derive(Debug, Default)]
pub(crate) struct PipeIndex<'a> {
    /// Whether `destination.columns` is an array (or unknown: present).
    pub columns_given: bool,
    /// `(index, name)` of each destination column that has a string name, in order.
    pub columns: Vec<(usize, &'a str)>,
    /// `(index, destinationField)` of each field mapping that has a string destination.
    pub destinations: Vec<(usize, &'a str)>,
    /// Each column name, with the index where it first stands.
    first_column: HashMap<&'a str, usize>,
    /// Each mapping destination, with the index where it first stands.
    first_destination: HashMap<&'a str, usize>,
    /// Whether a column's name, or a mapping's destination, is unknown (a Terraform
    /// expression): any name may then be a column, or be mapped.
    columns_open: bool,
    destinations_open: bool,
}

impl<'a> PipeIndex<'a> {
    /// The index of the create body `root`.
    pub(crate) fn new(document: &'a crate::document::Document) -> Self {
        let root = &document.value;
        let column_values = root
            .get("destination")
            .and_then(|d| d.get("columns"))
            .and_then(Value::as_array);
        let columns = named(column_values, "name");
        let destinations = named(
            root.get("fieldMappings").and_then(Value::as_array),
            "destinationField",
        );
        let open = |list: &str, member: &str, items: Option<&Vec<Value>>| {
            document.is_unknown(list)
                || (0..items.map_or(0, Vec::len))
                    .any(|i| document.is_unknown(&format!("{list}/{i}/{member}")))
        };
        let columns_open = open("/destination/columns", "name", column_values);
        let destinations_open = open(
            "/fieldMappings",
            "destinationField",
            root.get("fieldMappings").and_then(Value::as_array),
        );
        PipeIndex {
            columns_open,
            destinations_open,
            columns_given: column_values.is_some() || document.is_unknown("/destination/columns"),
            first_column: first_indexes(&columns),
            first_destination: first_indexes(&destinations),
            columns,
            destinations,
        }
    }

    /// Whether `name` is the name of a destination column.
    pub(crate) fn is_column(&self, name: &str) -> bool {
        self.columns_open || self.first_column.contains_key(name)
    }

    /// Whether some field mapping has `name` as its destination.
    pub(crate) fn is_mapped(&self, name: &str) -> bool {
        self.destinations_open || self.first_destination.contains_key(name)
    }

    /// For each column name that repeats an earlier one: its index, the index of the first,
    /// and the name, in order.
    pub(crate) fn column_repeats(&self) -> Vec<(usize, usize, &'a str)> {
        repeats_of(&self.columns, &self.first_column)
    }

    /// For each mapping destination that repeats an earlier one: its index, the index of the
    /// first, and the destination, in order.
    pub(crate) fn destination_repeats(&self) -> Vec<(usize, usize, &'a str)> {
        repeats_of(&self.destinations, &self.first_destination)
    }
}

/// `(index, value of member)` of each item of `items` whose `member` is a string.
fn named<'a>(items: Option<&'a Vec<Value>>, member: &str) -> Vec<(usize, &'a str)> {
    items
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, item)| item.get(member)?.as_str().map(|name| (i, name)))
        .collect()
}

fn first_indexes<'a>(named: &[(usize, &'a str)]) -> HashMap<&'a str, usize> {
    let mut first = HashMap::with_capacity(named.len());
    for &(index, name) in named {
        first.entry(name).or_insert(index);
    }
    first
}

fn repeats_of<'a>(
    named: &[(usize, &'a str)],
    first: &HashMap<&'a str, usize>,
) -> Vec<(usize, usize, &'a str)> {
    // Without a repeat there are as many distinct names as entries: no lookup needed.
    if first.len() == named.len() {
        return Vec::new();
    }
    named
        .iter()
        .filter_map(|&(index, name)| {
            let first = *first.get(name)?;
            (first != index).then_some((index, first, name))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::create_pipe_context;

    #[test]
    fn indexes_columns_and_mappings_with_their_repeats_in_order() {
        let text = r#"{"destination": {"columns": [{"name": "a"}, {"name": "b"}, {"type": "String"},
            {"name": "a"}, {"name": "b"}, {"name": "a"}]},
            "fieldMappings": [{"destinationField": "b"}, {"destinationField": "c"},
            {"destinationField": 1}, {"destinationField": "c"}]}"#;
        let document = crate::load(text.as_bytes()).document.unwrap();
        let cx = create_pipe_context(&document, text);
        let index = cx.pipe_index();
        assert!(index.columns_given);
        assert_eq!(
            index.column_repeats(),
            [(3, 0, "a"), (4, 1, "b"), (5, 0, "a")]
        );
        assert_eq!(index.destinations, [(0, "b"), (1, "c"), (3, "c")]);
        assert_eq!(index.destination_repeats(), [(3, 1, "c")]);
        assert!(index.is_column("b") && !index.is_column("c"));
        assert!(index.is_mapped("c") && !index.is_mapped("a"));
        // Built once: the same index for every rule of the document.
        assert!(std::ptr::eq(index, cx.pipe_index()));
    }

    #[test]
    fn no_columns_array_is_told_apart() {
        let text = r#"{"destination": {"columns": {"name": "a"}}}"#;
        let document = crate::load(text.as_bytes()).document.unwrap();
        let cx = create_pipe_context(&document, text);
        assert!(!cx.pipe_index().columns_given);
        assert!(cx.pipe_index().columns.is_empty());
    }
}
