//! Rules that keep credentials out of repositories.

super::rule_files! {
    plaintext_secret,
}
