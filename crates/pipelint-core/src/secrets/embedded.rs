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

/// `TOKEN@host:9092`: a user name without a password before a host and port, as a Kafka
/// broker never has one (an API token pasted in `brokers`). An e-mail address has no port.
static BARE_USER_AT_PORT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?:^|[\s"'`,\[(=;])([^\s"'`,:@/\\\[\](){}=;]+)@[A-Za-z0-9][A-Za-z0-9.\-]*:[0-9]+(?:[^A-Za-z0-9.\-]|$)"#,
    )
});

/// `?sig=VALUE`, `&X-Amz-Signature=VALUE` and the other secret members of a query string.
static QUERY_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?i)[?&;](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|[a-z0-9_\-]*_token|token|api_key|apikey|key|client_secret|password)=([^&\s"'`#;\\]+)"#,
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

/// The header of a PEM or PGP private key.
const PRIVATE_KEY_HEADER: &str = r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----";

/// The body of a PEM (or PGP) private key, to the end of its string.
static PEM_PRIVATE_KEY: LazyLock<Regex> =
    LazyLock::new(|| regex(&format!(r#"{PRIVATE_KEY_HEADER}([^"]+)"#)));

/// A private key split over an array of strings, one line each: every string after the
/// header's, up to the end of the array.
static PEM_SPLIT: LazyLock<Regex> = LazyLock::new(|| {
    regex(&format!(
        r#"{PRIVATE_KEY_HEADER}(?:\s|\\[nr])*"((?:\s*,\s*"(?:[^"\\]|\\.)*")+)\s*\]"#
    ))
});

/// `Bearer TOKEN` and `Basic TOKEN` (an `Authorization` header's value, also in free
/// text). Which matches hide is decided by [`is_authorization_token`].
static AUTHORIZATION: LazyLock<Regex> =
    LazyLock::new(|| regex(r"\b(?i-u:bearer|basic)[ \t]+([A-Za-z0-9\-._~+/]+=*)"));

/// The token path of a chat or automation webhook URL (Slack, Discord, Teams, Zapier):
/// whoever has the URL can post.
static WEBHOOK_PATH: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?i-u:hooks\.slack\.com|discord(?:app)?\.com(?:/|\\/)api|webhook\.office\.com|outlook\.office\.com|hooks\.zapier\.com(?:/|\\/)hooks)(?:/|\\/)(?i-u:services|workflows|triggers|webhooks|webhookb2|webhook|catch)(?:/|\\/)((?:[^\s"'`?#<>\\]|\\/)+)"#,
    )
});

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
    "key",
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
    text.contains("-----BEGIN ") && text.contains("PRIVATE KEY")
}

/// What the patterns need to find in a text before they can match, seen in one pass over
/// its bytes: most values (column names, types, topics) have none of it.
#[derive(Default)]
struct Clues {
    /// An `@`, which the userinfo patterns need.
    at: bool,
    /// An `=`, which the `=` patterns need (it has no other case to match under `(?i)`).
    equals: bool,
    /// Five `-` in a row, which a private key's header starts with.
    dashes: bool,
    /// `bearer` or `basic`, ASCII case ignored ([`AUTHORIZATION`] needs one, without Unicode
    /// case folding).
    scheme: bool,
    /// `hooks.` or `webhook`, ASCII case ignored ([`WEBHOOK_PATH`] needs one).
    webhook: bool,
}

/// The bytes a clue starts with, ASCII case ignored: most bytes of a value are none of them.
const CLUE_STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let starts = b"@=-bBhHwW";
    let mut i = 0;
    while i < starts.len() {
        table[starts[i] as usize] = true;
        i += 1;
    }
    table
};

impl Clues {
    fn of(text: &str) -> Clues {
        let bytes = text.as_bytes();
        let mut clues = Clues::default();
        for (i, b) in bytes.iter().enumerate() {
            if !CLUE_STARTS[usize::from(*b)] {
                continue;
            }
            let starts = |word: &[u8]| {
                bytes
                    .get(i..i + word.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(word))
            };
            match b.to_ascii_lowercase() {
                b'@' => clues.at = true,
                b'=' => clues.equals = true,
                b'-' if !clues.dashes => clues.dashes = starts(b"-----"),
                b'b' if !clues.scheme => clues.scheme = starts(b"bearer") || starts(b"basic"),
                b'h' if !clues.webhook => clues.webhook = starts(b"hooks."),
                b'w' if !clues.webhook => clues.webhook = starts(b"webhook"),
                _ => {}
            }
        }
        clues
    }

    fn any(&self) -> bool {
        self.at || self.equals || self.dashes || self.scheme || self.webhook
    }
}

/// Whether `word` (ASCII) is in `text`, ASCII case ignored.
fn contains_ignoring_case(text: &str, word: &str) -> bool {
    text.as_bytes()
        .windows(word.len())
        .any(|window| window.eq_ignore_ascii_case(word.as_bytes()))
}

/// Whether a `Bearer`/`Basic` match holds a credential: after `Authorization` (a header),
/// any token; in other text, only one of at least 8 characters with a digit in it, so that
/// `Basic authentication` and `bearer tokens` stay readable.
fn is_authorization_token(text: &str, scheme_at: usize, token: &str) -> bool {
    let mut from = scheme_at.saturating_sub(24);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    let before = &text[from..scheme_at];
    contains_ignoring_case(before, "authorization")
        || (token.len() >= 8 && token.bytes().any(|b| b.is_ascii_digit()))
}

/// The contents of the strings in `captured` (`, "a", "b"` gives `a` and `b`), offset by
/// `at`.
fn string_contents(captured: &str, at: usize) -> Vec<Range<usize>> {
    let bytes = captured.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end] != b'"' {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            let end = end.min(bytes.len());
            out.push(at + i + 1..at + end);
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// What of a pattern's capture to hide.
#[derive(Clone, Copy)]
enum Take {
    /// All of it.
    Whole,
    /// The contents of the strings in it (a key split over an array).
    Strings,
    /// All of it when [`is_authorization_token`] says it is a credential.
    Token,
}

/// Byte ranges of every embedded credential in `text`, placeholders left out.
pub fn embedded_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    // Looking first for what each pattern cannot match without spares compiling the
    // patterns (most of a one-file run) when a body has none of it.
    let clues = Clues::of(text);
    if !clues.any() {
        return ranges;
    }
    let secret_field = clues.equals && secret_word_before_equals(text);
    let private_key = clues.dashes && has_private_key_header(text);
    for (may_match, pattern, take) in [
        (clues.at, &URL_USERINFO, Take::Whole),
        (clues.at, &BARE_USERINFO, Take::Whole),
        (clues.at, &BARE_USER_AT_PORT, Take::Whole),
        (secret_field, &QUERY_SECRET, Take::Whole),
        (secret_field, &CONNECTION_SECRET, Take::Whole),
        (secret_field, &QUOTED_SECRET, Take::Whole),
        (private_key, &PEM_PRIVATE_KEY, Take::Whole),
        (private_key, &PEM_SPLIT, Take::Strings),
        (clues.scheme, &AUTHORIZATION, Take::Token),
        (clues.webhook, &WEBHOOK_PATH, Take::Whole),
    ] {
        // Most values match no pattern: `is_match` says so without setting up captures.
        if !may_match || !pattern.is_match(text) {
            continue;
        }
        for captures in pattern.captures_iter(text) {
            let Some(secret) = captures.get(1) else {
                continue;
            };
            if secret.is_empty() || is_whole_placeholder(secret.as_str()) {
                continue;
            }
            match take {
                Take::Whole => ranges.push(secret.range()),
                Take::Strings => ranges.extend(string_contents(secret.as_str(), secret.start())),
                Take::Token => {
                    let scheme_at = captures.get(0).map_or(0, |m| m.start());
                    if is_authorization_token(text, scheme_at, secret.as_str()) {
                        ranges.push(secret.range());
                    }
                }
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

    proptest::proptest! {
        /// Each clue is seen in every text its patterns match: looking for the clues first
        /// never skips a credential.
        #[test]
        fn a_clue_is_seen_wherever_its_patterns_match(
            text in r#"(https://|u:|pw@|@h|\\/|\?|&|sig=|Token=|AccountKey|Pwd =|password=|'x'|\"|-----|-----BEGIN |RSA |PRIVATE KEY-----|, "|"\]|Bearer |BASIC |Authorization: |abc12345|hooks\.slack\.com/services/|webhook\.office\.com/webhookb2/|[a-zA-Z0-9 =:/@\-]){0,14}"#
        ) {
            let clues = Clues::of(&text);
            if URL_USERINFO.is_match(&text)
                || BARE_USERINFO.is_match(&text)
                || BARE_USER_AT_PORT.is_match(&text)
            {
                proptest::prop_assert!(clues.at);
            }
            if [&QUERY_SECRET, &CONNECTION_SECRET, &QUOTED_SECRET].iter().any(|p| p.is_match(&text)) {
                proptest::prop_assert!(clues.equals && secret_word_before_equals(&text));
            }
            if PEM_PRIVATE_KEY.is_match(&text) || PEM_SPLIT.is_match(&text) {
                proptest::prop_assert!(clues.dashes && has_private_key_header(&text));
            }
            if AUTHORIZATION.is_match(&text) {
                proptest::prop_assert!(clues.scheme);
            }
            if WEBHOOK_PATH.is_match(&text) {
                proptest::prop_assert!(clues.webhook);
            }
        }
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
        // A user name alone before a host and port: a token pasted into `brokers`.
        assert_eq!(
            found(r#""glpat-T0k@broker-1.example.com:9092,broker-2:9092""#),
            ["glpat-T0k"]
        );
        assert_eq!(found("a:9092, T0k@b:9092"), ["T0k"]);
        assert!(found("write to bob@example.com: thanks").is_empty());
        assert!(found("bob@example.com").is_empty());
        assert!(found("${KAFKA_TOKEN}@b:9092").is_empty());
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
    fn finds_bearer_tokens_webhooks_and_more_query_members() {
        assert_eq!(
            found(r#""Authorization": "Bearer eyJhbGciOi.e30.Sfl1""#),
            ["eyJhbGciOi.e30.Sfl1"]
        );
        assert_eq!(
            found("curl -H 'authorization: Basic Ym9iOmh1bnRlcjI=' https://x"),
            ["Ym9iOmh1bnRlcjI="]
        );
        assert_eq!(found("send it with Bearer s3cr3tT0ken4"), ["s3cr3tT0ken4"]);
        // Ordinary words after the scheme names are text.
        assert!(found("Basic authentication, or a bearer token").is_empty());
        assert_eq!(
            found("https://hooks.slack.com/services/T0AB/B0CD/XyZ123abc"),
            ["T0AB/B0CD/XyZ123abc"]
        );
        assert_eq!(
            found("https://discord.com/api/webhooks/1234/AbC-dEf_9"),
            ["1234/AbC-dEf_9"]
        );
        for (url, secret) in [
            ("https://maps.example.com/x?key=AIzaSyK3y", "AIzaSyK3y"),
            (
                "https://gitlab.example.com/api?private_token=glpat-T0k",
                "glpat-T0k",
            ),
            ("https://x.example.com/?id_token=idT0k&a=1", "idT0k"),
            ("https://x.example.com/?a=1&access_token=acc3ss", "acc3ss"),
            ("https://x.example.com/?SIG=s1g", "s1g"),
        ] {
            assert_eq!(found(url), [secret], "{url}");
        }
        assert!(found("https://x.example.com/?monkey=1&keyword=2").is_empty());
        // The looks before these patterns ignore ASCII case, as the patterns do.
        for text in [
            "BEARER T0ken-4567",
            "Https://HOOKS.Slack.COM/Services/T0/B0/x1",
            "é Basic Ym9iOmh1bnRlcjI=",
        ] {
            assert_eq!(found(text).len(), 1, "{text}");
        }
    }

    #[test]
    fn finds_pgp_keys_and_keys_split_across_an_array() {
        assert_eq!(
            found(
                "-----BEGIN PGP PRIVATE KEY BLOCK-----\\nlQOYBGk\\n-----END PGP PRIVATE KEY BLOCK-----\""
            ),
            ["\\nlQOYBGk\\n-----END PGP PRIVATE KEY BLOCK-----"]
        );
        assert_eq!(
            found(
                r#"["-----BEGIN PRIVATE KEY-----\n", "MIIEsplit1", "MIIEsplit2", "-----END PRIVATE KEY-----"], "x": "y""#
            ),
            [
                "\\n",
                "MIIEsplit1",
                "MIIEsplit2",
                "-----END PRIVATE KEY-----"
            ]
        );
        // The members after a key in one string are not lines of it.
        let one_string =
            r#""ca": "-----BEGIN PRIVATE KEY-----\nMIIE\n", "credentials": {"a": "b"}"#;
        assert_eq!(found(one_string), ["\\nMIIE\\n"]);
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
