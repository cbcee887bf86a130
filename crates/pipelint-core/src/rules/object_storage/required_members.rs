use crate::rules::prelude::*;

use crate::api::object_storage::{AUTHENTICATION, Requirement, SOURCE, TYPE, required_members};

declare_rule! {
    /// ## What it checks
    /// An object-storage source has the members its choices require:
    /// `azureblobstorage` needs `azureContainerName` and `path` (the path inside the
    /// container; Azure does not use `url`); every other type needs `url`; `CONNECTION_STRING`
    /// needs `connectionString`, `IAM_USER` needs `accessKey` and `IAM_ROLE` needs `iamRole`.
    /// A required string that is empty (`""`) counts as missing. Members required by an
    /// authentication method are not asked for when the method does not suit the storage type
    /// (`object-storage-auth-for-type` reports that).
    ///
    /// ## Why it matters
    /// Without the location of the files or the credential of the chosen method the pipe has
    /// nothing to read or no way to read it, and the API rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "authentication": "IAM_ROLE",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json"}}
    /// ```
    ///
    /// ## Fix
    /// Add the member named in the finding, e.g.
    /// `"iamRole": "arn:aws:iam::123456789012:role/pipe-reader"`.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "authentication": "IAM_ROLE",
    ///                    "iamRole": "arn:aws:iam::123456789012:role/pipe-reader",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json"}}
    /// ```
    pub static RULE = {
        code: "PL302",
        name: "object-storage-required-members",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The object-storage source lacks a member its type or authentication requires",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for requirement in required_members(cx.document, cx.kind, &cx.profile) {
        let pointer = requirement.pointer();
        let member = requirement.member;
        let needed = Needed {
            object: SOURCE,
            member: &pointer,
            cause: requirement.cause,
            cause_label: if requirement.cause == AUTHENTICATION {
                "authentication set here"
            } else {
                "storage type set here"
            },
            cause_at_key: false,
            only_empty_string_is_blank: true,
        };
        let message = message(cx, &requirement);
        let diagnostic = match needed.lack(cx) {
            // Set, or of a type the schema reports.
            None => continue,
            Some(Lack::Absent) => needed.absent(cx, &RULE, message),
            Some(Lack::Null) => needed.unusable(cx, &RULE, message, format!("`{member}` is null")),
            Some(Lack::Blank) => {
                needed.unusable(cx, &RULE, format!("{message}, but it is empty"), "empty")
            }
        };
        out.push(add_help(cx, &requirement, diagnostic));
    }
}

fn message(cx: &Context, requirement: &Requirement) -> String {
    let member = requirement.member;
    let cause = cx.get_str(requirement.cause).unwrap_or_default();
    if requirement.cause == TYPE {
        format!("the `{cause}` storage type needs `{member}`")
    } else {
        format!("`{cause}` authentication needs `{member}`")
    }
}

/// The help: what to add, and what may have been meant instead.
fn add_help(cx: &Context, requirement: &Requirement, mut diagnostic: Diagnostic) -> Diagnostic {
    let verb = if cx.get(&requirement.pointer()).is_some() {
        "set"
    } else {
        "add"
    };
    let url = format!("{SOURCE}/url");
    let path = format!("{SOURCE}/path");
    let help = match requirement.member {
        "azureContainerName" => format!(
            "{verb} `\"azureContainerName\"`: the name of the Blob Storage container that holds the files"
        ),
        "path" if verb == "add" && cx.get(&url).is_some() => {
            diagnostic = diagnostic.with_secondary(cx.key_span(&url), "Azure does not use `url`");
            "Azure Blob Storage reads the files from `path`, relative to the container (e.g. \
             `exports/*.json`): replace `url` with `path`"
                .to_owned()
        }
        "path" => format!(
            "{verb} `\"path\"`: the path of the files inside the container, wildcards allowed \
             (e.g. `exports/*.json`)"
        ),
        "url" if verb == "add" && cx.get(&path).is_some() => {
            diagnostic = diagnostic
                .with_secondary(cx.key_span(&path), "`path` is for Azure Blob Storage only");
            "give the full address of the files in `url` (wildcards allowed), e.g. \
             `https://bucket.s3.eu-west-1.amazonaws.com/data/*.json`, and remove `path`"
                .to_owned()
        }
        "url" => format!(
            "{verb} `\"url\"`: the address of the files, wildcards allowed, e.g. \
             `https://bucket.s3.eu-west-1.amazonaws.com/data/*.json`"
        ),
        "connectionString" => format!(
            "{verb} `\"connectionString\"`: the storage account's connection string, preferably \
             as a placeholder such as `${{AZURE_STORAGE_CONNECTION_STRING}}`"
        ),
        "accessKey" => format!(
            "{verb} `\"accessKey\": {{\"accessKeyId\": \"…\", \"secretKey\": \"${{AWS_SECRET_KEY}}\"}}` \
             with the IAM user's key, or use another authentication"
        ),
        "iamRole" => format!(
            "{verb} `\"iamRole\"`: the ARN of the role the pipe assumes, e.g. \
             `arn:aws:iam::123456789012:role/pipe-reader`"
        ),
        other => format!("{verb} `\"{other}\"`"),
    };
    diagnostic.with_help(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::body;
    use crate::{ApiVersion, LintOptions, Profile, lint};

    fn gcs(extra: &str, api: ApiVersion) -> crate::LintResult {
        let json = body(&format!(
            r#"{{"objectStorage": {{"type": "gcs", "format": "CSV", "authentication": "SERVICE_ACCOUNT", "url": "https://storage.googleapis.com/b/*.csv"{extra}}}}}"#
        ));
        let options = LintOptions::new()
            .kind(DocumentKind::CreatePipe)
            .profile(Profile::default().with_api(api));
        lint(json.as_bytes(), &options)
    }

    #[test]
    fn a_service_account_needs_its_key_which_is_masked() {
        let mine = |result: &crate::LintResult| {
            result
                .diagnostics
                .iter()
                .filter(|d| d.rule == &RULE)
                .map(|d| d.pointer.clone())
                .collect::<Vec<_>>()
        };
        let without = gcs("", ApiVersion::LATEST);
        assert_eq!(mine(&without), ["/source/objectStorage/serviceAccountKey"]);
        // Under the contract the method itself is `needs-newer-api`'s one finding.
        let contract = gcs("", ApiVersion::V2025_11);
        assert!(mine(&contract).is_empty());
        assert!(
            contract
                .diagnostics
                .iter()
                .all(|d| d.name() == "needs-newer-api")
        );
        let key = "eyJ0eXBlIjoic2VydmljZV9hY2NvdW50IiwicHJpdmF0ZV9rZXkiOiJ4In0=";
        let with = gcs(
            &format!(r#", "serviceAccountKey": "{key}""#),
            ApiVersion::LATEST,
        );
        assert!(mine(&with).is_empty());
        assert!(!with.text.contains(key));
        assert!(
            with.diagnostics
                .iter()
                .any(|d| d.name() == "plaintext-secret")
        );
    }
}
