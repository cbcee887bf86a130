use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// In a service record, each lower memory bound is not above its upper bound:
    /// `minReplicaMemoryGb` ≤ `maxReplicaMemoryGb` and `minTotalMemoryGb` ≤
    /// `maxTotalMemoryGb`.
    ///
    /// ## Why it matters
    /// The bounds are the autoscaling range of the service; the API never reports a range
    /// whose lower end is above its upper end. A mock with the bounds swapped tests code
    /// paths (capacity displays, cost estimates) with impossible input.
    ///
    /// It is a warning: the interface states no such constraint and no request carries
    /// this record, so nothing rejects it; it is a likely mistake in a recorded or mocked
    /// response.
    ///
    /// ## Example
    /// ```json bad kind:service at:/
    /// {"id": "5f0a4b1e-8c2d-4e7f-9a3b-1c2d3e4f5a6b", "minReplicaMemoryGb": 64, "maxReplicaMemoryGb": 16}
    /// ```
    ///
    /// ## Fix
    /// Swap the two values, or correct the mistyped one.
    ///
    /// ```json good kind:service at:/
    /// {"minReplicaMemoryGb": 16, "maxReplicaMemoryGb": 64}
    /// ```
    pub static RULE = {
        code: "PL650",
        name: "memory-min-above-max",
        severity: Warning,
        kinds: [Service, ServiceList],
        summary: "A service's minimum memory bound is above its maximum",
        check: Some(check),
    };
}

const PAIRS: &[(&str, &str)] = &[
    ("minReplicaMemoryGb", "maxReplicaMemoryGb"),
    ("minTotalMemoryGb", "maxTotalMemoryGb"),
];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        for (min_name, max_name) in PAIRS {
            let min_pointer = format!("{record}/{min_name}");
            let max_pointer = format!("{record}/{max_name}");
            let (Some(min), Some(max)) = (
                cx.get(&min_pointer).and_then(Value::as_f64),
                cx.get(&max_pointer).and_then(Value::as_f64),
            ) else {
                continue;
            };
            if min > max {
                out.push(
                    cx.at_value(
                        &RULE,
                        &min_pointer,
                        format!("`{min_name}` ({min}) is above `{max_name}` ({max})"),
                    )
                    .with_label("lower bound")
                    .with_secondary(cx.value_span(&max_pointer), "upper bound")
                    .with_help("the lower bound of a range is not above its upper bound: swap the values or correct the mistyped one"),
                );
            }
        }
    }
}
