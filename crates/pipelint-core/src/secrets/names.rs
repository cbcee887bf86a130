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
];

/// Endings that make a name secret (`saslPassword`, `kafkaApiKey`, `dbSecret`).
const ENDINGS: &[&str] = &[
    "password",
    "passwd",
    "secret",
    "secretkey",
    "apikey",
    "token",
    "privatekey",
];

/// Whether a member name, as written between its quotes (JSON escapes allowed), names a
/// secret.
pub fn is_secret_name(raw: &str) -> bool {
    if raw.len() > MAX_NAME_LEN {
        return false;
    }
    // Most names are plain ASCII: normalise those on the stack (this runs for every key of
    // every file, so an allocation here showed in profiles).
    if raw.is_ascii() && !raw.contains('\\') {
        let mut buffer = [0u8; MAX_NAME_LEN];
        let mut len = 0;
        for b in raw
            .bytes()
            .filter(|b| !matches!(b, b'_' | b'-' | b'.' | b' '))
        {
            buffer[len] = b.to_ascii_lowercase();
            len += 1;
        }
        return std::str::from_utf8(&buffer[..len]).is_ok_and(is_secret_normalised);
    }
    is_secret_normalised(&normalise(raw))
}

/// The check on a name already lower-cased and without separators.
fn is_secret_normalised(normalised: &str) -> bool {
    // A numbered name is the same secret: `password2`, `apiKey_1`.
    let name = normalised.trim_end_matches(|c: char| c.is_ascii_digit());
    !name.is_empty() && (EXACT.contains(&name) || ENDINGS.iter().any(|end| name.ends_with(end)))
}

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
    use super::is_secret_name;

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
        ] {
            assert!(is_secret_name(name), "{name}");
        }
    }

    #[test]
    fn the_ascii_fast_path_agrees_with_the_general_normalisation() {
        for name in [
            "password",
            "Sasl.Password_2",
            "api-key",
            "secret name",
            "x",
            "",
            "1234",
            "tokenizer",
            "PASSWORD9",
            "my_secret.KEY",
            "passwordPolicy",
            "_-. ",
        ] {
            let general = super::is_secret_normalised(&super::normalise(name));
            assert_eq!(is_secret_name(name), general, "{name}");
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
            "12345",
            "",
        ] {
            assert!(!is_secret_name(name), "{name}");
        }
    }
}
