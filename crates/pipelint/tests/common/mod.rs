//! Shared by the CLI tests: throwaway project trees and a runner for the built binary.
#![allow(dead_code)] // each test file uses a different part
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

use tempfile::TempDir;

/// Where the repository's files are: `repo_root`, `read`, `json_files`, `fixture_rule`.
#[path = "../../../pipelint-core/tests/common/mod.rs"]
mod repository;
#[allow(unused_imports)] // as `dead_code` above: some test files use none of it
pub use repository::*;

/// Every `--output-format`, as typed on the command line.
pub fn output_formats() -> Vec<String> {
    use clap::ValueEnum;
    pipelint::output::Format::value_variants()
        .iter()
        .map(|f| f.to_possible_value().unwrap().get_name().to_owned())
        .collect()
}

/// A valid create-pipe body.
pub const GOOD_PIPE: &str = r#"{
  "name": "app-logs",
  "source": {
    "kafka": {
      "type": "warpstream",
      "format": "JSONEachRow",
      "authentication": "PLAIN",
      "brokers": "serverless.warpstream.com:9092",
      "topics": "app-logs",
      "credentials": {
        "username": "${USER}",
        "password": "${PASSWORD}"
      }
    }
  },
  "destination": {
    "database": "observability",
    "table": "app_logs",
    "managedTable": false,
    "columns": [
      { "name": "timestamp", "type": "DateTime64(3, 'UTC')" },
      { "name": "message", "type": "String" }
    ]
  }
}
"#;

/// `GOOD_PIPE` with an invalid enum value (PL011, error, line 7 column 25) and an unknown
/// member (PL014, warning, at `/source/kafka/extraOption`).
pub const BAD_PIPE: &str = r#"{
  "name": "app-logs",
  "source": {
    "kafka": {
      "type": "warpstream",
      "format": "JSONEachRow",
      "authentication": "scram-sha-512",
      "brokers": "serverless.warpstream.com:9092",
      "topics": "app-logs",
      "extraOption": true,
      "credentials": {
        "username": "${USER}",
        "password": "${PASSWORD}"
      }
    }
  },
  "destination": {
    "database": "observability",
    "table": "app_logs",
    "managedTable": false,
    "columns": [
      { "name": "timestamp", "type": "DateTime64(3, 'UTC')" },
      { "name": "message", "type": "String" }
    ]
  }
}
"#;

/// A scaling patch with only a warning-level finding (PL014 unknown-field).
pub const WARNING_ONLY_SCALING: &str = "{\"replicas\": 2, \"replicaz\": 3}\n";

/// A scaling patch whose wrong-typed value follows an emoji on the same line: character
/// column 24, UTF-16 column 25.
pub const EMOJI_SCALING: &str = "{\"zz\u{1F600}\": 1, \"replicas\": \"x\"}\n";

/// A temporary directory to build a project tree in.
pub struct Tree {
    dir: TempDir,
}

impl Tree {
    pub fn new() -> Tree {
        Tree {
            dir: tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}")),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn join(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// Writes a file, creating its directories.
    pub fn write(&self, relative: &str, text: &str) -> &Tree {
        let path = self.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{relative}: {e}"));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{relative}: {e}"));
        self
    }

    pub fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
    }

    /// Runs `pipelint` with the tree as working directory.
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, None)
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: Option<&str>) -> Run {
        run_in(self.path(), args, stdin.map(str::as_bytes))
    }
}

/// Runs the built `pipelint` in `dir`, without colour and with no output format from the
/// environment. A minute at most: an input that blocks (a FIFO) must fail the test, not hang it.
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"))
        .args(args)
        .current_dir(dir)
        .env_remove("PIPELINT_OUTPUT_FORMAT")
        .env("NO_COLOR", "1")
        .write_stdin(stdin.unwrap_or_default().to_vec())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap_or_else(|e| panic!("running pipelint: {e}"));
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// What one run printed and returned.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit code, showing the output when it differs.
    pub fn expect(self, code: i32) -> Run {
        assert_eq!(self.code, code, "unexpected exit code; run: {self:#?}");
        self
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    /// The `path:line:col: CODE` prefixes of `--output-format concise`.
    pub fn concise_codes(&self) -> Vec<String> {
        self.stdout
            .lines()
            .map(|line| line.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect()
    }
}

/// Characters that would act on a terminal or reorder text, other than the line breaks
/// of the output itself.
pub fn acting(out: &str) -> Vec<char> {
    out.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

/// A valid Kinesis create body (its source kind drives the scaling rules).
pub const KINESIS_PIPE: &str = r#"{
  "name": "shipments-kinesis",
  "source": {
    "kinesis": {
      "authentication": "IAM_ROLE",
      "format": "JSONEachRow",
      "iamRole": "arn:aws:iam::123456789012:role/pipes-kinesis-shipments-reader",
      "iteratorType": "TRIM_HORIZON",
      "region": "eu-west-1",
      "streamName": "shipment-events"
    }
  },
  "destination": {
    "database": "logistics",
    "table": "shipment_events",
    "managedTable": true,
    "columns": [{"name": "shipment_id", "type": "String"}]
  }
}
"#;

/// The published config schema (`schemas/pipelint-config.schema.json`), checked against its
/// meta-schema.
pub fn config_schema() -> serde_json::Value {
    let path = repo_root().join("schemas/pipelint-config.schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let schema: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert!(jsonschema::meta::is_valid(&schema), "fails its meta-schema");
    schema
}

/// The config loader and the published schema both accept each text marked `true` and both
/// reject each marked `false`.
pub fn assert_loader_and_schema_agree(cases: &[(&str, bool)]) {
    let validator = jsonschema::validator_for(&config_schema()).unwrap();
    for &(text, accepted) in cases {
        let loaded = pipelint::config::parse(text, Path::new("pipelint.toml"), Path::new("/r"));
        assert_eq!(
            loaded.is_ok(),
            accepted,
            "loader on:\n{text}\n{:?}",
            loaded.err()
        );
        let value: serde_json::Value = toml::from_str(text).unwrap();
        assert_eq!(validator.is_valid(&value), accepted, "schema on:\n{text}");
    }
}
