//! pipelint-core: everything pipelint knows about the management API's JSON bodies.
//!
//! The one entry point is [`lint`]: bytes in, diagnostics with byte spans out. It does no
//! I/O and keeps no state between calls, so the CLI, the language server, the tests and
//! the benchmarks all call the same function.

pub mod diagnostic;
pub mod document;
pub mod kind;
pub mod line_index;
pub mod rule;
pub mod rules;
pub mod schema;
pub mod secrets;
pub mod suggest;

pub use diagnostic::{Diagnostic, Fix, Label, Severity};
pub use document::{Document, Loaded, load};
pub use kind::DocumentKind;
pub use line_index::{LineCol, LineIndex};
pub use rule::{Context, Rule};

/// What to lint a document as.
#[derive(Clone, Copy, Debug, Default)]
pub struct LintOptions<'a> {
    /// The kind given by the user; otherwise told from the file name, then the content.
    pub kind: Option<DocumentKind>,
    /// The file's name or path, used to tell the kind (`*.pipe.json`, `*.scaling.json`).
    pub file_name: Option<&'a str>,
    /// For a scaling patch: the create body of the pipe it will be applied to.
    pub pipe: Option<&'a Document>,
    /// Leave secret values readable in the result (local debugging only).
    pub show_secrets: bool,
}

/// The outcome of linting one document.
#[derive(Debug)]
pub struct LintResult {
    /// The text every span refers to.
    pub text: String,
    /// The kind the document was checked as; `None` when it did not parse or was not told.
    pub kind: Option<DocumentKind>,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}

impl LintResult {
    /// Whether the document could not be classified (the CLI exits 2 for it).
    pub fn kind_unknown(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| std::ptr::eq(d.rule, &rules::document::unknown_kind::RULE))
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
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

fn lint_unmasked(bytes: &[u8], options: &LintOptions) -> LintResult {
    let Loaded {
        text,
        document,
        mut diagnostics,
    } = load(bytes);
    let Some(document) = document else {
        return LintResult {
            text,
            kind: None,
            diagnostics,
        };
    };
    let kind = options
        .kind
        .or_else(|| options.file_name.and_then(DocumentKind::from_file_name))
        .or_else(|| DocumentKind::detect(&document.value));
    let Some(kind) = kind else {
        diagnostics.push(unknown_kind(&document));
        return LintResult {
            text,
            kind: None,
            diagnostics,
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
    finish(&document, &mut diagnostics);
    LintResult {
        text,
        kind: Some(kind),
        diagnostics,
    }
}

fn unknown_kind(document: &Document) -> Diagnostic {
    let kinds: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.name()).collect();
    let found = match &document.value {
        serde_json::Value::Object(_) => "an object with none of the members that identify a body",
        serde_json::Value::Array(_) => "an array; every API body is a JSON object",
        _ => "a single value; every API body is a JSON object",
    };
    Diagnostic::new(
        &rules::document::unknown_kind::RULE,
        document.object_anchor(""),
        "",
        format!("cannot tell which kind of document this is: {found}"),
    )
    .with_label("kind unknown")
    .with_help(format!(
        "pass `--kind <KIND>` (one of {}) or name the file `*.pipe.json` / `*.scaling.json`",
        suggest::list_code(&kinds)
    ))
}

/// Drops what is reported twice or stems from an unrepresentable number, then sorts.
fn finish(document: &Document, diagnostics: &mut Vec<Diagnostic>) {
    let wrong_type = &rules::schema::wrong_type::RULE;
    let typed: Vec<String> = diagnostics
        .iter()
        .filter(|d| std::ptr::eq(d.rule, wrong_type))
        .map(|d| d.pointer.clone())
        .collect();
    let out_of_range = &rules::document::number_out_of_range::RULE;
    diagnostics.retain(|d| {
        // At a number that could not be represented, only that finding counts; where the
        // type is wrong, only the type finding does.
        if document.unrepresentable.contains(&d.pointer) {
            std::ptr::eq(d.rule, out_of_range)
        } else if typed.contains(&d.pointer) {
            std::ptr::eq(d.rule, wrong_type)
        } else {
            true
        }
    });
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
}
