//! pipelint's workspace: every decision about one file that is not the linting itself, made
//! in one place for every front end (`pipelint check`, `pipelint lsp`, the Python package).
//!
//! - the config that governs a file (`pipelint.toml` found from its directory upward, or the
//!   one the command line names), its `include`/`exclude` and `[kinds]` globs, rule levels,
//!   overrides and profile ([`config`]);
//! - reading a file within the size limit, never a FIFO or device ([`read`]), and the finding
//!   for a file over it;
//! - pairing a scaling patch `NAME.scaling.json` with the create body `NAME.pipe.json` beside
//!   it (or the `--pipe` a front end was given);
//! - what the front end's flags say ([`Flags`]): they beat the config.
//!
//! A front end builds one [`Workspace`] for its run, asks it to [`Workspace::prepare`] a file,
//! and lints or fixes the file's text with the [`Prepared`] answer, which goes through
//! [`pipelint_core::lint`] and [`pipelint_core::fix`]. The CLI, walking directories, first
//! [`Workspace::locate`]s each file (which the walk needs to know whether to check it) and
//! then prepares it with [`Workspace::prepare_located`]. Either way the editor and the
//! command line lint a file with the same options.

pub mod config;
pub mod paths;
pub mod plan;
pub mod provider;
pub mod read;

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pipelint_core::{
    Applicability, Diagnostic, Document, DocumentKind, Fix, Fixed, Level, LintOptions, LintResult,
    Profile, Selector, Settings,
};

use config::{
    Config, ConfigError, FileSettings, Resolver, SelectedBy, VersionChoice, VersionOrigin,
};
use pipelint_core::ProviderVersion;
use provider::{Pins, ProviderOrigin};
use read::{DEFAULT_MAX_FILE_SIZE, Links, Unread};

/// What a front end's flags say about every file; each beats the config. The default is an
/// editor's: no flags.
#[derive(Clone, Debug)]
pub struct Flags {
    /// `--kind`: every file is this kind, whatever the `[kinds]` globs, its name or its
    /// content say.
    pub kind: Option<DocumentKind>,
    /// `--api-version` and `--stack-version`.
    pub versions: VersionChoice,
    /// `--show-secrets`: findings show secret values.
    pub show_secrets: bool,
    /// `--pipe`: the create body every scaling patch is checked against (no pairing then).
    pub pipe: Option<Arc<Document>>,
    /// Whether a scaling patch is paired with the pipe beside it (`--no-pair` turns it off).
    pub pair: bool,
    /// `--max-file-size`: a larger input is not read; it gets one finding.
    pub max_file_size: u64,
    /// Rule levels laid over every file's `[rules]` (Python's `config=`); the config's
    /// overrides still set the level at their places.
    pub rule_levels: Vec<(Selector, Level)>,
}

impl Default for Flags {
    fn default() -> Flags {
        Flags {
            kind: None,
            versions: VersionChoice::default(),
            show_secrets: false,
            pipe: None,
            pair: true,
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            rule_levels: Vec::new(),
        }
    }
}

/// The configs of a run and the flags laid over them. Shared by the threads that check
/// files: its methods take `&self`.
pub struct Workspace {
    resolver: Resolver,
    flags: Flags,
    /// The provider pins of the Terraform modules read so far.
    pins: Pins,
}

/// Where a file stands in the workspace: the config that governs it and its path as that
/// config's globs see it.
#[derive(Clone, Debug)]
pub struct Located {
    pub config: Arc<Config>,
    /// The file, absolute; `None` for a document that is no file (stdin without a name).
    pub path: Option<PathBuf>,
    /// The `/`-separated path the config's globs match; `None` without a path.
    pub relative: Option<String>,
    /// `--kind`, which beats the globs.
    flag_kind: Option<DocumentKind>,
}

impl Located {
    /// Whether the config's `include` and `exclude` globs select the file (a directory walk
    /// checks it). A document without a path is selected.
    pub fn selected(&self) -> bool {
        self.relative
            .as_deref()
            .is_none_or(|relative| self.config.selects(relative))
    }

    /// The kind `--kind` or the config's `[kinds]` globs give the file; an error when two
    /// kinds' globs claim it.
    pub fn kind(&self) -> Result<Option<DocumentKind>, String> {
        match (self.flag_kind, &self.relative) {
            (Some(kind), _) => Ok(Some(kind)),
            (None, Some(relative)) => self.config.kind_for(relative),
            (None, None) => Ok(None),
        }
    }

    /// Whether a directory walk passes over this file only because no include pattern
    /// matches it, while its name says it may be a body (`*.json`): for `--show-files`, so
    /// that a spec named `legacy.json` is not skipped without a word.
    pub fn unmatched_json(&self) -> bool {
        self.relative
            .as_deref()
            .is_some_and(|relative| relative.ends_with(".json") && self.config.unmatched(relative))
    }

    /// Which pattern of the config selects the file in a directory walk.
    pub fn selected_by(&self) -> Option<SelectedBy> {
        self.config.selected_by(self.relative.as_deref()?)
    }

    /// Where the file's kind comes from, before its content is read: `--kind`, a
    /// `[kinds]` glob, the file name, or (`Content`) the content when it is linted.
    pub fn kind_source(&self) -> KindSource {
        if let Some(kind) = self.flag_kind {
            return KindSource::Flag(kind);
        }
        if let Ok(Some(kind)) = self.kind() {
            return KindSource::KindGlob(kind);
        }
        match self
            .file_name()
            .as_deref()
            .and_then(DocumentKind::from_file_name)
        {
            Some(kind) => KindSource::FileName(kind),
            None => KindSource::Content,
        }
    }

    /// The file name that tells the kind (`orders.pipe.json`).
    pub fn file_name(&self) -> Option<String> {
        let name = self.path.as_deref()?.file_name()?;
        Some(name.to_string_lossy().into_owned())
    }
}

/// Where a file's kind comes from ([`Located::kind_source`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindSource {
    Flag(DocumentKind),
    KindGlob(DocumentKind),
    FileName(DocumentKind),
    /// Told from the content when the file is linted.
    Content,
}

/// What [`Workspace::prepare`] makes of a file.
#[derive(Debug)]
pub enum Preparation {
    /// Ready to lint and fix.
    Ready(Box<Prepared>),
    /// Its config file's `include` and `exclude` globs leave it out: no findings at all.
    Excluded,
    /// The config that governs it cannot be used: it is not linted (findings under the
    /// defaults would be findings the team turned off).
    ConfigProblem(ConfigError),
}

impl Workspace {
    /// A workspace with the configs `resolver` finds and `flags` laid over them.
    pub fn new(resolver: Resolver, flags: Flags) -> Workspace {
        Workspace {
            resolver,
            flags,
            pins: Pins::default(),
        }
    }

    /// An editor's workspace: configs found from each file's directory upward, no flags.
    /// `cwd` is the directory of the defaults' globs (for documents outside every config).
    pub fn discover(cwd: &Path) -> Workspace {
        Workspace::new(Resolver::discover(cwd), Flags::default())
    }

    pub fn flags(&self) -> &Flags {
        &self.flags
    }

    /// One warning line for each module read so far whose provider pin selects no bundled
    /// release (or cannot be read), sorted; `shown` names a file for the line.
    pub fn pin_warnings(&self, shown: impl Fn(&Path) -> String) -> Vec<String> {
        self.pins.warnings(shown)
    }

    /// The configs found so far (for the report of unused overrides and renamed rules).
    pub fn resolver(&self) -> &Resolver {
        &self.resolver
    }

    /// The config of an absolute file path, and the file's path as its globs see it.
    pub fn locate(&self, absolute: &Path) -> Result<Located, ConfigError> {
        let config = self.resolver.for_file(absolute)?;
        Ok(Located {
            relative: Some(config.relative(absolute)),
            path: Some(absolute.to_path_buf()),
            config,
            flag_kind: self.flags.kind,
        })
    }

    /// A document that is no file (stdin without a name): the config of the directory
    /// `dir`, which no file glob matches.
    pub fn locate_unnamed(&self, dir: &Path) -> Result<Located, ConfigError> {
        Ok(Located {
            config: self.resolver.for_dir(dir)?,
            path: None,
            relative: None,
            flag_kind: self.flags.kind,
        })
    }

    /// Everything decided for a located file: its settings and profile, its kind (a
    /// conflict of two `[kinds]` globs leaves it to the content; the CLI reports the
    /// conflict before it gets here), and the pipe a scaling patch is checked against.
    /// `links` says whether the pipe beside it is read through a symbolic link (as the file
    /// itself is).
    pub fn prepare_located(&self, located: &Located, links: Links) -> Prepared {
        self.prepare_named(located, links, located.file_name())
    }

    /// [`Workspace::prepare_located`] with the file name that tells the kind (a relative
    /// path's, for a document the workspace cannot find).
    fn prepare_named(
        &self,
        located: &Located,
        links: Links,
        file_name: Option<String>,
    ) -> Prepared {
        let settings = located.config.settings_for(located.relative.as_deref());
        let flags = &self.flags;
        let kind = located.kind().ok().flatten();
        let (pipe, pipe_from) = match &flags.pipe {
            Some(given) => (Some(Arc::clone(given)), Some(PipeFrom::Flag)),
            None if !flags.pair => (None, None),
            None => match located
                .path
                .as_deref()
                .and_then(|patch| paired_pipe(patch, flags.max_file_size, links))
            {
                Some((path, document)) => (Some(Arc::new(document)), Some(PipeFrom::Beside(path))),
                None => (None, None),
            },
        };
        let levelled = (!flags.rule_levels.is_empty()).then(|| {
            let mut levelled = settings.settings().clone();
            for (selector, level) in &flags.rule_levels {
                levelled.set_selected(selector, *level);
            }
            levelled
        });
        let chosen = flags.versions.over(settings.versions());
        let mut profile = chosen.profile();
        let provider_from =
            self.provider_of(located, kind, file_name.as_deref(), &settings, chosen);
        if let Some(from) = &provider_from {
            let provider = match from {
                ProviderOrigin::Chosen(_) => chosen.provider.unwrap_or_default(),
                ProviderOrigin::Pin(pin) => pin.version(),
                ProviderOrigin::Newest => ProviderVersion::LATEST,
            };
            profile = profile.with_provider(provider);
            // An `api-version` chosen for the file wins over the provider's snapshot.
            if chosen.api.is_none() {
                profile = profile.with_api(provider.api());
            }
        } else if let Some(provider) = chosen.provider {
            // A Terraform plan is told by its content: a release chosen for the file is the
            // one its resources are checked at when the plan names no version constraint.
            profile = profile.with_provider(provider);
        }
        Prepared {
            profile,
            provider_from,
            settings,
            levelled,
            kind,
            kind_from_glob: kind.is_some() && flags.kind.is_none(),
            file_name,
            pipe,
            pipe_from,
            versions_from_flags: flags.versions,
            show_secrets: flags.show_secrets,
            max_file_size: flags.max_file_size,
        }
    }

    /// Where the provider release of a Terraform file comes from ([`provider`]); `None` for
    /// any other file.
    fn provider_of(
        &self,
        located: &Located,
        kind: Option<DocumentKind>,
        file_name: Option<&str>,
        settings: &FileSettings,
        chosen: VersionChoice,
    ) -> Option<ProviderOrigin> {
        let terraform = match kind.or(self.flags.kind) {
            Some(kind) => kind == DocumentKind::Terraform,
            None => {
                file_name.and_then(DocumentKind::from_file_name) == Some(DocumentKind::Terraform)
            }
        };
        if !terraform {
            return None;
        }
        if chosen.provider.is_some() {
            return Some(ProviderOrigin::Chosen(
                if self.flags.versions.provider.is_some() {
                    VersionOrigin::Flag
                } else {
                    settings.provider_origin()
                },
            ));
        }
        let dir = located.path.as_deref().and_then(Path::parent);
        match dir.and_then(|dir| self.pins.of(dir, self.flags.max_file_size)) {
            Some(pin) => Some(ProviderOrigin::Pin(pin)),
            None => Some(ProviderOrigin::Newest),
        }
    }

    /// An editor's document: [`Workspace::locate`], then [`Workspace::prepare_located`]
    /// unless its config file leaves it out (as `check --force-exclude`, the pre-commit
    /// hook, skips it). Only a config file excludes: without one, any document named or
    /// shaped as a body is linted. A relative path (no file the workspace can find) is
    /// linted with the defaults and its file name.
    pub fn prepare(&self, path: &Path) -> Preparation {
        if !path.is_absolute() {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned());
            let prepared = self.prepare_named(&self.defaults(), Links::Follow, name);
            return Preparation::Ready(Box::new(prepared));
        }
        let located = match self.locate(path) {
            Ok(located) => located,
            Err(error) => return Preparation::ConfigProblem(error),
        };
        if located.config.source.is_some() && !located.selected() {
            return Preparation::Excluded;
        }
        // Two kinds' globs claim the file: `check` refuses it, and so does every front end.
        if let (Err(reason), Some(config)) = (located.kind(), &located.config.source) {
            return Preparation::ConfigProblem(ConfigError {
                path: config.clone(),
                position: None,
                offset: None,
                message: format!("{}: {reason}", path.display()),
            });
        }
        Preparation::Ready(Box::new(self.prepare_located(&located, Links::Follow)))
    }

    /// A document that is no file at all (an editor's unsaved buffer): the defaults.
    pub fn prepare_unnamed(&self) -> Prepared {
        self.prepare_located(&self.defaults(), Links::Follow)
    }

    fn defaults(&self) -> Located {
        Located {
            config: self.resolver.defaults(),
            path: None,
            relative: None,
            flag_kind: self.flags.kind,
        }
    }
}

/// One file, ready to lint: the options the core lints it with, decided once.
#[derive(Debug)]
pub struct Prepared {
    settings: FileSettings,
    /// For a Terraform file: where its provider release comes from.
    provider_from: Option<ProviderOrigin>,
    /// The settings with the flags' rule levels laid over them, when there are any.
    levelled: Option<Settings>,
    profile: Profile,
    kind: Option<DocumentKind>,
    /// Whether `kind` came from the config's `[kinds]` globs (not `--kind`).
    kind_from_glob: bool,
    file_name: Option<String>,
    pipe: Option<Arc<Document>>,
    /// Where `pipe` comes from.
    pipe_from: Option<PipeFrom>,
    /// The versions the flags choose (for where each version in force comes from).
    versions_from_flags: VersionChoice,
    show_secrets: bool,
    max_file_size: u64,
}

/// Where the pipe a scaling patch is checked against comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipeFrom {
    /// `--pipe`.
    Flag,
    /// The `NAME.pipe.json` beside the patch, at this path.
    Beside(PathBuf),
}

impl Prepared {
    /// The options the core lints and fixes the file with.
    pub fn options(&self) -> LintOptions<'_> {
        let settings = self.levelled.as_ref();
        LintOptions::new()
            .settings(settings.unwrap_or(self.settings.settings()))
            .profile(self.profile)
            .kind(self.kind)
            .file_name(self.file_name.as_deref())
            .pipe(self.pipe.as_deref())
            .show_secrets(self.show_secrets)
    }

    /// The settings the config gives the file (its overrides, levels and versions).
    pub fn file_settings(&self) -> &FileSettings {
        &self.settings
    }

    /// The profile the file is checked against.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Whether the API version in force was written as a month after the newest snapshot
    /// pipelint knows (and is checked as that snapshot): the front end says so once.
    pub fn api_beyond_known(&self) -> bool {
        self.versions_from_flags
            .over(self.settings.versions())
            .api_beyond_known
    }

    /// Where the API and the stack version in force come from: a flag, else the config.
    pub fn version_origins(&self) -> (VersionOrigin, VersionOrigin) {
        let (api, stack) = self.settings.version_origins();
        let flags = self.versions_from_flags;
        (
            if flags.api.is_some() {
                VersionOrigin::Flag
            } else {
                api
            },
            if flags.stack.is_some() {
                VersionOrigin::Flag
            } else {
                stack
            },
        )
    }

    /// For a Terraform file, where the provider release in force comes from; `None` for
    /// any other file.
    pub fn provider_from(&self) -> Option<&ProviderOrigin> {
        self.provider_from.as_ref()
    }

    /// Where the pipe a scaling patch is checked against comes from; `None` without one.
    pub fn pipe_from(&self) -> Option<&PipeFrom> {
        self.pipe_from.as_ref()
    }

    /// The config that governs the file.
    pub fn config(&self) -> &Config {
        self.settings.config()
    }

    /// The lint of the file's text; a text over the size limit gets one finding instead.
    pub fn lint(&self, bytes: &[u8]) -> LintResult {
        if let Some(size) = self.over_limit(bytes) {
            return self.too_large(Some(size));
        }
        pipelint_core::lint(bytes, &self.options())
    }

    /// The lint of a Terraform plan with the configuration's `sources` ([`plan::sources`]):
    /// the plan's own result, and one per source that holds findings; `None` for a text over
    /// the size limit (which [`Prepared::lint`] reports).
    pub fn lint_plan(
        &self,
        bytes: &[u8],
        sources: &[pipelint_core::PlanSource],
    ) -> Option<pipelint_core::PlanLint> {
        if self.over_limit(bytes).is_some() {
            return None;
        }
        Some(pipelint_core::lint_plan(bytes, sources, &self.options()))
    }

    /// The text fixed with the fixes of at most `applicability` ([`pipelint_core::fix`]);
    /// a text over the size limit is not fixed.
    pub fn fix(&self, bytes: &[u8], applicability: Applicability) -> Fixed {
        self.fix_with(bytes, applicability, |_, _| ControlFlow::Continue(()))
    }

    /// [`Prepared::fix`], telling `each_pass` each pass's text and fixes
    /// ([`pipelint_core::fix_with`]).
    pub fn fix_with(
        &self,
        bytes: &[u8],
        applicability: Applicability,
        each_pass: impl FnMut(&str, &[&Fix]) -> ControlFlow<()>,
    ) -> Fixed {
        if let Some(size) = self.over_limit(bytes) {
            return Fixed::unchanged(bytes.to_vec(), self.too_large(Some(size)));
        }
        pipelint_core::fix_with(bytes, &self.options(), applicability, each_pass)
    }

    /// Reads the file at `path` as an input is read: a regular file within the size limit.
    pub fn read(&self, path: &Path, links: Links) -> Result<Vec<u8>, Unread> {
        read::read_regular(path, self.max_file_size, links)
    }

    /// The size limit of the file's text.
    pub fn max_file_size(&self) -> u64 {
        self.max_file_size
    }

    /// The finding for a file over the size limit, which is not read at all (or, from a
    /// stream, no further than one byte past the limit): `size` when it is known.
    pub fn too_large(&self, size: Option<u64>) -> LintResult {
        let limit = self.max_file_size;
        let message = match size {
            Some(size) => format!(
                "the file is {size} bytes, over the limit of {limit} bytes; it was not read"
            ),
            None => format!("the input is over the limit of {limit} bytes; it was not read"),
        };
        let diagnostic = Diagnostic::file_too_large(message).with_help(
            "API bodies are a few kilobytes: exclude this file, or raise the limit with `--max-file-size`",
        );
        pipelint_core::unread(vec![diagnostic], Some(self.settings.settings()))
    }

    /// Records which of the config's overrides set the level of a finding of `result`
    /// (for the report of unused overrides).
    pub fn note_used(&self, result: &LintResult) {
        self.settings.note_used(&result.overrides_used);
    }

    /// Why the file has the kind `result` was linted as (for `--explain-kind`): the config's
    /// `[kinds]` globs, or what the core says.
    pub fn kind_reason(&self, result: &LintResult) -> Option<String> {
        match self.kind {
            Some(kind) if self.kind_from_glob => Some(self.config().kind_glob_reason(kind)),
            _ => result.kind_reason.clone(),
        }
    }

    fn over_limit(&self, bytes: &[u8]) -> Option<u64> {
        let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        (size > self.max_file_size).then_some(size)
    }
}

/// The create body `NAME.pipe.json` beside a scaling patch `NAME.scaling.json`, which the
/// patch is checked against as if given with `--pipe`. `None` for other names, and when
/// that file is missing or unreadable (it is reported itself when it is checked).
fn paired_pipe(patch: &Path, limit: u64, links: Links) -> Option<(PathBuf, Document)> {
    let name = patch.file_name()?.to_str()?;
    let stem = name.strip_suffix(".scaling.json")?;
    if stem.is_empty() {
        return None;
    }
    let pipe = patch.with_file_name(format!("{stem}.pipe.json"));
    // Read as the patch is: a walk does not follow links.
    let bytes = read::read_regular(&pipe, limit, links).ok()?;
    Some((pipe, pipelint_core::load(&bytes).document?))
}

/// Reads `--pipe` as an input is read: a regular file within the size limit. The error is
/// ready to print.
pub fn load_pipe(path: &Path, limit: u64) -> Result<Document, String> {
    let bytes = read::read_regular(path, limit, Links::Follow).map_err(|unread| {
        let hint = match unread {
            Unread::TooLarge(_) => " (--max-file-size)",
            _ => "",
        };
        format!("--pipe {}: {}{hint}", path.display(), unread.reason(limit))
    })?;
    pipelint_core::load(&bytes)
        .document
        .ok_or_else(|| format!("--pipe {}: not a valid JSON document", path.display()))
}

#[cfg(test)]
mod tests;
