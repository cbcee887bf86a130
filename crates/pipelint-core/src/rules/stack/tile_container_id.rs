use std::collections::{HashMap, HashSet};

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A tile's `containerId` names a container of the dashboard's `containers`, and its
    /// `tabId` names a tab of that container (stack-version 2.27 and later).
    ///
    /// ## Why it matters
    /// A tile placed in a container or tab that does not exist is not shown where it was
    /// meant to be: the dashboard opens without it in its group.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/ stack-version:latest
    /// {"containers": [{"id": "latency", "title": "Latency", "collapsed": false}],
    ///  "tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4, "containerId": "errors",
    ///   "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}}]}
    /// ```
    ///
    /// ## Fix
    /// Use the id of one of the containers (and of one of its tabs), or add the container.
    ///
    /// ```json good kind:dashboard at:/ stack-version:latest
    /// {"containers": [{"id": "latency", "title": "Latency", "collapsed": false}],
    ///  "tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4, "containerId": "latency",
    ///   "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}}]}
    /// ```
    pub static RULE = {
        code: "PL759",
        name: "tile-container-id",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A tile's containerId or tabId names no container or tab of the dashboard",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let containers: Vec<&Map<String, Value>> = cx
        .get("/containers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .collect();
    let ids = |items: &[&Map<String, Value>]| -> Vec<String> {
        items
            .iter()
            .filter_map(|c| c.get("id").and_then(Value::as_str).map(str::to_owned))
            .collect()
    };
    let container_ids = ids(&containers);
    let repeated: HashSet<&str> = crate::rules::support::repeats(
        container_ids
            .iter()
            .enumerate()
            .map(|(i, id)| (i, id.as_str())),
    )
    .into_iter()
    .map(|(_, _, id)| id)
    .collect();
    // Looked up once per tile: by id, with each container's tab ids, so the check stays
    // linear in tiles plus containers plus tabs.
    let mut by_id: HashMap<&str, (&Map<String, Value>, Vec<String>)> = HashMap::new();
    for container in &containers {
        if let Some(id) = container.get("id").and_then(Value::as_str) {
            by_id.entry(id).or_insert_with(|| {
                let tabs: Vec<&Map<String, Value>> = container
                    .get("tabs")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_object)
                    .collect();
                (container, ids(&tabs))
            });
        }
    }
    let tab_sets: HashMap<&str, HashSet<&str>> = by_id
        .iter()
        .map(|(id, (_, tabs))| (*id, tabs.iter().map(String::as_str).collect()))
        .collect();
    for (i, tile) in super::facts::tiles(cx) {
        let Some(container_id) = tile.get("containerId").and_then(Value::as_str) else {
            if tile.get("tabId").is_some_and(|v| !v.is_null()) {
                out.push(
                    cx.at_key(
                        &RULE,
                        &format!("/tiles/{i}/tabId"),
                        "`tabId` without `containerId`",
                    )
                    .with_label("a tab of no container")
                    .with_help("add the `containerId` of the container that has this tab"),
                );
            }
            continue;
        };
        let Some((_, tab_ids)) = by_id.get(container_id) else {
            let pointer = format!("/tiles/{i}/containerId");
            let diagnostic = cx
                .at_value(
                    &RULE,
                    &pointer,
                    format!("no container has the id `{container_id}`"),
                )
                .with_label("unknown container");
            let known: Vec<&str> = container_ids.iter().map(String::as_str).collect();
            out.push(help_with_guess(
                diagnostic,
                cx,
                &pointer,
                Some(container_id),
                &known,
                &known,
                "containers",
            ));
            continue;
        };
        let Some(tab_id) = tile.get("tabId").and_then(Value::as_str) else {
            continue;
        };
        // Two containers of this id: which one's tabs the tile means is unknown, and
        // `duplicate-container-id` reports the cause.
        if repeated.contains(container_id) {
            continue;
        }
        if tab_sets
            .get(container_id)
            .is_some_and(|tabs| tabs.contains(tab_id))
        {
            continue;
        }
        let pointer = format!("/tiles/{i}/tabId");
        let diagnostic = cx
            .at_value(
                &RULE,
                &pointer,
                format!("container `{container_id}` has no tab `{tab_id}`"),
            )
            .with_label("unknown tab");
        let known: Vec<&str> = tab_ids.iter().map(String::as_str).collect();
        out.push(help_with_guess(
            diagnostic,
            cx,
            &pointer,
            Some(tab_id),
            &known,
            &known,
            "its tabs",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    fn pointers(tile: &str) -> Vec<String> {
        let json = format!(
            r#"{{"name": "d", "containers": [{{"id": "a", "title": "A", "collapsed": false, "tabs": [{{"id": "t1", "title": "One"}}]}}],
               "tiles": [{{"name": "t", "x": 0, "y": 0, "w": 6, "h": 3, "config": {{"displayType": "markdown"}}, {tile}}}]}}"#
        );
        findings_as_under(&RULE, DocumentKind::Dashboard, &json, Profile::latest())
            .into_iter()
            .map(|d| d.pointer)
            .collect()
    }

    #[test]
    fn tiles_name_existing_containers_and_tabs() {
        assert!(pointers(r#""containerId": "a", "tabId": "t1""#).is_empty());
        assert_eq!(pointers(r#""containerId": "b""#), ["/tiles/0/containerId"]);
        assert_eq!(
            pointers(r#""containerId": "a", "tabId": "t2""#),
            ["/tiles/0/tabId"]
        );
        assert_eq!(pointers(r#""tabId": "t1""#), ["/tiles/0/tabId"]);
    }

    #[test]
    fn a_tab_of_a_repeated_container_id_is_left_to_duplicate_container_id() {
        let json = r#"{"name": "d", "containers": [{"id": "a", "title": "A", "collapsed": false},
            {"id": "a", "title": "A2", "collapsed": false, "tabs": [{"id": "t1", "title": "One"}]}],
          "tiles": [{"name": "t", "x": 0, "y": 0, "w": 6, "h": 3, "config": {"displayType": "markdown"}, "containerId": "a", "tabId": "t1"}]}"#;
        assert!(
            findings_as_under(&RULE, DocumentKind::Dashboard, json, Profile::latest()).is_empty()
        );
    }
}
