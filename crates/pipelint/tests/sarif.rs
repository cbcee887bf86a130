//! SARIF output checked against the official SARIF 2.1.0 JSON Schema (`tests/data/`).

mod common;

use common::{BAD_PIPE, EMOJI_SCALING, GOOD_PIPE, Tree};
use serde_json::Value;

fn official_schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sarif-schema-2.1.0.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn sarif_of(tree: &Tree) -> Value {
    tree.run(&["check", "--output-format", "sarif"]).json()
}

fn schema_errors(log: &Value) -> Vec<String> {
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&official_schema())
        .unwrap_or_else(|e| panic!("the SARIF schema does not compile: {e}"));
    validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn assert_valid(log: &Value) {
    let errors = schema_errors(log);
    assert!(errors.is_empty(), "{}\n{log:#}", errors.join("\n"));
}

#[test]
fn sarif_output_validates_against_the_official_schema() {
    let tree = Tree::new();
    tree.write("pipes/bad.pipe.json", BAD_PIPE)
        .write("pipes/good.pipe.json", GOOD_PIPE)
        .write("pipes/with space.scaling.json", EMOJI_SCALING);
    let log = sarif_of(&tree);
    assert!(
        log.pointer("/runs/0/results/0/fixes").is_some(),
        "a finding with a fix should be in the log: {log:#}"
    );
    assert_valid(&log);
}

/// The control: the schema does catch what our writer could get wrong.
#[test]
fn the_official_schema_rejects_a_broken_log() {
    let tree = Tree::new();
    tree.write("pipes/bad.pipe.json", BAD_PIPE);
    let log = sarif_of(&tree);
    for (pointer, wrong) in [
        ("/runs/0/results/0/level", Value::from("fatal")),
        (
            "/runs/0/results/0/locations/0/physicalLocation/region/startLine",
            Value::from(0),
        ),
        (
            "/runs/0/tool/driver/rules/0/helpUri",
            Value::from("not a uri"),
        ),
    ] {
        let mut broken = log.clone();
        if let Some(slot) = broken.pointer_mut(pointer) {
            *slot = wrong;
        }
        assert!(
            !schema_errors(&broken).is_empty(),
            "accepted a wrong {pointer}"
        );
    }
}

#[test]
fn sarif_with_no_findings_still_validates() {
    let tree = Tree::new();
    tree.write("pipes/good.pipe.json", GOOD_PIPE);
    let log = tree
        .run(&["check", "--output-format", "sarif"])
        .expect(0)
        .json();
    assert_eq!(
        log.pointer("/runs/0/results"),
        Some(&Value::Array(Vec::new()))
    );
    assert_valid(&log);
}

#[test]
fn sarif_lists_every_rule_with_description_and_help_uri() {
    let tree = Tree::new();
    tree.write("pipes/good.pipe.json", GOOD_PIPE);
    let log = sarif_of(&tree);
    let rules = log
        .pointer("/runs/0/tool/driver/rules")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no rules: {log:#}"));
    let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    let catalog: Vec<&str> = pipelint_core::rules().iter().map(|r| r.code).collect();
    assert_eq!(ids, catalog);
    for rule in rules {
        assert!(rule.pointer("/shortDescription/text").is_some(), "{rule:#}");
        let uri = rule["helpUri"].as_str().unwrap();
        assert!(
            uri.starts_with("https://") && uri.ends_with(".md"),
            "{rule:#}"
        );
    }
}

#[test]
fn sarif_results_use_utf16_columns_pointers_and_fingerprints() {
    let tree = Tree::new();
    tree.write("e.scaling.json", EMOJI_SCALING);
    let log = sarif_of(&tree);
    assert_eq!(log["runs"][0]["columnKind"], "utf16CodeUnits");
    let results = log["runs"][0]["results"].as_array().unwrap().clone();
    let wrong = results
        .iter()
        .find(|r| r["ruleId"] == "PL010")
        .unwrap_or_else(|| panic!("no PL010: {log:#}"));
    let region = &wrong["locations"][0]["physicalLocation"]["region"];
    // Character column 24 (see the json test); the emoji is two UTF-16 units.
    assert_eq!(region["startColumn"], 25);
    assert_eq!(region["endColumn"], 28);
    assert_eq!(region["startLine"], 1);
    assert_eq!(
        wrong["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "/replicas"
    );
    assert_eq!(
        wrong["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "e.scaling.json"
    );
    let index = wrong["ruleIndex"].as_u64().unwrap_or(u64::MAX) as usize;
    assert_eq!(
        log["runs"][0]["tool"]["driver"]["rules"][index]["id"],
        "PL010"
    );
    let fingerprint = wrong["partialFingerprints"]["pipelint/v1"]
        .as_str()
        .unwrap();
    assert_eq!(fingerprint.len(), 32);
}

/// The published schema's `language` pattern has a stray `]` that the jsonschema crate
/// refuses; this copy must hold the corrected one (see tests/data/README.md).
#[test]
fn the_schema_copy_has_the_corrected_language_pattern() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sarif-schema-2.1.0.json"
    ))
    .unwrap();
    assert!(!text.contains("-[a-zA-Z]{2}]?$"));
    assert_eq!(text.matches("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$").count(), 2);
}
