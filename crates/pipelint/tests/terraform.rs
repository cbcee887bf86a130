//! Terraform files through the command line: a directory walk finds `*.tf`, every output
//! format reports the finding at the attribute's line, and no format prints a secret.

mod common;

use common::{Tree, output_formats};

const SECRET: &str = "Literal-Kafka-Pass-77";

fn tree() -> Tree {
    let text =
        common::read("fixtures/terraform/invalid/kafka-auth-for-broker--warpstream-scram.tf")
            .replace(
                "password = var.warpstream_password",
                &format!("password = \"{SECRET}\""),
            );
    let tree = Tree::new();
    tree.write("infra/main.tf", &text)
        .write("infra/notes.txt", "not checked");
    tree
}

/// The line of the `authentication` attribute in the fixture.
fn authentication_line() -> usize {
    common::read("fixtures/terraform/invalid/kafka-auth-for-broker--warpstream-scram.tf")
        .lines()
        .position(|l| l.contains("authentication = \"SCRAM-SHA-256\""))
        .map(|index| index + 1)
        .unwrap_or_default()
}

#[test]
fn every_format_reports_the_attribute_line_and_never_the_secret() {
    let tree = tree();
    let line = authentication_line();
    for format in output_formats() {
        let run = tree
            .run(&["check", "--output-format", &format, "infra"])
            .expect(1);
        assert!(!run.stdout.contains(SECRET), "{format} printed the secret");
        assert!(!run.stderr.contains(SECRET), "{format} printed the secret");
        assert!(
            run.stdout.contains("PL200") || run.stdout.contains("kafka-auth-for-broker"),
            "{format}: {}",
            run.stdout
        );
        let at_line = [
            format!("main.tf:{line}:"),
            format!("\"line\": {line}"),
            format!("\"line\":{line}"),
            format!("line={line}"),
            format!("\"startLine\": {line}"),
            format!("\"begin\": {line}"),
            format!(" at {line}:"),
        ];
        assert!(
            at_line.iter().any(|at| run.stdout.contains(at.as_str())),
            "{format} does not place the finding on line {line}: {}",
            run.stdout
        );
    }
}

#[test]
fn show_files_lists_terraform_files_with_their_kind() {
    let run = tree().run(&["check", "--show-files", "infra"]).expect(0);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("main.tf"))
        .unwrap_or_else(|| panic!("main.tf not listed: {}", run.stdout));
    assert!(line.contains("terraform"), "{line}");
}

#[test]
fn a_config_maps_other_names_to_terraform() {
    let text =
        common::read("fixtures/terraform/invalid/kafka-auth-for-broker--warpstream-scram.tf");
    let tree = Tree::new();
    tree.write("pipelint.toml", "[kinds]\nterraform = [\"*.hcl\"]\n")
        .write("pipes/logs.hcl", &text);
    let run = tree
        .run(&["check", "--output-format", "concise", "pipes"])
        .expect(1);
    assert!(
        run.stdout.contains("logs.hcl:22:24: PL200"),
        "{}",
        run.stdout
    );
}
