//! API version profiles: which snapshot of the cloud API and which release of the self-hosted
//! analytics-stack server a body is checked against.
//!
//! The cloud API has no version of its own, so a cloud profile is a dated snapshot of what
//! pipelint knows; a self-hosted user runs one server release, so a stack profile is that
//! release. The defaults are the contract the rules were written from (cloud 2025-11, stack
//! server 2.22).

use std::fmt;

use super::provider::ProviderVersion;
use crate::kind::DocumentKind;

/// A snapshot of the cloud API (the `api-version` setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ApiVersion {
    /// The contract: the cloud API as of about November 2025 (the default).
    #[default]
    V2025_11,
    /// April 2026: new source kinds (BigQuery, MySQL, MongoDB), `gcmk`, `replicas` up to 40.
    V2026_04,
    /// May 2026: Pub/Sub, alert threshold types, `note`.
    V2026_05,
    /// July 2026: MySQL `serverId`, required `autoscalingMode`, managed alert
    /// `numConsecutiveWindows`, `channels` and the `30s` interval.
    V2026_07,
}

impl ApiVersion {
    /// Every bundled snapshot, oldest first.
    pub const ALL: &'static [ApiVersion] = &[
        ApiVersion::V2025_11,
        ApiVersion::V2026_04,
        ApiVersion::V2026_05,
        ApiVersion::V2026_07,
    ];
    /// The newest bundled snapshot (what `latest` means).
    pub const LATEST: ApiVersion = ApiVersion::V2026_07;

    /// `2025-11`, `2026-04`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            ApiVersion::V2025_11 => "2025-11",
            ApiVersion::V2026_04 => "2026-04",
            ApiVersion::V2026_05 => "2026-05",
            ApiVersion::V2026_07 => "2026-07",
        }
    }

    /// Reads `2026-04` or `latest`; an unknown value is an error naming the known ones.
    pub fn parse(text: &str) -> Result<ApiVersion, String> {
        if text == "latest" {
            return Ok(ApiVersion::LATEST);
        }
        ApiVersion::ALL
            .iter()
            .copied()
            .find(|v| v.as_str() == text)
            .ok_or_else(|| {
                unknown(
                    "api-version",
                    text,
                    ApiVersion::ALL.iter().map(|v| v.as_str()),
                )
            })
    }
}

impl ProviderVersion {
    /// The API snapshot the release targets (its row's `api`).
    pub fn api(self) -> ApiVersion {
        ApiVersion::parse(self.release().api).unwrap_or(ApiVersion::LATEST)
    }
}

/// A release of the self-hosted analytics-stack server (the `stack-version` setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum StackVersion {
    /// The contract: server 2.22 of March 2026 (the default).
    #[default]
    V2_22,
    /// 2.24: alert threshold types and `thresholdMax`; the number formats `data_rate` and
    /// `throughput`.
    V2_24,
    /// 2.27: heatmap tiles, containers, `note`, `aggFn: increase`.
    V2_27,
    /// 2.30: bar and event-pattern tiles, `numConsecutiveWindows`.
    V2_30,
    /// 2.36: alert `channels`, `showOperandSeries`.
    V2_36,
}

impl StackVersion {
    /// Every bundled release, oldest first.
    pub const ALL: &'static [StackVersion] = &[
        StackVersion::V2_22,
        StackVersion::V2_24,
        StackVersion::V2_27,
        StackVersion::V2_30,
        StackVersion::V2_36,
    ];
    /// The newest bundled release (what `latest` means).
    pub const LATEST: StackVersion = StackVersion::V2_36;

    /// `2.22`, `2.24`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            StackVersion::V2_22 => "2.22",
            StackVersion::V2_24 => "2.24",
            StackVersion::V2_27 => "2.27",
            StackVersion::V2_30 => "2.30",
            StackVersion::V2_36 => "2.36",
        }
    }

    /// Reads `2.27` or `latest`; an unknown value is an error naming the known ones.
    pub fn parse(text: &str) -> Result<StackVersion, String> {
        if text == "latest" {
            return Ok(StackVersion::LATEST);
        }
        StackVersion::ALL
            .iter()
            .copied()
            .find(|v| v.as_str() == text)
            .ok_or_else(|| {
                unknown(
                    "stack-version",
                    text,
                    StackVersion::ALL.iter().map(|v| v.as_str()),
                )
            })
    }
}

fn unknown<'a>(setting: &str, text: &str, known: impl Iterator<Item = &'a str>) -> String {
    let known: Vec<String> = known.map(|v| format!("`{v}`")).collect();
    format!(
        "unknown {setting} `{text}`: known values are {} and `latest`",
        known.join(", ")
    )
}

/// Which of the two version settings a document kind is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// The cloud API (`api-version`): pipes, scaling, records, services, errors, managed alerts.
    Api,
    /// The self-hosted analytics-stack server (`stack-version`): alerts, chart series,
    /// dashboards.
    Stack,
}

impl Axis {
    /// The setting's name: `api-version` or `stack-version`.
    pub fn setting(self) -> &'static str {
        match self {
            Axis::Api => "api-version",
            Axis::Stack => "stack-version",
        }
    }

    /// The axis a kind is checked against.
    pub fn of(kind: DocumentKind) -> Axis {
        match kind {
            DocumentKind::StackAlert
            | DocumentKind::ChartSeries
            | DocumentKind::Dashboard
            | DocumentKind::DashboardUpdate => Axis::Stack,
            _ => Axis::Api,
        }
    }
}

/// A version on either axis: where a value first appears, or where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// A cloud API snapshot.
    Api(ApiVersion),
    /// An analytics-stack server release.
    Stack(StackVersion),
}

impl Version {
    /// The axis the version is on.
    pub fn axis(self) -> Axis {
        match self {
            Version::Api(_) => Axis::Api,
            Version::Stack(_) => Axis::Stack,
        }
    }

    /// `2026-04` or `2.27`, without the setting's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Version::Api(v) => v.as_str(),
            Version::Stack(v) => v.as_str(),
        }
    }

    /// The line of `pipelint.toml` that selects this version: `api-version = "2026-04"`.
    pub fn config_line(self) -> String {
        format!("{} = \"{}\"", self.axis().setting(), self.as_str())
    }
}

impl fmt::Display for Version {
    /// `api-version 2026-04` or `stack-version 2.27`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.axis().setting(), self.as_str())
    }
}

/// The versions a body is checked against: one per axis.
///
/// ```
/// use pipelint_core::{ApiVersion, Profile, StackVersion};
///
/// let profile = Profile::default();
/// assert_eq!(profile.api, ApiVersion::V2025_11);
/// let newer = Profile::default().with_api(ApiVersion::parse("latest")?);
/// assert_eq!(newer.api, ApiVersion::LATEST);
/// assert!(StackVersion::parse("2.99").unwrap_err().contains("`2.22`"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Profile {
    /// The cloud API snapshot.
    pub api: ApiVersion,
    /// The analytics-stack server release.
    pub stack: StackVersion,
    /// Whether the user chose the stack release: a stack server of that release really
    /// rejects a newer value, so the finding is an error rather than a warning.
    pub stack_explicit: bool,
    /// The Terraform provider release a `.tf` file is checked against (the newest bundled
    /// one unless the setting or the module's `required_providers` pin says otherwise).
    pub provider: ProviderVersion,
}

impl Profile {
    /// The newest bundled versions on both axes, chosen explicitly.
    pub fn latest() -> Profile {
        Profile::default()
            .with_api(ApiVersion::LATEST)
            .with_stack(StackVersion::LATEST)
    }

    /// The same profile with another cloud API snapshot.
    pub fn with_api(mut self, api: ApiVersion) -> Profile {
        self.api = api;
        self
    }

    /// The same profile with a stack release the user chose.
    pub fn with_stack(mut self, stack: StackVersion) -> Profile {
        self.stack = stack;
        self.stack_explicit = true;
        self
    }

    /// The same profile with another Terraform provider release (the API snapshot is chosen
    /// separately: see [`ProviderVersion::api`]).
    pub fn with_provider(mut self, provider: ProviderVersion) -> Profile {
        self.provider = provider;
        self
    }

    /// The version in force on an axis.
    pub fn in_force(&self, axis: Axis) -> Version {
        match axis {
            Axis::Api => Version::Api(self.api),
            Axis::Stack => Version::Stack(self.stack),
        }
    }

    /// Whether the version in force on `version`'s axis is `version` or newer.
    pub fn reaches(&self, version: Version) -> bool {
        match version {
            Version::Api(v) => self.api >= v,
            Version::Stack(v) => self.stack >= v,
        }
    }

    /// Whether a value accepted from `since` and (if `until` is set) removed in `until` is
    /// accepted under this profile.
    pub fn accepts(&self, since: Version, until: Option<Version>) -> bool {
        self.reaches(since) && !until.is_some_and(|until| self.reaches(until))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_their_names_and_latest() {
        for v in ApiVersion::ALL {
            assert_eq!(ApiVersion::parse(v.as_str()), Ok(*v));
        }
        for v in StackVersion::ALL {
            assert_eq!(StackVersion::parse(v.as_str()), Ok(*v));
        }
        assert_eq!(ApiVersion::parse("latest"), Ok(ApiVersion::LATEST));
        assert_eq!(StackVersion::parse("latest"), Ok(StackVersion::LATEST));
        let error = ApiVersion::parse("2026-06").unwrap_err();
        assert!(
            error.contains("`2025-11`") && error.contains("`latest`"),
            "{error}"
        );
    }

    #[test]
    fn each_provider_release_targets_the_newest_snapshot_not_after_it() {
        use super::super::provider::RELEASES;
        for row in RELEASES {
            // The newest snapshot whose month is not after the release's month.
            let month = &row.date[..7];
            let expected = ApiVersion::ALL
                .iter()
                .rev()
                .find(|a| a.as_str() <= month)
                .copied();
            assert_eq!(ApiVersion::parse(row.api).ok(), expected, "{}", row.tag);
            assert_eq!(Some(row.version.api()), expected, "{}", row.tag);
        }
    }

    #[test]
    fn a_profile_accepts_what_its_axis_reaches() {
        let contract = Profile::default();
        let april = Version::Api(ApiVersion::V2026_04);
        let may = Version::Api(ApiVersion::V2026_05);
        assert!(!contract.accepts(april, None));
        assert!(
            contract
                .with_api(ApiVersion::V2026_04)
                .accepts(april, Some(may))
        );
        assert!(
            !contract
                .with_api(ApiVersion::V2026_05)
                .accepts(april, Some(may))
        );
        // The stack axis is separate.
        assert!(
            !Profile::latest()
                .with_stack(StackVersion::V2_22)
                .accepts(Version::Stack(StackVersion::V2_24), None)
        );
        assert!(!contract.stack_explicit && Profile::latest().stack_explicit);
    }
}
