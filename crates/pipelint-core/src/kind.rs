//! Document kinds and how a document's kind is told from its name or content.

use std::fmt;

use serde_json::Value;

/// The kinds of document pipelint knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DocumentKind {
    /// Body of `POST .../pipes` (spec 4.1).
    CreatePipe,
    /// Body of `PATCH .../pipes/{pipeId}/scaling` (spec 4.2).
    PipeScaling,
}

/// Members of a scaling patch (spec 4.2).
pub const SCALING_MEMBERS: &[&str] = &[
    "replicas",
    "replicaCpuMillicores",
    "replicaMemoryGb",
    "concurrency",
];

impl DocumentKind {
    pub const ALL: &'static [DocumentKind] = &[DocumentKind::CreatePipe, DocumentKind::PipeScaling];

    /// The kebab-case name used by `--kind` and in config files.
    pub fn name(self) -> &'static str {
        match self {
            DocumentKind::CreatePipe => "create-pipe",
            DocumentKind::PipeScaling => "pipe-scaling",
        }
    }

    pub fn from_name(name: &str) -> Option<DocumentKind> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// Tells the kind from the content alone; `None` when it cannot be told.
    pub fn detect(value: &Value) -> Option<DocumentKind> {
        let object = value.as_object()?;
        if object.contains_key("source") || object.contains_key("destination") {
            return Some(DocumentKind::CreatePipe);
        }
        if !object.is_empty() && object.keys().all(|k| SCALING_MEMBERS.contains(&k.as_str())) {
            return Some(DocumentKind::PipeScaling);
        }
        None
    }

    /// Tells the kind from a file name suffix such as `orders.pipe.json`.
    pub fn from_file_name(file_name: &str) -> Option<DocumentKind> {
        let lower = file_name.to_ascii_lowercase();
        if lower.ends_with(".pipe.json") {
            Some(DocumentKind::CreatePipe)
        } else if lower.ends_with(".scaling.json") {
            Some(DocumentKind::PipeScaling)
        } else {
            None
        }
    }
}

impl fmt::Display for DocumentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
