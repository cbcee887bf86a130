//! `sarif`: SARIF 2.1.0 for code scanning. Hand-written structs: only these few objects of
//! the standard are needed. Columns are 1-based UTF-16 code units (`columnKind`), the JSON
//! pointer is the logical location, and fingerprints ignore line numbers.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use pipelint_core::{Diagnostic, Severity, rules};
use serde::Serialize;

use crate::report::FileReport;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<RuleDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleDescriptor {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    help: Markdown,
    help_uri: String,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Markdown {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    partial_fingerprints: BTreeMap<&'static str, String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<Fix>,
    /// Only for a finding about API versions.
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<super::VersionProperties>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logical_locations: Vec<LogicalLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize, Clone)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogicalLocation {
    fully_qualified_name: String,
    /// A JSON pointer always designates a JSON value.
    kind: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fix {
    description: Text,
    artifact_changes: Vec<ArtifactChange>,
    /// SARIF has no member for it, so it goes in the fix's property bag.
    properties: FixProperties,
}

#[derive(Serialize)]
struct FixProperties {
    /// `safe` (applied by `pipelint check --fix`) or `unsafe` (only with `--unsafe-fixes`).
    applicability: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Text,
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn region(report: &FileReport, span: &std::ops::Range<usize>) -> Region {
    let (start, end) = report.range(span);
    Region {
        start_line: start.line,
        start_column: start.column_utf16,
        end_line: end.line,
        end_column: end.column_utf16,
    }
}

fn result(
    report: &FileReport,
    d: &Diagnostic,
    rule_index: usize,
    fingerprint: String,
) -> SarifResult {
    let artifact = ArtifactLocation {
        uri: uri(&report.path),
    };
    let message = super::message_with_help(d);
    let related = d
        .secondary
        .iter()
        .enumerate()
        .map(|(i, label)| Location {
            id: Some(i + 1),
            physical_location: PhysicalLocation {
                artifact_location: artifact.clone(),
                region: region(report, &label.span),
            },
            logical_locations: Vec::new(),
            message: label.text.clone().map(|text| Text { text }),
        })
        .collect();
    let fixes = d
        .fix
        .iter()
        .map(|fix| Fix {
            description: Text {
                text: fix.title.clone(),
            },
            artifact_changes: vec![ArtifactChange {
                artifact_location: artifact.clone(),
                replacements: vec![Replacement {
                    deleted_region: region(report, &fix.span),
                    inserted_content: Text {
                        text: fix.replacement.clone(),
                    },
                }],
            }],
            properties: FixProperties {
                applicability: fix.applicability.as_str(),
            },
        })
        .collect();
    SarifResult {
        rule_id: d.code(),
        rule_index,
        level: level(d.severity),
        message: Text { text: message },
        locations: vec![Location {
            id: None,
            physical_location: PhysicalLocation {
                artifact_location: artifact,
                region: region(report, &d.primary.span),
            },
            logical_locations: vec![LogicalLocation {
                fully_qualified_name: d.pointer.clone(),
                kind: "value",
            }],
            message: None,
        }],
        related_locations: related,
        partial_fingerprints: BTreeMap::from([("pipelint/v1", fingerprint)]),
        fixes,
        properties: super::VersionProperties::of(d),
    }
}

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let catalog = rules();
    let descriptors = catalog
        .iter()
        .map(|rule| RuleDescriptor {
            id: rule.code,
            name: rule.name,
            short_description: Text {
                text: rule.summary.to_owned(),
            },
            help: Markdown {
                text: rule.summary.to_owned(),
                markdown: rule.documentation(),
            },
            help_uri: rule.url(),
            default_configuration: Configuration {
                level: level(rule.severity),
            },
        })
        .collect();
    let rule_index: HashMap<&str, usize> = catalog
        .iter()
        .enumerate()
        .map(|(i, rule)| (rule.code, i))
        .collect();
    let mut results = Vec::new();
    for report in reports {
        for (d, fingerprint) in report.diagnostics.iter().zip(super::fingerprints(report)) {
            let index = rule_index.get(d.rule.code).copied().unwrap_or_default();
            results.push(result(report, d, index, fingerprint));
        }
    }
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "pipelint",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    rules: descriptors,
                },
            },
            column_kind: "utf16CodeUnits",
            results,
        }],
    };
    serde_json::to_writer_pretty(&mut *out, &log)?;
    writeln!(out)
}

/// The display path as a URI reference: relative paths stay relative (code scanning
/// resolves them against the repository root), absolute ones become `file://` URIs.
fn uri(path: &str) -> String {
    let mut out = String::new();
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte));
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("pipes/a b.pipe.json"), "pipes/a%20b.pipe.json");
        assert_eq!(uri("/tmp/é.json"), "file:///tmp/%C3%A9.json");
    }
}
