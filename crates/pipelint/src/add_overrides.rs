//! `pipelint check --add-overrides`: appends an `[[overrides]]` entry for every current
//! finding to the config that applies to its file (or to a new `pipelint.toml`), so a team
//! can adopt pipelint on an existing repository in one step and fix findings over time.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::{self, Config, FILE_NAMES, pointer};
use crate::files::Target;
use crate::report::FileReport;

/// The entries to add, by the config file they go into.
#[derive(Default)]
pub struct Adding {
    configs: BTreeMap<PathBuf, Pending>,
    /// Findings no entry can name (stdin without `--stdin-filename`, files outside the
    /// config's directory).
    pub skipped: usize,
}

/// The entries for one config file: rule names by file and pointer.
struct Pending {
    base: PathBuf,
    entries: BTreeMap<(String, String), BTreeSet<&'static str>>,
}

impl Adding {
    /// Notes an entry for each finding of a checked file.
    pub fn collect(&mut self, target: &Target, report: &FileReport) {
        if report.diagnostics.is_empty() {
            return;
        }
        let relative = target.located.relative.as_deref().filter(|r| {
            !r.is_empty() && !r.starts_with('/') && !r.split('/').any(|part| part == "..")
        });
        let Some(relative) = relative else {
            self.skipped += report.diagnostics.len();
            return;
        };
        let document: Option<serde_json::Value> =
            serde_json::from_str(pointer::without_bom(&report.text)).ok();
        let pending = self
            .configs
            .entry(config_path(&target.located.config))
            .or_insert_with(|| Pending {
                base: target.located.config.base.clone(),
                entries: BTreeMap::new(),
            });
        let pointers = report.diagnostics.iter().map(|d| d.pointer.as_str());
        let stable = match &document {
            Some(value) => pointer::PointerPattern::stable_all(value, pointers)
                .into_iter()
                .zip(&report.diagnostics)
                .map(|(stable, d)| {
                    // A `.tf.json` finding prints its Terraform address: kept as it is.
                    if pointer::PointerPattern::is_address(&d.pointer) {
                        d.pointer.clone()
                    } else {
                        unmasked(stable, &d.pointer)
                    }
                })
                .collect(),
            None => pointers.map(str::to_owned).collect::<Vec<_>>(),
        };
        for (d, pointer) in report.diagnostics.iter().zip(stable) {
            pending
                .entries
                .entry((relative.to_owned(), pointer))
                .or_default()
                .insert(d.name());
        }
    }

    /// Writes every config; returns one line per file written, naming it as findings do.
    pub fn write(self, cwd: &Path) -> Result<Vec<String>, String> {
        let mut written = Vec::new();
        if self.configs.is_empty() {
            written.push("--add-overrides: no findings, nothing to add".to_owned());
        }
        for (path, pending) in self.configs {
            let count = pending.entries.len();
            append(&path, &pending)?;
            written.push(format!(
                "added {count} override{} to {}",
                if count == 1 { "" } else { "s" },
                crate::paths::display_name(cwd, &path)
            ));
        }
        Ok(written)
    }
}

/// The config file a file's entries go into: the one it was checked with, else a new
/// `pipelint.toml` in the directory the defaults are relative to.
fn config_path(config: &Config) -> PathBuf {
    config
        .source
        .clone()
        .unwrap_or_else(|| config.base.join(FILE_NAMES[0]))
}

/// Appends the entries to the file's text (kept as it is, comments too), checks that the
/// result still loads, and replaces the file through a temporary one beside it.
fn append(path: &Path, pending: &Pending) -> Result<(), String> {
    let failed = |error: String| format!("--add-overrides: {}: {error}", path.display());
    let existing = match path.symlink_metadata() {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(failed(
                "is a symbolic link; pipelint does not write through links".into(),
            ));
        }
        Ok(_) => Some(std::fs::read_to_string(path).map_err(|e| failed(e.to_string()))?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(e.to_string())),
    };
    let text = with_entries(existing.as_deref().unwrap_or_default(), pending).map_err(failed)?;
    if let Err(error) = config::parse(&text, path, &pending.base) {
        return Err(failed(format!(
            "the config would not load with the new entries ({}); nothing was written",
            error.message
        )));
    }

    let mut file = crate::files::temp_file_beside(path).map_err(|e| failed(e.to_string()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(|e| failed(e.to_string()))?;
    // A new file must not replace one created meanwhile; an existing one is replaced by a
    // rename, which swaps the directory entry and never writes through a link.
    let persisted = match existing {
        Some(_) => file.persist(path).map(drop),
        None => file.persist_noclobber(path).map(drop),
    };
    persisted.map_err(|e| failed(e.error.to_string()))
}

/// `stable` with each `[key=value]` token whose value shows a mask put back to the item's
/// index from `pointer`: the report's text is masked, so a name that copies a secret reads
/// as `****`, which would match nothing when the config is read (and says only the length).
fn unmasked(stable: String, pointer: &str) -> String {
    let is_mask = |c: char| matches!(c, '*' | '×' | '∗' | '🞱');
    let tokens: Vec<&str> = stable.split('/').collect();
    let indexes: Vec<&str> = pointer.split('/').collect();
    if tokens.len() != indexes.len() || !stable.contains(is_mask) {
        return stable;
    }
    tokens
        .iter()
        .zip(&indexes)
        .map(|(token, index)| {
            let masked = token.starts_with('[') && token.ends_with(']') && token.contains(is_mask);
            if masked { *index } else { *token }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The config's text with an `[[overrides]]` table turning off each pending finding at its
/// pointer, added by a TOML editor: the text around them stays as written (comments too),
/// and what is written is TOML whatever the names hold, in whatever form the config gives
/// `overrides` (tables or an inline array).
fn with_entries(existing: &str, pending: &Pending) -> Result<String, String> {
    use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

    let mut doc: DocumentMut = existing
        .parse()
        .map_err(|e: toml_edit::TomlError| format!("not TOML: {}", e.message()))?;
    let entries = pending.entries.iter().map(|((file, pointer), rules)| {
        let mut table = InlineTable::new();
        table.insert("files", Array::from_iter([file_glob(file)]).into());
        if !pointer.is_empty() {
            table.insert("pointers", Array::from_iter([pointer.as_str()]).into());
        }
        let mut off = InlineTable::new();
        for rule in rules {
            off.insert(*rule, "off".into());
        }
        table.insert("rules", off.into());
        table
    });
    let note = "# Added by `pipelint check --add-overrides`: the findings present when \
                pipelint was\n# adopted. Remove an entry once its finding is fixed (unused \
                ones are reported).\n";
    match doc
        .entry("overrides")
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
    {
        Item::ArrayOfTables(tables) => {
            for (i, entry) in entries.enumerate() {
                let mut table: Table = entry.into_table();
                let gap = if i == 0 && !existing.trim().is_empty() {
                    format!("\n{note}")
                } else if i == 0 {
                    note.to_owned()
                } else {
                    "\n".to_owned()
                };
                table.decor_mut().set_prefix(gap);
                tables.push(table);
            }
        }
        Item::Value(Value::Array(array)) => {
            for entry in entries {
                array.push(entry);
            }
        }
        _ => return Err("`overrides` is neither tables nor an array".to_owned()),
    }
    Ok(doc.to_string())
}

/// A glob that matches exactly this relative path: glob characters escaped, and anchored
/// (a pattern without `/` would match the name at any depth).
fn file_glob(relative: &str) -> String {
    let mut out = String::new();
    if !relative.contains('/') {
        out.push('/');
    }
    for c in relative.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_masked_name_is_put_back_to_the_index() {
        assert_eq!(
            unmasked("/columns/[name=*****]/type".into(), "/columns/3/type"),
            "/columns/3/type"
        );
        assert_eq!(
            unmasked("/columns/[name=id]/type".into(), "/columns/0/type"),
            "/columns/[name=id]/type"
        );
    }

    #[test]
    fn file_globs_match_only_the_file() {
        assert_eq!(file_glob("orders.pipe.json"), "/orders.pipe.json");
        assert_eq!(file_glob("pipes/a[1].json"), "pipes/a\\[1\\].json");
        let patterns = config::patterns::Patterns::new([file_glob("a*.json").as_str()])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(patterns.matches("a*.json"));
        assert!(!patterns.matches("ab.json"));
        assert!(!patterns.matches("sub/a*.json"));
    }
}
