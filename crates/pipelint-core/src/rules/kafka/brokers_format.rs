use crate::rules::prelude::*;
use std::net::{Ipv4Addr, Ipv6Addr};

use super::{Edit, Found, ListProblems, ListWords, Problem, check_list, list_problems};

declare_rule! {
    /// ## What it checks
    /// Each entry of Kafka `brokers` (a comma-separated list) is a `host:port` address: a
    /// host name, an IPv4 address or a bracketed IPv6 address, then a port from 1 to 65535.
    /// Spaces after the commas are allowed; URL schemes (`SASL_SSL://`), other separators,
    /// invalid hosts and missing or invalid ports are reported. A value containing a
    /// placeholder (`${KAFKA_BROKERS}`) is not checked. An empty list or an empty entry is
    /// `kafka-brokers-empty`'s finding.
    ///
    /// This is a warning (real-API notes, decision 12): the interface states no format for
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

const FORM_HELP: &str = "list the brokers as `host:port`, separated by commas, e.g. `broker-1.example.com:9092,broker-2.example.com:9092`";

/// The problems of a broker list, one at most per entry.
pub(crate) fn problems(text: &str) -> ListProblems {
    list_problems(
        text,
        &ListWords {
            list: "broker list",
            none: "no brokers",
            help: FORM_HELP,
        },
        |range| {
            let entry = &text[range.clone()];
            separator_problem(text, &range)
                .or_else(|| scheme_problem(text, &range))
                .or_else(|| {
                    let mut problem = address_problem(entry)?;
                    problem.at = range.start + problem.at.start..range.start + problem.at.end;
                    Some(problem)
                })
        },
    )
}

/// Brokers separated by `;` or spaces instead of commas.
fn separator_problem(text: &str, range: &Range<usize>) -> Option<Problem> {
    let entry = &text[range.clone()];
    let at = entry.find(|c: char| c == ';' || c.is_whitespace())?;
    let parts: Vec<&str> = entry
        .split(|c: char| c == ';' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    let separator = entry[at..].chars().next().unwrap_or(' ');
    let shown = if separator == ';' { "`;`" } else { "a space" };
    let at = range.start + at..range.start + at + separator.len_utf8();
    if parts.len() > 1 && parts.iter().all(|p| address_problem(p).is_none()) {
        Some(Problem {
            at,
            message: format!("brokers are separated by {shown} instead of a comma"),
            label: "not a separator".to_owned(),
            help: "separate the brokers with commas".to_owned(),
            fix: Some(Edit {
                title: "Separate the brokers with commas".to_owned(),
                at: range.clone(),
                replacement: parts.join(","),
            }),
        })
    } else {
        Some(Problem {
            at,
            message: format!("the broker address `{entry}` contains {shown}"),
            label: "not allowed in an address".to_owned(),
            help: FORM_HELP.to_owned(),
            fix: None,
        })
    }
}

/// A URL scheme such as `SASL_SSL://` or `kafka://` in front of the address.
fn scheme_problem(text: &str, range: &Range<usize>) -> Option<Problem> {
    let entry = &text[range.clone()];
    let cut = entry.find("://")?;
    let scheme = &entry[..cut + 3];
    let rest = &entry[cut + 3..];
    let fix = address_problem(rest).is_none().then(|| Edit {
        title: format!("Remove `{scheme}`"),
        at: range.start..range.start + scheme.len(),
        replacement: String::new(),
    });
    Some(Problem {
        at: range.start..range.start + scheme.len(),
        message: format!("the broker address `{entry}` has a scheme"),
        label: "no scheme here".to_owned(),
        help: format!(
            "write the address without `{scheme}`: brokers are `host:port`; the protocol follows from `authentication`"
        ),
        fix,
    })
}

/// What is wrong with one `host:port` entry; the range is relative to the entry.
fn address_problem(entry: &str) -> Option<Problem> {
    let (host, host_at, port_at) = if let Some(inner) = entry.strip_prefix('[') {
        let Some(close) = inner.find(']') else {
            return Some(problem(
                0..entry.len(),
                format!("the IPv6 address in `{entry}` lacks its closing `]`"),
                "unclosed `[`",
                "write IPv6 brokers as `[address]:port`, e.g. `[2001:db8::1]:9092`",
            ));
        };
        let host = &inner[..close];
        if host.parse::<Ipv6Addr>().is_err() {
            return Some(problem(
                1..1 + close,
                format!("`{host}` is not an IPv6 address"),
                "not an IPv6 address",
                "write IPv6 brokers as `[address]:port`, e.g. `[2001:db8::1]:9092`",
            ));
        }
        let after = close + 2;
        match entry[after..].strip_prefix(':') {
            Some(_) => (host, 1..1 + close, after + 1..entry.len()),
            None => return Some(no_port(entry)),
        }
    } else {
        match entry.rfind(':') {
            None => return Some(no_port(entry)),
            Some(colon) if entry[..colon].contains(':') => {
                let help = if entry.parse::<Ipv6Addr>().is_ok()
                    || entry[..colon].parse::<Ipv6Addr>().is_ok()
                {
                    "put an IPv6 address in brackets and add the port: `[2001:db8::1]:9092`"
                } else {
                    FORM_HELP
                };
                return Some(problem(
                    0..entry.len(),
                    format!("the broker address `{entry}` has more than one `:`"),
                    "not `host:port`",
                    help,
                ));
            }
            Some(colon) => (&entry[..colon], 0..colon, colon + 1..entry.len()),
        }
    };
    let port = &entry[port_at.clone()];
    if host.is_empty() {
        return Some(problem(
            0..entry.len(),
            format!("the broker address `{entry}` has no host"),
            "no host before the port",
            FORM_HELP,
        ));
    }
    if !entry.starts_with('[') && !valid_host(host) {
        let label = if host.contains("..") || host.starts_with('.') {
            "empty part between dots"
        } else {
            "not a host name"
        };
        return Some(problem(
            host_at,
            format!("`{host}` is not a valid host name or IP address"),
            label,
            "use the broker's DNS name or IP address: parts of letters, digits and `-`, joined by single dots",
        ));
    }
    if port.is_empty() {
        return Some(problem(
            port_at.start.saturating_sub(1)..entry.len(),
            format!("the broker address `{entry}` has no port after `:`"),
            "no port",
            "add the port the broker listens on, e.g. `:9092`",
        ));
    }
    match port.parse::<u32>() {
        Ok(1..=65535) if port.bytes().all(|b| b.is_ascii_digit()) => None,
        Ok(_) if port.bytes().all(|b| b.is_ascii_digit()) => Some(problem(
            port_at,
            format!("port {port} of `{entry}` is outside 1–65535"),
            "port must be 1–65535",
            "use the port the broker listens on (1–65535), e.g. `9092`",
        )),
        _ => Some(problem(
            port_at,
            format!("`{port}` in `{entry}` is not a port number"),
            "not a port number",
            "write the port as a number from 1 to 65535, e.g. `host:9092`",
        )),
    }
}

fn no_port(entry: &str) -> Problem {
    problem(
        0..entry.len(),
        format!("the broker address `{entry}` has no port"),
        "no port",
        "add the port the broker listens on, e.g. `:9092` (the port is not implied)",
    )
}

fn problem(at: Range<usize>, message: String, label: &str, help: &str) -> Problem {
    Problem {
        at,
        message,
        label: label.to_owned(),
        help: help.to_owned(),
        fix: None,
    }
}

/// A DNS host name (underscores tolerated, as internal names use them) or an IPv4 address.
fn valid_host(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_empty() || host.len() > 253 {
        return false;
    }
    if host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return host.parse::<Ipv4Addr>().is_ok();
    }
    host.split('.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    fn all(text: &str) -> Vec<Problem> {
        super::super::list_testing::all(problems, text)
    }

    fn bad(text: &str) -> Vec<String> {
        super::super::list_testing::bad(problems, text)
    }

    fn fixed(text: &str) -> Option<String> {
        all(text)
            .into_iter()
            .next()?
            .fix
            .map(|edit| edit.apply(text))
    }

    #[test]
    fn only_empty_lists_and_entries_are_empty_problems() {
        for empty in ["", " ", "a:9092,", "a:9092,,b:9092", ",a:9092"] {
            let found = problems(empty);
            assert_eq!(found.empty.len(), 1, "{empty}");
            assert!(found.format.is_empty(), "{empty}");
        }
        for format in ["a", "SASL_SSL://a:9092", "a:9092;b:9092", "a:0"] {
            let found = problems(format);
            assert!(found.empty.is_empty(), "{format}");
            assert_eq!(found.format.len(), 1, "{format}");
        }
    }

    #[test]
    fn accepts_real_broker_lists() {
        for ok in [
            "broker-1:9092",
            "b-1.payments.x7k2q9.c3.kafka.eu-west-1.amazonaws.com:9098,b-2.payments.x7k2q9.c3.kafka.eu-west-1.amazonaws.com:9098",
            "pkc-4r297.eu-central-1.aws.confluent.cloud:9092",
            "10.0.0.1:9092, 10.0.0.2:9092",
            "[2001:db8::1]:9093",
            "kafka_broker.internal.:65535",
            "a:1",
        ] {
            assert!(all(ok).is_empty(), "{ok}: {:?}", all(ok));
        }
    }

    #[test]
    fn points_at_the_bad_part() {
        assert_eq!(bad("a:9092,b"), ["b"]);
        assert_eq!(bad("a:9092,b:0"), ["0"]);
        assert_eq!(bad("a:9092,b:70000"), ["70000"]);
        assert_eq!(bad("a:9092,b:90x2"), ["90x2"]);
        assert_eq!(bad("a:9092,b:"), [":"]);
        assert_eq!(bad(":9092"), [":9092"]);
        assert_eq!(bad("a:9092,,b:9092"), [","]);
        assert_eq!(bad("a:9092,"), [","]);
        assert_eq!(bad(",a:9092"), [","]);
        assert_eq!(bad("SASL_SSL://a:9092"), ["SASL_SSL://"]);
        assert_eq!(bad("a:9092;b:9092"), [";"]);
        assert_eq!(bad("bad host:9092"), [" "]);
        assert_eq!(bad("-a:9092"), ["-a"]);
        assert_eq!(bad("300.1.1.1:9092"), ["300.1.1.1"]);
        assert_eq!(bad("2001:db8::1:9092"), ["2001:db8::1:9092"]);
        assert_eq!(bad("[2001:db8::1:9092"), ["[2001:db8::1:9092"]);
        assert_eq!(bad("[2001:db8::1]"), ["[2001:db8::1]"]);
        assert_eq!(bad(""), [""]);
        assert_eq!(bad("a,b"), ["a", "b"]);
    }

    #[test]
    fn fixes_only_what_is_certain() {
        assert_eq!(fixed("a:9092,").as_deref(), Some("a:9092"));
        assert_eq!(fixed("a:9092,,b:9092").as_deref(), Some("a:9092,b:9092"));
        assert_eq!(fixed("a:9092;b:9092").as_deref(), Some("a:9092,b:9092"));
        assert_eq!(fixed("a:9092 b:9092").as_deref(), Some("a:9092,b:9092"));
        assert_eq!(
            fixed("SASL_SSL://a:9092,b:9092").as_deref(),
            Some("a:9092,b:9092")
        );
        assert_eq!(fixed("SASL_SSL://a,b:9092"), None);
        assert_eq!(fixed("a:9092,b"), None);
    }

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
        let (result, empty) = findings(&super::super::brokers_empty::RULE, &text);
        let (_, format) = findings(&RULE, &text);
        let found: Vec<Diagnostic> = empty.into_iter().chain(format).collect();
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
