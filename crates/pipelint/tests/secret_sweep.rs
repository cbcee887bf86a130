//! Secrets never leak: every output format, over files that hold known secrets (parsed,
//! broken, split over lines, echoed by another finding), must not contain any of them.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// Every secret planted in the inputs below.
const SECRETS: &[&str] = &[
    "Kafka-Pa55word-Planted",
    "Registry-Pa55-Planted",
    "wJalrXUtnFEMIK7MDENGbPxRfiCYPLANTED",
    "AccountKey=cGxhbnRlZC1henVyZS1rZXk=",
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjPLANTED",
    "gcp-service-account-key-PLANTED",
    "Truncated-Secret-Planted",
];

const FORMATS: &[&str] = &[
    "full",
    "concise",
    "json",
    "json-lines",
    "sarif",
    "github",
    "gitlab",
    "junit",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh directory under the target dir, with the planted inputs (one per test: tests
/// run in parallel).
fn planted_inputs(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("secret-sweep")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let base = std::fs::read_to_string(
        root().join("fixtures/create-pipe/valid/kafka-confluent-avro-schema-registry.json"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut kafka: serde_json::Value =
        serde_json::from_str(&base).unwrap_or_else(|e| panic!("{e}"));
    let source = &mut kafka["source"]["kafka"];
    source["credentials"]["password"] = SECRETS[0].into();
    source["credentials"]["privateKey"] = SECRETS[4].into();
    source["schemaRegistry"]["credentials"]["password"] = SECRETS[1].into();
    source["schemaRegistry"]["url"] = "http://registry.internal:8081".into();
    // The same secret in an enum member: its finding would echo the value.
    source["authentication"] = SECRETS[0].into();
    write(
        &dir,
        "kafka.pipe.json",
        &serde_json::to_string_pretty(&kafka).unwrap_or_default(),
    );

    let base = std::fs::read_to_string(
        root().join("fixtures/create-pipe/valid/objectstorage-gcs-iam-user.json"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut gcs: serde_json::Value = serde_json::from_str(&base).unwrap_or_else(|e| panic!("{e}"));
    gcs["source"]["objectStorage"]["accessKey"]["secretKey"] = SECRETS[2].into();
    gcs["source"]["objectStorage"]["serviceAccountKey"] = SECRETS[5].into();
    gcs["source"]["objectStorage"]["format"] = "parquet".into();
    // The secret value on the line after its key.
    let text = serde_json::to_string_pretty(&gcs)
        .unwrap_or_default()
        .replace(
            &format!("\"secretKey\": \"{}\"", SECRETS[2]),
            &format!("\"secretKey\":\n        \"{}\"", SECRETS[2]),
        );
    write(&dir, "gcs.pipe.json", &text);

    let base =
        std::fs::read_to_string(root().join(
            "fixtures/create-pipe/valid/objectstorage-azureblobstorage-connection-string.json",
        ))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut azure: serde_json::Value =
        serde_json::from_str(&base).unwrap_or_else(|e| panic!("{e}"));
    azure["source"]["objectStorage"]["connectionString"] = format!(
        "DefaultEndpointsProtocol=https;AccountName=ingest;{};EndpointSuffix=core.windows.net",
        SECRETS[3]
    )
    .into();
    azure["source"]["objectStorage"]["type"] = "s3".into();
    write(
        &dir,
        "azure.pipe.json",
        &serde_json::to_string_pretty(&azure).unwrap_or_default(),
    );

    // A broken file: the secret sits right before the syntax error.
    write(
        &dir,
        "broken.pipe.json",
        &format!(
            "{{\n  \"source\": {{\"kafka\": {{\"credentials\": {{\"password\": \"{}\",}}",
            SECRETS[6]
        ),
    );
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{e}"));
}

fn assert_clean(what: &str, output: &str) {
    for secret in SECRETS {
        assert!(
            !output.contains(secret),
            "{what} leaks `{secret}`:\n{output}"
        );
    }
}

#[test]
fn no_output_format_leaks_a_secret() {
    let dir = planted_inputs("formats");
    for format in FORMATS {
        for color in ["never", "always"] {
            let output = Command::cargo_bin("pipelint")
                .unwrap_or_else(|e| panic!("{e}"))
                .args(["check", "--output-format", format, "--color", color])
                .arg(&dir)
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                !stdout.trim().is_empty() || *format == "full",
                "{format}: no output at all"
            );
            assert_clean(&format!("{format} stdout"), &stdout);
            assert_clean(
                &format!("{format} stderr"),
                &String::from_utf8_lossy(&output.stderr),
            );
        }
        let file = dir.join(format!("report.{format}"));
        let output = Command::cargo_bin("pipelint")
            .unwrap_or_else(|e| panic!("{e}"))
            .args(["check", "--output-format", format, "--output-file"])
            .arg(&file)
            .arg(dir.join("kafka.pipe.json"))
            .arg(dir.join("gcs.pipe.json"))
            .arg(dir.join("azure.pipe.json"))
            .arg(dir.join("broken.pipe.json"))
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let written = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{format}: no output file: {e}"));
        assert!(!written.is_empty(), "{format}: empty output file");
        assert_clean(&format!("{format} output file"), &written);
        assert_clean(
            &format!("{format} stdout"),
            &String::from_utf8_lossy(&output.stdout),
        );
        assert_clean(
            &format!("{format} stderr"),
            &String::from_utf8_lossy(&output.stderr),
        );
    }
}

#[test]
fn show_secrets_reveals_them_with_a_warning() {
    let dir = planted_inputs("show");
    let output = Command::cargo_bin("pipelint")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(["check", "--show-secrets", "--color", "never"])
        .arg(dir.join("kafka.pipe.json"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(SECRETS[0]),
        "--show-secrets did not show the secret:\n{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--show-secrets"),
        "no warning on stderr:\n{stderr}"
    );
}
