//! What the provider does to a resource's attributes before it sends the body: the one
//! credential shape Kafka takes out of the flattened `credentials`, the Kinesis timestamp
//! as Unix seconds, the members a database (CDC) pipe or an unmanaged table leaves out,
//! empty `settings` and `field_mappings` not sent, and the defaults rules need as context.

use serde_json::{Map, Value};

use super::convert::{Builder, snake_case, stand_in};
use crate::api::sources::SourceKind;
use crate::api::time::{Leniency, Part, calendar_date, read_date_time};
use crate::diagnostic::Diagnostic;
use crate::document::NodeSpans;
use crate::entries::terraform::terraform_kinesis_timestamp;
use crate::pointer::pointer_join;

/// The Kafka credential shapes, in the order the provider tries them: it sends the first
/// whose members are all written.
const KAFKA_CREDENTIAL_SHAPES: &[&[&str]] = &[
    &["username", "password"],
    &["accessKeyId", "secretKey"],
    &["connectionString"],
    &["certificate", "privateKey"],
];

/// Defaults the provider applies that rules need as context: (source object or `""` for
/// the body, member path under it, default). `replicas`, `useEnhancedFanOut`, `stopped`
/// and `trigger_resync` are never filled in: a finding must not be about a member the
/// user did not write unless the default itself is wrong.
const DEFAULTS: &[(&str, &str, DefaultValue)] = &[
    ("/source/kafka", "type", DefaultValue::Text("kafka")),
    (
        "/source/kafka",
        "authentication",
        DefaultValue::Text("PLAIN"),
    ),
    ("/source/objectStorage", "type", DefaultValue::Text("s3")),
    (
        "/source/objectStorage",
        "isContinuous",
        DefaultValue::Bool(false),
    ),
    ("/source/postgres", "type", DefaultValue::Text("postgres")),
    ("/source/postgres", "port", DefaultValue::Integer(5432)),
    (
        "/source/postgres",
        "authentication",
        DefaultValue::Text("basic"),
    ),
    ("/source/mysql", "type", DefaultValue::Text("mysql")),
    ("/source/mysql", "port", DefaultValue::Integer(3306)),
    ("/destination", "database", DefaultValue::Text("default")),
];

#[derive(Clone, Copy)]
enum DefaultValue {
    Text(&'static str),
    Integer(u64),
    Bool(bool),
    EmptyList,
}

impl DefaultValue {
    fn value(self) -> Value {
        match self {
            DefaultValue::Text(text) => Value::String(text.to_owned()),
            DefaultValue::Integer(n) => Value::Number(n.into()),
            DefaultValue::Bool(b) => Value::Bool(b),
            DefaultValue::EmptyList => Value::Array(Vec::new()),
        }
    }

    fn shown(self) -> String {
        match self {
            DefaultValue::Text(text) => text.to_owned(),
            DefaultValue::Integer(n) => n.to_string(),
            DefaultValue::Bool(b) => b.to_string(),
            DefaultValue::EmptyList => "[]".to_owned(),
        }
    }
}

/// Turns the attributes as written into the body the provider would send.
pub(super) fn as_the_provider_sends(body: &mut Value, builder: &mut Builder) {
    let Some(root) = body.as_object_mut() else {
        return;
    };
    let source = root
        .get("source")
        .and_then(Value::as_object)
        .and_then(|source| {
            SourceKind::ALL
                .into_iter()
                .find(|kind| source.contains_key(kind.member()))
        });
    if let Some(kafka) = member_mut(root, &["source", "kafka"]) {
        kafka_credentials(kafka);
    }
    if let Some(kinesis) = member_mut(root, &["source", "kinesis"]) {
        kinesis_timestamp(kinesis, builder);
    }
    if source.is_some_and(SourceKind::is_database) {
        // The provider sends only the database for these pipes, and never field mappings.
        if let Some(destination) = member_mut(root, &["destination"]) {
            for member in ["table", "managedTable", "tableDefinition", "columns"] {
                destination.remove(member);
            }
        }
        root.remove("fieldMappings");
    }
    if let Some(destination) = member_mut(root, &["destination"]) {
        match destination.get("managedTable") {
            Some(Value::Bool(false)) => {
                destination.remove("tableDefinition");
            }
            None if !source.is_some_and(SourceKind::is_database) => {
                fill(
                    destination,
                    "/destination",
                    "managedTable",
                    DefaultValue::Bool(true),
                    builder,
                );
            }
            _ => {}
        }
        if let Some(definition) = destination
            .get_mut("tableDefinition")
            .and_then(Value::as_object_mut)
        {
            fill(
                definition,
                "/destination/tableDefinition",
                "sortingKey",
                DefaultValue::EmptyList,
                builder,
            );
        }
    }
    // An empty `settings = {}` or `field_mappings = []` is not sent.
    if root
        .get("settings")
        .and_then(Value::as_object)
        .is_some_and(Map::is_empty)
    {
        root.remove("settings");
    }
    if root
        .get("fieldMappings")
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
    {
        root.remove("fieldMappings");
    }
    for &(parent, member, default) in DEFAULTS {
        let path: Vec<&str> = parent.split('/').skip(1).collect();
        if let Some(object) = member_mut(root, &path) {
            fill(object, parent, member, default, builder);
        }
    }
    for kind in [SourceKind::Postgres, SourceKind::MySql] {
        let Some(mappings) = member_mut(root, &["source", kind.member()])
            .and_then(|source| source.get_mut("tableMappings"))
            .and_then(Value::as_array_mut)
        else {
            continue;
        };
        for (index, mapping) in mappings.iter_mut().enumerate() {
            if let Some(mapping) = mapping.as_object_mut() {
                let pointer = format!("{}/tableMappings/{index}", kind.pointer());
                fill(
                    mapping,
                    &pointer,
                    "useCustomSortingKey",
                    DefaultValue::Bool(false),
                    builder,
                );
            }
        }
    }
    if let Some(settings) = member_mut(root, &["source", "postgres", "settings"]) {
        fill(
            settings,
            "/source/postgres/settings",
            "enableFailoverSlots",
            DefaultValue::Bool(false),
            builder,
        );
    }
}

/// The object at a path of member names.
fn member_mut<'v>(
    root: &'v mut Map<String, Value>,
    path: &[&str],
) -> Option<&'v mut Map<String, Value>> {
    let mut object = root;
    for name in path {
        object = object.get_mut(*name)?.as_object_mut()?;
    }
    Some(object)
}

/// Fills in a default the user did not write. Its finding points at the enclosing
/// object's key, and says the value is the provider's default.
fn fill(
    object: &mut Map<String, Value>,
    parent: &str,
    member: &str,
    default: DefaultValue,
    builder: &mut Builder,
) {
    if object.contains_key(member) {
        return;
    }
    object.insert(member.to_owned(), default.value());
    let pointer = pointer_join(parent, member);
    let anchor = builder
        .spans
        .get(parent)
        .map(|spans| spans.key.clone().unwrap_or(spans.value.clone()))
        .unwrap_or(0..0);
    builder.spans.insert(
        pointer.clone(),
        NodeSpans {
            key: Some(anchor.clone()),
            value: anchor,
        },
    );
    let parent_tf = builder.names.get(parent).cloned().unwrap_or_default();
    let tf_name = snake_case(member);
    let tf_path = if parent_tf.is_empty() {
        tf_name
    } else {
        format!("{parent_tf}.{tf_name}")
    };
    builder.names.insert(pointer.clone(), tf_path);
    builder.defaulted.insert(pointer, default.shown());
}

/// The provider flattens the API's four credential shapes into one `credentials` object
/// and sends the first complete shape (none with IAM_ROLE). A partial shape keeps what is
/// written, so that `kafka-credentials-for-auth` can name what is missing.
fn kafka_credentials(kafka: &mut Map<String, Value>) {
    if kafka.get("authentication").and_then(Value::as_str) == Some("IAM_ROLE") {
        kafka.remove("credentials");
        return;
    }
    let Some(credentials) = kafka.get_mut("credentials").and_then(Value::as_object_mut) else {
        return;
    };
    if let Some(shape) = KAFKA_CREDENTIAL_SHAPES
        .iter()
        .find(|shape| shape.iter().all(|member| credentials.contains_key(*member)))
    {
        credentials.retain(|member, _| shape.contains(&member.as_str()));
    }
}

/// The provider documents the Kinesis timestamp as a UTC time string and the API reads
/// Unix seconds: a documented time or a string of digits becomes that number; other text
/// is reported here (not as a wrong type: in Terraform the string is the documented type).
fn kinesis_timestamp(kinesis: &mut Map<String, Value>, builder: &mut Builder) {
    let pointer = "/source/kinesis/timestamp";
    let Some(Value::String(text)) = kinesis.get("timestamp") else {
        return;
    };
    let seconds = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse::<u64>().ok().map(Value::from)
    } else {
        utc_seconds(text).map(Value::from)
    };
    match seconds {
        Some(seconds) => {
            kinesis.insert("timestamp".to_owned(), seconds);
        }
        None => {
            let span = builder
                .spans
                .get(pointer)
                .map_or(0..0, |spans| spans.value.clone());
            let tf_path = builder.names.get(pointer).cloned().unwrap_or_default();
            builder.findings.push(
                Diagnostic::new(
                    &terraform_kinesis_timestamp::RULE,
                    span.clone(),
                    pointer,
                    format!("`{tf_path}` is not a UTC time the provider documents (`2024-06-01T00:00`) nor Unix seconds"),
                )
                .with_label("not a time the API can read")
                .with_help("write the UTC time as `YYYY-MM-DDThh:mm` (seconds and a final `Z` may follow), or Unix seconds as digits"),
            );
            // Present, and checked no further: the finding above says what is wrong.
            kinesis.insert("timestamp".to_owned(), stand_in(None));
            builder.rejected.push(pointer.to_owned());
        }
    }
}

/// Unix seconds of `YYYY-MM-DDThh:mm`, `…:ss`, either with a final `Z`, read as UTC (the
/// project's one date-time reader takes it apart; the calendar judges it).
fn utc_seconds(text: &str) -> Option<i64> {
    let leniency = Leniency {
        single_digits: true,
        ..Leniency::ISO_8601
    };
    let read = read_date_time(text, &leniency)?;
    let form = read.separator.text == "T"
        && read.fraction.is_none()
        && read.zone.as_ref().is_none_or(|zone| zone.text == "Z");
    if !form {
        return None;
    }
    let date = calendar_date(read.year.number(), read.month.number(), read.day.number()).ok()?;
    let second = read.second.as_ref().map_or(0, Part::number);
    let time = date.and_hms_opt(read.hour.number(), read.minute.number(), second)?;
    Some(time.and_utc().timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_times_become_unix_seconds() {
        assert_eq!(utc_seconds("2024-06-01T00:00"), Some(1_717_200_000));
        assert_eq!(utc_seconds("2024-06-01T00:00:30Z"), Some(1_717_200_030));
        assert_eq!(utc_seconds("2024-6-1T00:00"), Some(1_717_200_000));
        assert_eq!(utc_seconds("June 1st"), None);
        assert_eq!(utc_seconds("2024-02-30T00:00"), None);
        assert_eq!(utc_seconds("2024-06-01T00:00+02:00"), None);
    }
}
