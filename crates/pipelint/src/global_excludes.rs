//! The user's global git excludes file (`core.excludesFile`), found as git finds it.
//!
//! The `ignore` crate can find it itself (`git_global`), but it compiles a regex to read the
//! git config on every directory walk: 42 % of a one-file directory run in the performance
//! review. This reads the two config files with a few lines of parsing instead, and only
//! regular files within the side-file limit, as every other file the walk reads.

use std::path::{Path, PathBuf};

// From the workspace crate itself, not through `files` (which calls this module): no circle.
use pipelint_workspace::read::{Links, SIDE_FILE_LIMIT, read_regular};

/// The global excludes file in force, if it exists: `core.excludesFile` from
/// `$XDG_CONFIG_HOME/git/config` (or `~/.config/git/config`) and then `~/.gitconfig` (the
/// later wins, as in git), else `$XDG_CONFIG_HOME/git/ignore` (or `~/.config/git/ignore`).
pub fn find() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|x| !x.is_empty())
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".config")));
    let configs = [
        xdg.as_ref().map(|x| x.join("git/config")),
        home.as_ref().map(|h| h.join(".gitconfig")),
    ];
    let configured = configs
        .iter()
        .flatten()
        .filter_map(|config| read_regular(config, SIDE_FILE_LIMIT, Links::Follow).ok())
        .filter_map(|bytes| excludes_file(&String::from_utf8_lossy(&bytes)))
        .next_back();
    let path = match configured {
        Some(value) => expand_home(&value, home.as_deref())?,
        None => xdg?.join("git/ignore"),
    };
    path.is_file().then_some(path)
}

/// The last `excludesFile` of the `[core]` section of a git config text (section and key
/// names are case-insensitive; a value may be quoted and followed by a `#` or `;` comment).
fn excludes_file(config: &str) -> Option<String> {
    let mut in_core = false;
    let mut found = None;
    for line in config.lines() {
        let line = line.trim();
        if let Some(section) = line.strip_prefix('[') {
            let name = section.split(']').next().unwrap_or_default().trim();
            in_core = name.eq_ignore_ascii_case("core");
            continue;
        }
        if !in_core {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("excludesfile") {
            found = Some(config_value(value.trim()));
        }
    }
    found.filter(|value| !value.is_empty())
}

/// A config value without its quotes or trailing comment.
fn config_value(raw: &str) -> String {
    if let Some(quoted) = raw.strip_prefix('"') {
        return quoted.split('"').next().unwrap_or_default().to_owned();
    }
    let end = raw.find(['#', ';']).unwrap_or(raw.len());
    raw[..end].trim().to_owned()
}

/// `~/x` is `x` in the home directory, as git reads it.
fn expand_home(value: &str, home: Option<&Path>) -> Option<PathBuf> {
    match value.strip_prefix("~/") {
        Some(rest) => Some(home?.join(rest)),
        None => Some(PathBuf::from(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_core_sections_key_in_any_case() {
        let config = "[user]\n\texcludesfile = not-this\n[Core]\n\tExcludesFile = ~/.gitignore_global # mine\n";
        assert_eq!(
            excludes_file(config).as_deref(),
            Some("~/.gitignore_global")
        );
    }

    #[test]
    fn the_last_value_wins_and_quotes_are_removed() {
        let config = "[core]\nexcludesfile = a\n[core]\n  excludesFile = \"/x/with space\" ; c\n";
        assert_eq!(excludes_file(config).as_deref(), Some("/x/with space"));
    }

    #[test]
    fn other_sections_and_empty_values_give_nothing() {
        assert_eq!(excludes_file("[core \"x\"]\nexcludesfile = a\n"), None);
        assert_eq!(excludes_file("[core]\nexcludesfile =\n"), None);
        assert_eq!(excludes_file("excludesfile = a\n"), None);
    }

    #[test]
    fn a_tilde_means_the_home_directory() {
        let home = Path::new("/home/u");
        assert_eq!(
            expand_home("~/g/ignore", Some(home)),
            Some(PathBuf::from("/home/u/g/ignore"))
        );
        assert_eq!(expand_home("~/g", None), None);
        assert_eq!(expand_home("/abs", None), Some(PathBuf::from("/abs")));
    }
}
