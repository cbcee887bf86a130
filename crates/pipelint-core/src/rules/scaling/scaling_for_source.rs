use super::facts::{
    pipe_source, remove_member_fix, scaling_applies, scaling_applies_to, scaling_members,
};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each scaling member suits the pipe's source kind: `replicas`,
    /// `replicaCpuMillicores` and `replicaMemoryGb` apply to streaming pipes (Kafka, Kinesis
    /// and Pub/Sub; the Kinesis docs' "Scaling" section sizes a Kinesis pipe by replicas
    /// too), `concurrency` to object-storage pipes. It checks the `scaling` of a create
    /// body, and a scaling patch when `pipelint check --pipe <create body> <patch>` says
    /// which pipe the patch is for. Postgres pipes are left to `scaling-on-postgres`; the
    /// other database pipes share the service's CDC scaling.
    ///
    /// ## Why it matters
    /// A member that does not apply to the pipe is ignored or refused by the service, so the
    /// pipe does not get the resources you planned for it.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"source": {"objectStorage": {"type": "s3", "format": "CSV", "authentication": "IAM_ROLE",
    ///    "iamRole": "arn:aws:iam::123456789012:role/logs-reader",
    ///    "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}},
    ///  "scaling": {"replicas": 3}}
    /// ```
    ///
    /// ## Fix
    /// Remove the member. An object-storage pipe is tuned with
    /// `settings.object_storage_concurrency`.
    ///
    /// ```json good kind:create-pipe at:/
    /// {"source": {"objectStorage": {"type": "s3", "format": "CSV", "authentication": "IAM_ROLE",
    ///    "iamRole": "arn:aws:iam::123456789012:role/logs-reader",
    ///    "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}},
    ///  "settings": {"object_storage_concurrency": 4}}
    /// ```
    pub static RULE = {
        code: "PL500",
        name: "scaling-for-source",
        severity: Warning,
        kinds: [CreatePipe, PipeScaling],
        summary: "A scaling member does not apply to the pipe's source kind",
        check: Some(check),
        fix: Unsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(source) = pipe_source(cx) else {
        return;
    };
    if source.kind == SourceKind::Postgres {
        return;
    }
    for (member, pointer) in scaling_members(cx) {
        if scaling_applies(member, source.kind) {
            continue;
        }
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!("`{member}` does not apply to {}", source.describe()),
            )
            .with_label("not used by this pipe")
            .with_help(format!(
                "remove `{member}`: it applies to {} only{}",
                scaling_applies_to(member),
                alternative(source.kind)
            ));
        if let Some(span) = source.key_span(cx) {
            diagnostic = diagnostic.with_secondary(span, source.label());
        }
        if let Some(fix) = remove_member_fix(cx, &pointer) {
            diagnostic = diagnostic.with_fix(fix.unsafe_fix());
        }
        out.push(diagnostic);
    }
}

/// How a pipe of this kind is sized instead.
fn alternative(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::ObjectStorage => {
            "; an object-storage pipe is tuned with `settings.object_storage_concurrency`"
        }
        SourceKind::Kafka
        | SourceKind::Kinesis
        | SourceKind::Postgres
        | SourceKind::MySql
        | SourceKind::BigQuery
        | SourceKind::MongoDb
        | SourceKind::PubSub => "",
    }
}
