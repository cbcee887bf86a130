//! Releases of the official Terraform provider (`ClickHouse/clickhouse`): the profile of a
//! `.tf` file (the `provider-version` setting, or the module's `required_providers` pin).
//!
//! [`RELEASES`] is the one table: each bundled version with its tag, date, the API snapshot it
//! targets and what it changed for the `clickhouse_clickpipe` resource. The docs' table and the
//! selection both derive from it. A version is bundled when it is the newest release, or when
//! it changed what the resource accepts or rejects in a configuration (attributes, types, value
//! lists, validators, plan and create-time checks) in the twelve months before 2026-12-06.
//! Releases that changed only how an existing pipe is updated, imported or read are not
//! bundled: for a configuration they behave as the bundled release before them ([`KNOWN`]).
//! Prereleases (`-alpha`) are not bundled: the resource was alpha-only before 3.14.0, and
//! Terraform never selects a prerelease unless it is pinned exactly.

use std::cmp::Ordering;
use std::fmt;

/// A bundled release of the Terraform provider (the `provider-version` setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ProviderVersion {
    /// 3.14.0: the resource leaves alpha.
    V3_14_0,
    /// 3.16.0: Pub/Sub, write-only passwords, `gcmk`.
    V3_16_0,
    /// 3.17.1: object storage `Avro`; `excluded_columns` is a set.
    V3_17_1,
    /// 3.17.2: `table_definition` rejected on CDC pipes.
    V3_17_2,
    /// 3.18.0: Kafka `exactly_once`, object storage load options, no scaling on CDC pipes.
    V3_18_0,
    /// 3.22.1: Postgres `authentication = "IAM_ROLE"` (was `iam_role`).
    V3_22_1,
    /// 3.23.1: Postgres `partition_by_expr`.
    V3_23_1,
    /// 3.25.3: the newest release read.
    V3_25_3,
}

/// One row of the table: a bundled release, where it comes from and what it changed.
#[derive(Clone, Copy, Debug)]
pub struct ProviderRelease {
    /// The bundled version.
    pub version: ProviderVersion,
    /// The release tag in `ClickHouse/terraform-provider-clickhouse`.
    pub tag: &'static str,
    /// The tag's date (UTC).
    pub date: &'static str,
    /// The tagged commit (abbreviated).
    pub commit: &'static str,
    /// The API snapshot it targets: the newest bundled `api-version` not later than `date`
    /// (`ProviderVersion::api` reads it as an `ApiVersion`).
    pub api: &'static str,
    /// What the release changed for `clickhouse_clickpipe`, with the pull requests.
    pub changes: &'static str,
}

/// Every bundled release, oldest first. Sources: the repository's tags and the history of
/// `internal/service/clickhouse/resource/clickpipe*.go` and `internal/api/clickpipe*.go`
/// (`pkg/…` before 3.19.0); the repository has no changelog file.
pub const RELEASES: &[ProviderRelease] = &[
    ProviderRelease {
        version: ProviderVersion::V3_14_0,
        tag: "v3.14.0",
        date: "2026-04-10",
        commit: "bdad42e",
        api: "2026-04",
        changes: "the resource leaves alpha (#492): the first stable release that has it, with \
                  Kafka, object storage, Kinesis, Postgres, MySQL, BigQuery and MongoDB sources",
    },
    ProviderRelease {
        version: ProviderVersion::V3_16_0,
        tag: "v3.16.0",
        date: "2026-06-01",
        commit: "d8041f2",
        api: "2026-05",
        changes: "Pub/Sub source (#527) without the `snapshot` seek type (#551); write-only \
                  `password_wo` and `password_wo_version` (#532); Kafka type `gcmk` (#548); \
                  scaling plan fixes (#533)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_17_1,
        tag: "v3.17.1",
        date: "2026-06-05",
        commit: "1aef78f",
        api: "2026-05",
        changes: "object storage format `Avro` (#566); `table_mappings[].excluded_columns` \
                  becomes a set (#560); managed table of CDC pipes (#563)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_17_2,
        tag: "v3.17.2",
        date: "2026-06-11",
        commit: "b5957c3",
        api: "2026-05",
        changes: "plan rejects `destination.table_definition` on CDC pipes (#572)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_18_0,
        tag: "v3.18.0",
        date: "2026-07-07",
        commit: "aa167af",
        api: "2026-07",
        changes: "Kafka `exactly_once` (#581); object storage `skip_initial_load` and \
                  `start_after` with their plan checks (#590); a validator rejects `scaling` on \
                  CDC pipes (#583)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_22_1,
        tag: "v3.22.1",
        date: "2026-07-27",
        commit: "84b9c06",
        api: "2026-07",
        changes: "Postgres `authentication` takes `IAM_ROLE` instead of `iam_role` (#642)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_23_1,
        tag: "v3.23.1",
        date: "2026-08-04",
        commit: "432f5be",
        api: "2026-07",
        changes: "Postgres `table_mappings[].partition_by_expr` (#649)",
    },
    ProviderRelease {
        version: ProviderVersion::V3_25_3,
        tag: "v3.25.3",
        date: "2026-08-21",
        commit: "c320db9",
        api: "2026-07",
        changes: "the newest release; the resource as in 3.23.1",
    },
];

/// Every stable release since the resource left alpha, oldest first: a release that is not
/// bundled behaves, for a configuration, as the newest bundled release not after it.
pub const KNOWN: &[&str] = &[
    "3.14.0", "3.16.0", "3.17.0", "3.17.1", "3.17.2", "3.17.3", "3.18.0", "3.18.1", "3.19.0",
    "3.20.0", "3.21.0", "3.22.0", "3.22.1", "3.22.2", "3.23.0", "3.23.1", "3.24.0", "3.24.1",
    "3.25.0", "3.25.1", "3.25.2", "3.25.3",
];

impl ProviderVersion {
    /// Every bundled release, oldest first.
    pub const ALL: &'static [ProviderVersion] = &[
        ProviderVersion::V3_14_0,
        ProviderVersion::V3_16_0,
        ProviderVersion::V3_17_1,
        ProviderVersion::V3_17_2,
        ProviderVersion::V3_18_0,
        ProviderVersion::V3_22_1,
        ProviderVersion::V3_23_1,
        ProviderVersion::V3_25_3,
    ];
    /// The newest bundled release (what `latest` and a module without a pin mean).
    pub const LATEST: ProviderVersion = ProviderVersion::V3_25_3;
    /// The oldest bundled release.
    pub const OLDEST: ProviderVersion = ProviderVersion::V3_14_0;

    /// Its row of [`RELEASES`].
    pub fn release(self) -> &'static ProviderRelease {
        RELEASES
            .iter()
            .find(|r| r.version == self)
            .unwrap_or(&RELEASES[RELEASES.len() - 1])
    }

    /// `3.14.0`, `3.25.3`, ….
    pub fn as_str(self) -> &'static str {
        let tag = self.release().tag;
        tag.strip_prefix('v').unwrap_or(tag)
    }

    /// Reads `3.25.3` (a leading `v` allowed) or `latest`; anything else is an error naming
    /// the bundled versions. A known release that is not bundled (`3.24.1`) reads as the
    /// bundled release it behaves as.
    pub fn parse(text: &str) -> Result<ProviderVersion, String> {
        let text = text.trim();
        if text == "latest" {
            return Ok(ProviderVersion::LATEST);
        }
        let bare = text.strip_prefix('v').unwrap_or(text);
        if let Some(v) = ProviderVersion::ALL.iter().find(|v| v.as_str() == bare) {
            return Ok(*v);
        }
        if KNOWN.contains(&bare)
            && let Some(number) = Release::parse(bare)
        {
            return Ok(ProviderVersion::covering(&number));
        }
        Err(format!(
            "unknown provider-version `{text}`: bundled versions are {} and `latest`",
            ProviderVersion::list()
        ))
    }

    /// The bundled versions as a list for messages: `` `3.14.0`, `3.16.0`, … ``.
    pub fn list() -> String {
        let known: Vec<String> = ProviderVersion::ALL
            .iter()
            .map(|v| format!("`{}`", v.as_str()))
            .collect();
        known.join(", ")
    }

    /// The bundled release a known release behaves as: the newest one not after it.
    fn covering(release: &Release) -> ProviderVersion {
        ProviderVersion::ALL
            .iter()
            .rev()
            .copied()
            .find(|v| Release::parse(v.as_str()).is_some_and(|b| b <= *release))
            .unwrap_or(ProviderVersion::OLDEST)
    }
}

impl Default for ProviderVersion {
    fn default() -> ProviderVersion {
        ProviderVersion::LATEST
    }
}

impl fmt::Display for ProviderVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a `required_providers` version constraint selects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selected {
    /// The newest known release that satisfies the constraint, and the bundled version it
    /// behaves as.
    Matches {
        /// The bundled version.
        version: ProviderVersion,
        /// The known release (`3.24.1`).
        release: &'static str,
    },
    /// No known release satisfies it; the nearest bundled version below its upper bound.
    NoneMatches {
        /// The bundled version used instead.
        nearest: ProviderVersion,
    },
    /// Every version it allows is older than the oldest bundled one (which is used).
    OlderThanBundled,
}

impl Selected {
    /// The bundled version to check against.
    pub fn version(&self) -> ProviderVersion {
        match self {
            Selected::Matches { version, .. } => *version,
            Selected::NoneMatches { nearest } => *nearest,
            Selected::OlderThanBundled => ProviderVersion::OLDEST,
        }
    }
}

/// Reads a Terraform version constraint (`~> 3.25`, `>= 3.20, < 4.0`, `= 3.25.3`, `3.25.3`)
/// and selects the bundled version for it. An unreadable constraint is an error (Terraform
/// rejects it too).
pub fn select(constraint: &str) -> Result<Selected, String> {
    let terms = parse_constraint(constraint)?;
    let known: Vec<(&'static str, Release)> = KNOWN
        .iter()
        .filter_map(|k| Release::parse(k).map(|r| (*k, r)))
        .collect();
    let newest = |keep: &dyn Fn(&Release) -> bool| known.iter().rev().find(|(_, r)| keep(r));
    if let Some((text, release)) = newest(&|r| terms.iter().all(|t| t.allows(r))) {
        return Ok(Selected::Matches {
            version: ProviderVersion::covering(release),
            release: text,
        });
    }
    // Nothing matches: use the newest release under every upper bound, if there is one.
    match newest(&|r| terms.iter().all(|t| t.below_upper(r))) {
        Some((_, release)) => Ok(Selected::NoneMatches {
            nearest: ProviderVersion::covering(release),
        }),
        None => Ok(Selected::OlderThanBundled),
    }
}

/// A release number: `3.25.3`, `3.15.0-alpha2`. Missing parts read as 0.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Release {
    numbers: [u64; 3],
    pre: Option<String>,
}

impl Release {
    fn parse(text: &str) -> Option<Release> {
        let text = text.trim();
        let text = text.strip_prefix('v').unwrap_or(text);
        let (core, pre) = match text.split_once('-') {
            Some((core, pre)) if !pre.is_empty() => (core, Some(pre.to_string())),
            Some(_) => return None,
            None => (text, None),
        };
        let core = core.split_once('+').map_or(core, |(c, _)| c);
        let mut numbers = [0u64; 3];
        let parts: Vec<&str> = core.split('.').collect();
        if parts.is_empty() || parts.len() > 3 {
            return None;
        }
        for (slot, part) in numbers.iter_mut().zip(&parts) {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            *slot = part.parse().ok()?;
        }
        Some(Release { numbers, pre })
    }
}

impl PartialOrd for Release {
    fn partial_cmp(&self, other: &Release) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Release {
    /// Semantic-version order: a prerelease comes before its release.
    fn cmp(&self, other: &Release) -> Ordering {
        self.numbers
            .cmp(&other.numbers)
            .then_with(|| match (&self.pre, &other.pre) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => a.cmp(b),
            })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    Pessimistic,
}

/// One comparison of a constraint.
#[derive(Clone, Debug)]
struct Term {
    op: Op,
    release: Release,
    /// How many parts were written (`~> 3.25` has 2): the pessimistic bound depends on it.
    parts: usize,
}

impl Term {
    /// Whether `release` satisfies the term (a prerelease only an exact term with one).
    fn allows(&self, r: &Release) -> bool {
        if r.pre.is_some() && self.release.pre.is_none() {
            return false;
        }
        match self.op {
            Op::Eq => *r == self.release,
            Op::Ne => *r != self.release,
            Op::Gt => *r > self.release,
            Op::Ge => *r >= self.release,
            Op::Lt => *r < self.release,
            Op::Le => *r <= self.release,
            Op::Pessimistic => *r >= self.release && *r < self.pessimistic_upper(),
        }
    }

    /// Whether `release` is under the term's upper bound (lower bounds ignored).
    fn below_upper(&self, r: &Release) -> bool {
        match self.op {
            Op::Eq | Op::Le => *r <= self.release,
            Op::Lt => *r < self.release,
            Op::Pessimistic => *r < self.pessimistic_upper(),
            Op::Ne | Op::Gt | Op::Ge => true,
        }
    }

    /// `~> 3.25` allows up to (not including) 4.0.0; `~> 3.25.3` up to 3.26.0.
    fn pessimistic_upper(&self) -> Release {
        let [major, minor, _] = self.release.numbers;
        let numbers = if self.parts >= 3 {
            [major, minor + 1, 0]
        } else {
            [major + 1, 0, 0]
        };
        Release { numbers, pre: None }
    }
}

fn parse_constraint(text: &str) -> Result<Vec<Term>, String> {
    let invalid = || format!("invalid version constraint `{text}`");
    let mut terms = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let (op, rest) = [
            ("~>", Op::Pessimistic),
            (">=", Op::Ge),
            ("<=", Op::Le),
            ("!=", Op::Ne),
            (">", Op::Gt),
            ("<", Op::Lt),
            ("=", Op::Eq),
        ]
        .iter()
        .find_map(|(sign, op)| part.strip_prefix(sign).map(|rest| (*op, rest)))
        .unwrap_or((Op::Eq, part));
        let rest = rest.trim();
        let release = Release::parse(rest).ok_or_else(invalid)?;
        let core = rest.split(['-', '+']).next().unwrap_or(rest);
        terms.push(Term {
            op,
            release,
            parts: core.split('.').count(),
        });
    }
    Ok(terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_ordered_and_every_bundled_release_is_known() {
        assert_eq!(RELEASES.len(), ProviderVersion::ALL.len());
        for (row, version) in RELEASES.iter().zip(ProviderVersion::ALL) {
            assert_eq!(row.version, *version);
            assert!(KNOWN.contains(&version.as_str()), "{version} is not known");
        }
        assert!(RELEASES.windows(2).all(|w| w[0].date < w[1].date));
        assert_eq!(
            ProviderVersion::LATEST.as_str(),
            *KNOWN.last().unwrap_or(&"")
        );
    }

    #[test]
    fn versions_parse_their_names_known_releases_and_latest() {
        for v in ProviderVersion::ALL {
            assert_eq!(ProviderVersion::parse(v.as_str()), Ok(*v));
        }
        assert_eq!(
            ProviderVersion::parse("v3.18.0"),
            Ok(ProviderVersion::V3_18_0)
        );
        assert_eq!(
            ProviderVersion::parse("latest"),
            Ok(ProviderVersion::LATEST)
        );
        // 3.24.1 changed nothing for the resource: it is 3.23.1.
        assert_eq!(
            ProviderVersion::parse("3.24.1"),
            Ok(ProviderVersion::V3_23_1)
        );
        let error = ProviderVersion::parse("3.15.0").unwrap_err();
        assert!(
            error.contains("`3.14.0`") && error.contains("`latest`"),
            "{error}"
        );
    }

    #[test]
    fn constraints_select_the_newest_bundled_version_they_allow() {
        use ProviderVersion as P;
        let cases: &[(&str, Selected)] = &[
            ("~> 3.25", matches(P::V3_25_3, "3.25.3")),
            ("~> 3.18.0", matches(P::V3_18_0, "3.18.1")),
            ("~>3.17.0", matches(P::V3_17_2, "3.17.3")),
            (">= 3.20, < 4.0", matches(P::V3_25_3, "3.25.3")),
            (">= 3.20, < 3.23", matches(P::V3_22_1, "3.22.2")),
            ("= 3.25.3", matches(P::V3_25_3, "3.25.3")),
            ("3.25.3", matches(P::V3_25_3, "3.25.3")),
            ("=3.24.1", matches(P::V3_23_1, "3.24.1")),
            ("3.17.0", matches(P::V3_16_0, "3.17.0")),
            ("~> 3.0", matches(P::V3_25_3, "3.25.3")),
            ("<= 3.22.0", matches(P::V3_18_0, "3.22.0")),
            ("!= 3.25.3, >= 3.25", matches(P::V3_23_1, "3.25.2")),
            ("> 3.14.0, < 3.17", matches(P::V3_16_0, "3.16.0")),
            // Newer than everything known: the newest is nearest.
            (
                ">= 3.26",
                Selected::NoneMatches {
                    nearest: P::V3_25_3,
                },
            ),
            (
                "~> 4.0",
                Selected::NoneMatches {
                    nearest: P::V3_25_3,
                },
            ),
            // A prerelease only an exact pin selects; none is bundled.
            (
                "= 3.15.0-alpha2",
                Selected::NoneMatches {
                    nearest: P::V3_14_0,
                },
            ),
            (
                "~> 3.15.0",
                Selected::NoneMatches {
                    nearest: P::V3_14_0,
                },
            ),
            // Before the resource left alpha.
            ("~> 3.12.0", Selected::OlderThanBundled),
            ("< 3.14", Selected::OlderThanBundled),
            ("= 2.5.0", Selected::OlderThanBundled),
        ];
        for (constraint, expected) in cases {
            assert_eq!(select(constraint).as_ref(), Ok(expected), "{constraint}");
        }
        assert_eq!(Selected::OlderThanBundled.version(), P::OLDEST);
    }

    #[test]
    fn an_unreadable_constraint_is_an_error() {
        for bad in ["", "~>", ">= x", "3..1", ">= 3.20,", "3.2.1.0"] {
            assert!(select(bad).is_err(), "{bad}");
        }
    }

    fn matches(version: ProviderVersion, release: &'static str) -> Selected {
        Selected::Matches { version, release }
    }
}
