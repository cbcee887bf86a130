//! The catalog's entries whose findings no rule check makes: what the readers report (the
//! loader and the kind detection, `reading`; the schema, `contract`; the Terraform reader,
//! `terraform`; a file's own suppressions, `suppression`). Metadata only, like the rest of
//! the catalog, so the readers below the rules can name them; `rules` joins them into the
//! one sorted list of every code. Adding one: its file here and a line in its folder's
//! `entry_files!` list (`CONTRIBUTING.md`).

use crate::catalog::Rule;

pub(crate) mod contract;
pub(crate) mod reading;
pub(crate) mod suppression;
pub(crate) mod terraform;

/// Declares a catalog entry as `declare_rule!` declares a rule, without a check: its doc
/// comment becomes the page, `fix:` and `policy:` mean what they mean for a rule.
macro_rules! declare_entry {
    (@fix) => { $crate::catalog::FixAvailability::None };
    (@fix $fix:ident) => { $crate::catalog::FixAvailability::$fix };
    (
        $(#[doc = $doc:literal])*
        $vis:vis static $ident:ident = {
            code: $code:literal,
            name: $name:literal,
            severity: $severity:ident,
            kinds: [$($kind:ident),* $(,)?],
            summary: $summary:literal
            $(, fix: $fix:ident)?
            $(, supersedes: [$($superseded:literal),+ $(,)?])?
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
            has_check: false,
            fix: $crate::entries::declare_entry!(@fix $($fix)?),
            supersedes: &[$($($superseded),+)?],
            refutes: &[],
            policy: $crate::policy::Policy {
                $($($flag: true,)+)?
                ..$crate::policy::Policy::NONE
            },
        };
    };
}
pub(crate) use declare_entry;

/// Declares a folder's entry files as modules and lists their `RULE`s as its `ENTRIES`.
macro_rules! entry_files {
    ($($file:ident),+ $(,)?) => {
        $(pub(crate) mod $file;)+

        /// The folder's entries, one per file.
        pub(crate) static ENTRIES: &[&crate::catalog::Rule] = &[$(&$file::RULE),+];
    };
}
use entry_files;

/// Every folder's entries.
pub(crate) static ALL: &[&[&Rule]] = &[
    reading::ENTRIES,
    contract::ENTRIES,
    terraform::ENTRIES,
    suppression::ENTRIES,
];
