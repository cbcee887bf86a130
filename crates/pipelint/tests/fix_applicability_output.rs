//! The `json`, `json-lines` and `sarif` outputs say whether each fix is safe (`--fix`) or
//! unsafe (`--unsafe-fixes`), as `pipelint rules` and the `[*]` marker do.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{BAD_PIPE, Tree};
use serde_json::Value;

/// A case slip in an enum (a safe fix) and a guessed member name (an unsafe fix).
fn tree() -> Tree {
    let tree = Tree::new();
    tree.write("pipes/bad.pipe.json", BAD_PIPE).write(
        "pipes/orders.scaling.json",
        "{\"replicas\": 2, \"replicaCpuMilicores\": 500}\n",
    );
    tree
}

/// (file, code, applicability) of every finding with a fix, in output order.
fn fixes_in_json(findings: &[Value]) -> Vec<(String, String, String)> {
    findings
        .iter()
        .filter(|f| !f["fix"].is_null())
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_owned(),
                f["code"].as_str().unwrap().to_owned(),
                f["fix"]["applicability"]
                    .as_str()
                    .unwrap_or("(missing)")
                    .to_owned(),
            )
        })
        .collect()
}

fn expected() -> Vec<(String, String, String)> {
    [
        ("pipes/bad.pipe.json", "PL011", "safe"),
        ("pipes/orders.scaling.json", "PL014", "unsafe"),
    ]
    .iter()
    .map(|(p, c, a)| ((*p).to_owned(), (*c).to_owned(), (*a).to_owned()))
    .collect()
}

#[test]
fn json_and_json_lines_give_each_fix_its_applicability() {
    let tree = tree();
    let json = tree
        .run(&["check", "--output-format", "json", "pipes"])
        .json();
    let findings = json.as_array().unwrap().clone();
    assert_eq!(fixes_in_json(&findings), expected(), "{json:#}");

    let lines = tree.run(&["check", "--output-format", "json-lines", "pipes"]);
    let findings: Vec<Value> = lines
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(fixes_in_json(&findings), expected(), "{}", lines.stdout);
}

#[test]
fn sarif_gives_each_fix_its_applicability_in_the_property_bag() {
    let tree = tree();
    let log = tree
        .run(&["check", "--output-format", "sarif", "pipes"])
        .json();
    let results = log
        .pointer("/runs/0/results")
        .and_then(Value::as_array)
        .unwrap()
        .clone();
    let fixes: Vec<(String, String, String)> = results
        .iter()
        .filter_map(|r| {
            let fix = r.pointer("/fixes/0")?;
            Some((
                r.pointer("/locations/0/physicalLocation/artifactLocation/uri")?
                    .as_str()?
                    .to_owned(),
                r["ruleId"].as_str()?.to_owned(),
                fix.pointer("/properties/applicability")
                    .and_then(Value::as_str)
                    .unwrap_or("(missing)")
                    .to_owned(),
            ))
        })
        .collect();
    assert_eq!(fixes, expected(), "{log:#}");
}
