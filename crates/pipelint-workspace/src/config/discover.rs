//! Which config applies to a file: `--isolated`, `--config`, or the closest config file in
//! the file's directory or above it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use super::file::{defaults_with, parse_with};
use super::{Config, ConfigArgument, ConfigError, FILE_NAMES, InlineOverride, RuleSelection};
use crate::read::{Links, SIDE_FILE_LIMIT, read_regular};

/// Finds and caches configs by directory, so a walk reads each config file once.
pub struct Resolver {
    /// Set by `--config` or `--isolated`: every file uses it.
    fixed: Option<Arc<Config>>,
    defaults: Arc<Config>,
    /// Behind a lock so that files can be prepared from many threads at once.
    by_dir: Mutex<HashMap<PathBuf, Arc<Config>>>,
    /// `--config KEY=VALUE` overrides, laid over every config file found.
    inline: Vec<InlineOverride>,
    /// `--select`, `--extend-select` and `--ignore`, laid over every config.
    selection: RuleSelection,
}

impl Resolver {
    /// Looks for config files from each file's directory upward.
    pub fn discover(cwd: &Path) -> Resolver {
        Resolver {
            fixed: None,
            defaults: Arc::new(Config::defaults(cwd)),
            by_dir: Mutex::default(),
            inline: Vec::new(),
            selection: RuleSelection::default(),
        }
    }

    /// The resolver `pipelint check` asks for: `--isolated`, then at most one `--config FILE`,
    /// else discovery; `--config KEY=VALUE` overrides apply to whichever config a file gets
    /// (the defaults included), and so does the command line's rule `selection`. Messages
    /// are ready to print.
    pub fn for_run(
        cwd: &Path,
        isolated: bool,
        arguments: &[ConfigArgument],
        selection: &RuleSelection,
    ) -> Result<Resolver, String> {
        let mut files = Vec::new();
        let mut inline = Vec::new();
        for argument in arguments {
            match argument {
                ConfigArgument::File(path) => files.push(path),
                ConfigArgument::Inline(over) => inline.push(over.clone()),
            }
        }
        if files.len() > 1 {
            return Err(
                "--config FILE can be given once (--config KEY=VALUE any number of times)".into(),
            );
        }
        // Checks every override once, before any file is looked at.
        let mut defaults = defaults_with(cwd, &inline).map_err(|e| e.to_string())?;
        defaults.select(selection);
        let defaults = Arc::new(defaults);
        let fixed = match files.first() {
            _ if isolated => Some(defaults.clone()),
            Some(path) => Some(Arc::new(
                load(path, cwd, &inline, selection).map_err(|e| format!("--config {e}"))?,
            )),
            None => None,
        };
        Ok(Resolver {
            fixed,
            defaults,
            by_dir: Mutex::default(),
            inline,
            selection: selection.clone(),
        })
    }

    /// Every config file loaded so far, once each (for the report of unused overrides).
    pub fn loaded(&self) -> Vec<Arc<Config>> {
        let mut configs: Vec<Arc<Config>> = Vec::new();
        let by_dir = self.by_dir.lock().unwrap_or_else(PoisonError::into_inner);
        for config in self.fixed.iter().chain(by_dir.values()) {
            if config.source.is_some() && !configs.iter().any(|c| Arc::ptr_eq(c, config)) {
                configs.push(config.clone());
            }
        }
        configs.sort_by(|a, b| a.source.cmp(&b.source));
        configs
    }

    /// A warning for each rule the `--config KEY=VALUE` overrides name by an old name: once
    /// per run, however many configs they are laid over (those configs warn only about
    /// their own keys).
    pub fn inline_renamed_rules(&self, cwd: &Path) -> Vec<String> {
        self.defaults.renamed_rules(cwd)
    }

    /// The built-in defaults, with the run's `--config KEY=VALUE` overrides and rule
    /// selection (for a document that is no file).
    pub fn defaults(&self) -> Arc<Config> {
        self.defaults.clone()
    }

    /// The config for a file, given by its absolute path.
    pub fn for_file(&self, file: &Path) -> Result<Arc<Config>, ConfigError> {
        match file.parent() {
            Some(dir) => self.for_dir(dir),
            None => Ok(self.fixed.clone().unwrap_or_else(|| self.defaults.clone())),
        }
    }

    /// The config for files in an absolute directory: the closest config file at or above.
    pub fn for_dir(&self, dir: &Path) -> Result<Arc<Config>, ConfigError> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed.clone());
        }
        // Held while a config is loaded: the walk is one thread, and two threads preparing
        // files of one new directory load its config once.
        let mut by_dir = self.by_dir.lock().unwrap_or_else(PoisonError::into_inner);
        let mut unresolved = Vec::new();
        let mut found = None;
        for ancestor in dir.ancestors() {
            if let Some(config) = by_dir.get(ancestor) {
                found = Some(config.clone());
                break;
            }
            unresolved.push(ancestor.to_path_buf());
            if let Some(path) = config_file_in(ancestor)? {
                let config = load(&path, ancestor, &self.inline, &self.selection)?;
                found = Some(Arc::new(config));
                break;
            }
        }
        let config = found.unwrap_or_else(|| self.defaults.clone());
        for dir in unresolved {
            by_dir.insert(dir, config.clone());
        }
        Ok(config)
    }
}

/// The config file in one directory; both names at once is an error, not a guess. Anything
/// by those names counts (a FIFO, a dangling link), so that loading it reports what is wrong
/// instead of silently using the defaults.
fn config_file_in(dir: &Path) -> Result<Option<PathBuf>, ConfigError> {
    let present: Vec<PathBuf> = FILE_NAMES
        .iter()
        .map(|name| dir.join(name))
        .filter(|path| path.symlink_metadata().is_ok())
        .collect();
    match present.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        [first, ..] => Err(ConfigError {
            path: first.clone(),
            position: None,
            offset: None,
            message: format!(
                "both {} and {} are in {}; keep one",
                FILE_NAMES[0],
                FILE_NAMES[1],
                dir.display()
            ),
        }),
    }
}

/// Reads a config file as an input is read: a regular file (not a FIFO or device), within
/// the size limit, and lays the inline overrides and the rule selection over it.
fn load(
    path: &Path,
    base: &Path,
    inline: &[InlineOverride],
    selection: &RuleSelection,
) -> Result<Config, ConfigError> {
    let unreadable = |reason: String| ConfigError {
        path: path.to_path_buf(),
        position: None,
        offset: None,
        message: format!("cannot read: {reason}"),
    };
    let bytes = read_regular(path, SIDE_FILE_LIMIT, Links::Follow)
        .map_err(|unread| unreadable(unread.reason(SIDE_FILE_LIMIT)))?;
    let text = String::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))?;
    let mut config = parse_with(&text, path, base, inline)?;
    config.select(selection);
    Ok(config)
}
