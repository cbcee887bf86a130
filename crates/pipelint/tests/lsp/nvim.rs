//! Neovim as the client: `crates/pipelint-lsp/tests/nvim/e2e.sh` runs headless Neovim with
//! `pipelint lsp` as its language server, started by the user guide's snippet for that Neovim
//! (0.7 to 0.10, or 0.11 and newer), on a pipe with an enum case slip; this test asserts what
//! Neovim itself reports, the file Neovim wrote after applying the quick fix, and the error a
//! broken `pipelint.toml` then shows on the config file.
//!
//! Without `nvim` the test is skipped with a message on the terminal, unless
//! `PIPELINT_REQUIRE_NVIM` is set (CI sets it after installing Neovim), where it fails.

use std::io::Write;
use std::process::Command;

use serde_json::Value;

use crate::common::repo_root;

fn nvim_available() -> bool {
    Command::new("nvim")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn neovim_reports_the_finding_and_applies_the_quick_fix() {
    if !nvim_available() {
        assert!(
            std::env::var_os("PIPELINT_REQUIRE_NVIM").is_none(),
            "PIPELINT_REQUIRE_NVIM is set but `nvim` cannot be run"
        );
        // Written to stderr directly, past the test harness's capture, so a skip shows.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED lsp::nvim::neovim_reports_the_finding_and_applies_the_quick_fix: \
             `nvim` is not installed (apt-get install neovim; .ci/run does)"
        );
        return;
    }

    let dir = repo_root().join("crates/pipelint-lsp/tests/nvim");
    let original = std::fs::read_to_string(dir.join("orders.pipe.json"))
        .unwrap_or_else(|e| panic!("orders.pipe.json: {e}"));
    let work = std::env::temp_dir().join(format!("pipelint-nvim-e2e-{}", std::process::id()));
    let output = Command::new("bash")
        .arg(dir.join("e2e.sh"))
        .arg(env!("CARGO_BIN_EXE_pipelint"))
        .arg(&work)
        .output()
        .unwrap_or_else(|e| panic!("cannot run e2e.sh: {e}"));
    let log = format!(
        "--- stdout\n{}\n--- stderr\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "e2e.sh failed\n{log}");

    let report: Value = std::fs::read_to_string(work.join("report.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| panic!("no report.json\n{log}"));
    assert_eq!(report["ok"], true, "{log}");
    // The guide's snippet for the Neovim that ran: the 0.7 one before 0.11.
    let minor: Option<u64> = report["nvim"]
        .as_str()
        .and_then(|v| v.strip_prefix("0."))
        .and_then(|v| v.parse().ok());
    let expected_snippet = match minor {
        Some(minor) if minor < 11 => "0.7",
        _ => "0.11",
    };
    assert_eq!(report["snippet"], expected_snippet, "{log}");

    // Where the mistake is, in Neovim's terms: 0-based line, 0-based *byte* column. The
    // line has "é" and "😀" before the value, so a server that sent byte or character
    // columns instead of UTF-16 ones would land elsewhere.
    let value = original
        .find("\"scram-sha-512\"")
        .unwrap_or_else(|| panic!("the fixture has the slip"));
    let line_start = original[..value].rfind('\n').map_or(0, |i| i + 1);
    let line = original[..value].matches('\n').count();
    let column = value - line_start;
    assert_eq!((line, column), (6, 55), "the fixture changed");

    let before = report["before"].as_array().unwrap().clone();
    assert_eq!(before.len(), 1, "{log}");
    let d = &before[0];
    assert_eq!(d["code"], "PL011", "{log}");
    assert_eq!(d["lnum"], line, "{log}");
    assert_eq!(d["col"], column, "{log}");
    assert_eq!(d["end_lnum"], line, "{log}");
    assert_eq!(d["end_col"], column + "\"scram-sha-512\"".len(), "{log}");
    assert_eq!(d["severity"], 1, "error\n{log}");
    assert_eq!(d["source"], "pipelint", "{log}");

    assert_eq!(
        report["actions"],
        serde_json::json!(["Replace with `SCRAM-SHA-512`"]),
        "{log}"
    );
    assert_eq!(report["after"], serde_json::json!([]), "{log}");

    // The broken config (`[rules]` then an unknown rule on line 2): an error on the config
    // file at the rule's key, and one "not linted" error on the document instead of findings.
    let config = report["config"].as_array().unwrap().clone();
    assert_eq!(config.len(), 1, "{log}");
    assert_eq!(
        (&config[0]["lnum"], &config[0]["col"]),
        (&1.into(), &0.into()),
        "{log}"
    );
    assert!(
        config[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("no-such-rule")),
        "{log}"
    );
    let held_back = report["held_back"].as_array().unwrap().clone();
    assert_eq!(held_back.len(), 1, "{log}");
    assert!(
        held_back[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("not linted") && m.contains("pipelint.toml:2:1")),
        "{log}"
    );
    assert_eq!(report["stopped"], true, "{log}");

    let written = std::fs::read_to_string(work.join("orders.pipe.json"))
        .unwrap_or_else(|e| panic!("the written file: {e}"));
    assert_eq!(
        written,
        original.replace("\"scram-sha-512\"", "\"SCRAM-SHA-512\""),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&work);
}
