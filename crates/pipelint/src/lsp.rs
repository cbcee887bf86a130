//! `pipelint lsp`: the language server, linting each document as `pipelint check` would,
//! with the config found from the document's directory.

use std::path::Path;

use pipelint_core::LintResult;

use crate::config::Resolver;

// The server reads a message body of at most `MAX_BODY_BYTES`: enough for `didOpen` of a
// document at the CLI's default size limit even when JSON escaping doubles its text.
const _: () = assert!(pipelint_lsp::MAX_BODY_BYTES > 2 * crate::cli::DEFAULT_MAX_FILE_SIZE);

pub fn run() -> u8 {
    pipelint_lsp::run_stdio_with(lint_with_config)
}

/// Lints an open document with the closest `pipelint.toml`: its `[kinds]` globs pick the
/// kind, its rule levels and overrides apply. Documents that are not files, and files whose
/// config cannot be read, are linted with the defaults (the CLI reports config errors).
fn lint_with_config(path: Option<&Path>, text: &str) -> LintResult {
    let Some(path) = path.filter(|p| p.is_absolute()) else {
        return pipelint_lsp::default_lint(path, text);
    };
    let dir = path.parent().unwrap_or(path);
    // Discovery reads at most one config file per directory level; a fresh resolver per lint
    // keeps edits to the config visible without a restart.
    let Ok(config) = Resolver::discover(dir).for_file(path) else {
        return pipelint_lsp::default_lint(Some(path), text);
    };
    let relative = config.relative(path);
    let file_name = path.file_name().and_then(|n| n.to_str());
    let options = pipelint_core::LintOptions {
        kind: config.kind_for(&relative).ok().flatten(),
        file_name,
        ..pipelint_core::LintOptions::default()
    };
    let mut result = pipelint_core::lint(text.as_bytes(), &options);
    result.diagnostics = config.settle(
        Some(&relative),
        &result.text,
        std::mem::take(&mut result.diagnostics),
    );
    result
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
        let with_config = lint_with_config(Some(&file), text);
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
}
