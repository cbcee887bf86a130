//! pipelint-core: everything pipelint knows about the management API's JSON bodies.
//!
//! The one entry point is [`lint`]: bytes in, diagnostics with byte spans out. It does no
//! I/O and keeps no state between calls, so the CLI, the language server, the tests and
//! the benchmarks all call the same function. Rule levels and overrides ([`Settings`]) are
//! an input of it, not a filter over its output.

use std::collections::HashSet;

mod clickhouse_type;
pub mod diagnostic;
pub mod document;
pub mod kind;
pub mod line_index;
mod literal;
mod pointer;
pub mod rule;
pub mod rules;
pub mod schema;
pub mod secrets;
pub mod settings;
mod string_span;
pub mod suggest;

pub use diagnostic::{Applicability, Diagnostic, Fix, Label, Severity, apply_fixes};
pub use document::{Document, Loaded, load};
pub use kind::{DocumentKind, KindChoice};
pub use line_index::{LineCol, LineIndex};
pub use rule::{Context, FixAvailability, Rule};
pub use settings::{Level, Override, OverrideUse, PointerPattern, Selector, Settings};

/// What to lint a document as.
#[derive(Clone, Copy, Debug, Default)]
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
}

/// The outcome of linting one document.
#[derive(Debug)]
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
        self.diagnostics
            .iter()
            .any(|d| std::ptr::eq(d.rule, &rules::document::unknown_kind::RULE))
    }
}

/// Lints one document. Never panics on any input. Secret values are masked in the result
/// (text, messages, labels, help; fixes that would reveal one are dropped) unless
/// `show_secrets` is set.
pub fn lint(bytes: &[u8], options: &LintOptions) -> LintResult {
    let mut result = lint_unmasked(bytes, options);
    if !options.show_secrets {
        secrets::mask(&mut result);
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

    diagnostics.extend(schema::validate(kind, &document));
    let context = Context {
        document: &document,
        text: &text,
        kind,
        pipe: options.pipe,
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

/// Pairs of (specific rule, generic schema finding it replaces on the same member).
static SUPERSEDED: &[(&Rule, &Rule)] = &[
    (
        &rules::response::leaked_secret::RULE,
        &rules::schema::unknown_field::RULE,
    ),
    (
        &rules::stack::percentile_agg_fn::RULE,
        &rules::schema::invalid_enum_value::RULE,
    ),
    (
        &rules::stack::doc_placeholder::RULE,
        &rules::schema::invalid_enum_value::RULE,
    ),
    (
        &rules::stack::doc_placeholder::RULE,
        &rules::schema::schema_violation::RULE,
    ),
];

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
        let unrepresentable: HashSet<&str> = document
            .iter()
            .flat_map(|d| &d.unrepresentable)
            .map(String::as_str)
            .collect();
        // Where a rule says more about a member than the schema's generic finding, the
        // schema's finding on that member is dropped, so each problem is reported once.
        let superseded: HashSet<(&str, &str)> = reported()
            .flat_map(|d| {
                SUPERSEDED
                    .iter()
                    .filter(|(rule, _)| std::ptr::eq(*rule, d.rule))
                    .map(|(_, generic)| (generic.code, d.pointer.as_str()))
            })
            .collect();
        diagnostics
            .iter()
            .map(|d| {
                let pointer = d.pointer.as_str();
                if superseded.contains(&(d.rule.code, pointer)) {
                    false
                } else if std::ptr::eq(d.rule, &rules::document::duplicate_key::RULE) {
                    // About the key, not the value: whatever the value's findings.
                    true
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
