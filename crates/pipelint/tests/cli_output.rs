//! Output formats and the exit policy, run through the built binary.

mod common;

use common::{BAD_PIPE, EMOJI_SCALING, GOOD_PIPE, Tree, WARNING_ONLY_SCALING, acting};
use serde_json::Value;

/// A tree with one file of each sort: errors and a warning, clean, warning only.
fn mixed_tree() -> Tree {
    let tree = Tree::new();
    tree.write("pipes/bad.pipe.json", BAD_PIPE)
        .write("pipes/good.pipe.json", GOOD_PIPE)
        .write("scaling/up.scaling.json", WARNING_ONLY_SCALING);
    tree
}

fn str_at<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no string at {pointer} in {value:#}"))
}

fn num_at(value: &Value, pointer: &str) -> u64 {
    value
        .pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no number at {pointer} in {value:#}"))
}

#[test]
fn concise_prints_path_line_column_code_severity_message_and_pointer() {
    let run = mixed_tree()
        .run(&["check", "--output-format", "concise"])
        .expect(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "pipes/bad.pipe.json:7:25: PL011 [*] error `scram-sha-512` is not a valid value for \
         `authentication` [/source/kafka/authentication]"
    );
    assert!(
        lines[1].starts_with("pipes/bad.pipe.json:10:7: PL014 warning "),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].ends_with(" [/source/kafka/extraOption]"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("scaling/up.scaling.json:1:17: PL014 warning "),
        "{}",
        lines[2]
    );
    assert_eq!(lines.len(), 3, "{}", run.stdout);
}

#[test]
fn json_gives_every_field_with_character_columns_and_byte_offsets() {
    let tree = Tree::new();
    tree.write("e.scaling.json", EMOJI_SCALING);
    let run = tree.run(&["check", "--output-format", "json"]).expect(1);
    let all = run.json();
    let findings = all.as_array().unwrap_or_else(|| panic!("not an array"));
    let wrong = findings
        .iter()
        .find(|f| f["name"] == "wrong-type")
        .unwrap_or_else(|| panic!("no wrong-type finding: {all:#}"));
    let offset = EMOJI_SCALING.find("\"x\"").unwrap() as u64;
    assert_eq!(str_at(wrong, "/path"), "e.scaling.json");
    assert_eq!(str_at(wrong, "/kind"), "pipe-scaling");
    assert_eq!(str_at(wrong, "/code"), "PL010");
    assert_eq!(str_at(wrong, "/severity"), "error");
    assert_eq!(str_at(wrong, "/pointer"), "/replicas");
    assert!(!str_at(wrong, "/message").is_empty());
    assert_eq!(num_at(wrong, "/start/line"), 1);
    assert_eq!(num_at(wrong, "/start/column"), 24);
    assert_eq!(num_at(wrong, "/start/offset"), offset);
    assert_eq!(num_at(wrong, "/end/column"), 27);
    assert_eq!(num_at(wrong, "/end/offset"), offset + 3);
    assert!(str_at(wrong, "/url").ends_with("/docs/rules/wrong-type.md"));
    assert!(wrong.get("help").is_some());
    assert_eq!(str_at(wrong, "/fingerprint").len(), 32);
}

#[test]
fn json_lines_holds_the_same_findings_one_per_line() {
    let tree = mixed_tree();
    let array = tree.run(&["check", "--output-format", "json"]).json();
    let run = tree
        .run(&["check", "--output-format", "json-lines"])
        .expect(1);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(Value::Array(lines), array);
}

#[test]
fn github_annotations_are_one_escaped_command_per_finding() {
    let tree = Tree::new();
    tree.write("pipes/a,b.pipe.json", BAD_PIPE);
    let run = tree.run(&["check", "--output-format", "github"]).expect(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with(
            "::error file=pipes/a%2Cb.pipe.json,line=7,col=25,endLine=7,endColumn=40,\
             title=PL011 invalid-enum-value::`scram-sha-512` is not a valid value"
        ),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("%0Ahelp: did you mean `SCRAM-SHA-512`?"));
    assert!(lines[1].starts_with("::warning file=pipes/a%2Cb.pipe.json,line=10,"));
}

#[test]
fn gitlab_fingerprints_follow_path_rule_and_pointer_not_lines() {
    let tree = Tree::new();
    tree.write("pipes/a.pipe.json", BAD_PIPE);
    let report = |tree: &Tree| tree.run(&["check", "--output-format", "gitlab"]).json();
    let fingerprints = |report: &Value| -> Vec<String> {
        report
            .as_array()
            .into_iter()
            .flatten()
            .map(|issue| str_at(issue, "/fingerprint").to_owned())
            .collect()
    };
    let before = report(&tree);
    assert_eq!(str_at(&before, "/0/check_name"), "PL011");
    assert_eq!(str_at(&before, "/0/severity"), "major");
    assert_eq!(str_at(&before, "/1/severity"), "minor");
    assert_eq!(str_at(&before, "/0/location/path"), "pipes/a.pipe.json");
    assert_eq!(num_at(&before, "/0/location/lines/begin"), 7);

    // Three lines added above: the lines move, the fingerprints stay.
    tree.write("pipes/a.pipe.json", &format!("\n\n\n{BAD_PIPE}"));
    let shifted = report(&tree);
    assert_eq!(num_at(&shifted, "/0/location/lines/begin"), 10);
    assert_eq!(fingerprints(&before), fingerprints(&shifted));

    // Another file with the same findings gets other fingerprints.
    tree.write("pipes/b.pipe.json", BAD_PIPE);
    let both = fingerprints(&report(&tree));
    assert_eq!(both.len(), 4);
    let mut unique = both.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 4, "{both:?}");
}

#[test]
fn junit_fails_only_findings_at_or_above_the_fail_level() {
    let run = mixed_tree()
        .run(&["check", "--output-format", "junit"])
        .expect(1);
    let xml = &run.stdout;
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    assert!(
        xml.contains("<testsuites name=\"pipelint\" tests=\"4\" failures=\"1\" errors=\"0\">"),
        "{xml}"
    );
    assert_eq!(xml.matches("<failure ").count(), 1, "{xml}");
    assert!(xml.contains("<failure type=\"PL011\" message=\"`scram-sha-512` is not a valid"));
    assert_eq!(xml.matches("<system-out>").count(), 2, "{xml}");
    assert!(xml.contains(
        "<testcase name=\"pipelint check\" classname=\"pipes/good.pipe.json\" file=\"pipes/good.pipe.json\"/>"
    ));
    let strict = mixed_tree()
        .run(&["check", "--output-format", "junit", "--fail-on", "warning"])
        .expect(1);
    assert_eq!(strict.stdout.matches("<failure ").count(), 3);
}

#[test]
fn the_format_comes_from_the_alias_or_the_environment() {
    let tree = mixed_tree();
    let alias = tree.run(&["check", "--format", "concise"]).expect(1);
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pipelint"));
    let output = command
        .args(["check"])
        .current_dir(tree.path())
        .env("PIPELINT_OUTPUT_FORMAT", "concise")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), alias.stdout);
    assert!(
        alias
            .stdout
            .starts_with("pipes/bad.pipe.json:7:25: PL011 [*] error")
    );
}

#[test]
fn output_file_takes_the_findings_and_stderr_keeps_the_summary() {
    let tree = mixed_tree();
    let run = tree
        .run(&[
            "check",
            "--output-format",
            "sarif",
            "--output-file",
            "out.sarif",
        ])
        .expect(1);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("1 error, 2 warnings in 2 of 3 files"),
        "{}",
        run.stderr
    );
    let sarif: Value = serde_json::from_str(&tree.read("out.sarif")).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
}

#[test]
fn the_fail_level_is_inclusive_and_exit_zero_keeps_trouble() {
    let tree = Tree::new();
    tree.write("up.scaling.json", WARNING_ONLY_SCALING);
    tree.run(&["check"]).expect(0);
    tree.run(&["check", "--fail-on", "error"]).expect(0);
    tree.run(&["check", "--fail-on", "warning"]).expect(1);
    tree.run(&["check", "--fail-on", "info"]).expect(1);

    // As an info finding it fails only `--fail-on info`.
    tree.write("pipelint.toml", "[rules]\nunknown-field = \"info\"\n");
    tree.run(&["check", "--fail-on", "warning"]).expect(0);
    tree.run(&["check", "--fail-on", "info"]).expect(1);

    // The config's level applies unless the command line gives one.
    tree.write("pipelint.toml", "fail-on = \"warning\"\n");
    tree.run(&["check"]).expect(1);
    tree.run(&["check", "--fail-on", "error"]).expect(0);

    tree.write("bad.pipe.json", BAD_PIPE);
    tree.run(&["check", "--exit-zero"]).expect(0);
    tree.write("package.json", "{\"name\": \"x\"}");
    // An unknown kind is trouble, not a finding: --exit-zero does not hide it.
    tree.run(&["check", "--exit-zero", "package.json"])
        .expect(2);
}

#[test]
fn statistics_count_findings_per_rule_and_quiet_drops_the_summary() {
    let tree = mixed_tree();
    tree.write("pipes/worse.pipe.json", BAD_PIPE);
    let run = tree
        .run(&["check", "--statistics", "--output-format", "concise"])
        .expect(1);
    assert!(
        run.stderr.starts_with(concat!(
            " count  fixable  code   name\n",
            "     3        0  PL014  unknown-field\n",
            "     2        2  PL011  invalid-enum-value\n",
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .ends_with("2 errors, 3 warnings in 3 of 4 files; 2 fixable with `--fix`\n"),
        "{}",
        run.stderr
    );
    let quiet = tree
        .run(&["check", "--quiet", "--output-format", "concise"])
        .expect(1);
    assert_eq!(quiet.stderr, "");
    assert_eq!(quiet.stdout, run.stdout);
}

#[test]
fn full_output_draws_code_frames() {
    let run = mixed_tree().run(&["check"]).expect(1);
    assert!(
        run.stdout.contains("PL011(invalid-enum-value)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("╭─[pipes/bad.pipe.json:7:25]"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("help: did you mean `SCRAM-SHA-512`?"));
}

/// Lone CRs, a CRLF and non-ASCII text before each finding: line 1 ends with a lone CR.
const MIXED_BREAKS: &str = "{\"zz\u{1F600}é\": 1,\r  \"replicas\": \"x\",\r\n  \"é\": 2}\n";

#[test]
fn every_format_takes_its_positions_from_one_line_index() {
    let tree = Tree::new();
    tree.write("e.scaling.json", MIXED_BREAKS);
    let expected = [(1, 2), (2, 15), (3, 3)];
    let run = |format: &str| tree.run(&["check", "--output-format", format]).expect(1);
    let number = |text: &str| {
        text.parse::<u64>()
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
    };
    let pair = |line: &str, column: &str| (number(line), number(column));

    let concise: Vec<_> = run("concise")
        .stdout
        .lines()
        .map(|l| {
            let parts: Vec<&str> = l.splitn(4, ':').collect();
            pair(parts[1], parts[2])
        })
        .collect();
    assert_eq!(concise, expected, "concise");

    let full: Vec<_> = run("full")
        .stdout
        .lines()
        .filter_map(|l| l.split_once("╭─[e.scaling.json:")?.1.strip_suffix(']'))
        .map(|at| at.split_once(':').map(|(l, c)| pair(l, c)))
        .collect();
    assert_eq!(full, expected.map(Some), "full");

    let json = run("json").json();
    let from_json: Vec<_> = json
        .as_array()
        .unwrap_or_else(|| panic!("not an array"))
        .iter()
        .map(|f| (num_at(f, "/start/line"), num_at(f, "/start/column")))
        .collect();
    assert_eq!(from_json, expected, "json");

    let github: Vec<_> = run("github")
        .stdout
        .lines()
        .map(|l| {
            let field = |key: &str| {
                let rest = l.split_once(key).map_or("", |(_, r)| r);
                rest.split([',', ':']).next().unwrap_or_default().to_owned()
            };
            pair(&field(",line="), &field(",col="))
        })
        .collect();
    assert_eq!(github, expected, "github");

    let junit = run("junit").stdout;
    for (line, column) in expected {
        assert!(junit.contains(&format!(" at {line}:{column}\"")), "{junit}");
    }
    let gitlab = run("gitlab").json();
    let lines: Vec<_> = gitlab
        .as_array()
        .unwrap_or_else(|| panic!("not an array"))
        .iter()
        .map(|i| num_at(i, "/location/lines/begin"))
        .collect();
    assert_eq!(lines, expected.map(|(l, _)| l), "gitlab");
    let sarif = run("sarif").json();
    let lines: Vec<_> = (0..3)
        .map(|i| {
            num_at(
                &sarif,
                &format!("/runs/0/results/{i}/locations/0/physicalLocation/region/startLine"),
            )
        })
        .collect();
    assert_eq!(lines, expected.map(|(l, _)| l), "sarif");
}

#[test]
fn control_characters_from_the_file_never_reach_the_terminal_or_the_log() {
    let tree = Tree::new();
    // Keys written with JSON escapes: the decoded key is in the message.
    tree.write(
        "keys.scaling.json",
        r#"{"replicas": 2, "t\u001b]0;owned\u0007\u001b[2J\u009b31m\u202e": 1, "a\nb%0A::error::fake\r::warning::x": 1}"#,
    );
    // A raw escape sequence in the code frame.
    tree.write(
        "raw.scaling.json",
        "{\"replicas\": 2, \"a\u{1b}[2Jb\": 1}\n",
    );
    // And in a file name.
    tree.write("n\u{1b}[31m.scaling.json", WARNING_ONLY_SCALING);
    let findings = tree
        .run(&["check", "--output-format", "json"])
        .json()
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(findings, 4);
    for format in ["full", "concise", "github"] {
        let run = tree.run(&["check", "--output-format", format]).expect(1);
        assert_eq!(
            acting(&run.stdout),
            Vec::<char>::new(),
            "{format}:\n{}",
            run.stdout
        );
        assert_eq!(
            acting(&run.stderr),
            Vec::<char>::new(),
            "{format}:\n{}",
            run.stderr
        );
        assert!(
            run.stdout.contains("\u{241B}]0;owned\u{2407}"),
            "{}",
            run.stdout
        );
        assert!(
            run.stdout.contains("n\u{241B}[31m.scaling.json"),
            "{}",
            run.stdout
        );
        if format != "full" {
            // One line a finding, so a line break in a key cannot start a line (or, in a
            // CI log, a workflow command) of its own.
            assert_eq!(run.stdout.lines().count(), findings, "{}", run.stdout);
        }
        if format == "github" {
            assert!(
                run.stdout
                    .lines()
                    .all(|l| l.starts_with("::warning ") || l.starts_with("::error ")),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout
                    .contains("a\u{240A}b%250A::error::fake\u{240D}::warning::x")
            );
        }
    }
}

#[test]
fn control_characters_in_file_names_never_reach_stderr() {
    let tree = Tree::new();
    tree.write("t\u{1b}]0;owned\u{7}.scaling.json", WARNING_ONLY_SCALING);
    // A link the walk does not follow gets a note on stderr that names it.
    std::os::unix::fs::symlink(
        tree.path().join("t\u{1b}]0;owned\u{7}.scaling.json"),
        tree.path().join("l\u{1b}[2J.scaling.json"),
    )
    .unwrap();
    let run = tree
        .run(&["check", "--explain-kind", "--output-format", "concise"])
        .expect(0);
    assert_eq!(acting(&run.stderr), Vec::<char>::new(), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("t\u{241B}]0;owned\u{2407}.scaling.json: checked as"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("l\u{241B}[2J.scaling.json"),
        "{}",
        run.stderr
    );
}
