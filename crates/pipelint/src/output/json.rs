//! `json` and `json-lines`: every finding with its positions in all units, the pointer and
//! the rule's documentation link.

use std::io::{self, Write};

use pipelint_core::{Diagnostic, Label};
use serde::Serialize;

use crate::report::{FileReport, Position};

#[derive(Serialize)]
struct Finding<'a> {
    path: &'a str,
    kind: Option<&'static str>,
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    message: &'a str,
    help: Option<&'a str>,
    /// RFC 6901 pointer to the member the finding is about.
    pointer: &'a str,
    start: Place,
    end: Place,
    label: Option<&'a str>,
    related: Vec<Related<'a>>,
    fix: Option<Fix<'a>>,
    /// Only for a finding about API versions.
    #[serde(skip_serializing_if = "Option::is_none")]
    versions: Option<super::VersionProperties>,
    url: String,
    fingerprint: String,
}

/// 1-based line and column (in characters) and the byte offset.
#[derive(Serialize)]
struct Place {
    line: usize,
    column: usize,
    offset: usize,
}

impl From<Position> for Place {
    fn from(p: Position) -> Self {
        Place {
            line: p.line,
            column: p.column,
            offset: p.offset,
        }
    }
}

#[derive(Serialize)]
struct Related<'a> {
    message: Option<&'a str>,
    start: Place,
    end: Place,
}

#[derive(Serialize)]
struct Fix<'a> {
    title: &'a str,
    replacement: &'a str,
    /// `safe` (applied by `--fix`) or `unsafe` (only with `--unsafe-fixes`).
    applicability: &'static str,
    start: Place,
    end: Place,
}

fn findings(report: &FileReport) -> impl Iterator<Item = Finding<'_>> {
    let fingerprints = super::fingerprints(report);
    report
        .diagnostics
        .iter()
        .zip(fingerprints)
        .map(move |(d, fingerprint)| finding(report, d, fingerprint))
}

fn finding<'a>(report: &'a FileReport, d: &'a Diagnostic, fingerprint: String) -> Finding<'a> {
    let (start, end) = report.range(&d.primary.span);
    let related = |label: &'a Label| {
        let (start, end) = report.range(&label.span);
        Related {
            message: label.text.as_deref(),
            start: start.into(),
            end: end.into(),
        }
    };
    Finding {
        path: &report.path,
        kind: report.kind.map(|k| k.name()),
        code: d.code(),
        name: d.name(),
        severity: d.severity.as_str(),
        message: &d.message,
        help: d.help.as_deref(),
        pointer: &d.pointer,
        start: start.into(),
        end: end.into(),
        label: d.primary.text.as_deref(),
        related: d.secondary.iter().map(related).collect(),
        fix: d.fix.as_ref().map(|fix| {
            let (start, end) = report.range(&fix.span);
            Fix {
                title: &fix.title,
                replacement: &fix.replacement,
                applicability: fix.applicability.as_str(),
                start: start.into(),
                end: end.into(),
            }
        }),
        versions: super::VersionProperties::of(d),
        url: d.url(),
        fingerprint,
    }
}

/// One pretty-printed array.
pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let all: Vec<Finding> = reports.iter().flat_map(findings).collect();
    serde_json::to_writer_pretty(&mut *out, &all)?;
    writeln!(out)
}

/// One compact object a line.
pub fn write_lines(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    for finding in reports.iter().flat_map(findings) {
        serde_json::to_writer(&mut *out, &finding)?;
        writeln!(out)?;
    }
    Ok(())
}
