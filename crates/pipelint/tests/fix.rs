//! `pipelint check --fix`, `--unsafe-fixes`, `--diff` and fixing stdin, on the invalid
//! fixture of every rule whose findings carry a fix.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::ops::Range;
use std::path::{Path, PathBuf};

use common::{Tree, fixture_profile, fixture_profile_args, json_files, repo_root, run_in};
use pipelint::fix::masked;
use pipelint_core::{
    Applicability, Diagnostic, DocumentKind, FixAvailability, LintOptions, Rule, find_rule, lint,
    rules,
};

/// An invalid fixture with a finding of its rule that carries a fix.
struct Fixture {
    rule: &'static Rule,
    path: PathBuf,
    /// For the fixtures of a kind (`fixtures/<kind>/invalid/<rule>--<case>.json`).
    kind: Option<DocumentKind>,
}

/// Masked findings, as the CLI sees them with no config.
fn findings(text: &[u8], file_name: &str, kind: Option<DocumentKind>) -> Vec<Diagnostic> {
    let options = LintOptions::new()
        .file_name(file_name)
        .kind(kind)
        .profile(fixture_profile(Path::new(file_name)));
    lint(text, &options).diagnostics
}

/// Every invalid fixture, of a rule or of a kind, with a finding of its rule that carries
/// a fix.
fn fixable_fixtures() -> Vec<Fixture> {
    let root = repo_root().join("fixtures");
    let mut candidates = Vec::new();
    for rule in rules().iter() {
        let dir = root.join("rules").join(rule.name).join("invalid");
        candidates.extend(json_files(&dir).into_iter().map(|path| Fixture {
            rule,
            path,
            kind: None,
        }));
    }
    for dir in std::fs::read_dir(&root).unwrap().map(|e| e.unwrap()) {
        let name = dir.file_name().to_string_lossy().into_owned();
        let Some(kind) = DocumentKind::from_name(&name) else {
            continue;
        };
        let mut paths = json_files(&dir.path().join("invalid"));
        if kind == DocumentKind::Terraform {
            paths.extend(tf_files(&dir.path().join("invalid")));
        }
        for path in paths {
            let stem = file_name(&path);
            let named = stem.split("--").next().unwrap_or_default();
            if let Some(rule) = find_rule(named) {
                candidates.push(Fixture {
                    rule,
                    path,
                    kind: Some(kind),
                });
            }
        }
    }
    candidates.retain(|fixture| {
        let bytes = std::fs::read(&fixture.path).unwrap();
        findings(&bytes, &file_name(&fixture.path), fixture.kind)
            .iter()
            .any(|d| std::ptr::eq(d.rule, fixture.rule) && d.fix.is_some())
    });
    candidates
}

/// The Terraform files of a directory, sorted.
fn tf_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "tf"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned()
}

/// The parts of `text` no applicable fix touches.
fn untouched(text: &str, found: &[Diagnostic], unsafe_fixes: bool) -> Vec<String> {
    let mut spans: Vec<Range<usize>> = found
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| unsafe_fixes || f.applicability == Applicability::Safe)
        .map(|f| f.span.clone())
        .collect();
    spans.sort_by_key(|s| s.start);
    let mut parts = Vec::new();
    let mut at = 0;
    for span in spans {
        if span.start > at {
            parts.push(text[at..span.start].to_owned());
        }
        at = at.max(span.end);
    }
    parts.push(text[at..].to_owned());
    parts
}

/// Whether `parts` appear in `text` in order, without overlapping.
fn appear_in_order(parts: &[String], text: &str) -> bool {
    let mut from = 0;
    for part in parts {
        match text[from..].find(part.as_str()) {
            Some(found) => from += found + part.len(),
            None => return false,
        }
    }
    true
}

/// Checks one fixture written with the given line ending: fixed in place, byte-exact
/// outside the fixes, idempotent, the finding gone; `--diff` and stdin agree with it.
fn check_fixture(fixture: &Fixture, crlf: bool) {
    let Fixture { rule, path, kind } = fixture;
    let name = file_name(path);
    let mut before = std::fs::read_to_string(path).unwrap();
    if crlf {
        before = before.replace('\n', "\r\n");
    }
    let found = findings(before.as_bytes(), &name, *kind);
    let ours: Vec<&Diagnostic> = found
        .iter()
        .filter(|d| std::ptr::eq(d.rule, *rule) && d.fix.is_some())
        .collect();
    let unsafe_fixes = ours
        .iter()
        .any(|d| d.fix.as_ref().map(|f| f.applicability) == Some(Applicability::Unsafe));
    let mut flags = vec!["check", "--isolated", "--exit-zero", "--fix"];
    if unsafe_fixes {
        flags.push("--unsafe-fixes");
    }
    let kind_name = kind.map(|k| k.name()).unwrap_or_default();
    if kind.is_some() {
        flags.extend(["--kind", kind_name]);
    }
    // The fixture's profile markers (`@stack-latest`), as the findings above were judged.
    let profile_args = fixture_profile_args(path);
    flags.extend(profile_args.iter().map(String::as_str));
    let context = format!("{} ({}crlf: {crlf})", path.display(), flags.join(" "));

    let tree = Tree::new();
    tree.write(&name, &before);
    // --diff first: it writes nothing.
    let mut diff_args: Vec<&str> = flags.clone();
    diff_args.retain(|f| !matches!(*f, "--fix" | "--exit-zero"));
    diff_args.push("--diff");
    diff_args.push(&name);
    let diff = tree.run(&diff_args).expect(1);
    assert_eq!(tree.read(&name), before, "--diff wrote the file: {context}");
    assert!(
        diff.stdout
            .starts_with(&format!("--- a/{name}\n+++ b/{name}\n@@ ")),
        "{context}: not a unified diff:\n{}",
        diff.stdout
    );

    let mut args = flags.clone();
    args.push(&name);
    let run = tree.run(&args).expect(0);
    let after = tree.read(&name);
    assert_ne!(after, before, "{context}: nothing was fixed; {run:#?}");
    assert!(run.stderr.contains("Applied "), "{context}: {}", run.stderr);
    assert!(
        appear_in_order(&untouched(&before, &found, unsafe_fixes), &after),
        "{context}: bytes outside the fixes changed:\n{after}"
    );
    if crlf {
        assert!(
            !after.replace("\r\n", "").contains('\n'),
            "{context}: a line ending changed:\n{after:?}"
        );
    }
    if *kind == Some(DocumentKind::Terraform) {
        assert!(
            !findings(after.as_bytes(), &name, *kind)
                .iter()
                .any(|d| d.name() == "terraform-syntax"),
            "{context}: the fixed text is not HCL:\n{after}"
        );
    } else {
        assert!(
            serde_json::from_str::<serde_json::Value>(&after).is_ok(),
            "{context}: the fixed text is not JSON:\n{after}"
        );
    }

    // Each line the diff adds is in the fixed file, each it removes was in the original
    // (as findings show them: secrets masked).
    let (shown_before, shown_after) = (masked(&before), masked(&after));
    for line in diff.stdout.lines().skip(2) {
        if let Some(added) = line.strip_prefix('+') {
            assert!(
                shown_after.contains(added),
                "{context}: diff adds {added:?}"
            );
        } else if let Some(removed) = line.strip_prefix('-') {
            assert!(
                shown_before.contains(removed),
                "{context}: diff removes {removed:?}"
            );
        }
    }

    // A fix never breaks the document's structure (serde_json accepts duplicate keys).
    let structural = |text: &str| {
        findings(text.as_bytes(), &name, *kind)
            .iter()
            .filter(|d| matches!(d.name(), "invalid-json" | "duplicate-key"))
            .count()
    };
    assert!(
        structural(&after) <= structural(&before),
        "{context}: the fixes broke the document:\n{after}"
    );

    // The finding is gone: what is left of the rule had no fix to begin with.
    let unfixed: Vec<&str> = found
        .iter()
        .filter(|d| std::ptr::eq(d.rule, *rule) && d.fix.is_none())
        .map(|d| d.pointer.as_str())
        .collect();
    for left in findings(after.as_bytes(), &name, *kind)
        .iter()
        .filter(|d| std::ptr::eq(d.rule, *rule))
    {
        assert!(
            unfixed.contains(&left.pointer.as_str()),
            "{context}: `{}` still reported at {} after its fix:\n{after}",
            rule.name,
            left.pointer
        );
    }

    // Idempotent: a second run changes nothing.
    let again = tree.run(&args).expect(0);
    assert_eq!(
        tree.read(&name),
        after,
        "{context}: second --fix changed the file"
    );
    assert!(
        again.stderr.contains("Applied 0 fixes"),
        "{context}: {}",
        again.stderr
    );

    // stdin: the same fixed text on stdout, and nothing else there.
    let mut stdin_args = flags.clone();
    stdin_args.extend(["--stdin-filename", &name, "-"]);
    let piped = run_in(tree.path(), &stdin_args, Some(before.as_bytes())).expect(0);
    assert_eq!(piped.stdout, after, "{context}: stdin fixed differently");
}

#[test]
fn every_fixable_rule_fixture_is_fixed_exactly_once_and_for_good() {
    let fixtures = fixable_fixtures();
    let mut covered: Vec<&str> = fixtures.iter().map(|f| f.rule.name).collect();
    covered.sort_unstable();
    covered.dedup();
    assert!(
        covered.len() >= 30,
        "only {} rules have fixable fixtures",
        covered.len()
    );
    for fixture in &fixtures {
        check_fixture(fixture, false);
        check_fixture(fixture, true);
    }
}

/// `pipelint rules` and the rule pages tell from `Rule::fix` which fixes a rule has:
/// every fix a fixture yields must keep that promise.
#[test]
fn rules_declare_the_fixes_their_findings_carry() {
    let mut checked = 0;
    for dir in [
        repo_root().join("fixtures/rules"),
        repo_root().join("fixtures"),
    ] {
        for sub in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap()) {
            let kind = DocumentKind::from_name(&sub.file_name().to_string_lossy());
            for path in json_files(&sub.path().join("invalid")) {
                let bytes = std::fs::read(&path).unwrap();
                for d in findings(&bytes, &file_name(&path), kind) {
                    let Some(fix) = &d.fix else { continue };
                    assert!(
                        d.rule.fix.allows(fix.applicability),
                        "{}: `{}` declares fix `{}` but offers a {} fix",
                        path.display(),
                        d.rule.name,
                        d.rule.fix.as_str(),
                        fix.applicability.as_str()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0);
    // Every rule that promises a fix has a fixture that shows one.
    let shown: Vec<&str> = fixable_fixtures().iter().map(|f| f.rule.name).collect();
    for rule in rules().iter().filter(|r| r.fix != FixAvailability::None) {
        assert!(
            shown.contains(&rule.name),
            "`{}` declares a fix but no invalid fixture of it yields one",
            rule.name
        );
    }
}

#[test]
fn rules_list_shows_fix_safety() {
    let tree = Tree::new();
    let text = tree.run(&["rules"]).expect(0).stdout;
    let line = |code: &str| {
        text.lines()
            .find(|l| l.starts_with(code))
            .unwrap_or_else(|| panic!("{code} is not listed:\n{text}"))
            .to_owned()
    };
    assert!(line("PL011").ends_with("(fix: safe-or-unsafe)"), "{text}");
    assert!(line("PL207").ends_with("(fix: unsafe)"), "{text}");
    assert!(line("PL205").ends_with("(fix: safe)"), "{text}");
    assert!(!line("PL001").contains("fix:"), "{text}");
    let json = tree.run(&["rules", "--format", "json"]).expect(0).json();
    let entry = |code: &str| {
        json.as_array()
            .into_iter()
            .flatten()
            .find(|e| e["code"] == code)
            .map(|e| e["fix"].clone())
    };
    assert_eq!(entry("PL207"), Some("unsafe".into()));
    assert_eq!(entry("PL001"), Some("none".into()));
}

const HTTP_REGISTRY: &str = "fixtures/rules/kafka-schema-registry-https/invalid/http.json";

#[test]
fn unsafe_fixes_wait_for_their_flag_and_are_counted() {
    let before = std::fs::read_to_string(repo_root().join(HTTP_REGISTRY)).unwrap();
    let tree = Tree::new();
    tree.write("http.json", &before);
    let run = tree
        .run(&["check", "--isolated", "--fix", "http.json"])
        .expect(1);
    assert_eq!(tree.read("http.json"), before);
    assert!(
        run.stderr
            .contains("Applied 0 fixes; 1 more fix available with `--unsafe-fixes`."),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("PL207"), "{}", run.stdout);
    let diff = tree
        .run(&["check", "--isolated", "--diff", "http.json"])
        .expect(0);
    assert!(diff.stdout.is_empty(), "{}", diff.stdout);

    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--fix",
            "--unsafe-fixes",
            "http.json",
        ])
        .expect(0);
    assert!(run.stderr.contains("Applied 1 fix."), "{}", run.stderr);
    assert!(tree.read("http.json").contains("\"https://schema-registry"));
}

#[test]
fn a_clean_file_gives_an_empty_diff_and_exit_0() {
    let tree = Tree::new();
    tree.write("ok.pipe.json", common::GOOD_PIPE);
    let run = tree.run(&["check", "--diff", "ok.pipe.json"]).expect(0);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("Would apply 0 fixes."),
        "{}",
        run.stderr
    );
    // stdin with nothing to fix comes back as it was.
    let piped = tree
        .run_with_stdin(
            &["check", "--fix", "--stdin-filename", "ok.pipe.json", "-"],
            Some(common::GOOD_PIPE),
        )
        .expect(0);
    assert_eq!(piped.stdout, common::GOOD_PIPE);
}

/// One line, as minified bodies are: a diff's context is the whole body.
const SECRET_PIPE: &str = concat!(
    r#"{"name": "app-logs", "source": {"kafka": {"type": "confluent", "format": "JSONEachRow", "#,
    r#""authentication": "scram-sha-512", "brokers": "SASL_SSL://broker.example.com:9092", "#,
    r#""topics": "app-logs", "credentials": {"username": "svc-user", "#,
    r#""password": "Tr0ub4dor-and-3-horses"}}}, "destination": {"database": "db", "#,
    r#""table": "t", "managedTable": false, "columns": [{"name": "m", "type": "String"}]}}"#,
    "\r\n"
);
const SECRET: &str = "Tr0ub4dor-and-3-horses";

#[test]
fn fixes_around_a_secret_never_alter_or_print_it() {
    let tree = Tree::new();
    tree.write("s.pipe.json", SECRET_PIPE);
    let diff = tree
        .run(&["check", "--isolated", "--diff", "s.pipe.json"])
        .expect(1);
    assert!(
        !diff.stdout.contains(SECRET) && !diff.stderr.contains(SECRET),
        "{diff:#?}"
    );
    assert!(
        diff.stdout.contains("+{") && diff.stdout.contains("SCRAM-SHA-512"),
        "{diff:#?}"
    );

    let run = tree.run(&["check", "--isolated", "--fix", "s.pipe.json"]);
    assert!(
        !run.stdout.contains(SECRET) && !run.stderr.contains(SECRET),
        "{run:#?}"
    );
    let after = tree.read("s.pipe.json");
    assert!(
        after.contains(&format!("\"password\": \"{SECRET}\"}}")),
        "{after}"
    );
    assert!(after.contains("\"SCRAM-SHA-512\""), "{after}");
    assert!(!after.contains("SASL_SSL://"), "{after}");
    assert!(after.ends_with("}\r\n"), "{after:?}");

    // stdin: stdout is the user's own document (it replaces the editor's buffer), so it
    // keeps the secret as it was; the findings on stderr stay masked.
    let piped = tree.run_with_stdin(
        &[
            "check",
            "--isolated",
            "--fix",
            "--stdin-filename",
            "s.pipe.json",
            "-",
        ],
        Some(SECRET_PIPE),
    );
    assert_eq!(piped.stdout, after);
    assert!(!piped.stderr.contains(SECRET), "{piped:#?}");
}

/// A fix whose replacement would carry a credential is dropped by the masking, so `--fix`
/// never rewrites (or prints) it.
#[test]
fn a_fix_that_would_rewrite_a_credential_is_not_applied() {
    let body = common::GOOD_PIPE.replace(
        "serverless.warpstream.com:9092",
        "SASL_SSL://svc:Hunter2-long-password@serverless.warpstream.com:9092",
    );
    let tree = Tree::new();
    tree.write("c.pipe.json", &body);
    let run = tree.run(&[
        "check",
        "--isolated",
        "--fix",
        "--unsafe-fixes",
        "c.pipe.json",
    ]);
    assert_eq!(tree.read("c.pipe.json"), body);
    assert!(
        !run.stdout.contains("Hunter2") && !run.stderr.contains("Hunter2"),
        "{run:#?}"
    );
    let diff = tree.run(&["check", "--isolated", "--diff", "c.pipe.json"]);
    assert!(!diff.stdout.contains("Hunter2"), "{diff:#?}");
}

#[cfg(unix)]
#[test]
fn fixing_keeps_the_file_mode_and_leaves_no_temporary_file() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::new();
    tree.write("p.pipe.json", common::BAD_PIPE);
    let path = tree.join("p.pipe.json");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    tree.run(&["check", "--isolated", "--fix", "p.pipe.json"]);
    assert_ne!(tree.read("p.pipe.json"), common::BAD_PIPE);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    let names: Vec<_> = std::fs::read_dir(tree.path())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["p.pipe.json"]);
}

#[test]
fn a_diff_goes_to_the_output_file_when_one_is_given() {
    let tree = Tree::new();
    tree.write("p.pipe.json", common::BAD_PIPE);
    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--diff",
            "--output-file",
            "fix.patch",
            "p.pipe.json",
        ])
        .expect(1);
    assert_eq!(run.stdout, "");
    assert_eq!(tree.read("p.pipe.json"), common::BAD_PIPE);
    let patch = tree.read("fix.patch");
    assert!(
        patch.starts_with("--- a/p.pipe.json\n+++ b/p.pipe.json\n"),
        "{patch}"
    );
    assert!(
        patch.contains("+      \"authentication\": \"SCRAM-SHA-512\","),
        "{patch}"
    );
}

/// A rule turned off in the config is not fixed either: its finding does not exist.
#[test]
fn a_rule_turned_off_is_not_fixed() {
    let tree = Tree::new();
    tree.write("p.pipe.json", common::BAD_PIPE)
        .write("pipelint.toml", "[rules]\ninvalid-enum-value = \"off\"\n");
    let run = tree.run(&["check", "--fix", "p.pipe.json"]);
    assert!(
        tree.read("p.pipe.json").contains("\"scram-sha-512\""),
        "{run:#?}"
    );
    assert!(run.stderr.contains("Applied "), "{run:#?}");
}

/// A "did you mean" rename is a guess: unsafe. (The `clickhouse_` to `db_` rename is the
/// documented one and safe; comparing two absent prefixes once made every guess safe.)
#[test]
fn a_guessed_rename_waits_for_unsafe_fixes_and_never_duplicates_a_key() {
    let tree = Tree::new();
    tree.write("b.scaling.json", "{\"replicaz\": 3}\n");
    tree.run(&["check", "--isolated", "--fix", "b.scaling.json"]);
    assert_eq!(tree.read("b.scaling.json"), "{\"replicaz\": 3}\n");
    tree.run(&[
        "check",
        "--isolated",
        "--fix",
        "--unsafe-fixes",
        "b.scaling.json",
    ]);
    assert_eq!(tree.read("b.scaling.json"), "{\"replicas\": 3}\n");

    // `replicas` is given too: renaming would make a duplicate key, so no fix is offered.
    let both = "{\"replicas\": 2, \"replicaz\": 3}\n";
    tree.write("a.scaling.json", both);
    tree.run(&[
        "check",
        "--isolated",
        "--fix",
        "--unsafe-fixes",
        "a.scaling.json",
    ]);
    assert_eq!(tree.read("a.scaling.json"), both);
}

/// Every invalid fixture, whatever rule its fixes come from, fixed with every fix (the
/// same loop `--fix --unsafe-fixes` runs): the structure holds, the bytes outside the
/// fixes' spans stay, and a second run has nothing left to do.
#[test]
fn fixing_any_fixture_keeps_its_structure_and_settles() {
    let root = repo_root().join("fixtures");
    let mut dirs: Vec<(PathBuf, Option<DocumentKind>)> = Vec::new();
    for sub in std::fs::read_dir(&root).unwrap().map(|e| e.unwrap()) {
        let name = sub.file_name().to_string_lossy().into_owned();
        if name == "rules" {
            for rule in std::fs::read_dir(sub.path()).unwrap().map(|e| e.unwrap()) {
                dirs.push((rule.path().join("invalid"), None));
            }
        } else {
            dirs.push((sub.path().join("invalid"), DocumentKind::from_name(&name)));
        }
    }
    let mut fixed_files = 0;
    for (dir, kind) in dirs {
        for path in json_files(&dir) {
            let bytes = std::fs::read(&path).unwrap();
            let name = file_name(&path);
            let options = LintOptions::new()
                .file_name(name.as_str())
                .kind(kind)
                .profile(fixture_profile(&path));
            let fixed = pipelint_core::fix(&bytes, &options, Applicability::Unsafe);
            if fixed.applied == 0 {
                continue;
            }
            let before = String::from_utf8(bytes).unwrap();
            fixed_files += 1;
            let after = &String::from_utf8(fixed.text).unwrap();
            let structural = |text: &str| {
                findings(text.as_bytes(), &name, kind)
                    .iter()
                    .filter(|d| matches!(d.name(), "invalid-json" | "duplicate-key"))
                    .count()
            };
            assert!(
                structural(after) <= structural(&before),
                "{}: the fixes broke the document:\n{after}",
                path.display()
            );
            let found = findings(before.as_bytes(), &name, kind);
            assert!(
                appear_in_order(&untouched(&before, &found, true), after),
                "{}: bytes outside the fixes changed:\n{after}",
                path.display()
            );
            let again = pipelint_core::fix(after.as_bytes(), &options, Applicability::Unsafe);
            assert_eq!(
                again.applied,
                0,
                "{}: not settled after one run",
                path.display()
            );
        }
    }
    assert!(fixed_files > 30, "only {fixed_files} fixtures had fixes");
}

/// `--fix -` replaces a document in an editor or a `--fix - < f > f.new` pipeline: its stdout
/// is the document, fixed or as it came, and never a report, whatever it could not fix.
#[test]
fn fixing_stdin_prints_the_document_even_when_it_cannot_fix_it() {
    let tree = Tree::new();
    tree.write("pipelint.toml", "exclude = [\"skipped.pipe.json\"]\n");
    // Larger than a pipe's buffer: what is past the limit is passed through unread.
    let large = format!("{}\n{}", common::BAD_PIPE.trim_end(), " ".repeat(200_000));
    let fix = |extra: &[&str], name: &str, input: &str| {
        let mut args = vec!["check", "--fix", "--stdin-filename", name];
        args.extend_from_slice(extra);
        args.push("-");
        tree.run_with_stdin(&args, Some(input))
    };
    let cases: [(&str, &[&str], &str, &str, i32); 8] = [
        (
            "over the limit",
            &["--max-file-size", "100"],
            "p.pipe.json",
            common::BAD_PIPE,
            1,
        ),
        (
            "far over the limit",
            &["--max-file-size", "100"],
            "p.pipe.json",
            &large,
            1,
        ),
        (
            "over the limit, JSON report",
            &["--max-file-size", "100", "--output-format", "json"],
            "p.pipe.json",
            common::BAD_PIPE,
            1,
        ),
        ("not JSON", &[], "p.pipe.json", "{\"name\": \n", 1),
        (
            "a raw control character",
            &[],
            "p.pipe.json",
            "{\"name\": \"\u{1}\"}",
            1,
        ),
        ("of no known kind", &[], "p.json", "{\"a\": 1}\n", 2),
        // "No files to check" exits 2, as it does without `--fix`.
        (
            "excluded by the config",
            &["--force-exclude"],
            "skipped.pipe.json",
            common::BAD_PIPE,
            2,
        ),
        (
            "excluded, which is fine",
            &["--force-exclude", "--no-errors-on-unmatched"],
            "skipped.pipe.json",
            common::BAD_PIPE,
            0,
        ),
    ];
    for (what, extra, name, input, code) in cases {
        let run = fix(extra, name, input);
        assert_eq!(
            run.stdout, input,
            "{what}: stdout is not the document; {run:#?}"
        );
        assert_eq!(run.code, code, "{what}: {run:#?}");
    }
    // The finding of the file over the limit is on stderr.
    let run = fix(&["--max-file-size", "100"], "p.pipe.json", common::BAD_PIPE);
    assert!(run.stderr.contains("PL009"), "{run:#?}");
}

/// A byte-order mark is kept, and the document after it is fixed as it would be without it.
#[test]
fn a_file_with_a_byte_order_mark_is_fixed_and_keeps_it() {
    let tree = Tree::new();
    let with_mark = format!("\u{FEFF}{}", common::BAD_PIPE);
    tree.write("plain.pipe.json", common::BAD_PIPE)
        .write("marked.pipe.json", &with_mark);
    tree.run(&["check", "--isolated", "--fix", "plain.pipe.json"]);
    let fixed = tree.read("plain.pipe.json");
    assert_ne!(fixed, common::BAD_PIPE, "nothing to compare with was fixed");

    let diff = tree
        .run(&["check", "--isolated", "--diff", "marked.pipe.json"])
        .expect(1);
    assert!(
        diff.stdout
            .contains("+      \"authentication\": \"SCRAM-SHA-512\","),
        "{diff:#?}"
    );
    assert!(diff.stderr.contains("Would apply 1 fix"), "{diff:#?}");

    let piped = tree.run_with_stdin(
        &[
            "check",
            "--isolated",
            "--fix",
            "--stdin-filename",
            "marked.pipe.json",
            "-",
        ],
        Some(&with_mark),
    );
    assert_eq!(piped.stdout, format!("\u{FEFF}{fixed}"), "{piped:#?}");

    let run = tree.run(&["check", "--isolated", "--fix", "marked.pipe.json"]);
    assert!(run.stderr.contains("Applied 1 fix."), "{run:#?}");
    assert_eq!(tree.read("marked.pipe.json"), format!("\u{FEFF}{fixed}"));
}

/// A read-only file is not replaced (a rename would bypass its mode): it is named, the
/// other files are fixed, and the run exits 2.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_and_the_others_are_fixed() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::new();
    tree.write("locked.pipe.json", common::BAD_PIPE)
        .write("open.pipe.json", common::BAD_PIPE);
    let locked = tree.join("locked.pipe.json");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = tree
        .run(&[
            "check",
            "--isolated",
            "--fix",
            "locked.pipe.json",
            "open.pipe.json",
        ])
        .expect(2);
    assert_eq!(tree.read("locked.pipe.json"), common::BAD_PIPE);
    assert_ne!(tree.read("open.pipe.json"), common::BAD_PIPE);
    assert!(
        run.stderr.contains("locked.pipe.json: read-only"),
        "{run:#?}"
    );
    assert!(run.stderr.contains("Applied 1 fix."), "{run:#?}");
    let mode = std::fs::metadata(&locked).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
    // Its findings are those of the text as it is.
    assert!(run.stdout.contains("locked.pipe.json"), "{run:#?}");
}
