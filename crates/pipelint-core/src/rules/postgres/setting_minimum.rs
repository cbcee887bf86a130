use super::SETTINGS;
use super::facts::settings;
use crate::Severity;
use crate::api::profile::ApiVersion;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The numeric Postgres settings are at least their server minimum:
    /// `initialLoadParallelism`, `pullBatchSize`, `snapshotNumberOfParallelTables` and
    /// `syncIntervalSeconds` at least 1, `snapshotNumRowsPerPartition` at least 1000. A
    /// warning under the contract (`api-version` `2025-11`), whose interface gives no bounds;
    /// an error from `2026-04` on, whose API description states them.
    ///
    /// ## Why it matters
    /// The deployed server rejects smaller values although the interface states no bound, so
    /// a body that passes the schema still fails when it is sent.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres
    /// {"settings": {"pullBatchSize": 0, "snapshotNumRowsPerPartition": 500}}
    /// ```
    ///
    /// ## Fix
    /// Use a value at or above the minimum, or leave the setting out to use the default.
    ///
    /// ```json good kind:create-pipe at:/source/postgres
    /// {"settings": {"pullBatchSize": 10000, "snapshotNumRowsPerPartition": 100000}}
    /// ```
    pub static RULE = {
        code: "PL406",
        name: "postgres-setting-minimum",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A numeric Postgres setting is below the server minimum",
        check: Some(check),
    };
}

/// Server minimums of the numeric Postgres settings (real-API notes).
const MINIMUMS: [(&str, f64); 5] = [
    ("initialLoadParallelism", 1.0),
    ("pullBatchSize", 1.0),
    ("snapshotNumRowsPerPartition", 1000.0),
    ("snapshotNumberOfParallelTables", 1.0),
    ("syncIntervalSeconds", 1.0),
];

/// The first API version whose description states the minimums (api-profiles.md row 20).
const STATED_FROM: ApiVersion = ApiVersion::V2026_04;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let severity = if cx.profile.api >= STATED_FROM {
        Severity::Error
    } else {
        Severity::Warning
    };
    let Some(settings) = settings(cx) else {
        return;
    };
    for (name, minimum) in MINIMUMS {
        let Some(number) = settings.get(name).and_then(serde_json::Value::as_number) else {
            continue;
        };
        let Some(value) = number.as_f64() else {
            continue;
        };
        if value >= minimum {
            continue;
        }
        let pointer = format!("{SETTINGS}/{name}");
        let mut finding = cx
            .at_value(
                &RULE,
                &pointer,
                format!("`{name}` is {number}, but the server accepts only {minimum} or more"),
            )
            .with_label(format!("below the minimum of {minimum}"))
            .with_help(format!(
                "use a value of {minimum} or more, or leave `{name}` out to use the default"
            ));
        finding.severity = severity;
        out.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::body;
    use crate::{LintOptions, Profile, lint};

    #[test]
    fn a_warning_under_the_contract_and_an_error_once_the_api_states_the_minimum() {
        let json = body(
            r#"{"postgres": {"host": "db", "port": 5432, "database": "app", "settings": {"pullBatchSize": 0}, "tableMappings": [{"sourceSchemaName": "public", "sourceTable": "a", "targetTable": "a"}]}}"#,
        );
        let severity = |api| {
            let options = LintOptions::new()
                .kind(DocumentKind::CreatePipe)
                .profile(Profile::default().with_api(api));
            lint(json.as_bytes(), &options)
                .diagnostics
                .into_iter()
                .filter(|d| d.rule == &RULE)
                .map(|d| d.severity)
                .collect::<Vec<_>>()
        };
        assert_eq!(severity(ApiVersion::V2025_11), [Severity::Warning]);
        assert_eq!(severity(ApiVersion::V2026_04), [Severity::Error]);
    }
}
