//! Re-checking with many `[[overrides]]` entries: the run after `--add-overrides`, which
//! writes one entry per finding. Each group runs at 2,000 and 20,000 entries and findings;
//! throughput is per entry, so the same time per element at both sizes means linear cost
//! (before the override index, 4,000 took 30 s and 20,000 more than 4 minutes).
//!
//! - `overrides/add-overrides/<n>`: one create body with `n` columns of an unknown type
//!   (`n` findings) and a config of `n` entries as `--add-overrides` writes them (one per
//!   finding, pointers with `[name=…]`): parse the config, find the file's settings, lint.
//! - `overrides/hand-written/<n>`: the same with pointers written by hand, half with `*`
//!   (`/destination/*/7/type`) and half plain (`/destination/columns/7/type`).
//! - `overrides/files/<n>`: `n` entries naming `n` files; the settings of every file.
//! - `overrides/stable-pointers/<n>`: the pointers `--add-overrides` writes for `n` findings.
//!
//! Run: `cargo bench -p pipelint --bench overrides` (add `-- --quick` for a fast pass).
//! These are measurements, not tests: nothing here asserts a time.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pipelint_core::{DocumentKind, LintOptions, PointerPattern, lint};

const SIZES: [usize; 2] = [2_000, 20_000];

/// A create body with `n` columns of an unknown type.
fn body(n: usize) -> String {
    let columns: Vec<String> = (0..n)
        .map(|i| format!("    {{\"name\": \"c{i}\", \"type\": \"Strin\"}}"))
        .collect();
    format!(
        r#"{{
  "name": "app-logs",
  "source": {{"kafka": {{"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN",
    "brokers": "b.example.com:9092", "topics": "t",
    "credentials": {{"username": "${{USER}}", "password": "${{PASSWORD}}"}}}}}},
  "destination": {{"database": "d", "table": "t", "managedTable": false, "columns": [
{}
  ]}}
}}
"#,
        columns.join(",\n")
    )
}

/// One entry as `--add-overrides` writes it.
fn entry(file: &str, pointer: &str) -> String {
    format!(
        "\n[[overrides]]\nfiles = [\"{file}\"]\npointers = [\"{pointer}\"]\nrules = {{ invalid-column-type = \"off\" }}\n"
    )
}

fn config_text(pointers: impl Iterator<Item = String>) -> String {
    pointers.map(|p| entry("/big.pipe.json", &p)).collect()
}

/// Parses the config, finds the file's settings and lints it: what a re-check does.
fn recheck(config: &str, text: &str, n: usize) {
    let config =
        pipelint::config::parse(config, Path::new("/repo/pipelint.toml"), Path::new("/repo"))
            .map(std::sync::Arc::new)
            .unwrap_or_else(|e| panic!("{e}"));
    let file = config.settings_for(Some("big.pipe.json"));
    let options = LintOptions::new()
        .kind(DocumentKind::CreatePipe)
        .settings(file.settings());
    let result = lint(text.as_bytes(), &options);
    assert_eq!(
        result.overrides_used.len(),
        n,
        "every entry covers its finding"
    );
    black_box(result);
}

fn bench_recheck(c: &mut Criterion) {
    let mut group = c.benchmark_group("overrides");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for n in SIZES {
        let text = body(n);
        let value: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
        let concrete: Vec<String> = (0..n)
            .map(|i| format!("/destination/columns/{i}/type"))
            .collect();
        group.throughput(Throughput::Elements(n as u64));

        let written = PointerPattern::stable_all(&value, concrete.iter().map(String::as_str));
        assert!(written[0].contains("[name=c0]"), "{}", written[0]);
        let config = config_text(written.into_iter());
        group.bench_with_input(BenchmarkId::new("add-overrides", n), &n, |b, &n| {
            b.iter(|| recheck(&config, &text, n));
        });

        let by_hand = config_text((0..n).map(|i| {
            if i % 2 == 0 {
                format!("/destination/*/{i}/type")
            } else {
                format!("/destination/columns/{i}/type")
            }
        }));
        group.bench_with_input(BenchmarkId::new("hand-written", n), &n, |b, &n| {
            b.iter(|| recheck(&by_hand, &text, n));
        });

        let files: String = (0..n)
            .map(|i| format!("\n[[overrides]]\nfiles = [\"pipes/p{i}.pipe.json\"]\nrules = {{ PL014 = \"off\" }}\n"))
            .collect();
        let config =
            pipelint::config::parse(&files, Path::new("/repo/pipelint.toml"), Path::new("/repo"))
                .map(std::sync::Arc::new)
                .unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = (0..n).map(|i| format!("pipes/p{i}.pipe.json")).collect();
        group.bench_with_input(BenchmarkId::new("files", n), &names, |b, names| {
            b.iter(|| {
                for name in names {
                    black_box(config.settings_for(Some(name)).settings());
                }
            });
        });

        group.bench_with_input(
            BenchmarkId::new("stable-pointers", n),
            &concrete,
            |b, concrete| {
                b.iter(|| PointerPattern::stable_all(&value, concrete.iter().map(String::as_str)));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_recheck);
criterion_main!(benches);
