use crate::api::object_storage::{
    AUTHENTICATION, AZURE, Auth, GCS, SOURCE, TYPE, auth_allowed, auth_in_profile, authentication,
    storage_type,
};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The object-storage `authentication` suits the storage `type`:
    /// `CONNECTION_STRING` is for `azureblobstorage` only; `IAM_ROLE` and `IAM_USER` are for
    /// the S3-compatible types only (`s3`, `gcs`, `dospaces`, and from `api-version`
    /// `2026-04` `cloudflarer2` and `ovhobjectstorage`); from `2026-04`, `SERVICE_ACCOUNT`
    /// is for `gcs` only. Azure Blob Storage needs `CONNECTION_STRING`, so
    /// an Azure source without `authentication` is reported too. Silent when the type or the
    /// authentication is not one of the known values (the schema reports those), and on a
    /// value the version in force does not have yet (`needs-newer-api` reports it).
    ///
    /// ## Why it matters
    /// Each storage service has its own way to grant access: AWS-style keys and roles for
    /// S3-compatible stores, a connection string for Azure. The API rejects a method the
    /// storage type cannot use.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "CSV", "authentication": "CONNECTION_STRING",
    ///                    "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}}
    /// ```
    ///
    /// ## Fix
    /// For `s3`, `gcs` and `dospaces` use `IAM_USER` with `accessKey`, `IAM_ROLE` with
    /// `iamRole`, or leave `authentication` out for public data. For `azureblobstorage` use
    /// `CONNECTION_STRING` with `connectionString`.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "CSV", "authentication": "IAM_USER",
    ///                    "accessKey": {"accessKeyId": "${AWS_ACCESS_KEY_ID}", "secretKey": "${AWS_SECRET_ACCESS_KEY}"},
    ///                    "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}}
    /// ```
    pub static RULE = {
        code: "PL300",
        name: "object-storage-auth-for-type",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The object-storage authentication does not suit the storage type",
        check: Some(check),
        refutes: ["iam-role-arn"],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let (Some(storage), Some(auth)) = (storage_type(cx.document), authentication(cx.document))
    else {
        return;
    };
    if auth_allowed(storage, auth) || !auth_in_profile(cx.kind, &cx.profile, auth) {
        return;
    }
    let type_label = format!("storage type `{storage}` set here");
    let diagnostic = match auth {
        Auth::Public => {
            let span = if cx.get(AUTHENTICATION).is_some() {
                cx.value_span(AUTHENTICATION)
            } else {
                cx.document.object_anchor(SOURCE)
            };
            Diagnostic::new(
                &RULE,
                span,
                AUTHENTICATION,
                "an `azureblobstorage` source needs `authentication: \"CONNECTION_STRING\"`",
            )
            .with_label("no authentication given")
            .with_help(
                "set `\"authentication\": \"CONNECTION_STRING\"` and give the storage account's \
                 `connectionString`; Azure Blob Storage sources cannot be read without it",
            )
        }
        Auth::ConnectionString => cx
            .at_value(
                &RULE,
                AUTHENTICATION,
                format!("`CONNECTION_STRING` is for `azureblobstorage` only, not `{storage}`"),
            )
            .with_label("not a method of this storage type")
            .with_help(format!(
                "for `{storage}` use `IAM_USER` with `accessKey`, `IAM_ROLE` with `iamRole`, or \
                 leave `authentication` out for public data"
            )),
        Auth::ServiceAccount => cx
            .at_value(
                &RULE,
                AUTHENTICATION,
                format!("`SERVICE_ACCOUNT` is for `{GCS}` only, not `{storage}`"),
            )
            .with_label("not a method of this storage type")
            .with_help(if storage == AZURE {
                "Azure Blob Storage authenticates with `\"authentication\": \"CONNECTION_STRING\"` \
                 and a `connectionString`"
                    .to_owned()
            } else {
                format!(
                    "for `{storage}` use `IAM_USER` with `accessKey`, or leave `authentication` \
                     out for public data"
                )
            }),
        Auth::IamRole | Auth::IamUser => cx
            .at_value(
                &RULE,
                AUTHENTICATION,
                format!("`{}` is not a method of `{AZURE}`", auth.name()),
            )
            .with_label("not a method of this storage type")
            .with_help(
                "Azure Blob Storage authenticates with `\"authentication\": \"CONNECTION_STRING\"` \
                 and a `connectionString`",
            ),
    };
    out.push(diagnostic.with_secondary(cx.value_span(TYPE), type_label));
}
