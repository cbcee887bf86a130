//! Credentials that sit inside other values: the password in a URL's userinfo (also in Kafka
//! `brokers`, which have no scheme), signatures in query strings, and account keys in
//! connection strings. Each pattern names the exact bytes to hide; the regex engine runs in
//! time linear in the text.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::placeholder::is_whole_placeholder;

/// `scheme://user:PASSWORD@host`: the password part of a URL's userinfo.
static URL_USERINFO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)[a-z][a-z0-9+.\-]*://[^\s/?#@"'<>:]*:([^\s/?#@"'<>]+)@"#)
        .expect("valid regex")
});

/// `user:PASSWORD@host:9092` without a scheme, as written in Kafka `brokers`.
static BARE_USERINFO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:^|[\s"',\[=])[^\s"',:@/\[\]{}=]+:([^\s"',@/\[\]{}]+)@[A-Za-z0-9\[]"#)
        .expect("valid regex")
});

/// `?sig=VALUE`, `&X-Amz-Signature=VALUE` and other signed-URL query members.
static QUERY_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)[?&;](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|access_token|token|api_key|apikey)=([^&\s"'#;]+)"#,
    )
    .expect("valid regex")
});

/// `AccountKey=VALUE;` and the other secret fields of connection strings.
static CONNECTION_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|Password|Pwd)\s*=\s*([^;"'\s]+)"#,
    )
    .expect("valid regex")
});

/// Byte ranges of every embedded credential in `text`, placeholders left out.
pub fn embedded_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    for pattern in [
        &URL_USERINFO,
        &BARE_USERINFO,
        &QUERY_SECRET,
        &CONNECTION_SECRET,
    ] {
        for captures in pattern.captures_iter(text) {
            if let Some(secret) = captures.get(1)
                && !is_whole_placeholder(secret.as_str())
            {
                ranges.push(secret.range());
            }
        }
    }
    ranges
}

/// The connection-string fields of a value that hold a literal secret: `AccountKey=abc` does,
/// `AccountKey=${KEY}` does not. `None` when the value has no such field.
pub fn connection_fields_literal(value: &str) -> Option<bool> {
    let mut any = false;
    for captures in CONNECTION_SECRET.captures_iter(value) {
        any = true;
        if let Some(secret) = captures.get(1)
            && !is_whole_placeholder(secret.as_str())
        {
            return Some(true);
        }
    }
    any.then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        embedded_ranges(text)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn finds_userinfo_passwords() {
        assert_eq!(
            found("https://bob:hunter2@registry.example.com"),
            ["hunter2"]
        );
        assert_eq!(found(r#"["bob:s3cret@broker-1:9092"]"#), ["s3cret"]);
        assert!(found("https://registry.example.com:8081/x").is_empty());
        assert!(found("broker-1:9092,broker-2:9092").is_empty());
        assert!(found("https://bob:${REGISTRY_PASSWORD}@host").is_empty());
    }

    #[test]
    fn finds_signatures_and_account_keys() {
        assert_eq!(
            found("https://a.blob.core.windows.net/c?sv=1&sig=abc%2Fdef"),
            ["abc%2Fdef"]
        );
        assert_eq!(
            found("https://b.s3.amazonaws.com/k?X-Amz-Signature=f00d"),
            ["f00d"]
        );
        assert_eq!(
            found("DefaultEndpointsProtocol=https;AccountName=${ACCT};AccountKey=realkey=="),
            ["realkey=="]
        );
        assert_eq!(found("Endpoint=sb://x/;SharedAccessKey=k3y"), ["k3y"]);
    }

    #[test]
    fn tells_literal_connection_strings() {
        assert_eq!(
            connection_fields_literal("AccountName=${A};AccountKey=abc"),
            Some(true)
        );
        assert_eq!(
            connection_fields_literal("AccountName=a;AccountKey=${KEY}"),
            Some(false)
        );
        assert_eq!(connection_fields_literal("hunter2"), None);
    }
}
