use crate::api::profile::{StackVersion, Version};
use crate::rules::prelude::*;
use crate::rules::support::repeats;

declare_rule! {
    /// ## What it checks
    /// No two containers of a dashboard have the same `id`, and no two tabs of one
    /// container have the same `id` (stack-version 2.27 and later, where dashboards have
    /// containers).
    ///
    /// ## Why it matters
    /// Tiles name their container by `containerId` and their tab by `tabId`; with two of
    /// the same id the server cannot tell which one a tile belongs to and rejects the
    /// dashboard ("Container IDs must be unique", "Duplicate tab id"). Copying a container
    /// in the file and forgetting to change its id is the usual cause.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/ stack-version:latest
    /// {"containers": [{"id": "latency", "title": "Latency", "collapsed": false},
    ///                 {"id": "latency", "title": "Errors", "collapsed": false}],
    ///  "tiles": []}
    /// ```
    ///
    /// ## Fix
    /// Give the copy its own id, and move the tiles meant for it there with `containerId`.
    ///
    /// ```json good kind:dashboard at:/ stack-version:latest
    /// {"containers": [{"id": "latency", "title": "Latency", "collapsed": false},
    ///                 {"id": "errors", "title": "Errors", "collapsed": false}],
    ///  "tiles": []}
    /// ```
    pub static RULE = {
        code: "PL761",
        name: "duplicate-container-id",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "Two containers of a dashboard, or two tabs of a container, have the same id",
        check: Some(check),
    };
}

/// The first release with containers (row 41 of the table of changes); on an older one
/// `containers` itself is the finding (`needs-newer-api`), not what it holds.
const CONTAINERS: Version = Version::Stack(StackVersion::V2_27);

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if !cx.profile.reaches(CONTAINERS) {
        return;
    }
    let Some(containers) = cx.get("/containers").and_then(Value::as_array) else {
        return;
    };
    let ids = |items: &'_ [Value]| -> Vec<(usize, String)> {
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| Some((i, item.get("id")?.as_str()?.to_owned())))
            .collect()
    };
    let container_ids = ids(containers);
    for (index, first, id) in repeats(container_ids.iter().map(|(i, id)| (*i, id.as_str()))) {
        let pointer = |i| format!("/containers/{i}/id");
        out.push(
            cx.at_value(
                &RULE,
                &pointer(index),
                format!("container id `{id}` is already used by `containers[{first}]`"),
            )
            .with_label("used again here")
            .with_secondary(cx.value_span(&pointer(first)), "first used here")
            .with_help("give this container its own id; tiles name it by `containerId`"),
        );
    }
    for (c, container) in containers.iter().enumerate() {
        let Some(tabs) = container.get("tabs").and_then(Value::as_array) else {
            continue;
        };
        let tab_ids = ids(tabs);
        for (index, first, id) in repeats(tab_ids.iter().map(|(i, id)| (*i, id.as_str()))) {
            let pointer = |i| format!("/containers/{c}/tabs/{i}/id");
            out.push(
                cx.at_value(
                    &RULE,
                    &pointer(index),
                    format!("tab id `{id}` is already used by `tabs[{first}]` of this container"),
                )
                .with_label("used again here")
                .with_secondary(cx.value_span(&pointer(first)), "first used here")
                .with_help("give this tab its own id; tiles name it by `tabId`"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    fn pointers(containers: &str, profile: Profile) -> Vec<String> {
        let json = format!(r#"{{"name": "d", "containers": [{containers}], "tiles": []}}"#);
        findings_as_under(&RULE, DocumentKind::Dashboard, &json, profile)
            .into_iter()
            .map(|d| d.pointer)
            .collect()
    }

    #[test]
    fn reports_repeated_container_and_tab_ids_from_the_release_with_containers() {
        let containers = r#"{"id": "a", "title": "A", "collapsed": false, "tabs": [{"id": "t", "title": "T"}, {"id": "u", "title": "U"}, {"id": "t", "title": "T2"}]},
            {"id": "b", "title": "B", "collapsed": false, "tabs": [{"id": "t", "title": "T"}]},
            {"id": "a", "title": "A2", "collapsed": false}"#;
        let latest = Profile::default().with_stack(StackVersion::LATEST);
        assert_eq!(
            pointers(containers, latest),
            ["/containers/0/tabs/2/id", "/containers/2/id"]
        );
        let first = Profile::default().with_stack(StackVersion::V2_27);
        assert_eq!(pointers(containers, first).len(), 2);
        // Before containers the member itself is the finding.
        assert!(pointers(containers, Profile::default()).is_empty());
        // The same tab id in two containers is fine.
        let apart = r#"{"id": "a", "title": "A", "collapsed": false, "tabs": [{"id": "t", "title": "T"}]},
            {"id": "b", "title": "B", "collapsed": false, "tabs": [{"id": "t", "title": "T"}]}"#;
        assert!(pointers(apart, latest).is_empty());
    }
}
