//! Benchmarks of the core, on realistic bodies from the corpus generator (1–4 KB each).
//!
//! - `lint/<kind>`: the whole entry point, bytes to sorted diagnostics, one valid body per
//!   source kind;
//! - `load/<kind>`: document loading alone (one strict pass to the value; no spans);
//! - `schema/<kind>`: schema validation alone, on an already loaded document;
//! - `rules/<kind>`: every applicable rule's check alone;
//! - `lint-mixed/64-files`: 64 corpus files with 20 % mistakes (findings included);
//! - `startup/compile-create-pipe-schema`: building the create-pipe validator, which the
//!   binary does once per process (it explains part of a one-file run);
//! - `secrets/<case>`: 1 MB bodies full of secrets, masked (see [`bench_secrets`]).
//!
//! Run: `cargo bench -p pipelint-core --bench lint` (add `-- --quick` for a fast pass).
//! These are measurements, not tests: nothing here asserts a time.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pipelint_bench::corpus::{SourceKind, generate, sample};
use pipelint_core::internals::{Context, checks, validate};
use pipelint_core::{DocumentKind, LintOptions, lint, load};

/// One valid body per source kind, from a fixed seed.
fn bodies() -> Vec<(SourceKind, String)> {
    SourceKind::ALL
        .into_iter()
        .map(|kind| (kind, sample(kind, 1)))
        .collect()
}

/// A create body named as one; every rule at its level.
fn options() -> LintOptions<'static> {
    LintOptions::new().file_name("bench.pipe.json")
}

fn bench_lint(c: &mut Criterion) {
    let mut group = c.benchmark_group("lint");
    let options = options();
    for (kind, text) in bodies() {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(kind.name()), &text, |b, t| {
            b.iter(|| lint(black_box(t.as_bytes()), &options))
        });
    }
    group.finish();
}

fn bench_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    for (kind, text) in bodies() {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(kind.name()), &text, |b, t| {
            b.iter(|| load(black_box(t.as_bytes())))
        });
    }
    group.finish();
}

fn bench_schema(c: &mut Criterion) {
    let mut group = c.benchmark_group("schema");
    for (kind, text) in bodies() {
        let Some(document) = load(text.as_bytes()).document else {
            panic!("generated {} body does not load", kind.name());
        };
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(kind.name()), |b| {
            b.iter(|| {
                validate(
                    DocumentKind::CreatePipe,
                    black_box(&document),
                    &Default::default(),
                )
            })
        });
    }
    group.finish();
}

fn bench_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules");
    for (kind, text) in bodies() {
        let loaded = load(text.as_bytes());
        let Some(document) = loaded.document else {
            panic!("generated {} body does not load", kind.name());
        };
        let checks = checks(DocumentKind::CreatePipe);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(kind.name()), |b| {
            b.iter(|| {
                // A new context each time, as `lint` makes: what it indexes on first use
                // (the columns and mappings) is part of the rules' cost.
                let context = Context::new(
                    &document,
                    &loaded.text,
                    DocumentKind::CreatePipe,
                    None,
                    Default::default(),
                );
                let mut out = Vec::new();
                for check in &checks {
                    check(black_box(&context), &mut out);
                }
                out
            })
        });
    }
    group.finish();
}

fn bench_mixed(c: &mut Criterion) {
    let files: Vec<(String, String)> = (0..64)
        .map(|i| {
            let spec = generate(42, i, 0.2);
            (spec.file_name(), spec.text)
        })
        .collect();
    let bytes: usize = files.iter().map(|f| f.1.len()).sum();
    let mut group = c.benchmark_group("lint-mixed");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("64-files", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|(name, text)| {
                    let options = LintOptions::new().file_name(name.as_str());
                    lint(black_box(text.as_bytes()), &options).diagnostics.len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn bench_startup(c: &mut Criterion) {
    let Ok(schema) =
        serde_json::from_str::<serde_json::Value>(DocumentKind::CreatePipe.schema_text())
    else {
        panic!("create-pipe schema is not JSON");
    };
    let mut group = c.benchmark_group("startup");
    group.sample_size(20);
    // The same options as `schema.rs` uses for the embedded validators.
    group.bench_function("compile-create-pipe-schema", |b| {
        b.iter(|| {
            jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .should_validate_formats(true)
                .should_ignore_unknown_formats(false)
                .build(black_box(&schema))
                .is_ok()
        })
    });
    group.finish();
}

fn config() -> Criterion {
    // Short windows: the machine is shared; compare medians across repeated runs.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

/// A create body of about 1 MB whose `source.kafka` holds `members` extra members built by
/// `member(i)` (unknown members: each also gets a schema finding).
fn secret_heavy_body(members: usize, member: impl Fn(usize) -> String) -> String {
    let mut body = String::from(
        r#"{"name": "secrets", "source": {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b:9092", "topics": "t", "credentials": {"username": "u", "password": "${P}"}"#,
    );
    for i in 0..members {
        body.push_str(",\n");
        body.push_str(&member(i));
    }
    body.push_str(
        r#"}}, "destination": {"database": "d", "table": "t", "managedTable": false, "columns": [{"name": "a", "type": "String"}]}}"#,
    );
    body
}

/// Masking at scale (issue 11: 1 MB with 30,000 secret members took 81 s):
/// - `secrets/30000-members`: 30,000 distinct secret members (`"password17": "…"`), each
///   also flagged by `plaintext-secret`;
/// - `secrets/pasted-copies`: 100 secrets, each pasted into 300 other members;
/// - `secrets/30000-members-shown`: the first body with `show_secrets`, so the difference
///   is what masking costs.
fn bench_secrets(c: &mut Criterion) {
    let members = secret_heavy_body(30_000, |i| {
        format!(r#""password{i}": "Bench-Secret-{i:06}-x""#)
    });
    let pasted = secret_heavy_body(30_100, |i| {
        if i < 100 {
            format!(r#""token{i}": "Pasted-Secret-{i:03}-abcdef""#)
        } else {
            format!(r#""note{i}": "Pasted-Secret-{:03}-abcdef""#, i % 100)
        }
    });
    let mut group = c.benchmark_group("secrets");
    group.sample_size(10);
    let hidden = options();
    let shown = hidden.show_secrets(true);
    for (name, text, options) in [
        ("30000-members", &members, &hidden),
        ("pasted-copies", &pasted, &hidden),
        ("30000-members-shown", &members, &shown),
    ] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), text, |b, t| {
            b.iter(|| lint(black_box(t.as_bytes()), options).diagnostics.len())
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_lint, bench_load, bench_schema, bench_rules, bench_mixed, bench_startup, bench_secrets
}

/// About 1 MB on one line with 90,000 findings: bodies that were quadratic before (30–90 s
/// for the whole CLI), as create-pipe bodies.
fn many_findings_bodies() -> Vec<(&'static str, String)> {
    const FINDINGS: usize = 90_000;
    let head = r#"{"name": "big", "source": {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b:9092", "topics": "t", "credentials": {"username": "${U}", "password": "${P}"}}}, "destination": {"database": "d", "table": "t", "managedTable": true, "columns": ["#;
    // Wrong-typed array items: strings where columns are objects.
    let items: Vec<String> = (0..FINDINGS).map(|i| format!("\"c{i:07}\"")).collect();
    let wrong_items = format!("{head}{}]}}}}", items.join(","));
    // Unknown members, and the same with a non-ASCII character before every finding.
    let unknown = |prefix: &str| {
        let members: String = (0..FINDINGS)
            .map(|i| format!(",\"{prefix}{i:05}\":0"))
            .collect();
        format!("{head}]}}{members}}}")
    };
    vec![
        ("unknown-members", unknown("u")),
        ("unknown-members-non-ascii", unknown("ü")),
        ("wrong-typed-items", wrong_items),
    ]
}

/// `lint` plus every finding's line, column and UTF-16 column, as the CLI resolves them.
fn bench_many_findings(c: &mut Criterion) {
    let options = LintOptions::new().kind(DocumentKind::CreatePipe);
    let mut group = c.benchmark_group("many-findings");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (name, body) in many_findings_bodies() {
        group.throughput(Throughput::Bytes(body.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &body, |b, body| {
            b.iter(|| {
                let result = lint(black_box(body.as_bytes()), &options);
                let index = pipelint_core::LineIndex::new(&result.text);
                let mut columns = 0;
                for d in &result.diagnostics {
                    columns += index.line_col(&result.text, d.primary.span.start).column;
                    columns += index.line_utf16(&result.text, d.primary.span.start).1;
                }
                (result.diagnostics.len(), columns)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = many_findings;
    config = config();
    targets = bench_many_findings
}

criterion_main!(benches, many_findings);
