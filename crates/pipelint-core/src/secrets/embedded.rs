//! Credentials that sit inside other values: the password in a URL's userinfo (also in Kafka
//! `brokers`, which have no scheme), signatures and tokens in query strings, the secret
//! fields of connection strings and JAAS configs, and the body of a PEM private key. Each
//! pattern captures the exact bytes to hide; the regex engine runs in time linear in the
//! text. The patterns also run on raw JSON text, so an escaped character (`\"`, `\u0040`)
//! inside a password does not end it.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::placeholder::is_whole_placeholder;

/// A password character inside a URL or a connection string: anything but the ends of the
/// value, or a JSON escape other than `\/` (an escaped `/` ends a URL's authority).
const ESCAPED: &str = r#"\\[^/]"#;

/// `scheme://user:PASSWORD@host`: the password of a URL's userinfo, up to the last `@` before
/// the path (an unencoded `@` in a password is common). `\/\/` is how JSON may write `//`.
static URL_USERINFO: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r#"(?i)[a-z][a-z0-9+.\-]*:(?://|\\/\\/)[^\s/\\?#@"'`<>:]*:((?:[^\s/\\?#"'`<>]|{ESCAPED})+)@"#
    ))
});

/// `user:PASSWORD@host:9092` without a scheme, as written in Kafka `brokers`.
static BARE_USERINFO: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r#"(?:^|[\s"'`,\[(=;])[^\s"'`,:@/\\\[\](){{}}=;]+:((?:[^\s"'`,/\\\[\]{{}}]|{ESCAPED})+)@[A-Za-z0-9\[$]"#
    ))
});

/// `?sig=VALUE`, `&X-Amz-Signature=VALUE` and the other secret members of a query string.
static QUERY_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?i)[?&;](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|access_token|token|api_key|apikey|client_secret|password)=([^&\s"'`#;\\]+)"#,
    )
});

/// `AccountKey=VALUE;` and the other secret fields of connection strings (Azure storage,
/// Event Hubs and Service Bus, SQL Server, ODBC).
static CONNECTION_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|Password|Pwd)\s*=\s*((?:[^;"'`\s\\]|\\[^"'])+)"#,
    )
});

/// `password="VALUE"` with the value in quotes, escaped or not: JAAS configs
/// (`sasl.jaas.config`) and quoted connection-string fields.
static QUOTED_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?i)\b(?:AccountKey|SharedAccessKey|Password|Pwd)\s*=\s*\\?["']((?:[^"'\\]|\\[^"'])*)\\?["']"#,
    )
});

/// The body of a PEM private key, to the end of its string.
static PEM_PRIVATE_KEY: LazyLock<Regex> =
    LazyLock::new(|| regex(r#"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----([^"]+)"#));

fn regex(pattern: &str) -> Regex {
    match Regex::new(pattern) {
        Ok(regex) => regex,
        Err(error) => panic!("secret pattern does not compile: {error}"),
    }
}

/// Byte ranges of every embedded credential in `text`, placeholders left out.
pub fn embedded_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    for pattern in [
        &URL_USERINFO,
        &BARE_USERINFO,
        &QUERY_SECRET,
        &CONNECTION_SECRET,
        &QUOTED_SECRET,
        &PEM_PRIVATE_KEY,
    ] {
        // Most values match no pattern: `is_match` says so without setting up captures.
        if !pattern.is_match(text) {
            continue;
        }
        for captures in pattern.captures_iter(text) {
            if let Some(secret) = captures.get(1)
                && !secret.is_empty()
                && !is_whole_placeholder(secret.as_str())
            {
                ranges.push(secret.range());
            }
        }
    }
    ranges
}

/// Whether the value of a connection string holds a literal secret in one of its secret
/// fields: `AccountKey=abc` does, `AccountKey=${KEY}` does not. `None` when the value has no
/// such field.
pub fn connection_fields_literal(value: &str) -> Option<bool> {
    let mut any = false;
    for pattern in [&CONNECTION_SECRET, &QUOTED_SECRET] {
        for captures in pattern.captures_iter(value) {
            any = true;
            if let Some(secret) = captures.get(1)
                && !is_whole_placeholder(secret.as_str())
            {
                return Some(true);
            }
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
        assert_eq!(found("https://bob:p@ss:w@host/x@y"), ["p@ss:w"]);
        assert_eq!(found(r#"https:\/\/bob:pa\"ss@host"#), [r#"pa\"ss"#]);
        assert_eq!(found(r#"["bob:s3cret@broker-1:9092"]"#), ["s3cret"]);
        assert_eq!(found("`bob:pw@registry:8081` has no scheme"), ["pw"]);
        assert!(found("https://registry.example.com:8081/x").is_empty());
        assert!(found("https://registry.example.com:8081/a@b").is_empty());
        assert!(found("broker-1:9092,broker-2:9092").is_empty());
        assert!(found("https://bob:${REGISTRY_PASSWORD}@host").is_empty());
        assert!(found("https://user@registry.example.com").is_empty());
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
        assert_eq!(
            found(r#"PlainLoginModule required username=\"u\" password=\"j4@s\";"#),
            ["j4@s"]
        );
        assert_eq!(
            found("-----BEGIN RSA PRIVATE KEY-----\\nMIIE\\n-----END RSA PRIVATE KEY-----\""),
            ["\\nMIIE\\n-----END RSA PRIVATE KEY-----"]
        );
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
