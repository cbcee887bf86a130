use super::facts::{pipe_source, remove_member_fix, scaling_object};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The scaling member `concurrency` is used, in a create body's `scaling` or in a scaling
    /// patch. It is deprecated; the pipe setting
    /// `settings.object_storage_concurrency` replaces it. Not reported when the pipe is known
    /// not to read from object storage: `scaling-for-source` or `scaling-on-postgres` report
    /// the member there.
    ///
    /// ## Why it matters
    /// Deprecated members may stop working in a later version of the API, and two places to
    /// set one value invite contradicting values.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"source": {"objectStorage": {"type": "s3", "format": "CSV",
    ///    "url": "https://noaa-ghcn-pds.s3.amazonaws.com/csv.gz/by_year/2024.csv.gz"}},
    ///  "scaling": {"concurrency": 8}}
    /// ```
    ///
    /// ## Fix
    /// Remove `scaling.concurrency` and set `settings.object_storage_concurrency` instead.
    ///
    /// ```json good kind:create-pipe at:/
    /// {"settings": {"object_storage_concurrency": 8}}
    /// ```
    pub static RULE = {
        code: "PL502",
        name: "deprecated-concurrency",
        severity: Warning,
        kinds: [CreatePipe, PipeScaling],
        summary: "The deprecated scaling member concurrency is used (use settings.object_storage_concurrency)",
        check: Some(check),
        fix: Unsafe,
    };
}

const SETTING: &str = "/settings/object_storage_concurrency";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pointer = format!("{}/concurrency", scaling_object(cx));
    if !cx.get(&pointer).is_some_and(|v| v.is_i64() || v.is_u64()) {
        return;
    }
    if pipe_source(cx).is_some_and(|s| s.kind != SourceKind::ObjectStorage) {
        return;
    }
    let diagnostic = cx
        .at_key(
            &RULE,
            &pointer,
            "`concurrency` is deprecated; the pipe setting `settings.object_storage_concurrency` replaces it",
        )
        .with_label("deprecated");
    let diagnostic = match cx.kind {
        DocumentKind::CreatePipe if cx.get(SETTING).is_some_and(|v| !v.is_null()) => {
            let diagnostic = diagnostic
                .with_secondary(cx.key_span(SETTING), "the setting is already given here")
                .with_help(
                    "remove `scaling.concurrency`: `settings.object_storage_concurrency` is already set",
                );
            match remove_member_fix(cx, &pointer) {
                Some(fix) => diagnostic.with_fix(fix.unsafe_fix()),
                None => diagnostic,
            }
        }
        DocumentKind::CreatePipe => diagnostic.with_help(
            "remove `scaling.concurrency` and set `settings.object_storage_concurrency` instead",
        ),
        _ => diagnostic.with_help(
            "set `settings.object_storage_concurrency` in the pipe's create body instead of \
             scaling `concurrency` with a patch",
        ),
    };
    out.push(diagnostic);
}
