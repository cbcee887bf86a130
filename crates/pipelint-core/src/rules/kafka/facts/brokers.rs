//! The broker list of a Kafka source: comma-separated `host:port` addresses (spec 2.7), and
//! what is wrong with one.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Range;

use super::{Edit, ListProblems, ListWords, Problem, list_problems};

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
}
