//! What a rule is, as the catalog lists it: code, name, default severity, kinds, docs, the
//! fixes it offers. Metadata only, at the bottom of the crate: findings point at it, and the
//! rules' checks (`crate::rule`) sit above documents.

use std::fmt;

use crate::kind::DocumentKind;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; the request is likely fine.
    Info,
    /// Likely a mistake, though the server may accept the request.
    Warning,
    /// The server rejects the request, or it does not do what it says.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a fix keeps what the user meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// The same value spelled as the API wants it (case, format, separators), or the
    /// removal of something the server ignores: `--fix` applies it.
    Safe,
    /// A guess at what was meant, or an edit that changes what the request does: only
    /// `--unsafe-fixes` applies it.
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// Where each rule's documentation page lives; the page name is the rule name.
pub const DOCS_BASE_URL: &str = "https://github.com/pipelint/pipelint/blob/main/docs/rules/";

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
    /// Whether it has a check of its own (`crate::rules::CHECKS` holds it); `false` for the
    /// findings of the loader, the kind detection and the schema.
    pub(crate) has_check: bool,
    /// Which automatic fixes its findings can carry.
    pub fix: FixAvailability,
    /// Names of the generic findings (the schema's, say) this rule's finding replaces on the
    /// same member, so that each problem is reported once.
    pub(crate) supersedes: &'static [&'static str],
    /// Names of the rules whose findings take as given the value this rule's finding refutes
    /// (a credential rule takes the authentication method as given): their findings with that
    /// member as premise are dropped where this rule reports it.
    pub(crate) refutes: &'static [&'static str],
    /// How its findings stand beside others when they are settled (`policy:` in its
    /// declaration).
    pub(crate) policy: crate::policy::Policy,
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
    pub fn allows(self, applicability: Applicability) -> bool {
        use Applicability::{Safe, Unsafe};
        matches!(
            (self, applicability),
            (FixAvailability::Safe, Safe)
                | (FixAvailability::Unsafe, Unsafe)
                | (FixAvailability::SafeOrUnsafe, _)
        )
    }

    /// The line of the rule's page.
    pub(crate) fn describe(self) -> &'static str {
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

    /// Whether the rule is a cross-field check of its own, run once a document loaded and its
    /// kind is known; `false` for the findings of the loader, the kind detection and the
    /// schema, which have entries in the catalog too.
    pub fn has_check(&self) -> bool {
        self.has_check
    }

    /// Whether the rule checks documents of this kind.
    pub fn applies_to(&self, kind: DocumentKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }

    /// The page's line naming the findings the rule replaces, if any.
    pub(crate) fn replaces(&self) -> String {
        let names = |rules: &[&str]| match rules {
            [init @ .., last] if !init.is_empty() => {
                let init: Vec<String> = init.iter().map(|n| format!("`{n}`")).collect();
                format!("{} and `{last}`", init.join(", "))
            }
            _ => rules.iter().map(|n| format!("`{n}`")).collect(),
        };
        let mut line = String::new();
        if !self.supersedes.is_empty() {
            line += &format!("- Replaces {} on the same member\n", names(self.supersedes));
        }
        if !self.refutes.is_empty() {
            line += &format!(
                "- Replaces the findings of {} that take the refused value as given\n",
                names(self.refutes)
            );
        }
        line
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
