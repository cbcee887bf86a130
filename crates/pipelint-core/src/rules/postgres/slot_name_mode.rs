use super::SETTINGS;
use super::facts::{settings, slot_name};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Postgres `replicationSlotName` is used with `"replicationMode": "cdc_only"`: the real
    /// server accepts an existing slot only in that mode. A missing
    /// `replicationMode` counts as another mode. Silent when the mode is not one of the known
    /// values (the schema reports it).
    ///
    /// ## Why it matters
    /// The deployed server refuses a slot name in the other modes, although the interface
    /// lists the member without that condition, so the request fails only when it is sent.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres
    /// {"settings": {"replicationMode": "cdc", "replicationSlotName": "pipes_orders_slot"}}
    /// ```
    ///
    /// ## Fix
    /// Set `"replicationMode": "cdc_only"` to stream changes from your own slot, or remove
    /// `replicationSlotName`.
    ///
    /// ```json good kind:create-pipe at:/source/postgres
    /// {"settings": {"replicationMode": "cdc_only", "replicationSlotName": "pipes_orders_slot"}}
    /// ```
    pub static RULE = {
        code: "PL405",
        name: "postgres-slot-name-mode",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "replicationSlotName is set without replicationMode cdc_only",
        check: Some(check),
    };
}

const MODES: [&str; 3] = ["cdc", "snapshot", "cdc_only"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(settings) = settings(cx) else {
        return;
    };
    if slot_name(cx).is_none() {
        return;
    }
    let slot = format!("{SETTINGS}/replicationSlotName");
    let mode_pointer = format!("{SETTINGS}/replicationMode");
    let diagnostic = match settings.get("replicationMode") {
        None => cx
            .at_key(
                &RULE,
                &slot,
                "`replicationSlotName` is accepted only with `\"replicationMode\": \"cdc_only\"`, and no mode is set",
            )
            .with_label("slot given without `cdc_only`"),
        Some(mode) => match mode.as_str() {
            Some("cdc_only") => return,
            Some(mode) if MODES.contains(&mode) => cx
                .at_key(
                    &RULE,
                    &slot,
                    format!("`replicationSlotName` is accepted only in `cdc_only` mode, not `{mode}`"),
                )
                .with_label("slot given without `cdc_only`")
                .with_secondary(cx.value_span(&mode_pointer), "replication mode set here"),
            // A value the schema reports.
            _ => return,
        },
    };
    out.push(diagnostic.with_help(
        "set `\"replicationMode\": \"cdc_only\"` to stream changes from your own slot, or remove \
         `replicationSlotName` and let the pipe create one",
    ));
}
