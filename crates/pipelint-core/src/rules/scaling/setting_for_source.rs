use crate::rules::prelude::*;

use super::facts::{pipe_source, remove_member_fix};

declare_rule! {
    /// ## What it checks
    /// Each pipe setting suits the pipe's source kind: the
    /// `object_storage_*` settings apply to object-storage pipes and
    /// `streaming_max_insert_wait_ms` to streaming pipes (Kafka and Kinesis). The `db_*`
    /// settings apply to every pipe. Settings that are `null` count as not set.
    ///
    /// ## Why it matters
    /// A setting for another kind of pipe has no effect, so the tuning you expect does not
    /// happen, and it may be refused by the server.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/settings
    /// {"object_storage_max_file_count": 100}
    /// ```
    ///
    /// ## Fix
    /// Remove the setting, or use the setting of this pipe's kind (for a streaming pipe,
    /// `streaming_max_insert_wait_ms`).
    ///
    /// ```json good kind:create-pipe at:/
    /// {"settings": {"streaming_max_insert_wait_ms": 1000}}
    /// ```
    pub static RULE = {
        code: "PL503",
        name: "setting-for-source",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A pipe setting does not apply to the pipe's source kind",
        check: Some(check),
        fix: Unsafe,
    };
}

/// Which pipes a setting applies to, in words, and the test for a source kind.
type AppliesTo = (&'static str, fn(SourceKind) -> bool);

/// The source kinds a setting applies to; `None` for settings of every pipe.
fn applies_to(setting: &str) -> Option<AppliesTo> {
    if setting.starts_with("object_storage_") {
        Some(("object-storage pipes", |k| k == SourceKind::ObjectStorage))
    } else if setting == "streaming_max_insert_wait_ms" {
        Some((
            "streaming (Kafka and Kinesis) pipes",
            SourceKind::is_streaming,
        ))
    } else {
        None
    }
}

/// Whether the create-pipe schema defines the setting (from its table in `schema.rs`, so a
/// run does not parse the schema).
fn is_known_setting(name: &str) -> bool {
    crate::schema::CREATE_PIPE_SETTINGS.contains(&name)
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(settings) = cx.get("/settings").and_then(Value::as_object) else {
        return;
    };
    let Some(source) = pipe_source(cx) else {
        return;
    };
    for (name, value) in settings {
        // Null is "not set"; other wrong types are the schema's.
        if !(value.is_number() || value.is_boolean()) {
            continue;
        }
        // Unknown settings are reported by `unknown-field`.
        if !is_known_setting(name) {
            continue;
        }
        let Some((pipes, applies)) = applies_to(name) else {
            continue;
        };
        if applies(source.kind) {
            continue;
        }
        let pointer = crate::pointer::pointer_join("/settings", name);
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!("`{name}` does not apply to {}", source.describe()),
            )
            .with_label("not used by this pipe")
            .with_help(format!("remove `{name}`: it applies to {pipes} only"));
        if let Some(span) = source.key_span(cx) {
            diagnostic = diagnostic.with_secondary(span, source.label());
        }
        if let Some(fix) = remove_member_fix(cx, &pointer) {
            diagnostic = diagnostic.with_fix(fix.unsafe_fix());
        }
        out.push(diagnostic);
    }
}
