//! `pipelint init`: writes the commented starter config.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::FILE_NAMES;
use crate::console;
use crate::{EXIT_OK, EXIT_TROUBLE};

/// The starter config; a test loads it, so it always parses.
pub const STARTER: &str = include_str!("starter.toml");

pub fn init(dir: &Path, force: bool) -> u8 {
    // `symlink_metadata`: a link, even a dangling one, counts as present.
    let existing = FILE_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.symlink_metadata().is_ok());
    let written = match &existing {
        None => write_new(&dir.join(FILE_NAMES[0])),
        Some(existing) if existing.is_symlink() => Err(format!(
            "{} is a symbolic link; pipelint init does not write through links (remove it \
             or run init where it points)",
            existing.display()
        )),
        Some(existing) if !force => Err(format!(
            "{} exists; pass --force to overwrite it",
            existing.display()
        )),
        // Overwrite the existing one rather than leave two configs in one directory.
        Some(existing) => replace(existing),
    };
    match written {
        Ok(path) => {
            console::message(format!("wrote {}", path.display()));
            EXIT_OK
        }
        Err(message) => {
            console::message(message);
            EXIT_TROUBLE
        }
    }
}

/// Creates the file; fails if anything (a file, a link planted since the look) is there.
fn write_new(path: &Path) -> Result<PathBuf, String> {
    let failed = |error: std::io::Error| format!("{}: {error}", path.display());
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(failed)?;
    file.write_all(STARTER.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|error| {
            // Leave no half-written config behind.
            let _ = std::fs::remove_file(path);
            failed(error)
        })?;
    Ok(path.to_path_buf())
}

/// Replaces a regular file: a new file beside it, renamed over it (a rename replaces the
/// directory entry, so it never writes through a link either).
fn replace(path: &Path) -> Result<PathBuf, String> {
    let failed = |error: std::io::Error| format!("{}: {error}", path.display());
    let mut file = crate::files::temp_file_beside(path).map_err(failed)?;
    file.write_all(STARTER.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(failed)?;
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use pipelint_core::ApiVersion;

    use super::*;

    #[test]
    fn the_starter_config_loads_and_changes_nothing() {
        let config = crate::config::parse(STARTER, Path::new("pipelint.toml"), Path::new("/r"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(config.selects("a/orders.pipe.json"));
        assert!(!config.selects("package.json"));
    }

    /// `init` sets the newest API version pipelint knows, written out (not `latest`, whose
    /// meaning moves with each pipelint), and its comment names every version.
    #[test]
    fn the_starter_sets_the_newest_api_version_and_names_every_one() {
        let line = format!("\napi-version = \"{}\"\n", ApiVersion::LATEST.as_str());
        assert!(STARTER.contains(&line), "{STARTER}");
        for version in ApiVersion::ALL {
            assert!(STARTER.contains(&format!("\"{}\"", version.as_str())));
        }
        let config = crate::config::parse(STARTER, Path::new("pipelint.toml"), Path::new("/r"))
            .unwrap_or_else(|e| panic!("{e}"));
        let versions = std::sync::Arc::new(config)
            .settings_for(Some("a.pipe.json"))
            .versions();
        assert_eq!(versions.api, Some(ApiVersion::LATEST));
    }

    /// The comment on directory walks names every file name a walk checks (`*.tf` too).
    #[test]
    fn the_starter_names_every_file_name_a_walk_checks() {
        for pattern in crate::config::DEFAULT_INCLUDE.iter() {
            assert!(STARTER.contains(&format!(" {pattern}")), "{pattern}");
        }
    }
}
