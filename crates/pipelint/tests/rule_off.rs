//! A rule turned off (in the config, with `--config KEY=VALUE`, `--ignore`, or by an
//! override) hides only its own findings: what it superseded on the same member is reported
//! again, because the core applies the settings before it decides what supersedes what.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::Tree;
use serde_json::Value;

/// A pipe response with a create-only `password` in it (leaked-secret), which is also a
/// member the response schema does not know (unknown-field, superseded).
const RESPONSE: &str = r#"{
  "requestId": "6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f",
  "status": 200,
  "result": {
    "id": "0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41",
    "name": "orders",
    "password": "hunter2hunter2"
  }
}
"#;

/// A create body whose Kafka `format` is a number: wrong-type, and (deduplicated) not one
/// of the enum's values.
const NUMBER_FORMAT: &str = r#"{
  "name": "orders",
  "source": {
    "kafka": {
      "type": "kafka",
      "format": 5,
      "authentication": "PLAIN",
      "brokers": "a.example.com:9092",
      "topics": "orders",
      "credentials": { "username": "${USER}", "password": "${PASSWORD}" }
    }
  },
  "destination": {
    "database": "d",
    "table": "orders",
    "managedTable": true,
    "columns": [{ "name": "id", "type": "UInt64" }]
  }
}
"#;

/// `(name, pointer)` of every finding of a `--output-format json` run.
fn findings(tree: &Tree, args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["check", "--output-format", "json"];
    all.extend_from_slice(args);
    let run = tree.run(&all);
    assert!(run.code == 0 || run.code == 1, "{run:#?}");
    let text = |finding: &Value, key: &str| finding[key].as_str().unwrap().to_owned();
    match run.json() {
        Value::Array(found) => found
            .iter()
            .map(|f| (text(f, "name"), text(f, "pointer")))
            .collect(),
        other => panic!("not a list: {other}"),
    }
}

fn has(found: &[(String, String)], name: &str, pointer: &str) -> bool {
    found.iter().any(|(n, p)| n == name && p == pointer)
}

const PASSWORD: &str = "/result/password";

#[test]
fn leaked_secret_off_reports_the_password_as_an_unknown_field() {
    let tree = Tree::new();
    tree.write("orders.json", RESPONSE);
    let kind = ["--kind", "pipe-response", "orders.json"];
    let default = findings(&tree, &kind);
    assert!(has(&default, "leaked-secret", PASSWORD), "{default:?}");
    assert!(!has(&default, "unknown-field", PASSWORD), "{default:?}");

    // The same through every way of turning the rule off.
    tree.write("off.toml", "[rules]\nleaked-secret = \"off\"\n");
    let ways: [&[&str]; 3] = [
        &["--config", "off.toml"],
        &["--config", "rules.leaked-secret=off"],
        &["--ignore", "PL605"],
    ];
    for way in ways {
        let args: Vec<&str> = way.iter().chain(&kind).copied().collect();
        let off = findings(&tree, &args);
        assert!(
            !off.iter().any(|(name, _)| name == "leaked-secret"),
            "{way:?}: {off:?}"
        );
        assert!(has(&off, "unknown-field", PASSWORD), "{way:?}: {off:?}");
        // Nothing else changed.
        let mut expected: Vec<_> = default
            .iter()
            .filter(|(name, _)| name != "leaked-secret")
            .cloned()
            .chain([("unknown-field".to_owned(), PASSWORD.to_owned())])
            .collect();
        let mut off = off;
        expected.sort();
        off.sort();
        assert_eq!(off, expected, "{way:?}");
    }
}

#[test]
fn an_override_that_turns_the_specific_rule_off_at_a_pointer_is_used_and_reveals_the_generic_one() {
    let tree = Tree::new();
    tree.write("orders.json", RESPONSE).write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"orders.json\"]\npointers = [\"/result/password\"]\n\
         rules = { leaked-secret = \"off\" }\n",
    );
    let run = tree
        .run(&["check", "--kind", "pipe-response", "orders.json"])
        .expect(1);
    assert!(run.stdout.contains("PL014"), "{}", run.stdout);
    assert!(!run.stdout.contains("PL605"), "{}", run.stdout);
    assert!(!run.stderr.contains("unused override"), "{}", run.stderr);
}

#[test]
fn wrong_type_off_reports_the_invalid_enum_value() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", NUMBER_FORMAT);
    let format = "/source/kafka/format";
    let default = findings(&tree, &["orders.pipe.json"]);
    assert!(has(&default, "wrong-type", format), "{default:?}");
    assert!(!has(&default, "invalid-enum-value", format), "{default:?}");
    let off = findings(
        &tree,
        &["--config", "rules.wrong-type=off", "orders.pipe.json"],
    );
    assert!(!has(&off, "wrong-type", format), "{off:?}");
    assert!(has(&off, "invalid-enum-value", format), "{off:?}");
}
