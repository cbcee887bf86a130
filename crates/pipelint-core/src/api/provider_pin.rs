//! The module's pin of the provider: the `required_providers` entry whose `source` is the
//! official ClickHouse provider, in a `.tf` file (HCL) or a `.tf.json` file (JSON syntax).

use hcl_edit::expr::{Expression, ObjectKey};
use hcl_edit::structure::{Body, Structure};
use serde_json::Value;

use crate::line_index::LineIndex;

/// The `required_providers` entry of the ClickHouse provider found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderPin {
    /// Its `version` constraint as written (`~> 3.25`); `None` when it has none.
    pub constraint: Option<String>,
    /// The 1-based line of the entry (of its `version` when it has one); 0 when unknown.
    pub line: usize,
}

/// Whether a `source` names the official provider: `ClickHouse/clickhouse`, in any case,
/// with or without a registry host (`registry.terraform.io/…`, `registry.opentofu.org/…` or
/// a mirror's).
pub fn is_clickhouse_source(source: &str) -> bool {
    let parts: Vec<&str> = source.trim().split('/').collect();
    let (namespace, name) = match parts.as_slice() {
        [namespace, name] => (namespace, name),
        [host, namespace, name] if host.contains('.') => (namespace, name),
        _ => return false,
    };
    namespace.eq_ignore_ascii_case("clickhouse") && name.eq_ignore_ascii_case("clickhouse")
}

/// The pin in a `.tf` text (`json`: a `.tf.json` text); `None` when the file has none or
/// does not parse (its own lint reports that).
pub fn provider_pin(text: &str, json: bool) -> Option<ProviderPin> {
    if json {
        return json_pin(text);
    }
    let body = hcl_edit::parser::parse_body(text).ok()?;
    let lines = LineIndex::new(text);
    let line = |offset: usize| lines.line_col(text, offset).line;
    blocks(&body, "terraform")
        .flat_map(|terraform| blocks(&terraform.body, "required_providers"))
        .flat_map(|required| required.body.iter())
        .find_map(|structure| {
            let Structure::Attribute(attribute) = structure else {
                return None;
            };
            let Expression::Object(object) = &attribute.value else {
                return None;
            };
            let member = |name: &str| {
                object.iter().find_map(|(key, value)| {
                    let key = match key {
                        ObjectKey::Ident(ident) => ident.as_str(),
                        ObjectKey::Expression(Expression::String(s)) => s.as_str(),
                        ObjectKey::Expression(_) => return None,
                    };
                    match value.expr() {
                        Expression::String(s) if key == name => {
                            let text: String = s.value().to_string();
                            Some((text, hcl_edit::Span::span(value.expr())))
                        }
                        _ => None,
                    }
                })
            };
            let (source, _) = member("source")?;
            if !is_clickhouse_source(&source) {
                return None;
            }
            let version = member("version");
            let at = version
                .as_ref()
                .and_then(|(_, span)| span.clone())
                .or_else(|| hcl_edit::Span::span(&attribute.key))
                .map_or(0, |span| line(span.start));
            Some(ProviderPin {
                constraint: version.map(|(v, _)| v),
                line: at,
            })
        })
}

fn blocks<'b>(
    body: &'b Body,
    ident: &'b str,
) -> impl Iterator<Item = &'b hcl_edit::structure::Block> {
    body.iter().filter_map(move |structure| match structure {
        Structure::Block(block) if block.ident.as_str() == ident => Some(block),
        _ => None,
    })
}

/// Terraform's JSON syntax: `terraform` and `required_providers` are an object or a list
/// of objects.
fn json_pin(text: &str) -> Option<ProviderPin> {
    let value: Value = serde_json::from_str(text).ok()?;
    let each = |value: &Value| -> Vec<Value> {
        match value {
            Value::Array(items) => items.clone(),
            Value::Object(_) => vec![value.clone()],
            _ => Vec::new(),
        }
    };
    for terraform in each(value.get("terraform")?) {
        let Some(required) = terraform.get("required_providers") else {
            continue;
        };
        for providers in each(required) {
            let Some(providers) = providers.as_object() else {
                continue;
            };
            for (name, entry) in providers {
                let source = entry.get("source").and_then(Value::as_str);
                if !source.is_some_and(is_clickhouse_source) {
                    continue;
                }
                let constraint = entry.get("version").and_then(Value::as_str);
                let line = json_line(text, name, constraint);
                return Some(ProviderPin {
                    constraint: constraint.map(str::to_owned),
                    line,
                });
            }
        }
    }
    None
}

/// The line of the constraint (or the entry's key) in the JSON text: the first place it is
/// written after `required_providers`.
fn json_line(text: &str, name: &str, constraint: Option<&str>) -> usize {
    let after = text.find("\"required_providers\"").unwrap_or(0);
    let wanted = match constraint {
        Some(constraint) => serde_json::to_string(constraint).unwrap_or_default(),
        None => serde_json::to_string(name).unwrap_or_default(),
    };
    match text[after..].find(&wanted) {
        Some(at) => LineIndex::new(text).line_col(text, after + at).line,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HCL: &str = r#"terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    clickhouse = {
      source  = "registry.terraform.io/clickhouse/ClickHouse"
      version = "~> 3.25"
    }
  }
}
resource "clickhouse_clickpipe" "a" {}
"#;

    #[test]
    fn the_clickhouse_entry_is_found_in_hcl_with_its_line() {
        assert_eq!(
            provider_pin(HCL, false),
            Some(ProviderPin {
                constraint: Some("~> 3.25".into()),
                line: 10
            })
        );
        let unpinned = "terraform {\n  required_providers {\n    ch = { source = \"ClickHouse/clickhouse\" }\n  }\n}\n";
        assert_eq!(
            provider_pin(unpinned, false),
            Some(ProviderPin {
                constraint: None,
                line: 3
            })
        );
        // Another provider, another namespace, or no terraform block: no pin.
        for none in [
            "terraform {\n  required_providers {\n    clickhouse = { source = \"someone/clickhouse\", version = \"1.0\" }\n  }\n}\n",
            "resource \"clickhouse_clickpipe\" \"a\" {}\n",
            "terraform {",
        ] {
            assert_eq!(provider_pin(none, false), None, "{none}");
        }
    }

    #[test]
    fn the_clickhouse_entry_is_found_in_json_syntax() {
        let text = "{\n  \"terraform\": [{\n    \"required_providers\": {\n      \"clickhouse\": {\n        \"source\": \"ClickHouse/clickhouse\",\n        \"version\": \">= 3.20, < 4.0\"\n      }\n    }\n  }]\n}\n";
        assert_eq!(
            provider_pin(text, true),
            Some(ProviderPin {
                constraint: Some(">= 3.20, < 4.0".into()),
                line: 6
            })
        );
        assert_eq!(provider_pin("{\"resource\": {}}", true), None);
        assert_eq!(provider_pin("not json", true), None);
    }

    #[test]
    fn sources_are_read_in_any_case_with_or_without_a_host() {
        for yes in [
            "ClickHouse/clickhouse",
            "clickhouse/clickhouse",
            "registry.terraform.io/ClickHouse/clickhouse",
            "registry.opentofu.org/clickhouse/clickhouse",
        ] {
            assert!(is_clickhouse_source(yes), "{yes}");
        }
        for no in [
            "hashicorp/clickhouse",
            "clickhouse",
            "a/b/clickhouse/clickhouse",
            "host/clickhouse/clickhouse",
        ] {
            assert!(!is_clickhouse_source(no), "{no}");
        }
    }
}
