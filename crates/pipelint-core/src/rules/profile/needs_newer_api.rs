use crate::rules::prelude::*;

use super::facts::{how_to_select, located, matching, pairing_moot, subject, versions};
use crate::Severity;
use crate::api::changes::What;
use crate::api::profile::Axis;

declare_rule! {
    /// ## What it checks
    /// The body uses nothing that only a newer API version accepts than the one pipelint
    /// checks against: a newer source kind (`mysql`, `bigquery`, `mongodb`, `pubsub`), a
    /// newer enum value (Kafka `gcmk`, alert `thresholdType: between`, the dashboard tile
    /// `heatmap`), a newer member (`thresholdMax`, `channels`, `containers`) or a raised
    /// bound (`replicas` up to 40). `pipelint profiles` lists every such value with the
    /// version that first accepts it.
    ///
    /// The version in force is `api-version` for the cloud bodies (default `2025-11`) and
    /// `stack-version` for the self-hosted analytics-stack bodies (default `2.22`). What lies
    /// inside a newer member is not checked further until a profile that has it is chosen.
    ///
    /// It is a warning for the cloud bodies: every customer talks to the current cloud API,
    /// which most likely accepts the body. For the analytics-stack bodies it is a warning
    /// while `stack-version` is left at its default, and an error once you set it: a
    /// server of that release rejects the body.
    ///
    /// ## Why it matters
    /// A server older than the version that added the value rejects the request. Checking
    /// against the version you really send to gives exact verdicts, and the full checks of
    /// the newer members.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"thresholdType": "above_exclusive"}
    /// ```
    ///
    /// ## Fix
    /// Choose the profile of the server you send to (`api-version = "latest"` or
    /// `stack-version = "2.36"` in `pipelint.toml`, or `--api-version` and
    /// `--stack-version`), or use what the older server knows.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"thresholdType": "above"}
    /// ```
    pub static RULE = {
        code: "PL746",
        name: "needs-newer-api",
        severity: Warning,
        kinds: [],
        summary: "A value, member or bound that only a newer API version or server release accepts",
        check: Some(check),
        policy: [ends_checks_inside, kept_inside_newer],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let axis = Axis::of(cx.kind);
    let newer =
        |c: &crate::api::changes::Change| c.what != What::Required && !cx.profile.reaches(c.since);
    let found: Vec<_> = matching(cx, newer)
        .filter(|(change, pointer)| !pairing_moot(cx, change, pointer))
        .collect();
    // What lies inside a newer member is not checked under this profile (P3): a newer
    // member of a newer source (`serverId` of `mysql`), or a raised bound of a newer kind of
    // body, is not a second finding.
    // Each `/` ends a strict prefix (the one at 0 the whole document's ""): linear in the
    // findings, each looked up once per level.
    let places: std::collections::HashSet<&str> = found.iter().map(|(_, p)| p.as_str()).collect();
    let inside_another = |pointer: &str| {
        pointer
            .match_indices('/')
            .any(|(end, _)| places.contains(&pointer[..end]))
    };
    for (change, pointer) in found.iter().filter(|(_, p)| !inside_another(p)) {
        let (change, pointer) = (*change, pointer.clone());
        let in_force = cx.profile.in_force(axis);
        let mut finding = located(
            &RULE,
            change,
            cx,
            &pointer,
            format!(
                "{} needs {} or later; pipelint checks against {in_force}",
                subject(change, cx, &pointer),
                change.since,
            ),
        )
        .with_label(format!("needs {}", change.since))
        .with_help(match change.instead {
            Some(instead) => format!("{}; otherwise {instead}", how_to_select(change.since)),
            None => how_to_select(change.since),
        });
        finding.versions = Some(versions(cx, change));
        if axis == Axis::Stack && cx.profile.stack_explicit {
            finding.severity = Severity::Error;
        }
        out.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::{Profile, StackVersion};
    use crate::{DocumentKind, LintOptions, lint};

    fn findings(json: &str, kind: DocumentKind, profile: Profile) -> Vec<Diagnostic> {
        let options = LintOptions::new().kind(kind).profile(profile);
        lint(json.as_bytes(), &options)
            .diagnostics
            .into_iter()
            .filter(|d| d.rule == &RULE)
            .collect()
    }

    #[test]
    fn a_newer_value_is_a_warning_until_the_stack_version_is_chosen() {
        let tile = r#"{"tiles": [{"id": "a", "x": 0, "y": 0, "w": 6, "h": 4, "config": {"displayType": "heatmap"}}]}"#;
        let default = findings(tile, DocumentKind::Dashboard, Profile::default());
        assert_eq!(default.len(), 1);
        assert_eq!(default[0].severity, Severity::Warning);
        assert_eq!(default[0].pointer, "/tiles/0/config/displayType");
        let chosen = Profile::default().with_stack(StackVersion::V2_24);
        assert_eq!(
            findings(tile, DocumentKind::Dashboard, chosen)[0].severity,
            Severity::Error
        );
        let new_enough = Profile::default().with_stack(StackVersion::V2_27);
        assert!(findings(tile, DocumentKind::Dashboard, new_enough).is_empty());
    }

    #[test]
    fn a_newer_member_inside_a_newer_source_is_not_a_second_finding() {
        let body = r#"{"name": "n", "source": {"mysql": {"host": "h", "port": 3306, "serverId": 7, "settings": {"replicationMode": "cdc"}, "tableMappings": [{"sourceSchemaName": "s", "sourceTable": "t", "targetTable": "s_t"}]}}, "destination": {"database": "d"}}"#;
        let found = findings(body, DocumentKind::CreatePipe, Profile::default());
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(pointers, ["/source/mysql"]);
        let latest = Profile::default().with_api(crate::ApiVersion::LATEST);
        assert!(findings(body, DocumentKind::CreatePipe, latest).is_empty());
    }

    #[test]
    fn a_newer_kind_of_body_is_one_finding_whatever_it_holds() {
        use crate::api::profile::ApiVersion;
        let cdc = r#"{"replicaCpuMillicores": 32000, "replicaMemoryGb": 128}"#;
        let default = findings(cdc, DocumentKind::CdcScaling, Profile::default());
        assert_eq!(default.len(), 1);
        assert_eq!(default[0].pointer, "");
        // Under the version that has the kind, the raised bounds are what it lacks.
        let april = Profile::default().with_api(ApiVersion::V2026_04);
        let pointers: Vec<String> = findings(cdc, DocumentKind::CdcScaling, april)
            .into_iter()
            .map(|d| d.pointer)
            .collect();
        assert_eq!(pointers, ["/replicaCpuMillicores", "/replicaMemoryGb"]);
        assert!(findings(cdc, DocumentKind::CdcScaling, Profile::latest()).is_empty());
    }

    #[test]
    fn a_pairing_whose_other_value_is_newer_is_not_reported_twice() {
        use crate::api::profile::ApiVersion;
        let gcmk = r#"{"name": "p", "source": {"kafka": {"type": "gcmk", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b:9092", "topics": "t"}}, "destination": {"table": "t"}}"#;
        let default = findings(gcmk, DocumentKind::CreatePipe, Profile::default());
        let pointers: Vec<&str> = default.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(pointers, ["/source/kafka/type"]);
        let april = Profile::default().with_api(ApiVersion::V2026_04);
        let pointers: Vec<String> = findings(gcmk, DocumentKind::CreatePipe, april)
            .into_iter()
            .map(|d| d.pointer)
            .collect();
        assert_eq!(pointers, ["/source/kafka/authentication"]);
    }
}
