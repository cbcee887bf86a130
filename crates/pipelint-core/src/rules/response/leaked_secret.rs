use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A response or record holds none of the create-only secrets: `credentials` (Kafka and
    /// Postgres sources, and `schemaRegistry.credentials`), `accessKey` (Kinesis and object
    /// storage sources), nor a bare `password`, `secretKey`, `privateKey` or
    /// `serviceAccountKey` anywhere: the API never returns credentials, so one in a
    /// response has leaked.
    ///
    /// ## Why it matters
    /// The API never returns these members, so a response that has them was edited by hand
    /// — usually by pasting the create body into a mock. The mock then tests a response
    /// that cannot occur, and, worse, the committed file holds a secret. Every copy of the
    /// repository and its history now has it.
    ///
    /// ## Example
    /// ```json bad kind:pipe-response at:/result/source/kafka
    /// {"credentials": {"username": "ingest", "password": "hunter2"}}
    /// ```
    ///
    /// ## Fix
    /// Remove the member (the fix does that: it only deletes, so it carries no secret), and
    /// if it held a real secret, rotate that secret: deleting it from the file does not
    /// delete it from the history.
    pub static RULE = {
        code: "PL605",
        name: "leaked-secret",
        severity: Error,
        kinds: [Pipe, PipeResponse, Service, ServiceList, Error],
        summary: "A response holds a create-only secret (credentials, accessKey, password)",
        check: Some(check),
        fix: Unsafe,
        supersedes: ["unknown-field"],
        policy: [kept_inside_newer],
    };
}

/// Members that hold a whole set of credentials (create-only, spec 2.7).
const CREDENTIAL_MEMBERS: &[&str] = &["credentials", "accessKey"];

/// Members that are a secret themselves.
const SECRET_VALUES: &[&str] = &["password", "secretKey", "privateKey", "serviceAccountKey"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    walk(cx.root(), &mut |value, path| {
        let Some(name) = member_name(path).filter(|_| !value.is_null()) else {
            return Walk::Descend;
        };
        let what = if CREDENTIAL_MEMBERS.contains(&name) {
            "create-only credentials"
        } else if SECRET_VALUES.contains(&name) {
            "a secret"
        } else {
            return Walk::Descend;
        };
        out.push(report(cx, &path_pointer(path), name, what));
        Walk::Skip
    });
}

fn report(cx: &Context, pointer: &str, name: &str, what: &str) -> Diagnostic {
    cx.at_key(
        &RULE,
        pointer,
        format!("the response holds `{name}`, {what} the API never returns"),
    )
    .with_label("secret in a response")
    .with_help(
        "remove it: responses never carry credentials, so this was pasted in by hand; if it holds a real secret, rotate it (the repository's history keeps it)",
    )
    .with_fix(remove_member(cx, pointer).unsafe_fix())
}
