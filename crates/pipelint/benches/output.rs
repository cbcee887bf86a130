//! Benchmarks of the output side: every `--output-format` writing one report with 90,000
//! findings on about 1 MB of text (a scaling patch with 90,000 unknown members).
//!
//! - `output/<format>/lines`: one member a line;
//! - `output/<format>/one-line`: the same body minified onto one line, where every
//!   position is on a 1 MB line and code frames are cut to excerpts.
//!
//! Linting happens once, outside the measurement. Writing goes to `io::sink()`.
//! Run: `cargo bench -p pipelint --bench output` (add `-- --quick` for a fast pass).
//! These are measurements, not tests: nothing here asserts a time.

use std::hint::black_box;
use std::time::Duration;

use clap::ValueEnum;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pipelint::output::{self, Format};
use pipelint::render::Style;
use pipelint::report::FileReport;
use pipelint_core::{LintOptions, Severity, lint};

const FINDINGS: usize = 90_000;

/// A scaling patch with `FINDINGS` unknown members, one a line or all on one line.
fn body(one_line: bool) -> String {
    let separator = if one_line { "," } else { ",\n" };
    let members: Vec<String> = std::iter::once("\"replicas\": 2".to_owned())
        .chain((0..FINDINGS).map(|i| format!("\"u{i:06}\": 1")))
        .collect();
    format!("{{{}}}\n", members.join(separator))
}

fn report(one_line: bool) -> FileReport {
    let text = body(one_line);
    let options = LintOptions {
        file_name: Some("big.scaling.json"),
        ..LintOptions::default()
    };
    let result = lint(text.as_bytes(), &options);
    assert!(result.diagnostics.len() >= FINDINGS, "too few findings");
    FileReport::new(
        "big.scaling.json".to_owned(),
        result.text,
        result.kind,
        result.diagnostics,
        Severity::Error,
    )
}

fn bench_formats(c: &mut Criterion) {
    let mut group = c.benchmark_group("output");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (shape, one_line) in [("lines", false), ("one-line", true)] {
        let reports = [report(one_line)];
        group.throughput(Throughput::Bytes(reports[0].text.len() as u64));
        for format in Format::value_variants() {
            let name = format
                .to_possible_value()
                .map_or_else(|| format!("{format:?}"), |v| v.get_name().to_owned());
            group.bench_with_input(BenchmarkId::new(name, shape), &reports, |b, reports| {
                b.iter(|| {
                    output::write(
                        *format,
                        black_box(reports),
                        Style::PLAIN,
                        &mut std::io::sink(),
                    )
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_formats);
criterion_main!(benches);
