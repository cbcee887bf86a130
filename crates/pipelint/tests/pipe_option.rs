//! `pipelint check --pipe <create body> <patch>`: the source-kind rules run on a scaling
//! patch, using the source kind of the create body it applies to.

mod common;

use common::{KINESIS_PIPE, Tree};

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

/// A fresh tree holding `pipe.json` and `patch.json`.
fn files(pipe: &str, patch: &str) -> Tree {
    let tree = Tree::new();
    tree.write("pipe.json", pipe).write("patch.json", patch);
    tree
}

/// Runs `pipelint check` in the tree and returns (exit code, stdout).
fn check(tree: &Tree, args: &[&str]) -> (i32, String) {
    let run = tree.run(&[&["check", "--color", "never"], args].concat());
    (run.code, run.stdout)
}

fn check_with_pipe(tree: &Tree, patch: &str) -> (i32, String) {
    check(tree, &["--pipe", "pipe.json", patch])
}

#[test]
fn replicas_patch_for_an_object_storage_pipe_is_reported() {
    let tree = files(S3_PIPE, "{\n  \"replicas\": 3\n}\n");
    let (code, stdout) = check_with_pipe(&tree, "patch.json");
    assert!(stdout.contains("PL500(scaling-for-source)"), "{stdout}");
    assert!(
        stdout.contains("`replicas` does not apply to the paired pipe, an object-storage pipe"),
        "{stdout}"
    );
    assert!(stdout.contains("patch.json:2:3"), "{stdout}");
    assert_eq!(code, 0, "warnings only: {stdout}");

    // Without `--pipe` the patch alone does not say which pipe it scales.
    let (code, stdout) = check(&tree, &["patch.json"]);
    assert!(!stdout.contains("PL500"), "{stdout}");
    assert_eq!(code, 0);
}

#[test]
fn fitting_patch_is_clean() {
    let tree = files(
        KAFKA_PIPE,
        "{\"replicas\": 3, \"replicaCpuMillicores\": 1000, \"replicaMemoryGb\": 4}\n",
    );
    let (code, stdout) = check_with_pipe(&tree, "patch.json");
    assert_eq!(stdout, "", "no findings expected");
    assert_eq!(code, 0);
}

#[test]
fn concurrency_is_deprecated_on_object_storage_and_misapplied_elsewhere() {
    let tree = files(S3_PIPE, "{\"concurrency\": 4}\n");
    let (_, stdout) = check_with_pipe(&tree, "patch.json");
    assert!(stdout.contains("PL502(deprecated-concurrency)"), "{stdout}");
    assert!(!stdout.contains("PL500"), "{stdout}");

    let tree = files(KAFKA_PIPE, "{\"concurrency\": 4}\n");
    let (_, stdout) = check_with_pipe(&tree, "patch.json");
    assert!(stdout.contains("PL500(scaling-for-source)"), "{stdout}");
    assert!(!stdout.contains("PL502"), "reported once: {stdout}");
}

#[test]
fn patch_for_a_postgres_pipe_is_reported_once() {
    let tree = files(
        POSTGRES_PIPE,
        "{\"replicas\": 2, \"replicaCpuMillicores\": 500}\n",
    );
    let (code, stdout) = check_with_pipe(&tree, "patch.json");
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
    let tree = Tree::new();
    tree.write("pipe.json", KINESIS_PIPE)
        .write("resize.scaling.json", "{}\n");
    let (_, stdout) = check_with_pipe(&tree, "resize.scaling.json");
    assert!(stdout.contains("PL507(empty-scaling-patch)"), "{stdout}");
    assert!(
        stdout.contains("(`replicas`, `replicaCpuMillicores`, `replicaMemoryGb`)"),
        "only the members of a Kinesis pipe: {stdout}"
    );
}
