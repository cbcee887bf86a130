use crate::rules::prelude::*;

use super::facts::remove_member_fix;
use crate::api::object_storage;

declare_rule! {
    /// ## What it checks
    /// Optional string members of a source are not empty (`""`): Kafka `consumerGroup`,
    /// `caCertificate`, `iamRole` and `schemaRegistry.caCertificate`; Kinesis `iamRole`;
    /// object-storage `path`, `azureContainerName`, `connectionString`, `iamRole`,
    /// `delimiter`, `queueUrl` (and `url` on Azure, which does not use it); Postgres
    /// `publicationName` and `replicationSlotName`. A member that the body's choices require
    /// (such as `iamRole` with `IAM_ROLE` authentication) is not optional: an empty value
    /// there is reported by the rule that requires it.
    ///
    /// ## Why it matters
    /// The server rejects empty strings in optional members. Leaving the
    /// member out gives the default behaviour, e.g. a consumer group named after the pipe.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"consumerGroup": "", "caCertificate": ""}
    /// ```
    ///
    /// ## Fix
    /// Remove the member, or give it a value.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"consumerGroup": "orders-ingest"}
    /// ```
    pub static RULE = {
        code: "PL506",
        name: "empty-optional-string",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "An optional source member is an empty string (leave it out instead)",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

/// Optional string members of each source, relative to the source object.
const OPTIONAL: &[(&str, &[&str])] = &[
    (
        "/source/kafka",
        &[
            "consumerGroup",
            "caCertificate",
            "iamRole",
            "schemaRegistry/caCertificate",
        ],
    ),
    ("/source/kinesis", &["iamRole"]),
    (
        "/source/objectStorage",
        &[
            "url",
            "path",
            "azureContainerName",
            "connectionString",
            "iamRole",
            "delimiter",
            "queueUrl",
        ],
    ),
    (
        "/source/postgres",
        &["settings/publicationName", "settings/replicationSlotName"],
    ),
];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (source, members) in OPTIONAL {
        let Some(object) = cx.get(source).filter(|v| v.is_object()) else {
            continue;
        };
        for member in *members {
            // A member may be nested (`a/b`); its pointer is built only for a finding.
            let value = member.split('/').try_fold(object, |v, name| v.get(name));
            if value.and_then(Value::as_str) != Some("") || required_here(cx, source, member) {
                continue;
            }
            let pointer = format!("{source}/{member}");
            let name = member.rsplit('/').next().unwrap_or(member);
            let mut diagnostic = cx
                .at_value(&RULE, &pointer, format!("`{name}` is an empty string"))
                .with_label("empty")
                .with_help(format!(
                    "remove `{name}` (the server rejects empty strings in optional members), or give it a value"
                ));
            if let Some(fix) = remove_member_fix(cx, &pointer) {
                diagnostic = diagnostic.with_fix(fix);
            }
            out.push(diagnostic);
        }
    }
}

/// Whether the body's choices make the member required, so that the rule requiring it
/// reports an empty value (real-API notes: `iamRole` with `IAM_ROLE` for Kafka and Kinesis;
/// object storage: see `object-storage-required-members`).
fn required_here(cx: &Context, source: &str, member: &str) -> bool {
    match source {
        "/source/objectStorage" => {
            object_storage::is_required(cx.document, cx.kind, &cx.profile, member)
        }
        "/source/kafka" | "/source/kinesis" => {
            member == "iamRole"
                && cx.get_str(&format!("{source}/authentication")) == Some("IAM_ROLE")
        }
        _ => false,
    }
}
