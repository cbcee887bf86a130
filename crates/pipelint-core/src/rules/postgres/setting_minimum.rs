use super::{SETTINGS, settings};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The numeric Postgres settings are at least their server minimum (real-API notes):
    /// `initialLoadParallelism`, `pullBatchSize`, `snapshotNumberOfParallelTables` and
    /// `syncIntervalSeconds` at least 1, `snapshotNumRowsPerPartition` at least 1000. A
    /// warning, because the interface gives no bounds.
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

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
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
        out.push(
            cx.at_value(
                &RULE,
                &pointer,
                format!("`{name}` is {number}, but the server accepts only {minimum} or more"),
            )
            .with_label(format!("below the minimum of {minimum}"))
            .with_help(format!(
                "use a value of {minimum} or more, or leave `{name}` out to use the default"
            )),
        );
    }
}
