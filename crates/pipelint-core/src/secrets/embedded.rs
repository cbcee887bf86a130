//! Credentials that sit inside other values: the password in a URL's userinfo (also in Kafka
//! `brokers`, which have no scheme), signatures and tokens in query strings, the secret
//! fields of connection strings and JAAS configs, and the body of a PEM private key. Each
//! pattern captures the exact bytes to hide; the regex engine runs in time linear in the
//! text. The patterns also run on raw JSON text, so an escaped character (`\"`, `\u0040`)
//! inside a password does not end it.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::literal::is_whole_placeholder;

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

/// The last words of the names the `=` patterns look for (`x-amz-signature` ends with
/// `signature`, `access_token` with `token`, `AccountKey` with `accountkey`).
const SECRET_WORDS: &[&str] = &[
    "sig",
    "signature",
    "token",
    "api_key",
    "apikey",
    "client_secret",
    "password",
    "pwd",
    "accountkey",
    "sharedaccesskey",
];

/// Whether some `=` follows one of [`SECRET_WORDS`] (ASCII case ignored, whitespace between
/// allowed), which each `=` pattern needs. A text that is not ASCII always may: under `(?i)`
/// the patterns also match letters such as the Kelvin sign for `k`.
fn secret_word_before_equals(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    text.match_indices('=').any(|(at, _)| {
        let before = text[..at].trim_end().as_bytes();
        SECRET_WORDS.iter().any(|word| {
            before.len() >= word.len()
                && before[before.len() - word.len()..].eq_ignore_ascii_case(word.as_bytes())
        })
    })
}

/// Whether `text` has both literals of a PEM private key's header, which
/// [`PEM_PRIVATE_KEY`] needs (certificates, which are common in bodies, have only the first).
fn has_private_key_header(text: &str) -> bool {
    text.contains("-----BEGIN ") && text.contains("PRIVATE KEY-----")
}

/// Byte ranges of every embedded credential in `text`, placeholders left out.
pub fn embedded_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    // Looking first for what each pattern cannot match without spares compiling the
    // patterns (most of a one-file run) when a body has none of it.
    let at = text.contains('@');
    let secret_field = secret_word_before_equals(text);
    for (may_match, pattern) in [
        (at, &URL_USERINFO),
        (at, &BARE_USERINFO),
        (secret_field, &QUERY_SECRET),
        (secret_field, &CONNECTION_SECRET),
        (secret_field, &QUOTED_SECRET),
        (has_private_key_header(text), &PEM_PRIVATE_KEY),
    ] {
        // Most values match no pattern: `is_match` says so without setting up captures.
        if !may_match || !pattern.is_match(text) {
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
    if !secret_word_before_equals(value) {
        return None;
    }
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

    /// The look before the `=` patterns never skips what they match.
    #[test]
    fn the_look_for_a_secret_field_keeps_every_match() {
        for text in [
            "https://a.blob.core.windows.net/c?sv=1&SIG=abc",
            "x?X-Amz-Security-Token=abc",
            "Server=db;Pwd = abc;",
            "AccountKey\t=\"abc\"",
            "Endpoint=sb://x/;SharedAccessSignature=SharedAccessSignature sr=abc",
            "https://x?client_secret=abc",
            "AccountKey=abc",
        ] {
            assert!(secret_word_before_equals(text), "{text}");
            assert!(!found(text).is_empty(), "{text}");
        }
        for text in [
            "Enum8('card' = 1, 'bank' = 2)",
            "a == b",
            "no equals sign at all",
        ] {
            assert!(!secret_word_before_equals(text), "{text}");
            assert!(found(text).is_empty(), "{text}");
        }
        // The Kelvin sign matches `k` under `(?i)`: not ASCII, so the patterns run.
        assert_eq!(found("Account\u{212A}ey=abc"), ["abc"]);
    }

    /// The look before the PEM pattern keeps every private key and skips certificates.
    #[test]
    fn the_look_for_a_private_key_header_keeps_every_match() {
        for text in [
            "-----BEGIN PRIVATE KEY-----\\nMIIE",
            "-----BEGIN RSA PRIVATE KEY-----\\nMIIE",
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIE",
        ] {
            assert!(has_private_key_header(text), "{text}");
            assert!(!found(text).is_empty(), "{text}");
        }
        let certificate = "-----BEGIN CERTIFICATE-----\\nMIIE\\n-----END CERTIFICATE-----";
        assert!(!has_private_key_header(certificate));
        assert!(found(certificate).is_empty());
    }

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
