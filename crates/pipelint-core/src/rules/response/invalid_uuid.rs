use crate::api::ids::uuid_problem;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The ids of a record are UUIDs in the canonical 8-4-4-4-12 hexadecimal form: `id` of
    /// a pipe or service, `serviceId` of a pipe, and the `reversePrivateEndpointIds` of a
    /// Kafka source. A service's `privateEndpointIds` are cloud
    /// provider endpoint ids (such as `vpce-…`), not UUIDs, and are not checked.
    ///
    /// ## Why it matters
    /// These ids go into request paths (`…/services/{serviceId}/pipes/{pipeId}`). A mock
    /// with `"id": "pipe-1"` lets tests pass with ids the API never issues, and client code
    /// that validates or parses them fails only in production.
    ///
    /// ## Example
    /// ```json bad kind:pipe at:/
    /// {"id": "orders-pipe", "serviceId": "5f0a4b1e8c2d4e7f9a3b1c2d3e4f5a6b", "state": "Running"}
    /// ```
    ///
    /// ## Fix
    /// Use the id the API returned. A UUID without dashes, in braces or with a `urn:uuid:`
    /// prefix gets a fix that writes the canonical form.
    ///
    /// ```json good kind:pipe at:/
    /// {"id": "0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41", "serviceId": "5f0a4b1e-8c2d-4e7f-9a3b-1c2d3e4f5a6b", "state": "Running"}
    /// ```
    pub static RULE = {
        code: "PL602",
        name: "invalid-uuid",
        severity: Error,
        kinds: [Pipe, PipeResponse, Service, ServiceList],
        summary: "An id of a pipe or service record is not a UUID",
        check: Some(check),
        fix: Safe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pipe = matches!(cx.kind, DocumentKind::Pipe | DocumentKind::PipeResponse);
    for record in records(cx.document, cx.kind) {
        let mut pointers = vec![format!("{record}/id")];
        if pipe {
            pointers.push(format!("{record}/serviceId"));
            let endpoints = format!("{record}/source/kafka/reversePrivateEndpointIds");
            for (i, _) in strings(cx.get(&endpoints)) {
                pointers.push(format!("{endpoints}/{i}"));
            }
        }
        for pointer in pointers {
            let Some(id) = id_to_check(cx.get(&pointer)) else {
                continue;
            };
            let Some(problem) = uuid_problem(id) else {
                continue;
            };
            let field = crate::schema::field_name(&pointer);
            let mut diagnostic = cx
                .at_value(
                    &RULE,
                    &pointer,
                    format!("{field} is not a UUID: {}", problem.what),
                )
                .with_label("not a UUID")
                .with_help(
                    "ids are UUIDs such as 0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41: use the id the API returned",
                );
            if let Some(canonical) = problem.canonical {
                diagnostic = diagnostic.with_fix(write_corrected(cx, &pointer, canonical));
            }
            out.push(diagnostic);
        }
    }
}
