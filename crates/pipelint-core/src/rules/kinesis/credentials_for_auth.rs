use crate::rules::prelude::*;

use super::KINESIS;

declare_rule! {
    /// ## What it checks
    /// The Kinesis source carries what its `authentication` method needs:
    /// `IAM_ROLE` needs a non-empty `iamRole`; `IAM_USER` needs `accessKey`
    /// with a non-empty `accessKeyId` and `secretKey`. Members missing *inside* `accessKey`
    /// are reported by `missing-field`. A member set to `null` counts as missing: the real
    /// clients send `null` for an absent member.
    ///
    /// ## Why it matters
    /// Without them the pipe has no way to authenticate to AWS: the API rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"kinesis": {"format": "JSONEachRow", "authentication": "IAM_USER", "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "clicks"}}
    /// ```
    ///
    /// ## Fix
    /// For `IAM_USER` add `"accessKey": {"accessKeyId": "${AWS_ACCESS_KEY_ID}", "secretKey":
    /// "${AWS_SECRET_ACCESS_KEY}"}`; for `IAM_ROLE` add
    /// `"iamRole": "arn:aws:iam::<account-id>:role/<name>"`.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"kinesis": {"format": "JSONEachRow", "authentication": "IAM_USER", "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "clicks",
    ///              "accessKey": {"accessKeyId": "${AWS_ACCESS_KEY_ID}", "secretKey": "${AWS_SECRET_ACCESS_KEY}"}}}
    /// ```
    pub static RULE = {
        code: "PL250",
        name: "kinesis-credentials-for-auth",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kinesis source lacks the IAM role or access key its authentication method needs",
        check: Some(check),
    };
}

const AUTHENTICATION: &str = "/source/kinesis/authentication";
const ACCESS_KEY: &str = "/source/kinesis/accessKey";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(source) = cx.get(KINESIS).and_then(Value::as_object) else {
        return;
    };
    let Some(method) = cx.get_str(AUTHENTICATION) else {
        return;
    };
    match method {
        "IAM_ROLE" => check_iam_role(
            cx,
            &RULE,
            KINESIS,
            "pipes-kinesis-reader",
            "read the stream",
            out,
        ),
        "IAM_USER" => check_access_key(cx, source.get("accessKey"), out),
        _ => {}
    }
}

/// `IAM_USER` needs `accessKey` with a non-empty `accessKeyId` and `secretKey`.
fn check_access_key(cx: &Context, access_key: Option<&Value>, out: &mut Vec<Diagnostic>) {
    fn needed<'a>(object: &'a str, member: &'a str) -> Needed<'a> {
        Needed {
            object,
            member,
            cause: AUTHENTICATION,
            cause_label: "authentication set here",
            cause_at_key: false,
            only_empty_string_is_blank: false,
        }
    }
    let message = "`IAM_USER` authentication needs `accessKey`";
    let help = "add `\"accessKey\": {\"accessKeyId\": \"${AWS_ACCESS_KEY_ID}\", \"secretKey\": \"${AWS_SECRET_ACCESS_KEY}\"}` to the kinesis source";
    let access_key_needed = needed(KINESIS, ACCESS_KEY);
    match access_key_needed.lack(cx) {
        Some(Lack::Absent) => {
            out.push(access_key_needed.absent(cx, &RULE, message).with_help(help));
        }
        // Null counts as missing (real-API notes, decision 9), pointed at where it is null.
        Some(Lack::Null) => out.push(
            access_key_needed
                .unusable(cx, &RULE, message, "`accessKey` missing here")
                .with_help(help),
        ),
        // A string, blank or not, is of the wrong type: reported by `wrong-type`.
        Some(Lack::Blank) => {}
        // Members missing inside `accessKey` are reported by `missing-field`.
        None if access_key.is_some_and(Value::is_object) => {
            for (member, variable) in [
                ("accessKeyId", "AWS_ACCESS_KEY_ID"),
                ("secretKey", "AWS_SECRET_ACCESS_KEY"),
            ] {
                let pointer = format!("{ACCESS_KEY}/{member}");
                let member_needed = needed(ACCESS_KEY, &pointer);
                if member_needed.lack(cx) == Some(Lack::Blank) {
                    out.push(
                        member_needed
                            .unusable(
                                cx,
                                &RULE,
                                format!("`IAM_USER` authentication needs `{member}`, but it is empty"),
                                format!("empty `{member}`"),
                            )
                            .with_help(format!(
                                "set `{member}` of the IAM user, e.g. `\"${{{variable}}}\"` filled in at deploy time"
                            )),
                    );
                }
            }
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::kinesis;
    use crate::rules::testing::{findings, spanned};

    const IAM_ROLE: &str = "/source/kinesis/iamRole";

    fn source(method: &str, extra: &str) -> String {
        kinesis(&format!(
            r#""authentication": "{method}", "iteratorType": "LATEST", "region": "eu-west-1"{extra}"#
        ))
    }

    #[test]
    fn iam_role_needs_a_role() {
        let (result, found) = findings(&RULE, &source("IAM_ROLE", ""));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"kinesis\"");
        assert_eq!(found[0].pointer, IAM_ROLE);
        assert_eq!(
            findings(&RULE, &source("IAM_ROLE", r#", "iamRole": null"#))
                .1
                .len(),
            1
        );
        let (result, found) = findings(&RULE, &source("IAM_ROLE", r#", "iamRole": """#));
        assert_eq!(spanned(&result, &found[0]), "\"\"");
        assert!(
            findings(&RULE, &source("IAM_ROLE", r#", "iamRole": "${ROLE}""#))
                .1
                .is_empty()
        );
    }

    #[test]
    fn iam_user_needs_an_access_key() {
        let (_, found) = findings(&RULE, &source("IAM_USER", ""));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, ACCESS_KEY);
        let blank = r#", "accessKey": {"accessKeyId": "AKIA", "secretKey": " "}"#;
        let (result, found) = findings(&RULE, &source("IAM_USER", blank));
        assert_eq!(found.len(), 1);
        // The blank secret key is itself masked in the result's text.
        assert_eq!(spanned(&result, &found[0]), "\"*\"");
        let partial = r#", "accessKey": {"accessKeyId": "AKIA"}"#;
        assert!(findings(&RULE, &source("IAM_USER", partial)).1.is_empty());
        // Null means absent (decision 9): this rule reports it, and no type error does.
        let null = r#", "accessKey": null"#;
        let (result, found) = findings(&RULE, &source("IAM_USER", null));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "null");
        assert!(result.diagnostics.iter().all(|d| d.name() != "wrong-type"));
    }
}
