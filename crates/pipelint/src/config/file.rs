//! Reading one config file: TOML into closed structs, then every name and glob checked.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::Path;

use pipelint_core::suggest::closest;
use pipelint_core::{DocumentKind, LineIndex, rules};
use serde::Deserialize;
use toml::Spanned;

use super::patterns::Patterns;
use super::{Config, ConfigError, DEFAULT_INCLUDE, FailLevel, Levels, Override, RuleLevel};

/// The file as written. Unknown keys are errors (toml ignores them otherwise).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    fail_on: Option<FailLevel>,
    #[serde(default)]
    include: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
    #[serde(default)]
    kinds: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, RuleLevel>,
    #[serde(default)]
    overrides: Vec<RawOverride>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    files: Vec<Spanned<String>>,
    #[serde(default)]
    pointers: Vec<Spanned<String>>,
    rules: BTreeMap<Spanned<String>, RuleLevel>,
}

/// Builds errors that point into one config file.
struct Located<'a> {
    text: &'a str,
    path: &'a Path,
}

impl Located<'_> {
    fn at(&self, span: Option<Range<usize>>, message: String) -> ConfigError {
        let index = LineIndex::new(self.text);
        ConfigError {
            path: self.path.to_path_buf(),
            position: span.map(|s| {
                let at = index.line_col(self.text, s.start);
                (at.line, at.column)
            }),
            message,
        }
    }

    /// Compiles a glob list, blaming the first broken pattern by its position.
    fn globs(&self, list: &[Spanned<String>]) -> Result<Patterns, ConfigError> {
        for pattern in list {
            Patterns::new([pattern.get_ref().as_str()])
                .map_err(|message| self.at(Some(pattern.span()), message))?;
        }
        Patterns::new(list.iter().map(|p| p.get_ref().as_str()))
            .map_err(|message| self.at(None, message))
    }

    /// Rule levels keyed by rule code; names and codes are both accepted.
    fn levels(&self, table: &BTreeMap<Spanned<String>, RuleLevel>) -> Result<Levels, ConfigError> {
        let mut out = HashMap::new();
        for (key, level) in table {
            let Some(rule) = rules::find(key.get_ref()) else {
                let known = rules::ALL.iter().flat_map(|r| [r.code, r.name]);
                return Err(self.at(
                    Some(key.span()),
                    unknown("rule", key.get_ref(), closest(key.get_ref(), known)),
                ));
            };
            if out.insert(rule.code, *level).is_some() {
                return Err(self.at(
                    Some(key.span()),
                    format!("rule `{}` is set twice (by code and by name)", rule.name),
                ));
            }
        }
        Ok(out)
    }
}

/// Parses the text of a config file; `base` is the directory its globs are relative to.
pub fn parse(text: &str, path: &Path, base: &Path) -> Result<Config, ConfigError> {
    let file = Located { text, path };
    let raw: RawConfig =
        toml::from_str(text).map_err(|e| file.at(e.span(), with_suggestion(e.message())))?;

    let mut kinds = Vec::new();
    for (name, list) in &raw.kinds {
        let Some(kind) = DocumentKind::from_name(name.get_ref()) else {
            let known = DocumentKind::ALL.iter().map(|k| k.name());
            return Err(file.at(
                Some(name.span()),
                unknown("kind", name.get_ref(), closest(name.get_ref(), known)),
            ));
        };
        kinds.push((kind, file.globs(list)?));
    }

    // Checked one by one above or below, so only the combination is compiled here.
    file.globs(&raw.include)?;
    let include = DEFAULT_INCLUDE
        .into_iter()
        .chain(raw.include.iter().map(|p| p.get_ref().as_str()))
        .chain(raw.kinds.values().flatten().map(|p| p.get_ref().as_str()));
    let include = Patterns::new(include).map_err(|m| file.at(None, m))?;

    let mut overrides = Vec::new();
    for entry in &raw.overrides {
        if entry.files.is_empty() {
            return Err(file.at(None, "an [[overrides]] entry lists no files".into()));
        }
        for pointer in &entry.pointers {
            let p = pointer.get_ref();
            if !(p.is_empty() || p.starts_with('/')) {
                return Err(file.at(
                    Some(pointer.span()),
                    format!("`{p}` is not a JSON pointer: write `/{p}` (RFC 6901)"),
                ));
            }
        }
        overrides.push(Override {
            files: file.globs(&entry.files)?,
            pointers: entry.pointers.iter().map(|p| p.get_ref().clone()).collect(),
            rules: file.levels(&entry.rules)?,
        });
    }

    Ok(Config {
        source: Some(path.to_path_buf()),
        base: base.to_path_buf(),
        fail_on: raw.fail_on,
        include,
        exclude: file.globs(&raw.exclude)?,
        kinds,
        rules: file.levels(&raw.rules)?,
        overrides,
    })
}

fn unknown(what: &str, name: &str, guess: Option<&str>) -> String {
    match guess {
        Some(guess) => format!("unknown {what} `{name}`; did you mean `{guess}`?"),
        None => format!("unknown {what} `{name}`"),
    }
}

/// Adds a did-you-mean to serde's "unknown field `x`, expected one of `a`, `b`" (and the
/// same for enum variants), whose wording serde fixes in `de::Error::unknown_field`.
fn with_suggestion(message: &str) -> String {
    let message = message.trim_end();
    let is_unknown =
        message.starts_with("unknown field `") || message.starts_with("unknown variant `");
    if !is_unknown {
        return message.to_owned();
    }
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let Some((input, candidates)) = quoted.split_first() else {
        return message.to_owned();
    };
    let message = message.replacen("unknown field", "unknown key", 1);
    match closest(input, candidates.iter().copied()) {
        Some(guess) => format!("{message}; did you mean `{guess}`?"),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Config, ConfigError> {
        parse(text, Path::new("pipelint.toml"), Path::new("/repo"))
    }

    fn fails_with(text: &str) -> String {
        match load(text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn unknown_top_level_key_suggests_the_right_one() {
        let message = fails_with("fial-on = \"warning\"\n");
        assert!(message.starts_with("pipelint.toml:1:1: "), "{message}");
        assert!(message.contains("unknown key `fial-on`"), "{message}");
        assert!(message.contains("did you mean `fail-on`?"), "{message}");
    }

    #[test]
    fn unknown_key_in_an_override_suggests_the_right_one() {
        let message = fails_with(
            "[[overrides]]\nfiles = [\"a.json\"]\npointer = \"/a\"\nrules = { PL014 = \"off\" }\n",
        );
        assert!(message.contains("did you mean `pointers`?"), "{message}");
        assert!(message.starts_with("pipelint.toml:3:1"), "{message}");
    }

    #[test]
    fn unknown_level_suggests_the_right_one() {
        let message = fails_with("[rules]\nunknown-field = \"warn\"\n");
        assert!(message.contains("did you mean `warning`?"), "{message}");
    }

    #[test]
    fn unknown_rule_and_kind_are_errors_with_suggestions() {
        let message = fails_with("[rules]\nunknown-feild = \"off\"\n");
        assert!(
            message.contains("unknown rule `unknown-feild`"),
            "{message}"
        );
        assert!(
            message.contains("did you mean `unknown-field`?"),
            "{message}"
        );
        assert!(message.starts_with("pipelint.toml:2:1"), "{message}");
        let message = fails_with("[kinds]\ncreate-pip = [\"*.json\"]\n");
        assert!(message.contains("did you mean `create-pipe`?"), "{message}");
    }

    #[test]
    fn a_rule_set_by_code_and_by_name_is_an_error() {
        let message = fails_with("[rules]\nPL014 = \"off\"\nunknown-field = \"error\"\n");
        assert!(message.contains("set twice"), "{message}");
    }

    #[test]
    fn a_pointer_without_a_slash_is_an_error() {
        let message = fails_with(
            "[[overrides]]\nfiles = [\"a.json\"]\npointers = [\"source\"]\nrules = { PL014 = \"off\" }\n",
        );
        assert!(message.contains("write `/source`"), "{message}");
    }

    #[test]
    fn a_full_config_loads() {
        let config = load(
            "fail-on = \"warning\"\ninclude = [\"bodies/*.json\"]\nexclude = [\"build\"]\n\
             [kinds]\ncreate-pipe = [\"pipes/**/*.json\"]\n\
             [rules]\nPL014 = \"error\"\n\
             [[overrides]]\nfiles = [\"pipes/a.json\"]\npointers = [\"/source\"]\n\
             rules = { unknown-field = \"off\" }\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.fail_on, Some(FailLevel::Warning));
        assert!(config.selects("x/orders.pipe.json"));
        assert!(config.selects("bodies/a.json"));
        assert!(config.selects("pipes/deep/a.json"));
        assert!(!config.selects("build/a.pipe.json"));
        assert!(!config.selects("package.json"));
        assert_eq!(
            config.kind_for("pipes/a.json"),
            Ok(Some(DocumentKind::CreatePipe))
        );
        assert_eq!(config.kind_for("bodies/a.json"), Ok(None));
    }
}
