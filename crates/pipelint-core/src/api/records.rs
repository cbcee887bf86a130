//! Where the records of a response or record body are: the pipe or service record a body is,
//! the pipe in a pipe response's `result`, the services in a service list's `result` (spec
//! 2.2, 2.8, 7).

use serde_json::Value;

use crate::document::Document;
use crate::kind::DocumentKind;

/// Pointers of the records a document holds: `""` for a pipe or service record,
/// `/result` for a pipe response, `/result/<n>` for each object of a service list.
pub(crate) fn records(document: &Document, kind: DocumentKind) -> Vec<String> {
    match kind {
        DocumentKind::Pipe | DocumentKind::Service => vec![String::new()],
        DocumentKind::PipeResponse if document.get("/result").is_some_and(Value::is_object) => {
            vec!["/result".to_owned()]
        }
        DocumentKind::ServiceList => document
            .get("/result")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter(|(_, v)| v.is_object())
            .map(|(i, _)| format!("/result/{i}"))
            .collect(),
        _ => Vec::new(),
    }
}
