//! Small facts and helpers shared by several rules.

use serde_json::Value;

/// The four source kinds of a pipe (spec 2.7), in the order the spec lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    Kafka,
    Kinesis,
    ObjectStorage,
    Postgres,
}

impl SourceKind {
    pub const ALL: [SourceKind; 4] = [
        SourceKind::Kafka,
        SourceKind::Kinesis,
        SourceKind::ObjectStorage,
        SourceKind::Postgres,
    ];

    /// The member name under `source`.
    pub fn member(self) -> &'static str {
        match self {
            SourceKind::Kafka => "kafka",
            SourceKind::Kinesis => "kinesis",
            SourceKind::ObjectStorage => "objectStorage",
            SourceKind::Postgres => "postgres",
        }
    }

    /// The pointer of the source object, e.g. `/source/kafka`.
    pub fn pointer(self) -> &'static str {
        match self {
            SourceKind::Kafka => "/source/kafka",
            SourceKind::Kinesis => "/source/kinesis",
            SourceKind::ObjectStorage => "/source/objectStorage",
            SourceKind::Postgres => "/source/postgres",
        }
    }

    /// Streaming pipes read a stream continuously (Kafka-type and Kinesis).
    pub fn is_streaming(self) -> bool {
        matches!(self, SourceKind::Kafka | SourceKind::Kinesis)
    }
}

/// The source kinds set (present and not null) in a create body, in spec order.
pub fn present_sources(root: &Value) -> Vec<SourceKind> {
    let Some(source) = root.get("source").and_then(Value::as_object) else {
        return Vec::new();
    };
    SourceKind::ALL
        .into_iter()
        .filter(|k| source.get(k.member()).is_some_and(|v| !v.is_null()))
        .collect()
}

/// The one source kind of a create body; `None` when there is none or more than one.
pub fn single_source(root: &Value) -> Option<SourceKind> {
    match present_sources(root).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Whether a string is, or contains, an environment or template placeholder such as
/// `${KAFKA_PASSWORD}`, `$KAFKA_PASSWORD` or `{{ kafka_password }}`. Such values are filled
/// in at send time, so their text form cannot be checked.
pub fn is_placeholder(text: &str) -> bool {
    if let Some(start) = text.find("${")
        && text[start + 2..].contains('}')
    {
        return true;
    }
    if let Some(start) = text.find("{{")
        && text[start + 2..].contains("}}")
    {
        return true;
    }
    // A whole value of the form `$NAME` (shell style).
    text.strip_prefix('$').is_some_and(|name| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// Whether a string is a UUID in its canonical 8-4-4-4-12 hexadecimal form.
pub fn is_uuid(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// The string members of an array of strings, with their indexes (other items skipped).
pub fn strings(value: Option<&Value>) -> impl Iterator<Item = (usize, &str)> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, v)| v.as_str().map(|s| (i, s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_placeholders() {
        for text in [
            "${KAFKA_PASSWORD}",
            "{{ brokers }}",
            "$PASSWORD",
            "https://${HOST}:8081",
        ] {
            assert!(is_placeholder(text), "{text}");
        }
        for text in ["hunter2", "$", "a$b", "{{ open", "${ open"] {
            assert!(!is_placeholder(text), "{text}");
        }
    }

    #[test]
    fn checks_uuid_shape() {
        assert!(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b42d3a456426614174000"));
        assert!(!is_uuid("{123e4567-e89b-42d3-a456-426614174000}"));
    }

    #[test]
    fn finds_the_single_source() {
        let body = serde_json::json!({"source": {"kafka": {}, "kinesis": null}});
        assert_eq!(single_source(&body), Some(SourceKind::Kafka));
        let two = serde_json::json!({"source": {"kafka": {}, "postgres": {}}});
        assert_eq!(single_source(&two), None);
        assert_eq!(present_sources(&two).len(), 2);
    }
}
