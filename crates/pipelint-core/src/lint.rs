//! `lint`: load, tell the kind, validate against the schema, run the rules' checks, settle
//! the findings (levels, supersession, order) and mask secrets. The top of the crate: it
//! uses every layer below and nothing uses it. What is asked and answered is `options`; one
//! document judged and its findings settled is `engine`. No rule is named here or there: a
//! rule's interplay with others is declared in the rule (`supersedes`, `refutes`, `policy`).

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::kind::{self, DocumentKind, KindChoice};
use crate::load::{self, Loaded, load};
use crate::rule::Context;
use crate::settings::Settings;
use crate::terraform;

mod engine;
mod options;
#[cfg(test)]
mod tests;

pub(crate) use engine::check;
pub(crate) use engine::{settle, settle_unchecked};
pub use options::{LintOptions, LintResult};

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
        diagnostics.push(load::kind_not_told(&document, &choice));
        let overrides_used = settle_unchecked(settings, Some(&document), &mut diagnostics);
        return LintResult {
            text,
            kind: None,
            kind_reason: Some(choice.reason),
            diagnostics,
            overrides_used,
        };
    };

    if kind == DocumentKind::TerraformPlan {
        return terraform::plan::lint(text, &document, diagnostics, choice.reason, options);
    }
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
