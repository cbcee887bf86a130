//! The one diagnostic type every part of pipelint reports with.

use std::fmt;
use std::ops::Range;

use crate::api::profile::Version;
use crate::catalog::Rule;
pub use crate::catalog::{Applicability, Severity};

/// A byte range in the document with an optional text shown beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Label {
    /// Byte range of the linted text.
    pub span: Range<usize>,
    /// What the label says there, if anything.
    pub text: Option<String>,
}

/// A replacement that certainly repairs the finding (used by editors as a code action).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fix {
    /// Short imperative title, e.g. "Replace with `SCRAM-SHA-512`".
    pub title: String,
    /// The byte range of the linted text that is replaced.
    pub span: Range<usize>,
    /// What replaces it.
    pub replacement: String,
    /// Whether `pipelint check --fix` applies it, or only `--unsafe-fixes`.
    pub applicability: Applicability,
}

impl Fix {
    /// A fix that replaces `span` with `replacement`.
    pub fn new(
        title: impl Into<String>,
        span: Range<usize>,
        replacement: impl Into<String>,
        applicability: Applicability,
    ) -> Self {
        Fix {
            title: title.into(),
            span,
            replacement: replacement.into(),
            applicability,
        }
    }

    /// The same fix, applied only with `--unsafe-fixes`.
    pub fn unsafe_fix(self) -> Self {
        self.with_applicability(Applicability::Unsafe)
    }

    /// The same fix with another applicability.
    pub fn with_applicability(mut self, applicability: Applicability) -> Self {
        self.applicability = applicability;
        self
    }
}

/// Applies fixes to `text` in one pass, in the order of their spans, touching only the
/// bytes of each span: the fixes [`fixes_of_one_pass`] picks. Returns the new text and how
/// many fixes were applied.
pub fn apply_fixes<'a>(text: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> (String, usize) {
    let chosen = fixes_of_one_pass(text, fixes);
    let mut out = String::with_capacity(text.len());
    let mut copied_to = 0;
    for Fix {
        span, replacement, ..
    } in &chosen
    {
        out.push_str(&text[copied_to..span.start]);
        out.push_str(replacement);
        copied_to = span.end;
    }
    out.push_str(&text[copied_to..]);
    (out, chosen.len())
}

/// The fixes one pass of [`apply_fixes`] makes, sorted by span, none overlapping another.
/// A fix that overlaps one chosen before it (or starts where it starts) is left for the next
/// pass, after a new lint: its span may have moved. A span outside the text or inside a
/// character, and a fix that changes nothing, are skipped. (The language server composes
/// the passes of "fix all" from these.)
pub fn fixes_of_one_pass<'a>(text: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> Vec<&'a Fix> {
    let mut fixes: Vec<&Fix> = fixes
        .into_iter()
        .filter(|fix| {
            let span = &fix.span;
            span.start <= span.end
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end)
        })
        .collect();
    fixes.sort_by_key(|fix| (fix.span.start, fix.span.end));

    let mut chosen: Vec<&Fix> = Vec::with_capacity(fixes.len());
    for fix in fixes {
        let span = &fix.span;
        if let Some(last) = chosen.last().map(|last| &last.span)
            && (span.start < last.end || span.start == last.start)
        {
            continue;
        }
        // Two findings may offer the very same edit: made once, and never counted as a
        // change when it changes nothing.
        if text.get(span.clone()) == Some(fix.replacement.as_str()) {
            continue;
        }
        chosen.push(fix);
    }
    chosen
}

/// One finding in one document.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The rule that reported it (its code, name and page).
    pub rule: &'static Rule,
    /// The rule's severity, or the level the settings set for this place.
    pub severity: Severity,
    /// What is wrong, in one sentence (Markdown code spans).
    pub message: String,
    /// Where the problem is; its text says what is wrong there.
    pub primary: Label,
    /// Places that explain the problem ("broker type set here").
    pub secondary: Vec<Label>,
    /// How to repair it, when there is more to say than the message.
    pub help: Option<String>,
    /// RFC 6901 pointer to the member the finding is about (`""` is the whole document);
    /// in a Terraform file, the attribute's address (`clickhouse_clickpipe.NAME.source.kafka`).
    pub pointer: String,
    /// An automatic repair, when one is certain enough to offer.
    pub fix: Option<Fix>,
    /// For a finding about API versions: the version in force and the one it names.
    pub versions: Option<Versions>,
    /// Pointer of the member whose value the finding takes as given (the authentication
    /// method a "needs credentials" finding is about). A finding that refutes that value (its
    /// rule `refutes` this one's) replaces this one: advice built on a refused value misleads.
    pub(crate) premise: Option<String>,
    /// Pointer of the member this finding's fix puts in place with the value of the finding's
    /// own member, when the fix is more than a rename of its key (a move; a rename is told
    /// from the fix). Where that member (or an object above it) is missing, the findings
    /// about its absence are folded into this one: they follow from one slip.
    pub(crate) supplies: Option<String>,
    /// For a finding about something no member names (a column no mapping names): the
    /// members that could name it (`*` for any array index) and the value, as JSON text,
    /// one of them would need. A fix that supplies such a member with that value explains it.
    pub(crate) wants: Option<(String, String)>,
}

/// The versions a finding about API versions names (`json` and `sarif` show them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Versions {
    /// The version of the profile in force on the document's axis.
    pub in_force: Version,
    /// The first version that accepts what the finding is about.
    pub accepted_from: Option<Version>,
    /// The version that removed it.
    pub removed_in: Option<Version>,
}

impl Diagnostic {
    /// A diagnostic with the rule's default severity and no extras.
    pub fn new(
        rule: &'static Rule,
        span: Range<usize>,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            rule,
            severity: rule.severity,
            message: message.into(),
            primary: Label { span, text: None },
            secondary: Vec::new(),
            help: None,
            pointer: pointer.into(),
            fix: None,
            versions: None,
            premise: None,
            supplies: None,
            wants: None,
        }
    }

    /// The same finding, taking the value at `pointer` as given (see `premise`).
    pub(crate) fn with_premise(mut self, pointer: impl Into<String>) -> Self {
        self.premise = Some(pointer.into());
        self
    }

    /// The same finding, its fix putting the member at `pointer` in place (see `supplies`).
    pub(crate) fn supplying(mut self, pointer: impl Into<String>) -> Self {
        self.supplies = Some(pointer.into());
        self
    }

    /// The same finding, which a member at `pattern` (`*` for any array index) holding
    /// `value` would settle (see `wants`).
    pub(crate) fn wanting(mut self, pattern: impl Into<String>, value: &serde_json::Value) -> Self {
        self.wants = Some((pattern.into(), value.to_string()));
        self
    }

    /// The same finding with a text on its primary label.
    pub fn with_label(mut self, text: impl Into<String>) -> Self {
        self.primary.text = Some(text.into());
        self
    }

    /// The same finding with one more place that explains it.
    pub fn with_secondary(mut self, span: Range<usize>, text: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            text: Some(text.into()),
        });
        self
    }

    /// The same finding with a help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same finding with a fix.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// The rule's code, e.g. `PL014`.
    pub fn code(&self) -> &'static str {
        self.rule.code
    }

    /// The rule's name, e.g. `unknown-field`.
    pub fn name(&self) -> &'static str {
        self.rule.name
    }

    /// Link to the rule's documentation page.
    pub fn url(&self) -> String {
        self.rule.url()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}
