//! Terraform files: `clickhouse_clickpipe` resources checked by the create-pipe rules, with
//! findings at the attribute's line, in Terraform's words, and secrets masked.
#![allow(clippy::unwrap_used)]

use pipelint_core::{Applicability, DocumentKind, LintOptions, LintResult, fix, lint};

fn lint_tf(text: &str) -> LintResult {
    lint(text.as_bytes(), &LintOptions::new().file_name("main.tf"))
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

fn codes(result: &LintResult) -> Vec<&'static str> {
    result.diagnostics.iter().map(|d| d.code()).collect()
}

const KAFKA: &str = r#"
resource "clickhouse_clickpipe" "orders" {
  name       = "orders"
  service_id = "e9b3a9c2-4f0e-4a55-9d1c-7a1f2b3c4d5e"
  source = {
    kafka = {
      type           = "warpstream"
      format         = "JSONEachRow"
      brokers        = "serverless.warpstream.com:9092"
      topics         = "orders"
      authentication = AUTH
      credentials = {
        username = var.user
        password = var.password
      }
    }
  }
  destination = {
    table            = "orders"
    table_definition = { engine = { type = "MergeTree" } }
    columns          = [{ name = "id", type = "UInt64" }]
  }
  field_mappings = [{ source_field = "id", destination_field = "id" }]
}
"#;

#[test]
fn scram_on_warpstream_fails_at_the_authentication_line() {
    let text = KAFKA.replace("AUTH", "\"SCRAM-SHA-256\"");
    let result = lint_tf(&text);
    assert_eq!(result.kind, Some(DocumentKind::Terraform));
    let finding = result
        .diagnostics
        .iter()
        .find(|d| d.code() == "PL200")
        .unwrap_or_else(|| panic!("no PL200 in {:?}", codes(&result)));
    let line = text
        .lines()
        .position(|l| l.contains("authentication ="))
        .unwrap()
        + 1;
    assert_eq!(line_of(&text, finding.primary.span.start), line);
    assert_eq!(
        finding.pointer,
        "clickhouse_clickpipe.orders.source.kafka.authentication"
    );
    assert!(
        finding
            .message
            .starts_with("`clickhouse_clickpipe.orders`: ")
    );
    // The same resource with `PLAIN` is clean: its secrets are variables, as they should be,
    // and no rule reads a secret's value but to find a literal one.
    let plain = lint_tf(&KAFKA.replace("AUTH", "\"PLAIN\""));
    assert_eq!(codes(&plain), [] as [&str; 0]);
}

#[test]
fn risky_values_that_are_variables_give_one_info_finding() {
    let result = lint_tf(&KAFKA.replace("AUTH", "var.authentication"));
    // One value a rule would have read (the method); the secrets are not counted.
    assert_eq!(codes(&result), ["PL021"]);
    assert!(
        result.diagnostics[0].message.contains("1 value is"),
        "{}",
        result.diagnostics[0].message
    );
}

#[test]
fn kafka_credentials_the_provider_refuses_get_only_its_finding() {
    // `terraform apply` stops on credentials missing or incomplete before any request, so
    // the API's rule on them stays quiet: one mistake, one finding (PL029).
    let plain = KAFKA.replace("AUTH", "\"PLAIN\"");
    let block = "      credentials = {\n        username = var.user\n        password = var.password\n      }\n";
    assert!(plain.contains(block));
    let absent = plain.replace(block, "");
    assert_eq!(codes(&lint_tf(&absent)), ["PL029"]);
    let partial = plain.replace("        password = var.password\n", "");
    assert_eq!(codes(&lint_tf(&partial)), ["PL029"]);
}

#[test]
fn only_clickpipe_resources_are_read() {
    let text = format!(
        "{}\nresource \"aws_s3_bucket\" \"b\" {{\n  bucket = 12\n  unknown_thing = true\n}}\nvariable \"x\" {{\n  default = \"http://x\"\n}}\n",
        KAFKA.replace("AUTH", "\"PLAIN\"")
    );
    assert_eq!(codes(&lint_tf(&text)), [] as [&str; 0]);
    // A file without a clickpipe has nothing to say.
    assert!(
        lint_tf("resource \"aws_s3_bucket\" \"b\" {}\n")
            .diagnostics
            .is_empty()
    );
}

#[test]
fn names_are_terraform_names() {
    let text = KAFKA
        .replace("AUTH", "\"PLAIN\"")
        .replace("topics ", "consumer_grup = \"g\"\n      topics ");
    let result = lint_tf(&text);
    let unknown = result
        .diagnostics
        .iter()
        .find(|d| d.name() == "terraform-unsupported-argument")
        .unwrap();
    assert_eq!(unknown.severity, pipelint_core::Severity::Error);
    assert!(unknown.message.contains("Unsupported argument"));
    assert_eq!(
        unknown.pointer,
        "clickhouse_clickpipe.orders.source.kafka.consumer_grup"
    );
    assert!(
        unknown
            .help
            .as_deref()
            .unwrap()
            .contains("`consumer_group`")
    );
    assert!(
        unknown.message.contains("`consumer_grup`"),
        "{}",
        unknown.message
    );
    // The rename fix edits the attribute name, in snake_case.
    let fix = unknown.fix.as_ref().unwrap();
    assert_eq!(&text[fix.span.clone()], "consumer_grup");
    assert_eq!(fix.replacement, "consumer_group");
}

#[test]
fn fixes_replace_literals_and_keep_comments() {
    let text = KAFKA.replace("AUTH", "\"plain\" # upper case in the API");
    let fixed = fix(
        text.as_bytes(),
        &LintOptions::new().file_name("main.tf"),
        Applicability::Safe,
    );
    let fixed_text = String::from_utf8(fixed.text.clone()).unwrap();
    assert!(fixed_text.contains("authentication = \"PLAIN\" # upper case in the API"));
    assert_eq!(codes(&fixed.result), [] as [&str; 0]);
}

#[test]
fn block_form_is_read_like_the_attribute_form_and_warned_once() {
    let text = r#"
resource "clickhouse_clickpipe" "k" {
  name       = "k"
  service_id = "x"
  source {
    kinesis {
      format         = "JSONEachRow"
      stream_name    = "s"
      region         = "us-east-1"
      iterator_type  = "AT_TIMESTAMP"
      authentication = "IAM_ROLE"
      iam_role       = "arn:aws:iam::123456789012:role/r"
    }
  }
  destination {
    table = "t"
    table_definition {
      engine {
        type = "MergeTree"
      }
    }
    columns {
      name = "id"
      type = "String"
    }
  }
  field_mappings {
    source_field      = "id"
    destination_field = "id"
  }
}
"#;
    let result = lint_tf(text);
    // One warning per outermost block; the missing timestamp is found through the blocks.
    assert_eq!(codes(&result), ["PL020", "PL251", "PL020", "PL020"]);
    let missing = &result.diagnostics[1];
    assert_eq!(
        missing.pointer,
        "clickhouse_clickpipe.k.source.kinesis.timestamp"
    );
    assert_eq!(
        line_of(text, missing.primary.span.start),
        6,
        "at the `kinesis` block"
    );
}

#[test]
fn kinesis_timestamps_are_converted_to_unix_seconds() {
    let resource = |timestamp: &str| {
        format!(
            r#"resource "clickhouse_clickpipe" "k" {{
  name = "k"
  service_id = "x"
  source = {{ kinesis = {{
    format = "JSONEachRow", stream_name = "s", region = "us-east-1",
    iterator_type = "AT_TIMESTAMP", timestamp = {timestamp},
    authentication = "IAM_ROLE", iam_role = "arn:aws:iam::123456789012:role/r" }} }}
  destination = {{ table = "t", table_definition = {{ engine = {{ type = "MergeTree" }} }},
    columns = [{{ name = "id", type = "String" }}] }}
  field_mappings = [{{ source_field = "id", destination_field = "id" }}]
}}
"#
        )
    };
    assert!(
        lint_tf(&resource("\"2024-06-01T00:00\""))
            .diagnostics
            .is_empty()
    );
    assert_eq!(codes(&lint_tf(&resource("\"1717200000000\""))), ["PL252"]);
    assert_eq!(codes(&lint_tf(&resource("\"June 1st\""))), ["PL022"]);
}

#[test]
fn secrets_never_print() {
    let text = r#"
resource "clickhouse_clickpipe" "m" {
  name       = "m"
  service_id = "x"
  source = {
    kafka = {
      format         = "JSONEachRow"
      brokers        = "k:9092"
      topics         = "t"
      authentication = "SCRAM-SHA-512"
      credentials = {
        username    = "u"
        password    = "Hunter2-Plain-Secret"
        private_key = <<EOT
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASC
-----END PRIVATE KEY-----
EOT
      }
    }
  }
}
"#;
    let result = lint_tf(text);
    assert!(codes(&result).contains(&"PL800"));
    let printed = format!("{}{:?}", result.text, result.diagnostics);
    assert!(!printed.contains("Hunter2-Plain-Secret"));
    assert!(!printed.contains("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"));
    // A broken file is masked too.
    let broken = lint_tf(&text.replace("name       = \"m\"", "name = \"m"));
    assert_eq!(codes(&broken), ["PL019"]);
    assert!(!broken.text.contains("Hunter2-Plain-Secret"));
}

#[test]
fn a_syntax_error_has_a_position() {
    let text = "resource \"clickhouse_clickpipe\" \"x\" {\n  name = \n}\n";
    let result = lint_tf(text);
    assert_eq!(codes(&result), ["PL019"]);
    assert!(result.diagnostics[0].primary.span.start > 0);
}

#[test]
fn the_kind_can_be_given_for_other_names() {
    let text = KAFKA.replace("AUTH", "\"SCRAM-SHA-256\"");
    let options = LintOptions::new()
        .kind(DocumentKind::Terraform)
        .file_name("pipes.hcl");
    assert!(
        lint(text.as_bytes(), &options)
            .diagnostics
            .iter()
            .any(|d| d.code() == "PL200")
    );
    assert_eq!(
        DocumentKind::from_name("terraform"),
        Some(DocumentKind::Terraform)
    );
}

#[test]
fn literals_terraform_converts_are_not_wrong_types() {
    let text = KAFKA.replace("AUTH", "\"PLAIN\"").replace(
        "  field_mappings",
        "  scaling = { replicas = \"2\" }\n  field_mappings",
    );
    assert_eq!(codes(&lint_tf(&text)), [] as [&str; 0]);
    // Converted, the value is checked: the provider takes 1 to 10 replicas, and its
    // finding is the only one (the API's range rule does not read a rejected value).
    let text = text.replace("replicas = \"2\"", "replicas = \"50\"");
    let result = lint_tf(&text);
    assert_eq!(codes(&result), ["PL027"]);
    assert!(
        result.diagnostics[0]
            .message
            .contains("`terraform validate` fails")
    );
    // Text Terraform cannot convert is Terraform's error too.
    let text = text.replace("replicas = \"50\"", "replicas = \"two\"");
    let result = lint_tf(&text);
    assert_eq!(codes(&result), ["PL027"]);
    assert!(
        result.diagnostics[0]
            .message
            .contains("inappropriate value")
    );
}

#[test]
fn a_misspelt_attribute_is_reported_whatever_its_value() {
    let text = KAFKA
        .replace("AUTH", "\"PLAIN\"")
        .replace("topics ", "consumer_grup = var.group\n      topics ");
    let result = lint_tf(&text);
    assert_eq!(codes(&result), ["PL026"]);
}

#[test]
fn the_provider_documented_settings_key_is_accepted() {
    let text = KAFKA.replace("AUTH", "\"PLAIN\"").replace(
        "  field_mappings",
        "  settings = { kafka_read_committed = true }\n  field_mappings",
    );
    assert_eq!(codes(&lint_tf(&text)), [] as [&str; 0]);
}

#[test]
fn a_finding_caused_by_a_provider_default_says_so() {
    let text = KAFKA
        .replace("\"warpstream\"", "\"msk\"")
        .replace("      authentication = AUTH\n", "");
    let result = lint_tf(&text);
    let msk = result
        .diagnostics
        .iter()
        .find(|d| d.code() == "PL200")
        .unwrap();
    assert!(
        msk.message.contains("provider's default `PLAIN`"),
        "{}",
        msk.message
    );
    // It points at the `kafka` key, text the user wrote.
    assert_eq!(&text[msk.primary.span.clone()], "kafka");
}

#[test]
fn deep_nesting_is_a_syntax_finding_not_a_crash() {
    let depth = 100_000;
    let text = format!(
        "resource \"clickhouse_clickpipe\" \"x\" {{\n  name = {}1{}\n}}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert_eq!(codes(&lint_tf(&text)), ["PL019"]);
}

#[test]
fn a_dynamic_block_is_present_and_unknown() {
    let text = KAFKA
        .replace("AUTH", "\"PLAIN\"")
        .replace("  destination = {", "  destination {")
        .replace(
            "    columns          = [{ name = \"id\", type = \"UInt64\" }]\n",
            "    dynamic \"columns\" {\n      for_each = var.columns\n      content {\n        name = columns.value.name\n        type = columns.value.type\n      }\n    }\n",
        );
    assert!(text.contains("dynamic \"columns\""));
    // No missing `columns`, and no unmapped or unknown mapping destination: the columns
    // are Terraform's to compute. (The block form of `destination` gets its warning.)
    assert_eq!(codes(&lint_tf(&text)), ["PL021", "PL020"]);
}

mod common;

/// The fixture of a check: `<stem>.tf`, or `<stem>@<marker>.tf` (checked at other versions).
fn fixture_of(dir: &std::path::Path, stem: &str) -> Option<std::path::PathBuf> {
    let mut found: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            name == format!("{stem}.tf") || name.starts_with(&format!("{stem}@"))
        })
        .collect();
    found.sort();
    found.pop()
}

fn lint_fixture(path: &std::path::Path) -> LintResult {
    let bytes = std::fs::read(path).unwrap();
    let options = LintOptions::new()
        .file_name(path.file_name().and_then(|n| n.to_str()))
        .profile(common::fixture_profile(path));
    lint(&bytes, &options)
}

/// Every check of the provider that pipelint makes (its one table) has an invalid fixture
/// that gives that check's finding, as the only error (a warning of the provider's: as the
/// only warning, with no error), and a valid fixture that gives nothing at all.
#[test]
fn every_provider_check_has_an_invalid_and_a_valid_fixture() {
    let root = common::repo_root().join("fixtures/terraform");
    let checks = pipelint_core::internals::terraform_provider_checks();
    assert!(checks.len() > 40, "{} checks", checks.len());
    let mut failures = Vec::new();
    for check in &checks {
        let stem = format!("{}--{}", check.rule, check.id);
        match fixture_of(&root.join("invalid"), &stem) {
            None => failures.push(format!(
                "{}: no fixtures/terraform/invalid/{stem}.tf",
                check.id
            )),
            Some(path) => {
                let result = lint_fixture(&path);
                let errors: Vec<String> = result
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == pipelint_core::Severity::Error)
                    .map(|d| format!("{} {}", d.name(), d.message))
                    .collect();
                let found = result
                    .diagnostics
                    .iter()
                    .any(|d| d.name() == check.rule && d.message.contains(check.says));
                // A warning of the provider (Terraform goes on) is the only warning, and
                // there is no error; any other check's finding is the only error.
                let warnings = result
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == pipelint_core::Severity::Warning)
                    .count();
                let alone = if check.stage == "plan-warning" {
                    errors.is_empty() && warnings == 1
                } else {
                    errors.len() == 1
                };
                if !found || !alone {
                    failures.push(format!(
                        "{}: wants one finding, {} saying \"{}\", got errors {errors:#?}",
                        path.display(),
                        check.rule,
                        check.says
                    ));
                }
            }
        }
        // A valid fixture gives nothing at all; one of a source the API has in preview
        // (Pub/Sub) gives that warning only (`preview/`: the kind fixtures give nothing).
        let valid = fixture_of(&root.join("valid"), check.id)
            .map(|path| (path, false))
            .or_else(|| fixture_of(&root.join("preview"), check.id).map(|path| (path, true)));
        match valid {
            None => failures.push(format!(
                "{}: no fixtures/terraform/valid/{}.tf",
                check.id, check.id
            )),
            Some((path, preview)) => {
                let mut result = lint_fixture(&path);
                if preview {
                    let before = result.diagnostics.len();
                    result.diagnostics.retain(|d| d.name() != "preview-feature");
                    assert_eq!(before, result.diagnostics.len() + 1, "{}", path.display());
                }
                if !result.diagnostics.is_empty() {
                    let found: Vec<String> = result
                        .diagnostics
                        .iter()
                        .map(|d| format!("{} {}", d.name(), d.message))
                        .collect();
                    failures.push(format!("{}: {found:#?}", path.display()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A source a release's provider lacks is Terraform's "Unsupported argument" whatever the API
/// snapshot: the provider's finding is kept inside a member the API version does not know
/// yet, and it is the one finding there (not also "needs a newer API version").
#[test]
fn a_source_the_release_lacks_is_unsupported_not_only_a_newer_api() {
    use pipelint_core::{Profile, ProviderVersion};
    let path = common::repo_root().join("fixtures/terraform/examples/v3.16.0/resource-pubsub.tf");
    let bytes = std::fs::read(&path).unwrap();
    let at = |version: ProviderVersion| {
        let options = LintOptions::new().file_name("resource-pubsub.tf").profile(
            Profile::default()
                .with_provider(version)
                .with_api(version.api()),
        );
        let result = lint(&bytes, &options);
        result
            .diagnostics
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>()
    };
    let old = at(ProviderVersion::V3_14_0);
    assert!(!old.is_empty(), "no finding at 3.14.0");
    assert!(
        old.iter()
            .all(|&name| name == "terraform-unsupported-argument"),
        "{old:?}"
    );
    // From 3.16.0 the provider has it: only the API's note that Pub/Sub is in preview.
    let new = at(ProviderVersion::V3_16_0);
    assert!(new.iter().all(|&name| name == "preview-feature"), "{new:?}");
}

/// The provider release in force decides: a check made from a later release on is not made
/// at an earlier one, and an attribute a release lacks is Terraform's "Unsupported argument".
#[test]
fn the_provider_release_in_force_decides_the_checks() {
    use pipelint_core::{Profile, ProviderVersion};
    let root = common::repo_root().join("fixtures/terraform/invalid");
    let at = |name: &str, version: ProviderVersion| {
        let path = root.join(name);
        let bytes = std::fs::read(&path).unwrap();
        let options = LintOptions::new()
            .file_name(name)
            .profile(Profile::default().with_provider(version));
        lint(&bytes, &options)
            .diagnostics
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>()
    };
    // `stopped = true` at create is rejected from 3.16.0 on.
    let stopped = "terraform-plan-fails--stopped-at-create.tf";
    assert!(at(stopped, ProviderVersion::V3_16_0).contains(&"terraform-plan-fails"));
    assert!(!at(stopped, ProviderVersion::V3_14_0).contains(&"terraform-plan-fails"));
    // `password_wo` came in 3.16.0: before, it is an unsupported argument.
    let password = "terraform-invalid-argument--password-wo-needs-version.tf";
    assert_eq!(
        at(password, ProviderVersion::V3_14_0),
        ["terraform-unsupported-argument"]
    );
    // `table_definition` on a CDC pipe is rejected from 3.17.2 on.
    let cdc = "terraform-plan-fails--table-definition-on-cdc.tf";
    assert!(at(cdc, ProviderVersion::V3_17_2).contains(&"terraform-plan-fails"));
    assert!(!at(cdc, ProviderVersion::V3_17_1).contains(&"terraform-plan-fails"));

    // The checks that came after 3.14.0, each with its first bundled release, as read from the
    // provider's tags (the messages of `ModifyPlan`, `Create`, the config validators and the
    // schema validators of `clickpipe.go` compared tag by tag): the table says the same.
    const LATER: &[(&str, &str)] = &[
        ("cdc-scaling", "3.18.0"),
        ("managed-table-on-cdc", "3.17.1"),
        ("mariadb-gtid-only", "3.18.0"),
        ("partition-by-expr-blank", "3.23.1"),
        ("password-conflicts", "3.16.0"),
        ("password-wo-needs-version", "3.16.0"),
        ("pubsub-filter-length", "3.16.0"),
        ("pubsub-project-id-pattern", "3.16.0"),
        ("pubsub-seek-timestamp-not-allowed", "3.16.0"),
        ("pubsub-seek-timestamp-required", "3.16.0"),
        ("pubsub-topic-pattern", "3.16.0"),
        ("schema-registry-password-required", "3.16.0"),
        ("skip-initial-load-needs-queue-url", "3.18.0"),
        ("start-after-with-skip-initial-load", "3.18.0"),
        ("stopped-at-create", "3.16.0"),
        ("table-definition-on-cdc", "3.17.2"),
    ];
    let later: Vec<(&str, &str)> = pipelint_core::internals::terraform_provider_checks()
        .iter()
        .filter(|c| c.since != "3.14.0")
        .map(|c| (c.id, c.since))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(later, LATER);
}

/// The findings of the JSON text itself in a `.tf.json` file print the Terraform address of
/// what they are about, as the rest of the file's findings do (an override takes it).
#[test]
fn json_text_findings_of_a_tf_json_file_print_terraform_addresses() {
    let root = common::repo_root().join("fixtures/terraform/invalid");
    for (fixture, rule, address) in [
        (
            "duplicate-key--topics-twice.tf.json",
            "duplicate-key",
            "clickhouse_clickpipe.events.source.kafka.topics",
        ),
        (
            "number-out-of-range--replicas-overflow.tf.json",
            "number-out-of-range",
            "clickhouse_clickpipe.events.scaling.replicas",
        ),
    ] {
        let result = lint_fixture(&root.join(fixture));
        let found: Vec<(&str, &str)> = result
            .diagnostics
            .iter()
            .map(|d| (d.name(), d.pointer.as_str()))
            .collect();
        assert_eq!(found, [(rule, address)], "{fixture}");
    }
    // The list forms of `resource` and of a type's names, and an item of a list.
    let text = r#"{"resource": [{"clickhouse_clickpipe": [{"events": {"destination":
        {"columns": [{"name": "id", "name": "id", "type": "String"}]}}}]}]}"#;
    let result = lint(
        text.as_bytes(),
        &LintOptions::new().file_name("main.tf.json"),
    );
    let duplicate = result
        .diagnostics
        .iter()
        .find(|d| d.name() == "duplicate-key")
        .unwrap_or_else(|| panic!("no duplicate-key in {:?}", codes(&result)));
    assert_eq!(
        duplicate.pointer,
        "clickhouse_clickpipe.events.destination.columns[0].name"
    );
}

/// A `.tf.json` file is read as Terraform reads it: the same findings as its `.tf` twin
/// (rule and attribute), each at the line of the same attribute in its own text.
#[test]
fn terraform_json_twins_give_the_same_findings_at_their_own_lines() {
    let root = common::repo_root().join("fixtures/terraform/invalid");
    let mut twins = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let json_path = entry.unwrap().path();
        let name = json_path.file_name().unwrap().to_str().unwrap().to_owned();
        let Some(stem) = name.strip_suffix(".tf.json") else {
            continue;
        };
        // A mistake in the JSON text itself (`invalid-json`, `duplicate-key`: a finding of
        // every kind) has no HCL twin.
        let rule = stem.split("--").next().unwrap_or_default();
        if pipelint_core::find_rule(rule).is_some_and(|r| r.kinds.is_empty()) {
            continue;
        }
        twins += 1;
        let hcl = lint_fixture(&root.join(format!("{stem}.tf")));
        let json = lint_fixture(&json_path);
        let json_text = std::fs::read_to_string(&json_path).unwrap();
        let hcl_text = std::fs::read_to_string(root.join(format!("{stem}.tf"))).unwrap();
        let summary = |result: &LintResult| -> Vec<(String, String)> {
            result
                .diagnostics
                .iter()
                .map(|d| (d.name().to_owned(), d.pointer.clone()))
                .collect()
        };
        assert_eq!(summary(&json), summary(&hcl), "{name}");
        for (j, h) in json.diagnostics.iter().zip(&hcl.diagnostics) {
            // The same attribute: the key (or value) the finding points at, quotes aside.
            let token = |text: &str, d: &pipelint_core::Diagnostic| {
                text[d.primary.span.clone()].trim_matches('"').to_owned()
            };
            assert_eq!(
                token(&json_text, j),
                token(&hcl_text, h),
                "{name}: {}",
                j.message
            );
            let line = line_of(&json_text, j.primary.span.start);
            // Its line: where it stands as a key (`"stopped":`) or as a value (`: 12`).
            let token = token(&json_text, j);
            let expected = json_text
                .lines()
                .position(|l| {
                    l.contains(&format!("\"{token}\":"))
                        || l.trim_end_matches(',').ends_with(&format!(": {token}"))
                        || l.trim_end_matches(',').ends_with(&format!(": \"{token}\""))
                })
                .unwrap()
                + 1;
            assert_eq!(line, expected, "{name}: {}", j.message);
        }
    }
    assert!(twins >= 3, "{twins} twins");
    // A valid module in JSON syntax reads "no problems".
    let valid = common::repo_root().join("fixtures/terraform/valid/kafka-variables.tf.json");
    let result = lint_fixture(&valid);
    assert_eq!(result.kind, Some(DocumentKind::Terraform));
    assert!(result.diagnostics.is_empty(), "{:?}", codes(&result));
}

/// Whether a finding is the one a schema check of `path` makes: `terraform-invalid-argument`,
/// naming the attribute (list indices aside) in the words of that kind of check.
fn is_schema_finding(d: &pipelint_core::Diagnostic, path: &str, check: &str) -> bool {
    let message = regex::Regex::new(r"\[\d+\]")
        .unwrap()
        .replace_all(&d.message, "");
    if d.name() != "terraform-invalid-argument" || !message.contains(&format!("`{path}` ")) {
        return false;
    }
    let says = |words: &str| message.contains(words);
    match check {
        "required" => says("is required, but no definition was found"),
        "one-of" => says("not one of the provider's values"),
        "between" => says("(\"Invalid Attribute Value\")") && !says("accepts at least"),
        "at-least" => says("accepts at least"),
        "length" => says("(\"Invalid Attribute Value Length\")"),
        "pattern" => says("(\"Invalid Attribute Value Match\")") && !says("provider's values"),
        "conflicts-with" => says("cannot be set together with"),
        "also-requires" => says("beside it (\"Invalid Attribute Combination\")"),
        "at-least-one-of" => says("must be set (\"Invalid Attribute Combination\")"),
        "read-only" => says("(\"Invalid Configuration for Read-Only Attribute\")"),
        _ => false,
    }
}

/// Whether a fixture's text sets the attribute `name` (`name = …`, at any depth).
fn sets(text: &str, name: &str) -> bool {
    text.lines().any(|line| {
        line.trim_start()
            .strip_prefix(name)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    })
}

/// Every attribute-level check of the provider's schema (each `Required` attribute, value
/// list, bound, length, pattern, conflict, attribute that needs another, and Computed-only
/// attribute), listed from the bundled schema data of every release, has its fixtures in
/// `fixtures/terraform/schema/`:
///
/// - `<attribute path>--<check>.tf` (with an `@api-…` marker where the source needs a newer
///   API snapshot), one mistake: at each bundled release whose schema makes the check it
///   gives exactly one error, that check's; at a release whose schema lacks the attribute it
///   gives Terraform's "Unsupported argument" (PL026) and not the check's finding; at a
///   release that has the attribute without the check, not the check's finding;
/// - its valid twin in `schema/valid/`: the fixture whose first line, `# Valid twin of: …`,
///   names the longest prefix of the attribute path (`resource` names every path). A twin is
///   shared by the checks under its prefixes: it sets each checked attribute (but a
///   Computed-only one) with a value the provider accepts, and gives nothing at every
///   release that makes one of its checks (a Pub/Sub pipe gives the API's preview note).
///
/// A schema file for a new release makes this test demand the fixtures of its new checks;
/// a fixture that names no check of any release fails it too.
#[test]
fn every_schema_check_has_fixtures_at_every_bundled_release() {
    use pipelint_core::ProviderVersion;
    use pipelint_core::internals::{terraform_schema_checks, terraform_schema_has};
    use std::collections::{BTreeMap, BTreeSet};

    let root = common::repo_root().join("fixtures/terraform/schema");
    let per_release: BTreeMap<ProviderVersion, BTreeSet<(String, &str)>> = ProviderVersion::ALL
        .iter()
        .map(|&v| (v, terraform_schema_checks(v).into_iter().collect()))
        .collect();
    let all: BTreeSet<(String, &str)> = per_release.values().flatten().cloned().collect();
    assert!(all.len() > 140, "{} schema checks", all.len());
    for checks in per_release.values() {
        assert!(checks.len() > 110, "{} checks at a release", checks.len());
    }

    let files = |dir: &std::path::Path| -> Vec<(String, std::path::PathBuf)> {
        let mut found: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tf"))
            .map(|p| {
                let name = p.file_name().unwrap().to_str().unwrap();
                // The name without `.tf` and without an `@api-…` marker.
                let stem = name.trim_end_matches(".tf").split('@').next().unwrap();
                (stem.to_owned(), p.clone())
            })
            .collect();
        found.sort();
        found
    };
    let invalid = files(&root);
    let twins: Vec<(Vec<String>, std::path::PathBuf, String)> = files(&root.join("valid"))
        .into_iter()
        .map(|(_, path)| {
            let text = std::fs::read_to_string(&path).unwrap();
            let prefixes = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("# Valid twin of: "))
                .unwrap_or_else(|| panic!("{}: no `# Valid twin of:` line", path.display()))
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            (prefixes, path, text)
        })
        .collect();
    let twin_of = |path: &str| {
        twins
            .iter()
            .flat_map(|(prefixes, file, text)| prefixes.iter().map(move |p| (p, file, text)))
            .filter(|(p, ..)| {
                p.as_str() == "resource" || path == p.as_str() || path.starts_with(&format!("{p}."))
            })
            .max_by_key(|(p, ..)| if p.as_str() == "resource" { 0 } else { p.len() })
            .map(|(_, file, text)| (file.clone(), text.clone()))
    };
    let lint_at = |path: &std::path::Path, version: ProviderVersion| {
        let options = LintOptions::new()
            .file_name(path.file_name().and_then(|n| n.to_str()))
            .profile(common::fixture_profile(path).with_provider(version));
        lint(&std::fs::read(path).unwrap(), &options).diagnostics
    };
    let show = |found: &[pipelint_core::Diagnostic]| -> Vec<String> {
        found
            .iter()
            .map(|d| format!("{} {}", d.name(), d.message))
            .collect()
    };

    let mut failures = Vec::new();
    let mut runs = 0;
    for (path, check) in &all {
        let stem = format!("{path}--{check}");
        let Some((_, fixture)) = invalid.iter().find(|(s, _)| *s == stem) else {
            failures.push(format!("{stem}: no fixtures/terraform/schema/{stem}.tf"));
            continue;
        };
        let Some((twin, twin_text)) = twin_of(path) else {
            failures.push(format!("{stem}: no valid twin names a prefix of `{path}`"));
            continue;
        };
        let leaf = path.rsplit('.').next().unwrap();
        if *check != "read-only" && !sets(&twin_text, leaf) {
            failures.push(format!(
                "{stem}: its twin {} does not set `{leaf}`",
                twin.display()
            ));
        }
        for (&version, checks) in &per_release {
            runs += 1;
            let found = lint_at(fixture, version);
            let errors: Vec<&pipelint_core::Diagnostic> = found
                .iter()
                .filter(|d| d.severity == pipelint_core::Severity::Error)
                .collect();
            let its = errors
                .iter()
                .filter(|d| is_schema_finding(d, path, check))
                .count();
            let at = version.as_str();
            if checks.contains(&(path.clone(), *check)) {
                if its != 1 || errors.len() != 1 {
                    failures.push(format!(
                        "{stem} at {at}: wants its one error, got {:#?}",
                        show(&found)
                    ));
                }
                let mut clean = lint_at(&twin, version);
                clean.retain(|d| d.name() != "preview-feature");
                if !clean.is_empty() {
                    failures.push(format!("{} at {at}: {:#?}", twin.display(), show(&clean)));
                }
            } else if !terraform_schema_has(version, path) {
                let unsupported = errors
                    .iter()
                    .any(|d| d.name() == "terraform-unsupported-argument");
                if !unsupported || its > 0 {
                    failures.push(format!("{stem} at {at} (no `{path}`): wants \"Unsupported argument\" only, got {:#?}", show(&found)));
                }
            } else if its > 0 {
                failures.push(format!(
                    "{stem} at {at} (no {check} check): got {:#?}",
                    show(&found)
                ));
            }
        }
    }
    // A fixture that names no check: a typo, or a check the data no longer has.
    for (stem, path) in &invalid {
        let known = stem
            .split_once("--")
            .is_some_and(|(p, c)| all.contains(&(p.to_owned(), c)));
        if !known {
            failures.push(format!("{}: names no schema check", path.display()));
        }
    }
    assert!(runs > 1000, "{runs} runs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every row of the provider's checks table, at every bundled release: its invalid fixture
/// gives the row's finding from the row's `since` on, and not before (the release lacks the
/// check); its valid fixture never gives it. Where the release gives other errors, they are Terraform's "Unsupported argument"
/// for attributes the fixture uses that the release lacks (`password_wo` before 3.16.0).
#[test]
fn every_provider_check_is_made_from_its_release_on_and_not_before() {
    use pipelint_core::{ProviderVersion, Severity};
    let root = common::repo_root().join("fixtures/terraform");
    let mut failures = Vec::new();
    let mut runs = 0;
    for check in pipelint_core::internals::terraform_provider_checks() {
        let since = ProviderVersion::parse(check.since).unwrap();
        let stem = format!("{}--{}", check.rule, check.id);
        let Some(path) = fixture_of(&root.join("invalid"), &stem) else {
            failures.push(format!("{}: no invalid fixture", check.id));
            continue;
        };
        for &version in ProviderVersion::ALL {
            runs += 1;
            let options = LintOptions::new()
                .file_name(path.file_name().and_then(|n| n.to_str()))
                .profile(common::fixture_profile(&path).with_provider(version));
            let found = lint(&std::fs::read(&path).unwrap(), &options).diagnostics;
            let is_row = |d: &&pipelint_core::Diagnostic| {
                d.name() == check.rule && d.message.contains(check.says)
            };
            let made = found.iter().filter(is_row).count();
            let others: Vec<String> = found
                .iter()
                .filter(|d| d.severity == Severity::Error && !is_row(d))
                .filter(|d| d.name() != "terraform-unsupported-argument")
                .map(|d| format!("{} {}", d.name(), d.message))
                .collect();
            // Before the row's release its finding is not made; what else the release says
            // of the fixture then is another check's (an older form of the same check).
            let wrong = if version >= since {
                made == 0 || !others.is_empty()
            } else {
                made > 0
            };
            if wrong {
                failures.push(format!(
                    "{} at {} (since {}): {made} of its findings, other errors {others:#?}",
                    path.display(),
                    version.as_str(),
                    check.since
                ));
            }
        }
    }
    // Its valid fixture never gives the row's finding, at any release.
    for check in pipelint_core::internals::terraform_provider_checks() {
        let valid = fixture_of(&root.join("valid"), check.id)
            .or_else(|| fixture_of(&root.join("preview"), check.id));
        let Some(path) = valid else {
            failures.push(format!("{}: no valid fixture", check.id));
            continue;
        };
        for &version in ProviderVersion::ALL {
            runs += 1;
            let options = LintOptions::new()
                .file_name(path.file_name().and_then(|n| n.to_str()))
                .profile(common::fixture_profile(&path).with_provider(version));
            let found = lint(&std::fs::read(&path).unwrap(), &options).diagnostics;
            if found
                .iter()
                .any(|d| d.name() == check.rule && d.message.contains(check.says))
            {
                failures.push(format!(
                    "{} at {}: the row's finding",
                    path.display(),
                    version.as_str()
                ));
            }
        }
    }
    assert!(runs >= 2 * 55 * ProviderVersion::ALL.len(), "{runs} runs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every value of every value list of the provider's schema, at every bundled release that
/// has the attribute: written in place of the mistake of the attribute's `--one-of` fixture,
/// it is rejected (that check's finding) exactly where the release's list lacks it (`gcmk`
/// before 3.16.0, object storage `Avro` before 3.17.1, Postgres `IAM_ROLE` before 3.22.1 and
/// `iam_role` from then on).
#[test]
fn each_release_takes_exactly_the_values_of_its_lists() {
    use pipelint_core::ProviderVersion;
    use pipelint_core::internals::{terraform_schema_checks, terraform_schema_values};
    use std::collections::BTreeSet;

    let root = common::repo_root().join("fixtures/terraform/schema");
    let lists: BTreeSet<String> = ProviderVersion::ALL
        .iter()
        .flat_map(|&v| terraform_schema_checks(v))
        .filter(|(_, check)| *check == "one-of")
        .map(|(path, _)| path)
        .collect();
    assert!(lists.len() >= 30, "{} value lists", lists.len());
    let mut failures = Vec::new();
    let mut runs = 0;
    for path in &lists {
        let Some(fixture) = fixture_of(&root, &format!("{path}--one-of")) else {
            failures.push(format!("{path}: no one-of fixture"));
            continue;
        };
        let text = std::fs::read_to_string(&fixture).unwrap();
        let lint_text = |text: &str, version: ProviderVersion| {
            let options = LintOptions::new()
                .file_name(fixture.file_name().and_then(|n| n.to_str()))
                .profile(common::fixture_profile(&fixture).with_provider(version));
            lint(text.as_bytes(), &options).diagnostics
        };
        // The value the fixture gets wrong, as its finding quotes it.
        let newest = lint_text(&text, ProviderVersion::LATEST);
        let Some(wrong) = newest
            .iter()
            .find(|d| is_schema_finding(d, path, "one-of"))
            .and_then(|d| d.message.split("` is `").nth(1))
            .and_then(|rest| rest.split('`').next())
        else {
            failures.push(format!("{path}: its fixture gives no one-of finding"));
            continue;
        };
        let written = format!("\"{wrong}\"");
        if text.matches(&written).count() != 1 {
            failures.push(format!("{path}: `{written}` is not written once"));
            continue;
        }
        let values: BTreeSet<&String> = ProviderVersion::ALL
            .iter()
            .filter_map(|&v| terraform_schema_values(v, path))
            .flatten()
            .collect();
        for &version in ProviderVersion::ALL {
            let Some(list) = terraform_schema_values(version, path) else {
                continue;
            };
            for value in &values {
                runs += 1;
                let found = lint_text(&text.replace(&written, &format!("{value:?}")), version);
                let rejected = found.iter().any(|d| is_schema_finding(d, path, "one-of"));
                if rejected == list.contains(value) {
                    failures.push(format!(
                        "{path} = {value:?} at {}: rejected {rejected}, the release's list {list:?}",
                        version.as_str()
                    ));
                }
            }
        }
    }
    assert!(runs > 500, "{runs} runs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
