//! The Terraform provider release a `.tf` file is checked against, and the API snapshot that
//! follows from it.
//!
//! Precedence, first that applies:
//! 1. `--provider-version` (or Python's `provider_version=`);
//! 2. `provider-version` in the config: the last `[[overrides]]` entry for the file that sets
//!    it, then the top level (or `--config provider-version=…`);
//! 3. the module's pin: the `required_providers` entry whose `source` is
//!    `ClickHouse/clickhouse` in a `.tf` or `.tf.json` file of the file's own directory;
//!    its constraint selects the newest bundled release it allows;
//! 4. the newest bundled release.
//!
//! The API snapshot of a `.tf` file is the one its provider release targets, unless an
//! `api-version` applies to the file (flag, override or top level): an explicit choice wins.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pipelint_core::{
    DocumentKind, ProviderSelected, ProviderVersion, provider_pin, select_provider,
};

use crate::config::VersionOrigin;
use crate::read::{self, Links};

/// Where the provider release in force for a `.tf` file comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProviderOrigin {
    /// `--provider-version`, the config's top level or an override.
    Chosen(VersionOrigin),
    /// The module's `required_providers` pin.
    Pin(ModulePin),
    /// No setting and no pin: the newest bundled release.
    Newest,
}

/// The module's pin of the ClickHouse provider and what it selects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModulePin {
    /// The file that holds the `required_providers` entry.
    pub file: PathBuf,
    /// The 1-based line of its `version` (or of the entry).
    pub line: usize,
    /// The constraint as written; `None` when the entry has none.
    pub constraint: Option<String>,
    /// What it selects; `None` without a constraint (the newest is used).
    pub selected: Option<ProviderSelected>,
    /// The constraint does not parse: why (the newest is used).
    pub unreadable: Option<String>,
}

impl ModulePin {
    /// The release the pin makes the profile.
    pub fn version(&self) -> ProviderVersion {
        self.selected
            .as_ref()
            .map_or(ProviderVersion::LATEST, ProviderSelected::version)
    }

    /// The warning for a pin that no bundled release satisfies, or that cannot be read;
    /// `None` when it selects a bundled release. `shown` names the file for the message.
    pub fn warning(&self, shown: &str) -> Option<String> {
        let at = format!("{shown}:{}", self.line);
        let constraint = self.constraint.as_deref().unwrap_or_default();
        let bundled = ProviderVersion::list();
        if let Some(why) = &self.unreadable {
            return Some(format!(
                "{at}: warning: {why} for the ClickHouse provider; checking `.tf` files here \
                 against the newest bundled provider version, {}",
                ProviderVersion::LATEST
            ));
        }
        match self.selected.as_ref()? {
            ProviderSelected::Matches { .. } => None,
            ProviderSelected::NoneMatches { nearest } => Some(format!(
                "{at}: warning: the provider constraint `{constraint}` allows no bundled \
                 provider version (bundled: {bundled}); checking `.tf` files here against the \
                 nearest, {nearest} (set `provider-version` to choose another)"
            )),
            ProviderSelected::OlderThanBundled => Some(format!(
                "{at}: warning: the provider constraint `{constraint}` allows only releases \
                 older than the oldest bundled provider version, {oldest} (bundled: \
                 {bundled}); checking `.tf` files here against {oldest}, which may accept \
                 what the older release rejects",
                oldest = ProviderVersion::OLDEST
            )),
        }
    }
}

/// The pins of the modules a run has read, by directory: each directory is read once.
#[derive(Default)]
pub(crate) struct Pins {
    by_dir: Mutex<HashMap<PathBuf, Option<ModulePin>>>,
}

impl Pins {
    /// The pin of the module in `dir`: the first `.tf` or `.tf.json` file (by name) with a
    /// `required_providers` entry of the ClickHouse provider. Only regular files of `dir`
    /// itself are read, within the size limit; a link is not followed.
    pub(crate) fn of(&self, dir: &Path, limit: u64) -> Option<ModulePin> {
        if let Ok(cache) = self.by_dir.lock()
            && let Some(pin) = cache.get(dir)
        {
            return pin.clone();
        }
        let pin = read_pin(dir, limit);
        if let Ok(mut cache) = self.by_dir.lock() {
            cache.insert(dir.to_path_buf(), pin.clone());
        }
        pin
    }
}

impl Pins {
    /// The warnings of the pins read so far ([`ModulePin::warning`]), sorted.
    pub(crate) fn warnings(&self, shown: impl Fn(&Path) -> String) -> Vec<String> {
        let Ok(cache) = self.by_dir.lock() else {
            return Vec::new();
        };
        let mut lines: Vec<String> = cache
            .values()
            .flatten()
            .filter_map(|pin| pin.warning(&shown(&pin.file)))
            .collect();
        lines.sort();
        lines
    }
}

fn read_pin(dir: &Path, limit: u64) -> Option<ModulePin> {
    read::terraform_files(dir).into_iter().find_map(|path| {
        let json = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(DocumentKind::file_suffix)
            .is_some_and(|(suffix, _)| suffix == ".tf.json");
        let bytes = read::read_regular(&path, limit, Links::Refuse).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let found = provider_pin(&text, json)?;
        let (selected, unreadable) = match found.constraint.as_deref().map(select_provider) {
            None => (None, None),
            Some(Ok(selected)) => (Some(selected), None),
            Some(Err(why)) => (None, Some(why)),
        };
        Some(ModulePin {
            file: path,
            line: found.line,
            constraint: found.constraint,
            selected,
            unreadable,
        })
    })
}
