//! Terraform plans (`terraform show -json tfplan`, format_version 1.x): each
//! `clickhouse_clickpipe` the plan creates or updates is checked from its planned values
//! (`change.after`), which is the resource as the provider will receive it, with variables,
//! locals, modules and `for_each` already resolved.
//!
//! The planned values have the attribute tree of the resource's schema, so they are read
//! through the same path as Terraform's JSON syntax (`convert::attributes_json`): the same
//! conversion, schema, plan and apply checks and rules. Before that, what the plan marks is
//! put in the reader's terms: a value in `after_unknown` (known after apply) and a value in
//! `after_sensitive` are present and unknown to the rules (a sensitive value is never read,
//! so never quoted), a write-only `password_wo` (always null in a plan) is present and
//! unknown when its `password_wo_version` is set, and what only the provider sets (`id`,
//! `state`) is left out. Unknown values give no `terraform-unchecked-values` finding: in a
//! plan they are mostly what the provider computes (`scaling` left unset), not a check the
//! user could have had. Findings name the full address (`module.x.clickhouse_clickpipe.y["k"]`)
//! and point into the plan's text, or, when the configuration's source texts are given, at
//! the attribute in the `.tf` file that declares the resource.
//!
//! Sensitive values are secrets in every output whatever their name: `secrets::plan` gives
//! them to the redaction step.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::provider_schema::Attributes;
use super::{CLICKPIPE, Resource, checks, convert, shape};
use crate::api::provider::ProviderVersion;
use crate::diagnostic::Diagnostic;
use crate::document::{Document, NodeSpans, SpanIndex};
use crate::entries::suppression::unused_ignore;
use crate::kind::{DocumentKind, is_plan};
use crate::lint::{LintOptions, LintResult};
use crate::pointer::pointer_join;
use crate::rule::Context;
use crate::rules::security::plaintext_secret;
use crate::settings::Settings;

thread_local! {
    /// Units of work of the plan reader on this thread (nodes visited, resources converted,
    /// spans looked up), for the test that it grows linearly with the plan.
    static WORK: Cell<usize> = const { Cell::new(0) };
}

pub(crate) fn work(units: usize) {
    WORK.with(|w| w.set(w.get() + units));
}

/// One `.tf` (or `.tf.json`) file of the configuration a plan was made from.
#[derive(Clone, Debug)]
pub struct PlanSource {
    /// The module it belongs to, as the plan's addresses name it without instance keys:
    /// `""` for the root module, `module.pipes`, `module.a.module.b`.
    pub module: String,
    /// The file's name (`.tf.json` names are read as Terraform's JSON syntax).
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// The lint of a plan: the findings placed on the plan's own text, and those placed on the
/// configuration's files (by index into the sources given), each a result of its own.
#[derive(Debug)]
#[non_exhaustive]
pub struct PlanLint {
    /// The plan's own findings (resources the sources do not declare), on the plan's text.
    pub plan: LintResult,
    /// Each source with findings: its index in the sources given, and its result.
    pub sources: Vec<(usize, LintResult)>,
}

/// The module directories of a plan's configuration, for reading its `.tf` files: each
/// module path (`module.pipes`) with its directory relative to the root module's, for the
/// module calls whose `source` is a local path (`./modules/pipes`). Registry and git modules
/// are not listed: their findings stay on the plan's text.
pub fn plan_module_dirs(bytes: &[u8]) -> Vec<(String, String)> {
    let Some(document) = crate::load::load(bytes).document else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(root) = document.value.pointer("/configuration/root_module") {
        module_dirs(root, "", ".", &mut out);
    }
    out
}

fn module_dirs(module: &Value, path: &str, dir: &str, out: &mut Vec<(String, String)>) {
    let Some(calls) = module.get("module_calls").and_then(Value::as_object) else {
        return;
    };
    for (name, call) in calls {
        work(1);
        let Some(source) = call.get("source").and_then(Value::as_str) else {
            continue;
        };
        if !(source.starts_with("./") || source.starts_with("../")) {
            continue;
        }
        let child_path = join_module(path, name);
        let child_dir = format!("{dir}/{}", source.trim_end_matches('/'));
        if let Some(child) = call.get("module") {
            module_dirs(child, &child_path, &child_dir, out);
        }
        out.push((child_path, child_dir));
    }
}

fn join_module(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        format!("module.{name}")
    } else {
        format!("{parent}.module.{name}")
    }
}

/// Lints a plan, placing findings on the configuration's files where `sources` declare the
/// resource. Secrets (the plan's sensitive values among them) are masked in every result
/// unless `show_secrets` is set. A document that is not a plan is linted as [`crate::lint`]
/// lints it.
pub fn lint_plan(bytes: &[u8], sources: &[PlanSource], options: &LintOptions) -> PlanLint {
    let loaded = crate::load::load(bytes);
    let plan = loaded
        .document
        .as_ref()
        .and_then(|d| d.value.as_object())
        .is_some_and(|o| options.kind == Some(DocumentKind::TerraformPlan) || is_plan(o));
    let Some(document) = loaded.document.filter(|_| plan) else {
        return PlanLint {
            plan: crate::lint::lint(bytes, options),
            sources: Vec::new(),
        };
    };
    let reason = if options.kind.is_some() {
        "given with `--kind terraform-plan`".to_owned()
    } else {
        crate::kind::detect(&document.value).reason
    };
    let mut linted = lint_with(
        loaded.text,
        &document,
        loaded.diagnostics,
        reason,
        options,
        sources,
    );
    if !options.show_secrets {
        let plan_text = linted.plan.text.clone();
        for (_, result) in &mut linted.sources {
            // The plan's secrets are masked wherever they were copied to.
            result.mask_secrets(Some(&plan_text));
        }
        if linted.plan.diagnostics.is_empty() {
            linted.plan.drop_unneeded_text();
        } else {
            linted.plan.mask_secrets(options.before_fixing);
        }
    }
    linted
}

/// The lint of a plan document with its findings on the plan's own text (the hook of
/// [`crate::lint`]; masking is the caller's).
pub(crate) fn lint(
    text: String,
    document: &Document,
    diagnostics: Vec<Diagnostic>,
    reason: String,
    options: &LintOptions,
) -> LintResult {
    lint_with(text, document, diagnostics, reason, options, &[]).plan
}

/// A clickpipe change of the plan that is checked.
struct Change {
    /// Its index in `resource_changes`.
    index: usize,
    /// The full address, `module.x.clickhouse_clickpipe.y["k"]`.
    address: String,
    /// The module path without instance keys (`module.x`), `""` for the root.
    module: String,
    /// `clickhouse_clickpipe.y`.
    config_address: String,
    update: bool,
}

fn lint_with(
    text: String,
    document: &Document,
    mut diagnostics: Vec<Diagnostic>,
    reason: String,
    options: &LintOptions,
    sources: &[PlanSource],
) -> PlanLint {
    let default_settings = Settings::default();
    let settings = options.settings.unwrap_or(&default_settings);
    let mut overrides_used = crate::lint::settle_unchecked(settings, None, &mut diagnostics);
    let plan = &document.value;
    let changes = clickpipe_changes(plan);
    let config = Configuration::of(plan);
    // The configuration's resources, read once: (module, address) -> (source, resource).
    let mut declared: HashMap<(String, String), (usize, Resource)> = HashMap::new();
    let mut source_versions: HashMap<String, ProviderVersion> = HashMap::new();
    let mut placed: Vec<Vec<Diagnostic>> = vec![Vec::new(); sources.len()];
    let mut versions_used: Vec<String> = Vec::new();
    for change in &changes {
        work(1);
        let (version, from) = config.version(change, options.profile.provider);
        if let Some(from) = from
            && !versions_used.contains(&from)
        {
            versions_used.push(from);
        }
        let profile = options
            .profile
            .with_provider(version)
            .with_api(version.api());
        let Some(resource) = convert_change(document, change, version) else {
            continue;
        };
        // Read the module's files at the release in force, the first time it is needed.
        if source_versions.get(&change.module) != Some(&version) {
            source_versions.insert(change.module.clone(), version);
            declared.retain(|(module, _), _| *module != change.module);
            for (index, source) in sources.iter().enumerate() {
                if source.module != change.module {
                    continue;
                }
                work(1);
                let read = if source.name.to_ascii_lowercase().ends_with(".tf.json") {
                    super::read_json(&source.text, version)
                } else {
                    super::read(&crate::load::parser_text(&source.text), version)
                };
                for tf in read.resources {
                    declared.insert((change.module.clone(), tf.address.clone()), (index, tf));
                }
            }
        }
        let mut found = crate::lint::check(&Context::new(
            &resource.document,
            &text,
            DocumentKind::CreatePipe,
            None,
            profile,
        ));
        // A plan holds every value resolved, written literally or not: whether the
        // configuration writes a secret in clear text is the `.tf` file's check.
        found.retain(|d| !std::ptr::eq(d.rule, &plaintext_secret::RULE));
        found.extend(resource.findings.iter().cloned());
        overrides_used.extend(crate::lint::settle(
            settings,
            Some(&resource.document),
            &mut found,
        ));
        let pointers: Vec<String> = found.iter().map(|d| d.pointer.clone()).collect();
        super::speak_terraform(&resource, &text, &mut found);
        let tf = declared.get(&(change.module.clone(), change.config_address.clone()));
        for (mut finding, pointer) in found.into_iter().zip(pointers) {
            // A plan is not edited: its fixes would be edits to a file Terraform wrote.
            finding.fix = None;
            match tf {
                Some((index, tf)) => {
                    work(1);
                    relocate(&mut finding, &pointer, &resource, tf);
                    placed[*index].push(finding);
                }
                None => diagnostics.push(finding),
            }
        }
    }
    overrides_used.extend(settings.judge_addresses(&mut diagnostics));
    diagnostics.sort_by_key(|d| (d.primary.span.start, d.primary.span.end));
    let mut reason = reason;
    if !versions_used.is_empty() {
        reason = format!("{reason}; {}", versions_used.join("; "));
    }
    let mut results = Vec::new();
    for (index, mut found) in placed.into_iter().enumerate() {
        if found.is_empty() {
            continue;
        }
        let mut used = settings.judge_addresses(&mut found);
        super::ignore::apply(&sources[index].text, settings, &mut found);
        // The file's own check says which of its ignore comments silence nothing: the plan
        // has the findings of some of its resources only.
        found.retain(|d| !std::ptr::eq(d.rule, &unused_ignore::RULE));
        found.sort_by_key(|d| (d.primary.span.start, d.primary.span.end));
        used.sort_unstable();
        used.dedup();
        results.push((
            index,
            LintResult {
                text: sources[index].text.clone(),
                kind: Some(DocumentKind::Terraform),
                kind_reason: Some(
                    "the findings of a Terraform plan on the resources this file declares"
                        .to_owned(),
                ),
                diagnostics: found,
                overrides_used: used,
            },
        ));
    }
    overrides_used.sort_unstable();
    overrides_used.dedup();
    PlanLint {
        plan: LintResult {
            text,
            kind: Some(DocumentKind::TerraformPlan),
            kind_reason: Some(reason),
            diagnostics,
            overrides_used,
        },
        sources: results,
    }
}

/// The `clickhouse_clickpipe` changes that create or update a resource (a replacement
/// creates one); deletes, no-ops and reads are not checked.
fn clickpipe_changes(plan: &Value) -> Vec<Change> {
    let Some(changes) = plan.get("resource_changes").and_then(Value::as_array) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (index, entry) in changes.iter().enumerate() {
        work(1);
        if entry.get("type").and_then(Value::as_str) != Some(CLICKPIPE)
            || entry.get("mode").and_then(Value::as_str) == Some("data")
        {
            continue;
        }
        let actions: Vec<&str> = entry
            .pointer("/change/actions")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let creates = actions.contains(&"create");
        let update = actions.contains(&"update");
        if !(creates || update) {
            continue;
        }
        let Some(name) = entry.get("name").and_then(Value::as_str) else {
            continue;
        };
        let config_address = format!("{CLICKPIPE}.{name}");
        let module = entry
            .get("module_address")
            .and_then(Value::as_str)
            .map(without_keys)
            .unwrap_or_default();
        let address = entry
            .get("address")
            .and_then(Value::as_str)
            .map_or_else(|| config_address.clone(), str::to_owned);
        out.push(Change {
            index,
            address,
            module,
            config_address,
            update: update && !creates,
        });
    }
    out
}

/// A module address without its instance keys: `module.x["a"].module.y[0]` ->
/// `module.x.module.y`.
fn without_keys(address: &str) -> String {
    let mut out = String::with_capacity(address.len());
    let mut depth = 0usize;
    let mut quoted = false;
    let mut escaped = false;
    for c in address.chars() {
        if depth > 0 {
            if quoted {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    quoted = false;
                }
            } else if c == '"' {
                quoted = true;
            } else if c == ']' {
                depth -= 1;
            }
            continue;
        }
        if c == '[' {
            depth += 1;
        } else {
            out.push(c);
        }
    }
    out
}

/// What the plan's `configuration` says about providers: each resource's provider
/// configuration, and the version constraint of each `clickhouse` provider configuration.
struct Configuration {
    /// (module path, `clickhouse_clickpipe.y`) -> provider config key.
    keys: HashMap<(String, String), String>,
    /// Provider config key -> version constraint, for the ClickHouse provider.
    constraints: Vec<(String, String)>,
}

impl Configuration {
    fn of(plan: &Value) -> Configuration {
        let mut keys = HashMap::new();
        if let Some(root) = plan.pointer("/configuration/root_module") {
            resource_keys(root, "", &mut keys);
        }
        let mut constraints: Vec<(String, String)> = plan
            .pointer("/configuration/provider_config")
            .and_then(Value::as_object)
            .map(|configs| {
                configs
                    .iter()
                    .filter(|(_, c)| is_clickhouse(c))
                    .filter_map(|(key, c)| {
                        let constraint = c.get("version_constraint")?.as_str()?;
                        Some((key.clone(), constraint.to_owned()))
                    })
                    .collect()
            })
            .unwrap_or_default();
        constraints.sort();
        Configuration { keys, constraints }
    }

    /// The provider release a change is checked against, and where it comes from: the
    /// version constraint of its provider configuration in the plan, else the first
    /// ClickHouse provider configuration's, else `fallback` (the settings').
    fn version(
        &self,
        change: &Change,
        fallback: ProviderVersion,
    ) -> (ProviderVersion, Option<String>) {
        let key = self
            .keys
            .get(&(change.module.clone(), change.config_address.clone()));
        let constraint = key
            .and_then(|key| self.constraints.iter().find(|(k, _)| k == key))
            .or_else(|| self.constraints.first());
        let Some((key, constraint)) = constraint else {
            return (fallback, None);
        };
        match crate::api::provider::select(constraint) {
            Ok(selected) => {
                let version = selected.version();
                (
                    version,
                    Some(format!(
                        "provider {version} from the plan's `version_constraint` `{constraint}` of `{key}`"
                    )),
                )
            }
            Err(_) => (fallback, None),
        }
    }
}

fn is_clickhouse(config: &Value) -> bool {
    let full = config
        .get("full_name")
        .and_then(Value::as_str)
        .map(str::to_ascii_lowercase);
    match full {
        Some(full) => full == "clickhouse/clickhouse" || full.ends_with("/clickhouse/clickhouse"),
        None => config.get("name").and_then(Value::as_str) == Some("clickhouse"),
    }
}

fn resource_keys(module: &Value, path: &str, out: &mut HashMap<(String, String), String>) {
    if let Some(resources) = module.get("resources").and_then(Value::as_array) {
        for resource in resources {
            work(1);
            if let (Some(address), Some(key)) = (
                resource.get("address").and_then(Value::as_str),
                resource.get("provider_config_key").and_then(Value::as_str),
            ) {
                out.insert((path.to_owned(), address.to_owned()), key.to_owned());
            }
        }
    }
    if let Some(calls) = module.get("module_calls").and_then(Value::as_object) {
        for (name, call) in calls {
            if let Some(child) = call.get("module") {
                resource_keys(child, &join_module(path, name), out);
            }
        }
    }
}

/// What stands for a value the plan does not give: a template, which the reader of
/// Terraform's JSON syntax takes as an expression (present, unknown).
const UNKNOWN: &str = "${plan}";

/// A change's planned values as a resource, with spans into the plan's text.
fn convert_change(plan: &Document, change: &Change, version: ProviderVersion) -> Option<Resource> {
    let at = format!("/resource_changes/{}/change", change.index);
    let entry = plan.value.pointer(&at)?;
    let mut after = entry.get("after").filter(|a| a.is_object())?.clone();
    let schema = super::provider_schema::resource(version);
    if let Some(unknown) = entry.get("after_unknown") {
        mark(&mut after, unknown, true);
    }
    if let Some(sensitive) = entry.get("after_sensitive") {
        mark(&mut after, sensitive, false);
    }
    write_only(&mut after);
    prune(&mut after, schema);
    if let Value::Object(map) = &mut after {
        map.remove("id");
        // Pausing a pipe is what `stopped` is for: only a new pipe may not start stopped.
        if change.update {
            map.remove("stopped");
        }
    }
    // The planned values as a one-resource document at `/after`, spans from the plan.
    let after_at = format!("{at}/after");
    let mut spans = HashMap::new();
    let header = plan
        .spans(&format!("/resource_changes/{}/address", change.index))
        .map(|s| s.value.clone())
        .unwrap_or_else(|| plan.key_span(&after_at));
    spans.insert(
        "/after".to_owned(),
        NodeSpans {
            key: Some(header),
            value: plan.value_span(&after_at),
        },
    );
    index_spans(plan, &after, &after_at, "/after", &mut spans);
    let mut wrapped = Map::new();
    wrapped.insert("after".to_owned(), after);
    let document = Document {
        value: Value::Object(wrapped),
        source: String::new(),
        spans: OnceLock::from(SpanIndex::from(spans)),
        unrepresentable: Vec::new(),
        fractional_integers: Vec::new(),
        unknown: Vec::new(),
        accepted: Vec::new(),
    };
    work(1);
    let (mut value, mut builder) = convert::attributes_json(&document, "/after", version)?;
    checks::run(&mut value, &mut builder, version);
    shape::as_the_provider_sends(&mut value, &mut builder);
    let mut resource = convert::resource(&change.config_address, value, builder);
    resource.address = change.address.clone();
    Some(resource)
}

/// Puts the unknown stand-in wherever `marks` (`after_unknown`, `after_sensitive`: `true`
/// at a marked value, objects and arrays of marks around it) marks a value. A value known
/// after apply is there even where the plan writes null or nothing; a sensitive null
/// (`nulls` false) stays null: nothing is set there.
fn mark(value: &mut Value, marks: &Value, nulls: bool) {
    work(1);
    match marks {
        Value::Bool(true) if nulls || !value.is_null() => {
            *value = Value::String(UNKNOWN.to_owned());
        }
        Value::Object(marks) => {
            if let Value::Object(map) = value {
                for (name, inner) in marks {
                    if let Some(slot) = map.get_mut(name) {
                        mark(slot, inner, nulls);
                    } else if nulls && inner == &Value::Bool(true) {
                        map.insert(name.clone(), Value::String(UNKNOWN.to_owned()));
                    }
                }
            }
        }
        Value::Array(marks) => {
            if let Value::Array(items) = value {
                for (item, inner) in items.iter_mut().zip(marks) {
                    mark(item, inner, nulls);
                }
            }
        }
        _ => {}
    }
}

/// A write-only `password_wo` is null in every plan: with its `password_wo_version` set, it
/// was given (unknown to the plan).
fn write_only(value: &mut Value) {
    work(1);
    match value {
        Value::Object(map) => {
            let versioned = map.get("password_wo_version").is_some_and(|v| !v.is_null());
            if versioned && map.get("password_wo").is_none_or(Value::is_null) {
                map.insert("password_wo".to_owned(), Value::String(UNKNOWN.to_owned()));
            }
            map.values_mut().for_each(write_only);
        }
        Value::Array(items) => items.iter_mut().for_each(write_only),
        _ => {}
    }
}

/// Leaves out what only the provider sets (`state`): a plan has it, a configuration cannot;
/// and nulls, which a plan writes for every attribute left unset (`x = null` is no value).
fn prune(value: &mut Value, schema: &Attributes) {
    work(1);
    match value {
        Value::Object(map) => {
            map.retain(|name, member| {
                !member.is_null() && schema.get(name).is_none_or(|a| !a.is_read_only())
            });
            for (name, member) in map.iter_mut() {
                if let Some(attribute) = schema.get(name)
                    && !attribute.attributes.is_empty()
                {
                    prune(member, &attribute.attributes);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| prune(item, schema)),
        _ => {}
    }
}

/// The spans of every node of `value` (at `pointer` of the one-resource document), from the
/// plan's node at `at`; a value the plan's text lacks (an unknown it left out) gets an
/// empty span where its object opens.
fn index_spans(
    plan: &Document,
    value: &Value,
    at: &str,
    pointer: &str,
    out: &mut HashMap<String, NodeSpans>,
) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => return,
    };
    let opening = out
        .get(pointer)
        .map_or(0, |s| s.value.start.saturating_add(1));
    for (token, child) in children {
        work(1);
        let child_at = pointer_join(at, &token);
        let child_pointer = pointer_join(pointer, &token);
        let spans = plan.spans(&child_at).cloned().unwrap_or(NodeSpans {
            key: None,
            value: opening..opening,
        });
        out.insert(child_pointer.clone(), spans);
        index_spans(plan, child, &child_at, &child_pointer, out);
    }
}

/// Moves a finding from the plan's text to the `.tf` file that declares its resource: onto
/// the same member there (its key or its value, as in the plan), or, for a member the file
/// does not write (a default, a value of a `dynamic` block), onto the nearest one that it
/// writes. Other places of the finding are in the plan's text and are left out.
fn relocate(finding: &mut Diagnostic, pointer: &str, planned: &Resource, tf: &Resource) {
    let on_key = planned
        .document
        .spans(pointer)
        .and_then(|s| s.key.clone())
        .is_some_and(|key| key == finding.primary.span);
    let mut at = pointer;
    let span = loop {
        if let Some(spans) = tf.document.spans(at) {
            break if at != pointer {
                tf.document.object_anchor(at)
            } else if on_key {
                spans.key.clone().unwrap_or(spans.value.clone())
            } else {
                spans.value.clone()
            };
        }
        match crate::pointer::pointer_split(at) {
            Some((parent, _)) => at = parent,
            None => break tf.document.object_anchor(""),
        }
    };
    finding.primary.span = span;
    finding.secondary.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_addresses_lose_their_instance_keys() {
        assert_eq!(without_keys("module.x"), "module.x");
        assert_eq!(
            without_keys("module.x[\"a]b\"].module.y[0]"),
            "module.x.module.y"
        );
    }

    /// A plan of `count` clickpipes (one module, `for_each` keys), each with a finding.
    fn plan_of(count: usize) -> String {
        let changes: Vec<String> = (0..count)
            .map(|i| {
                format!(
                    r#"{{"address": "module.pipes.clickhouse_clickpipe.p[\"k{i}\"]", "module_address": "module.pipes", "mode": "managed", "type": "clickhouse_clickpipe", "name": "p", "index": "k{i}", "provider_name": "registry.terraform.io/clickhouse/clickhouse",
  "change": {{"actions": ["create"], "before": null,
    "after": {{"name": "p{i}", "service_id": "s", "scaling": {{"replicas": 1}}, "source": {{"kafka": {{"type": "confluent", "format": "JSONEachRow", "brokers": "b{i}:9092", "topics": "t", "authentication": "PLAIN", "credentials": {{"username": "u", "password": "hunter2-{i}"}}}}}}, "destination": {{"database": "default", "table": "t", "managed_table": false, "columns": [{{"name": "c", "type": "Strin"}}]}}, "field_mappings": [{{"source_field": "c", "destination_field": "c"}}]}},
    "after_unknown": {{"id": true, "state": true}},
    "after_sensitive": {{"source": {{"kafka": {{"credentials": {{"password": true}}}}}}}}}}}}"#
                )
            })
            .collect();
        format!(
            r#"{{"format_version": "1.2", "terraform_version": "1.9.0", "resource_changes": [{}],
  "configuration": {{"provider_config": {{"clickhouse": {{"name": "clickhouse", "full_name": "registry.terraform.io/ClickHouse/clickhouse", "version_constraint": "~> 3.25"}}}}}}}}"#,
            changes.join(",\n")
        )
    }

    /// The module's configuration: one `for_each` resource every instance comes from.
    const MODULE: &str = r#"
resource "clickhouse_clickpipe" "p" {
  for_each   = var.pipes
  name       = each.key
  service_id = "s"
  destination = {
    table   = "t"
    columns = [{ name = "c", type = each.value }]
  }
}
"#;

    /// The plan reader's work on a plan of `count` resources, and the findings, on the plan
    /// (`sources` false) or placed on the module's `.tf` file.
    fn work_for(count: usize, sources: bool) -> (usize, usize) {
        let text = plan_of(count);
        let sources = if sources {
            vec![PlanSource {
                module: "module.pipes".to_owned(),
                name: "main.tf".to_owned(),
                text: MODULE.to_owned(),
            }]
        } else {
            Vec::new()
        };
        WORK.with(|w| w.set(0));
        let result = lint_plan(text.as_bytes(), &sources, &LintOptions::new());
        let findings = result.plan.diagnostics.len()
            + result
                .sources
                .iter()
                .map(|(_, r)| r.diagnostics.len())
                .sum::<usize>();
        (WORK.with(Cell::get), findings)
    }

    /// The plan reader's work grows with the plan: ten times the resources, ten times the
    /// work (a reader that looked every resource up in a list of all would do a hundred
    /// times), with the findings on the plan and placed on the `.tf` file alike.
    #[test]
    fn a_plan_is_read_in_work_linear_in_its_size() {
        for sources in [false, true] {
            let (small, small_findings) = work_for(100, sources);
            let (large, large_findings) = work_for(1000, sources);
            assert!(small_findings >= 100, "{small_findings} findings");
            assert_eq!(large_findings, small_findings * 10);
            assert!(
                large <= small * 10 + small / 10 && large >= small * 9,
                "sources {sources}: 100 resources, {small} units; 1000: {large}"
            );
        }
        // Placed on the `.tf` file, each finding is on the instance's declaration.
        let text = plan_of(3);
        let placed = lint_plan(
            text.as_bytes(),
            &[PlanSource {
                module: "module.pipes".to_owned(),
                name: "main.tf".to_owned(),
                text: MODULE.to_owned(),
            }],
            &LintOptions::new(),
        );
        let (_, result) = &placed.sources[0];
        let at = MODULE.find("each.value").unwrap_or_default();
        assert!(
            result
                .diagnostics
                .iter()
                .any(|d| d.primary.span.start == at)
        );
    }

    /// Plans of every wrong shape are read without a panic, and what can be read is.
    #[test]
    fn a_malformed_plan_never_panics() {
        let cases = [
            r#"{"format_version": "1.2", "terraform_version": "1", "resource_changes": 5}"#,
            r#"{"format_version": "1.2", "terraform_version": "1", "resource_changes": [5, null, {}]}"#,
            r#"{"format_version": 1, "terraform_version": [], "resource_changes": [{"type": "clickhouse_clickpipe", "name": "x", "change": {"actions": "create", "after": {}}}]}"#,
            r#"{"format_version": "1.2", "terraform_version": "1", "resource_changes": [{"type": "clickhouse_clickpipe", "name": "x", "module_address": "module.a[\"b", "change": {"actions": ["create"], "after": [1], "after_unknown": "x", "after_sensitive": 3}}]}"#,
            r#"{"format_version": "1.2", "terraform_version": "1", "resource_changes": [{"type": "clickhouse_clickpipe", "name": "x", "change": {"actions": ["create"], "after": {"name": 5, "source": [], "destination": {"columns": {"a": 1}}}, "after_unknown": {"source": [true], "destination": true}, "after_sensitive": true}}], "configuration": {"provider_config": {"clickhouse": {"name": "clickhouse", "version_constraint": ">>> 9"}}, "root_module": {"module_calls": {"m": {"source": "./m", "module": 5}}}}}"#,
            r#"{"format_version": "1.2", "terraform_version": "1", "planned_values": {"root_module": {"resources": [{"values": {"a": "b"}, "sensitive_values": {"a": true}}], "child_modules": [7]}, "outputs": {"o": {"sensitive": true, "value": [1, "two"]}}}, "variables": {"v": {"value": {"k": "secret-value"}}}, "configuration": {"root_module": {"variables": {"v": {"sensitive": true}}}}}"#,
        ];
        for case in cases {
            let result = crate::lint::lint(case.as_bytes(), &LintOptions::new());
            assert_eq!(result.kind, Some(DocumentKind::TerraformPlan), "{case}");
            let sources = [PlanSource {
                module: String::new(),
                name: "main.tf".to_owned(),
                text: "resource \"clickhouse_clickpipe\" \"x\" {".to_owned(),
            }];
            let _ = lint_plan(case.as_bytes(), &sources, &LintOptions::new());
            let _ = plan_module_dirs(case.as_bytes());
            let _ = crate::secrets::mask_text(case);
        }
        // The sensitive values of the last case are masked whatever their names.
        let masked = crate::secrets::mask_text(cases[5]);
        assert!(!masked.contains("secret-value") && !masked.contains("\"two\""));
        assert!(masked.contains("\"a\": \"*\""), "{masked}");
    }
}
