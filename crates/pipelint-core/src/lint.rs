//! `lint`: load, tell the kind, validate against the schema, run the rules' checks, settle
//! the findings (levels, supersession, order) and mask secrets. The top of the crate: it
//! uses every layer below and nothing uses it.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::api::profile::Profile;
use crate::catalog::Rule;
use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::kind::{self, DocumentKind, KindChoice};
use crate::load::{self, Loaded, load};
use crate::rule::Context;
use crate::settings::{self, OverrideUse, Settings};
use crate::{rules, schema, secrets, suggest, terraform};

/// What to lint a document as. Built with [`LintOptions::new`] and its builder methods:
///
/// ```
/// use pipelint_core::{DocumentKind, LintOptions, Settings};
///
/// let settings = Settings::default();
/// let options = LintOptions::new()
///     .kind(DocumentKind::CreatePipe)
///     .file_name("orders.pipe.json")
///     .settings(&settings);
/// assert_eq!(options.kind, Some(DocumentKind::CreatePipe));
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct LintOptions<'a> {
    /// The kind given by the user; otherwise told from the file name, then the content.
    pub kind: Option<DocumentKind>,
    /// The file's name or path, used to tell the kind (`*.pipe.json`, `*.alert.json`, …).
    pub file_name: Option<&'a str>,
    /// For a scaling patch: the create body of the pipe it will be applied to.
    pub pipe: Option<&'a Document>,
    /// Leave secret values readable in the result (local debugging only).
    pub show_secrets: bool,
    /// Rule levels and overrides; `None`: every rule at its catalog level.
    pub settings: Option<&'a Settings>,
    /// The API version and analytics-stack release the body is checked against (the
    /// contract's, 2025-11 and 2.22, by default).
    pub profile: Profile,
    /// The text before fixes were applied to this one: its secrets are masked in the result
    /// too, so a copy of a secret whose member a fix deleted stays hidden.
    pub before_fixing: Option<&'a str>,
}

impl<'a> LintOptions<'a> {
    /// No kind given, no file name, every rule at its catalog level, secrets masked.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lints as this kind (`None`: tell it from the file name, then the content).
    pub fn kind(mut self, kind: impl Into<Option<DocumentKind>>) -> Self {
        self.kind = kind.into();
        self
    }

    /// The file's name or path, used to tell the kind.
    pub fn file_name(mut self, file_name: impl Into<Option<&'a str>>) -> Self {
        self.file_name = file_name.into();
        self
    }

    /// For a scaling patch: the create body ([`load`]ed) of the pipe it will be applied to.
    pub fn pipe(mut self, pipe: impl Into<Option<&'a Document>>) -> Self {
        self.pipe = pipe.into();
        self
    }

    /// Whether to leave secret values readable in the result (local debugging only).
    pub fn show_secrets(mut self, show_secrets: bool) -> Self {
        self.show_secrets = show_secrets;
        self
    }

    /// Rule levels and overrides (`None`: every rule at its catalog level).
    pub fn settings(mut self, settings: impl Into<Option<&'a Settings>>) -> Self {
        self.settings = settings.into();
        self
    }

    /// The API version and analytics-stack release to check against.
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// The text before fixes were applied, whose secrets are masked in the result too.
    pub fn before_fixing(mut self, before: impl Into<Option<&'a str>>) -> Self {
        self.before_fixing = before.into();
        self
    }
}

/// The outcome of linting one document.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LintResult {
    /// The text every span refers to (secrets masked unless shown); empty when there is no
    /// finding, as no span refers to it then.
    pub text: String,
    /// The kind the document was checked as; `None` when it did not parse or was not told.
    pub kind: Option<DocumentKind>,
    /// Why that kind was chosen, or why none could be (`--explain-kind`); `None` when the
    /// document did not parse.
    pub kind_reason: Option<String>,
    /// Sorted by position; what the settings turn off is left out.
    pub diagnostics: Vec<Diagnostic>,
    /// The overrides of the settings that set the level of a finding (reported or turned
    /// off), sorted, each once: the others matched nothing in this document.
    pub overrides_used: Vec<OverrideUse>,
}

impl LintResult {
    /// A result without findings keeps no text: no span refers to it, and the secret scan (a
    /// pass over the whole text, a quarter of a clean file's cost) serves only what is shown.
    pub(crate) fn drop_unneeded_text(&mut self) {
        self.text = String::new();
    }

    /// Masks every secret of the result in place (text, kind reason, findings), and the
    /// secrets of `before` (the text before fixing) wherever they stand.
    pub(crate) fn mask_secrets(&mut self, before: Option<&str>) {
        secrets::mask_with(
            &mut self.text,
            self.kind_reason.as_mut(),
            &mut self.diagnostics,
            before,
        );
    }

    /// Whether the document could not be classified (the CLI exits 2 for it).
    pub fn kind_unknown(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_kind_unknown)
    }
}

/// Lints one document. Never panics on any input. Secret values are masked in the result
/// (text, messages, labels, help; fixes that would reveal one are dropped) unless
/// `show_secrets` is set.
pub fn lint(bytes: &[u8], options: &LintOptions) -> LintResult {
    let mut result = lint_unmasked(bytes, options);
    if result.diagnostics.is_empty() {
        result.drop_unneeded_text();
    } else if !options.show_secrets {
        result.mask_secrets(options.before_fixing);
    }
    result
}

/// The result for a document that was not read at all (over a caller's size limit, say):
/// `diagnostics` about it, with the settings applied as [`lint`] applies them.
pub fn unread(mut diagnostics: Vec<Diagnostic>, settings: Option<&Settings>) -> LintResult {
    let overrides_used = settle_unchecked(
        settings.unwrap_or(&Settings::default()),
        None,
        &mut diagnostics,
    );
    LintResult {
        text: String::new(),
        kind: None,
        kind_reason: None,
        diagnostics,
        overrides_used,
    }
}

thread_local! {
    /// Lints on this thread, for tests (`internals::lints_on_this_thread`).
    pub(crate) static LINTS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

pub(crate) fn lint_unmasked(bytes: &[u8], options: &LintOptions) -> LintResult {
    LINTS.with(|count| count.set(count.get() + 1));
    if is_terraform(options) {
        return lint_terraform(bytes, options);
    }
    let Loaded {
        text,
        document,
        mut diagnostics,
    } = load(bytes);
    let default_settings;
    let settings = match options.settings {
        Some(settings) => settings,
        None => {
            default_settings = Settings::default();
            &default_settings
        }
    };
    let Some(document) = document else {
        let overrides_used = settle_unchecked(settings, None, &mut diagnostics);
        return LintResult {
            text,
            kind: None,
            kind_reason: None,
            diagnostics,
            overrides_used,
        };
    };
    let choice = KindChoice::decide(options.kind, options.file_name, &document.value);
    let Some(kind) = choice.kind else {
        diagnostics.push(unknown_kind(&document, &choice));
        let overrides_used = settle_unchecked(settings, Some(&document), &mut diagnostics);
        return LintResult {
            text,
            kind: None,
            kind_reason: Some(choice.reason),
            diagnostics,
            overrides_used,
        };
    };

    let context = Context::new(&document, &text, kind, options.pipe, options.profile);
    diagnostics.extend(check(&context));
    let overrides_used = settle(settings, Some(&document), &mut diagnostics);
    add_response_hint(kind, &document.value, &mut diagnostics);
    LintResult {
        text,
        kind: Some(kind),
        kind_reason: Some(choice.reason),
        diagnostics,
        overrides_used,
    }
}

/// Whether the input is a Terraform file: `--kind terraform`, or no kind given and a name
/// ending in `.tf`.
fn is_terraform(options: &LintOptions) -> bool {
    match options.kind {
        Some(kind) => kind == DocumentKind::Terraform,
        None => options
            .file_name
            .and_then(DocumentKind::from_file_name)
            .is_some_and(|kind| kind == DocumentKind::Terraform),
    }
}

/// Lints each `clickhouse_clickpipe` resource of a Terraform file as the create-pipe body
/// Terraform would send (the same schema and rules; the reader's own findings are what
/// Terraform and the provider reject), then puts the findings in Terraform's words.
fn lint_terraform(bytes: &[u8], options: &LintOptions) -> LintResult {
    let default_settings = Settings::default();
    let settings = options.settings.unwrap_or(&default_settings);
    let (text, mut diagnostics) = match load::decode(bytes) {
        Ok(decoded) => decoded,
        Err(unread) => {
            let mut diagnostics = unread.diagnostics;
            let overrides_used = settle_unchecked(settings, None, &mut diagnostics);
            return LintResult {
                text: unread.text,
                kind: Some(DocumentKind::Terraform),
                kind_reason: None,
                diagnostics,
                overrides_used,
            };
        }
    };
    // Terraform's JSON syntax, by the file name or (given as `terraform`) the content.
    let json = options
        .file_name
        .is_some_and(|name| name.to_ascii_lowercase().ends_with(".tf.json"))
        || (options
            .file_name
            .is_none_or(|name| !name.to_ascii_lowercase().ends_with(".tf"))
            && text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('{'));
    let read = if json {
        terraform::read_json(&text, options.profile.provider)
    } else {
        terraform::read(&load::parser_text(&text), options.profile.provider)
    };
    diagnostics.extend(read.diagnostics);
    let mut overrides_used = settle_unchecked(settings, None, &mut diagnostics);
    // Each resource is a create-pipe body checked on its own (no paired pipe).
    let as_body = |document: &Document| -> Vec<Diagnostic> {
        check(&Context::new(
            document,
            &text,
            DocumentKind::CreatePipe,
            None,
            options.profile,
        ))
    };
    for resource in &read.resources {
        // The rules run once on what Terraform sends; they never read an unknown value,
        // so nothing they find is taken back.
        let mut found = as_body(&resource.document);
        found.extend(resource.findings.iter().cloned());
        found.extend(terraform::unchecked_values(resource));
        overrides_used.extend(settle(settings, Some(&resource.document), &mut found));
        terraform::speak_terraform(resource, &text, &mut found);
        diagnostics.extend(found);
    }
    // Overrides by address and inline ignores see the findings as they print (T8, T9).
    overrides_used.extend(settings.judge_addresses(&mut diagnostics));
    terraform::ignore::apply(&text, settings, &mut diagnostics);
    diagnostics.sort_by_key(|d| (d.primary.span.start, d.primary.span.end));
    overrides_used.sort_unstable();
    overrides_used.dedup();
    LintResult {
        text,
        kind: Some(DocumentKind::Terraform),
        kind_reason: Some(match options.kind {
            Some(_) => "given as `terraform`".to_owned(),
            None if json => "the file name ends in `.tf.json` (Terraform's JSON syntax)".to_owned(),
            None => "the file name ends in `.tf` (Terraform)".to_owned(),
        }),
        diagnostics,
        overrides_used,
    }
}

/// The schema's and the rules' findings on a document, as its context says to check it.
pub(crate) fn check(context: &Context) -> Vec<Diagnostic> {
    let mut found = schema::validate(context.kind, context.document, &context.profile);
    for (_, check) in rules::CHECKS
        .iter()
        .filter(|(r, _)| r.applies_to(context.kind))
    {
        check(context, &mut found);
    }
    found
}

impl Diagnostic {
    /// Whether this is the finding that the document's kind could not be told (the CLI
    /// exits 2 for it).
    pub fn is_kind_unknown(&self) -> bool {
        std::ptr::eq(self.rule, &crate::entries::reading::unknown_kind::RULE)
    }
}

/// Adds [`kind::response_hint`] (or [`kind::cdc_scaling_hint`]) to the help of the findings
/// on the top level of the document (the missing and unknown members a response has in place
/// of a body, the bounds a CDC body breaks as a pipe patch), where it explains them.
fn add_response_hint(kind: DocumentKind, value: &Value, diagnostics: &mut [Diagnostic]) {
    let top_level = |pointer: &str| pointer.matches('/').count() <= 1;
    // Most documents have no finding on the top level: no hint to look for then.
    if !diagnostics.iter().any(|d| top_level(&d.pointer)) {
        return;
    }
    let Some(hint) =
        kind::response_hint(kind, value).or_else(|| kind::cdc_scaling_hint(kind, value))
    else {
        return;
    };
    for diagnostic in diagnostics.iter_mut().filter(|d| top_level(&d.pointer)) {
        diagnostic.help = Some(match diagnostic.help.take() {
            Some(help) => format!("{hint}. {help}"),
            None => hint.clone(),
        });
    }
}

fn unknown_kind(document: &Document, choice: &KindChoice) -> Diagnostic {
    let (message, label, kinds) = match choice.candidates.as_slice() {
        [] => (
            format!(
                "cannot tell which kind of document this is: {}",
                choice.reason
            ),
            "kind unknown",
            DocumentKind::ALL,
        ),
        candidates => {
            let names: Vec<&str> = candidates.iter().map(|k| k.name()).collect();
            (
                format!(
                    "cannot tell which kind of document this is ({}): {}",
                    or_list(&names),
                    choice.reason
                ),
                "kind ambiguous",
                candidates,
            )
        }
    };
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    let suffixes: Vec<String> = kinds
        .iter()
        .filter_map(|k| k.suffixes().next())
        .map(|s| format!("*{s}"))
        .collect();
    let suffixes: Vec<&str> = suffixes.iter().map(String::as_str).collect();
    let help = if kinds.len() == DocumentKind::ALL.len() {
        format!(
            "pass `--kind <KIND>` (one of {}) or name the file after its kind (e.g. `*.pipe.json`, `*.alert.json`); `pipelint check --explain-kind` shows how kinds are told",
            suggest::list_code(&names)
        )
    } else {
        format!(
            "pass `--kind <KIND>` (one of {}) or name the file {}",
            suggest::list_code(&names),
            suggest::list_code(&suffixes)
        )
    };
    Diagnostic::new(
        &crate::entries::reading::unknown_kind::RULE,
        document.object_anchor(""),
        "",
        message,
    )
    .with_label(label)
    .with_help(help)
}

/// "`a`, `b` or `c`".
fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => format!("{} or `{last}`", suggest::list_code(init)),
    }
}

/// Applies the settings to the findings of a document the rules did not run on (it did not
/// load, or its kind is unknown): nothing there supersedes anything.
fn settle_unchecked(
    settings: &Settings,
    document: Option<&Document>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let judged = settings.judge(diagnostics, document.map(|d| &d.value));
    let keep = vec![true; diagnostics.len()];
    apply(judged, &keep, diagnostics)
}

/// Drops what is not kept or turned off, sets every other severity, and returns the
/// overrides that set the level of a kept finding.
fn apply(
    judged: Vec<settings::Judged>,
    keep: &[bool],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let mut overrides_used: Vec<OverrideUse> = judged
        .iter()
        .zip(keep)
        .filter(|(_, keep)| **keep)
        .flat_map(|(judged, _)| judged.uses.iter().copied())
        .collect();
    overrides_used.sort_unstable();
    overrides_used.dedup();
    let mut settled = judged
        .into_iter()
        .zip(keep)
        .map(|(judged, keep)| judged.severity.filter(|_| *keep));
    diagnostics.retain_mut(|diagnostic| match settled.next().flatten() {
        Some(severity) => {
            diagnostic.severity = severity;
            true
        }
        None => false,
    });
    overrides_used
}

/// Applies the settings, drops what is reported twice or stems from an unrepresentable
/// number, then sorts. Levels come first: only a finding that is reported supersedes
/// another, so turning a rule off never hides what another rule reports. Returns the
/// overrides that set the level of a finding that was not dropped as reported twice.
/// Linear before the sort: every look-up goes through a hash set.
fn settle(
    settings: &Settings,
    document: Option<&Document>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let judged = settings.judge(diagnostics, document.map(|d| &d.value));
    let keep: Vec<bool> = {
        let reported = || {
            diagnostics
                .iter()
                .zip(&judged)
                .filter(|(_, judged)| judged.severity.is_some())
                .map(|(d, _)| d)
        };
        let wrong_type = &crate::entries::contract::wrong_type::RULE;
        let typed: HashSet<&str> = reported()
            .filter(|d| std::ptr::eq(d.rule, wrong_type))
            .map(|d| d.pointer.as_str())
            .collect();
        // Under an older profile, what lies at a newer value or inside a newer member is not
        // checked further (api-profiles.md P3): the one `needs-newer-api` finding says it.
        let newer: HashSet<&str> = reported()
            .filter(|d| std::ptr::eq(d.rule, &rules::profile::needs_newer_api::RULE))
            .map(|d| d.pointer.as_str())
            .collect();
        let unrepresentable: HashSet<&str> = document
            .iter()
            .flat_map(|d| &d.unrepresentable)
            .map(String::as_str)
            .collect();
        // Where a rule says more about a member than the schema's generic finding, the
        // schema's finding on that member is dropped, so each problem is reported once.
        // (The rule declares which: `supersedes` in its `declare_rule!`.)
        let superseded: HashSet<(&str, &str)> = reported()
            .flat_map(|d| {
                d.rule
                    .supersedes
                    .iter()
                    .map(|&generic| (generic, d.pointer.as_str()))
            })
            .collect();
        // Where a rule refuses a value (an authentication method the broker type does not
        // offer), the findings that take that value as given ("it needs `iamRole`") would
        // lead the wrong way: only the refusal is reported. (`refutes` in `declare_rule!`.)
        let refuted: HashSet<(&str, &str)> = reported()
            .flat_map(|d| {
                d.rule
                    .refutes
                    .iter()
                    .map(|&dependent| (dependent, d.pointer.as_str()))
            })
            .collect();
        // Every value the server rejects (an error at that member, as the rule reported it)
        // refutes what other rules build on it: "`iam_role` is not a valid value" makes
        // "`credentials` is missing `password`" wrong advice, so only the cause is reported.
        // A warning refutes only what its rule names in `refutes`. (Several rules may reject
        // one value; a finding is never refuted by its own rule.)
        let rejected: HashMap<&str, Vec<&str>> = reported()
            .filter(|d| d.severity == crate::Severity::Error)
            .fold(HashMap::new(), |mut rejected, d| {
                rejected
                    .entry(d.pointer.as_str())
                    .or_default()
                    .push(d.rule.name);
                rejected
            });
        let premise_refuted = |d: &Diagnostic| {
            d.premise.as_deref().is_some_and(|premise| {
                refuted.contains(&(d.rule.name, premise))
                    || rejected
                        .get(premise)
                        .is_some_and(|by| by.iter().any(|&name| name != d.rule.name))
            })
        };
        diagnostics
            .iter()
            .map(|d| {
                let pointer = d.pointer.as_str();
                if superseded.contains(&(d.rule.name, pointer)) || premise_refuted(d) {
                    false
                } else if std::ptr::eq(d.rule, &crate::entries::reading::duplicate_key::RULE) {
                    // About the key, not the value: whatever the value's findings.
                    true
                } else if !reported_inside_newer(d.rule) && within_any(&newer, pointer) {
                    false
                } else if unrepresentable.contains(pointer) {
                    // At a number that could not be represented, only that finding counts
                    // (the others judged a value that is not the document's, whether or not
                    // it is reported); where the type is wrong, only the type finding does.
                    std::ptr::eq(d.rule, &crate::entries::reading::number_out_of_range::RULE)
                } else if typed.contains(pointer) {
                    std::ptr::eq(d.rule, wrong_type)
                } else {
                    true
                }
            })
            .collect()
    };
    let overrides_used = apply(judged, &keep, diagnostics);
    // An unknown member raised to an error is refused: its help no longer says it is ignored.
    for d in diagnostics.iter_mut().filter(|d| {
        std::ptr::eq(d.rule, &crate::entries::contract::unknown_field::RULE)
            && d.severity == crate::Severity::Error
    }) {
        if let Some(help) = d.help.as_mut() {
            for (note, refused) in schema::IGNORED_NOTES {
                *help = help.replace(note, refused);
            }
        }
    }
    diagnostics.sort_by(|a, b| {
        (
            a.primary.span.start,
            a.primary.span.end,
            a.rule.code,
            &a.message,
        )
            .cmp(&(
                b.primary.span.start,
                b.primary.span.end,
                b.rule.code,
                &b.message,
            ))
    });
    diagnostics.dedup_by(|a, b| {
        a.rule.code == b.rule.code && a.pointer == b.pointer && a.message == b.message
    });
    if let Some(document) = document {
        fold_follow_ons(document, diagnostics);
        guard_deletions(document, diagnostics);
    }
    overrides_used
}

/// One slip, one finding: where a finding's fix puts a missing member in place (a
/// misspelt key renamed to the required member it stands for, a source kind moved under the
/// absent `source`), the findings that exist only because that member is missing are folded
/// into it as secondary labels, and it takes the highest severity among them (the body is
/// still rejected until it is fixed). Folded are the findings at or inside the supplied
/// member or a missing object above it ("missing the required member"), and those that
/// want a member of its shape to hold the value it brings (`wants`: "column `a` has no
/// field mapping"). `diagnostics` are the reported findings, sorted; they stay sorted.
/// Linear in the findings: each looks up its own pointer's prefixes in a hash map.
fn fold_follow_ons(document: &Document, diagnostics: &mut Vec<Diagnostic>) {
    if !diagnostics.iter().any(|d| d.fix.is_some()) {
        return;
    }
    let absent = |pointer: &str| crate::pointer::resolve(&document.value, pointer).is_none();
    // The missing member each fix puts in place, if any.
    let supplied: Vec<Option<String>> = diagnostics
        .iter()
        .map(|d| {
            d.fix.as_ref()?;
            d.supplies
                .clone()
                .or_else(|| renamed_member(document, d))
                .filter(|member| absent(member))
        })
        .collect();
    if supplied.iter().all(Option::is_none) {
        return;
    }
    // Each missing place a fix creates (the member and the missing objects above it), and
    // each (member shape, value) it brings, with the finding whose fix it is.
    let mut created: HashMap<&str, usize> = HashMap::new();
    let mut brought: HashMap<(String, String), usize> = HashMap::new();
    for (i, member) in supplied.iter().enumerate() {
        let Some(member) = member.as_deref() else {
            continue;
        };
        created.entry(member).or_insert(i);
        for (cut, _) in member.match_indices('/').filter(|&(cut, _)| cut > 0) {
            let above = &member[..cut];
            if absent(above) {
                created.entry(above).or_insert(i);
            }
        }
        if let Some(value) = crate::pointer::resolve(&document.value, &diagnostics[i].pointer) {
            brought
                .entry((any_index(member), value.to_string()))
                .or_insert(i);
        }
    }
    let within_created = |pointer: &str| {
        created.get(pointer).copied().or_else(|| {
            pointer
                .match_indices('/')
                .find_map(|(cut, _)| created.get(&pointer[..cut]).copied())
        })
    };
    // A finding whose own fix supplies a member is the one reported for its slip: never
    // folded into another.
    let into: Vec<Option<usize>> = diagnostics
        .iter()
        .zip(&supplied)
        .enumerate()
        .map(|(i, (d, supplies))| {
            if supplies.is_some() {
                return None;
            }
            within_created(&d.pointer)
                .or_else(|| {
                    d.wants
                        .as_ref()
                        .and_then(|wants| brought.get(wants).copied())
                })
                .filter(|&to| to != i)
        })
        .collect();
    if into.iter().all(Option::is_none) {
        return;
    }
    for (i, to) in into.iter().enumerate() {
        let Some(to) = *to else { continue };
        let (severity, span, message) = {
            let folded = &diagnostics[i];
            (
                folded.severity,
                folded.primary.span.clone(),
                folded.message.clone(),
            )
        };
        let kept = &mut diagnostics[to];
        kept.severity = kept.severity.max(severity);
        kept.secondary.push(crate::diagnostic::Label {
            span,
            text: Some(message),
        });
    }
    let mut folded = into.iter().map(Option::is_some);
    diagnostics.retain(|_| !folded.next().unwrap_or(false));
}

/// The member a finding's fix renames the finding's own member to, when the fix rewrites
/// exactly that member's key as another key: `/a/b_c` renamed `bC` gives `/a/bC`.
fn renamed_member(document: &Document, d: &Diagnostic) -> Option<String> {
    let fix = d.fix.as_ref()?;
    let key = document.spans(&d.pointer)?.key.as_ref()?;
    if fix.span != *key {
        return None;
    }
    let Ok(Value::String(to)) = serde_json::from_str::<Value>(&fix.replacement) else {
        return None;
    };
    let (parent, _) = crate::pointer::pointer_split(&d.pointer)?;
    Some(crate::pointer::pointer_join(parent, &to))
}

/// `pointer` with every array index written `*` (the shape `wants` names). A key made of
/// digits is written `*` too: it then stands for any such key, which only widens a match
/// among members of one object shape.
fn any_index(pointer: &str) -> String {
    pointer
        .split('/')
        .map(|token| {
            if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
                "*"
            } else {
                token
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A fix that deletes the member it is about keeps what another finding needs: it is
/// dropped when another finding is about that member (at it or inside it),
/// and it is only unsafe when the object holding the member has an error, since the member
/// may be what shows what the user meant (the ids of a tile alert written as a saved-search
/// one). `diagnostics` are the reported findings, with their settled severities.
fn guard_deletions(document: &Document, diagnostics: &mut [Diagnostic]) {
    let deletes = |d: &Diagnostic| {
        d.fix
            .as_ref()
            .is_some_and(|f| f.replacement.trim().is_empty())
    };
    if !diagnostics.iter().any(deletes) {
        return;
    }
    // Counted once for all findings, so the guard stays linear in the findings: how many
    // findings stand at or inside each place, and how many errors stand at each object
    // (at it, or at one of its members).
    let mut at_or_inside: HashMap<&str, usize> = HashMap::new();
    let mut errors_of_object: HashMap<&str, usize> = HashMap::new();
    for d in diagnostics.iter() {
        let pointer = d.pointer.as_str();
        *at_or_inside.entry(pointer).or_default() += 1;
        for (cut, _) in pointer.match_indices('/') {
            *at_or_inside.entry(&pointer[..cut]).or_default() += 1;
        }
        if d.severity == crate::Severity::Error {
            *errors_of_object.entry(pointer).or_default() += 1;
            if let Some(parent) = parent_of(pointer) {
                *errors_of_object.entry(parent).or_default() += 1;
            }
        }
    }
    let mut verdicts = Vec::new();
    for (i, d) in diagnostics.iter().enumerate() {
        let Some(fix) = d.fix.as_ref().filter(|_| deletes(d)) else {
            continue;
        };
        let member = document.member_span(&d.pointer);
        if d.pointer.is_empty() || member.start < fix.span.start || fix.span.end < member.end {
            continue;
        }
        let pointer = d.pointer.as_str();
        // This finding itself is counted at its member, and as an error of its object.
        let about_member = at_or_inside.get(pointer).copied().unwrap_or(0) > 1;
        let own_error = usize::from(d.severity == crate::Severity::Error);
        let object = parent_of(pointer).unwrap_or("");
        let object_has_error = errors_of_object.get(object).copied().unwrap_or(0) > own_error;
        verdicts.push((i, about_member, object_has_error));
    }
    for (i, about_member, object_has_error) in verdicts {
        if about_member {
            diagnostics[i].fix = None;
        } else if object_has_error && let Some(fix) = diagnostics[i].fix.as_mut() {
            fix.applicability = crate::Applicability::Unsafe;
        }
    }
}

/// The pointer of the object that holds the member at `pointer` (`None` for the root).
fn parent_of(pointer: &str) -> Option<&str> {
    pointer.rfind('/').map(|cut| &pointer[..cut])
}

/// Whether a rule's findings stand inside a newer member too: the profile rules, and the
/// secret rules, since a password written in plain text is a leak whatever the version.
fn reported_inside_newer(rule: &Rule) -> bool {
    rules::profile::RULES
        .iter()
        .any(|&(profile, _)| profile == rule)
        || std::ptr::eq(rule, &rules::security::plaintext_secret::RULE)
        || std::ptr::eq(rule, &rules::response::leaked_secret::RULE)
}

/// Whether `pointer` is one of `places` or lies inside one of them.
fn within_any(places: &HashSet<&str>, pointer: &str) -> bool {
    !places.is_empty()
        && (places.contains(pointer)
            || pointer
                .match_indices('/')
                .any(|(end, _)| places.contains(&pointer[..end])))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLEAN_WITH_SECRET: &str = r#"{"name": "p", "source": {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b.example.com:9092", "topics": "t", "credentials": {"username": "u", "password": "Tr0ub4dor-and-3"}}}, "destination": {"database": "d", "table": "t", "managedTable": false, "columns": [{"name": "c", "type": "String"}]}}"#;

    /// A literal secret is a finding of its own: a result is clean with one only when that
    /// rule is off.
    #[test]
    fn a_clean_result_keeps_no_text_and_a_result_with_findings_keeps_it_masked() {
        let mut settings = Settings::default();
        settings
            .set("plaintext-secret", crate::Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        let options = LintOptions::new()
            .file_name("p.pipe.json")
            .settings(&settings);
        let clean = lint(CLEAN_WITH_SECRET.as_bytes(), &options);
        assert!(clean.diagnostics.is_empty(), "{:?}", clean.diagnostics);
        assert_eq!(clean.text, "");
        let shown = lint(CLEAN_WITH_SECRET.as_bytes(), &options.show_secrets(true));
        assert_eq!(shown.text, "");

        let with_finding = CLEAN_WITH_SECRET.replace("\"PLAIN\"", "\"plain\"");
        let found = lint(with_finding.as_bytes(), &options);
        assert!(!found.diagnostics.is_empty());
        assert_eq!(found.text.len(), with_finding.len());
        assert!(!found.text.contains("Tr0ub4dor-and-3"));
        assert!(found.text.contains("\"plain\""));
    }

    /// A saved-search alert; `members` are added at its top level.
    fn saved_search_alert(members: &str) -> Vec<Diagnostic> {
        let body = format!(
            r#"{{"name": "a", "source": "saved_search", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}{members}}}"#
        );
        let options = LintOptions::new().kind(DocumentKind::StackAlert);
        lint(body.as_bytes(), &options).diagnostics
    }

    fn deletions(found: &[Diagnostic]) -> Vec<(&str, Option<crate::Applicability>)> {
        found
            .iter()
            .filter(|d| d.name() == "dropped-alert-member")
            .map(|d| (d.pointer.as_str(), d.fix.as_ref().map(|f| f.applicability)))
            .collect()
    }

    /// An unknown member raised to an error is refused, not ignored: its help says no more
    /// that the server ignores it.
    #[test]
    fn an_unknown_member_at_error_level_is_not_called_ignored() {
        let body = br#"{"replicaz": 3}"#;
        let helps = |settings: &Settings| -> Vec<String> {
            let options = LintOptions::new()
                .kind(DocumentKind::PipeScaling)
                .settings(settings);
            lint(body, &options)
                .diagnostics
                .into_iter()
                .filter_map(|d| d.help)
                .collect()
        };
        let warned = helps(&Settings::default());
        assert!(
            warned.iter().any(|h| h.contains("ignores members")),
            "{warned:?}"
        );
        let mut settings = Settings::default();
        settings
            .set("unknown-field", settings::Level::Error)
            .unwrap_or_else(|e| panic!("{e}"));
        let refused = helps(&settings);
        assert_eq!(refused.len(), warned.len());
        assert!(
            refused.iter().all(|h| !h.contains("ignores members")),
            "{refused:?}"
        );
    }

    #[test]
    fn a_deletion_is_unsafe_where_the_object_has_an_error() {
        use crate::Applicability::{Safe, Unsafe};
        let ids = r#", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "t1""#;
        // With an error on the alert (its saved search id is no id), removing them is a guess.
        let found = saved_search_alert(&format!(r#"{ids}, "savedSearchId": 5"#));
        assert!(
            found
                .iter()
                .any(|d| d.name() == "wrong-type" && d.pointer == "/savedSearchId"),
            "{found:?}"
        );
        assert_eq!(
            deletions(&found),
            [("/dashboardId", Some(Unsafe)), ("/tileId", Some(Unsafe))]
        );
        // A valid saved-search alert besides: the server drops them, removing them is safe.
        let found = saved_search_alert(&format!(
            r#"{ids}, "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1""#
        ));
        assert_eq!(
            deletions(&found),
            [("/dashboardId", Some(Safe)), ("/tileId", Some(Safe))]
        );
        // An error in another object (the channel lacks its webhook) does not make it one.
        let body = format!(
            r#"{{"name": "a", "source": "saved_search", "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {{"type": "webhook"}}{ids}}}"#
        );
        let options = LintOptions::new().kind(DocumentKind::StackAlert);
        let found = lint(body.as_bytes(), &options).diagnostics;
        assert!(
            found
                .iter()
                .any(|d| d.severity == crate::Severity::Error && d.pointer.starts_with("/channel/")),
            "{found:?}"
        );
        assert_eq!(
            deletions(&found),
            [("/dashboardId", Some(Safe)), ("/tileId", Some(Safe))]
        );
    }

    #[test]
    fn a_fix_never_deletes_what_another_finding_is_about() {
        let found = saved_search_alert(
            r#", "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1", "dashboardId": "abc""#,
        );
        assert!(
            found
                .iter()
                .any(|d| d.name() == "invalid-object-id" && d.pointer == "/dashboardId"),
            "{found:?}"
        );
        assert_eq!(deletions(&found), [("/dashboardId", None)]);
    }
}
