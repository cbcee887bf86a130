//! Terraform plans (`terraform show -json`): the fixtures of `fixtures/terraform/plan/`, each
//! a plan with the configuration it was made from (the sensitive case has none), give the
//! findings their planned values call for, on the `.tf` line that declares the attribute
//! when the configuration is given, and never show a sensitive value. `findings.txt` in each
//! fixture is the snapshot (`PIPELINT_BLESS=1` rewrites it).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use pipelint_core::serde_json::Value;
use pipelint_core::{DocumentKind, LintOptions, LintResult, PlanLint, PlanSource, lint, lint_plan};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/terraform/plan")
}

/// The `.tf` files of `dir`, sorted, as sources of `module`.
fn tf_files(dir: &Path, module: &str, shown: &str, out: &mut Vec<PlanSource>) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tf") || n.ends_with(".tf.json"))
        .collect();
    names.sort();
    for name in names {
        out.push(PlanSource {
            module: module.to_owned(),
            name: format!("{shown}{name}"),
            text: std::fs::read_to_string(dir.join(&name)).unwrap(),
        });
    }
}

/// The plan of a fixture and the configuration beside it (its local modules too).
fn case(name: &str) -> (String, Vec<PlanSource>) {
    let dir = fixtures().join(name);
    let plan = std::fs::read_to_string(dir.join("plan.json")).unwrap();
    let mut sources = Vec::new();
    tf_files(&dir, "", "", &mut sources);
    for (module, relative) in pipelint_core::plan_module_dirs(plan.as_bytes()) {
        let relative = relative.trim_start_matches("./");
        tf_files(
            &dir.join(relative),
            &module,
            &format!("{relative}/"),
            &mut sources,
        );
    }
    (plan, sources)
}

fn linted(name: &str) -> (String, Vec<PlanSource>, PlanLint) {
    let (plan, sources) = case(name);
    let result = lint_plan(plan.as_bytes(), &sources, &LintOptions::new());
    (plan, sources, result)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

fn render(file: &str, result: &LintResult, out: &mut Vec<String>) {
    for d in &result.diagnostics {
        let (line, column) = line_col(&result.text, d.primary.span.start);
        out.push(format!(
            "{file}:{line}:{column}: {} {} {} [{}]",
            d.code(),
            d.severity,
            d.message,
            d.pointer
        ));
    }
}

fn rendered(sources: &[PlanSource], result: &PlanLint) -> Vec<String> {
    let mut out = Vec::new();
    render("plan.json", &result.plan, &mut out);
    for (index, result) in &result.sources {
        render(&sources[*index].name, result, &mut out);
    }
    out
}

/// The line of `file` (1-based) holding `needle`.
fn line_of(sources: &[PlanSource], file: &str, needle: &str) -> usize {
    let source = sources.iter().find(|s| s.name == file).unwrap();
    source
        .text
        .lines()
        .position(|l| l.contains(needle))
        .unwrap()
        + 1
}

/// The one finding with `code`: its file and line.
fn placed(sources: &[PlanSource], result: &PlanLint, code: &str) -> (String, usize, String) {
    let mut found = Vec::new();
    for d in result.plan.diagnostics.iter().filter(|d| d.code() == code) {
        let (line, _) = line_col(&result.plan.text, d.primary.span.start);
        found.push(("plan.json".to_owned(), line, d.pointer.clone()));
    }
    for (index, r) in &result.sources {
        for d in r.diagnostics.iter().filter(|d| d.code() == code) {
            let (line, _) = line_col(&r.text, d.primary.span.start);
            found.push((sources[*index].name.clone(), line, d.pointer.clone()));
        }
    }
    assert_eq!(found.len(), 1, "{code}: {:?}", rendered(sources, result));
    found.pop().unwrap()
}

const CASES: &[&str] = &[
    "delete",
    "for_each",
    "modules",
    "no_clickpipe",
    "providers",
    "sensitive",
    "unknown",
    "update",
    "valid",
    "variables",
];

#[test]
fn every_fixture_gives_its_snapshot() {
    let mut stale = Vec::new();
    for name in CASES {
        let (_, sources, result) = linted(name);
        let mut text = rendered(&sources, &result).join("\n");
        text.push('\n');
        let path = fixtures().join(name).join("findings.txt");
        if std::env::var_os("PIPELINT_BLESS").is_some() {
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).unwrap_or_default() != text {
            stale.push(format!("{name}:\n{text}"));
        }
    }
    assert!(
        stale.is_empty(),
        "findings differ (PIPELINT_BLESS=1 to accept):\n{}",
        stale.join("\n")
    );
    // Every fixture directory is a case.
    let mut dirs: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    assert_eq!(dirs, CASES);
}

#[test]
fn values_from_variables_are_checked_at_the_attribute_that_takes_them() {
    let (_, sources, result) = linted("variables");
    let (file, line, address) = placed(&sources, &result, "PL200");
    assert_eq!(file, "main.tf");
    assert_eq!(
        line,
        line_of(&sources, "main.tf", "authentication = var.auth")
    );
    assert_eq!(
        address,
        "clickhouse_clickpipe.orders.source.kafka.authentication"
    );
    // The same file read offline cannot tell: the values are variables.
    let main = &sources[0].text;
    let offline = lint(main.as_bytes(), &LintOptions::new().file_name("main.tf"));
    assert!(
        offline.diagnostics.iter().all(|d| d.code() != "PL200"),
        "{:?}",
        offline.diagnostics
    );
}

#[test]
fn a_module_resource_is_placed_in_the_module_file_under_its_full_address() {
    let (_, sources, result) = linted("modules");
    let (file, line, address) = placed(&sources, &result, "PL027");
    assert_eq!(file, "modules/pipes/main.tf");
    assert_eq!(
        line,
        line_of(&sources, "modules/pipes/main.tf", "replicas = var.replicas")
    );
    assert_eq!(
        address,
        "module.pipes.clickhouse_clickpipe.events.scaling.replicas"
    );
}

#[test]
fn each_for_each_instance_is_its_own_resource() {
    let (_, sources, result) = linted("for_each");
    let (file, line, address) = placed(&sources, &result, "PL105");
    assert_eq!(file, "main.tf");
    assert_eq!(line, line_of(&sources, "main.tf", "type = each.value"));
    assert_eq!(
        address,
        "clickhouse_clickpipe.topics[\"clicks\"].destination.columns[0].type"
    );
}

#[test]
fn an_unknown_value_is_not_judged_and_the_rest_is() {
    let (_, sources, result) = linted("unknown");
    let all = rendered(&sources, &result);
    assert!(!all.iter().any(|f| f.contains("brokers")), "{all:?}");
    let (file, line, _) = placed(&sources, &result, "PL027");
    assert_eq!(file, "main.tf");
    assert_eq!(
        line,
        line_of(&sources, "main.tf", "format         = var.kafka_format")
    );
    assert_eq!(all.len(), 1, "{all:?}");
}

#[test]
fn an_update_is_checked_but_not_as_a_new_pipe() {
    let (_, sources, result) = linted("update");
    let all = rendered(&sources, &result);
    // `stopped = true` pauses a pipe in place: only a new pipe may not start stopped.
    assert!(!all.iter().any(|f| f.contains("PL028")), "{all:?}");
    let (_, line, _) = placed(&sources, &result, "PL027");
    assert_eq!(
        line,
        line_of(&sources, "main.tf", "replicas = var.replicas")
    );
}

#[test]
fn deletes_no_ops_and_other_resources_are_not_checked() {
    for name in ["delete", "no_clickpipe"] {
        let (_, sources, result) = linted(name);
        assert_eq!(rendered(&sources, &result), Vec::<String>::new(), "{name}");
        assert_eq!(result.plan.kind, Some(DocumentKind::TerraformPlan));
    }
}

/// A create, an in-place update and a replacement whose password is write-only (null in
/// every plan, given by its `password_wo_version`), all right: nothing to report.
#[test]
fn a_clean_plan_reads_no_problems() {
    let (plan, sources, result) = linted("valid");
    assert_eq!(rendered(&sources, &result), Vec::<String>::new());
    // The write-only password counts as given only with its version.
    let unversioned = plan.replace(
        "\"password_wo_version\": 1",
        "\"password_wo_version\": null",
    );
    let result = lint(unversioned.as_bytes(), &LintOptions::new());
    let codes: Vec<&str> = result.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["PL029"], "{:?}", result.diagnostics);
}

#[test]
fn the_provider_release_comes_from_the_plan() {
    let (_, sources, result) = linted("providers");
    // 3.14 has no `gcmk`, and lets a new pipe start stopped (3.16.0 stopped that).
    let (_, line, _) = placed(&sources, &result, "PL027");
    assert_eq!(
        line,
        line_of(&sources, "main.tf", "type           = \"gcmk\"")
    );
    assert!(
        !rendered(&sources, &result)
            .iter()
            .any(|f| f.contains("PL028"))
    );
    // The newest release would take `gcmk` and refuse `stopped = true` at create.
    let (plan, _) = case("providers");
    let pinless = plan.replace("~> 3.14.0", "~> 3.25");
    let newest = lint(pinless.as_bytes(), &LintOptions::new());
    let codes: Vec<&str> = newest.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["PL028"], "{:?}", newest.diagnostics);
}

#[test]
fn without_the_configuration_findings_stay_on_the_plan() {
    let (plan, _) = case("variables");
    let result = lint(plan.as_bytes(), &LintOptions::new());
    let finding = result
        .diagnostics
        .iter()
        .find(|d| d.code() == "PL200")
        .unwrap();
    let (line, _) = line_col(&result.text, finding.primary.span.start);
    let expected = result
        .text
        .lines()
        .position(|l| l.contains("\"authentication\": \"SCRAM-SHA-256\""))
        .unwrap()
        + 1;
    assert_eq!(line, expected);
    // Told by content, by `--kind`, and the same from stdin (no name).
    assert_eq!(result.kind, Some(DocumentKind::TerraformPlan));
    let given = lint(
        plan.as_bytes(),
        &LintOptions::new()
            .kind(DocumentKind::TerraformPlan)
            .file_name("tfplan.out"),
    );
    assert_eq!(given.diagnostics.len(), result.diagnostics.len());
}

/// Every value a plan marks sensitive (`after_sensitive`, `before_sensitive`, variables
/// declared `sensitive`), as written in the plan.
fn sensitive_values(plan: &Value) -> Vec<String> {
    fn marked(value: &Value, marks: &Value, out: &mut Vec<String>) {
        match (value, marks) {
            (_, Value::Bool(true)) => all(value, out),
            (Value::Object(map), Value::Object(marks)) => {
                for (k, m) in marks {
                    if let Some(v) = map.get(k) {
                        marked(v, m, out);
                    }
                }
            }
            (Value::Array(items), Value::Array(marks)) => {
                for (v, m) in items.iter().zip(marks) {
                    marked(v, m, out);
                }
            }
            _ => {}
        }
    }
    fn all(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::String(s) => out.push(s.clone()),
            Value::Object(map) => map.values().for_each(|v| all(v, out)),
            Value::Array(items) => items.iter().for_each(|v| all(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for change in plan["resource_changes"].as_array().unwrap() {
        for side in ["before", "after"] {
            marked(
                &change["change"][side],
                &change["change"][format!("{side}_sensitive")],
                &mut out,
            );
        }
    }
    if let Some(variables) = plan["configuration"]["root_module"]["variables"].as_object() {
        for (name, declared) in variables {
            if declared["sensitive"] == Value::Bool(true) {
                all(&plan["variables"][name]["value"], &mut out);
            }
        }
    }
    out
}

fn all_text(result: &LintResult) -> String {
    let mut text = result.text.clone();
    for d in &result.diagnostics {
        text.push_str(&d.message);
        text.push_str(d.help.as_deref().unwrap_or(""));
        for label in std::iter::once(&d.primary).chain(&d.secondary) {
            text.push_str(label.text.as_deref().unwrap_or(""));
        }
    }
    text
}

#[test]
fn no_sensitive_value_shows_in_any_result() {
    let mut checked = 0;
    for name in CASES {
        let (plan, _) = case(name);
        let value: Value = pipelint_core::serde_json::from_str(&plan).unwrap();
        let secrets = sensitive_values(&value);
        let (_, _, result) = linted(name);
        // The plan's own text is kept only when it has findings.
        let mut texts = vec![all_text(&result.plan)];
        texts.extend(result.sources.iter().map(|(_, r)| all_text(r)));
        for secret in &secrets {
            checked += 1;
            for text in &texts {
                assert!(!text.contains(secret.as_str()), "{name}: `{secret}` shows");
            }
        }
    }
    assert!(checked >= 10, "{checked}");
    // The sensitive broker address has no secret's name: only the plan's marks hide it, and
    // the plan's own text (where the findings are placed) is printed.
    let (_, _, result) = linted("sensitive");
    assert!(!result.plan.diagnostics.is_empty());
    assert!(result.plan.text.contains("\"brokers\": \"****"));
}

/// The plan's marks hold whatever the plan lacks and however it is written: checked with
/// `--kind terraform-plan` without `terraform_version`, on one line as `terraform show
/// -json` writes it, and for a sensitive variable's default in a module.
#[test]
fn sensitive_values_stay_hidden_in_a_compact_plan_given_its_kind() {
    let (plan, _) = case("sensitive");
    let mut value: Value = pipelint_core::serde_json::from_str(&plan).unwrap();
    let secrets = sensitive_values(&value);
    assert!(!secrets.is_empty());
    let object = value.as_object_mut().unwrap();
    object.remove("terraform_version");
    let default = "module-default-credential-1";
    object.insert(
        "configuration".to_owned(),
        pipelint_core::serde_json::json!({"root_module": {"module_calls": {"pipes": {
            "source": "./pipes",
            "module": {"variables": {"token": {"sensitive": true, "default": default}}}
        }}}}),
    );
    let compact = pipelint_core::serde_json::to_string(&value).unwrap();
    let options = LintOptions::new().kind(DocumentKind::TerraformPlan);
    let result = lint(compact.as_bytes(), &options);
    assert!(
        !result.diagnostics.is_empty(),
        "the findings print the plan's line"
    );
    let text = all_text(&result);
    for secret in secrets.iter().map(String::as_str).chain([default]) {
        assert!(!text.contains(secret), "`{secret}` shows");
    }
}

#[test]
fn the_tf_files_inline_ignores_silence_plan_findings_and_are_not_judged_by_the_plan() {
    let (plan, mut sources) = case("variables");
    let main = &mut sources[0];
    assert_eq!(main.name, "main.tf");
    // One comment silences the plan's finding; one names a rule the plan never reports on
    // that attribute (the file's own check judges whether it is used, not the plan).
    main.text = main
        .text
        .replace(
            "      authentication = var.auth",
            "      # pipelint-ignore: PL200 migrated in place\n      authentication = var.auth",
        )
        .replace(
            "      format         = \"JSONEachRow\"",
            "      format         = \"JSONEachRow\" # pipelint-ignore: PL027",
        );
    let result = lint_plan(plan.as_bytes(), &sources, &LintOptions::new());
    assert_eq!(rendered(&sources, &result), Vec::<String>::new());
    // Without the comment the finding is there (the silence is the comment's).
    let (plan, sources) = case("variables");
    let result = lint_plan(plan.as_bytes(), &sources, &LintOptions::new());
    assert_eq!(rendered(&sources, &result).len(), 1);
}
