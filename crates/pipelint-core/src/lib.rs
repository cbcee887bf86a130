//! pipelint-core: everything pipelint knows about the management API's JSON bodies.
//!
//! The one entry point is [`lint`]: bytes in, [`Diagnostic`]s with byte spans out. It does
//! no I/O and keeps no state between calls, so the CLI, the language server, the Python
//! package, the tests and the benchmarks all call the same function. Rule levels and
//! overrides ([`Settings`]) are an input of it, not a filter over its output. Secret values
//! are masked in everything a result holds. What is not masked: what [`load`] returns, and
//! the real text a fix gives back ([`Fixed::text`], and the text [`fix_with`] shows each
//! pass), which is written to the file; never print them (`--diff` shows a fixed text
//! through [`mask_secrets_after_fixing`]).
//!
//! What the crate offers, by task:
//!
//! - Lint a body: [`lint`] with [`LintOptions`], giving a [`LintResult`]; [`unread`] for a
//!   body a caller chose not to read (over its size limit).
//! - Read findings: [`Diagnostic`] (rule, [`Severity`], message, [`Label`]s, help, JSON
//!   pointer, [`Fix`] with its [`Applicability`]); [`fix`] applies them.
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
//! use pipelint_core::{Applicability, LintOptions, fix};
//!
//! let options = LintOptions::new().file_name("orders.pipe.json");
//! let body = r#"{"name": "orders", "source": {"kafka": {"authentication": "plain"}}}"#;
//! // `--fix` applies the safe fixes (`Applicability::Unsafe`: the others too), pass after
//! // pass until none applies, to the body itself (never to the masked text).
//! let fixed = fix(body.as_bytes(), &options, Applicability::Safe);
//! assert_eq!(fixed.applied, 1);
//! let text = String::from_utf8(fixed.text).unwrap_or_default();
//! assert!(text.contains(r#""authentication": "PLAIN""#));
//! // The findings of the fixed text, from the last pass: nothing more to fix.
//! assert!(fixed.result.diagnostics.iter().all(|d| d.fix.is_none()));
//! ```
//!
//! One pass by hand is [`apply_fixes`] over the fixes of a [`lint`]; [`fix_with`] tells a
//! caller each pass (the language server builds its edits from them).

#![warn(missing_docs)]
// No function of the core over 120 lines (`too-many-lines-threshold` in clippy.toml): a long
// function is where the next reader trips.
#![warn(clippy::too_many_lines)]

mod api;
mod catalog;
mod clickhouse_type;
mod diagnostic;
mod document;
mod entries;
mod fix;
mod kind;
mod line_index;
mod lint;
mod literal;
mod load;
mod page;
mod pointer;
mod policy;
mod rule;
mod rules;
mod schema;
mod secrets;
mod settings;
mod string_span;
mod suggest;
mod terraform;

pub use api::changes::{Change, What};
pub use api::profile::{ApiVersion, Axis, Profile, StackVersion, Version};
pub use api::provider::{
    KNOWN as KNOWN_PROVIDER_RELEASES, ProviderRelease, ProviderVersion,
    RELEASES as PROVIDER_RELEASES, Selected as ProviderSelected, select as select_provider,
};
pub use api::provider_pin::{ProviderPin, provider_pin};
pub use catalog::{Applicability, FixAvailability, Rule, Severity, Syntax};
pub use diagnostic::{Diagnostic, Fix, Label, Versions, apply_fixes};
pub use document::{Document, NodeSpans};
pub use fix::{Fixed, MAX_FIX_PASSES, fix, fix_with};
pub use kind::{DocumentKind, KindChoice};
pub use line_index::{LineCol, LineIndex, floor_char_boundary};
pub use lint::{LintOptions, LintResult, lint, unread};
pub use load::{Loaded, load};
pub use schema::field_name;
pub use settings::{Level, Override, OverrideUse, PointerPattern, Selector, Settings};
pub use suggest::closest as did_you_mean;
pub use terraform::plan::{PlanLint, PlanSource, lint_plan, plan_module_dirs};
// The fixes one pass of `apply_fixes` makes (the language server composes its passes).
pub use diagnostic::fixes_of_one_pass;

/// The JSON crate whose `Value` [`Document`], [`KindChoice::decide`] and
/// [`PointerPattern::stable`] take, re-exported so a user's version always matches.
pub use serde_json;

pub(crate) use rule::declare_rule;

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

/// Not API: internals the crate's own benchmarks and process-level tests reach (a check
/// run without [`lint`], the schema's laziness, the secret scanners). No semver promise;
/// hidden from the docs. Everything a user needs is at the crate root.
#[doc(hidden)]
pub mod internals {
    pub use crate::rule::Context;
    pub use crate::schema::{is_parsed, validate};
    pub use crate::secrets::{embedded_secret_count, is_secret_name, secret_ranges};

    use crate::{Diagnostic, DocumentKind};

    /// How many documents were linted on this thread so far: tests count the lints of a
    /// fix (the final text is linted once).
    pub fn lints_on_this_thread() -> usize {
        crate::lint::LINTS.with(std::cell::Cell::get)
    }

    /// The rules whose findings `rule`'s finding replaces where it refuses their premise
    /// (`refutes` in its `declare_rule!`): the test of refuted premises lists every pair.
    pub fn refutes(rule: &crate::Rule) -> &'static [&'static str] {
        rule.refutes
    }

    /// The Terraform provider's checks pipelint makes, from their one table: each check's
    /// fixture name, where Terraform stops (`validate`, `plan`, `apply`; `plan-warning` for a
    /// warning), the first provider version that makes it, the rule of its findings, and
    /// words its finding says.
    pub fn terraform_provider_checks() -> Vec<TerraformCheck> {
        crate::terraform::checks::CHECKS
            .iter()
            .map(|check| TerraformCheck {
                id: check.id,
                stage: check.stage.name(),
                since: check.since.as_str(),
                rule: check.rule().name,
                says: check.says,
            })
            .collect()
    }

    /// Every attribute-level check of the provider's schema at a release, as
    /// `(attribute path, check)` (`("scaling.replicas", "between")`), read from the
    /// bundled schema data.
    pub fn terraform_schema_checks(version: crate::ProviderVersion) -> Vec<(String, &'static str)> {
        crate::terraform::provider_schema::attribute_checks(version)
    }

    /// Whether the provider's schema at a release has the attribute at a dotted path.
    pub fn terraform_schema_has(version: crate::ProviderVersion, path: &str) -> bool {
        crate::terraform::provider_schema::has_attribute(version, path)
    }

    /// The value list (`OneOf`) of the attribute at a dotted path in the provider's schema
    /// at a release, if it has one.
    pub fn terraform_schema_values(
        version: crate::ProviderVersion,
        path: &str,
    ) -> Option<&'static [String]> {
        crate::terraform::provider_schema::value_list(version, path)
    }

    /// One row of [`terraform_provider_checks`].
    #[derive(Clone, Debug)]
    pub struct TerraformCheck {
        /// The fixtures' name: `fixtures/terraform/invalid/<rule>--<id>.tf` and
        /// `fixtures/terraform/valid/<id>.tf`.
        pub id: &'static str,
        /// `validate`, `plan` or `apply`; `plan-warning` where `terraform plan` warns and goes on.
        pub stage: &'static str,
        /// The first provider version that makes the check.
        pub since: &'static str,
        /// The name of the rule of its findings.
        pub rule: &'static str,
        /// Words its finding's message says.
        pub says: &'static str,
    }

    /// The checks of the rules that apply to `kind`, as [`crate::lint`] runs them after the
    /// schema.
    pub fn checks(kind: DocumentKind) -> Vec<fn(&Context, &mut Vec<Diagnostic>)> {
        crate::rules::CHECKS
            .iter()
            .filter(|(r, _)| r.applies_to(kind))
            .map(|&(_, check)| check)
            .collect()
    }
}
