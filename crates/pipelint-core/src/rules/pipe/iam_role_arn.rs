use crate::rules::prelude::*;
use crate::rules::support::ValueProblem as Problem;

declare_rule! {
    /// ## What it checks
    /// An `iamRole` of a `kafka`, `kinesis` or `objectStorage` source looks like an IAM role
    /// ARN: `arn:<partition>:iam::<12-digit account>:role/<optional path/><name>`, with a
    /// known partition (`aws`, `aws-cn`, `aws-us-gov`, …), no region, and a role name of 1
    /// to 64 characters from letters, digits and `+=,.@_-`. Placeholders
    /// (`arn:aws:iam::${AWS_ACCOUNT_ID}:role/reader`) and empty values are not checked here.
    ///
    /// ## Why it matters
    /// The pipe assumes this role to read the source. A bare role name, a user or instance
    /// profile ARN, or an assumed-role session ARN cannot be assumed, so the pipe fails to
    /// authenticate. It is a warning because the API documents the member only as an
    /// "IAM role identifier".
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kinesis
    /// {"iamRole": "pipes-msk-reader"}
    /// ```
    ///
    /// ## Fix
    /// Copy the role's ARN from the IAM console:
    /// `"arn:aws:iam::123456789012:role/pipes-msk-reader"`.
    ///
    /// ```json good kind:create-pipe at:/source/kinesis
    /// {"iamRole": "arn:aws:iam::123456789012:role/pipes-msk-reader"}
    /// ```
    pub static RULE = {
        code: "PL210",
        name: "iam-role-arn",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "An IAM role does not look like an IAM role ARN",
        check: Some(check),
        fix: Safe,
    };
}

const ROLES: &[&str] = &[
    "/source/kafka/iamRole",
    "/source/kinesis/iamRole",
    "/source/objectStorage/iamRole",
];

/// AWS partitions an IAM ARN can name.
const PARTITIONS: &[&str] = &[
    "aws",
    "aws-cn",
    "aws-us-gov",
    "aws-iso",
    "aws-iso-b",
    "aws-iso-e",
    "aws-iso-f",
    "aws-eusc",
];

const FORM: &str = "arn:aws:iam::<account-id>:role/<role-name>";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for pointer in ROLES {
        let Some(text) = text_to_check(cx.get(pointer)) else {
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        let Some(mut problem) = judge(text) else {
            continue;
        };
        problem.message = format!("the IAM role `{text}` {}", problem.message);
        // The role is read only with IAM_ROLE: a rule refusing that method replaces this.
        let authentication = pointer.replace("/iamRole", "/authentication");
        out.push(
            problem
                .report(cx, &RULE, pointer, crate::Applicability::Safe)
                .with_premise(authentication),
        );
    }
}

/// A fix that replaces the role with `fixed`.
fn replace_with(fixed: String) -> (String, String) {
    (format!("Replace with `{fixed}`"), fixed)
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+=,.@_-".contains(&b)
}

fn valid_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(is_name_char)
}

fn judge(text: &str) -> Option<Problem> {
    let trimmed = text.trim();
    if trimmed != text {
        let mut p = Problem::new(
            None,
            "has surrounding spaces",
            "spaces around the ARN",
            format!("write the ARN without spaces: `{trimmed}`"),
        );
        p.fix = judge(trimmed)
            .is_none()
            .then(|| replace_with(trimmed.to_owned()));
        return Some(p);
    }
    let parts: Vec<&str> = text.splitn(6, ':').collect();
    if parts.len() < 6 || parts[0] != "arn" {
        let help = if valid_name(text) {
            format!("give the role's full ARN, e.g. `arn:aws:iam::123456789012:role/{text}`")
        } else if text.len() == 12 && text.bytes().all(|b| b.is_ascii_digit()) {
            format!(
                "this is an account id; give the role's ARN, `arn:aws:iam::{text}:role/<role-name>`"
            )
        } else {
            format!("use the role's ARN, `{FORM}`")
        };
        return Some(Problem::new(None, "is not an ARN", "not a role ARN", help));
    }
    // Byte offsets of each part.
    let mut starts = Vec::with_capacity(6);
    let mut at = 0;
    for part in &parts {
        starts.push(at);
        at += part.len() + 1;
    }
    let part_at = |i: usize| Some(starts[i]..starts[i] + parts[i].len());
    let (partition, service, region, account, resource) =
        (parts[1], parts[2], parts[3], parts[4], parts[5]);
    if !PARTITIONS.contains(&partition) {
        return Some(Problem::new(
            part_at(1),
            "names an unknown partition",
            "unknown partition",
            format!("use the partition of the role's account, usually `aws`: `{FORM}`"),
        ));
    }
    if service == "sts" && resource.starts_with("assumed-role/") {
        let role = resource.split('/').nth(1).unwrap_or("<role-name>");
        return Some(Problem::new(
            None,
            "is an assumed-role session, not a role",
            "session ARN",
            format!(
                "give the role's own ARN, `arn:{partition}:iam::{account}:role/{role}` (with its path, if it has one)"
            ),
        ));
    }
    if service != "iam" {
        return Some(Problem::new(
            part_at(2),
            "is not an IAM ARN",
            "must be `iam`",
            format!("use the role's ARN, `{FORM}`"),
        ));
    }
    if !region.is_empty() {
        let fixed = format!("arn:{partition}:iam::{account}:{resource}");
        let mut p = Problem::new(
            part_at(3),
            "has a region, but IAM ARNs have none",
            "no region in IAM ARNs",
            format!("remove the region: `{fixed}`"),
        );
        p.fix = judge(&fixed).is_none().then(|| replace_with(fixed));
        return Some(p);
    }
    if account.len() != 12 || !account.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Problem::new(
            part_at(4),
            "has an invalid account id",
            "must be 12 digits",
            "use the 12-digit id of the AWS account that owns the role".to_owned(),
        ));
    }
    let Some(path) = resource.strip_prefix("role/") else {
        let kind = resource.split('/').next().unwrap_or_default();
        let (message, help) = match kind {
            "user" => (
                "is an IAM user, not a role",
                format!(
                    "use the ARN of a role the pipe can assume, `arn:{partition}:iam::{account}:role/<role-name>`; IAM users authenticate with an access key instead"
                ),
            ),
            "instance-profile" => (
                "is an instance profile, not a role",
                format!(
                    "use the ARN of the role in the instance profile, `arn:{partition}:iam::{account}:role/<role-name>`"
                ),
            ),
            _ => (
                "is not a role ARN",
                format!("use the role's ARN, `arn:{partition}:iam::{account}:role/<role-name>`"),
            ),
        };
        return Some(Problem::new(part_at(5), message, "not `role/…`", help));
    };
    role_name_problem(text, path, starts[5])
}

/// The role's path and name after `role/`: each path segment and the name made of the
/// characters IAM allows, the name 1 to 64 of them. `resource_at` is where the resource
/// part of the ARN starts.
fn role_name_problem(text: &str, path: &str, resource_at: usize) -> Option<Problem> {
    let segments: Vec<&str> = path.split('/').collect();
    let name = segments.last().copied().unwrap_or_default();
    let path_ok = segments[..segments.len() - 1]
        .iter()
        .all(|s| !s.is_empty() && s.bytes().all(is_name_char));
    if !path_ok || !valid_name(name) {
        let name_at = text.len() - name.len()..text.len();
        let at = if path_ok && !name.is_empty() {
            name_at
        } else {
            resource_at..text.len()
        };
        return Some(Problem::new(
            Some(at),
            "has an invalid role name",
            "not a role name",
            "role names are 1 to 64 letters, digits or `+=,.@_-`; copy the ARN from the role's page in the IAM console".to_owned(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    fn part(text: &str) -> Option<String> {
        judge(text).map(|p| p.at.map_or_else(|| text.to_owned(), |a| text[a].to_owned()))
    }

    #[test]
    fn accepts_role_arns() {
        for ok in [
            "arn:aws:iam::123456789012:role/pipes-msk-payments-reader",
            "arn:aws:iam::123456789012:role/service-role/pipes/Reader+1=,.@_-",
            "arn:aws-cn:iam::123456789012:role/r",
            "arn:aws-us-gov:iam::123456789012:role/r",
        ] {
            assert!(judge(ok).is_none(), "{ok}: {:?}", judge(ok));
        }
    }

    #[test]
    fn points_at_the_wrong_part() {
        let cases = [
            ("pipes-reader", "pipes-reader"),
            ("arn:amazon:iam::123456789012:role/r", "amazon"),
            ("arn:aws:s3::123456789012:role/r", "s3"),
            ("arn:aws:iam:eu-west-1:123456789012:role/r", "eu-west-1"),
            ("arn:aws:iam::1234:role/r", "1234"),
            ("arn:aws:iam::123456789012:user/r", "user/r"),
            (
                "arn:aws:iam::123456789012:instance-profile/r",
                "instance-profile/r",
            ),
            ("arn:aws:iam::123456789012:role/", "role/"),
            ("arn:aws:iam::123456789012:role/a b", "a b"),
            ("arn:aws:iam::123456789012:role//r", "role//r"),
            (
                "arn:aws:sts::123456789012:assumed-role/r/session",
                "arn:aws:sts::123456789012:assumed-role/r/session",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(part(text).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(
            &judge(&"x".repeat(65)).map(|p| p.message).unwrap(),
            "is not an ARN"
        );
    }

    #[test]
    fn fixes_regions_and_spaces() {
        let fix = |t: &str| judge(t).and_then(|p| p.fix).map(|f| f.1);
        assert_eq!(
            fix("arn:aws:iam:eu-west-1:123456789012:role/r").as_deref(),
            Some("arn:aws:iam::123456789012:role/r")
        );
        assert_eq!(
            fix(" arn:aws:iam::123456789012:role/r").as_deref(),
            Some("arn:aws:iam::123456789012:role/r")
        );
        assert_eq!(fix("pipes-reader"), None);
    }

    #[test]
    fn checks_every_source_kind() {
        for source in [
            r#"{"kafka": {"type": "msk", "format": "JSONEachRow", "authentication": "IAM_ROLE", "brokers": "b:9098", "topics": "t", "iamRole": "reader"}}"#,
            r#"{"kinesis": {"authentication": "IAM_ROLE", "format": "JSONEachRow", "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "s", "iamRole": "reader"}}"#,
            r#"{"objectStorage": {"type": "s3", "format": "CSV", "url": "https://b.s3.amazonaws.com/*.csv", "authentication": "IAM_ROLE", "iamRole": "reader"}}"#,
        ] {
            let (result, found) = findings(&RULE, &body(source));
            assert_eq!(found.len(), 1, "{source}");
            assert_eq!(spanned(&result, &found[0]), "\"reader\"");
        }
        let silent = body(
            r#"{"kinesis": {"authentication": "IAM_ROLE", "format": "JSONEachRow", "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "s", "iamRole": "arn:aws:iam::${AWS_ACCOUNT_ID}:role/reader"}}"#,
        );
        assert!(findings(&RULE, &silent).1.is_empty());
    }
}
