//! `pipelint check --pipe <create body> <patch>`: the source-kind rules run on a scaling
//! patch, using the source kind of the create body it applies to.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;

mod common;

use common::KINESIS_PIPE;

const KAFKA_PIPE: &str = r#"{
  "name": "orders-kafka",
  "source": {
    "kafka": {
      "type": "kafka",
      "format": "JSONEachRow",
      "authentication": "SCRAM-SHA-512",
      "brokers": "b-1.orders.kafka.eu-west-1.amazonaws.com:9096",
      "topics": "orders.v1",
      "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}
    }
  },
  "destination": {
    "database": "ingest",
    "table": "orders",
    "managedTable": true,
    "columns": [{"name": "order_id", "type": "UUID"}]
  }
}
"#;

const S3_PIPE: &str = r#"{
  "name": "noaa-ghcn-daily",
  "source": {
    "objectStorage": {
      "type": "s3",
      "format": "CSV",
      "url": "https://noaa-ghcn-pds.s3.amazonaws.com/csv.gz/by_year/2024.csv.gz"
    }
  },
  "destination": {
    "database": "weather",
    "table": "ghcn_daily",
    "managedTable": true,
    "columns": [{"name": "station_id", "type": "String"}]
  }
}
"#;

const POSTGRES_PIPE: &str = r#"{
  "name": "orders-db-cdc",
  "source": {
    "postgres": {
      "host": "orders-db.example.com",
      "port": 5432,
      "database": "orders",
      "credentials": {"username": "${PG_USER}", "password": "${PG_PASSWORD}"},
      "tableMappings": [
        {"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "public_orders"}
      ]
    }
  },
  "destination": {"database": "orders_replica"}
}
"#;

/// A fresh directory holding `pipe.json` and `patch.json`.
fn files(test: &str, pipe: &str, patch: &str) -> (PathBuf, PathBuf) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("pipe-option-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pipe_path = dir.join("pipe.json");
    let patch_path = dir.join("patch.json");
    std::fs::write(&pipe_path, pipe).unwrap();
    std::fs::write(&patch_path, patch).unwrap();
    (pipe_path, patch_path)
}

/// Runs `pipelint check` and returns (exit code, stdout).
fn check(args: &[&Path]) -> (i32, String) {
    let output = cargo_bin_cmd!("pipelint")
        .arg("check")
        .arg("--color")
        .arg("never")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn check_with_pipe(pipe: &Path, patch: &Path) -> (i32, String) {
    let output = cargo_bin_cmd!("pipelint")
        .arg("check")
        .arg("--color")
        .arg("never")
        .arg("--pipe")
        .arg(pipe)
        .arg(patch)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn replicas_patch_for_a_kinesis_pipe_is_reported() {
    let (pipe, patch) = files(
        "kinesis-replicas",
        KINESIS_PIPE,
        "{\n  \"replicas\": 3\n}\n",
    );
    let (code, stdout) = check_with_pipe(&pipe, &patch);
    assert!(stdout.contains("PL500(scaling-for-source)"), "{stdout}");
    assert!(
        stdout.contains("`replicas` does not apply to the paired pipe, a Kinesis pipe"),
        "{stdout}"
    );
    assert!(stdout.contains("patch.json:2:3"), "{stdout}");
    assert_eq!(code, 0, "warnings only: {stdout}");

    // Without `--pipe` the patch alone does not say which pipe it scales.
    let (code, stdout) = check(&[&patch]);
    assert!(!stdout.contains("PL500"), "{stdout}");
    assert_eq!(code, 0);
}

#[test]
fn fitting_patch_is_clean() {
    let (pipe, patch) = files(
        "kafka-fits",
        KAFKA_PIPE,
        "{\"replicas\": 3, \"replicaCpuMillicores\": 1000, \"replicaMemoryGb\": 4}\n",
    );
    let (code, stdout) = check_with_pipe(&pipe, &patch);
    assert_eq!(stdout, "", "no findings expected");
    assert_eq!(code, 0);
}

#[test]
fn concurrency_is_deprecated_on_object_storage_and_misapplied_elsewhere() {
    let (pipe, patch) = files("s3-concurrency", S3_PIPE, "{\"concurrency\": 4}\n");
    let (_, stdout) = check_with_pipe(&pipe, &patch);
    assert!(stdout.contains("PL502(deprecated-concurrency)"), "{stdout}");
    assert!(!stdout.contains("PL500"), "{stdout}");

    let (pipe, patch) = files("kafka-concurrency", KAFKA_PIPE, "{\"concurrency\": 4}\n");
    let (_, stdout) = check_with_pipe(&pipe, &patch);
    assert!(stdout.contains("PL500(scaling-for-source)"), "{stdout}");
    assert!(!stdout.contains("PL502"), "reported once: {stdout}");
}

#[test]
fn patch_for_a_postgres_pipe_is_reported_once() {
    let (pipe, patch) = files(
        "postgres",
        POSTGRES_PIPE,
        "{\"replicas\": 2, \"replicaCpuMillicores\": 500}\n",
    );
    let (code, stdout) = check_with_pipe(&pipe, &patch);
    assert_eq!(
        stdout.matches("PL501(scaling-on-postgres)").count(),
        1,
        "{stdout}"
    );
    assert!(!stdout.contains("PL500"), "{stdout}");
    assert_eq!(code, 0);
}

#[test]
fn empty_patch_help_names_the_members_of_the_pipe() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pipe-option-empty");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pipe = dir.join("pipe.json");
    let patch = dir.join("resize.scaling.json");
    std::fs::write(&pipe, KINESIS_PIPE).unwrap();
    std::fs::write(&patch, "{}\n").unwrap();
    let (_, stdout) = check_with_pipe(&pipe, &patch);
    assert!(stdout.contains("PL507(empty-scaling-patch)"), "{stdout}");
    assert!(
        stdout.contains("(`replicaCpuMillicores`, `replicaMemoryGb`)"),
        "only the members of a Kinesis pipe: {stdout}"
    );
}
