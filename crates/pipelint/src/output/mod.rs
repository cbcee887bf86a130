//! Every output format, each drawing only from the per-file `FileReport`s.

mod concise;
pub(crate) mod escape;
mod fingerprint;
pub mod full;
mod github;
mod gitlab;
mod json;
mod junit;
mod sarif;

use std::io::{self, Write};

use pipelint_core::{ApiVersion, Axis, Diagnostic, StackVersion};

use crate::render::Style;
use crate::report::FileReport;

pub use fingerprint::fingerprints;

/// The formats of `--output-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Code frames with labels and help (for people).
    Full,
    /// `path:line:col: CODE severity message`, one finding a line (for editors' errorformat).
    Concise,
    /// One JSON array of every finding.
    Json,
    /// One JSON object a line, one a finding.
    JsonLines,
    /// SARIF 2.1.0 (code scanning).
    Sarif,
    /// GitHub Actions workflow commands (annotations on the pull request diff).
    Github,
    /// GitLab Code Quality report.
    Gitlab,
    /// JUnit XML (test report viewers).
    Junit,
}

impl Format {
    /// Whether the format can be written file by file (no enclosing document), so a run
    /// keeps only its totals in memory.
    pub fn is_streamable(self) -> bool {
        matches!(
            self,
            Format::Full | Format::Concise | Format::JsonLines | Format::Github
        )
    }

    /// Whether the format is read by a program rather than a person.
    pub fn is_machine(self) -> bool {
        !matches!(self, Format::Full | Format::Concise)
    }
}

/// Writes every report in `format`.
pub fn write(
    format: Format,
    reports: &[FileReport],
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Full => full::write(reports, style, out),
        Format::Concise => concise::write(reports, style, out),
        Format::Json => json::write(reports, out),
        Format::JsonLines => json::write_lines(reports, out),
        Format::Sarif => sarif::write(reports, out),
        Format::Github => github::write(reports, out),
        Format::Gitlab => gitlab::write(reports, out),
        Format::Junit => junit::write(reports, out),
    }
}

/// The message, then the help on a line of its own when there is one.
fn message_with_help(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\nhelp: {help}", d.message),
        None => d.message.clone(),
    }
}

/// For a finding about API versions (`json`, `json-lines` and SARIF's property bag): the
/// profile in force on the document's axis (`api-version 2025-11`), the first version that
/// accepts what the finding is about and the one that removed it (`2026-04`, same axis), and
/// the newest version pipelint knows on that axis (what `latest` means: pipelint knows the
/// API up to that snapshot).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct VersionProperties {
    profile: String,
    newest_known: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted_from: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    removed_in: Option<&'static str>,
}

impl VersionProperties {
    fn of(d: &Diagnostic) -> Option<VersionProperties> {
        d.versions.map(|v| VersionProperties {
            profile: v.in_force.to_string(),
            newest_known: match v.in_force.axis() {
                Axis::Api => ApiVersion::LATEST.as_str(),
                Axis::Stack => StackVersion::LATEST.as_str(),
            },
            accepted_from: v.accepted_from.map(|v| v.as_str()),
            removed_in: v.removed_in.map(|v| v.as_str()),
        })
    }
}
