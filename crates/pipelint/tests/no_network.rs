//! The tool is offline: no HTTP client or TLS stack may be linked into `pipelint`.

use std::process::Command;

/// Crates that would give the binary a way to reach the network.
const NETWORK_CRATES: &[&str] = &[
    "reqwest",
    "hyper",
    "h2",
    "ureq",
    "curl",
    "isahc",
    "attohttpc",
    "rustls",
    "native-tls",
    "openssl",
    "openssl-sys",
    "tokio-rustls",
    "hyper-rustls",
    "webpki-roots",
];

#[test]
fn the_binary_links_no_http_or_tls_crate() {
    let output = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "-p",
            "pipelint",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run cargo tree: {e}"));
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8_lossy(&output.stdout);
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        crates.contains(&"jsonschema"),
        "unexpected cargo tree output:\n{tree}"
    );
    let found: Vec<&&str> = NETWORK_CRATES
        .iter()
        .filter(|c| crates.contains(c))
        .collect();
    assert!(
        found.is_empty(),
        "network crates linked into pipelint: {found:?}"
    );
}
