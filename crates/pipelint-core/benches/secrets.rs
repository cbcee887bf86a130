//! Benchmarks of secret finding on ordinary files, where it runs once per file whether or not
//! the file holds a secret:
//!
//! - `secrets-per-file/secret-ranges`: the lexical scan and the embedded-credential look
//!   over 64 corpus files (20 % mistakes), what masking does before it knows there is
//!   anything to mask;
//! - `secrets-per-file/is-secret-name`: the name check on every name-like word of those
//!   files (the scan asks it hundreds of times per file);
//! - `secrets-per-file/embedded-secret-count`: the embedded-credential look on every
//!   string value of those files, as the `plaintext-secret` rule asks it.
//!
//! Run: `cargo bench -p pipelint-core --bench secrets` (add `-- --quick` for a fast pass).
//! Measurements only: nothing here asserts a time.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pipelint_bench::corpus::generate;
use pipelint_core::internals::{embedded_secret_count, is_secret_name, secret_ranges};

fn files() -> Vec<String> {
    (0..64).map(|i| generate(42, i, 0.2).text).collect()
}

/// Every run of name bytes, as the scan cuts them.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "_$.-\\".contains(c)))
        .filter(|word| !word.is_empty())
}

/// Every string value of a file (the decoded strings of its JSON).
fn string_values(text: &str, out: &mut Vec<String>) {
    fn walk(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(text) => out.push(text.clone()),
            serde_json::Value::Array(items) => items.iter().for_each(|item| walk(item, out)),
            serde_json::Value::Object(members) => members.values().for_each(|m| walk(m, out)),
            _ => {}
        }
    }
    if let Ok(value) = serde_json::from_str(text) {
        walk(&value, out);
    }
}

fn bench_per_file(c: &mut Criterion) {
    let files = files();
    let bytes: usize = files.iter().map(String::len).sum();
    let names: Vec<&str> = files.iter().flat_map(|text| words(text)).collect();
    let mut values = Vec::new();
    for text in &files {
        string_values(text, &mut values);
    }

    let mut group = c.benchmark_group("secrets-per-file");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("secret-ranges", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|text| secret_ranges(black_box(text)).len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(names.len() as u64));
    group.bench_function("is-secret-name", |b| {
        b.iter(|| {
            names
                .iter()
                .filter(|name| is_secret_name(black_box(name)))
                .count()
        })
    });
    group.throughput(Throughput::Elements(values.len() as u64));
    group.bench_function("embedded-secret-count", |b| {
        b.iter(|| {
            values
                .iter()
                .map(|value| embedded_secret_count(black_box(value)))
                .sum::<usize>()
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

criterion_group! {
    name = benches;
    config = config();
    targets = bench_per_file
}
criterion_main!(benches);
