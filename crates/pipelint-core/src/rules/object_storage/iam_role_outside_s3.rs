use crate::api::object_storage::{AUTHENTICATION, AZURE, Auth, TYPE, authentication, storage_type};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `IAM_ROLE` authentication is used with an object-storage source other than `s3`
    /// (`gcs`, `dospaces`, and from `api-version` `2026-04` `cloudflarer2` and
    /// `ovhobjectstorage`). The interface lists `IAM_ROLE` for S3, GCS and DigitalOcean
    /// Spaces, but the real API documents it for S3 only, so
    /// this is a warning.
    ///
    /// ## Why it matters
    /// An IAM role is an AWS concept: the pipe assumes the role to read an S3 bucket. Google
    /// Cloud Storage and DigitalOcean Spaces are reached with HMAC or access keys instead, so
    /// the pipe is likely to fail when it first reads the bucket.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "gcs", "format": "Parquet", "authentication": "IAM_ROLE",
    ///                    "iamRole": "arn:aws:iam::123456789012:role/reader",
    ///                    "url": "https://storage.googleapis.com/exports/*.parquet"}}
    /// ```
    ///
    /// ## Fix
    /// Use `IAM_USER` with an `accessKey` (for GCS, an HMAC key of a service account).
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "gcs", "format": "Parquet", "authentication": "IAM_USER",
    ///                    "accessKey": {"accessKeyId": "${GCS_HMAC_KEY_ID}", "secretKey": "${GCS_HMAC_SECRET}"},
    ///                    "url": "https://storage.googleapis.com/exports/*.parquet"}}
    /// ```
    pub static RULE = {
        code: "PL301",
        name: "object-storage-iam-role-outside-s3",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "IAM_ROLE authentication on an object-storage source other than s3 (the real API documents it for S3 only)",
        check: Some(check),
        refutes: ["object-storage-queue-url-applies"],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(storage) = storage_type(cx.document).filter(|s| !matches!(*s, "s3" | AZURE)) else {
        return;
    };
    if authentication(cx.document) != Some(Auth::IamRole) {
        return;
    }
    let key = match storage {
        "gcs" => "an HMAC key of a service account",
        "dospaces" => "a Spaces access key",
        _ => "an S3-compatible access key of the storage",
    };
    out.push(
        cx.at_value(
            &RULE,
            AUTHENTICATION,
            format!("`IAM_ROLE` is documented for `s3` sources only, not `{storage}`"),
        )
        .with_label("may not work for this storage type")
        .with_secondary(
            cx.value_span(TYPE),
            format!("storage type `{storage}` set here"),
        )
        .with_help(format!(
            "use `\"authentication\": \"IAM_USER\"` with `accessKey` ({key})"
        )),
    );
}
