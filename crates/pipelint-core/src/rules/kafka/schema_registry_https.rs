use crate::rules::prelude::*;
use crate::rules::support::ValueProblem as Problem;
use std::net::Ipv6Addr;

declare_rule! {
    /// ## What it checks
    /// `schemaRegistry.url` is an absolute `https://` URL with a host (the API requires
    /// HTTPS for the schema registry), and a port from 1 to 65535 if one is given.
    /// A value that is or contains a placeholder (`https://${REGISTRY_HOST}`) is not checked
    /// further, but a literal `http://` in front of one is still reported.
    ///
    /// ## Why it matters
    /// The API refuses plain HTTP for the registry (its credentials would travel
    /// unencrypted), and a URL without scheme or host cannot be reached at all.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"schemaRegistry": {"url": "http://schema-registry.example.com:8081"}}
    /// ```
    ///
    /// ## Fix
    /// Use the registry's HTTPS address: `"https://schema-registry.example.com:8081"`.
    /// `http://` and a missing scheme get an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"schemaRegistry": {"url": "https://schema-registry.example.com:8081"}}
    /// ```
    pub static RULE = {
        code: "PL207",
        name: "kafka-schema-registry-https",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The schema registry URL is not an absolute HTTPS URL",
        check: Some(check),
        fix: Unsafe,
    };
}

const URL: &str = "/source/kafka/schemaRegistry/url";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(text) = cx.get_str(URL) else {
        return;
    };
    let Some(problem) = judge(text) else {
        return;
    };
    out.push(problem.report(cx, &RULE, URL, crate::Applicability::Unsafe));
}

const HELP: &str = "use the registry's HTTPS address, e.g. `https://schema-registry.example.com`";

fn judge(text: &str) -> Option<Problem> {
    if let Some(rest) = strip_prefix_ignore_case(text, "http://") {
        return Some(Problem {
            at: Some(0..4),
            message: "the schema registry URL uses `http`, but HTTPS is required".to_owned(),
            label: "must be `https`".to_owned(),
            help: format!("use `https://{rest}`: the registry is only reached over HTTPS"),
            fix: Some((
                "Replace `http://` with `https://`".to_owned(),
                format!("https://{rest}"),
            )),
        });
    }
    if is_placeholder(text) {
        return None;
    }
    if text.trim().is_empty() {
        return Some(Problem {
            at: None,
            message: "the schema registry URL is empty".to_owned(),
            label: "empty URL".to_owned(),
            help: format!("{HELP}, or remove `schemaRegistry` if the format needs none"),
            fix: None,
        });
    }
    if text.trim() != text {
        let trimmed = text.trim();
        let fix = judge(trimmed)
            .is_none()
            .then(|| ("Remove the spaces".to_owned(), trimmed.to_owned()));
        return Some(Problem {
            at: None,
            message: "the schema registry URL has surrounding spaces".to_owned(),
            label: "spaces around the URL".to_owned(),
            help: format!("write the URL without spaces: `{trimmed}`"),
            fix,
        });
    }
    if strip_prefix_ignore_case(text, "https://").is_none() {
        if let Some(cut) = text.find("://") {
            let scheme = &text[..cut];
            return Some(Problem {
                at: Some(0..cut),
                message: format!("the schema registry URL uses `{scheme}`, but HTTPS is required"),
                label: "must be `https`".to_owned(),
                help: HELP.to_owned(),
                fix: None,
            });
        }
        let with_scheme = format!("https://{text}");
        let fix = authority_problem(&with_scheme, "https://".len())
            .is_none()
            .then(|| ("Add `https://`".to_owned(), with_scheme.clone()));
        return Some(Problem {
            at: None,
            message: format!("the schema registry URL `{text}` has no scheme"),
            label: "not an absolute URL".to_owned(),
            help: format!("write the full address with its scheme: `{with_scheme}`"),
            fix,
        });
    }
    authority_problem(text, "https://".len())
}

/// Checks the host and port after the scheme (`start` is where the authority begins).
fn authority_problem(text: &str, start: usize) -> Option<Problem> {
    let rest = &text[start..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    if let Some(space) = text.find(char::is_whitespace) {
        return Some(Problem {
            at: Some(space..space + 1),
            message: "the schema registry URL contains a space".to_owned(),
            label: "space in URL".to_owned(),
            help: "remove the space, or encode it as `%20` in the path".to_owned(),
            fix: None,
        });
    }
    // Skip `user:password@`; credentials belong in `schemaRegistry.credentials`.
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let hostport = &authority[host_start..];
    let (host, port) = if let Some(inner) = hostport.strip_prefix('[') {
        match inner.find(']') {
            Some(close) if inner[..close].parse::<Ipv6Addr>().is_ok() => {
                (&hostport[..close + 2], inner[close + 1..].strip_prefix(':'))
            }
            _ => ("", None),
        }
    } else {
        match hostport.rfind(':') {
            Some(colon) => (&hostport[..colon], Some(&hostport[colon + 1..])),
            None => (hostport, None),
        }
    };
    let host_at = start + host_start..start + host_start + hostport.len();
    let host_ok = host.starts_with('[')
        || (!host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            }));
    if !host_ok {
        let (message, label) = if host.is_empty() {
            ("the schema registry URL has no host".to_owned(), "no host")
        } else {
            (
                format!("`{host}` in the schema registry URL is not a valid host name"),
                "not a host name",
            )
        };
        return Some(Problem {
            at: Some(if host_at.is_empty() {
                0..text.len()
            } else {
                host_at
            }),
            message,
            label: label.to_owned(),
            help: HELP.to_owned(),
            fix: None,
        });
    }
    if let Some(port) = port {
        let valid = !port.is_empty()
            && port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p));
        if !valid {
            let port_at = start + host_start + hostport.len() - port.len();
            return Some(Problem {
                at: Some(port_at.saturating_sub(1)..port_at + port.len()),
                message: format!("`{port}` is not a valid port in the schema registry URL"),
                label: "port must be 1–65535".to_owned(),
                help: "give the port as a number from 1 to 65535, or leave it out for 443"
                    .to_owned(),
                fix: None,
            });
        }
    }
    None
}

fn strip_prefix_ignore_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    #[test]
    fn accepts_https_urls_and_placeholders() {
        for ok in [
            "https://psrc-8kz20.eu-central-1.aws.confluent.cloud",
            "https://schema-registry.example.com:8081/",
            "HTTPS://registry.internal:443/apis/ccompat/v7",
            "https://[2001:db8::1]:8081",
            "https://user@registry.example.com",
            "https://${REGISTRY_HOST}",
            "${SCHEMA_REGISTRY_URL}",
            "{{ registry_url }}",
        ] {
            assert!(judge(ok).is_none(), "{ok}: {:?}", judge(ok));
        }
    }

    #[test]
    fn rejects_everything_else() {
        let fix = |t: &str| judge(t).and_then(|p| p.fix).map(|f| f.1);
        assert_eq!(
            fix("http://registry.example.com:8081").as_deref(),
            Some("https://registry.example.com:8081")
        );
        assert_eq!(fix("HTTP://${HOST}").as_deref(), Some("https://${HOST}"));
        assert_eq!(
            fix("registry.example.com:8081").as_deref(),
            Some("https://registry.example.com:8081")
        );
        assert_eq!(
            fix(" https://registry.example.com").as_deref(),
            Some("https://registry.example.com")
        );
        for bad in [
            "https://",
            "https:///path",
            "https://:8081",
            "https://registry.example.com:0",
            "https://registry.example.com:port",
            "https://registry..example.com",
            "https://registry example.com",
            "ftp://registry.example.com",
            "",
        ] {
            let problem = judge(bad);
            assert!(problem.is_some(), "{bad}");
            assert!(problem.and_then(|p| p.fix).is_none(), "{bad}");
        }
    }

    fn registry(url: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "confluent", "format": "AvroConfluent", "authentication": "PLAIN", "brokers": "b:9092", "topics": "t", "schemaRegistry": {{"url": "{url}"}}}}}}"#
        ))
    }

    #[test]
    fn points_at_the_scheme_with_a_fix() {
        let (result, found) = findings(&RULE, &registry("http://registry.example.com"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "http");
        let fix = found[0].fix.clone().unwrap_or_else(|| panic!("no fix"));
        assert_eq!(fix.replacement, "\"https://registry.example.com\"");
        assert_eq!(&result.text[fix.span], "\"http://registry.example.com\"");
    }

    #[test]
    fn points_inside_a_literal_with_escapes() {
        // `\/` escapes: the finding still points at the scheme, not the whole literal.
        let (result, found) = findings(&RULE, &registry(r"http:\/\/registry.example.com\/x"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "http");
        let (result, found) = findings(&RULE, &registry(r"\u0068ttp:\/\/registry.example.com"));
        assert_eq!(spanned(&result, &found[0]), r"\u0068ttp");
    }
}
