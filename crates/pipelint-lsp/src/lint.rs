//! What the server lints an open document with: the workspace's preparation of its file
//! (the closest `pipelint.toml`, its `[kinds]` globs, `include` and `exclude`, rule levels
//! and overrides, the pipe beside a scaling patch, the size limit), the one `pipelint check`
//! makes for the same file.

use std::path::Path;

use pipelint_core::LintResult;
use pipelint_workspace::{Preparation, Workspace};

use crate::ConfigProblem;

/// What the workspace makes of one open document.
#[derive(Debug)]
pub(crate) enum Linted {
    /// The findings to show (when it is a pipelint document, see
    /// [`crate::is_pipelint_document`]).
    Findings(LintResult),
    /// Its configuration excludes the file: no diagnostics at all.
    Excluded,
    /// The configuration that governs the file cannot be used: the file is not linted, and
    /// the problem is shown on the config file and on the document.
    Unusable(ConfigProblem),
}

/// The workspace's preparation of a document, by its path when it is a file. A fresh
/// workspace each time keeps edits to the config visible without a restart (discovery reads
/// at most one config file per directory level). A document that is no file (an unsaved
/// buffer) is prepared with the defaults.
pub(crate) fn prepare(path: Option<&Path>) -> Preparation {
    match path {
        Some(path) => {
            let dir = path.parent().unwrap_or(path);
            Workspace::discover(dir).prepare(path)
        }
        None => Preparation::Ready(Box::new(
            Workspace::discover(Path::new("/")).prepare_unnamed(),
        )),
    }
}

/// Lints a document's text as its workspace prepares it. A config that cannot be used is
/// reported, and the file is not linted, as `pipelint check` lints nothing then.
pub(crate) fn lint(path: Option<&Path>, text: &str) -> Linted {
    match prepare(path) {
        Preparation::Ready(prepared) => Linted::Findings(prepared.lint(text.as_bytes())),
        Preparation::Excluded => Linted::Excluded,
        Preparation::ConfigProblem(error) => Linted::Unusable(ConfigProblem::of(&error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test, removed when dropped.
    struct Dir(std::path::PathBuf);

    impl Dir {
        fn new(name: &str) -> Dir {
            let dir =
                std::env::temp_dir().join(format!("pipelint-lsp-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
            Dir(dir)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn findings(linted: Linted) -> Vec<(&'static str, String)> {
        match linted {
            Linted::Findings(result) => result
                .diagnostics
                .iter()
                .map(|d| (d.name(), d.pointer.clone()))
                .collect(),
            other => panic!("not linted: {other:?}"),
        }
    }

    #[test]
    fn the_closest_config_silences_a_rule_for_the_editor() {
        let dir = Dir::new("config");
        let file = dir.0.join("patch.scaling.json");
        let text = r#"{"replicas": 2, "replica": 3}"#;
        let without = findings(lint(Some(&file), text));
        std::fs::write(
            dir.0.join("pipelint.toml"),
            "[rules]\nunknown-field = \"off\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let with_config = findings(lint(Some(&file), text));
        assert!(without.iter().any(|(name, _)| *name == "unknown-field"));
        assert!(!with_config.iter().any(|(name, _)| *name == "unknown-field"));
    }

    #[test]
    fn the_config_chooses_the_profile_for_the_editor_as_for_check() {
        let dir = Dir::new("profile");
        let file = dir.0.join("orders.pipe.json");
        let text =
            include_str!("../../../fixtures/rules/needs-newer-api/invalid/api-kafka-gcmk.json");
        let contract = findings(lint(Some(&file), text));
        std::fs::write(dir.0.join("pipelint.toml"), "api-version = \"latest\"\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let latest = findings(lint(Some(&file), text));
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

    #[test]
    fn the_modules_pin_and_the_config_choose_the_provider_for_the_editor() {
        let dir = Dir::new("provider");
        let file = dir.0.join("main.tf");
        // A Pub/Sub source: provider 3.14.0 lacks it (Terraform's "Unsupported argument").
        let text = "resource \"clickhouse_clickpipe\" \"e\" {\n  name = \"e\"\n  \
            service_id = \"e9b3a9c2-4f0e-4a55-9d1c-7a1f2b3c4d5e\"\n  source = {\n    \
            pubsub = {\n      format = \"JSONEachRow\"\n      project_id = \"analytics-prod-1\"\n      \
            topic = \"events\"\n      authentication = \"SERVICE_ACCOUNT\"\n      \
            seek_type = \"latest\"\n      service_account_key = { service_account_file = var.k }\n    \
            }\n  }\n  destination = {\n    table = \"t\"\n    \
            table_definition = { engine = { type = \"MergeTree\" } }\n    \
            columns = [{ name = \"id\", type = \"String\" }]\n  }\n  \
            field_mappings = [{ source_field = \"id\", destination_field = \"id\" }]\n}\n";
        let unsupported = |found: &[(&str, String)]| {
            found
                .iter()
                .any(|(n, _)| *n == "terraform-unsupported-argument")
        };
        assert!(!unsupported(&findings(lint(Some(&file), text))));
        std::fs::write(
            dir.0.join("versions.tf"),
            "terraform {\n  required_providers {\n    clickhouse = {\n      source = \"ClickHouse/clickhouse\"\n      version = \"~> 3.14.0\"\n    }\n  }\n}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(unsupported(&findings(lint(Some(&file), text))));
        std::fs::write(
            dir.0.join("pipelint.toml"),
            "provider-version = \"latest\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!unsupported(&findings(lint(Some(&file), text))));
    }

    #[test]
    fn a_config_error_is_placed_in_utf16_units_of_its_line() {
        let dir = Dir::new("config-error");
        // Before the unknown rule `bogus`: `é` is one UTF-16 unit but two bytes, `😀` two
        // units (one character) and four bytes.
        std::fs::write(
            dir.0.join("pipelint.toml"),
            "# header\nrules = { \"é😀\" = \"off\", bogus = \"off\" }\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let Linted::Unusable(problem) = lint(Some(&dir.0.join("a.pipe.json")), "{}") else {
            panic!("the config names no rule `bogus`");
        };
        assert_eq!((problem.line, problem.character), (1, 25), "{problem:?}");
        // `pipelint check` counts characters, from 1.
        assert!(problem.located.contains(":2:25:"), "{}", problem.located);

        // A byte-order mark before it is one UTF-16 unit on the first line.
        std::fs::write(
            dir.0.join("pipelint.toml"),
            "\u{feff}rules = { bogus = \"off\" }\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let Linted::Unusable(problem) = lint(Some(&dir.0.join("a.pipe.json")), "{}") else {
            panic!("the config names no rule `bogus`");
        };
        assert_eq!((problem.line, problem.character), (0, 11), "{problem:?}");
    }
}
