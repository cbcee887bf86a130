use crate::rules::prelude::*;

use super::SETTINGS;
use super::facts::{settings, slot_name};

declare_rule! {
    /// ## What it checks
    /// `enableFailoverSlots: true` is not combined with a `replicationSlotName` in the
    /// Postgres settings: the API documents failover slots as requiring that no replication
    /// slot is configured.
    ///
    /// ## Why it matters
    /// Failover is a property of the replication slot the pipe creates itself. With a slot
    /// of your own the pipe creates none, so the request is rejected.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres
    /// {"settings": {"replicationMode": "cdc_only", "replicationSlotName": "pipes_slot",
    ///               "enableFailoverSlots": true}}
    /// ```
    ///
    /// ## Fix
    /// Remove `replicationSlotName` to let the pipe create a failover slot, or set
    /// `enableFailoverSlots` to `false` to keep using your own slot.
    ///
    /// ```json good kind:create-pipe at:/source/postgres
    /// {"settings": {"replicationMode": "cdc_only", "replicationSlotName": "pipes_slot",
    ///               "enableFailoverSlots": false}}
    /// ```
    pub static RULE = {
        code: "PL404",
        name: "postgres-failover-slot-name",
        severity: Error,
        kinds: [CreatePipe],
        summary: "enableFailoverSlots is true although a replicationSlotName is set",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(settings) = settings(cx) else {
        return;
    };
    if settings.get("enableFailoverSlots") != Some(&Value::Bool(true)) {
        return;
    }
    let Some(slot) = slot_name(cx) else {
        return;
    };
    let failover = format!("{SETTINGS}/enableFailoverSlots");
    out.push(
        cx.at_value(
            &RULE,
            &failover,
            format!(
                "failover slots need a slot the pipe creates, but `replicationSlotName` is `{slot}`"
            ),
        )
        .with_label("failover requested here")
        .with_secondary(
            cx.value_span(&format!("{SETTINGS}/replicationSlotName")),
            "own replication slot set here",
        )
        .with_help(
            "remove `replicationSlotName` to let the pipe create a failover slot, or set \
             `\"enableFailoverSlots\": false` to keep using your own slot",
        ),
    );
}
