//! `pipelint check plan.json` on a Terraform plan (`terraform show -json`): findings on the
//! `.tf` lines of the configuration in the current directory or `--plan-source`, on the plan
//! itself otherwise, and no sensitive value of the plan in any output format, on stderr or in
//! the language server.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)] // a part of the LSP tests' client
#[path = "lsp/client.rs"]
mod client;
mod common;

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::client::{Client, position, uri};
use crate::common::{Tree, output_formats, run_in};

fn fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/terraform/plan")
        .join(case)
}

fn read(case: &str, file: &str) -> String {
    std::fs::read_to_string(fixture(case).join(file)).unwrap()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn annotations_point_at_the_module_file_that_declares_the_resource() {
    let run = run_in(
        &fixture("modules"),
        &["check", "plan.json", "--output-format", "github"],
        None,
    )
    .expect(1);
    let line = line_of(
        &read("modules", "modules/pipes/main.tf"),
        "replicas = var.replicas",
    );
    assert!(
        run.stdout
            .contains(&format!("::error file=modules/pipes/main.tf,line={line},")),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("file=plan.json"), "{}", run.stdout);
}

#[test]
fn plan_source_names_the_configuration_from_elsewhere() {
    let tree = Tree::new();
    tree.write("out/plan.json", &read("variables", "plan.json"));
    tree.write("infra/main.tf", &read("variables", "main.tf"));
    let line = line_of(&read("variables", "main.tf"), "authentication = var.auth");
    let placed = tree
        .run(&[
            "check",
            "out/plan.json",
            "--plan-source",
            "infra",
            "--output-format",
            "concise",
        ])
        .expect(1);
    assert!(
        placed.stdout.starts_with(&format!("infra/main.tf:{line}:")),
        "{}",
        placed.stdout
    );
    // Without it (no `.tf` in the current directory), the finding stays on the plan.
    let unplaced = tree
        .run(&["check", "out/plan.json", "--output-format", "concise"])
        .expect(1);
    assert!(
        unplaced.stdout.starts_with("out/plan.json:"),
        "{}",
        unplaced.stdout
    );
    // Beside the configuration, the plan finds it from anywhere.
    tree.write("infra/plan.json", &read("variables", "plan.json"));
    let beside = tree
        .run(&["check", "infra/plan.json", "--output-format", "concise"])
        .expect(1);
    assert!(
        beside.stdout.starts_with(&format!("infra/main.tf:{line}:")),
        "{}",
        beside.stdout
    );
    // From stdin, told by content, and by `--kind`.
    let plan = read("variables", "plan.json");
    for extra in [&[][..], &["--kind", "terraform-plan"][..]] {
        let mut args = vec![
            "check",
            "-",
            "--plan-source",
            "infra",
            "--output-format",
            "concise",
        ];
        args.extend_from_slice(extra);
        let run = tree.run_with_stdin(&args, Some(&plan)).expect(1);
        assert!(run.stdout.starts_with("infra/main.tf:"), "{}", run.stdout);
    }
}

#[test]
fn a_plan_without_a_version_constraint_takes_the_chosen_provider_release() {
    let tree = Tree::new();
    let plan =
        read("providers", "plan.json").replace("\"version_constraint\": \"~> 3.14.0\"", "\"x\": 1");
    assert!(!plan.contains("3.14"));
    tree.write("plan.json", &plan);
    let codes = |extra: &[&str]| {
        let mut args = vec!["check", "plan.json", "--output-format", "concise"];
        args.extend_from_slice(extra);
        let run = tree.run(&args).expect(1);
        run.stdout
            .lines()
            .filter_map(|line| line.split_whitespace().nth(1).map(str::to_owned))
            .collect::<Vec<String>>()
    };
    // 3.14.0 has no `gcmk` and lets a new pipe start stopped; the newest, the other way round.
    assert_eq!(codes(&["--provider-version", "3.14.0"]), ["PL027"]);
    assert_eq!(codes(&[]), ["PL028"]);
}

/// The sensitive values of the fixtures used below, as the plans hold them in clear text.
const SECRETS: &[&str] = &[
    "S3cret-Payments-Pw",
    "b-1.payments-internal.example.net:9092",
    "payments-internal",
    "Kafka-Pass-0rders!",
];

/// Each plan checked: the sensitive one on its own text, and the variables one placed on
/// its `.tf` file (whose findings quote the configuration, not the plan).
fn tree() -> Tree {
    let tree = Tree::new();
    tree.write("sensitive/plan.json", &read("sensitive", "plan.json"));
    tree.write("variables/plan.json", &read("variables", "plan.json"));
    tree.write("variables/main.tf", &read("variables", "main.tf"));
    tree
}

#[test]
fn no_sensitive_value_shows_in_any_output_format() {
    let tree = tree();
    let mut formats = output_formats();
    formats.sort();
    assert!(formats.len() >= 8, "{formats:?}");
    for format in &formats {
        for (dir, placed_on) in [("sensitive", "plan.json"), ("variables", "main.tf")] {
            let run = run_in(
                &tree.join(dir),
                &[
                    "check",
                    "plan.json",
                    "--output-format",
                    format,
                    "--explain-kind",
                    "--statistics",
                    "--color",
                    "always",
                ],
                None,
            )
            .expect(1);
            let all = format!("{}{}", run.stdout, run.stderr);
            // The findings are there (the sweep cannot pass by printing nothing).
            assert!(all.contains(placed_on), "{format} {dir}: {all}");
            for secret in SECRETS {
                assert!(
                    !all.contains(secret),
                    "{format} {dir}: `{secret}` shows:\n{all}"
                );
            }
        }
    }
}

#[test]
fn the_language_server_shows_no_sensitive_value_of_a_plan() {
    let text = read("sensitive", "plan.json");
    let (mut client, _) = Client::start();
    let uri = uri("plan.json");
    client.open(&uri, &text);
    let diagnostics = client.diagnostics(&uri, 1);
    assert!(
        diagnostics.iter().any(|d| d["code"] == "PL027"),
        "{diagnostics:?}"
    );
    let mut seen = vec![Value::Array(diagnostics.clone())];
    for diagnostic in &diagnostics {
        seen.push(client.call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": diagnostic["range"]["start"] }),
        ));
        seen.push(client.call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": diagnostic["range"],
                    "context": { "diagnostics": [diagnostic] } }),
        ));
    }
    for secret in SECRETS {
        if let Some(at) = text.find(secret) {
            seen.push(client.call(
                "textDocument/hover",
                json!({ "textDocument": { "uri": uri }, "position": position(&text, at) }),
            ));
        }
    }
    let all = Value::Array(seen).to_string();
    for secret in SECRETS {
        assert!(!all.contains(secret), "`{secret}` shows: {all}");
    }
    assert!(client.shutdown_and_exit().success());
}
