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

/// The syntaxes a document is written in: JSON (every kind), or Terraform, whose
/// `clickhouse_clickpipe` resources are create-pipe bodies written in HCL or Terraform's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// A JSON body of any kind (`*.json`).
    Json,
    /// A Terraform file (`.tf`, `.tf.json`): its `clickhouse_clickpipe` resources.
    Terraform,
}

impl Syntax {
    /// Every syntax, in the order the catalog lists them.
    pub const ALL: &'static [Syntax] = &[Syntax::Json, Syntax::Terraform];

    /// `json` or `terraform`, as `pipelint rules --format json` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Syntax::Json => "json",
            Syntax::Terraform => "terraform",
        }
    }

    /// `JSON` or `Terraform (`.tf`, `.tf.json`)`: the words of a rule's page, with the file
    /// name suffixes the kinds table gives Terraform files.
    pub fn describe(self) -> String {
        match self {
            Syntax::Json => "JSON".to_owned(),
            Syntax::Terraform => {
                let suffixes: Vec<String> = DocumentKind::Terraform
                    .suffixes()
                    .map(|s| format!("`{s}`"))
                    .collect();
                format!("Terraform ({})", suffixes.join(", "))
            }
        }
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Syntax::Json => "JSON",
            Syntax::Terraform => "Terraform",
        })
    }
}

/// The kind a Terraform resource is read as: each `clickhouse_clickpipe` resource is checked
/// as the create-pipe body the provider sends, so every rule of that kind runs on it.
const TERRAFORM_WRITES: DocumentKind = DocumentKind::CreatePipe;

/// Rules whose mistake, in a Terraform file, a Terraform rule reports first (the provider's
/// schema or its plan and apply checks, whose rejected values the rules then never read),
/// with the fixture of that rule which shows it (under `fixtures/terraform/invalid/`, named
/// `<terraform rule>--<case>`). The tests lint each: it gives that rule's finding and never
/// this one's, and no Terraform fixture gives this one's.
const REPORTED_FIRST_IN_TERRAFORM: &[(&str, &str)] = &[
    ("wrong-type", "terraform-invalid-argument--wrong-type.tf"),
    (
        "missing-field",
        "terraform-invalid-argument--required-argument.tf",
    ),
    (
        "unknown-field",
        "terraform-unsupported-argument--unsupported-argument.tf",
    ),
    (
        "destination-required-members",
        "terraform-apply-fails--destination-table-required.tf",
    ),
    (
        "unsupported-source-kind",
        "terraform-unsupported-argument--unsupported-argument.tf",
    ),
    (
        "version-column-engine",
        "terraform-plan-fails--version-column-only-replacing.tf",
    ),
    (
        "sum-columns-engine",
        "terraform-plan-fails--column-ids-only-summing.tf",
    ),
    (
        "replacing-needs-sorting-key",
        "terraform-plan-fails--sorting-key-required.tf",
    ),
    (
        "destination-members-on-database-pipe",
        "terraform-plan-fails--table-definition-on-cdc.tf",
    ),
    (
        "pubsub-seek-timestamp-required",
        "terraform-invalid-argument--pubsub-seek-timestamp-required@api-latest.tf",
    ),
    (
        "pubsub-seek-timestamp-ignored",
        "terraform-invalid-argument--pubsub-seek-timestamp-not-allowed@api-latest.tf",
    ),
    (
        "object-storage-iam-role-outside-s3",
        "terraform-plan-fails--gcs-iam-role@api-latest.tf",
    ),
    (
        "object-storage-required-members",
        "terraform-apply-fails--url-required.tf",
    ),
    (
        "object-storage-queue-url-applies",
        "terraform-plan-fails--queue-url-storage-type.tf",
    ),
    (
        "object-storage-queue-url-format",
        "terraform-invalid-argument--queue-url-pattern.tf",
    ),
    (
        "object-storage-skip-initial-load-needs-queue-url",
        "terraform-plan-fails--skip-initial-load-needs-queue-url.tf",
    ),
    (
        "object-storage-start-after-with-skip-initial-load",
        "terraform-plan-fails--start-after-with-skip-initial-load.tf",
    ),
    (
        "postgres-duplicate-target-table",
        "terraform-plan-fails--duplicate-target-table.tf",
    ),
    (
        "postgres-setting-minimum",
        "terraform-invalid-argument--setting-at-least.tf",
    ),
    (
        "mysql-file-pos-on-mariadb",
        "terraform-plan-fails--mariadb-gtid-only@api-latest.tf",
    ),
    (
        "mysql-duplicate-target-table",
        "terraform-plan-fails--mysql-duplicate-target-table@api-latest.tf",
    ),
    (
        "scaling-on-postgres",
        "terraform-invalid-argument--cdc-scaling.tf",
    ),
    (
        "deprecated-concurrency",
        "terraform-unsupported-argument--scaling-concurrency.tf",
    ),
];

/// Rules of every kind or of create-pipe that a Terraform file never gives, why, and the
/// valid fixture that shows it where one can (under `fixtures/terraform/valid/`).
const NEVER_IN_TERRAFORM: &[(&str, &str, Option<&str>)] = &[
    (
        "unknown-kind",
        "a Terraform file's kind is told by its name, `.tf` or `.tf.json`, or by `--kind terraform`",
        None,
    ),
    (
        "empty-settings",
        "the provider does not send an empty `settings = {}`",
        Some("empty-settings.tf"),
    ),
];

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

    /// The syntaxes the rule applies to, from its kinds: JSON for every kind but Terraform;
    /// Terraform for its own rules and for the rules of the kind its resources are read as
    /// (create-pipe), which run on each resource unchanged, and for the rules of every kind
    /// (the file's own findings: encoding, the JSON syntax of a `.tf.json` file); except
    /// where the mistake never reaches the rule in a Terraform file
    /// ([`Rule::terraform_stand_in`]).
    pub fn syntaxes(&self) -> Vec<Syntax> {
        let every = self.kinds.is_empty();
        let json = every || self.kinds.iter().any(|&k| k != DocumentKind::Terraform);
        let terraform = self.kinds.contains(&DocumentKind::Terraform)
            || ((every || self.kinds.contains(&TERRAFORM_WRITES))
                && self.terraform_stand_in().is_none());
        let mut syntaxes = Vec::new();
        if json {
            syntaxes.push(Syntax::Json);
        }
        if terraform {
            syntaxes.push(Syntax::Terraform);
        }
        syntaxes
    }

    /// Whether the rule applies to documents of this syntax.
    pub fn applies_to_syntax(&self, syntax: Syntax) -> bool {
        self.syntaxes().contains(&syntax)
    }

    /// For a rule that runs on Terraform's kind but whose mistake a Terraform file never
    /// gives it: the Terraform fixture that shows what happens there instead, by its path under
    /// `fixtures/terraform/` (`invalid/<terraform rule>--<case>.tf` where a Terraform rule
    /// reports the mistake first, `valid/…` where it is none in Terraform), or `""` where no
    /// file can show it.
    pub fn terraform_stand_in(&self) -> Option<String> {
        if let Some((_, file)) = REPORTED_FIRST_IN_TERRAFORM
            .iter()
            .find(|(name, _)| *name == self.name)
        {
            return Some(format!("invalid/{file}"));
        }
        NEVER_IN_TERRAFORM
            .iter()
            .find(|(name, ..)| *name == self.name)
            .map(|(_, _, file)| file.map(|f| format!("valid/{f}")).unwrap_or_default())
    }

    /// Why the rule does not apply to Terraform files although it runs on Terraform's kind.
    pub(crate) fn not_in_terraform(&self) -> Option<String> {
        if let Some((_, file)) = REPORTED_FIRST_IN_TERRAFORM
            .iter()
            .find(|(name, _)| *name == self.name)
        {
            let by = file.split("--").next().unwrap_or_default();
            return Some(format!(
                "in Terraform files `{by}` reports this mistake first"
            ));
        }
        NEVER_IN_TERRAFORM
            .iter()
            .find(|(name, ..)| *name == self.name)
            .map(|(_, why, _)| format!("never in Terraform files: {why}"))
    }

    /// The page's line naming the syntaxes, and why a rule of Terraform's kind does not apply
    /// to Terraform files where that is so.
    pub(crate) fn syntaxes_line(&self) -> String {
        let described: Vec<String> = self.syntaxes().into_iter().map(Syntax::describe).collect();
        let why = self
            .not_in_terraform()
            .map(|why| format!(" ({why})"))
            .unwrap_or_default();
        format!("{}{why}", described.join(", "))
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
