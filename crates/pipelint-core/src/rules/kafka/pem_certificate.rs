use crate::rules::prelude::*;
use crate::rules::support::ValueProblem as Problem;
use base64::engine::{GeneralPurpose, GeneralPurposeConfig};
use base64::{Engine, alphabet};

declare_rule! {
    /// ## What it checks
    /// The Kafka `caCertificate` and `schemaRegistry.caCertificate`, and the
    /// `credentials.certificate` of `MUTUAL_TLS` authentication (the client certificate),
    /// are PEM: one
    /// or more `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----` blocks, each with
    /// the BEGIN and END lines on lines of their own and a complete base64 body. Text
    /// outside the blocks, and blocks of other kinds (such as `X509 CRL`) next to
    /// certificates, are ignored, as PEM readers do; a private key never is. Placeholders
    /// (`${KAFKA_CA_CERT}`) are not checked; an empty string is left to the rule on empty
    /// optional fields.
    ///
    /// ## Why it matters
    /// The pipe validates the broker's (or the registry's) TLS certificate against the CA
    /// certificates, and presents the client certificate to the brokers. A value that is not PEM — a private key, a file path, a certificate cut
    /// off while copying, line breaks lost or escaped twice — fails the request or every
    /// connection.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"caCertificate": "-----BEGIN CERTIFICATE-----\\nMIIDdzCCAl+gAwIBAgIE...\\n-----END CERTIFICATE-----"}
    /// ```
    ///
    /// ## Fix
    /// Paste the whole certificate file and write each line break as `\n` in JSON:
    /// `"-----BEGIN CERTIFICATE-----\nMIID…\n-----END CERTIFICATE-----\n"`. Doubly escaped
    /// line breaks, lost line breaks and missing BEGIN/END lines get an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"caCertificate": "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE\n-----END CERTIFICATE-----\n"}
    /// ```
    pub static RULE = {
        code: "PL208",
        name: "kafka-pem-certificate",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A CA or client certificate is not PEM-encoded",
        check: Some(check),
        fix: Safe,
    };
}

/// The certificate members, with the name used in messages.
const CERTIFICATES: &[(&str, &str)] = &[
    ("/source/kafka/caCertificate", "the CA certificate"),
    (
        "/source/kafka/schemaRegistry/caCertificate",
        "the schema registry CA certificate",
    ),
    (CLIENT_CERTIFICATE, "the client certificate"),
];

/// The `MUTUAL_TLS` client certificate (real-API notes, decision 10).
const CLIENT_CERTIFICATE: &str = "/source/kafka/credentials/certificate";
const AUTHENTICATION: &str = "/source/kafka/authentication";

const BEGIN: &str = "-----BEGIN ";
const BEGIN_CERTIFICATE: &str = "-----BEGIN CERTIFICATE-----";
const END_CERTIFICATE: &str = "-----END CERTIFICATE-----";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (pointer, name) in CERTIFICATES {
        let Some(text) = cx.get_str(pointer) else {
            continue;
        };
        let Some(mut problem) = judge(text) else {
            continue;
        };
        if *pointer == CLIENT_CERTIFICATE && problem.label == "private key" {
            // The client's key has a place of its own.
            problem.help = "put the client certificate here and its private key in `credentials.privateKey` (as a placeholder such as `${KAFKA_CLIENT_KEY}`)".to_owned();
        }
        problem.message = format!("{name} {}", problem.message);
        let mut diagnostic = problem.report(cx, &RULE, pointer, crate::Applicability::Safe);
        if *pointer == CLIENT_CERTIFICATE {
            // Read only with MUTUAL_TLS: a rule refusing the method replaces this.
            diagnostic = diagnostic.with_premise(AUTHENTICATION);
        }
        out.push(diagnostic);
    }
}

const PASTE_HELP: &str = "paste the certificate file's content: `-----BEGIN CERTIFICATE-----`, the base64 lines and `-----END CERTIFICATE-----`, with line breaks written as `\\n`";

fn problem(at: Range<usize>, message: impl Into<String>, label: &str, help: &str) -> Problem {
    Problem::new(Some(at), message, label, help)
}

/// The first problem of a PEM text, if any.
pub(crate) fn judge(text: &str) -> Option<Problem> {
    if text.trim().is_empty() || is_placeholder(text) {
        return None;
    }
    if let Some(at) = text.find("\\n")
        && !text.contains('\n')
    {
        let fixed = text.replace("\\r\\n", "\n").replace("\\n", "\n");
        let fix = judge(&fixed)
            .is_none()
            .then(|| ("Turn `\\n` text into line breaks".to_owned(), fixed));
        return Some(Problem {
            at: Some(at..at + 2),
            message: "contains `\\n` as text instead of line breaks".to_owned(),
            label: "escaped twice".to_owned(),
            help: "write each line break as `\\n` in the JSON string, not `\\\\n`".to_owned(),
            fix,
        });
    }
    let mut blocks = 0;
    // The first block of another kind; PEM readers skip such blocks in a bundle.
    let mut other: Option<Problem> = None;
    let mut at = 0;
    loop {
        let begin = text[at..].find(BEGIN).map(|i| at + i);
        let end = text[at..].find("-----END ").map(|i| at + i);
        if let Some(end) = end
            && begin.is_none_or(|b| end < b)
        {
            let line = line_at(text, end);
            return Some(problem(
                line,
                "has an END line without a BEGIN line",
                "no matching BEGIN line",
                "the block must start with `-----BEGIN CERTIFICATE-----`; was the start cut off when copying?",
            ));
        }
        let Some(begin) = begin else {
            break;
        };
        let marker = begin
            ..text[begin + BEGIN.len()..]
                .find("-----")
                .map_or(text.len(), |i| begin + BEGIN.len() + i + 5);
        let label = text
            .get(begin + BEGIN.len()..marker.end.saturating_sub(5))
            .unwrap_or_default();
        if label != "CERTIFICATE" {
            let end_line = format!("-----END {label}-----");
            let skip_to = text[marker.end..]
                .find(&end_line)
                .map(|i| marker.end + i + end_line.len());
            match skip_to {
                Some(next) if !label.ends_with("PRIVATE KEY") && !label.contains('\n') => {
                    other.get_or_insert_with(|| not_a_certificate(label, line_at(text, begin)));
                    at = next;
                    continue;
                }
                _ => return Some(not_a_certificate(label, line_at(text, begin))),
            }
        }
        let body_start = marker.end;
        let next_begin = text[body_start..].find(BEGIN).map(|i| body_start + i);
        let close = text[body_start..]
            .find(END_CERTIFICATE)
            .map(|i| body_start + i)
            .filter(|c| next_begin.is_none_or(|n| *c < n));
        let Some(close) = close else {
            return Some(problem(
                marker,
                "has a certificate block that is not closed",
                "no `-----END CERTIFICATE-----` for this",
                "add `-----END CERTIFICATE-----` after the base64 lines; was the certificate cut off when copying?",
            ));
        };
        if let Some(problem) = body_problem(text, body_start..close) {
            return Some(problem);
        }
        blocks += 1;
        at = close + END_CERTIFICATE.len();
    }
    if blocks == 0 {
        return Some(other.unwrap_or_else(|| no_block(text)));
    }
    None
}

/// A block whose label is not `CERTIFICATE`.
fn not_a_certificate(label: &str, at: Range<usize>) -> Problem {
    if label.ends_with("PRIVATE KEY") {
        problem(
            at,
            format!("is a private key (`{label}`), not a certificate"),
            "private key",
            "put only the CA certificate here, never a private key (and rotate a key that was committed)",
        )
    } else if label.is_empty() || label.contains('\n') {
        problem(
            at,
            "has a malformed BEGIN line",
            "malformed BEGIN line",
            PASTE_HELP,
        )
    } else {
        problem(
            at,
            format!("contains a `{label}` block, not a certificate"),
            "not a certificate",
            "paste the CA certificate: the block starting with `-----BEGIN CERTIFICATE-----`",
        )
    }
}

/// Checks the text between `-----BEGIN CERTIFICATE-----` and `-----END CERTIFICATE-----`.
fn body_problem(text: &str, body: Range<usize>) -> Option<Problem> {
    let inner = &text[body.clone()];
    let content = inner.trim();
    let content_at = body.start + (inner.len() - inner.trim_start().len());
    if content.is_empty() {
        return Some(problem(
            body.start.saturating_sub(BEGIN_CERTIFICATE.len())..body.end + END_CERTIFICATE.len(),
            "has an empty certificate block",
            "no base64 lines",
            PASTE_HELP,
        ));
    }
    if let Some((i, c)) = content
        .char_indices()
        .find(|(_, c)| !c.is_ascii_whitespace() && !is_base64(*c))
    {
        let at = content_at + i..content_at + i + c.len_utf8();
        let label = if c == ':' {
            "PEM headers are not allowed in a certificate"
        } else {
            "not base64"
        };
        return Some(problem(
            at,
            format!("has `{c}` in its base64 body"),
            label,
            "paste the certificate exactly as in its file: the body holds only base64 characters (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`, `=`)",
        ));
    }
    let compact: String = content
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let padding_ok = compact
        .find('=')
        .is_none_or(|i| compact[i..].bytes().all(|b| b == b'=') && compact.len() - i <= 2);
    if !compact.len().is_multiple_of(4) || !padding_ok {
        return Some(problem(
            content_at..content_at + content.len(),
            "has an incomplete base64 body",
            "base64 cut off or damaged",
            "paste the whole certificate again: its base64 length must be a multiple of 4",
        ));
    }
    if compact.starts_with("LS0tLS1") {
        return Some(problem(
            content_at..content_at + content.len(),
            "holds a base64-encoded PEM file instead of the certificate",
            "encoded twice",
            "decode the base64 once and paste the resulting `-----BEGIN CERTIFICATE-----` text",
        ));
    }
    if !compact.starts_with('M') {
        // Every DER certificate is an ASN.1 SEQUENCE (byte 0x30), which base64 writes as `M`.
        return Some(problem(
            content_at..content_at + content.len(),
            "has a body that is not a DER certificate",
            "not a certificate",
            "paste the CA certificate itself; its base64 starts with `MI`",
        ));
    }
    let newline_after_begin = inner.starts_with('\n') || inner.starts_with("\r\n");
    let newline_before_end = inner.ends_with('\n');
    if !newline_after_begin || !newline_before_end {
        let begin = body.start - BEGIN_CERTIFICATE.len();
        let end = body.end + END_CERTIFICATE.len();
        let fixed = format!(
            "{}{}{}",
            &text[..begin],
            canonical_block(&compact),
            &text[end..]
        );
        let (at, message, label) = if newline_after_begin {
            (
                body.end..end,
                "has `-----END CERTIFICATE-----` on the same line as the base64",
                "needs a line break before it",
            )
        } else {
            (
                begin..body.start,
                "has no line break after `-----BEGIN CERTIFICATE-----`",
                "needs a line break after it",
            )
        };
        return Some(Problem {
            at: Some(at),
            message: message.to_owned(),
            label: label.to_owned(),
            help: "keep the line breaks of the certificate file, written as `\\n` in JSON"
                .to_owned(),
            fix: Some(("Restore the certificate's line breaks".to_owned(), fixed)),
        });
    }
    None
}

/// A value without any BEGIN line.
fn no_block(text: &str) -> Problem {
    let trimmed = text.trim();
    let at = text.len() - text.trim_start().len();
    let at = at..at + trimmed.len();
    let compact: String = trimmed
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let base64 = !compact.is_empty()
        && compact.len().is_multiple_of(4)
        && compact.chars().all(is_base64)
        && compact.trim_end_matches('=').chars().all(|c| c != '=');
    if base64 && compact.starts_with("LS0tLS1") {
        let fix = decode_base64(&compact)
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|pem| pem.contains(BEGIN_CERTIFICATE) && judge(pem).is_none())
            .map(|pem| ("Decode the base64".to_owned(), pem));
        return Problem {
            at: Some(at),
            message: "is a base64-encoded PEM file, not the PEM text".to_owned(),
            label: "encoded twice".to_owned(),
            help:
                "decode the base64 once and paste the resulting `-----BEGIN CERTIFICATE-----` text"
                    .to_owned(),
            fix,
        };
    }
    if base64 && compact.starts_with("MI") {
        return Problem {
            at: Some(at),
            message: "lacks its BEGIN and END lines".to_owned(),
            label: "base64 without BEGIN/END lines".to_owned(),
            help: "wrap the base64 in `-----BEGIN CERTIFICATE-----` and `-----END CERTIFICATE-----` lines".to_owned(),
            fix: Some((
                "Add the BEGIN and END lines".to_owned(),
                canonical_block(&compact),
            )),
        };
    }
    let lower = trimmed.to_ascii_lowercase();
    let path = !trimmed.contains(char::is_whitespace)
        && ([".pem", ".crt", ".cer", ".ca-bundle"]
            .iter()
            .any(|e| lower.ends_with(e))
            || trimmed.starts_with('/')
            || trimmed.starts_with("./")
            || trimmed.starts_with("~/")
            || lower.starts_with("file:"));
    if path {
        return problem(
            at,
            "is a file path, not the certificate",
            "a path",
            "paste the content of the certificate file, not its path: `-----BEGIN CERTIFICATE-----\\n…\\n-----END CERTIFICATE-----`",
        );
    }
    problem(at, "is not a PEM certificate", "not PEM", PASTE_HELP)
}

/// The standard PEM layout: 64 base64 characters per line.
fn canonical_block(base64: &str) -> String {
    let mut out = String::from(BEGIN_CERTIFICATE);
    out.push('\n');
    for chunk in base64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out.push_str(END_CERTIFICATE);
    out.push('\n');
    out
}

fn is_base64(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')
}

/// The byte range of the line containing `at` (without its line break).
fn line_at(text: &str, at: usize) -> Range<usize> {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
    start..end
}

/// Standard base64 with padding; `None` when the text is not. Bits left over after the
/// last byte are ignored, as lenient decoders do, so a pasted value decodes wherever it
/// would elsewhere.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_allow_trailing_bits(true),
    );
    LENIENT.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    const BODY: &str = "MIIBszCCAVmgAwIBAgIUQ2l0ZXN0Y2VydGlmaWNhdGUwCgYIKoZIzj0EAwIwFDES\nMBAGA1UEAwwJdGVzdC1yb290MB4XDTI0MDEwMTAwMDAwMFoXDTM0MDEwMTAwMDAw\nMFowFDESMBAGA1UEAwwJdGVzdC1yb290MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcD\nQgAE";

    fn cert() -> String {
        format!("{BEGIN_CERTIFICATE}\n{BODY}\n{END_CERTIFICATE}\n")
    }

    fn at(text: &str) -> Option<String> {
        judge(text).map(|p| p.at.map_or_else(String::new, |at| text[at].to_owned()))
    }

    fn fixed(text: &str) -> Option<String> {
        judge(text).and_then(|p| p.fix).map(|f| f.1)
    }

    #[test]
    fn accepts_one_or_more_certificates() {
        assert!(judge(&cert()).is_none());
        let chain = format!("subject=CN = test-root\n{}\n{}", cert(), cert());
        assert!(judge(&chain).is_none(), "{:?}", judge(&chain));
        let crlf = cert().replace('\n', "\r\n");
        assert!(judge(&crlf).is_none());
        assert!(judge("${KAFKA_CA_CERT}").is_none());
        assert!(judge("").is_none());
    }

    #[test]
    fn finds_the_problem_and_points_at_it() {
        assert_eq!(at(&cert().replace('\n', "\\n")).as_deref(), Some("\\n"));
        assert_eq!(
            at(&cert().replace("-----END CERTIFICATE-----\n", "")).as_deref(),
            Some(BEGIN_CERTIFICATE)
        );
        assert_eq!(
            at(&cert().replace(BEGIN_CERTIFICATE, "")).as_deref(),
            Some(END_CERTIFICATE)
        );
        assert_eq!(at(&cert().replace("QgAE", "QgA!")).as_deref(), Some("!"));
        assert!(
            at(&cert().replace("\nQgAE", "")).is_none(),
            "a whole line removed is still base64"
        );
        assert!(judge(&cert().replace("QgAE", "QgA")).is_some());
        let key = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
        assert_eq!(at(key).as_deref(), Some("-----BEGIN PRIVATE KEY-----"));
        assert!(
            judge(&format!("{}{key}", cert())).is_some(),
            "a key is never skipped"
        );
        let crl = "-----BEGIN X509 CRL-----\nMIIB\n-----END X509 CRL-----\n";
        assert!(
            judge(&format!("{crl}{}", cert())).is_none(),
            "other blocks are skipped"
        );
        assert_eq!(at(crl).as_deref(), Some("-----BEGIN X509 CRL-----"));
        assert_eq!(
            at("/etc/ssl/certs/ca.pem").as_deref(),
            Some("/etc/ssl/certs/ca.pem")
        );
        assert!(judge("not a certificate").is_some());
        assert!(judge(&format!("{BEGIN_CERTIFICATE}\n{END_CERTIFICATE}")).is_some());
        assert!(judge(&format!("{BEGIN_CERTIFICATE}\nLS0tLS1C\n{END_CERTIFICATE}")).is_some());
        assert!(judge(&format!("{BEGIN_CERTIFICATE}\nAAAA\n{END_CERTIFICATE}")).is_some());
    }

    #[test]
    fn fixes_layout_mistakes() {
        let one_line = format!(
            "{BEGIN_CERTIFICATE} {} {END_CERTIFICATE}",
            BODY.replace('\n', " ")
        );
        let repaired = fixed(&one_line).unwrap();
        assert!(judge(&repaired).is_none(), "{repaired}");
        let escaped = cert().replace('\n', "\\n");
        assert_eq!(fixed(&escaped), Some(cert()));
        let bare = BODY.replace('\n', "");
        let wrapped = fixed(&bare).unwrap();
        assert!(wrapped.starts_with(BEGIN_CERTIFICATE) && judge(&wrapped).is_none());
        assert!(fixed(&cert().replace("QgAE", "QgA!")).is_none());
    }

    #[test]
    fn decodes_a_base64_encoded_pem() {
        let encoded = base64::engine::general_purpose::STANDARD.encode(cert());
        assert!(encoded.starts_with("LS0tLS1"));
        assert_eq!(fixed(&encoded), Some(cert()));
        assert_eq!(decode_base64("TWE="), Some(b"Ma".to_vec()));
        assert_eq!(decode_base64("TQ=="), Some(b"M".to_vec()));
        assert_eq!(decode_base64("TQ="), None);
        // Leftover bits after the last byte are ignored (`R` is `Q` with one more bit set).
        assert_eq!(decode_base64("TR=="), Some(b"M".to_vec()));
        assert_eq!(decode_base64("TQ!="), None);
    }

    #[test]
    fn checks_the_mutual_tls_client_certificate() {
        let kafka = |certificate: &str| {
            body(&format!(
                r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "credentials": {{"certificate": {}, "privateKey": "${{KEY}}"}}}}}}"#,
                serde_json::Value::String(certificate.to_owned())
            ))
        };
        assert!(findings(&RULE, &kafka(&cert())).1.is_empty());
        let key = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
        let (_, found) = findings(&RULE, &kafka(key));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, CLIENT_CERTIFICATE);
        assert!(
            found[0]
                .message
                .starts_with("the client certificate is a private key")
        );
        assert!(
            found[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("privateKey"))
        );
    }

    #[test]
    fn maps_the_span_through_json_escapes() {
        let bad = cert().replace("QgAE", "QgA!");
        let json = body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "caCertificate": {}}}}}"#,
            serde_json::Value::String(bad)
        ));
        let (result, found) = findings(&RULE, &json);
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "!");
    }
}
