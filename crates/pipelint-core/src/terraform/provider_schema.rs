//! The provider's `clickhouse_clickpipe` schema as data: what `terraform validate` knows of
//! each attribute (its type, Required/Optional/Computed, write-only, default) and its
//! validators (value lists, bounds, patterns, conflicts). One JSON file per bundled provider
//! release that changed it, read from the release's source by `provider/extract.py`; the
//! reader checks every attribute against the schema of the release in force before the
//! rules see the body.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::api::provider::ProviderVersion;
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

/// The schema of each bundled provider release that changed it, read from the release's
/// source by `provider/extract.py` (3.17.2 has 3.17.1's schema, 3.25.3 has 3.23.1's).
static SCHEMAS: LazyLock<[(ProviderVersion, Attributes); 6]> = LazyLock::new(|| {
    [
        (
            ProviderVersion::V3_14_0,
            load(include_str!("provider/schema-3.14.0.json")),
        ),
        (
            ProviderVersion::V3_16_0,
            load(include_str!("provider/schema-3.16.0.json")),
        ),
        (
            ProviderVersion::V3_17_1,
            load(include_str!("provider/schema-3.17.1.json")),
        ),
        (
            ProviderVersion::V3_18_0,
            load(include_str!("provider/schema-3.18.0.json")),
        ),
        (
            ProviderVersion::V3_22_1,
            load(include_str!("provider/schema-3.22.1.json")),
        ),
        (
            ProviderVersion::V3_23_1,
            load(include_str!("provider/schema-3.23.1.json")),
        ),
    ]
});

fn load(json: &str) -> Attributes {
    let mut attributes: Attributes = serde_json::from_str(json).unwrap_or_default();
    compile(&mut attributes);
    attributes
}

/// The resource's top-level attributes at a provider release: the schema of the newest
/// release that changed it, not after this one.
pub(crate) fn resource(version: ProviderVersion) -> &'static Attributes {
    let schemas = &*SCHEMAS;
    schemas
        .iter()
        .rev()
        .find(|(since, _)| *since <= version)
        .map_or(&schemas[0].1, |(_, attributes)| attributes)
}

/// Every attribute-level check of the schema at a provider release, as
/// `(attribute path, check)`: `required`, `one-of`, `between`, `at-least`, `length`,
/// `pattern`, `conflicts-with`, `also-requires`, `at-least-one-of` and `read-only` (a
/// Computed-only attribute). The path joins attribute names with `.` (no list indices:
/// `destination.columns.name`). The fixture test reads its expectations from this list, so a
/// new schema file makes it demand fixtures.
pub(crate) fn attribute_checks(version: ProviderVersion) -> Vec<(String, &'static str)> {
    fn walk(attributes: &Attributes, at: &str, out: &mut Vec<(String, &'static str)>) {
        for (name, attribute) in attributes {
            let path = if at.is_empty() {
                name.clone()
            } else {
                format!("{at}.{name}")
            };
            let checks = [
                ("required", attribute.required),
                ("one-of", attribute.one_of.is_some()),
                ("between", attribute.between.is_some()),
                ("at-least", attribute.at_least.is_some()),
                ("length", attribute.length_at_most.is_some()),
                ("pattern", !attribute.patterns.is_empty()),
                ("conflicts-with", !attribute.conflicts_with.is_empty()),
                ("also-requires", !attribute.also_requires.is_empty()),
                ("at-least-one-of", !attribute.at_least_one_of.is_empty()),
                ("read-only", attribute.is_read_only()),
            ];
            for (check, has) in checks {
                if has {
                    out.push((path.clone(), check));
                }
            }
            walk(&attribute.attributes, &path, out);
        }
    }
    let mut out = Vec::new();
    walk(resource(version), "", &mut out);
    out
}

/// The attribute at `path` (as [`attribute_checks`] writes it) in the schema of a release.
fn attribute_at(version: ProviderVersion, path: &str) -> Option<&'static Attribute> {
    let mut attributes = resource(version);
    let mut found = None;
    for name in path.split('.') {
        let attribute = attributes.get(name)?;
        attributes = &attribute.attributes;
        found = Some(attribute);
    }
    found
}

/// The type of the attribute at `path` (as [`attribute_checks`] writes it) at a release.
pub(crate) fn kind_at(version: ProviderVersion, path: &str) -> Option<Type> {
    attribute_at(version, path).map(|attribute| attribute.kind)
}

/// Whether the schema of a release has the attribute at `path`.
pub(crate) fn has_attribute(version: ProviderVersion, path: &str) -> bool {
    attribute_at(version, path).is_some()
}

/// The value list (`OneOf`) of the attribute at `path` at a release, if it has one.
pub(crate) fn value_list(version: ProviderVersion, path: &str) -> Option<&'static [String]> {
    attribute_at(version, path)?.one_of.as_deref()
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
    fn the_bundled_schemas_read_and_every_pattern_compiles() {
        fn walk(attributes: &Attributes, count: &mut usize) {
            for attribute in attributes.values() {
                *count += 1;
                for pattern in &attribute.patterns {
                    assert!(pattern.compiled.is_some(), "{}", pattern.regex);
                }
                walk(&attribute.attributes, count);
            }
        }
        for &version in ProviderVersion::ALL {
            let schema = resource(version);
            let mut count = 0;
            walk(schema, &mut count);
            assert!(count > 150, "{version:?}: {count} attributes");
            let replicas = &schema["scaling"].attributes["replicas"];
            assert_eq!(replicas.between, Some((1.0, 10.0)));
            assert!(schema["state"].is_read_only());
        }
        // What the releases changed, as the provider-version table says.
        let source = |v: ProviderVersion| &resource(v)["source"].attributes;
        assert!(!source(ProviderVersion::V3_14_0).contains_key("pubsub"));
        assert!(source(ProviderVersion::V3_16_0).contains_key("pubsub"));
        let postgres_methods = |v: ProviderVersion| {
            source(v)["postgres"].attributes["authentication"]
                .one_of
                .clone()
        };
        assert_eq!(
            postgres_methods(ProviderVersion::V3_18_0),
            Some(vec!["basic".to_owned(), "iam_role".to_owned()])
        );
        assert_eq!(
            postgres_methods(ProviderVersion::V3_25_3),
            Some(vec!["basic".to_owned(), "IAM_ROLE".to_owned()])
        );
    }
}
