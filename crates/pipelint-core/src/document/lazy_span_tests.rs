//! Tests of the span index's laziness: clean files never need a position, so checking one
//! must not build the span index; a file with a finding builds it to place the finding.
//! (Unit tests, as the span index is private; they run every check, as `lint` does.)

use pipelint_bench::corpus::{SourceKind, generate, sample};

use crate::internals::{Context, checks, validate};
use crate::{Diagnostic, Document, DocumentKind, load};

/// Everything `lint` runs on a loaded create body: the schema, then every rule's check.
fn check(document: &Document, text: &str) -> Vec<Diagnostic> {
    let kind = DocumentKind::CreatePipe;
    let mut diagnostics = validate(kind, document, &Default::default());
    let context = Context::new(document, text, kind, None, Default::default());
    for check in checks(kind) {
        check(&context, &mut diagnostics);
    }
    diagnostics
}

#[test]
fn checking_clean_bodies_builds_no_span_index() {
    for kind in SourceKind::ALL {
        for seed in 1..=5 {
            let text = sample(kind, seed);
            let loaded = load(text.as_bytes());
            let Some(document) = loaded.document else {
                panic!("generated {} body does not load", kind.name());
            };
            let found = check(&document, &loaded.text);
            assert!(found.is_empty(), "{}: {found:#?}", kind.name());
            assert!(
                !document.has_span_index(),
                "a clean {} body (seed {seed}) built the span index",
                kind.name()
            );
        }
    }
}

#[test]
fn checking_clean_corpus_files_builds_no_span_index() {
    let mut clean = 0;
    for index in 0..200 {
        let spec = generate(42, index, 0.0);
        let loaded = load(spec.text.as_bytes());
        let Some(document) = loaded.document else {
            panic!("{} does not load", spec.file_name());
        };
        if check(&document, &loaded.text).is_empty() {
            clean += 1;
            assert!(
                !document.has_span_index(),
                "clean {} built the span index",
                spec.file_name()
            );
        }
    }
    assert!(clean > 150, "only {clean} of 200 files are clean");
}

#[test]
fn a_finding_builds_the_span_index_and_is_placed() {
    let text = sample(SourceKind::Kafka, 1).replacen("\"String\"", "\"Strin\"", 1);
    let loaded = load(text.as_bytes());
    let Some(document) = loaded.document else {
        panic!("the edited body does not load");
    };
    let found = check(&document, &loaded.text);
    let Some(finding) = found.iter().find(|d| d.name() == "invalid-column-type") else {
        panic!("no invalid-column-type in {found:#?}");
    };
    assert!(document.has_span_index());
    assert_eq!(&loaded.text[finding.primary.span.clone()], "Strin");
}
