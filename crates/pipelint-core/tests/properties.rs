//! Properties that must hold for every input: `lint` never panics, every span lies inside
//! the text on character boundaries, and every pointer of the span index resolves.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use pipelint_core::{DocumentKind, LintOptions, LintResult, lint, load};
use proptest::prelude::*;

static VALID_BODIES: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut bodies = Vec::new();
    for dir in ["create-pipe/valid", "pipe-scaling/valid"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        bodies.extend(paths.iter().map(|p| std::fs::read(p).unwrap()));
    }
    assert!(!bodies.is_empty(), "no valid fixtures to mutate");
    bodies
});

fn assert_spans_sound(result: &LintResult) {
    let text = &result.text;
    for diagnostic in &result.diagnostics {
        let fix_span = diagnostic.fix.as_ref().map(|f| f.span.clone());
        let spans = std::iter::once(diagnostic.primary.span.clone())
            .chain(diagnostic.secondary.iter().map(|l| l.span.clone()))
            .chain(fix_span);
        for span in spans {
            assert!(
                span.start <= span.end,
                "{}: inverted span {span:?}",
                diagnostic.code()
            );
            assert!(
                span.end <= text.len(),
                "{}: span {span:?} beyond {}",
                diagnostic.code(),
                text.len()
            );
            assert!(
                text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                "{}: span {span:?} splits a character",
                diagnostic.code()
            );
        }
    }
}

fn check_all_kinds(bytes: &[u8]) {
    let detected = lint(bytes, &LintOptions::default());
    assert_spans_sound(&detected);
    for &kind in DocumentKind::ALL {
        let options = LintOptions::new().kind(kind);
        assert_spans_sound(&lint(bytes, &options));
    }
    if let Some(document) = load(bytes).document {
        for pointer in pointers(&document.value, String::new()) {
            assert!(document.spans(&pointer).is_some(), "no span for {pointer}");
        }
    }
}

/// Every pointer of a value, root included.
fn pointers(value: &serde_json::Value, at: String) -> Vec<String> {
    let mut out = vec![at.clone()];
    match value {
        serde_json::Value::Object(map) => {
            for (key, child) in map {
                let escaped = key.replace('~', "~0").replace('/', "~1");
                out.extend(pointers(child, format!("{at}/{escaped}")));
            }
        }
        serde_json::Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                out.extend(pointers(child, format!("{at}/{i}")));
            }
        }
        _ => {}
    }
    out
}

/// Small pieces of JSON (and near-JSON) that make mutations interesting.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "-0",
    "1e400",
    "10.0",
    "18446744073709551616",
    "\"é\"",
    "\\u0000",
    "\u{feff}",
    "//",
    "/*",
    "'",
    "\"password\": \"hunter2\"",
    "\n",
    "\u{1F600}",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, usize),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(at, len)| Mutation::Delete(at, len)),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, t)| Mutation::Insert(at, t)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0usize..200).prop_map(|(at, len)| Mutation::Duplicate(at, len)),
    ]
}

fn apply(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len().max(1);
        match *m {
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Insert(at, t) => {
                let at = (at % len).min(bytes.len());
                bytes.splice(at..at, TOKENS[t].bytes());
            }
            Mutation::Truncate(at) => bytes.truncate(at % len),
            Mutation::Duplicate(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                let copy: Vec<u8> = bytes[at..end].to_vec();
                bytes.splice(end..end, copy);
            }
        }
    }
    bytes
}

/// Replaces one node of a valid body with another JSON value, keeping the text valid JSON.
fn replace_node(value: &mut serde_json::Value, choice: usize, with: &serde_json::Value) {
    let mut all = pointers(value, String::new());
    all.retain(|p| !p.is_empty());
    if all.is_empty() {
        return;
    }
    let pointer = &all[choice % all.len()];
    if let Some(node) = value.pointer_mut(pointer) {
        *node = with.clone();
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(|n| serde_json::json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| serde_json::json!(f)),
        ".{0,20}".prop_map(serde_json::Value::String),
        Just(serde_json::json!("${KAFKA_PASSWORD}")),
        Just(serde_json::json!("SCRAM-SHA-512")),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            prop::collection::btree_map("[a-zA-Z_]{1,12}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_break_lint(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_all_kinds(&bytes);
    }

    #[test]
    fn mutated_fixtures_never_break_lint(
        pick in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let body = VALID_BODIES[pick % VALID_BODIES.len()].clone();
        check_all_kinds(&apply(body, &mutations));
    }

    #[test]
    fn structurally_mutated_fixtures_never_break_lint(
        pick in any::<usize>(),
        choices in prop::collection::vec((any::<usize>(), json_value()), 1..4),
    ) {
        let body = &VALID_BODIES[pick % VALID_BODIES.len()];
        let mut value: serde_json::Value = serde_json::from_slice(body).unwrap();
        for (choice, with) in &choices {
            replace_node(&mut value, *choice, with);
        }
        let text = serde_json::to_string_pretty(&value).unwrap();
        check_all_kinds(text.as_bytes());
    }
}

#[test]
fn deep_nesting_is_reported_without_recursion() {
    let text = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let result = lint(text.as_bytes(), &LintOptions::default());
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.name() == "nesting-too-deep")
    );
}
