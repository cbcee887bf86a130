//! File globs as the configuration writes them.
//!
//! The convention follows `.gitignore` closely enough to need no manual: a pattern is
//! matched against the path relative to the directory of the config file that holds it,
//! with `/` separators; a pattern without a `/` matches the file name at any depth; a
//! leading `/` anchors the pattern to that directory; `*` stays inside one path segment and
//! `**` crosses segments; a trailing `/` is ignored.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// A compiled list of patterns.
#[derive(Clone, Debug)]
pub struct Patterns {
    set: GlobSet,
    sources: Vec<String>,
}

impl Patterns {
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let mut builder = GlobSetBuilder::new();
        let mut sources = Vec::new();
        for pattern in patterns {
            let glob = GlobBuilder::new(&expand(pattern))
                .literal_separator(true)
                .backslash_escape(true)
                .build()
                .map_err(|e| format!("invalid glob `{pattern}`: {}", e.kind()))?;
            builder.add(glob);
            sources.push(pattern.to_owned());
        }
        let set = builder
            .build()
            .map_err(|e| format!("invalid glob: {}", e.kind()))?;
        Ok(Patterns { set, sources })
    }

    pub fn empty() -> Self {
        Patterns {
            set: GlobSet::empty(),
            sources: Vec::new(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    /// The patterns as written.
    pub fn sources(&self) -> &[String] {
        &self.sources
    }

    /// Whether the `/`-separated relative path itself matches.
    pub fn matches(&self, relative: &str) -> bool {
        self.set.is_match(relative)
    }

    /// Whether the path or one of the directories above it matches, so `build` covers
    /// everything inside `build/`.
    pub fn matches_path_or_parent(&self, relative: &str) -> bool {
        if self.matches(relative) {
            return true;
        }
        relative
            .match_indices('/')
            .any(|(cut, _)| self.matches(&relative[..cut]))
    }
}

/// The glob the pattern stands for under the convention above.
fn expand(pattern: &str) -> String {
    let trimmed = pattern.trim_end_matches('/');
    if let Some(anchored) = trimmed.strip_prefix('/') {
        anchored.to_owned()
    } else if trimmed.contains('/') {
        trimmed.to_owned()
    } else {
        format!("**/{trimmed}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patterns(list: &[&str]) -> Patterns {
        Patterns::new(list.iter().copied()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_name_pattern_matches_at_any_depth() {
        let p = patterns(&["*.pipe.json"]);
        assert!(p.matches("orders.pipe.json"));
        assert!(p.matches("a/b/orders.pipe.json"));
        assert!(!p.matches("orders.json"));
    }

    #[test]
    fn a_pattern_with_a_slash_is_anchored_and_star_stays_in_one_segment() {
        let p = patterns(&["pipes/*.json"]);
        assert!(p.matches("pipes/a.json"));
        assert!(!p.matches("pipes/deep/a.json"));
        assert!(!p.matches("x/pipes/a.json"));
        let deep = patterns(&["/pipes/**/*.json"]);
        assert!(deep.matches("pipes/deep/a.json"));
        assert!(deep.matches("pipes/a.json"));
    }

    #[test]
    fn a_directory_covers_what_is_inside() {
        let p = patterns(&["build/"]);
        assert!(p.matches_path_or_parent("build/out/a.pipe.json"));
        assert!(p.matches_path_or_parent("sub/build/a.pipe.json"));
        assert!(!p.matches_path_or_parent("builder/a.pipe.json"));
    }

    #[test]
    fn a_broken_glob_is_reported_with_its_text() {
        let error = Patterns::new(["pipes/[a.json"]).err().unwrap_or_default();
        assert!(error.contains("pipes/[a.json"), "{error}");
    }
}
