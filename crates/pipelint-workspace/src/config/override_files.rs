//! Which `[[overrides]]` entries name a file, found without matching the file against
//! each entry's globs: `--add-overrides` writes an entry per finding, and a run over many
//! files would otherwise cost files × entries.
//!
//! The globs `--add-overrides` writes (and most written by hand) are literal paths: they
//! are looked up by the file's path and each directory above it. A literal name without
//! `/` is looked up by each segment of the path. The other globs are matched at once, in
//! one glob set. The result is what each entry's own `matches_path_or_parent` would give.

use std::collections::HashMap;

use globset::{GlobSet, GlobSetBuilder};

use super::patterns::{Literal, glob, literal};

#[derive(Debug)]
pub(super) struct OverrideFiles {
    /// Literal paths from the config's directory, by path.
    paths: HashMap<String, Vec<usize>>,
    /// Literal names matched at any depth, by name.
    names: HashMap<String, Vec<usize>>,
    /// Every other glob, and the entry each belongs to.
    globs: GlobSet,
    glob_entries: Vec<usize>,
    /// The entries of `files` that name one file (they contain `/`), as written without a
    /// leading `/`: the entry and its place in `files`, for the report of unused overrides.
    named: HashMap<String, Vec<(usize, usize)>>,
}

impl Default for OverrideFiles {
    fn default() -> Self {
        OverrideFiles {
            paths: HashMap::new(),
            names: HashMap::new(),
            globs: GlobSet::empty(),
            glob_entries: Vec::new(),
            named: HashMap::new(),
        }
    }
}

impl OverrideFiles {
    /// Indexes the `files` lists of the entries, in order; every glob was checked already.
    pub(super) fn new<'a>(
        entries: impl IntoIterator<Item = &'a [String]>,
    ) -> Result<OverrideFiles, String> {
        let mut index = OverrideFiles::default();
        let mut builder = GlobSetBuilder::new();
        for (entry, files) in entries.into_iter().enumerate() {
            for (place, pattern) in files.iter().enumerate() {
                if pattern.contains('/') {
                    let named = pattern.trim_start_matches('/').to_owned();
                    index.named.entry(named).or_default().push((entry, place));
                }
                match literal(pattern) {
                    Some(Literal::Path(path)) => index.paths.entry(path).or_default().push(entry),
                    Some(Literal::Name(name)) => index.names.entry(name).or_default().push(entry),
                    None => {
                        builder.add(glob(pattern)?);
                        index.glob_entries.push(entry);
                    }
                }
            }
        }
        index.globs = builder
            .build()
            .map_err(|e| format!("invalid glob: {}", e.kind()))?;
        Ok(index)
    }

    /// The entries whose `files` match the `/`-separated relative path or a directory
    /// above it, in order.
    pub(super) fn matching(&self, relative: &str) -> Vec<usize> {
        let mut found = Vec::new();
        let cuts = relative.match_indices('/').map(|(cut, _)| cut);
        let places = cuts
            .map(|cut| &relative[..cut])
            .chain([relative])
            .collect::<Vec<_>>();
        for place in &places {
            found.extend(self.paths.get(*place).into_iter().flatten());
            if !self.glob_entries.is_empty() {
                let globs = self.globs.matches(place);
                found.extend(globs.iter().filter_map(|&i| self.glob_entries.get(i)));
            }
        }
        if !self.names.is_empty() {
            for segment in relative.split('/') {
                found.extend(self.names.get(segment).into_iter().flatten());
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The entries, and their place in `files`, that name this one file.
    pub(super) fn naming(&self, relative: &str) -> &[(usize, usize)] {
        self.named.get(relative).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::super::patterns::Patterns;
    use super::*;

    const PATTERNS: [&str; 24] = [
        "/orders.pipe.json",
        "orders.pipe.json",
        "pipes/orders.pipe.json",
        "/pipes/orders.pipe.json",
        "pipes/",
        "pipes",
        "/pipes/",
        "pipes/a\\[1\\].json",
        "a\\*.json",
        "*.pipe.json",
        "pipes/*.json",
        "/pipes/**/*.json",
        "**/deep",
        "de?p/x.json",
        "{a,b}.json",
        "x/./y.json",
        "//rooted.json",
        "/",
        "a.json/",
        "dir\\/x.json",
        "é.json",
        "sub/dir",
        "a.json",
        "UP.JSON",
    ];

    const PATHS: [&str; 22] = [
        "orders.pipe.json",
        "pipes/orders.pipe.json",
        "x/pipes/orders.pipe.json",
        "pipes/deep/a.json",
        "pipes/a[1].json",
        "pipes/a1.json",
        "a*.json",
        "ab.json",
        "sub/a*.json",
        "deep/x.json",
        "a/deep/x.json",
        "a.json",
        "b.json",
        "x/./y.json",
        "/rooted.json",
        "/abs/pipes/orders.pipe.json",
        "a.json/inner.json",
        "dir/x.json",
        "é.json",
        "sub/dir/a.json",
        "up.json",
        "",
    ];

    /// The index gives each path the entries that match it one by one.
    #[test]
    fn the_index_finds_what_matching_each_entry_finds() {
        // Entries of one pattern each, then of several.
        let mut lists: Vec<Vec<String>> = PATTERNS.iter().map(|p| vec![(*p).to_owned()]).collect();
        for (i, pattern) in PATTERNS.iter().enumerate().step_by(3) {
            let other = PATTERNS[(i * 5 + 1) % PATTERNS.len()];
            lists.push(vec![(*pattern).to_owned(), other.to_owned()]);
        }
        let index =
            OverrideFiles::new(lists.iter().map(Vec::as_slice)).unwrap_or_else(|e| panic!("{e}"));
        let each: Vec<Patterns> = lists
            .iter()
            .map(|l| Patterns::new(l.iter().map(String::as_str)).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        let mut matched = 0;
        for path in PATHS {
            let expected: Vec<usize> = (0..each.len())
                .filter(|&i| each[i].matches_path_or_parent(path))
                .collect();
            matched += expected.len();
            assert_eq!(index.matching(path), expected, "{path:?}");
        }
        assert!(matched > 30, "only {matched} matches");
        // Only the patterns with a `/` name one file.
        for path in PATHS {
            let mut expected = Vec::new();
            for (entry, list) in lists.iter().enumerate() {
                for (place, pattern) in list.iter().enumerate() {
                    if pattern.contains('/') && pattern.trim_start_matches('/') == path {
                        expected.push((entry, place));
                    }
                }
            }
            assert_eq!(index.naming(path), expected, "{path:?}");
        }
        assert_eq!(
            index.naming("pipes/orders.pipe.json")[..2],
            [(2, 0), (3, 0)]
        );
    }

    #[test]
    fn literals_are_told_from_globs() {
        assert_eq!(literal("a.json"), Some(Literal::Name("a.json".into())));
        assert_eq!(literal("/a.json"), Some(Literal::Path("a.json".into())));
        assert_eq!(
            literal("p/a\\[1\\].json/"),
            Some(Literal::Path("p/a[1].json".into()))
        );
        for glob in ["*.json", "a?.json", "p/[ab].json", "{a,b}", "/", "", "a\\"] {
            assert_eq!(literal(glob), None, "{glob}");
        }
    }
}
