//! Shell completion of rule codes and names: bash runs the script `pipelint completions bash`
//! prints, as it would on a `<TAB>`.

mod common;

use common::Tree;

/// What bash offers for the last of `words` (the command line typed so far).
fn bash_completes(words: &[&str]) -> Vec<String> {
    let tree = Tree::new();
    let script = tree.run(&["completions", "bash"]).expect(0).stdout;
    tree.write("pipelint.bash", &script);
    let current = words.len() - 1;
    let program = format!(
        "source ./pipelint.bash; COMP_WORDS=({}); COMP_CWORD={current}; \
         _pipelint pipelint '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        words.join(" "),
        words[current],
        words[current - 1],
    );
    let output = std::process::Command::new("bash")
        .args(["--norc", "-c", &program])
        .current_dir(tree.path())
        .output()
        .unwrap_or_else(|e| panic!("bash: {e}"));
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_rule_flags_complete_rule_codes_and_names() {
    for flag in ["--select", "--extend-select", "--ignore"] {
        let offered = bash_completes(&["pipelint", "check", flag, "PL01"]);
        assert!(offered.contains(&"PL011".to_owned()), "{flag}: {offered:?}");
        assert!(
            offered.iter().all(|o| o.starts_with("PL01")),
            "{flag}: {offered:?}"
        );
        let offered = bash_completes(&["pipelint", "check", flag, "invalid-e"]);
        assert_eq!(offered, ["invalid-enum-value"], "{flag}");
    }
}

#[test]
fn pipelint_rule_completes_rule_names() {
    assert_eq!(
        bash_completes(&["pipelint", "rule", "invalid-e"]),
        ["invalid-enum-value"]
    );
}

#[test]
fn offering_rules_changes_neither_parsing_nor_help() {
    let tree = Tree::new();
    // Prefixes and names still parse as before; an unknown rule keeps its own message.
    tree.write("a.pipe.json", "{}\n");
    tree.run(&[
        "check",
        "--select",
        "PL0,unknown-field",
        "--quiet",
        "a.pipe.json",
    ]);
    let run = tree.run(&["check", "--select", "PL9999"]).expect(2);
    assert!(
        run.stderr.contains("unknown rule `PL9999`"),
        "{}",
        run.stderr
    );
    let help = tree.run(&["check", "--help"]).expect(0).stdout;
    assert!(
        !help.contains("invalid-json"),
        "the rule list leaked into --help"
    );
}
