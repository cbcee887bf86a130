//! "Did you mean …?" suggestions.

/// How similar two names must be (Jaro-Winkler) before one is suggested for the other.
const MIN_SIMILARITY: f64 = 0.8;

/// The candidate the user most likely meant: an exact match ignoring case first, then the
/// most similar name above the threshold.
pub fn closest<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<&'a str> {
    if let Some(same) = candidates
        .clone()
        .into_iter()
        .find(|c| c.eq_ignore_ascii_case(input))
    {
        return Some(same);
    }
    let folded = fold(input);
    if let Some(same) = candidates.clone().into_iter().find(|c| fold(c) == folded) {
        return Some(same);
    }
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::jaro_winkler(&input.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(score, _)| *score > MIN_SIMILARITY)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Whether a suggestion from [`closest`] may be applied by `--fix`: one that only
/// re-spells the input (case, `-`, `_`) keeps what was meant; a merely similar name is a
/// guess, applied only with `--unsafe-fixes`.
pub fn applicability(input: &str, suggestion: &str) -> crate::Applicability {
    if fold(input) == fold(suggestion) {
        crate::Applicability::Safe
    } else {
        crate::Applicability::Unsafe
    }
}

/// Lowercase with `-` and `_` dropped, so `scram_sha_512` meets `SCRAM-SHA-512`.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// `a`, `b` or `c` as Markdown code spans joined for a sentence.
pub fn list_code(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const AUTH: &[&str] = &["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE"];

    #[test]
    fn prefers_a_case_insensitive_match() {
        assert_eq!(
            closest("scram-sha-512", AUTH.iter().copied()),
            Some("SCRAM-SHA-512")
        );
        assert_eq!(
            closest("scram_sha_512", AUTH.iter().copied()),
            Some("SCRAM-SHA-512")
        );
    }

    #[test]
    fn suggests_a_close_typo_and_nothing_for_noise() {
        let keys = ["consumerGroup", "caCertificate", "brokers"];
        assert_eq!(
            closest("consumergroup", keys.iter().copied()),
            Some("consumerGroup")
        );
        assert_eq!(
            closest("consumerGrop", keys.iter().copied()),
            Some("consumerGroup")
        );
        assert_eq!(closest("zzz", keys.iter().copied()), None);
    }
}
