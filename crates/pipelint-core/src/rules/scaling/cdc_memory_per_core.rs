use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A CDC scaling body that sets both `replicaCpuMillicores` and `replicaMemoryGb` gives
    /// 4 GB of memory per CPU core (1000 millicores): 2000 millicores with 8 GB, 4000 with
    /// 16. Values outside their bounds or steps are `out-of-range`'s and `schema-violation`'s
    /// findings, and this rule stays quiet on them.
    ///
    /// ## Why it matters
    /// The API's description of the body says the memory "must be 4×" the CPU cores, and the
    /// MySQL and MongoDB scaling docs size the CDC replica that way: another ratio is
    /// refused.
    ///
    /// ## Example
    /// ```json bad kind:cdc-scaling api-version:latest
    /// {"replicaCpuMillicores": 4000, "replicaMemoryGb": 8}
    /// ```
    ///
    /// ## Fix
    /// Set the memory to 4 GB per core, or the cores to a quarter of the memory.
    ///
    /// ```json good kind:cdc-scaling api-version:latest
    /// {"replicaCpuMillicores": 4000, "replicaMemoryGb": 16}
    /// ```
    pub static RULE = {
        code: "PL508",
        name: "cdc-memory-per-core",
        severity: Error,
        kinds: [CdcScaling],
        summary: "A CDC scaling body's memory is not 4 GB per CPU core",
        check: Some(check),
    };
}

const CPU: &str = "/replicaCpuMillicores";
const MEMORY: &str = "/replicaMemoryGb";

/// The schema's bounds and steps of the two members (`schemas/cdc-scaling.schema.json`): a
/// value outside them is already reported, and a ratio built on it would mislead.
fn within_schema(value: f64, step: f64, max: f64) -> bool {
    value >= step && value <= max && (value / step).fract() == 0.0
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let (Some(cpu), Some(memory)) = (
        cx.get(CPU).and_then(Value::as_f64),
        cx.get(MEMORY).and_then(Value::as_f64),
    ) else {
        return;
    };
    if !within_schema(cpu, 1000.0, 32000.0) || !within_schema(memory, 4.0, 128.0) {
        return;
    }
    let cores = cpu / 1000.0;
    if memory == cores * 4.0 {
        return;
    }
    out.push(
        cx.at_value(
            &RULE,
            MEMORY,
            format!(
                "`replicaMemoryGb` is {memory}, but {cores} CPU cores need {} GB (4 GB per core)",
                cores * 4.0
            ),
        )
        .with_label(format!("must be {} for {cores} cores", cores * 4.0))
        .with_secondary(cx.value_span(CPU), format!("{cores} cores"))
        .with_help(format!(
            "set `replicaMemoryGb` to {}, or `replicaCpuMillicores` to {} for {memory} GB",
            cores * 4.0,
            memory / 4.0 * 1000.0
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::{ApiVersion, Profile};
    use crate::rules::testing::findings_as_under;

    fn found(body: &str) -> Vec<Diagnostic> {
        let latest = Profile::default().with_api(ApiVersion::LATEST);
        findings_as_under(&RULE, DocumentKind::CdcScaling, body, latest)
    }

    #[test]
    fn memory_is_four_times_the_cores() {
        assert!(found(r#"{"replicaCpuMillicores": 2000, "replicaMemoryGb": 8}"#).is_empty());
        assert!(found(r#"{"replicaCpuMillicores": 32000, "replicaMemoryGb": 128}"#).is_empty());
        let wrong = found(r#"{"replicaCpuMillicores": 4000, "replicaMemoryGb": 8}"#);
        assert_eq!(wrong.len(), 1);
        assert_eq!(wrong[0].pointer, MEMORY);
        // One member alone: the other is the service's current value, unknown here.
        assert!(found(r#"{"replicaMemoryGb": 8}"#).is_empty());
        // Out of bounds or off the step: the schema's finding, not a ratio.
        assert!(found(r#"{"replicaCpuMillicores": 2, "replicaMemoryGb": 2}"#).is_empty());
        assert!(found(r#"{"replicaCpuMillicores": 1500, "replicaMemoryGb": 8}"#).is_empty());
    }
}
