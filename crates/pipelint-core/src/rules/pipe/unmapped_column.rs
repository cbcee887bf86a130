use std::collections::HashSet;

use crate::Severity;
use crate::api::profile::ApiVersion;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// When `fieldMappings` is present and not empty, every destination column has a
    /// mapping: the API's description of field mappings says every destination column must
    /// be mapped. An absent or empty `fieldMappings` is not reported.
    ///
    /// It is an error under the contract (`api-version` `2025-11`, whose text says every
    /// column "must" be mapped) and a warning from `2026-04` on: there is no evidence that
    /// the current server enforces it, and many official examples map only some columns.
    ///
    /// ## Why it matters
    /// A server that follows the contract rejects mappings that leave a column out, so a
    /// column added to the table without a mapping breaks the next deploy; elsewhere the
    /// column stays empty (or takes its default) for every row, which is rarely what was
    /// meant.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"fieldMappings": [{"sourceField": "shipmentId", "destinationField": "shipment_id"},
    ///                    {"sourceField": "carrier", "destinationField": "carrier"},
    ///                    {"sourceField": "eventTime", "destinationField": "event_time"},
    ///                    {"sourceField": "status", "destinationField": "status"}]}
    /// ```
    ///
    /// ## Fix
    /// Add a mapping for the column, or remove the column. A mapping that names the column
    /// under a misspelt key (`destination_field`) is reported once, as the `unknown-field`
    /// finding with its rename, with this one as a label.
    pub static RULE = {
        code: "PL106",
        name: "unmapped-column",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A destination column has no field mapping although fieldMappings is given",
        check: Some(check),
    };
}

/// The first API version that does not enforce the rule (api-profiles.md P11): a warning
/// from then on.
const LENIENT_FROM: ApiVersion = ApiVersion::V2026_04;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let severity = if cx.profile.api >= LENIENT_FROM {
        Severity::Warning
    } else {
        Severity::Error
    };
    let has_mappings = cx
        .get("/fieldMappings")
        .and_then(serde_json::Value::as_array)
        .is_some_and(|m| !m.is_empty());
    if !has_mappings {
        return;
    }
    let pipe = cx.pipe_index();
    if pipe.columns.iter().all(|&(_, name)| pipe.is_mapped(name)) {
        return;
    }
    let columns = Names::new(pipe.columns.iter().map(|&(_, name)| name));
    // A mapping with a misspelt destination is reported by `unknown-mapping-destination`,
    // which names the column meant; that column is not reported again here. (The order
    // of the mappings decides which ones get a similarity search, as in that rule.)
    let meant: HashSet<&str> = pipe
        .destinations
        .iter()
        .map(|&(_, field)| field)
        .filter(|field| !columns.contains(field))
        .filter_map(|field| columns.closest(field))
        .collect();
    for &(index, name) in &pipe.columns {
        if pipe.is_mapped(name) || meant.contains(name) {
            continue;
        }
        let pointer = format!("/destination/columns/{index}/name");
        let mut finding = cx
            .at_value(&RULE, &pointer, format!("column `{name}` has no field mapping"))
                .with_label("not mapped")
                .with_secondary(cx.key_span("/fieldMappings"), "mappings given here")
                .with_help(format!(
                    "add `{{\"sourceField\": \"…\", \"destinationField\": \"{name}\"}}` to `fieldMappings`, or remove the column"
                ))
                // A mapping whose misspelt `destinationField` key holds this name explains it.
                .wanting("/fieldMappings/*/destinationField", &serde_json::Value::from(name));
        finding.severity = severity;
        out.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LintOptions, Profile, lint};

    #[test]
    fn an_error_under_the_contract_and_a_warning_from_2026_04() {
        let body = r#"{"name": "p", "source": {"kinesis": {"authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r", "format": "JSONEachRow", "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "s"}},
            "destination": {"database": "d", "table": "t", "managedTable": true, "columns": [{"name": "a", "type": "String"}, {"name": "b", "type": "String"}]},
            "fieldMappings": [{"sourceField": "a", "destinationField": "a"}]}"#;
        let severity = |api| {
            let options = LintOptions::new()
                .kind(DocumentKind::CreatePipe)
                .profile(Profile::default().with_api(api));
            let found: Vec<Severity> = lint(body.as_bytes(), &options)
                .diagnostics
                .into_iter()
                .filter(|d| d.rule == &RULE)
                .map(|d| d.severity)
                .collect();
            found
        };
        assert_eq!(severity(ApiVersion::V2025_11), [Severity::Error]);
        for api in [ApiVersion::V2026_04, ApiVersion::LATEST] {
            assert_eq!(severity(api), [Severity::Warning]);
        }
    }
}
