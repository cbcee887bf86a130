//! `pipelint profiles`: every bundled API version and analytics-stack release, and what each
//! adds or removes relative to the one before, read from the core's one table of changes.

use pipelint_core::{ApiVersion, Axis, Change, DocumentKind, StackVersion, Version, What};
use serde::Serialize;

use crate::EXIT_TROUBLE;
use crate::cli::ListFormat;
use crate::console;

#[derive(Serialize)]
struct ProfileEntry {
    /// `api-version` or `stack-version`.
    setting: &'static str,
    version: &'static str,
    /// The contract's version, in force when nothing is set.
    default: bool,
    /// What `latest` means.
    latest: bool,
    /// The document kinds the setting applies to.
    kinds: Vec<&'static str>,
    /// What this version accepts that the one before did not.
    adds: Vec<ChangeEntry>,
    /// What this version no longer accepts.
    removes: Vec<ChangeEntry>,
}

#[derive(Serialize)]
struct ChangeEntry {
    kinds: Vec<&'static str>,
    /// JSON pointer patterns; `*` stands for any one token.
    #[serde(rename = "where")]
    at: Vec<&'static str>,
    /// `value`, `value-with`, `member`, `raised-bound`, `required` or `document`.
    what: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'static str>,
    /// For a value allowed only beside another member's value: that member and value
    /// (`type: gcmk`).
    #[serde(skip_serializing_if = "Option::is_none")]
    with: Option<String>,
    /// For a raised bound: the maximum before and from this version.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<f64>,
    /// Why it needs more than the version (a preview or a feature flag).
    preview: Option<&'static str>,
}

impl ChangeEntry {
    fn of(change: &Change) -> ChangeEntry {
        let mut with = None;
        let (what, value, from, to) = match change.what {
            What::Value(value) => ("value", Some(value), None, None),
            What::ValueWith { value, member, is } => {
                with = Some(format!("{member}: {is}"));
                ("value-with", Some(value), None, None)
            }
            What::Member => ("member", None, None, None),
            What::Raised { from, to } => ("raised-bound", None, Some(from), Some(to)),
            What::Required => ("required", None, None, None),
            What::Document => ("document", None, None, None),
            _ => ("other", None, None, None),
        };
        ChangeEntry {
            kinds: change.kinds.iter().map(|k| k.name()).collect(),
            at: change.at.to_vec(),
            what,
            value,
            with,
            from,
            to,
            preview: change.preview,
        }
    }

    /// One line: `value `gcmk` at /source/kafka/type (create-pipe)`.
    fn describe(&self) -> String {
        let at = self.at.join(", ");
        let subject = match (self.what, self.value, self.from, self.to) {
            ("value", Some(value), ..) => format!("value `{value}` at {at}"),
            ("value-with", Some(value), ..) => format!(
                "value `{value}` at {at} with `{}`",
                self.with.as_deref().unwrap_or_default()
            ),
            ("raised-bound", _, Some(from), Some(to)) => {
                format!("maximum of {at} raised from {from} to {to}")
            }
            ("required", ..) => format!("{at} required"),
            ("document", ..) => "the document kind".to_owned(),
            _ => format!("member {at}"),
        };
        let preview = self
            .preview
            .map(|why| format!("; preview: {why}"))
            .unwrap_or_default();
        format!("{subject} ({}){preview}", self.kinds.join(", "))
    }
}

/// Every version of both axes, oldest first on each.
fn entries() -> Vec<ProfileEntry> {
    let api = ApiVersion::ALL.iter().map(|&v| {
        (
            Version::Api(v),
            v == ApiVersion::default(),
            v == ApiVersion::LATEST,
        )
    });
    let stack = StackVersion::ALL.iter().map(|&v| {
        (
            Version::Stack(v),
            v == StackVersion::default(),
            v == StackVersion::LATEST,
        )
    });
    api.chain(stack)
        .map(|(version, default, latest)| {
            let axis = version.axis();
            ProfileEntry {
                setting: axis.setting(),
                version: version.as_str(),
                default,
                latest,
                kinds: DocumentKind::ALL
                    .iter()
                    .filter(|&&k| Axis::of(k) == axis)
                    .map(|k| k.name())
                    .collect(),
                adds: pipelint_core::changes()
                    .filter(|c| c.since == version)
                    .map(ChangeEntry::of)
                    .collect(),
                removes: pipelint_core::changes()
                    .filter(|c| c.until == Some(version))
                    .map(ChangeEntry::of)
                    .collect(),
            }
        })
        .collect()
}

fn text(entries: &[ProfileEntry]) -> String {
    let mut text = String::new();
    let mut setting = "";
    for entry in entries {
        if entry.setting != setting {
            setting = entry.setting;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&format!("{setting}: {}\n", entry.kinds.join(", ")));
        }
        let mark = match (entry.default, entry.latest) {
            (true, _) => " (default: the contract)",
            // `latest` dates what pipelint knows: the API up to this snapshot.
            (_, true) => " (latest: the newest pipelint knows)",
            _ => "",
        };
        text.push_str(&format!("  {}{mark}\n", entry.version));
        for change in &entry.adds {
            text.push_str(&format!("    + {}\n", change.describe()));
        }
        for change in &entry.removes {
            text.push_str(&format!("    - {}\n", change.describe()));
        }
    }
    text
}

pub fn list(format: ListFormat) -> u8 {
    let entries = entries();
    let out = match format {
        ListFormat::Text => text(&entries),
        ListFormat::Json => match serde_json::to_string_pretty(&entries) {
            Ok(json) => json + "\n",
            Err(error) => {
                console::message(error);
                return EXIT_TROUBLE;
            }
        },
    };
    console::to_stdout(&out)
}
