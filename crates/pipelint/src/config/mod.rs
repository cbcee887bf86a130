//! The configuration of a run: `pipelint.toml` or `.pipelint.toml`, found from each file's
//! directory upward (the closest one wins, nothing is merged), or given with `--config`.

mod discover;
mod file;
pub mod patterns;
pub mod pointer;
mod selection;
mod unused;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use pipelint_core::{Diagnostic, DocumentKind, Severity};
use serde::Deserialize;

pub use discover::Resolver;
pub use file::{InlineOverride, parse, toml_string};
use patterns::Patterns;
use pointer::{LazyDocument, PointerPattern};
pub use selection::{RuleSelection, RuleSelector};

/// The names a config file may have, in the order they are looked for in one directory.
pub const FILE_NAMES: [&str; 2] = ["pipelint.toml", ".pipelint.toml"];

/// What a directory walk checks when the configuration adds nothing: the file names that
/// tell a document's kind (`DocumentKind::from_file_name`).
pub const DEFAULT_INCLUDE: [&str; 2] = ["*.pipe.json", "*.scaling.json"];

/// One `--config` argument: a config file, or an inline `KEY=VALUE` override. A value with
/// `=` is an override unless a file by that name exists (as ruff decides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigArgument {
    File(PathBuf),
    Inline(InlineOverride),
}

impl ConfigArgument {
    pub fn parse(value: &str) -> Result<ConfigArgument, String> {
        let path = Path::new(value);
        if value.contains('=') && path.symlink_metadata().is_err() {
            InlineOverride::parse(value).map(ConfigArgument::Inline)
        } else {
            Ok(ConfigArgument::File(path.to_path_buf()))
        }
    }
}

/// A severity a rule can be set to in the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleLevel {
    Off,
    Info,
    Warning,
    Error,
}

impl RuleLevel {
    fn severity(self) -> Option<Severity> {
        match self {
            RuleLevel::Off => None,
            RuleLevel::Info => Some(Severity::Info),
            RuleLevel::Warning => Some(Severity::Warning),
            RuleLevel::Error => Some(Severity::Error),
        }
    }
}

/// The lowest severity that makes the run fail; inclusive (`warning` fails on warnings and
/// errors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum FailLevel {
    Error,
    Warning,
    Info,
}

impl FailLevel {
    pub fn severity(self) -> Severity {
        match self {
            FailLevel::Error => Severity::Error,
            FailLevel::Warning => Severity::Warning,
            FailLevel::Info => Severity::Info,
        }
    }
}

/// Rule levels keyed by rule code.
type Levels = HashMap<&'static str, RuleLevel>;

/// Settings for the places an `[[overrides]]` entry names.
///
/// It also records, for the report of unused overrides, which of its file entries a checked
/// file matched and which of its pointers covered a finding (atomics: files are checked in
/// parallel against one shared config).
#[derive(Debug)]
pub struct Override {
    files: Patterns,
    /// Each entry of `files`, with whether a checked file is the one file it names (its
    /// path, not a glob or directory that matches it).
    file_entries: Vec<(String, AtomicBool)>,
    /// Empty: the whole file. Otherwise the members at these pointers and below.
    pointers: Vec<PointerPattern>,
    rules: Levels,
    /// Whether each pointer (or, without pointers, the whole entry) covered a finding.
    used: Vec<AtomicBool>,
    /// 1-based line and column of the entry in its config file.
    position: Option<(usize, usize)>,
}

impl Override {
    /// The index of the pointer that covers the finding (0 without pointers), if any.
    fn covering(
        &self,
        relative: Option<&str>,
        pointer: &str,
        document: &LazyDocument,
    ) -> Option<usize> {
        let relative = relative?;
        if !self.files.matches_path_or_parent(relative) {
            return None;
        }
        if self.pointers.is_empty() {
            return Some(0);
        }
        self.pointers
            .iter()
            .position(|p| p.covers(pointer, document.value()))
    }

    /// Notes that a checked file is the one file an entry names (an entry without `/`
    /// matches the name at any depth, so names no one file).
    fn saw_file(&self, relative: &str) {
        for (entry, seen) in &self.file_entries {
            if entry.contains('/') && entry.trim_start_matches('/') == relative {
                seen.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// One loaded configuration, with every glob compiled and every name checked.
#[derive(Debug)]
pub struct Config {
    /// The file it was read from; `None` for the built-in defaults.
    pub source: Option<PathBuf>,
    /// The directory the globs are relative to.
    pub base: PathBuf,
    pub fail_on: Option<FailLevel>,
    /// What a directory walk checks: the defaults, `include` and every kind glob.
    include: Patterns,
    exclude: Patterns,
    kinds: Vec<(DocumentKind, Patterns)>,
    rules: Levels,
    overrides: Vec<Override>,
}

impl Config {
    /// The built-in defaults, for runs with no config file (or `--isolated`).
    pub fn defaults(base: &Path) -> Config {
        Config {
            source: None,
            base: base.to_path_buf(),
            fail_on: None,
            include: Patterns::new(DEFAULT_INCLUDE).unwrap_or_else(|_| Patterns::empty()),
            exclude: Patterns::empty(),
            kinds: Vec::new(),
            rules: HashMap::new(),
            overrides: Vec::new(),
        }
    }

    /// The `/`-separated path of `absolute` that this config's globs match against.
    pub fn relative(&self, absolute: &Path) -> String {
        crate::paths::relative_slash(&self.base, absolute)
            .unwrap_or_else(|| crate::paths::slashed(absolute))
    }

    /// Whether a directory walk checks the file.
    pub fn selects(&self, relative: &str) -> bool {
        self.include.matches(relative) && !self.excludes(relative)
    }

    pub fn excludes(&self, relative: &str) -> bool {
        self.exclude.matches_path_or_parent(relative)
    }

    /// The kind the `[kinds]` globs give the file; an error when two kinds claim it.
    pub fn kind_for(&self, relative: &str) -> Result<Option<DocumentKind>, String> {
        let mut found: Option<DocumentKind> = None;
        for (kind, patterns) in &self.kinds {
            if patterns.matches(relative) {
                if let Some(first) = found {
                    return Err(format!(
                        "matches the [kinds] globs of both `{first}` and `{kind}`{}",
                        self.named()
                    ));
                }
                found = Some(*kind);
            }
        }
        Ok(found)
    }

    /// Why a file has the kind its `[kinds]` globs give it (for `--explain-kind`).
    pub fn kind_glob_reason(&self, kind: DocumentKind) -> String {
        format!(
            "the file matches the `[kinds]` globs of `{kind}`{}",
            self.named()
        )
    }

    /// " in <config path>", for messages.
    fn named(&self) -> String {
        match &self.source {
            Some(path) => format!(" in {}", path.display()),
            None => String::new(),
        }
    }

    /// Applies rule levels and overrides: drops what is `off`, sets every other severity.
    /// `relative` is `None` for stdin without `--stdin-filename` (no file glob matches it);
    /// `text` is the checked document, for the `[key=value]` tokens of override pointers.
    pub fn settle(
        &self,
        relative: Option<&str>,
        text: &str,
        diagnostics: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        self.settle_selected(relative, text, diagnostics, &RuleSelection::default())
    }

    /// [`Config::settle`], then keeps only the rules the command line selects (see
    /// [`RuleSelection`] for how the two combine). Overrides count as used before the
    /// selection, so `--select` never makes an override look unused.
    pub fn settle_selected(
        &self,
        relative: Option<&str>,
        text: &str,
        diagnostics: Vec<Diagnostic>,
        selection: &RuleSelection,
    ) -> Vec<Diagnostic> {
        if let Some(relative) = relative {
            for entry in &self.overrides {
                entry.saw_file(relative);
            }
        }
        let document = LazyDocument::new(text);
        diagnostics
            .into_iter()
            .filter_map(|mut diagnostic| {
                let code = diagnostic.rule.code;
                let mut level = self.rules.get(code).copied();
                if level == Some(RuleLevel::Off) && selection.names(code) {
                    level = None;
                }
                // Later overrides win, as in the file they are read top to bottom.
                for entry in &self.overrides {
                    let Some(set) = entry.rules.get(code) else {
                        continue;
                    };
                    if let Some(index) = entry.covering(relative, &diagnostic.pointer, &document) {
                        if let Some(used) = entry.used.get(index) {
                            used.store(true, Ordering::Relaxed);
                        }
                        level = Some(*set);
                    }
                }
                if !selection.reports(code) {
                    return None;
                }
                match level {
                    None => Some(diagnostic),
                    Some(level) => level.severity().map(|severity| {
                        diagnostic.severity = severity;
                        diagnostic
                    }),
                }
            })
            .collect()
    }
}

/// A config file that cannot be used; the run stops with exit code 2.
#[derive(Debug)]
pub struct ConfigError {
    pub path: PathBuf,
    /// 1-based line and column of the offending text, when known.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some((line, column)) = self.position {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_include_agrees_with_the_core_file_names() {
        for pattern in DEFAULT_INCLUDE {
            let name = pattern.replace('*', "orders");
            assert!(
                DocumentKind::from_file_name(&name).is_some(),
                "the core tells no kind from `{name}`"
            );
        }
    }
}
