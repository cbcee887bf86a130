//! Which member names hold secrets. Masking errs on the side of hiding: any spelling of a
//! common secret name counts (`Password`, `PASSWORD`, `"\u0070assword"`, `secret_key`,
//! `sasl.password`), not only the contract's own members (`password`, `secretKey`,
//! `connectionString`, `privateKey`, `serviceAccountKey`).

/// Names longer than this (in bytes, as written) are not member names but text.
const MAX_NAME_LEN: usize = 128;

/// Normalised names (lower case, no `_`, `-`, `.` or spaces) that are secrets wherever they
/// appear.
const EXACT: &[&str] = &[
    "password",
    "passwd",
    "passwrd",
    "pasword",
    "passw",
    "pass",
    "pwd",
    "pw",
    "secret",
    "secretkey",
    "secretaccesskey",
    "awssecretaccesskey",
    "privatekey",
    "connectionstring",
    "serviceaccountkey",
    "serviceaccountfile",
    "apikey",
    "token",
    "accesstoken",
    "refreshtoken",
    "authtoken",
    "bearertoken",
    "sessiontoken",
    "securitytoken",
    "clientsecret",
    "sastoken",
    "sas",
    "saskey",
    "accountkey",
    "sharedaccesskey",
    "sharedaccesssignature",
    "credential",
    "passphrase",
    "passwords",
    "secrets",
    "tokens",
    "authorization",
    // Other Terraform providers' secret arguments (`aws_secretsmanager_secret_version`,
    // `google_secret_manager_secret_version`, `local_file`).
    "secretstring",
    "secretbinary",
    "secretdata",
    "sensitivecontent",
];

/// Endings that make a name secret (`saslPassword`, `kafkaApiKey`, `dbSecret`).
const ENDINGS: &[&str] = &[
    "password",
    "passwords",
    "passwd",
    "secret",
    "secrets",
    "secretkey",
    "apikey",
    "token",
    "tokens",
    "privatekey",
];

/// The start that makes a name secret whatever follows: the body of a private key is often
/// kept apart from its header (`privateKeyPem`, `private_key_data`).
const PREFIX: &[u8] = b"privatekey";

/// Names that are secret only when they hold a string or a number: `credentials` is the
/// contract's object of a user name and a password, but `"credentials": "bob:hunter2"` is
/// the secret itself.
const SCALAR_ONLY: &[&str] = &["credentials", "creds"];

/// Whether a member name, as written between its quotes (JSON escapes allowed), names a
/// secret.
pub fn is_secret_name(raw: &str) -> bool {
    let bytes = raw.as_bytes();
    if bytes.len() > MAX_NAME_LEN {
        return false;
    }
    if let Some(base) = write_only_base(raw) {
        return is_secret_name(base);
    }
    if takes_general_way(bytes) {
        let normalised = normalise(raw);
        return normalised.as_bytes().starts_with(PREFIX)
            || is_secret_normalised(normalised.as_bytes());
    }
    if matches_normalised(bytes, PREFIX, false) {
        return true;
    }
    // Most names end in a byte no listed name ends in, or are shorter than every listed
    // name that does (normalising never makes a name longer): the table says so at once.
    let Some(last) = bytes
        .iter()
        .rev()
        .find(|b| !is_separator(**b) && !b.is_ascii_digit())
    else {
        return false;
    };
    let shapes = &LISTED_SHAPES[usize::from(last.to_ascii_lowercase())];
    let lengths_up_to_this = u32::MAX >> (31 - bytes.len().min(31));
    if !shapes.ends_an_ending && shapes.exact_lengths & lengths_up_to_this == 0 {
        return false;
    }
    // This runs for every name-like word of every file (hundreds per file), and only the end
    // of a name decides: a plain ASCII name is normalised backwards from its end, on the
    // stack, one byte further than the longest listed name (a longer name equals none of
    // them, and its endings are all there). Plain loops: this is a hot path.
    let mut tail = [0u8; LONGEST_LISTED + 1];
    let mut start = tail.len();
    // A numbered name is the same secret: `password2`, `apiKey_1`.
    let mut in_number = true;
    for &b in bytes.iter().rev() {
        if is_separator(b) || (in_number && b.is_ascii_digit()) {
            continue;
        }
        in_number = false;
        if start == 0 {
            break;
        }
        start -= 1;
        tail[start] = b.to_ascii_lowercase();
    }
    is_listed(&tail[start..])
}

/// The name a Terraform write-only argument is written for: `password` for `password_wo`
/// (it holds the same secret, and is never stored in the state).
fn write_only_base(raw: &str) -> Option<&str> {
    let split = raw.len().checked_sub(3)?;
    (split > 0 && raw.is_char_boundary(split) && raw[split..].eq_ignore_ascii_case("_wo"))
        .then(|| &raw[..split])
}

/// Whether a member name (as [`is_secret_name`] takes it) is secret when its value is a
/// string or a number, though not when it is an object or an array: `credentials`.
pub fn is_secret_scalar_name(raw: &str) -> bool {
    let bytes = raw.as_bytes();
    if bytes.len() > MAX_NAME_LEN {
        return false;
    }
    if takes_general_way(bytes) {
        return SCALAR_ONLY.contains(&normalise(raw).as_str());
    }
    // Every listed name ends in `s`: most names are told apart by their last byte.
    bytes.last().is_some_and(|b| b.eq_ignore_ascii_case(&b's'))
        && SCALAR_ONLY
            .iter()
            .any(|name| matches_normalised(bytes, name.as_bytes(), true))
}

/// Escapes and non-ASCII letters are rare: a name with one is normalised as a whole
/// ([`normalise`]) before it is looked up.
fn takes_general_way(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| b == b'\\' || !b.is_ascii())
}

/// Whether a plain ASCII name, lower-cased and without separators, starts with `word`
/// (`whole`: is `word`), without building the normalised name.
fn matches_normalised(bytes: &[u8], word: &[u8], whole: bool) -> bool {
    let mut wanted = word.iter();
    for &b in bytes.iter().filter(|b| !is_separator(**b)) {
        match wanted.next() {
            Some(&w) if b.to_ascii_lowercase() == w => {}
            Some(_) => return false,
            None => return !whole,
        }
    }
    wanted.next().is_none()
}

fn is_separator(b: u8) -> bool {
    matches!(b, b'_' | b'-' | b'.' | b' ')
}

/// The check on a name already lower-cased and without separators.
fn is_secret_normalised(normalised: &[u8]) -> bool {
    // A numbered name is the same secret: `password2`, `apiKey_1`.
    let digits = normalised
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    is_listed(&normalised[..normalised.len() - digits])
}

/// Whether a normalised name without its number is one of [`EXACT`] or ends with one of
/// [`ENDINGS`]. Most names end in a byte, or have a length, that no listed name has: the
/// tables say so before any comparison.
fn is_listed(name: &[u8]) -> bool {
    let Some(&last) = name.last() else {
        return false;
    };
    let shapes = &LISTED_SHAPES[usize::from(last)];
    let exact_length = name.len() < 32 && shapes.exact_lengths & (1 << name.len()) != 0;
    (exact_length && EXACT.iter().any(|exact| name == exact.as_bytes()))
        || (shapes.ends_an_ending
            && ENDINGS
                .iter()
                .any(|end| end.as_bytes().last() == Some(&last) && name.ends_with(end.as_bytes())))
}

/// What the listed names ending in one byte look like.
#[derive(Clone, Copy)]
struct Shapes {
    /// Bit `n` is set when a name of [`EXACT`] of `n` bytes ends in this byte.
    exact_lengths: u32,
    /// Whether one of [`ENDINGS`] ends in this byte.
    ends_an_ending: bool,
}

/// [`Shapes`] by last byte, computed at build time from the lists, so the lists stay the one
/// place that says which names are secret.
const LISTED_SHAPES: [Shapes; 256] = {
    let mut table = [Shapes {
        exact_lengths: 0,
        ends_an_ending: false,
    }; 256];
    let mut i = 0;
    while i < EXACT.len() {
        let name = EXACT[i].as_bytes();
        assert!(
            name.len() < 32,
            "an exact name too long for the length bits"
        );
        table[name[name.len() - 1] as usize].exact_lengths |= 1 << name.len();
        i += 1;
    }
    let mut i = 0;
    while i < ENDINGS.len() {
        let name = ENDINGS[i].as_bytes();
        table[name[name.len() - 1] as usize].ends_an_ending = true;
        i += 1;
    }
    table
};

/// The length of the longest name of [`EXACT`] and [`ENDINGS`], in bytes.
const LONGEST_LISTED: usize = {
    let mut longest = 0;
    let mut i = 0;
    while i < EXACT.len() + ENDINGS.len() {
        let name = if i < EXACT.len() {
            EXACT[i]
        } else {
            ENDINGS[i - EXACT.len()]
        };
        if name.len() > longest {
            longest = name.len();
        }
        i += 1;
    }
    longest
};

fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        let c = if c == '\\' {
            match chars.next() {
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        Some(decoded) => decoded,
                        None => continue,
                    }
                }
                Some(other) => other,
                None => break,
            }
        } else {
            c
        };
        if !matches!(c, '_' | '-' | '.' | ' ') {
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{is_secret_name, is_secret_scalar_name};

    #[test]
    fn recognises_spellings_of_secret_names() {
        for name in [
            "password",
            "Password",
            "PASSWORD",
            "\\u0070assword",
            "passwd",
            "passwrd",
            "secret_key",
            "apiKey",
            "token",
            "accessToken",
            "clientSecret",
            "secretAccessKey",
            "sasToken",
            "sasl.password",
            "privateKey",
            "connectionString",
            "password2",
            "SASL_PASSWORD",
            "kafkaApiKey",
            "passwords",
            "tokens",
            "secrets",
            "clientSecrets",
            "apiTokens",
            "privateKeyPem",
            "private_key_data",
            "Authorization",
            "password_wo",
            "secret_string_wo",
            "secret_string",
            "secret_data",
        ] {
            assert!(is_secret_name(name), "{name}");
        }
        for name in ["credentials", "Credentials", "CREDS", "cred\\u0065ntials"] {
            assert!(is_secret_scalar_name(name), "{name}");
        }
        for name in ["credential_id", "credentialsRef", "username", ""] {
            assert!(!is_secret_scalar_name(name), "{name}");
        }
    }

    /// The check as it was before the fast path: the general normalisation for every name,
    /// then the lists compared one by one.
    fn is_secret_name_general(raw: &str) -> bool {
        if raw.len() > super::MAX_NAME_LEN {
            return false;
        }
        if let Some(base) = super::write_only_base(raw) {
            return is_secret_name_general(base);
        }
        let normalised = super::normalise(raw);
        let name = normalised.trim_end_matches(|c: char| c.is_ascii_digit());
        normalised.as_bytes().starts_with(super::PREFIX)
            || !name.is_empty()
                && (super::EXACT.contains(&name)
                    || super::ENDINGS.iter().any(|end| name.ends_with(end)))
    }

    /// The scalar check as it was before the fast path: every name normalised.
    fn is_secret_scalar_name_general(raw: &str) -> bool {
        raw.len() <= super::MAX_NAME_LEN
            && (raw.ends_with(['s', 'S']) || raw.contains('\\') || !raw.is_ascii())
            && super::SCALAR_ONLY.contains(&super::normalise(raw).as_str())
    }

    /// Every listed name and ending, in many spellings and with every last byte changed,
    /// gets the same answer as the general check.
    #[test]
    fn the_fast_check_agrees_with_the_general_one_on_every_listed_name() {
        let mut names: Vec<String> = vec![
            String::new(),
            "x".into(),
            "1234".into(),
            "_-. ".into(),
            "Sasl.Password_2".into(),
            "api-key".into(),
            "secret name".into(),
            "passwordPolicy".into(),
            "my_secret.KEY".into(),
            "\\u0070assword".into(),
            "api\\u212Aey".into(),
            "api\u{212A}ey".into(),
            "\u{212A}".into(),
            "passwor\\".into(),
            "password_1_2".into(),
            "pass_1word".into(),
            "12_password_3".into(),
            "sharedAccessSignature".into(),
            "xsharedAccessSignature".into(),
            "a_very_long_name_of_a_member_whose_end_is_a_token".into(),
            "a_very_long_name_of_a_member_whose_end_is_a_secretAccessKey".into(),
            "a".repeat(super::MAX_NAME_LEN - 8) + "password",
            "a".repeat(super::MAX_NAME_LEN - 7) + "password",
        ];
        for listed in super::EXACT
            .iter()
            .chain(super::ENDINGS)
            .chain(super::SCALAR_ONLY)
        {
            for spelling in [
                listed.to_string(),
                listed.to_uppercase(),
                format!("{listed}7"),
                format!("{listed}_12"),
                format!("sasl.{listed}"),
                format!("kafka{listed}"),
                format!("{listed}x"),
                format!("{listed}Policy"),
                format!("_{listed}_"),
                listed[1..].to_string(),
                listed[..listed.len() - 1].to_string(),
            ] {
                names.push(spelling.clone());
                // The same with each byte in turn replaced by every printable ASCII byte.
                for at in 0..spelling.len() {
                    for b in b' '..=b'~' {
                        let mut changed = spelling.clone();
                        changed.replace_range(at..=at, char::from(b).encode_utf8(&mut [0; 4]));
                        names.push(changed);
                    }
                }
            }
        }
        for name in &names {
            assert_eq!(
                is_secret_name(name),
                is_secret_name_general(name),
                "{name:?}"
            );
            assert_eq!(
                is_secret_scalar_name(name),
                is_secret_scalar_name_general(name),
                "{name:?}"
            );
        }
    }

    proptest::proptest! {
        /// Any name, however written, gets the answer of the general check.
        #[test]
        fn the_fast_check_agrees_with_the_general_one(
            name in r#"([A-Za-z0-9_\-. \\]|pass|word|secret|key|token|api|sas|cred|ential|\\u0070|\\u212A|\x{212A}|é|中){0,12}"#
        ) {
            proptest::prop_assert_eq!(is_secret_name(&name), is_secret_name_general(&name));
            proptest::prop_assert_eq!(
                is_secret_scalar_name(&name),
                is_secret_scalar_name_general(&name)
            );
        }
    }

    #[test]
    fn leaves_ordinary_names() {
        for name in [
            "username",
            "name",
            "accessKeyId",
            "brokers",
            "tokenizer",
            "passwordPolicy",
            "sortingKey",
            "primaryKey",
            "encryptionKey",
            "secretName",
            "password_wo_version",
            "name_wo",
            "_wo",
            "12345",
            "",
        ] {
            assert!(!is_secret_name(name), "{name}");
        }
    }
}
