//! The JSON examples on every rule's page (its doc comment) are linted: a `bad` example must
//! produce the rule and no other, a `good` one must produce no finding at all and be of a kind
//! the rule applies to (else it would be clean only because the rule never ran).
//!
//! An example is a fenced block whose info string says what it is:
//!
//! ````text
//! ```json bad kind:create-pipe at:/source/kafka
//! {"topics": "orders.created, orders/updated"}
//! ```
//! ````
//!
//! - `bad` (in `## Example`) or `good` (in `## Fix`): what the example must show.
//! - `kind:<kind>`: the kind it is linted as; without it, the kind is told from the content.
//! - `at:<pointer>`: the block is a fragment of a clean body of that kind: each of its
//!   members is set in the object at that JSON pointer (`at:/` is the root), replacing the
//!   member of the same name. The clean body is the valid fixture of [`BASES`] closest to the
//!   fragment (the first that has the most of the paths the fragment writes). A bad finding
//!   must lie inside the member at the pointer (its key and value). Without `at`, the block
//!   is the whole text, linted as written.
//! - `api-version:<version>`, `stack-version:<version>`: the profile it is checked against
//!   (the defaults otherwise), for examples that only a newer (or older) version judges so.
//! - `also:<code>` (bad examples only, repeatable): another rule the example produces too,
//!   because it is a real consequence of the same mistake or cannot be avoided by any
//!   example of the rule (for example, every deprecated `series` tile is also
//!   `deprecated-tile-series`'s finding). Named by code; the example must produce it. Keep
//!   it rare: a finding of another rule usually means the example has a second mistake.
//!
//! Any fence line that mentions `json` in another shape (```` ```JSON ````, ```` ``` json ````,
//! ```` ```jsonc ````, an indented fence, `~~~json`) fails the test instead of being skipped.
//!
//! `:` and not `=` because rustdoc rejects `=` in a code block's info string.
//!
//! Uses only `lint` (and `LintResult::kind`), `LintOptions::kind`, `DocumentKind::from_name`,
//! `rules()`, `find_rule`, `Rule` (`code`, `name`, `has_check()`, `documentation()`,
//! `applies_to`) and `Diagnostic` (`code()`, `pointer`, `primary.span`, `message`).

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use pipelint_core::{
    ApiVersion, DocumentKind, LintOptions, LintResult, Profile, Rule, StackVersion, find_rule,
    lint, rules,
};
use serde_json::{Map, Value};

/// The clean bodies fragments are merged into: valid fixtures, in the order they are tried.
const BASES: &[(&str, &str)] = &[
    (
        "create-pipe",
        "create-pipe/valid/kafka-warpstream-plain.json",
    ),
    ("create-pipe", "create-pipe/valid/kinesis-iam-role.json"),
    (
        "create-pipe",
        "create-pipe/valid/objectstorage-s3-public.json",
    ),
    ("create-pipe", "create-pipe/valid/postgres-cdc.json"),
    ("create-pipe", "create-pipe/valid/mysql-cdc@api-latest.json"),
    ("pipe-scaling", "pipe-scaling/valid/streaming-all.json"),
    ("pipe", "pipe/valid/kafka-running.json"),
    (
        "pipe-response",
        "pipe-response/valid/create-kafka-pipe.json",
    ),
    ("service", "service/valid/aws-production.json"),
    ("service-list", "service-list/valid/three-services.json"),
    ("error", "error/valid/not-found-with-request-id.json"),
    ("stack-alert", "stack-alert/valid/saved-search-grouped.json"),
    ("stack-alert", "stack-alert/valid/tile-alert-webhook.json"),
    (
        "managed-stack-alert",
        "managed-stack-alert/valid/saved-search-email.json",
    ),
    (
        "chart-series",
        "chart-series/valid/checkout-latency-p95.json",
    ),
    ("dashboard", "dashboard/valid/checkout-overview.json"),
    (
        "dashboard-update",
        "dashboard-update/valid/checkout-overview-update.json",
    ),
];

/// Rules whose finding a JSON block cannot show; their pages describe the file in words.
/// Keyed by code (names may be renamed).
const NO_JSON_EXAMPLE: &[(&str, &str)] = &[
    (
        "PL002",
        "invalid UTF-8 bytes cannot be written in a UTF-8 page",
    ),
    ("PL003", "a byte-order mark is invisible in a page"),
    (
        "PL004",
        "an empty file is an empty block, which says nothing to a reader",
    ),
    ("PL006", "200 levels of nesting are not readable"),
    (
        "PL009",
        "the size limit is the CLI's, `lint` reads any length",
    ),
    // The Terraform reader's findings: their examples are `.tf` files, tested under
    // fixtures/terraform/invalid/.
    ("PL019", "a Terraform file, not JSON"),
    ("PL020", "a Terraform file, not JSON"),
    ("PL021", "a Terraform file, not JSON"),
    ("PL022", "a Terraform file, not JSON"),
    ("PL025", "a Terraform file, not JSON"),
    ("PL026", "a Terraform file, not JSON"),
    ("PL027", "a Terraform file, not JSON"),
    ("PL028", "a Terraform file, not JSON"),
    ("PL029", "a Terraform file, not JSON"),
    ("PL900", "a Terraform file, not JSON"),
];

#[derive(Debug)]
struct Example {
    bad: bool,
    kind: Option<DocumentKind>,
    at: Option<String>,
    /// The versions it is checked against (`api-version:…`, `stack-version:…`).
    profile: Profile,
    /// Codes of other rules the bad example may produce too (`also:PLxxx`).
    also: Vec<&'static str>,
    text: String,
}

/// Reads a fence line that mentions `json`: `Some(info)` for an example fence (```` ```json ````
/// then words), a panic for any other shape (```` ```JSON ````, ```` ``` json ````,
/// ```` ```jsonc ````), which would otherwise be skipped without a word.
fn example_fence<'a>(rule: &Rule, line: &'a str) -> Option<&'a str> {
    let trimmed = line.trim_start();
    let is_fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
    if !is_fence || !line.to_lowercase().contains("json") {
        return None;
    }
    let info = line.strip_prefix("```json");
    match info {
        Some(info) if info.is_empty() || info.starts_with(' ') => Some(info),
        _ => panic!(
            "{}: fence {line:?} mentions json but is not an example fence (```json bad|good …)",
            rule.code
        ),
    }
}

/// The fenced ```json blocks of a rule's doc comment, with their info strings read.
fn examples(rule: &Rule) -> Vec<Example> {
    examples_in(rule, &rule.documentation())
}

/// The fenced ```json blocks of `docs`, the page of `rule`.
fn examples_in(rule: &Rule, docs: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut lines = docs.lines();
    let mut section = "";
    while let Some(line) = lines.next() {
        if line.starts_with("## ") {
            section = line;
        }
        let Some(info) = example_fence(rule, line) else {
            continue;
        };
        let mut example = Example {
            bad: false,
            kind: None,
            at: None,
            profile: Profile::default(),
            also: Vec::new(),
            text: String::new(),
        };
        let mut verdict = None;
        for word in info.split_whitespace() {
            match word.split_once(':') {
                None if word == "bad" || word == "good" => verdict = Some(word == "bad"),
                Some(("kind", name)) => {
                    let kind = DocumentKind::from_name(name);
                    assert!(kind.is_some(), "{}: unknown kind `{name}`", rule.code);
                    example.kind = kind;
                }
                Some(("at", pointer)) => {
                    assert!(
                        pointer.starts_with('/'),
                        "{}: `at:{pointer}` is not a JSON pointer",
                        rule.code
                    );
                    example.at = Some(pointer.trim_end_matches('/').to_owned());
                }
                Some(("api-version", version)) => {
                    let version =
                        ApiVersion::parse(version).unwrap_or_else(|e| panic!("{}: {e}", rule.code));
                    example.profile = example.profile.with_api(version);
                }
                Some(("stack-version", version)) => {
                    let version = StackVersion::parse(version)
                        .unwrap_or_else(|e| panic!("{}: {e}", rule.code));
                    example.profile = example.profile.with_stack(version);
                }
                Some(("also", code)) => {
                    let other = find_rule(code)
                        .unwrap_or_else(|| panic!("{}: `also:{code}` is no rule", rule.code));
                    assert!(
                        other.code == code && other != rule,
                        "{}: `also:{code}` must name another rule by its code",
                        rule.code
                    );
                    example.also.push(other.code);
                }
                _ => panic!("{}: unknown word `{word}` in ```json{info}", rule.code),
            }
        }
        example.bad = verdict
            .unwrap_or_else(|| panic!("{}: ```json{info} says neither bad nor good", rule.code));
        assert!(
            example.bad || example.also.is_empty(),
            "{}: `also:` is for bad examples; a good one produces nothing",
            rule.code
        );
        let expected = if example.bad { "## Example" } else { "## Fix" };
        assert_eq!(
            section, expected,
            "{}: a ```json{info} example belongs under `{expected}`",
            rule.code
        );
        if let Some(kind) = example.kind {
            // Else a good example would be clean only because the rule never runs.
            assert!(
                rule.applies_to(kind),
                "{}: the rule does not apply to `kind:{kind}`",
                rule.code
            );
        }
        for line in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            example.text.push_str(line);
            example.text.push('\n');
        }
        found.push(example);
    }
    found
}

fn fixture(path: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn segments(pointer: &str) -> impl Iterator<Item = String> + '_ {
    pointer
        .split('/')
        .skip(1)
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
}

/// How many leading segments of `pointer` exist in `value`.
fn depth_present(value: &Value, pointer: &str) -> usize {
    let mut node = value;
    let mut depth = 0;
    for segment in segments(pointer) {
        let next = match node {
            Value::Object(map) => map.get(&segment),
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        };
        let Some(next) = next else { break };
        node = next;
        depth += 1;
    }
    depth
}

/// The pointers of the leaves of `value` (scalars and empty arrays or objects).
fn leaves(value: &Value, pointer: String, out: &mut Vec<String>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => Vec::new(),
    };
    for (segment, child) in &children {
        leaves(child, format!("{pointer}/{segment}"), out);
    }
    if children.is_empty() {
        out.push(pointer);
    }
}

/// The first base of `kind` closest to the fragment: the one that has the most of the paths
/// it writes (counted segment by segment).
fn base(kind: DocumentKind, at: &str, fragment: &Value) -> Value {
    let mut paths = Vec::new();
    leaves(fragment, at.to_owned(), &mut paths);
    let mut best: Option<(usize, Value)> = None;
    for (name, path) in BASES {
        if DocumentKind::from_name(name) != Some(kind) {
            continue;
        }
        let value = fixture(path);
        let depth = paths.iter().map(|p| depth_present(&value, p)).sum();
        if best.as_ref().is_none_or(|(d, _)| depth > *d) {
            best = Some((depth, value));
        }
    }
    best.unwrap_or_else(|| panic!("no base body of kind {kind}"))
        .1
}

/// Sets each member of `fragment` in the object at `pointer` (creating the objects on the
/// way); a fragment that is not an object replaces the value there.
fn merge_at(body: &mut Value, pointer: &str, fragment: Value) {
    let mut node = body;
    for segment in segments(pointer) {
        if !node.is_object() && !node.is_array() {
            *node = Value::Object(Map::new());
        }
        node = match node {
            Value::Array(items) => {
                let index: usize = segment.parse().expect("`at` indexes an array by number");
                &mut items[index]
            }
            Value::Object(map) => map.entry(segment).or_insert(Value::Null),
            _ => unreachable!(),
        };
    }
    match (node, fragment) {
        (Value::Object(target), Value::Object(members)) => target.extend(members),
        (node, fragment) => *node = fragment,
    }
}

/// Writes `value` as compact JSON and remembers the span of every pointer (a member's span
/// starts at its key).
fn write(
    value: &Value,
    pointer: String,
    out: &mut String,
    spans: &mut HashMap<String, Range<usize>>,
) {
    let start = out.len();
    match value {
        Value::Object(map) => {
            out.push('{');
            for (i, (key, member)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let key_start = out.len();
                out.push_str(&serde_json::to_string(key).expect("a string serializes"));
                out.push_str(": ");
                let escaped = key.replace('~', "~0").replace('/', "~1");
                let member_pointer = format!("{pointer}/{escaped}");
                write(member, member_pointer.clone(), out, spans);
                // A member's place includes its key: a missing member is reported there.
                if let Some(span) = spans.get_mut(&member_pointer) {
                    span.start = key_start;
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(item, format!("{pointer}/{i}"), out, spans);
            }
            out.push(']');
        }
        scalar => out.push_str(&serde_json::to_string(scalar).expect("a scalar serializes")),
    }
    spans.insert(pointer, start..out.len());
}

/// The text to lint, and where a bad finding must lie.
fn text_of(rule: &Rule, example: &Example) -> (String, Range<usize>) {
    let Some(at) = &example.at else {
        return (example.text.clone(), 0..example.text.len());
    };
    let kind = example
        .kind
        .unwrap_or_else(|| panic!("{}: a fragment (`at:`) needs `kind:`", rule.code));
    let fragment: Value = serde_json::from_str(&example.text).unwrap_or_else(|e| {
        panic!(
            "{}: fragment is not JSON ({e}):\n{}",
            rule.code, example.text
        )
    });
    let mut body = base(kind, at, &fragment);
    merge_at(&mut body, at, fragment);
    let mut text = String::new();
    let mut spans = HashMap::new();
    write(&body, String::new(), &mut text, &mut spans);
    let place = spans[at.as_str()].clone();
    (text, place)
}

fn options(kind: Option<DocumentKind>, profile: Profile) -> LintOptions<'static> {
    LintOptions::new().kind(kind).profile(profile)
}

fn findings(text: &str, kind: Option<DocumentKind>, profile: Profile) -> Vec<String> {
    lint(text.as_bytes(), &options(kind, profile))
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {} at {:?}: {}",
                d.code(),
                d.pointer,
                d.primary.span,
                d.message
            )
        })
        .collect()
}

#[test]
fn every_base_body_is_clean() {
    for (name, path) in BASES {
        let kind = DocumentKind::from_name(name);
        assert!(kind.is_some(), "unknown kind {name}");
        let text = serde_json::to_string(&fixture(path)).expect("a value serializes");
        // A base of a newer source kind is clean under the version its name asks for.
        let profile = if path.contains("@api-latest") {
            Profile::default().with_api(ApiVersion::LATEST)
        } else {
            Profile::default()
        };
        let found = findings(&text, kind, profile);
        assert!(found.is_empty(), "base {path} is not clean: {found:#?}");
    }
}

/// Whether the example shows what its fence says: a bad one produces its rule inside the
/// member at `at:`, and no other rule but those named by `also:` (each of which it produces);
/// a good one produces nothing, told as a kind the rule applies to.
fn verdict(rule: &Rule, example: &Example) -> Result<(), String> {
    let (text, place) = text_of(rule, example);
    let result = lint(text.as_bytes(), &options(example.kind, example.profile));
    let problem = if example.bad {
        bad_problem(rule, example, &place, &result)
    } else {
        good_problem(rule, &result)
    };
    match problem {
        None => Ok(()),
        Some(problem) => Err(format!(
            "{} {}: {problem}\n  text: {text}\n  found: {:#?}",
            rule.code,
            rule.name,
            findings(&text, example.kind, example.profile)
        )),
    }
}

fn bad_problem(
    rule: &Rule,
    example: &Example,
    place: &Range<usize>,
    result: &LintResult,
) -> Option<String> {
    let hit = result.diagnostics.iter().any(|d| {
        d.code() == rule.code
            && place.start <= d.primary.span.start
            && d.primary.span.end <= place.end
    });
    if !hit {
        return Some(format!(
            "bad example does not produce it inside {:?}",
            example.at
        ));
    }
    let others: Vec<&str> = result
        .diagnostics
        .iter()
        .map(|d| d.code())
        .filter(|code| *code != rule.code && !example.also.contains(code))
        .collect();
    if !others.is_empty() {
        return Some(format!(
            "bad example also produces {others:?}; fix the example, or name a real knock-on \
             finding with `also:PLxxx`"
        ));
    }
    let stale: Vec<&str> = example
        .also
        .iter()
        .copied()
        .filter(|code| !result.diagnostics.iter().any(|d| d.code() == *code))
        .collect();
    if !stale.is_empty() {
        return Some(format!("bad example does not produce `also:` {stale:?}"));
    }
    None
}

fn good_problem(rule: &Rule, result: &LintResult) -> Option<String> {
    if !result.diagnostics.is_empty() {
        return Some("good example is not clean".to_owned());
    }
    // Else a good example would be clean only because the rule never ran.
    match result.kind {
        Some(kind) if rule.applies_to(kind) => None,
        Some(kind) => Some(format!(
            "good example is told as `{kind}`, a kind the rule does not apply to"
        )),
        None => Some("good example is of no known kind".to_owned()),
    }
}

#[test]
fn bad_examples_produce_only_their_rule_and_good_ones_nothing() {
    let failures: Vec<String> = rules()
        .iter()
        .flat_map(|rule| examples(rule).into_iter().map(move |e| verdict(rule, &e)))
        .filter_map(Result::err)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_rule_has_a_bad_example_or_a_reason_why_not() {
    let mut missing = Vec::new();
    for rule in rules() {
        let has_bad = examples(rule).iter().any(|e| e.bad);
        let exempt = NO_JSON_EXAMPLE.iter().any(|(code, _)| *code == rule.code);
        assert!(
            !(exempt && has_bad),
            "{}: has a bad example now; remove it from NO_JSON_EXAMPLE",
            rule.code
        );
        assert!(
            !(exempt && rule.has_check()),
            "{}: a rule with a check must have a bad example",
            rule.code
        );
        if !has_bad && !exempt {
            missing.push(format!("{} {}", rule.code, rule.name));
        }
    }
    assert!(
        missing.is_empty(),
        "rules without a ```json bad example:\n{}",
        missing.join("\n")
    );
}

/// The machinery above: a fragment replaces members at its pointer, lands in the closest
/// base, and its place spans the member's key and value.
#[test]
fn a_fragment_is_set_at_its_pointer_of_the_closest_base() {
    let create_pipe = DocumentKind::from_name("create-pipe").expect("a kind");
    let fragment: Value = serde_json::from_str(r#"{"region": "eu-west-1a"}"#).expect("JSON");
    let mut body = base(create_pipe, "/source/kinesis", &fragment);
    assert_eq!(body["name"], "shipments-kinesis", "not the Kinesis base");
    merge_at(&mut body, "/source/kinesis", fragment);
    assert_eq!(body["source"]["kinesis"]["region"], "eu-west-1a");
    assert_eq!(body["source"]["kinesis"]["streamName"], "shipment-events");

    let mut text = String::new();
    let mut spans = HashMap::new();
    write(&body, String::new(), &mut text, &mut spans);
    assert_eq!(
        &text[spans["/source/kinesis/region"].clone()],
        r#""region": "eu-west-1a""#
    );
    assert_eq!(spans[""], 0..text.len());
}

/// The checks above fail when they should: a bad example with a finding of another rule
/// unless `also:` names it, an `also:` the example does not produce, and a clean good example
/// of a kind the rule does not apply to.
#[test]
fn the_verdict_rejects_extra_findings_stale_also_and_a_good_example_of_another_kind() {
    let tile_off_grid = find_rule("PL740").unwrap();
    let dashboard = DocumentKind::from_name("dashboard");
    let example = |bad, kind, at: Option<&str>, also: Vec<&'static str>, text: &str| Example {
        bad,
        kind,
        at: at.map(str::to_owned),
        profile: Profile::default(),
        also,
        text: text.to_owned(),
    };

    // An empty `config` is `tile-display-type`'s (PL745) finding too.
    let extra = r#"{"x": 16, "w": 12, "config": {}}"#;
    let error = verdict(
        tile_off_grid,
        &example(true, dashboard, Some("/tiles/0"), vec![], extra),
    )
    .unwrap_err();
    assert!(error.contains(r#"also produces ["PL745"]"#), "{error}");
    let named = example(true, dashboard, Some("/tiles/0"), vec!["PL745"], extra);
    assert_eq!(verdict(tile_off_grid, &named), Ok(()));

    let stale = example(
        true,
        dashboard,
        Some("/tiles/0"),
        vec!["PL745"],
        r#"{"x": 16}"#,
    );
    let error = verdict(tile_off_grid, &stale).unwrap_err();
    assert!(
        error.contains(r#"does not produce `also:` ["PL745"]"#),
        "{error}"
    );

    // A clean chart-series body, its kind told from the content: the rule never ran.
    let chart_series =
        serde_json::to_string(&fixture("chart-series/valid/checkout-latency-p95.json")).unwrap();
    let good = example(false, None, None, vec![], &chart_series);
    let error = verdict(tile_off_grid, &good).unwrap_err();
    assert!(
        error.contains("told as `chart-series`, a kind the rule does not apply to"),
        "{error}"
    );
}

/// A fence that mentions json in any other shape than ```` ```json <words> ```` stops the
/// test instead of being skipped, and so does a misused `also:`.
#[test]
fn a_fence_that_mentions_json_in_another_shape_fails() {
    let tile_off_grid = find_rule("PL740").unwrap();
    let page = |fence: &str| format!("## Example\n{fence}\n{{\"x\": 16}}\n```\n");
    let parsed = examples_in(
        tile_off_grid,
        &page("```json bad kind:dashboard at:/tiles/0"),
    );
    assert_eq!(parsed.len(), 1);
    for fence in [
        "```JSON bad kind:dashboard at:/tiles/0",
        "``` json bad kind:dashboard at:/tiles/0",
        " ```json bad kind:dashboard at:/tiles/0",
        "```jsonc bad kind:dashboard at:/tiles/0",
        "~~~json bad kind:dashboard at:/tiles/0",
        "```json bad kind:dashboard at:/tiles/0 also:PL740",
        "```json bad kind:dashboard at:/tiles/0 also:tile-display-type",
        "```json bad kind:dashboard at:/tiles/0 also:PL999",
    ] {
        let page = page(fence);
        let result = std::panic::catch_unwind(|| examples_in(tile_off_grid, &page));
        assert!(result.is_err(), "`{fence}` was accepted");
    }
    let good = "## Fix\n```json good kind:dashboard at:/tiles/0 also:PL745\n{}\n```\n";
    let result = std::panic::catch_unwind(|| examples_in(tile_off_grid, good));
    assert!(result.is_err(), "`also:` on a good example was accepted");
}
