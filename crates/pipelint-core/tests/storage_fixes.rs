//! The fixes offered by the object-storage, Postgres and scaling rules (PL3xx to PL5xx)
//! repair what they report: applied to each invalid fixture of such a rule, the result is
//! strict JSON and the rule no longer reports that member.

use std::path::{Path, PathBuf};

use pipelint_core::{LintOptions, lint, rules};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn invalid_fixtures(rule: &str) -> Vec<PathBuf> {
    let dir = repo_root()
        .join("fixtures/rules")
        .join(rule)
        .join("invalid");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

#[test]
fn fixes_repair_the_finding() {
    let mut fixed = 0;
    for rule in rules()
        .iter()
        .filter(|r| matches!(&r.code[..3], "PL3" | "PL4" | "PL5"))
    {
        for path in invalid_fixtures(rule.name) {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            let name = path.file_name().and_then(|n| n.to_str());
            let options = LintOptions::new().file_name(name);
            let result = lint(text.as_bytes(), &options);
            for diagnostic in result.diagnostics.iter().filter(|d| d.rule == *rule) {
                let Some(fix) = &diagnostic.fix else {
                    continue;
                };
                let mut repaired = text.clone();
                repaired.replace_range(fix.span.clone(), &fix.replacement);
                assert!(
                    serde_json::from_str::<serde_json::Value>(&repaired).is_ok(),
                    "{}: `{}` leaves invalid JSON:\n{repaired}",
                    path.display(),
                    fix.title
                );
                let again = lint(repaired.as_bytes(), &options);
                assert!(
                    !again
                        .diagnostics
                        .iter()
                        .any(|d| d.rule == *rule && d.pointer == diagnostic.pointer),
                    "{}: `{}` does not repair the finding",
                    path.display(),
                    fix.title
                );
                fixed += 1;
            }
        }
    }
    assert!(fixed > 0, "no fix was exercised");
}
