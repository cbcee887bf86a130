//! API version profiles from the command line's point of view: `api-version` and
//! `stack-version` in pipelint.toml, per override, by `--config KEY=VALUE` and by flags; the
//! versions in `json`, `json-lines` and SARIF; `pipelint profiles`.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{Tree, assert_loader_and_schema_agree, config_schema, read};
use pipelint_core::{ApiVersion, StackVersion, What};
use serde_json::Value;

/// A Kafka body with `type: gcmk`, which only api-version 2026-04 and later accept.
fn gcmk_pipe() -> String {
    read("fixtures/rules/needs-newer-api/invalid/api-kafka-gcmk.json")
}

/// A dashboard with a `bar` tile, which only stack-version 2.30 and later accept.
fn bar_dashboard() -> String {
    read("fixtures/rules/needs-newer-api/invalid/bar-tile.json")
}

/// The rule names of the findings of a `--output-format json` run.
fn names(run: &common::Run) -> Vec<String> {
    run.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect()
}

fn check_json(tree: &Tree, extra: &[&str], path: &str) -> common::Run {
    let mut args = vec!["check", "--output-format", "json"];
    args.extend_from_slice(extra);
    args.push(path);
    tree.run(&args)
}

/// The rule names and pointers of the findings of a run, without exit code: what a newer
/// profile leaves of the gcmk body depends on how far the Kafka checks go, not on the config.
fn findings(tree: &Tree, extra: &[&str], path: &str) -> Vec<(String, String)> {
    let mut args = vec!["check", "--output-format", "json"];
    args.extend_from_slice(extra);
    args.push(path);
    let run = tree.run(&args);
    run.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].to_string(), f["pointer"].to_string()))
        .collect()
}

fn newer(findings: &[(String, String)]) -> bool {
    findings
        .iter()
        .any(|(name, _)| name == "\"needs-newer-api\"")
}

#[test]
fn the_config_chooses_the_api_version_and_the_flag_beats_it() {
    let tree = Tree::new();
    tree.write("pipes/orders.pipe.json", &gcmk_pipe());
    // The contract: a warning, exit 0.
    let run = check_json(&tree, &[], "pipes").expect(0);
    assert_eq!(names(&run), ["needs-newer-api"]);
    let latest = findings(&tree, &["--api-version", "latest"], "pipes");
    assert!(!newer(&latest), "{latest:?}");

    // The config file gives what the flag gives.
    tree.write("pipelint.toml", "api-version = \"latest\"\n");
    assert_eq!(findings(&tree, &[], "pipes"), latest);
    // The flag wins over the file.
    let run = check_json(&tree, &["--api-version", "2025-11"], "pipes").expect(0);
    assert_eq!(names(&run), ["needs-newer-api"]);

    // `--config KEY=VALUE`, over a file that says otherwise.
    tree.write("pipelint.toml", "api-version = \"2025-11\"\n");
    let inline = findings(&tree, &["--config", "api-version=latest"], "pipes");
    assert_eq!(inline, latest);
}

#[test]
fn an_override_keeps_old_recorded_bodies_on_the_contract() {
    let tree = Tree::new();
    tree.write("new/orders.pipe.json", &gcmk_pipe())
        .write("recorded/orders.pipe.json", &gcmk_pipe())
        .write(
            "pipelint.toml",
            "api-version = \"latest\"\n\
             [[overrides]]\nfiles = [\"recorded\"]\napi-version = \"2025-11\"\n",
        );
    assert!(!newer(&findings(&tree, &[], "new")));
    let run = check_json(&tree, &[], "recorded").expect(0);
    assert_eq!(names(&run), ["needs-newer-api"]);
    // It is used, so not reported as an unused override.
    let run = tree.run(&["check", "."]);
    assert!(!run.stderr.contains("unused override"), "{run:#?}");
}

#[test]
fn a_stack_version_set_in_the_config_makes_the_finding_an_error() {
    let tree = Tree::new();
    tree.write("board.json", &bar_dashboard());
    let kind = ["--kind", "dashboard"];
    let run = check_json(&tree, &kind, "board.json").expect(0);
    assert_eq!(run.json()[0]["severity"], "warning", "{run:#?}");
    tree.write("pipelint.toml", "stack-version = \"2.22\"\n");
    let run = check_json(&tree, &kind, "board.json").expect(1);
    assert_eq!(run.json()[0]["severity"], "error", "{run:#?}");
    // A bare number is read as written: 2.30, not 2.3.
    tree.write("pipelint.toml", "stack-version = 2.30\n");
    let run = check_json(&tree, &kind, "board.json").expect(0);
    assert!(
        !names(&run).contains(&"needs-newer-api".to_owned()),
        "{run:#?}"
    );
}

#[test]
fn an_unknown_version_is_a_config_error_naming_the_known_ones() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", &gcmk_pipe())
        .write("pipelint.toml", "api-version = \"2026-06\"\n");
    let run = tree.run(&["check", "orders.pipe.json"]).expect(2);
    assert!(run.stderr.contains("pipelint.toml:1:15"), "{run:#?}");
    for known in ApiVersion::ALL {
        assert!(run.stderr.contains(known.as_str()), "{run:#?}");
    }
    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--stack-version",
            "2.23",
            "orders.pipe.json",
        ])
        .expect(2);
    assert!(run.stderr.contains("`2.36`"), "{run:#?}");
}

#[test]
fn json_json_lines_and_sarif_name_the_profile_and_the_first_accepting_version() {
    let tree = Tree::new();
    tree.write("orders.pipe.json", &gcmk_pipe());
    let json = check_json(&tree, &[], "orders.pipe.json").expect(0).json();
    assert_eq!(json[0]["versions"]["profile"], "api-version 2025-11");
    assert_eq!(json[0]["versions"]["acceptedFrom"], "2026-04");
    assert!(json[0]["versions"].get("removedIn").is_none());

    let lines = tree
        .run(&["check", "--output-format", "json-lines", "orders.pipe.json"])
        .expect(0);
    let first: Value = serde_json::from_str(lines.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["versions"], json[0]["versions"]);

    let sarif = tree
        .run(&["check", "--output-format", "sarif", "orders.pipe.json"])
        .expect(0)
        .json();
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["properties"]["profile"], "api-version 2025-11");
    assert_eq!(result["properties"]["acceptedFrom"], "2026-04");
    // A result's property bag is SARIF's place for them: the log stays valid.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sarif-schema-2.1.0.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");

    // A finding about something else carries none.
    tree.write("s.scaling.json", common::WARNING_ONLY_SCALING);
    let json = check_json(&tree, &[], "s.scaling.json").expect(0).json();
    assert!(json[0].get("versions").is_none(), "{json:#}");
}

#[test]
fn profiles_lists_every_version_and_every_change_of_the_table() {
    let tree = Tree::new();
    let json = tree.run(&["profiles", "--format", "json"]).expect(0).json();
    let entries = json.as_array().unwrap();
    let versions: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["setting"].as_str().unwrap(),
                e["version"].as_str().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(&str, &str)> = ApiVersion::ALL
        .iter()
        .map(|v| ("api-version", v.as_str()))
        .chain(
            StackVersion::ALL
                .iter()
                .map(|v| ("stack-version", v.as_str())),
        )
        .collect();
    assert_eq!(versions, expected);
    let adds: usize = entries
        .iter()
        .map(|e| e["adds"].as_array().unwrap().len())
        .sum();
    let removes: usize = entries
        .iter()
        .map(|e| e["removes"].as_array().unwrap().len())
        .sum();
    assert_eq!(adds, pipelint_core::changes().count());
    assert_eq!(
        removes,
        pipelint_core::changes()
            .filter(|c| c.until.is_some())
            .count()
    );
    let april = &entries[1];
    let gcmk = april["adds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["value"] == "gcmk")
        .unwrap_or_else(|| panic!("{april:#}"));
    assert_eq!(gcmk["where"][0], "/source/kafka/type");
    assert_eq!(gcmk["kinds"][0], "create-pipe");
    // Only what a user can read: no reference to internal notes (a table's row number).
    let public = [
        "kinds", "where", "what", "value", "with", "from", "to", "preview",
    ];
    for change in entries.iter().flat_map(|e| {
        e["adds"]
            .as_array()
            .unwrap()
            .iter()
            .chain(e["removes"].as_array().unwrap())
    }) {
        let keys = change.as_object().unwrap().keys();
        for key in keys {
            assert!(public.contains(&key.as_str()), "{key}: {change:#}");
        }
    }

    // The text lists each value under the version that adds it.
    let text = tree.run(&["profiles"]).expect(0).stdout;
    for change in pipelint_core::changes() {
        let What::Value(value) = change.what else {
            continue;
        };
        let heading = format!("  {}", change.since.as_str());
        let under = text
            .split_once(&format!("{}:", change.since.axis().setting()))
            .and_then(|(_, axis)| axis.split_once(&heading))
            .map(|(_, rest)| rest)
            .unwrap_or_else(|| panic!("no {heading}:\n{text}"));
        assert!(
            under.contains(&format!("+ value `{value}`")),
            "{value}:\n{text}"
        );
    }
    assert!(text.contains("2025-11 (default: the contract)"), "{text}");
}

#[test]
fn the_config_schema_and_the_starter_know_every_version() {
    let schema = config_schema();
    let api: Vec<String> = ApiVersion::ALL
        .iter()
        .map(|v| v.as_str())
        .chain(["latest"])
        .map(str::to_owned)
        .collect();
    let stack: Vec<String> = StackVersion::ALL
        .iter()
        .map(|v| v.as_str())
        .chain(["latest"])
        .map(str::to_owned)
        .collect();
    let listed = |name: &str| -> Vec<String> {
        serde_json::from_value(schema["$defs"][name]["enum"].clone()).unwrap()
    };
    assert_eq!(listed("api-version"), api);
    assert_eq!(listed("stack-version"), stack);
    let provider: Vec<String> = pipelint_core::KNOWN_PROVIDER_RELEASES
        .iter()
        .copied()
        .chain(["latest"])
        .map(str::to_owned)
        .collect();
    assert_eq!(listed("provider-version"), provider);

    let cases = [
        ("api-version = \"latest\"\nstack-version = \"2.27\"\n", true),
        ("api-version = \"2026-06\"\n", false),
        (
            "[[overrides]]\nfiles = [\"a\"]\napi-version = \"2025-11\"\n",
            true,
        ),
        ("[[overrides]]\nfiles = [\"a\"]\n", false),
        // As before versions: an empty `rules` is allowed.
        ("[[overrides]]\nfiles = [\"a\"]\nrules = {}\n", true),
        (
            "[[overrides]]\nfiles = [\"a\"]\npointers = [\"/a\"]\nstack-version = \"2.24\"\n",
            false,
        ),
        ("provider-version = \"3.24.1\"\n", true),
        ("provider-version = \"3.15.0\"\n", false),
        (
            "[[overrides]]\nfiles = [\"*.tf\"]\nprovider-version = \"latest\"\n",
            true,
        ),
        (
            "[[overrides]]\nfiles = [\"a.tf\"]\npointers = [\"clickhouse_clickpipe.a\"]\nprovider-version = \"latest\"\n",
            false,
        ),
        (
            "[[overrides]]\nfiles = [\"a.tf\"]\npointers = [\"clickhouse_clickpipe.*.source\"]\nrules = { PL011 = \"off\" }\n",
            true,
        ),
        (
            "[[overrides]]\nfiles = [\"a.tf\"]\npointers = [\"source.kafka\"]\nrules = { PL011 = \"off\" }\n",
            false,
        ),
    ];
    assert_loader_and_schema_agree(&cases);

    let tree = Tree::new();
    tree.run(&["init"]).expect(0);
    let starter = tree.read("pipelint.toml");
    for version in api.iter().chain(&stack) {
        assert!(
            starter.contains(&format!("\"{version}\"")),
            "{version}:\n{starter}"
        );
    }
    assert!(starter.contains("# api-version = ") && starter.contains("# stack-version = "));
}

#[test]
fn the_rule_page_says_from_which_version_each_value_is_accepted() {
    let tree = Tree::new();
    let page = tree.run(&["rule", "needs-newer-api"]).expect(0).stdout;
    assert!(
        page.contains("| `/source/kafka/type` | value `gcmk` | api-version 2026-04 |"),
        "{page}"
    );
    assert_eq!(page, read("docs/rules/needs-newer-api.md"));
}
