use std::net::IpAddr;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each `ipAccessList[].source` of a service record is an IPv4 or IPv6 address, or a
    /// CIDR block (an address, `/`, and a prefix length of at most 32 for IPv4 and 128 for
    /// IPv6), such as `203.0.113.7`, `203.0.113.0/24` or `2001:db8::/32`.
    ///
    /// ## Why it matters
    /// The access list decides who may connect. A host name, a wildcard such as `*`, or a
    /// prefix such as `/33` is not something the API accepts or returns, so a mock with it
    /// tests access rules that cannot exist.
    ///
    /// ## Example
    /// ```json bad kind:service at:/
    /// {"ipAccessList": [{"source": "office.example.com", "description": "office"}]}
    /// ```
    ///
    /// ## Fix
    /// Write an address or a CIDR block. To allow every IPv4 address, write `0.0.0.0/0`.
    ///
    /// ```json good kind:service at:/
    /// {"ipAccessList": [{"source": "203.0.113.0/24", "description": "office"}]}
    /// ```
    pub static RULE = {
        code: "PL652",
        name: "invalid-ip-access-source",
        severity: Error,
        kinds: [Service, ServiceList],
        summary: "An IP access list source is not an IP address or CIDR block",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        let list = format!("{record}/ipAccessList");
        let count = cx.get(&list).and_then(Value::as_array).map_or(0, Vec::len);
        for i in 0..count {
            let pointer = format!("{list}/{i}/source");
            let Some(source) = id_to_check(cx.get(&pointer)) else {
                continue;
            };
            let Some((what, corrected)) = problem(source) else {
                continue;
            };
            let diagnostic = cx
                .at_value(
                    &RULE,
                    &pointer,
                    format!("`{source}` is not an IP address or CIDR block: {what}"),
                )
                .with_label("not an address or CIDR block");
            // A wildcard becomes "every address": the user must mean that.
            let applicability = if corrected.as_deref() == Some("0.0.0.0/0") {
                Applicability::Unsafe
            } else {
                Applicability::Safe
            };
            let diagnostic = help_with_correction(
                diagnostic,
                cx,
                &pointer,
                corrected,
                applicability,
                "write an address (`203.0.113.7`) or a CIDR block (`203.0.113.0/24`); `0.0.0.0/0` allows every IPv4 address",
            );
            out.push(diagnostic);
        }
    }
}

/// What is wrong with an access list source, and a certain correction when there is one.
fn problem(source: &str) -> Option<(String, Option<String>)> {
    let trimmed = source.trim();
    if trimmed != source {
        return match problem(trimmed) {
            None => Some((
                "it has white space around it".to_owned(),
                Some(trimmed.to_owned()),
            )),
            other => other,
        };
    }
    if source.is_empty() {
        return Some(("it is empty".to_owned(), None));
    }
    if matches!(source, "*" | "any" | "all") {
        return Some((
            "a wildcard is not an address".to_owned(),
            Some("0.0.0.0/0".to_owned()),
        ));
    }
    let (address, prefix) = match source.split_once('/') {
        Some((address, prefix)) => (address, Some(prefix)),
        None => (source, None),
    };
    let Ok(ip) = address.parse::<IpAddr>() else {
        let what = if address.chars().any(|c| c.is_ascii_alphabetic()) && !address.contains(':') {
            format!("`{address}` is a host name, not an address")
        } else {
            format!("`{address}` is not an IPv4 or IPv6 address")
        };
        return Some((what, None));
    };
    // A bare address is fine.
    let prefix = prefix?;
    let max = if ip.is_ipv4() { 32 } else { 128 };
    match prefix.parse::<u8>() {
        Ok(length) if prefix.bytes().all(|b| b.is_ascii_digit()) && length <= max => None,
        _ => Some((
            format!(
                "the prefix length `/{prefix}` is not a number from 0 to {max} for an IPv{} address",
                if ip.is_ipv4() { 4 } else { 6 }
            ),
            None,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn accepts_addresses_and_blocks() {
        for ok in [
            "203.0.113.7",
            "203.0.113.0/24",
            "0.0.0.0/0",
            "2001:db8::/32",
            "::1",
            "10.1.2.3/8",
        ] {
            assert!(problem(ok).is_none(), "{ok}");
        }
        for bad in [
            "office.example.com",
            "203.0.113.0/33",
            "2001:db8::/129",
            "203.0.113",
            "10.0.0.0/",
            "10.0.0.0/+8",
            "",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
        assert_eq!(
            problem(" 203.0.113.7 ").and_then(|p| p.1).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(problem("*").and_then(|p| p.1).as_deref(), Some("0.0.0.0/0"));
    }
}
