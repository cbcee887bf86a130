//! `gitlab`: a Code Quality report (the Code Climate subset GitLab reads).
//! https://docs.gitlab.com/ci/testing/code_quality/

use std::io::{self, Write};

use pipelint_core::Severity;
use serde::Serialize;

use crate::report::FileReport;

#[derive(Serialize)]
struct Issue<'a> {
    description: String,
    check_name: &'static str,
    fingerprint: String,
    severity: &'static str,
    location: Location<'a>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: usize,
    end: usize,
}

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let mut issues = Vec::new();
    for report in reports {
        for (d, fingerprint) in report.diagnostics.iter().zip(super::fingerprints(report)) {
            let (start, end) = report.range(&d.primary.span);
            issues.push(Issue {
                description: format!("{} {}: {}", d.code(), d.name(), d.message),
                check_name: d.code(),
                fingerprint,
                severity: match d.severity {
                    Severity::Error => "major",
                    Severity::Warning => "minor",
                    Severity::Info => "info",
                },
                location: Location {
                    path: &report.path,
                    lines: Lines {
                        begin: start.line,
                        end: end.line,
                    },
                },
            });
        }
    }
    serde_json::to_writer_pretty(&mut *out, &issues)?;
    writeln!(out)
}
