//! Overrides that suppressed nothing in a run (like ruff's unused `noqa`), so that a
//! suppression whose finding was fixed, or whose pointer no longer names it, is noticed.
//!
//! A run that checks only some files (a pre-commit hook gets the staged ones) cannot tell
//! whether an override is needed elsewhere, so an override is reported only when every
//! entry of its `files` was fully checked: each names one file (its path from the config's
//! directory, no glob) that was checked, or the run walked a directory holding the config.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use super::{Config, Override};

impl Config {
    /// One warning line per override pointer (or pointer-less override) that covered no
    /// finding although every file it names was checked. `walked` holds the absolute
    /// directories the run walked.
    pub fn unused_overrides(&self, walked: &[PathBuf], cwd: &Path) -> Vec<String> {
        let Some(source) = &self.source else {
            return Vec::new();
        };
        let walked_here = walked.iter().any(|root| self.base.starts_with(root));
        let place = crate::paths::display_name(cwd, source);
        let mut lines = Vec::new();
        for entry in &self.overrides {
            // An entry that sets only versions suppresses nothing: it applies wherever its
            // files match.
            if !entry.fully_checked(walked_here) || entry.levels.codes().is_empty() {
                continue;
            }
            let at = entry
                .position
                .map(|(line, column)| format!(":{line}:{column}"))
                .unwrap_or_default();
            for (index, used) in entry.used.iter().enumerate() {
                if used.load(Ordering::Relaxed) {
                    continue;
                }
                let pointer = entry
                    .levels
                    .pointers()
                    .get(index)
                    .map(|p| format!(" at `{}`", p.source()))
                    .unwrap_or_default();
                lines.push(format!(
                    "{place}{at}: warning: unused override: no finding of {} in {}{pointer} \
                     (remove it, or correct its pointer)",
                    entry.rule_list(),
                    entry.file_list(),
                ));
            }
        }
        lines
    }
}

impl Override {
    fn fully_checked(&self, walked_here: bool) -> bool {
        walked_here
            || self
                .file_entries
                .iter()
                .all(|(_, named_file_checked)| named_file_checked.load(Ordering::Relaxed))
    }

    fn rule_list(&self) -> String {
        self.levels.codes().join(", ")
    }

    fn file_list(&self) -> String {
        self.files
            .sources()
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
