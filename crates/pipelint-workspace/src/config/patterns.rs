//! File globs as the configuration writes them.
//!
//! The convention follows `.gitignore` closely enough to need no manual: a pattern is
//! matched against the path relative to the directory of the config file that holds it,
//! with `/` separators; a pattern without a `/` matches the file name at any depth; a
//! leading `/` anchors the pattern to that directory; `*` stays inside one path segment and
//! `**` crosses segments; a trailing `/` is ignored.

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

#[cfg(test)]
thread_local! {
    /// Calls of [`Patterns::matches`] on this thread: a test holds finding a file's
    /// `[[overrides]]` to a number of calls that does not grow with files × entries.
    pub(crate) static MATCHES_CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A compiled list of patterns.
#[derive(Clone, Debug)]
pub struct Patterns {
    matcher: Matcher,
    sources: Vec<String>,
}

#[derive(Clone, Debug)]
enum Matcher {
    /// Every pattern is `*` and a plain suffix (`*.pipe.json`): a path matches when its last
    /// segment ends with one of the suffixes. The default `include` is such a list, and
    /// matching it so builds no glob set (a twelfth of a one-file run did).
    NameSuffixes(Vec<String>),
    Globs(GlobSet),
}

impl Patterns {
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let sources: Vec<String> = patterns.into_iter().map(str::to_owned).collect();
        let suffixes: Option<Vec<String>> = sources
            .iter()
            .map(|p| name_suffix(p).map(str::to_owned))
            .collect();
        let matcher = match suffixes {
            Some(suffixes) => Matcher::NameSuffixes(suffixes),
            None => Matcher::Globs(glob_set(&sources)?),
        };
        Ok(Patterns { matcher, sources })
    }

    pub fn empty() -> Self {
        Patterns {
            matcher: Matcher::NameSuffixes(Vec::new()),
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
        #[cfg(test)]
        MATCHES_CALLS.with(|calls| calls.set(calls.get() + 1));
        match &self.matcher {
            Matcher::NameSuffixes(suffixes) => {
                let name = relative.rsplit('/').next().unwrap_or(relative);
                suffixes
                    .iter()
                    .any(|suffix| name.ends_with(suffix.as_str()))
            }
            Matcher::Globs(set) => set.is_match(relative),
        }
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

/// The suffix of a pattern that is `*` and plain text without `/` (a trailing `/` is
/// ignored), which under the convention above matches any path whose last segment ends with
/// that text.
fn name_suffix(pattern: &str) -> Option<&str> {
    let suffix = pattern.trim_end_matches('/').strip_prefix('*')?;
    let plain = !suffix.is_empty() && !suffix.contains(['/', '*', '?', '[', ']', '{', '}', '\\']);
    plain.then_some(suffix)
}

/// The glob set of the patterns, blaming a broken one by its text.
fn glob_set(patterns: &[String]) -> Result<GlobSet, String> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        builder.add(glob(pattern)?);
    }
    builder
        .build()
        .map_err(|e| format!("invalid glob: {}", e.kind()))
}

pub(super) fn glob(pattern: &str) -> Result<Glob, String> {
    GlobBuilder::new(&expand(pattern))
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map_err(|e| format!("invalid glob `{pattern}`: {}", e.kind()))
}

/// A pattern without glob syntax, once its `\` escapes are read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Literal {
    /// A path from the config's directory (the pattern has a `/`): it matches that path.
    Path(String),
    /// A name without `/`: it matches a path whose last segment is that name.
    Name(String),
}

/// The literal a pattern stands for, or `None` when it has glob syntax.
pub(super) fn literal(pattern: &str) -> Option<Literal> {
    let expanded = expand(pattern);
    let (name, text) = match expanded.strip_prefix("**/") {
        Some(name) if !pattern.trim_end_matches('/').contains('/') => (true, name),
        _ => (false, expanded.as_str()),
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '*' | '?' | '[' | ']' | '{' | '}' => return None,
            c => out.push(c),
        }
    }
    if out.is_empty() {
        return None;
    }
    Some(if name {
        Literal::Name(out)
    } else {
        Literal::Path(out)
    })
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
    fn the_default_include_is_matched_without_a_glob_set() {
        let default: Vec<&str> = super::super::DEFAULT_INCLUDE
            .iter()
            .map(String::as_str)
            .collect();
        let p = patterns(&default);
        assert!(matches!(p.matcher, Matcher::NameSuffixes(_)), "{p:?}");
        assert!(p.matches("a/orders.pipe.json"));
        assert!(p.matches("up.scaling.json"));
        assert!(!p.matches("orders.pipe.json/x.json"));
    }

    /// Name suffixes match exactly the paths the glob set of the same patterns matches.
    #[test]
    fn name_suffixes_match_as_the_globs_do() {
        let lists: [&[&str]; 4] = [
            &["*.pipe.json", "*.scaling.json"],
            &["*.json/"],
            &["*e", "*.alert.json"],
            &["*-v2.pipe.json"],
        ];
        let paths = [
            "orders.pipe.json",
            ".pipe.json",
            "a/b/orders.pipe.json",
            "a/.scaling.json",
            "orders.pipe.json/inner.txt",
            "orders.pipe.json.bak",
            "orders.pipejson",
            "pipe.json",
            "x.json",
            "dir.json/a.txt",
            "a/up-v2.pipe.json",
            "up-v1.pipe.json",
            "e",
            "a/file",
            "a/fil",
            "UP.PIPE.JSON",
            "deep/er/x.alert.json",
            "/rooted.pipe.json",
        ];
        for list in lists {
            let fast = patterns(list);
            assert!(matches!(fast.matcher, Matcher::NameSuffixes(_)), "{list:?}");
            let sources: Vec<String> = list.iter().map(|p| (*p).to_owned()).collect();
            let globs = Patterns {
                matcher: Matcher::Globs(glob_set(&sources).unwrap_or_else(|e| panic!("{e}"))),
                sources,
            };
            for path in paths {
                assert_eq!(fast.matches(path), globs.matches(path), "{list:?} {path}");
                assert_eq!(
                    fast.matches_path_or_parent(path),
                    globs.matches_path_or_parent(path),
                    "{list:?} {path}"
                );
            }
        }
    }

    #[test]
    fn other_patterns_use_the_glob_set() {
        for list in [
            &["*"][..],
            &["*.js?n"],
            &["pipes/*.json"],
            &["*[ab].json"],
            &["x*.json"],
        ] {
            assert!(
                matches!(patterns(list).matcher, Matcher::Globs(_)),
                "{list:?}"
            );
        }
    }

    #[test]
    fn a_broken_glob_is_reported_with_its_text() {
        let error = Patterns::new(["pipes/[a.json"]).err().unwrap();
        assert!(error.contains("pipes/[a.json"), "{error}");
    }
}
