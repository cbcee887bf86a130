use super::facts::{pipe_source, scaling_members};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Postgres pipe has no `scaling` block, and no scaling patch is sent
    /// for one (checked when `pipelint check --pipe <create body> <patch>` names a Postgres
    /// pipe). An empty patch is left to `empty-scaling-patch`.
    ///
    /// ## Why it matters
    /// Replicas, per-replica resources and concurrency are how streaming and object-storage
    /// pipes are scaled; a database pipe is not scaled this way, so the block has no effect
    /// or is refused.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders-db-cdc",
    ///  "source": {"postgres": {"host": "db.example.com", "port": 5432, "database": "orders",
    ///    "credentials": {"username": "${PG_USER}", "password": "${PG_PASSWORD}"},
    ///    "tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders"}]}},
    ///  "destination": {"database": "orders_replica"},
    ///  "scaling": {"replicas": 2}}
    /// ```
    ///
    /// ## Fix
    /// Remove `scaling`. A Postgres pipe's throughput is tuned in `source.postgres.settings`,
    /// for example `pullBatchSize` and `initialLoadParallelism`.
    pub static RULE = {
        code: "PL501",
        name: "scaling-on-postgres",
        severity: Warning,
        kinds: [CreatePipe, PipeScaling],
        summary: "A scaling block or scaling patch for a Postgres pipe",
        check: Some(check),
        fix: Unsafe,
    };
}

const HELP_TAIL: &str = "a Postgres pipe's throughput is tuned in `source.postgres.settings`, \
                         for example `pullBatchSize` and `initialLoadParallelism`";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(source) = pipe_source(cx) else {
        return;
    };
    if source.kind != SourceKind::Postgres {
        return;
    }
    match (cx.kind, source.in_document) {
        (DocumentKind::CreatePipe, true) => {
            if !cx.get("/scaling").is_some_and(serde_json::Value::is_object) {
                return;
            }
            let span = cx.key_span(source.kind.pointer());
            out.push(
                cx.at_key(
                    &RULE,
                    "/scaling",
                    "`scaling` does not apply to a Postgres pipe",
                )
                .with_label("not used by a Postgres pipe")
                .with_secondary(span, "the pipe reads from `postgres`")
                .with_help(format!("remove `scaling`: {HELP_TAIL}"))
                .with_fix(Fix {
                    title: "Remove `scaling`".to_owned(),
                    span: removal_span(cx, "/scaling"),
                    replacement: String::new(),
                    applicability: crate::Applicability::Unsafe,
                }),
            );
        }
        _ => {
            if scaling_members(cx).is_empty() {
                return;
            }
            out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(""),
                    "",
                    "this scaling patch is for the paired pipe, a Postgres pipe, \
                     which is not scaled this way",
                )
                .with_label("scaling patch for a Postgres pipe")
                .with_help(format!("don't send this patch: {HELP_TAIL}")),
            );
        }
    }
}
