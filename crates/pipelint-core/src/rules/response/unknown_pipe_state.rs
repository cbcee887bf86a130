use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A pipe record's `state` is one of the states the real API reports: `Unknown`,
    /// `Provisioning`, `Running`, `Degraded`, `Stopping`, `Stopped`, `Failed`, `Completed`,
    /// `InternalError`, `Setup`, `Snapshot`, `Paused`, `Pausing`, `Modifying`, `Resync`
    /// (the API's description does not list them).
    ///
    /// ## Why it matters
    /// Client code branches on the state ("wait until `Running`"). A mock with `RUNNING` or
    /// `Active` tests a branch the API never takes. It is a warning because the API may add
    /// states.
    ///
    /// ## Example
    /// ```json bad kind:pipe at:/
    /// {"id": "0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41", "name": "orders", "state": "RUNNING"}
    /// ```
    ///
    /// ## Fix
    /// Use the state as the API spells it; the did-you-mean fix does that for a different
    /// case or a small typo.
    ///
    /// ```json good kind:pipe at:/
    /// {"id": "0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41", "name": "orders", "state": "Running"}
    /// ```
    pub static RULE = {
        code: "PL606",
        name: "unknown-pipe-state",
        severity: Warning,
        kinds: [Pipe, PipeResponse],
        summary: "A pipe record's state is not one the API reports",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

/// Pipe states seen in the real API (real-API notes).
pub const PIPE_STATES: &[&str] = &[
    "Unknown",
    "Provisioning",
    "Running",
    "Degraded",
    "Stopping",
    "Stopped",
    "Failed",
    "Completed",
    "InternalError",
    "Setup",
    "Snapshot",
    "Paused",
    "Pausing",
    "Modifying",
    "Resync",
];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        let pointer = format!("{record}/state");
        let Some(state) = id_to_check(cx.get(&pointer)) else {
            continue;
        };
        if PIPE_STATES.contains(&state) {
            continue;
        }
        let mut diagnostic = cx
            .at_value(
                &RULE,
                &pointer,
                format!("`{state}` is not a pipe state the API reports"),
            )
            .with_label("unknown state");
        diagnostic = match closest(state, PIPE_STATES.iter().copied()) {
            Some(meant) => diagnostic
                .with_help(format!("did you mean `{meant}`?"))
                .with_fix(crate::rules::edit::replace_with_guess(
                    cx, &pointer, state, meant,
                )),
            None => diagnostic.with_help(format!("known states: {}", list_code(PIPE_STATES))),
        };
        out.push(diagnostic);
    }
}
