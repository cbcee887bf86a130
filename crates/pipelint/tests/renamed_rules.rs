//! A renamed rule answers to its old name everywhere a rule is named: `[rules]`,
//! `[[overrides]]`, `--select`/`--ignore` and `pipelint rule`. The config warns about the
//! old name; the command line does not.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use common::{Tree, repo_root};
use pipelint_core::find_rule;

/// An invalid fixture of the rule, copied into the tree as `body.pipe.json`.
fn tree_with_fixture_of(name: &str) -> Tree {
    let dir = repo_root()
        .join("fixtures/rules")
        .join(name)
        .join("invalid");
    let fixture = common::json_files(&dir)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{name} has no invalid fixture"));
    let tree = Tree::new();
    tree.write("body.pipe.json", &std::fs::read_to_string(fixture).unwrap());
    tree
}

#[test]
fn old_names_in_the_config_work_like_the_new_ones_and_are_warned_about() {
    for &(old, new) in pipelint_core::renamed_rules() {
        let code = find_rule(new).unwrap().code;
        let tree = tree_with_fixture_of(new);
        let reported = tree.run(&["check", "--isolated", "body.pipe.json"]);
        assert!(reported.stdout.contains(code), "{new}: {reported:#?}");

        let configs = [
            "[rules]\nRULE = \"off\"\n",
            "[[overrides]]\nfiles = [\"body.pipe.json\"]\nrules = { RULE = \"off\" }\n",
        ];
        for config in configs {
            tree.write("pipelint.toml", &config.replace("RULE", new));
            let by_new = tree.run(&["check", "body.pipe.json"]);
            tree.write("pipelint.toml", &config.replace("RULE", old));
            let by_old = tree.run(&["check", "body.pipe.json"]);
            assert!(!by_new.stdout.contains(code), "{new}: {by_new:#?}");
            assert_eq!(by_old.stdout, by_new.stdout, "{old}");
            assert_eq!(by_old.code, by_new.code, "{old}");
            assert!(
                !by_new.stderr.contains("renamed"),
                "{new}: {}",
                by_new.stderr
            );
            assert!(
                by_old.stderr.contains(&format!(
                    "pipelint.toml:{}: warning: rule `{old}` was renamed to `{new}` (the old name still works)",
                    if config.starts_with("[rules]") { "2:1" } else { "3:11" }
                )),
                "{old}: {}",
                by_old.stderr
            );
        }
        // An old name and the new one for the same rule set it twice.
        tree.write(
            "pipelint.toml",
            &format!("[rules]\n{old} = \"off\"\n{new} = \"warning\"\n"),
        );
        let twice = tree.run(&["check", "body.pipe.json"]).expect(2);
        assert!(twice.stderr.contains("is set twice"), "{old}: {twice:#?}");
    }
}

#[test]
fn old_names_select_and_ignore_on_the_command_line() {
    for &(old, new) in pipelint_core::renamed_rules() {
        let code = find_rule(new).unwrap().code;
        let tree = tree_with_fixture_of(new);
        for flag in ["--select", "--ignore"] {
            let by_new = tree.run(&["check", "--isolated", flag, new, "body.pipe.json"]);
            let by_old = tree.run(&["check", "--isolated", flag, old, "body.pipe.json"]);
            // Else the comparison passes with both names broken alike.
            let reported = by_new.stdout.contains(code);
            assert_eq!(reported, flag == "--select", "{flag} {new}: {by_new:#?}");
            assert_eq!(by_old.stdout, by_new.stdout, "{flag} {old}");
            assert_eq!(by_old.code, by_new.code, "{flag} {old}");
        }
    }
}

/// The renamed-rule warnings a run printed.
fn renamed_warnings(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains("was renamed"))
        .collect()
}

fn warning(place: &str, old: &str, new: &str) -> String {
    format!("{place}: warning: rule `{old}` was renamed to `{new}` (the old name still works)")
}

#[test]
fn an_old_name_in_an_inline_override_is_warned_about_once_without_a_config_file() {
    for &(old, new) in pipelint_core::renamed_rules() {
        let code = find_rule(new).unwrap().code;
        let tree = tree_with_fixture_of(new);
        let argument = format!("rules.{old}=\"off\"");
        let run = tree.run(&["check", "--config", &argument, "body.pipe.json"]);
        assert!(!run.stdout.contains(code), "{old}: {run:#?}");
        assert_eq!(
            renamed_warnings(&run.stderr),
            [warning(&format!("--config {argument}"), old, new)],
            "{old}"
        );
    }
}

#[test]
fn an_old_name_in_an_inline_override_is_warned_about_once_over_two_config_files() {
    let (old, new) = pipelint_core::renamed_rules()[0];
    let tree = tree_with_fixture_of(new);
    let body = tree.read("body.pipe.json");
    tree.write("sub/body.pipe.json", &body);
    tree.write("pipelint.toml", "fail-on = \"error\"\n");
    // The nested config names the rule by its old name too: it keeps its own warning.
    tree.write(
        "sub/pipelint.toml",
        &format!("[rules]\n{old} = \"warning\"\n"),
    );
    let argument = format!("rules.{old}=off");
    let run = tree.run(&[
        "check",
        "--config",
        &argument,
        "body.pipe.json",
        "sub/body.pipe.json",
    ]);
    assert_eq!(
        renamed_warnings(&run.stderr),
        [
            warning(&format!("--config {argument}"), old, new),
            warning("sub/pipelint.toml:2:1", old, new),
        ],
        "{run:#?}"
    );
}

#[test]
fn an_old_name_in_a_config_file_is_warned_about_once_for_many_files() {
    let (old, new) = pipelint_core::renamed_rules()[0];
    let tree = tree_with_fixture_of(new);
    let body = tree.read("body.pipe.json");
    tree.write("other.pipe.json", &body);
    tree.write("pipelint.toml", &format!("[rules]\n{old} = \"off\"\n"));
    let run = tree.run(&["check", "body.pipe.json", "other.pipe.json"]);
    assert_eq!(
        renamed_warnings(&run.stderr),
        [warning("pipelint.toml:2:1", old, new)],
        "{run:#?}"
    );
}

#[test]
fn the_rule_command_shows_a_renamed_rule_and_says_so() {
    let tree = Tree::new();
    for &(old, new) in pipelint_core::renamed_rules() {
        let page = tree.run(&["rule", new]).expect(0);
        assert_eq!(page.stderr, "");
        let by_old = tree.run(&["rule", old]).expect(0);
        assert_eq!(by_old.stdout, page.stdout, "{old}");
        assert_eq!(
            by_old.stderr,
            format!("pipelint: `{old}` was renamed to `{new}`\n"),
            "{old}"
        );
    }
}
