//! Rule metadata, the context a check runs in, and the `declare_rule!` macro.

use std::ops::Range;

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::document::Document;
use crate::kind::DocumentKind;

/// Where each rule's documentation page lives; the page name is the rule name.
pub const DOCS_BASE_URL: &str = "https://github.com/pipelint/pipelint/blob/main/docs/rules/";

/// A cross-field check over a parsed document.
pub(crate) type Check = fn(&Context, &mut Vec<Diagnostic>);

/// One entry of the rule catalog. Findings of the loader and the schema have entries too
/// (with no `check`), so every code can be listed, documented and configured alike.
///
/// Rules are defined inside the crate; [`crate::rules`] lists them and
/// [`crate::find_rule`] finds one.
#[derive(Debug)]
#[non_exhaustive]
pub struct Rule {
    /// Stable code, e.g. `PL101`. Never reused.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `kafka-auth-for-broker`.
    pub name: &'static str,
    /// The severity its findings have unless the settings set another level.
    pub severity: Severity,
    /// Document kinds the rule applies to; empty means every kind.
    pub kinds: &'static [DocumentKind],
    /// One line for `pipelint rules`.
    pub summary: &'static str,
    /// The rule's doc comment: what, why, a failing example, the fix (Markdown).
    pub docs: &'static str,
    /// What it checks once the document loaded and its kind is known; `None` for the
    /// findings of the loader, the kind detection and the schema.
    pub(crate) check: Option<Check>,
    /// Which automatic fixes its findings can carry.
    pub fix: FixAvailability,
    /// Names of the generic findings (the schema's, say) this rule's finding replaces on the
    /// same member, so that each problem is reported once.
    pub(crate) supersedes: &'static [&'static str],
}

/// What a rule's findings offer as automatic fixes (shown by `pipelint rules` and on the
/// rule's page). Each fix carries its own `Applicability`; this is the rule's promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixAvailability {
    /// Its findings carry no fix.
    None,
    /// Every fix it offers is safe.
    Safe,
    /// Safe for some findings, unsafe for others (a case slip against a guess).
    SafeOrUnsafe,
    /// Every fix it offers is unsafe.
    Unsafe,
}

impl FixAvailability {
    /// `none`, `safe`, `safe-or-unsafe`, `unsafe`.
    pub fn as_str(self) -> &'static str {
        match self {
            FixAvailability::None => "none",
            FixAvailability::Safe => "safe",
            FixAvailability::SafeOrUnsafe => "safe-or-unsafe",
            FixAvailability::Unsafe => "unsafe",
        }
    }

    /// Whether a fix of this applicability keeps the promise.
    pub fn allows(self, applicability: crate::Applicability) -> bool {
        use crate::Applicability::{Safe, Unsafe};
        matches!(
            (self, applicability),
            (FixAvailability::Safe, Safe)
                | (FixAvailability::Unsafe, Unsafe)
                | (FixAvailability::SafeOrUnsafe, _)
        )
    }

    /// The line of the rule's page.
    fn describe(self) -> &'static str {
        match self {
            FixAvailability::None => "none",
            FixAvailability::Safe => "safe (applied by `pipelint check --fix`)",
            FixAvailability::SafeOrUnsafe => {
                "safe for some findings, unsafe for others (unsafe ones need `--unsafe-fixes`)"
            }
            FixAvailability::Unsafe => {
                "unsafe (applied only with `pipelint check --fix --unsafe-fixes`)"
            }
        }
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl Rule {
    /// Link to the rule's documentation page.
    pub fn url(&self) -> String {
        format!("{DOCS_BASE_URL}{}.md", self.name)
    }

    /// Whether its findings mean the document was not checked at all: not JSON, not UTF-8,
    /// empty, too deep, too large, or of an unknown kind. A code prefix or `ALL` in the
    /// settings leaves these rules at their level, so a broken file never looks clean.
    pub fn means_not_checked(&self) -> bool {
        crate::settings::means_not_checked(self)
    }

    /// Whether the rule is a cross-field check of its own, run once a document loaded and its
    /// kind is known; `false` for the findings of the loader, the kind detection and the
    /// schema, which have entries in the catalog too.
    pub fn has_check(&self) -> bool {
        self.check.is_some()
    }

    /// Whether the rule checks documents of this kind.
    pub fn applies_to(&self, kind: DocumentKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }

    /// The rule's documentation page (`docs/rules/<name>.md`, and `pipelint rule <name>`).
    pub fn page(&self) -> String {
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
        let kinds = if kinds.is_empty() {
            "every document kind".to_owned()
        } else {
            kinds.join(", ")
        };
        format!(
            "# {} `{}`

{}.

- Default severity: {}
- Applies to: {kinds}
- Automatic fix: {}
{}
{}{}",
            self.code,
            self.name,
            self.summary,
            self.severity,
            self.fix.describe(),
            self.replaces(),
            self.documentation(),
            // The profile rules end with the versions they know, from the table of changes.
            crate::rules::profile::table::for_rule(self)
        )
    }

    /// The page's line naming the findings the rule replaces, if any.
    fn replaces(&self) -> String {
        if self.supersedes.is_empty() {
            return String::new();
        }
        let names: Vec<String> = self.supersedes.iter().map(|n| format!("`{n}`")).collect();
        format!("- Replaces {} on the same member\n", names.join(" and "))
    }

    /// The doc comment with the one leading space of each `///` line removed.
    pub fn documentation(&self) -> String {
        let mut out = String::new();
        for line in self.docs.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out
    }
}

/// Declares a rule: its doc comment becomes both rustdoc and the text of `pipelint rule`.
/// Crate-local: rules are added inside the crate. `supersedes: ["unknown-field"]` names the
/// generic findings the rule's finding replaces on the same member (omitted: none).
macro_rules! declare_rule {
    (@fix) => { $crate::rule::FixAvailability::None };
    (@fix $fix:ident) => { $crate::rule::FixAvailability::$fix };
    (
        $(#[doc = $doc:literal])*
        $vis:vis static $ident:ident = {
            code: $code:literal,
            name: $name:literal,
            severity: $severity:ident,
            kinds: [$($kind:ident),* $(,)?],
            summary: $summary:literal,
            check: $check:expr
            $(, fix: $fix:ident)?
            $(, supersedes: [$($superseded:literal),+ $(,)?])? $(,)?
        };
    ) => {
        $(#[doc = $doc])*
        $vis static $ident: $crate::rule::Rule = $crate::rule::Rule {
            code: $code,
            name: $name,
            severity: $crate::Severity::$severity,
            kinds: &[$($crate::DocumentKind::$kind),*],
            summary: $summary,
            docs: concat!($($doc, "\n"),*),
            check: $check,
            fix: $crate::declare_rule!(@fix $($fix)?),
            supersedes: &[$($($superseded),+)?],
        };
    };
}
pub(crate) use declare_rule;

/// What a check sees: the document, its kind, and span helpers. Not public API.
pub struct Context<'a> {
    /// The parsed document.
    pub document: &'a Document,
    /// The text the document was parsed from (spans index into it).
    pub text: &'a str,
    /// The kind it is checked as.
    pub kind: DocumentKind,
    /// For a scaling patch checked with `--pipe`: the create body it will be applied to.
    pub pipe: Option<&'a Document>,
    /// The API version and analytics-stack release the body is checked against.
    pub profile: crate::api::profile::Profile,
}

impl<'a> Context<'a> {
    /// The document's value.
    pub fn root(&self) -> &'a Value {
        &self.document.value
    }

    /// The value at an RFC 6901 pointer.
    pub fn get(&self, pointer: &str) -> Option<&'a Value> {
        crate::pointer::resolve(&self.document.value, pointer)
    }

    /// The string at an RFC 6901 pointer.
    pub fn get_str(&self, pointer: &str) -> Option<&'a str> {
        self.get(pointer).and_then(Value::as_str)
    }

    /// The span of the value at `pointer` (falls back to the nearest existing ancestor).
    pub fn value_span(&self, pointer: &str) -> Range<usize> {
        self.document.value_span(pointer)
    }

    /// The span of the key of the member at `pointer` (its value's span when it has no key).
    pub fn key_span(&self, pointer: &str) -> Range<usize> {
        self.document.key_span(pointer)
    }

    /// The span from the member's key to the end of its value.
    pub fn member_span(&self, pointer: &str) -> Range<usize> {
        self.document.member_span(pointer)
    }

    /// A diagnostic for `rule` on the value at `pointer`.
    pub fn at_value(
        &self,
        rule: &'static Rule,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(rule, self.value_span(pointer), pointer, message)
    }

    /// A diagnostic for `rule` on the key of the member at `pointer`.
    pub fn at_key(
        &self,
        rule: &'static Rule,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(rule, self.key_span(pointer), pointer, message)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::ALL;

    /// `settle` compares a finding's current name with `supersedes`: an old name, a code or a
    /// typo there would silently supersede nothing.
    #[test]
    fn every_superseded_name_is_another_rule_s_current_name() {
        let mut declared = 0;
        for rule in ALL.iter() {
            for &name in rule.supersedes {
                declared += 1;
                assert_ne!(name, rule.name, "{} supersedes itself", rule.name);
                assert!(
                    ALL.iter().any(|other| other.name == name),
                    "{} supersedes `{name}`, which is no rule's current name",
                    rule.name
                );
            }
        }
        assert!(declared > 0, "no rule supersedes anything");
    }
}
