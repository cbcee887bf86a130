//! pipelint-core: everything pipelint knows about the management API's JSON bodies.
//!
//! The one entry point is [`lint`]: bytes in, [`Diagnostic`]s with byte spans out. It does
//! no I/O and keeps no state between calls, so the CLI, the language server, the Python
//! package, the tests and the benchmarks all call the same function. Rule levels and
//! overrides ([`Settings`]) are an input of it, not a filter over its output. Secret values
//! are masked in everything a result holds ([`load`] is the one call whose output is not
//! masked: never print what it returns).
//!
//! What the crate offers, by task:
//!
//! - Lint a body: [`lint`] with [`LintOptions`], giving a [`LintResult`]; [`unread`] for a
//!   body a caller chose not to read (over its size limit).
//! - Read findings: [`Diagnostic`] (rule, [`Severity`], message, [`Label`]s, help, JSON
//!   pointer, [`Fix`] with its [`Applicability`]); [`apply_fixes`] edits the text.
//! - Positions: spans are byte ranges of [`LintResult::text`]; [`LineIndex`] turns them into
//!   a 1-based [`LineCol`] (and UTF-16 columns for editors).
//! - Rules and kinds: [`rules`] lists the catalog, [`find_rule`] finds one by code or name;
//!   each [`Rule`] has its page, default severity and [`FixAvailability`]. [`DocumentKind`]
//!   lists the kinds of body, with their file suffixes and schemas; [`KindChoice`] says how
//!   a kind is told.
//! - Settings: [`Settings`] sets a [`Level`] per [`Selector`] (code, name, code prefix or
//!   `ALL`), with [`Override`]s for places a [`PointerPattern`] names; a result lists the
//!   overrides it used ([`OverrideUse`]).
//! - For front ends: [`load`] a body once to pass it as [`LintOptions::pipe`]
//!   ([`Document`]), [`mask_secrets`] for text shown beside findings, [`did_you_mean`],
//!   [`Document::member_at`] and [`DocumentKind::describe`] for hovers.
//!
//! Everything else is private: rules are added inside the crate (see `CONTRIBUTING.md`).
//!
//! # Linting a create-pipe body
//!
//! ```
//! use pipelint_core::{DocumentKind, LintOptions, Severity, lint};
//!
//! let body = br#"{
//!   "name": "orders",
//!   "source": {"kafka": {"brokers": "b-1:9092", "topics": "orders", "authentication": "PLAIN"}},
//!   "destination": {"database": "default", "table": "orders"}
//! }"#;
//! let result = lint(body, &LintOptions::new().kind(DocumentKind::CreatePipe));
//! assert_eq!(result.kind, Some(DocumentKind::CreatePipe));
//! for finding in &result.diagnostics {
//!     println!("{} {} at {}: {}", finding.severity, finding.code(), finding.pointer, finding.message);
//! }
//! // `PLAIN` authentication needs credentials, and the body gives none.
//! let missing = result.diagnostics.iter().find(|d| d.name() == "kafka-credentials-for-auth");
//! assert_eq!(missing.map(|d| d.severity), Some(Severity::Error));
//!
//! // The kind can also be told from the file name, or from the content.
//! let by_name = lint(body, &LintOptions::new().file_name("orders.pipe.json"));
//! assert_eq!(by_name.kind, Some(DocumentKind::CreatePipe));
//! ```
//!
//! # Reading a finding's line and column
//!
//! ```
//! use pipelint_core::{LineCol, LineIndex, LintOptions, lint};
//!
//! let body = "{\n  \"name\": \"orders\",\n  \"naem\": 1\n}";
//! let result = lint(body.as_bytes(), &LintOptions::new().file_name("orders.pipe.json"));
//! let Some(finding) = result.diagnostics.iter().find(|d| d.pointer == "/naem") else {
//!     panic!("the misspelt member is reported");
//! };
//! assert_eq!(finding.name(), "unknown-field");
//! // Spans are byte ranges of `result.text`; one index answers every position query.
//! let index = LineIndex::new(&result.text);
//! let at = index.line_col(&result.text, finding.primary.span.start);
//! assert_eq!((at.line, at.column), (3, 3));
//! ```
//!
//! # Turning a rule off
//!
//! ```
//! use pipelint_core::{Level, LintOptions, Settings, lint};
//!
//! let body = br#"{"name": "orders", "naem": 1}"#;
//! let options = LintOptions::new().file_name("orders.pipe.json");
//! assert!(lint(body, &options).diagnostics.iter().any(|d| d.name() == "unknown-field"));
//!
//! let mut settings = Settings::default();
//! // A code (`PL014`), a name, a code prefix (`PL2`) or `ALL`; a typo gets a did-you-mean.
//! settings.set("unknown-field", Level::Off)?;
//! let result = lint(body, &options.settings(&settings));
//! assert!(result.diagnostics.iter().all(|d| d.name() != "unknown-field"));
//! assert!(settings.set("unknown-feild", Level::Off).is_err());
//! # Ok::<(), String>(())
//! ```
//!
//! # Applying fixes
//!
//! ```
//! use pipelint_core::{Applicability, LintOptions, apply_fixes, lint};
//!
//! let options = LintOptions::new().file_name("orders.pipe.json");
//! let body = r#"{"name": "orders", "source": {"kafka": {"authentication": "plain"}}}"#;
//! let result = lint(body.as_bytes(), &options);
//! // `--fix` applies the safe fixes (`--unsafe-fixes` the others too). Apply them to the
//! // body itself: `result.text` has its secrets masked, at the same byte positions.
//! let safe = result
//!     .diagnostics
//!     .iter()
//!     .filter_map(|d| d.fix.as_ref())
//!     .filter(|fix| fix.applicability == Applicability::Safe);
//! let (fixed, applied) = apply_fixes(body, safe);
//! assert_eq!(applied, 1);
//! assert!(fixed.contains(r#""authentication": "PLAIN""#));
//! // Overlapping fixes wait for the next pass: lint the new text and apply again until
//! // nothing changes.
//! let again = lint(fixed.as_bytes(), &options);
//! assert!(again.diagnostics.iter().all(|d| d.fix.is_none()));
//! ```

#![warn(missing_docs)]

use std::collections::HashSet;

mod api;
mod clickhouse_type;
mod diagnostic;
mod document;
mod kind;
#[cfg(test)]
mod lazy_spans;
mod line_index;
mod literal;
mod pointer;
mod rule;
mod rules;
mod schema;
mod secrets;
mod settings;
mod string_span;
mod suggest;

pub use api::changes::{Change, What};
pub use api::profile::{ApiVersion, Axis, Profile, StackVersion, Version};
pub use diagnostic::{Applicability, Diagnostic, Fix, Label, Severity, Versions, apply_fixes};
pub use document::{Document, Loaded, NodeSpans, load};
pub use kind::{DocumentKind, KindChoice};
pub use line_index::{LineCol, LineIndex, floor_char_boundary};
pub use rule::{FixAvailability, Rule};
pub use schema::field_name;
pub use settings::{Level, Override, OverrideUse, PointerPattern, Selector, Settings};
pub use suggest::closest as did_you_mean;
// The fixes one pass of `apply_fixes` makes (the language server composes its passes).
pub use diagnostic::fixes_of_one_pass;

/// The JSON crate whose `Value` [`Document`], [`KindChoice::decide`] and
/// [`PointerPattern::stable`] take, re-exported so a user's version always matches.
pub use serde_json;

pub(crate) use rule::{Context, declare_rule};

/// Every rule pipelint knows (the findings of the loader and the schema included), sorted by
/// code. Codes are stable and never reused.
pub fn rules() -> &'static [&'static Rule] {
    &rules::ALL
}

/// Finds a rule by its code (`PL011`), its name (`invalid-enum-value`) or a name it had
/// before a rename (`pem-certificate`), ignoring case.
pub fn find_rule(code_or_name: &str) -> Option<&'static Rule> {
    rules::find(code_or_name)
}

/// The names rules had before a rename, as `(old, current)` pairs. Old names stay accepted
/// wherever a rule is named ([`find_rule`], [`Settings::set`], [`Selector`]).
pub fn renamed_rules() -> &'static [(&'static str, &'static str)] {
    rules::RENAMED
}

/// The current name of a rule that `old_name` named before a rename, ignoring case; `None`
/// for any other text (current names included).
///
/// ```
/// assert_eq!(pipelint_core::renamed_to("pem-certificate"), Some("kafka-pem-certificate"));
/// assert_eq!(pipelint_core::renamed_to("kafka-pem-certificate"), None);
/// ```
pub fn renamed_to(old_name: &str) -> Option<&'static str> {
    rules::renamed_to(old_name)
}

/// `text` with every secret value masked as [`lint`] masks its result: same byte length,
/// same positions. For text a front end shows beside findings (a diff, say).
pub fn mask_secrets(text: &str) -> String {
    secrets::mask_text(text)
}

/// Every difference between the bundled API versions and server releases, as one table:
/// each value, member, bound or required member with the version that first accepts it (and
/// the one that removed it). `pipelint profiles` prints it; the `needs-newer-api`,
/// `removed-in-api` and `preview-feature` rules read it.
///
/// ```
/// use pipelint_core::{ApiVersion, Version, What, changes};
///
/// let gcmk = changes().find(|c| c.what == What::Value("gcmk")).unwrap();
/// assert_eq!(gcmk.since, Version::Api(ApiVersion::V2026_04));
/// ```
pub fn changes() -> impl Iterator<Item = &'static Change> {
    api::changes::all()
}

/// [`mask_secrets`] for a text after fixing: the secrets of `before` (the text the fixes were
/// applied to) are masked too, so a copy of a secret whose member a fix deleted stays hidden.
pub fn mask_secrets_after_fixing(text: &str, before: &str) -> String {
    secrets::mask_text_with(text, Some(before))
}

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
#[derive(Debug)]
#[non_exhaustive]
pub struct LintResult {
    /// The text every span refers to.
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
    if !options.show_secrets {
        secrets::mask_with(&mut result, options.before_fixing);
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

fn lint_unmasked(bytes: &[u8], options: &LintOptions) -> LintResult {
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

    diagnostics.extend(schema::validate(kind, &document, &options.profile));
    let context = Context {
        document: &document,
        text: &text,
        kind,
        pipe: options.pipe,
        profile: options.profile,
    };
    for rule in rules::ALL.iter().filter(|r| r.applies_to(kind)) {
        if let Some(check) = rule.check {
            check(&context, &mut diagnostics);
        }
    }
    let overrides_used = settle(settings, Some(&document), &mut diagnostics);
    kind::add_response_hint(kind, &document.value, &mut diagnostics);
    LintResult {
        text,
        kind: Some(kind),
        kind_reason: Some(choice.reason),
        diagnostics,
        overrides_used,
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
        &rules::document::unknown_kind::RULE,
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
        let wrong_type = &rules::schema::wrong_type::RULE;
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
        diagnostics
            .iter()
            .map(|d| {
                let pointer = d.pointer.as_str();
                if superseded.contains(&(d.rule.name, pointer)) {
                    false
                } else if std::ptr::eq(d.rule, &rules::document::duplicate_key::RULE) {
                    // About the key, not the value: whatever the value's findings.
                    true
                } else if !reported_inside_newer(d.rule) && within_any(&newer, pointer) {
                    false
                } else if unrepresentable.contains(pointer) {
                    // At a number that could not be represented, only that finding counts
                    // (the others judged a value that is not the document's, whether or not
                    // it is reported); where the type is wrong, only the type finding does.
                    std::ptr::eq(d.rule, &rules::document::number_out_of_range::RULE)
                } else if typed.contains(pointer) {
                    std::ptr::eq(d.rule, wrong_type)
                } else {
                    true
                }
            })
            .collect()
    };
    let overrides_used = apply(judged, &keep, diagnostics);
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
    overrides_used
}

/// Whether a rule's findings stand inside a newer member too: the profile rules, and the
/// secret rules, since a password written in plain text is a leak whatever the version.
fn reported_inside_newer(rule: &Rule) -> bool {
    rules::profile::RULES.contains(&rule)
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

/// Not API: internals the crate's own benchmarks and process-level tests reach (a check
/// run without [`lint`], the schema's laziness, the secret scanners). No semver promise;
/// hidden from the docs. Everything a user needs is at the crate root.
#[doc(hidden)]
pub mod internals {
    pub use crate::rule::Context;
    pub use crate::schema::{is_parsed, validate};
    pub use crate::secrets::{embedded_secret_count, is_secret_name, secret_ranges};

    use crate::{Diagnostic, DocumentKind};

    /// The checks of the rules that apply to `kind`, as [`crate::lint`] runs them after the
    /// schema.
    pub fn checks(kind: DocumentKind) -> Vec<fn(&Context, &mut Vec<Diagnostic>)> {
        crate::rules::ALL
            .iter()
            .filter(|r| r.applies_to(kind))
            .filter_map(|r| r.check)
            .collect()
    }
}
