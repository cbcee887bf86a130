//! The provider's `clickhouse_clickpipe` schema as data: what `terraform validate` knows of
//! each attribute (its type, Required/Optional/Computed, write-only, default) and its
//! validators (value lists, bounds, patterns, conflicts). One JSON file per provider
//! release, read from the provider's source by `provider/extract.py`; the reader checks
//! every attribute against it before the rules see the body.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Deserialize;

/// An attribute's type as the provider declares it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Type {
    String,
    Int,
    Float,
    Bool,
    Object,
    ListObject,
    SetObject,
    ListString,
    SetString,
    Dynamic,
}

impl Type {
    /// Whether values of this type are objects or lists (their stand-in when unknown).
    pub(crate) fn is_collection(self) -> bool {
        !matches!(self, Type::String | Type::Int | Type::Float | Type::Bool)
    }

    /// What Terraform says is required where a value of another type is written.
    pub(crate) fn wanted(self) -> &'static str {
        match self {
            Type::String => "a string is required",
            Type::Int | Type::Float => "a number is required",
            Type::Bool => "a bool is required",
            Type::Object => "an object is required",
            Type::ListObject | Type::SetObject => "a list of objects is required",
            Type::ListString | Type::SetString => "a list of strings is required",
            Type::Dynamic => "any value",
        }
    }
}

/// A pattern a string must match, with the provider's message when it does not.
#[derive(Debug, Deserialize)]
pub(crate) struct Pattern {
    pub(crate) regex: String,
    pub(crate) message: String,
    #[serde(skip)]
    pub(crate) compiled: Option<Regex>,
}

/// One attribute of the schema.
#[derive(Debug, Deserialize)]
pub(crate) struct Attribute {
    #[serde(rename = "type")]
    pub(crate) kind: Type,
    #[serde(default)]
    pub(crate) required: bool,
    #[serde(default)]
    pub(crate) optional: bool,
    #[serde(default)]
    pub(crate) computed: bool,
    #[serde(default)]
    pub(crate) sensitive: bool,
    #[serde(default)]
    pub(crate) one_of: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) between: Option<(f64, f64)>,
    #[serde(default)]
    pub(crate) at_least: Option<f64>,
    #[serde(default)]
    pub(crate) length_at_most: Option<usize>,
    /// Every pattern must match, or with `any_pattern` one of them.
    #[serde(default)]
    pub(crate) patterns: Vec<Pattern>,
    #[serde(default)]
    pub(crate) any_pattern: bool,
    /// Sibling attributes that may not be set beside this one.
    #[serde(default)]
    pub(crate) conflicts_with: Vec<String>,
    /// Sibling attributes that must be set when this one is.
    #[serde(default)]
    pub(crate) also_requires: Vec<String>,
    /// Siblings of which this one or one of them must be set.
    #[serde(default)]
    pub(crate) at_least_one_of: Vec<String>,
    #[serde(default)]
    pub(crate) attributes: Attributes,
}

impl Attribute {
    /// Set only by the provider: configuring it is an error (`state`, `id`).
    pub(crate) fn is_read_only(&self) -> bool {
        self.computed && !self.optional && !self.required
    }
}

/// The attributes of an object, by name.
pub(crate) type Attributes = BTreeMap<String, Attribute>;

/// The schema of provider v3.25.3 (the version the checks were written for).
static V3_25_3: LazyLock<Attributes> = LazyLock::new(|| {
    let mut attributes: Attributes =
        serde_json::from_str(include_str!("provider/schema-3.25.3.json")).unwrap_or_default();
    compile(&mut attributes);
    attributes
});

/// The resource's top-level attributes at the provider version in force.
pub(crate) fn resource() -> &'static Attributes {
    &V3_25_3
}

fn compile(attributes: &mut Attributes) {
    for attribute in attributes.values_mut() {
        for pattern in &mut attribute.patterns {
            pattern.compiled = Regex::new(&pattern.regex).ok();
        }
        compile(&mut attribute.attributes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file that does not parse would leave every attribute unknown to the reader.
    #[test]
    fn the_bundled_schema_reads_and_every_pattern_compiles() {
        let schema = resource();
        assert!(schema.contains_key("source") && schema.contains_key("destination"));
        fn walk(attributes: &Attributes, count: &mut usize) {
            for attribute in attributes.values() {
                *count += 1;
                for pattern in &attribute.patterns {
                    assert!(pattern.compiled.is_some(), "{}", pattern.regex);
                }
                walk(&attribute.attributes, count);
            }
        }
        let mut count = 0;
        walk(schema, &mut count);
        assert!(count > 150, "{count} attributes");
        let replicas = &schema["scaling"].attributes["replicas"];
        assert_eq!(replicas.between, Some((1.0, 10.0)));
        assert!(schema["state"].is_read_only());
    }
}
