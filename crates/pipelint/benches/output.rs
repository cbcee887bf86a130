//! Benchmarks of the output side: every `--output-format` writing one report with 90,000
//! findings on about 1 MB of text (a scaling patch with 90,000 unknown members).
//!
//! - `output/<format>/lines`: one member a line;
//! - `output/<format>/one-line`: the same body minified onto one line, where every
//!   position is on a 1 MB line and code frames are cut to excerpts;
//! - `output/<format>/late`: 1 MB of blank lines, then 100 unknown members: the frames are
//!   at the end of a large text (a code frame must not cost the text before it).
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

#[derive(Clone, Copy)]
enum Shape {
    Lines,
    OneLine,
    Late,
}

/// A scaling patch with unknown members, shaped as `shape` says.
fn body(shape: Shape) -> String {
    let (count, separator, padding) = match shape {
        Shape::Lines => (FINDINGS, ",\n", String::new()),
        Shape::OneLine => (FINDINGS, ",", String::new()),
        Shape::Late => (100, ",\n", " \n".repeat(500_000)),
    };
    let members: Vec<String> = std::iter::once("\"replicas\": 2".to_owned())
        .chain((0..count).map(|i| format!("\"u{i:06}\": 1")))
        .collect();
    format!("{{{padding}{}}}\n", members.join(separator))
}

fn report(shape: Shape) -> FileReport {
    let text = body(shape);
    let options = LintOptions::new().file_name("big.scaling.json");
    let result = lint(text.as_bytes(), &options);
    assert!(result.diagnostics.len() >= 100, "too few findings");
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
    let shapes = [
        ("lines", Shape::Lines),
        ("one-line", Shape::OneLine),
        ("late", Shape::Late),
    ];
    for (name, shape) in shapes {
        let reports = [report(shape)];
        group.throughput(Throughput::Bytes(reports[0].text.len() as u64));
        for format in Format::value_variants() {
            let format_name = format
                .to_possible_value()
                .map_or_else(|| format!("{format:?}"), |v| v.get_name().to_owned());
            let id = BenchmarkId::new(format_name, name);
            group.bench_with_input(id, &reports, |b, reports| {
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
