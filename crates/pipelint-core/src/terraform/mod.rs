//! Terraform files: Terraform is a syntax of the create-pipe body, not a kind of its own.
//! Each `resource "clickhouse_clickpipe" "NAME"` block of a `.tf` file is read as Terraform
//! reads it: checked against the provider's schema (`provider_schema`, what
//! `terraform validate` rejects) and its plan and apply checks (`checks`), its literals
//! converted to the attributes' types, and its expressions left as unknown values. The
//! result is a create-pipe [`Document`] whose spans point into the `.tf` text and whose
//! unknown values no rule reads (`Document::unknown`), so the create-pipe rules run on it
//! unchanged and nothing they find is taken back; then the findings are put in Terraform's
//! words (the resource address, snake_case attribute paths). Every other block is ignored.
//!
//! How attributes map onto the body (names, the provider's conversions and defaults)
//! follows the provider's `clickhouse_clickpipe` resource, v3.25.3; `docs/terraform.md`
//! says it for users.

pub(crate) mod checks;
mod convert;
pub(crate) mod ignore;
pub(crate) mod plan;
pub(crate) mod provider_schema;
mod shape;
mod speak;

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::structure::{Block, BlockLabel, Structure};

use serde_json::Value;

use crate::api::provider::ProviderVersion;
use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::entries::terraform::terraform_syntax;
use crate::line_index::floor_char_boundary;

pub(crate) use speak::{speak_terraform, unchecked_values};

/// The resource type pipelint reads.
pub(crate) const CLICKPIPE: &str = "clickhouse_clickpipe";

/// One `clickhouse_clickpipe` resource as a create-pipe body, and what the reader knows
/// about it that the body does not say.
#[derive(Debug)]
pub(crate) struct Resource {
    /// `clickhouse_clickpipe.NAME`.
    pub(crate) address: String,
    /// The body the provider would send, spans into the `.tf` text.
    pub(crate) document: Document,
    /// Each member's attribute path in Terraform's words, by the body's JSON pointer
    /// (`/source/kafka/consumerGroup` -> `source.kafka.consumer_group`).
    pub(crate) names: HashMap<String, String>,
    /// The body's member names and the attribute names the user wrote for them
    /// (`consumerGrup` -> `consumer_grup`), for messages.
    pub(crate) written: HashMap<String, String>,
    /// The spans of the expressions whose value a rule would have read (not the secrets,
    /// which are read only as literals): the checks they leave undone.
    pub(crate) unchecked: Vec<Range<usize>>,
    /// Members the provider's default fills in, not written: pointer -> the default.
    pub(crate) defaulted: HashMap<String, String>,
    /// Spans of literal strings and numbers: the only text a fix may replace.
    pub(crate) literals: HashSet<Range<usize>>,
    /// Spans of attribute names written as identifiers: a rename may replace them.
    pub(crate) keys: HashSet<Range<usize>>,
    /// The reader's own findings (what `terraform validate`, `plan` and `apply` reject, a
    /// Kinesis timestamp it cannot convert), with JSON pointers like the rules'.
    pub(crate) findings: Vec<Diagnostic>,
}

/// What reading a `.tf` text gives: its clickpipe resources, or the syntax error.
#[derive(Debug)]
pub(crate) struct Read {
    pub(crate) resources: Vec<Resource>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Reads the `clickhouse_clickpipe` resources of a `.tf` text as the provider release
/// `version` reads them. Never panics: a syntax error is a finding at its position.
pub(crate) fn read(text: &str, version: ProviderVersion) -> Read {
    let body = match hcl_edit::parser::parse_body(text) {
        Ok(body) => body,
        Err(error) => {
            return Read {
                resources: Vec::new(),
                diagnostics: vec![syntax_error(text, &error)],
            };
        }
    };
    let resources = body
        .iter()
        .filter_map(|structure| match structure {
            Structure::Block(block) => clickpipe_name(block).map(|name| (name, block)),
            Structure::Attribute(_) => None,
        })
        .map(|(name, block)| {
            let (mut value, mut builder) = convert::attributes(block, version);
            // The provider's checks read the values as written, before it reshapes them.
            checks::run(&mut value, &mut builder, version);
            shape::as_the_provider_sends(&mut value, &mut builder);
            convert::resource(name, value, builder)
        })
        .collect();
    Read {
        resources,
        diagnostics: Vec::new(),
    }
}

/// Reads the `clickhouse_clickpipe` resources of a Terraform JSON text (`.tf.json`): the
/// same conversion and checks as [`read`], with positions in the JSON text.
pub(crate) fn read_json(text: &str, version: ProviderVersion) -> Read {
    let loaded = crate::load::load(text.as_bytes());
    let Some(document) = loaded.document else {
        return Read {
            resources: Vec::new(),
            diagnostics: loaded.diagnostics,
        };
    };
    // `resource` is an object, or a list of objects, of types holding names.
    let mut places = Vec::new();
    let blocks: Vec<String> = match document.value.get("resource") {
        Some(Value::Array(items)) => (0..items.len()).map(|i| format!("/resource/{i}")).collect(),
        Some(Value::Object(_)) => vec!["/resource".to_owned()],
        _ => Vec::new(),
    };
    for block in blocks {
        let at = format!("{block}/{CLICKPIPE}");
        match crate::pointer::resolve(&document.value, &at) {
            Some(Value::Object(names)) => {
                places.extend(
                    names
                        .keys()
                        .map(|name| (name.clone(), crate::pointer::pointer_join(&at, name))),
                );
            }
            Some(Value::Array(items)) => {
                for (index, item) in items.iter().enumerate() {
                    if let Value::Object(names) = item {
                        let at = format!("{at}/{index}");
                        places.extend(
                            names.keys().map(|name| {
                                (name.clone(), crate::pointer::pointer_join(&at, name))
                            }),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    let resources = places
        .into_iter()
        .filter_map(|(name, at)| {
            let (mut value, mut builder) = convert::attributes_json(&document, &at, version)?;
            checks::run(&mut value, &mut builder, version);
            shape::as_the_provider_sends(&mut value, &mut builder);
            Some(convert::resource(&name, value, builder))
        })
        .collect();
    // The JSON text's own findings (a key given twice, a number too large) print the
    // Terraform address of what they are about, as every other finding of the file does.
    let mut diagnostics = loaded.diagnostics;
    for diagnostic in &mut diagnostics {
        if let Some(address) = json_address(&diagnostic.pointer) {
            diagnostic.pointer = address;
        }
    }
    Read {
        resources,
        diagnostics,
    }
}

/// The Terraform address of a pointer into a `.tf.json` text, for a member of a resource
/// or data source (`/resource/clickhouse_clickpipe/events/destination/columns/0/name` ->
/// `clickhouse_clickpipe.events.destination.columns[0].name`); the list forms of
/// `resource` and of a type's names take no part. `None` above a resource's name.
fn json_address(pointer: &str) -> Option<String> {
    let is_index = |token: &str| !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    let mut tokens = pointer
        .split('/')
        .skip(1)
        .map(|token| token.replace("~1", "/").replace("~0", "~"));
    let mut address = match tokens.next()?.as_str() {
        "resource" => String::new(),
        "data" => "data.".to_owned(),
        _ => return None,
    };
    let mut tokens = tokens.peekable();
    tokens.next_if(|token| is_index(token));
    address.push_str(&tokens.next()?);
    tokens.next_if(|token| is_index(token));
    address.push('.');
    address.push_str(&tokens.next()?);
    for token in tokens {
        if is_index(&token) {
            address.push_str(&format!("[{token}]"));
        } else {
            address.push('.');
            address.push_str(&token);
        }
    }
    Some(address)
}

/// The name of a `resource "clickhouse_clickpipe" "NAME"` block.
fn clickpipe_name(block: &Block) -> Option<&str> {
    if block.ident.as_str() != "resource" {
        return None;
    }
    match block.labels.as_slice() {
        [kind, name] if label_text(kind) == CLICKPIPE => Some(label_text(name)),
        _ => None,
    }
}

fn label_text(label: &BlockLabel) -> &str {
    match label {
        BlockLabel::String(text) => text.as_str(),
        BlockLabel::Ident(ident) => ident.as_str(),
    }
}

/// The header `resource "clickhouse_clickpipe" "NAME"`, where findings about the whole
/// resource point.
fn span_of_header(resource: &Resource) -> Range<usize> {
    resource.document.object_anchor("")
}

/// The span of a parsed node (the parser gives every node one).
fn span_of(node: &impl Span) -> Range<usize> {
    node.span().unwrap_or(0..0)
}

fn syntax_error(text: &str, error: &hcl_edit::parser::Error) -> Diagnostic {
    let at = floor_char_boundary(text, error.location().offset());
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    Diagnostic::new(
        &terraform_syntax::RULE,
        at..end,
        "",
        format!("the file is not valid HCL: {}", error.message()),
    )
    .with_label("syntax error")
    .with_help(
        "Terraform cannot read the file either; no clickpipe in it is checked until this is mended",
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::path::{Path, PathBuf};

    use serde_json::Value;

    use crate::api::profile::Profile;
    use crate::document::Document;
    use crate::kind::{DocumentKind, KindChoice};
    use crate::rule::Context;

    fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                json_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }

    /// Every member's pointer (array items past the third left out: they repeat a shape).
    fn pointers(value: &Value, at: &str, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, member) in map {
                    let pointer = crate::pointer::pointer_join(at, key);
                    out.push(pointer.clone());
                    pointers(member, &pointer, out);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate().take(3) {
                    let pointer = crate::pointer::pointer_join(at, &index.to_string());
                    out.push(pointer.clone());
                    pointers(item, &pointer, out);
                }
            }
            _ => {}
        }
    }

    fn findings(document: &Document, text: &str) -> HashSet<(&'static str, String)> {
        let context = Context::new(
            document,
            text,
            DocumentKind::CreatePipe,
            None,
            Profile::default(),
        );
        crate::lint::check(&context)
            .into_iter()
            .map(|d| (d.code(), d.pointer))
            .collect()
    }

    /// The design that keeps the rules away from values Terraform computes: an unknown value
    /// could be the value that was there, so making any member of any create-pipe fixture
    /// unknown must never add a finding (nor keep one at or inside it, but for a finding
    /// about the member's name or presence). No rule needs a list of exceptions for this.
    #[test]
    fn an_unknown_value_never_adds_a_finding_and_is_never_judged() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files = Vec::new();
        json_files(&root, &mut files);
        files.sort();
        let mut checked = 0;
        let mut failures = Vec::new();
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let loaded = crate::load::load(&bytes);
            let Some(document) = loaded.document else {
                continue;
            };
            let name = path.file_name().and_then(|n| n.to_str());
            if KindChoice::decide(None, name, &document.value).kind
                != Some(DocumentKind::CreatePipe)
            {
                continue;
            }
            let text = loaded.text;
            let before = findings(&document, &text);
            let mut members = Vec::new();
            pointers(&document.value, "", &mut members);
            for pointer in members {
                let mut value = document.value.clone();
                // `null` is no value in Terraform (`x = null` leaves `x` out): never unknown.
                let Some(slot) = value.pointer_mut(&pointer).filter(|slot| !slot.is_null()) else {
                    continue;
                };
                *slot = if slot.is_object() || slot.is_array() {
                    (Document::UNKNOWN_COLLECTION)()
                } else {
                    (Document::UNKNOWN_SCALAR)()
                };
                let unknown = Document {
                    value,
                    source: document.source.clone(),
                    spans: std::sync::OnceLock::new(),
                    unrepresentable: Vec::new(),
                    fractional_integers: Vec::new(),
                    unknown: vec![pointer.clone()],
                    accepted: Vec::new(),
                };
                checked += 1;
                for (code, at) in findings(&unknown, &text) {
                    // At the member itself, a finding it had already may be about presence.
                    let within = at.starts_with(&format!("{pointer}/"));
                    // The profile rules and unknown-field are about a member's name.
                    let about_name = matches!(code, "PL014" | "PL017" | "PL018" | "PL746");
                    // Findings another rule takes over where that one can tell (an empty
                    // `iamRole` that the required-members rule reports, `concurrency` that
                    // scaling-for-source reports): with its cause unknown, the literal value
                    // is reported by the rule that judges it alone.
                    let handed_over = matches!(code, "PL502" | "PL506") && !within;
                    if (!before.contains(&(code, at.clone())) && !handed_over)
                        || (within && !about_name)
                    {
                        failures.push(format!(
                            "{}: {pointer} unknown gives {code} at {at}",
                            path.display()
                        ));
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} cases");
        assert!(
            failures.is_empty(),
            "{} of {checked}:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
