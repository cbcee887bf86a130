//! What a rule's check works with: the context a check runs in, the check's type and the
//! `declare_rule!` macro. The rule's metadata is `crate::catalog`'s.

use std::ops::Range;

use serde_json::Value;

pub(crate) use crate::catalog::Rule;
use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::kind::DocumentKind;

mod pipe_index;
pub(crate) use pipe_index::PipeIndex;

/// A cross-field check over a parsed document.
pub(crate) type Check = fn(&Context, &mut Vec<Diagnostic>);

/// Declares a rule: its doc comment becomes both rustdoc and the text of `pipelint rule`.
/// Crate-local: rules are added inside the crate. `supersedes: ["unknown-field"]` names the
/// generic findings the rule's finding replaces on the same member (omitted: none);
/// `refutes: ["kafka-credentials-for-auth"]` names the rules whose findings take as given the
/// value this rule's finding refuses (their `premise` is this finding's member);
/// `policy: [kept_inside_newer]` sets the flags of `crate::policy::Policy` that say how its
/// findings stand beside others when they are settled.
macro_rules! declare_rule {
    (@fix) => { $crate::catalog::FixAvailability::None };
    (@fix $fix:ident) => { $crate::catalog::FixAvailability::$fix };
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
            $(, supersedes: [$($superseded:literal),+ $(,)?])?
            $(, refutes: [$($refuted:literal),+ $(,)?])?
            $(, policy: [$($flag:ident),+ $(,)?])? $(,)?
        };
    ) => {
        $(#[doc = $doc])*
        $vis static $ident: $crate::catalog::Rule = $crate::catalog::Rule {
            code: $code,
            name: $name,
            severity: $crate::catalog::Severity::$severity,
            kinds: &[$($crate::kind::DocumentKind::$kind),*],
            summary: $summary,
            docs: concat!($($doc, "\n"),*),
            has_check: CHECK.is_some(),
            fix: $crate::declare_rule!(@fix $($fix)?),
            supersedes: &[$($($superseded),+)?],
            refutes: &[$($($refuted),+)?],
            policy: $crate::policy::Policy {
                $($($flag: true,)+)?
                ..$crate::policy::Policy::NONE
            },
        };

        /// What the rule checks once the document loaded and its kind is known (`None`: a
        /// finding of the loader, the kind detection or the schema). Beside the metadata, not
        /// in it, so that findings can name a rule without depending on documents.
        pub(crate) const CHECK: Option<$crate::rule::Check> = $check;
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
    /// The columns and mappings of a create body, indexed on first use (`pipe_index`).
    pub(crate) pipe_index: std::cell::OnceCell<PipeIndex<'a>>,
}

impl<'a> Context<'a> {
    /// The context of a check of `document` (parsed from `text`) as `kind`.
    pub fn new(
        document: &'a Document,
        text: &'a str,
        kind: DocumentKind,
        pipe: Option<&'a Document>,
        profile: crate::api::profile::Profile,
    ) -> Self {
        Context {
            document,
            text,
            kind,
            pipe,
            profile,
            pipe_index: Default::default(),
        }
    }

    /// The destination columns and field mappings, indexed once for every rule that
    /// compares them.
    pub(crate) fn pipe_index(&self) -> &PipeIndex<'a> {
        self.pipe_index
            .get_or_init(|| PipeIndex::new(self.document))
    }

    /// The document's value.
    pub fn root(&self) -> &'a Value {
        &self.document.value
    }

    /// The value at an RFC 6901 pointer.
    pub fn get(&self, pointer: &str) -> Option<&'a Value> {
        self.document.get(pointer)
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
            for &name in rule.supersedes.iter().chain(rule.refutes) {
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
