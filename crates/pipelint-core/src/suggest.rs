//! "Did you mean …?" suggestions.

use std::cell::Cell;
use std::collections::{HashMap, HashSet};

/// How similar two names must be (Jaro-Winkler) before one is suggested for the other.
const MIN_SIMILARITY: f64 = 0.8;

/// "Did you mean …?": the candidate the user most likely meant, an exact match ignoring
/// case first, then the most similar name (Jaro-Winkler 0.8 or more). For one look-up in
/// a short list (inside the crate, many look-ups in one list share an index).
///
/// ```
/// let kinds = ["create-pipe", "pipe-scaling", "pipe"];
/// assert_eq!(pipelint_core::did_you_mean("create-pipw", kinds), Some("create-pipe"));
/// assert_eq!(pipelint_core::did_you_mean("dashboard", kinds), None);
/// ```
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
    let lowercase = input.to_lowercase();
    most_similar(
        &lowercase,
        candidates.into_iter().map(|c| (c, c.to_lowercase())),
    )
}

/// The candidate most similar to `lowercase` above the threshold (the last of equals).
fn most_similar<'a, S: AsRef<str>>(
    lowercase: &str,
    candidates: impl Iterator<Item = (&'a str, S)>,
) -> Option<&'a str> {
    candidates
        .map(|(c, c_lowercase)| (strsim::jaro_winkler(lowercase, c_lowercase.as_ref()), c))
        .filter(|(score, _)| *score > MIN_SIMILARITY)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// How many similarity comparisons one [`Names`] makes in all its look-ups. A list that
/// grows with the input (a table's columns) would otherwise make suggestions quadratic.
const SIMILARITY_BUDGET: usize = 100_000;

/// A list of names prepared for many look-ups: membership and the matches that ignore
/// case, `-` and `_` are hash look-ups; the similarity search compares with every name, so
/// it runs only while the budget lasts (it lasts for any realistic document).
pub struct Names<'a> {
    /// Each name with its lowercase form, in the given order.
    names: Vec<(&'a str, String)>,
    exact: HashSet<&'a str>,
    /// ASCII-lowercased name to the first name with that form.
    ascii_lowercase: HashMap<String, &'a str>,
    /// Folded name (see `fold`) to the first name with that form.
    folded: HashMap<String, &'a str>,
    budget: Cell<usize>,
}

impl<'a> Names<'a> {
    pub fn new(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut prepared = Names {
            names: Vec::new(),
            exact: HashSet::new(),
            ascii_lowercase: HashMap::new(),
            folded: HashMap::new(),
            budget: Cell::new(SIMILARITY_BUDGET),
        };
        for name in names {
            prepared.names.push((name, name.to_lowercase()));
            prepared.exact.insert(name);
            prepared
                .ascii_lowercase
                .entry(name.to_ascii_lowercase())
                .or_insert(name);
            prepared.folded.entry(fold(name)).or_insert(name);
        }
        prepared
    }

    pub fn contains(&self, name: &str) -> bool {
        self.exact.contains(name)
    }

    /// What [`closest`] would answer, while the similarity budget lasts; afterwards only
    /// the matches that ignore case, `-` and `_`.
    pub fn closest(&self, input: &str) -> Option<&'a str> {
        if let Some(same) = self.ascii_lowercase.get(&input.to_ascii_lowercase()) {
            return Some(same);
        }
        if let Some(same) = self.folded.get(&fold(input)) {
            return Some(same);
        }
        let left = self.budget.get();
        if left < self.names.len() {
            return None;
        }
        self.budget.set(left - self.names.len());
        let lowercase = input.to_lowercase();
        most_similar(&lowercase, self.names.iter().map(|(c, l)| (*c, l.as_str())))
    }
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

    #[test]
    fn names_answer_like_closest() {
        let names = Names::new(AUTH.iter().copied());
        for input in [
            "scram-sha-512",
            "scram_sha_512",
            "SCRAM-SHA-25",
            "plain",
            "iam",
            "x",
        ] {
            assert_eq!(
                names.closest(input),
                closest(input, AUTH.iter().copied()),
                "{input}"
            );
        }
        assert!(names.contains("PLAIN") && !names.contains("plain"));
    }

    #[test]
    fn names_stop_comparing_when_the_budget_is_spent() {
        let columns: Vec<String> = (0..1000).map(|i| format!("column_{i}")).collect();
        let names = Names::new(columns.iter().map(String::as_str));
        let lookups = SIMILARITY_BUDGET / columns.len();
        for _ in 0..lookups {
            assert_eq!(names.closest("column_7x"), Some("column_7"));
        }
        // Spent: no more similarity search, but exact matches ignoring case still count.
        assert_eq!(names.closest("column_7x"), None);
        assert_eq!(names.closest("COLUMN_7"), Some("column_7"));
    }
}
