//! The built `pipelint` binary on the shipped fixtures: exit codes, positions and the
//! acceptance cases of the core issue.

use common::{Run, repo_root};

mod common;

/// Runs `pipelint` at the repository root, where the fixtures are.
fn run(args: &[&str]) -> Run {
    common::run_in(&repo_root(), args, None)
}

#[test]
fn valid_fixtures_pass_silently() {
    // Under the newest API version: the valid bodies of newer values and kinds
    // (`*@api-latest.json`) are clean there, and so is every contract body.
    let run = run(&[
        "check",
        "--api-version",
        "latest",
        "fixtures/create-pipe/valid",
        "fixtures/pipe-scaling/valid",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "");
    // Counted, not written down: a new valid fixture changes no test.
    let files: usize = ["fixtures/create-pipe/valid", "fixtures/pipe-scaling/valid"]
        .iter()
        .map(|dir| {
            std::fs::read_dir(repo_root().join(dir))
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == "json")
                })
                .count()
        })
        .sum();
    assert!(files > 30, "{files}");
    assert!(
        run.stderr
            .contains(&format!("no problems in {files} files")),
        "{}",
        run.stderr
    );
}

#[test]
fn invalid_fixtures_fail_with_every_file_reported() {
    let run = run(&["check", "fixtures/create-pipe/invalid"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let files = std::fs::read_dir(repo_root().join("fixtures/create-pipe/invalid"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect::<Vec<_>>();
    for file in &files {
        assert!(run.stdout.contains(file.as_str()), "{file} not reported");
    }
}

#[test]
fn acceptance_cases_of_the_core_issue() {
    let dir = "fixtures/create-pipe/invalid";
    let run = run(&[
        "check",
        &format!("{dir}/invalid-enum-value--kafka-auth-lowercase.json"),
        &format!("{dir}/out-of-range--replicas-41.json"),
        &format!("{dir}/unknown-field--consumergroup-typo.json"),
        &format!("{dir}/invalid-json--truncated.json"),
        "fixtures/create-pipe/valid/kafka-msk-iam-role.json",
    ]);
    assert_eq!(run.code, 1);
    let out = &run.stdout;
    // Enum error at the value, with the case-insensitive hint.
    assert!(
        out.contains("invalid-enum-value--kafka-auth-lowercase.json:7:25]"),
        "{out}"
    );
    assert!(out.contains("did you mean `SCRAM-SHA-512`?"), "{out}");
    // Bound error naming 1..10.
    assert!(
        out.contains("`replicas` is 41, but must be between 1 and 10 (inclusive)"),
        "{out}"
    );
    // Typo key: a warning suggesting the real member.
    assert!(
        out.contains("⚠ unknown member `consumergroup` in `kafka`"),
        "{out}"
    );
    assert!(out.contains("did you mean `consumerGroup`?"), "{out}");
    // Truncated file: parse error at the last position of the text.
    let truncated =
        std::fs::read_to_string(repo_root().join(dir).join("invalid-json--truncated.json"))
            .unwrap();
    let last_line = truncated.lines().count();
    let last_col = truncated.lines().last().map_or(0, |l| l.chars().count()) + 1;
    let at_end = format!("invalid-json--truncated.json:{last_line}:{last_col}]");
    let end_of_line = format!("invalid-json--truncated.json:{}:1]", last_line + 1);
    assert!(
        out.contains(&at_end) || out.contains(&end_of_line),
        "expected the end position in {out}"
    );
    assert!(run.stderr.contains("in 4 of 5 files"), "{}", run.stderr);
}

#[test]
fn missing_paths_exit_2_but_other_files_are_checked() {
    let run = run(&[
        "check",
        "does-not-exist.json",
        "fixtures/create-pipe/invalid/out-of-range--replicas-41.json",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("does-not-exist.json"), "{}", run.stderr);
    assert!(run.stdout.contains("out-of-range"), "{}", run.stdout);
}

#[test]
fn unknown_kind_exits_2_with_a_hint() {
    let run = run(&[
        "check",
        "fixtures/unknown-kind/unknown-kind--random-object.json",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.contains("pass `--kind <KIND>`"),
        "{}",
        run.stdout
    );
}

#[test]
fn kind_flag_overrides_detection() {
    let run = run(&[
        "check",
        "--kind",
        "pipe-scaling",
        "fixtures/unknown-kind/unknown-kind--random-object.json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout.contains("unknown member `hello`"),
        "{}",
        run.stdout
    );
}

#[test]
fn stdin_is_checked_like_a_file() {
    let body = std::fs::read(
        repo_root().join("fixtures/create-pipe/invalid/out-of-range--replicas-41.json"),
    )
    .unwrap();
    let output = common::run_in(&repo_root(), &["check", "-"], Some(&body));
    assert_eq!(output.code, 1);
    assert!(
        output.stdout.contains("<stdin>:102:17]"),
        "{}",
        output.stdout
    );
}

#[test]
fn rules_and_rule_print_the_catalog() {
    let list = run(&["rules"]);
    assert_eq!(list.code, 0);
    assert!(list.stdout.contains("PL011") && list.stdout.contains("invalid-enum-value"));
    let json = run(&["rules", "--format", "json"]);
    let parsed: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(
        parsed
            .as_array()
            .is_some_and(|a| a.len() == pipelint_core::rules().len())
    );
    let one = run(&["rule", "PL011"]);
    assert_eq!(one.code, 0);
    assert!(one.stdout.contains("## Fix"), "{}", one.stdout);
    let typo = run(&["rule", "invalid-enum-valu"]);
    assert_eq!(typo.code, 2);
    assert!(
        typo.stderr.contains("did you mean `invalid-enum-value`?"),
        "{}",
        typo.stderr
    );
}

/// `pipelint rules` says which syntaxes each rule applies to, in both formats, as the
/// catalog derives them.
#[test]
fn rules_name_the_syntaxes_of_each_rule() {
    let list = run(&["rules"]);
    let line = |code: &str| {
        list.stdout
            .lines()
            .find(|l| l.starts_with(code))
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        line("PL206").contains("warning JSON, Terraform A Kafka topic"),
        "{}",
        line("PL206")
    );
    assert!(
        line("PL020").contains("error Terraform A nested"),
        "{}",
        line("PL020")
    );
    assert!(line("PL701").contains("error JSON "), "{}", line("PL701"));
    let json = run(&["rules", "--format", "json"]);
    let parsed: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    for entry in parsed.as_array().unwrap() {
        let code = entry["code"].as_str().unwrap();
        let rule = pipelint_core::find_rule(code).unwrap();
        let expected: Vec<&str> = rule.syntaxes().iter().map(|s| s.as_str()).collect();
        assert_eq!(entry["syntaxes"], serde_json::json!(expected), "{code}");
    }
    let by_code = |code: &str| {
        parsed
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["code"] == code)
            .unwrap()["syntaxes"]
            .clone()
    };
    assert_eq!(by_code("PL206"), serde_json::json!(["json", "terraform"]));
    assert_eq!(by_code("PL113"), serde_json::json!(["json"]));
}

#[test]
fn schema_prints_the_embedded_schema() {
    let run = run(&["schema", "create-pipe"]);
    assert_eq!(run.code, 0);
    let schema: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}
