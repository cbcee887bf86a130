//! The configuration of a run: `pipelint.toml` or `.pipelint.toml`, found from each file's
//! directory upward (the closest one wins, nothing is merged), or given with `--config`.

mod discover;
mod file;
mod override_files;
pub mod patterns;
pub mod pointer;
mod selection;
mod unused;
mod versions;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pipelint_core::{DocumentKind, Level, OverrideUse, Selector, Settings, Severity, rules};
use serde::Deserialize;

pub use discover::Resolver;
pub use file::{InlineOverride, parse, toml_string};
use patterns::Patterns;
#[cfg(feature = "clap")]
pub use selection::CompleteRules;
pub use selection::{RuleSelection, RuleSelector};
pub use versions::VersionChoice;

/// The names a config file may have, in the order they are looked for in one directory.
pub const FILE_NAMES: [&str; 2] = ["pipelint.toml", ".pipelint.toml"];

/// What a directory walk checks when the configuration adds nothing: the file names that
/// tell a document's kind (`DocumentKind::from_file_name`).
pub const DEFAULT_INCLUDE: [&str; 3] = ["*.pipe.json", "*.scaling.json", "*.tf"];

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

/// The lowest severity that makes the run fail; inclusive (`warning` fails on warnings and
/// errors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// Rule levels keyed by rule code, as `[rules]` and an override's `rules` give them.
type Levels = HashMap<&'static str, Level>;

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
    /// Its pointers (none: the whole file) and rule levels, as the core applies them.
    levels: pipelint_core::Override,
    /// The `api-version` and `stack-version` it sets for its files.
    versions: VersionChoice,
    /// Whether each pointer (or, without pointers, the whole entry) covered a finding.
    used: Vec<AtomicBool>,
    /// 1-based line and column of the entry in its config file.
    position: Option<(usize, usize)>,
}

/// One loaded configuration, with every glob compiled and every name checked.
#[derive(Debug)]
pub struct Config {
    /// The file it was read from; `None` for the built-in defaults.
    pub source: Option<PathBuf>,
    /// The directory the globs are relative to.
    pub base: PathBuf,
    pub fail_on: Option<FailLevel>,
    /// The top-level `api-version` and `stack-version`.
    versions: VersionChoice,
    /// What a directory walk checks: the defaults, `include` and every kind glob.
    include: Patterns,
    exclude: Patterns,
    kinds: Vec<(DocumentKind, Patterns)>,
    /// `[rules]` as written.
    rules: Levels,
    /// `[rules]` with the command line's rule selection laid over it: what the core applies
    /// to a file that no override names.
    settings: Settings,
    /// The rules the command line's selection leaves out, as an override of the whole
    /// document that comes after the config's own: an override cannot report them again.
    unselected: Option<pipelint_core::Override>,
    overrides: Vec<Override>,
    /// The entries of `overrides` by the files they name.
    override_files: override_files::OverrideFiles,
    /// Rules it names by an old name, for a warning: a config file's own keys. Those of the
    /// `--config KEY=VALUE` overrides are held by the defaults only, to be warned about once.
    renamed: Vec<file::RenamedRule>,
}

/// The pattern that makes a directory walk check a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectedBy {
    /// `*.pipe.json`, `*.scaling.json` or `*.tf`.
    DefaultPattern(&'static str),
    /// A glob of the config's `include`.
    Include(String),
    /// The `[kinds]` globs of this kind.
    KindGlob(DocumentKind),
}

/// The settings the core applies to one file, and which config overrides they hold.
#[derive(Debug)]
pub struct FileSettings {
    config: Arc<Config>,
    /// The config's settings with the file's overrides added; `None` when none applies
    /// (the config's own settings are used, not copied).
    own: Option<Settings>,
    /// The versions the config chooses for the file (top level, then matching overrides).
    versions: VersionChoice,
    /// For each override of `settings`, the index of the config's `[[overrides]]` entry.
    entries: Vec<usize>,
}

impl FileSettings {
    pub fn settings(&self) -> &Settings {
        self.own.as_ref().unwrap_or(&self.config.settings)
    }

    /// The config these settings come from.
    pub fn config(&self) -> &Arc<Config> {
        &self.config
    }

    /// The versions the config chooses for the file, before any command-line flag.
    pub fn versions(&self) -> VersionChoice {
        self.versions
    }

    /// Records which overrides set the level of a finding of the file (for the report of
    /// unused overrides).
    pub fn note_used(&self, used: &[OverrideUse]) {
        self.config.note_used(self, used);
    }
}

/// Where a version in force for a file comes from (`--show-settings`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionOrigin {
    /// Nothing chose it: the bundled default.
    Default,
    /// The command line's `--api-version` or `--stack-version`.
    Flag,
    /// The config's top level (or a `--config KEY=VALUE` override).
    Config,
    /// An `[[overrides]]` entry for the file, at this line of the config.
    Override(Option<usize>),
}

/// One `[[overrides]]` entry whose `files` match a file (`--show-settings`).
#[derive(Clone, Debug)]
pub struct AppliedOverride {
    /// The line of the entry in its config file.
    pub line: Option<usize>,
    pub files: Vec<String>,
    /// The pointers it is limited to; empty for the whole file.
    pub pointers: Vec<String>,
    pub levels: Vec<(&'static str, Level)>,
    pub versions: VersionChoice,
}

impl FileSettings {
    /// The `[[overrides]]` entries whose `files` match the file, in the config's order.
    pub fn applied_overrides(&self) -> Vec<AppliedOverride> {
        self.entries
            .iter()
            .filter_map(|&index| self.config.overrides.get(index))
            .map(|entry| AppliedOverride {
                line: entry.position.map(|(line, _)| line),
                files: entry.file_entries.iter().map(|(f, _)| f.clone()).collect(),
                pointers: (entry.levels.pointers().iter())
                    .map(|p| p.source().to_owned())
                    .collect(),
                levels: entry.levels.levels(),
                versions: entry.versions,
            })
            .collect()
    }

    /// Where the config's API and stack versions for the file come from (the last
    /// override that sets one wins, then the top level, then the default).
    pub fn version_origins(&self) -> (VersionOrigin, VersionOrigin) {
        let applied = self.applied_overrides();
        let origin = |set_by: &dyn Fn(VersionChoice) -> bool| match applied
            .iter()
            .rev()
            .find(|entry| set_by(entry.versions))
        {
            Some(entry) => VersionOrigin::Override(entry.line),
            None if set_by(self.config.versions) => VersionOrigin::Config,
            None => VersionOrigin::Default,
        };
        (
            origin(&|v: VersionChoice| v.api.is_some()),
            origin(&|v: VersionChoice| v.stack.is_some()),
        )
    }

    /// Where the config's provider version for the file comes from (as
    /// [`FileSettings::version_origins`]).
    pub fn provider_origin(&self) -> VersionOrigin {
        let applied = self.applied_overrides();
        match applied.iter().rev().find(|e| e.versions.provider.is_some()) {
            Some(entry) => VersionOrigin::Override(entry.line),
            None if self.config.versions.provider.is_some() => VersionOrigin::Config,
            None => VersionOrigin::Default,
        }
    }

    /// The rules whose level outside every override differs from the catalog's (through
    /// `[rules]` or the command line's `--select`/`--ignore`): code, name, level, default.
    pub fn changed_levels(&self) -> Vec<(&'static str, &'static str, Level, Level)> {
        let settings = self.config.settings();
        rules()
            .iter()
            .filter_map(|rule| {
                let level = settings.level(rule);
                let default = Level::from(rule.severity);
                (level != default).then_some((rule.code, rule.name, level, default))
            })
            .collect()
    }
}

impl Config {
    /// The built-in defaults, for runs with no config file (or `--isolated`).
    pub fn defaults(base: &Path) -> Config {
        Config {
            source: None,
            base: base.to_path_buf(),
            fail_on: None,
            versions: VersionChoice::default(),
            include: Patterns::new(DEFAULT_INCLUDE).unwrap_or_else(|_| Patterns::empty()),
            exclude: Patterns::empty(),
            kinds: Vec::new(),
            rules: HashMap::new(),
            settings: Settings::default(),
            unselected: None,
            overrides: Vec::new(),
            override_files: Default::default(),
            renamed: Vec::new(),
        }
    }

    /// `[rules]` with the command line's selection: the levels outside every override.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Lays the command line's `--select`, `--extend-select` and `--ignore` over `[rules]`
    /// (see [`RuleSelection`] for how they combine).
    pub fn select(&mut self, selection: &RuleSelection) {
        let mut settings = Settings::default();
        let mut unselected = pipelint_core::Override::new(Vec::new());
        let mut any_unselected = false;
        for rule in rules().iter() {
            let selector = Selector::rule(rule);
            match self.rules.get(rule.code) {
                // The one-off command line beats the file.
                Some(Level::Off) if selection.names(rule.code) => {}
                Some(level) => settings.set_selected(&selector, *level),
                None => {}
            }
            if !selection.reports(rule) {
                settings.set_selected(&selector, Level::Off);
                unselected.set_selected(&selector, Level::Off);
                any_unselected = true;
            }
        }
        self.settings = settings;
        self.unselected = any_unselected.then_some(unselected);
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

    /// Whether a directory walk passes over a file only because no include pattern (the
    /// defaults, `include` or a `[kinds]` glob) matches it: `exclude` does not name it.
    pub fn unmatched(&self, relative: &str) -> bool {
        !self.include.matches(relative) && !self.excludes(relative)
    }

    /// Which pattern makes a directory walk check the file (for `--show-files`): a
    /// `[kinds]` glob, a default pattern, or an `include` glob; `None` when none selects it.
    pub fn selected_by(&self, relative: &str) -> Option<SelectedBy> {
        if !self.selects(relative) {
            return None;
        }
        if let Ok(Some(kind)) = self.kind_for(relative) {
            return Some(SelectedBy::KindGlob(kind));
        }
        let name = relative.rsplit('/').next().unwrap_or(relative);
        if let Some(pattern) = DEFAULT_INCLUDE
            .iter()
            .find(|pattern| name.ends_with(pattern.trim_start_matches('*')))
        {
            return Some(SelectedBy::DefaultPattern(pattern));
        }
        // Asked once per file listed: compiling each glob alone to name it is cheap enough.
        let glob =
            self.include.sources().iter().find(|source| {
                Patterns::new([source.as_str()]).is_ok_and(|one| one.matches(relative))
            });
        Some(SelectedBy::Include(glob.cloned().unwrap_or_default()))
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

    /// The settings for a file: `[rules]`, the command line's selection and the overrides
    /// whose `files` match it. `relative` is `None` for stdin without `--stdin-filename` (no
    /// file glob matches it).
    pub fn settings_for(self: &Arc<Self>, relative: Option<&str>) -> FileSettings {
        let entries: Vec<usize> = match relative {
            None => Vec::new(),
            Some(relative) => {
                // Noted for the report of unused overrides (an entry without `/` matches
                // the name at any depth, so names no one file).
                for &(entry, place) in self.override_files.naming(relative) {
                    let seen = self
                        .overrides
                        .get(entry)
                        .and_then(|e| e.file_entries.get(place));
                    if let Some((_, seen)) = seen {
                        seen.store(true, Ordering::Relaxed);
                    }
                }
                self.override_files.matching(relative)
            }
        };
        // Later entries win.
        let versions = entries
            .iter()
            .filter_map(|&index| self.overrides.get(index))
            .fold(self.versions, |beneath, entry| entry.versions.over(beneath));
        if entries.is_empty() {
            return FileSettings {
                config: Arc::clone(self),
                own: None,
                versions,
                entries,
            };
        }
        let mut settings = self.settings.clone();
        for entry in entries
            .iter()
            .filter_map(|&index| self.overrides.get(index))
        {
            settings.add_override(entry.levels.clone());
        }
        if let Some(unselected) = &self.unselected {
            settings.add_override(unselected.clone());
        }
        FileSettings {
            config: Arc::clone(self),
            own: Some(settings),
            versions,
            entries,
        }
    }

    /// Records which overrides set the level of a finding of a file linted with `file`
    /// (for the report of unused overrides).
    pub fn note_used(&self, file: &FileSettings, used: &[OverrideUse]) {
        for use_ in used {
            let entry = file.entries.get(use_.entry);
            let entry = entry.and_then(|&index| self.overrides.get(index));
            if let Some(flag) = entry.and_then(|entry| entry.used.get(use_.pointer)) {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// A config file that cannot be used; the run stops with exit code 2.
#[derive(Debug)]
pub struct ConfigError {
    pub path: PathBuf,
    /// 1-based line and column of the offending text, when known (as `check` prints it).
    pub position: Option<(usize, usize)>,
    /// The byte offset of the offending text in the config file's text, when known: a front
    /// end with its own positions (an editor's UTF-16 columns) converts it with the core's
    /// `LineIndex`.
    pub offset: Option<usize>,
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

    #[test]
    fn finding_a_files_overrides_does_not_try_every_entry() {
        let count = 300;
        let mut text = String::new();
        for i in 0..count {
            // As `--add-overrides` writes them, and a name matched at any depth.
            let file = if i % 2 == 0 {
                format!("pipes/p{i}.pipe.json")
            } else {
                format!("p{i}.pipe.json")
            };
            text.push_str(&format!(
                "[[overrides]]\nfiles = [\"{file}\"]\nrules = {{ PL014 = \"off\" }}\n"
            ));
        }
        let config = load(&text, &RuleSelection::default());
        patterns::MATCHES_CALLS.with(|calls| calls.set(0));
        for i in 0..count {
            let file = config.settings_for(Some(&format!("pipes/p{i}.pipe.json")));
            assert_eq!(file.entries, [i]);
        }
        let calls = patterns::MATCHES_CALLS.with(std::cell::Cell::get);
        assert!(
            calls <= 4 * count,
            "{calls} glob matches for {count} files and {count} entries"
        );
    }

    /// The scaling patch's two members: `replicaz` is unknown (PL014, a warning).
    const PATCH: &str = r#"{"replicas": 2, "replicaz": 3}"#;

    fn load(text: &str, selection: &RuleSelection) -> Arc<Config> {
        let mut config = file::parse(text, Path::new("/repo/pipelint.toml"), Path::new("/repo"))
            .unwrap_or_else(|e| panic!("{e}"));
        config.select(selection);
        Arc::new(config)
    }

    fn selectors(list: &[&str]) -> Vec<RuleSelector> {
        list.iter()
            .map(|s| RuleSelector::parse(s).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    }

    /// The severities of the unknown-field findings in `relative`.
    fn unknown_field(config: &Arc<Config>, relative: &str) -> Vec<Severity> {
        let settings = config.settings_for(Some(relative));
        let options = pipelint_core::LintOptions::new()
            .file_name(relative)
            .settings(settings.settings());
        let result = pipelint_core::lint(PATCH.as_bytes(), &options);
        config.note_used(&settings, &result.overrides_used);
        result
            .diagnostics
            .iter()
            .filter(|d| d.name() == "unknown-field")
            .map(|d| d.severity)
            .collect()
    }

    const SILENCED_IN_A: &str = "[rules]\nunknown-field = \"off\"\n\
        [[overrides]]\nfiles = [\"b.scaling.json\"]\nrules = { unknown-field = \"error\" }\n";

    #[test]
    fn select_revives_a_rule_the_config_turns_off() {
        let none = RuleSelection::default();
        let config = load(SILENCED_IN_A, &none);
        assert!(unknown_field(&config, "a.scaling.json").is_empty());
        // An override raises it where it applies.
        assert_eq!(unknown_field(&config, "b.scaling.json"), [Severity::Error]);

        let select = RuleSelection {
            select: Some(selectors(&["PL014"])),
            ..RuleSelection::default()
        };
        let config = load(SILENCED_IN_A, &select);
        assert_eq!(
            unknown_field(&config, "a.scaling.json"),
            [Severity::Warning]
        );
    }

    #[test]
    fn ignore_beats_an_override_that_raises_the_rule() {
        let ignore = RuleSelection {
            ignore: selectors(&["unknown-field"]),
            ..RuleSelection::default()
        };
        let config = load(SILENCED_IN_A, &ignore);
        assert!(unknown_field(&config, "b.scaling.json").is_empty());
        // The override still counts as used: the selection must not make it look unused.
        assert!(
            config
                .unused_overrides(&[PathBuf::from("/repo")], Path::new("/repo"))
                .is_empty()
        );
    }

    #[test]
    fn only_the_overrides_that_set_a_finding_are_used() {
        let text = "[[overrides]]\nfiles = [\"a.scaling.json\"]\nrules = { unknown-field = \"error\" }\n\
            [[overrides]]\nfiles = [\"b.scaling.json\"]\nrules = { unknown-field = \"off\" }\n\
            [[overrides]]\nfiles = [\"b.scaling.json\"]\npointers = [\"/replicas\", \"/replicaz\"]\n\
            rules = { unknown-field = \"info\" }\n";
        let config = load(text, &RuleSelection::default());
        assert_eq!(unknown_field(&config, "b.scaling.json"), [Severity::Info]);
        let unused = config.unused_overrides(&[PathBuf::from("/repo")], Path::new("/repo"));
        // `a.scaling.json` was not linted, and `/replicas` holds no finding.
        assert_eq!(unused.len(), 2, "{unused:#?}");
        assert!(
            unused[0].contains("in `a.scaling.json` (remove it"),
            "{}",
            unused[0]
        );
        assert!(unused[1].contains("at `/replicas`"), "{}", unused[1]);
    }
}
