//! `pipelint lsp`: the language server, linting each document as `pipelint check` would,
//! with the config found from the document's directory.

use std::path::Path;

use pipelint_lsp::{ConfigProblem, Linted};

use pipelint_workspace::Preparation;

use crate::config::ConfigError;
use crate::files::{self, Links, SIDE_FILE_LIMIT};

// The server reads a message body of at most `MAX_BODY_BYTES`: enough for `didOpen` of a
// document at the CLI's default size limit even when JSON escaping doubles its text.
const _: () = assert!(pipelint_lsp::MAX_BODY_BYTES > 2 * crate::cli::DEFAULT_MAX_FILE_SIZE);

pub fn run() -> u8 {
    pipelint_lsp::run_stdio_with(lint_with_config)
}

/// Lints an open document with the closest `pipelint.toml`: its `[kinds]` globs pick the
/// kind, its rule levels and overrides apply, and the files its `include` and `exclude`
/// patterns leave out get no diagnostics (as `check --force-exclude`, the pre-commit hook,
/// skips them). A config that cannot be used is reported, and the file is not linted, as
/// `pipelint check` lints nothing then: findings under the defaults would be findings the
/// team turned off, and CI would not show them. Documents that are not files are linted with
/// the defaults.
fn lint_with_config(path: Option<&Path>, text: &str) -> Linted {
    let Some(path) = path.filter(|p| p.is_absolute()) else {
        return Linted::Findings(pipelint_lsp::default_lint(path, text));
    };
    let dir = path.parent().unwrap_or(path);
    // A fresh workspace per lint keeps edits to the config visible without a restart.
    match pipelint_workspace::Workspace::discover(dir).prepare(path) {
        Preparation::Ready(prepared) => Linted::Findings(prepared.lint(text.as_bytes())),
        Preparation::Excluded => Linted::Excluded,
        Preparation::ConfigProblem(error) => Linted::NotLinted(config_problem(error)),
    }
}

/// A config error in the server's terms: its 1-based line and column (in characters) become
/// the 0-based line and UTF-16 column an editor expects, read from the config's text.
fn config_problem(error: ConfigError) -> ConfigProblem {
    let located = error.to_string();
    let (line, character) = error.position.map_or((0, 0), |(line, column)| {
        let text = files::read_regular(&error.path, SIDE_FILE_LIMIT, Links::Follow)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .unwrap_or_default();
        let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
        // Past the end of the line (or an unreadable file): count the missing characters
        // as one unit each.
        let within: usize = line_text
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf16)
            .sum();
        let beyond = column
            .saturating_sub(1)
            .saturating_sub(line_text.chars().count());
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        (to_u32(line.saturating_sub(1)), to_u32(within + beyond))
    });
    ConfigProblem {
        path: error.path,
        line,
        character,
        message: error.message,
        located,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_config_silences_a_rule_for_the_editor() {
        let dir = std::env::temp_dir().join(format!("pipelint-lsp-config-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            dir.join("pipelint.toml"),
            "[rules]\nunknown-field = \"off\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let file = dir.join("patch.scaling.json");
        let text = r#"{"replicas": 2, "replica": 3}"#;
        let Linted::Findings(with_config) = lint_with_config(Some(&file), text) else {
            panic!("the config selects {}", file.display());
        };
        let without = pipelint_lsp::default_lint(Some(&file), text);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            without
                .diagnostics
                .iter()
                .any(|d| d.name() == "unknown-field")
        );
        assert!(
            !with_config
                .diagnostics
                .iter()
                .any(|d| d.name() == "unknown-field")
        );
    }

    #[test]
    fn the_config_chooses_the_profile_for_the_editor_as_for_check() {
        let dir = std::env::temp_dir().join(format!("pipelint-lsp-profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let file = dir.join("orders.pipe.json");
        let text =
            include_str!("../../../fixtures/rules/needs-newer-api/invalid/api-kafka-gcmk.json");
        let names = |linted: Linted| match linted {
            Linted::Findings(result) => result
                .diagnostics
                .iter()
                .map(|d| (d.name(), d.pointer.clone()))
                .collect::<Vec<_>>(),
            _ => panic!("the config selects {}", file.display()),
        };
        let contract = names(lint_with_config(Some(&file), text));
        std::fs::write(dir.join("pipelint.toml"), "api-version = \"latest\"\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let latest = names(lint_with_config(Some(&file), text));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(contract.iter().any(|(name, _)| *name == "needs-newer-api"));
        assert!(!latest.iter().any(|(name, _)| *name == "needs-newer-api"));
        // What `pipelint check --api-version latest` reports.
        let options = pipelint_core::LintOptions::new()
            .file_name("orders.pipe.json")
            .profile(pipelint_core::Profile::latest());
        let cli = pipelint_core::lint(text.as_bytes(), &options);
        let cli: Vec<_> = cli
            .diagnostics
            .iter()
            .map(|d| (d.name(), d.pointer.clone()))
            .collect();
        assert_eq!(latest, cli);
    }
}
