use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No value is a placeholder copied from the documentation, such as `<DASHBOARD_ID>`,
    /// `<WEBHOOK_ID>` or `<your source id>`: a whole string value between `<` and `>`.
    /// Checked in the analytics-stack bodies and the response documents. (Environment
    /// placeholders such as `${DASHBOARD_ID}` are filled in before sending and are fine.)
    ///
    /// ## Why it matters
    /// Examples in the API documentation mark the values to fill in this way, and pasting
    /// an example without filling them in is a common mistake. The server answers with a
    /// generic "invalid id" error that does not say which value was never filled in.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"source": "tile", "dashboardId": "<DASHBOARD_ID>", "tileId": "<TILE_ID>"}
    /// ```
    ///
    /// ## Fix
    /// Replace the placeholder with the real value: the hint names where to find it.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"source": "tile", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "checkout-errors"}
    /// ```
    pub static RULE = {
        code: "PL703",
        name: "doc-placeholder",
        severity: Error,
        kinds: [
            Pipe, PipeResponse, Service, ServiceList, Error, StackAlert, ManagedStackAlert,
            ChartSeries, Dashboard, DashboardUpdate,
        ],
        summary: "A value is a documentation placeholder such as <DASHBOARD_ID>",
        check: Some(check),
        supersedes: ["invalid-enum-value", "schema-violation"],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    walk(cx.root(), &mut |value, path| {
        if let Value::String(text) = value
            && is_doc_placeholder(text)
        {
            let member = member_name(path).unwrap_or_default();
            out.push(
                cx.at_value(
                    &RULE,
                    &path_pointer(path),
                    format!("`{text}` is a placeholder from the documentation, not a value"),
                )
                .with_label("fill this in")
                .with_help(format!("replace it with {}", hint(member))),
            );
        }
        Walk::Descend
    });
}

/// Where the real value comes from, by member name.
fn hint(member: &str) -> &'static str {
    match member {
        "dashboardId" => {
            "the id of the dashboard: 24 hexadecimal digits, in the dashboard's URL or in `GET /api/v2/dashboards`"
        }
        "tileId" => "the id of the tile: the `id` of the tile in the dashboard's `tiles`",
        "savedSearchId" => {
            "the id of the saved search: 24 hexadecimal digits, in the saved search's URL"
        }
        "webhookId" => {
            "the id of the webhook: 24 hexadecimal digits, listed by `GET /api/v2/webhooks`"
        }
        "sourceId" => {
            "the id of the data source: 24 hexadecimal digits, listed by `GET /api/v2/sources`"
        }
        "connectionId" => "the id of the connection: 24 hexadecimal digits",
        "requestId" => "the request id the API returned (a version-4 UUID)",
        "id" | "serviceId" => "the id the API returned (a UUID)",
        _ => "the real value",
    }
}
