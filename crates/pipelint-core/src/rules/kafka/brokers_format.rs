use crate::rules::prelude::*;

use super::facts::brokers::problems;
use super::facts::{Found, check_list};

declare_rule! {
    /// ## What it checks
    /// Each entry of Kafka `brokers` (a comma-separated list) is a `host:port` address: a
    /// host name, an IPv4 address or a bracketed IPv6 address, then a port from 1 to 65535.
    /// Spaces after the commas are allowed; URL schemes (`SASL_SSL://`), other separators,
    /// invalid hosts and missing or invalid ports are reported. A value containing a
    /// placeholder (`${KAFKA_BROKERS}`) is not checked. An empty list or an empty entry is
    /// `kafka-brokers-empty`'s finding.
    ///
    /// This is a warning: the API states no format for
    /// `brokers`, and the server accepts such values; they are still likely mistakes.
    ///
    /// ## Why it matters
    /// The pipe dials these addresses as they are. Without a port, or with a scheme in
    /// front, it may not connect and the pipe fails after it was created.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"brokers": "b-1.orders.example.com:9092,b-2.orders.example.com"}
    /// ```
    ///
    /// ## Fix
    /// Give every broker as `host:port` and separate them with commas:
    /// `"b-1.orders.example.com:9092,b-2.orders.example.com:9092"`.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"brokers": "b-1.orders.example.com:9092,b-2.orders.example.com:9092"}
    /// ```
    pub static RULE = {
        code: "PL205",
        name: "kafka-brokers-format",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A Kafka broker address is not host:port (no port, a scheme, another separator)",
        check: Some(check),
        fix: Safe,
    };
}

const BROKERS: &str = "/source/kafka/brokers";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    check_list(cx, &RULE, BROKERS, problems, Found::Format, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    fn kafka(brokers: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "{brokers}", "topics": "t"}}}}"#
        ))
    }

    #[test]
    fn reports_at_the_entry_and_skips_placeholders() {
        let (result, found) = findings(&RULE, &kafka("a:9092,b.example.com"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "b.example.com");
        for silent in [
            "${KAFKA_BROKERS}",
            "{{ brokers }}",
            "${BROKER_1}:9092,${BROKER_2}",
        ] {
            assert!(findings(&RULE, &kafka(silent)).1.is_empty(), "{silent}");
        }
    }

    /// The text with one fix applied.
    fn applied(text: &str, fix: &crate::Fix) -> String {
        format!(
            "{}{}{}",
            &text[..fix.span.start],
            fix.replacement,
            &text[fix.span.end..]
        )
    }

    #[test]
    fn fixes_edit_only_their_part_of_the_value() {
        // `\u0062` is `b`: the fix must still land on the raw text of the right comma.
        // The extra comma is `kafka-brokers-empty`'s finding, the `;` this rule's.
        let text = kafka("a:9092,,\\u0062:9092;c:9092");
        let (result, _) = findings(&RULE, &text);
        let found: Vec<&Diagnostic> = result
            .diagnostics
            .iter()
            .filter(|d| d.name() == "kafka-brokers-empty" || d.name() == RULE.name)
            .collect();
        let fixes: Vec<&crate::Fix> = found.iter().filter_map(|d| d.fix.as_ref()).collect();
        assert_eq!(fixes.len(), 2, "{found:#?}");
        let brokers = |text: &str| {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            value["source"]["kafka"]["brokers"]
                .as_str()
                .map(str::to_owned)
        };
        assert_eq!(
            brokers(&applied(&result.text, fixes[0])).as_deref(),
            Some("a:9092,b:9092;c:9092")
        );
        assert_eq!(
            brokers(&applied(&result.text, fixes[1])).as_deref(),
            Some("a:9092,,b:9092,c:9092")
        );
    }

    #[test]
    fn a_long_list_gets_small_fixes() {
        // Each fix once carried the whole rewritten list: 5,000 copies of it here.
        let list: Vec<String> = (0..5_000).map(|i| format!("k://h{i}:9092")).collect();
        let (_, found) = findings(&RULE, &kafka(&list.join(",")));
        assert_eq!(found.len(), 5_000);
        assert!(found.iter().all(|d| {
            d.fix
                .as_ref()
                .is_some_and(|f| f.span.len() == "k://".len() && f.replacement.is_empty())
        }));
    }
}
