//! `pipelint init`: writes the commented starter config.

use std::path::Path;

use crate::config::FILE_NAMES;
use crate::{EXIT_OK, EXIT_TROUBLE};

/// The starter config; a test loads it, so it always parses.
pub const STARTER: &str = include_str!("starter.toml");

pub fn init(dir: &Path, force: bool) -> u8 {
    let existing = FILE_NAMES.iter().map(|n| dir.join(n)).find(|p| p.exists());
    if let (Some(existing), false) = (&existing, force) {
        eprintln!(
            "pipelint: {} exists; pass --force to overwrite it",
            existing.display()
        );
        return EXIT_TROUBLE;
    }
    // Overwrite the existing one rather than leave two configs in one directory.
    let path = existing.unwrap_or_else(|| dir.join(FILE_NAMES[0]));
    match std::fs::write(&path, STARTER) {
        Ok(()) => {
            eprintln!("pipelint: wrote {}", path.display());
            EXIT_OK
        }
        Err(error) => {
            eprintln!("pipelint: {}: {error}", path.display());
            EXIT_TROUBLE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_config_loads_and_changes_nothing() {
        let config = crate::config::parse(STARTER, Path::new("pipelint.toml"), Path::new("/r"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(config.selects("a/orders.pipe.json"));
        assert!(!config.selects("package.json"));
    }
}
