//! Reading one config file: TOML into closed structs, then every name and glob checked.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};

use pipelint_core::{DocumentKind, LineIndex, did_you_mean, find_rule, rules};
use serde::Deserialize;
use toml::Spanned;

use pipelint_core::{Level, PointerPattern, Selector};

use super::override_files::OverrideFiles;
use super::patterns::Patterns;
use super::versions::VersionChoice;
use super::{Config, ConfigError, DEFAULT_INCLUDE, FailLevel, Levels, Override};

/// The file as written. Unknown keys are errors (toml ignores them otherwise). Lists are
/// options so that an inline `--config` override can tell "not given" from "empty".
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    fail_on: Option<FailLevel>,
    api_version: Option<Spanned<toml::Value>>,
    stack_version: Option<Spanned<toml::Value>>,
    provider_version: Option<Spanned<toml::Value>>,
    include: Option<Vec<Spanned<String>>>,
    exclude: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    kinds: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, Level>,
    #[serde(default)]
    overrides: Vec<Spanned<RawOverride>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    files: Vec<Spanned<String>>,
    #[serde(default)]
    pointers: Vec<Spanned<String>>,
    /// `None`: not written (an entry may set only versions).
    rules: Option<BTreeMap<Spanned<String>, Level>>,
    #[serde(rename = "api-version")]
    api_version: Option<Spanned<toml::Value>>,
    #[serde(rename = "stack-version")]
    stack_version: Option<Spanned<toml::Value>>,
    #[serde(rename = "provider-version")]
    provider_version: Option<Spanned<toml::Value>>,
}

/// Builds errors that point into one config file.
struct Located<'a> {
    text: &'a str,
    path: &'a Path,
    /// Built on the first position asked for, once: a config with thousands of entries
    /// asks for one per entry.
    lines: std::cell::OnceCell<LineIndex>,
}

impl Located<'_> {
    /// `api-version`, `stack-version` and `provider-version` as written (see
    /// [`VersionChoice::read`]).
    fn versions(
        &self,
        api: Option<&Spanned<toml::Value>>,
        stack: Option<&Spanned<toml::Value>>,
        provider: Option<&Spanned<toml::Value>>,
    ) -> Result<VersionChoice, ConfigError> {
        VersionChoice::read(self.text, api, stack, provider)
            .map_err(|(span, message)| self.at(Some(span), message))
    }

    fn at(&self, span: Option<Range<usize>>, message: String) -> ConfigError {
        ConfigError {
            path: self.path.to_path_buf(),
            position: span.clone().map(|span| self.position(span)),
            offset: span.map(|span| span.start),
            message,
        }
    }

    /// The 1-based line and column where `span` starts.
    fn position(&self, span: Range<usize>) -> (usize, usize) {
        let lines = self.lines.get_or_init(|| LineIndex::new(self.text));
        let at = lines.line_col(self.text, span.start);
        (at.line, at.column)
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

    /// Rule levels keyed by rule code; names, old names and codes are all accepted. Each old
    /// name is noted in `renamed`.
    fn levels(
        &self,
        table: &BTreeMap<Spanned<String>, Level>,
        renamed: &mut Vec<RenamedRule>,
    ) -> Result<Levels, ConfigError> {
        let mut out = HashMap::new();
        for (key, level) in table {
            if let Some(new) = pipelint_core::renamed_to(key.get_ref()) {
                renamed.push(RenamedRule {
                    written: WrittenIn::File {
                        path: self.path.to_path_buf(),
                        position: self.position(key.span()),
                    },
                    old: key.get_ref().clone(),
                    new,
                });
            }
            let Some(rule) = find_rule(key.get_ref()) else {
                let known = rules().iter().flat_map(|r| [r.code, r.name]);
                return Err(self.at(
                    Some(key.span()),
                    unknown("rule", key.get_ref(), did_you_mean(key.get_ref(), known)),
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

/// One config text with every name and glob checked, not yet combined with others.
#[derive(Default)]
struct Checked {
    fail_on: Option<FailLevel>,
    versions: VersionChoice,
    include: Option<Vec<String>>,
    exclude: Option<Vec<String>>,
    kinds: Vec<(DocumentKind, Vec<String>)>,
    rules: Levels,
    overrides: Vec<Override>,
    renamed: Vec<RenamedRule>,
}

/// A rule named by an old name (`pipelint_core::renamed_rules`): it works, and a warning tells the new one.
#[derive(Debug)]
pub(super) struct RenamedRule {
    written: WrittenIn,
    old: String,
    new: &'static str,
}

/// Where an old rule name is written.
#[derive(Debug)]
enum WrittenIn {
    /// A key of a config file, at a 1-based line and column.
    File {
        path: PathBuf,
        position: (usize, usize),
    },
    /// A `--config KEY=VALUE` argument, as typed.
    Argument(String),
}

impl Config {
    /// One warning line per rule the config names by an old name: for a config file, the
    /// keys written in it; for the defaults, the `--config KEY=VALUE` overrides of the run.
    pub fn renamed_rules(&self, cwd: &Path) -> Vec<String> {
        self.renamed
            .iter()
            .map(|r| {
                let place = match &r.written {
                    WrittenIn::File {
                        path,
                        position: (line, column),
                    } => format!("{}:{line}:{column}", crate::paths::display_name(cwd, path)),
                    WrittenIn::Argument(argument) => format!("--config {argument}"),
                };
                format!(
                    "{place}: warning: rule `{}` was renamed to `{}` (the old name still works)",
                    r.old, r.new
                )
            })
            .collect()
    }
}

impl Checked {
    /// Reads and checks one text; errors point into it.
    fn read(text: &str, path: &Path) -> Result<Checked, ConfigError> {
        let file = Located {
            text,
            path,
            lines: Default::default(),
        };
        let raw: RawConfig =
            toml::from_str(text).map_err(|e| file.at(e.span(), with_suggestion(e.message())))?;
        let strings = |list: &[Spanned<String>]| -> Vec<String> {
            list.iter().map(|p| p.get_ref().clone()).collect()
        };

        let mut kinds = Vec::new();
        for (name, list) in &raw.kinds {
            let Some(kind) = DocumentKind::from_name(name.get_ref()) else {
                let known = DocumentKind::selectable().map(|k| k.name());
                return Err(file.at(
                    Some(name.span()),
                    unknown("kind", name.get_ref(), did_you_mean(name.get_ref(), known)),
                ));
            };
            file.globs(list)?;
            kinds.push((kind, strings(list)));
        }
        for list in [&raw.include, &raw.exclude].into_iter().flatten() {
            file.globs(list)?;
        }

        let mut renamed = Vec::new();
        let mut overrides = Vec::new();
        for spanned in &raw.overrides {
            let entry = spanned.get_ref();
            if entry.files.is_empty() {
                return Err(file.at(None, "an [[overrides]] entry lists no files".into()));
            }
            for pointer in &entry.pointers {
                let p = pointer.get_ref();
                if !(p.is_empty() || p.starts_with('/') || PointerPattern::is_address(p)) {
                    return Err(file.at(
                        Some(pointer.span()),
                        format!(
                            "`{p}` is not a JSON pointer: write `/{p}` (RFC 6901), or for a \
                             `.tf` file the address a finding prints \
                             (`clickhouse_clickpipe.NAME.{p}`)"
                        ),
                    ));
                }
            }
            let file_entries = entry
                .files
                .iter()
                .map(|f| (f.get_ref().clone(), Default::default()))
                .collect();
            let pointers: Vec<_> = entry
                .pointers
                .iter()
                .map(|p| PointerPattern::new(p.get_ref()))
                .collect();
            let used = (0..pointers.len().max(1))
                .map(|_| Default::default())
                .collect();
            let versions = file.versions(
                entry.api_version.as_ref(),
                entry.stack_version.as_ref(),
                entry.provider_version.as_ref(),
            )?;
            if entry.rules.is_none() && versions.is_empty() {
                return Err(file.at(
                    Some(spanned.span()),
                    "an [[overrides]] entry sets nothing: give it `rules`, `api-version`, \
                     `stack-version` or `provider-version`"
                        .into(),
                ));
            }
            // A version applies to whole files: the core checks one document against one
            // profile.
            if !versions.is_empty() && !entry.pointers.is_empty() {
                return Err(file.at(
                    Some(spanned.span()),
                    "an [[overrides]] entry with `pointers` cannot set `api-version`, \
                     `stack-version` or `provider-version` (a version applies to whole files)"
                        .into(),
                ));
            }
            let files = file.globs(&entry.files)?;
            let mut levels = pipelint_core::Override::new(pointers);
            let rules = match &entry.rules {
                Some(rules) => file.levels(rules, &mut renamed)?,
                None => Levels::new(),
            };
            for (code, level) in rules {
                // Every code of `levels` was found in the catalog.
                if let Some(rule) = find_rule(code) {
                    levels.set_selected(&Selector::rule(rule), level);
                }
            }
            overrides.push(Override {
                files,
                file_entries,
                levels,
                versions,
                used,
                position: Some(file.position(spanned.span())),
            });
        }

        Ok(Checked {
            fail_on: raw.fail_on,
            versions: file.versions(
                raw.api_version.as_ref(),
                raw.stack_version.as_ref(),
                raw.provider_version.as_ref(),
            )?,
            include: raw.include.as_deref().map(strings),
            exclude: raw.exclude.as_deref().map(strings),
            kinds,
            rules: file.levels(&raw.rules, &mut renamed)?,
            overrides,
            renamed,
        })
    }

    /// Lays `over` on top: values and lists it gives replace these, `[kinds]` and `[rules]`
    /// entries replace the same kind or rule, and its `[[overrides]]` come last (so win).
    fn merge(&mut self, over: Checked) {
        self.fail_on = over.fail_on.or(self.fail_on);
        self.versions = over.versions.over(self.versions);
        self.include = over.include.or(self.include.take());
        self.exclude = over.exclude.or(self.exclude.take());
        for (kind, globs) in over.kinds {
            self.kinds.retain(|(k, _)| *k != kind);
            self.kinds.push((kind, globs));
        }
        self.rules.extend(over.rules);
        self.overrides.extend(over.overrides);
        // `over.renamed` stays out: an inline override is laid over every config of the
        // run, so its old names are warned about once, by the defaults (`defaults_with`).
    }

    /// Compiles the combined globs; every glob was checked on its own already.
    fn build(self, source: Option<&Path>, base: &Path) -> Result<Config, ConfigError> {
        let whole = |message: String| ConfigError {
            path: source.map_or_else(|| "--config".into(), Path::to_path_buf),
            position: None,
            offset: None,
            message,
        };
        let include = DEFAULT_INCLUDE
            .into_iter()
            .chain(self.include.iter().flatten().map(String::as_str))
            .chain(self.kinds.iter().flat_map(|(_, l)| l).map(String::as_str));
        let include = Patterns::new(include).map_err(whole)?;
        let exclude = self.exclude.unwrap_or_default();
        let exclude = Patterns::new(exclude.iter().map(String::as_str)).map_err(whole)?;
        let mut kinds = Vec::new();
        for (kind, list) in self.kinds {
            kinds.push((
                kind,
                Patterns::new(list.iter().map(String::as_str)).map_err(whole)?,
            ));
        }
        let override_files =
            OverrideFiles::new(self.overrides.iter().map(|o| o.files.sources())).map_err(whole)?;
        let mut config = Config {
            source: source.map(Path::to_path_buf),
            base: base.to_path_buf(),
            fail_on: self.fail_on,
            versions: self.versions,
            include,
            exclude,
            kinds,
            rules: self.rules,
            settings: Default::default(),
            unselected: None,
            overrides: self.overrides,
            override_files,
            renamed: self.renamed,
        };
        config.select(&Default::default());
        Ok(config)
    }
}

/// Parses the text of a config file; `base` is the directory its globs are relative to.
pub fn parse(text: &str, path: &Path, base: &Path) -> Result<Config, ConfigError> {
    parse_with(text, path, base, &[])
}

/// [`parse`], with inline `--config KEY=VALUE` overrides laid on top in order.
pub fn parse_with(
    text: &str,
    path: &Path,
    base: &Path,
    inline: &[InlineOverride],
) -> Result<Config, ConfigError> {
    let mut checked = Checked::read(text, path)?;
    for over in inline {
        checked.merge(over.check()?);
    }
    checked.build(Some(path), base)
}

/// The built-in defaults with inline overrides laid on top (no config file). Its renamed
/// rules are the old names the overrides use, which every config of the run shares.
pub fn defaults_with(base: &Path, inline: &[InlineOverride]) -> Result<Config, ConfigError> {
    let mut checked = Checked::default();
    for over in inline {
        let mut over = over.check()?;
        checked.renamed.append(&mut over.renamed);
        checked.merge(over);
    }
    checked.build(None, base)
}

/// One `--config KEY=VALUE`: a line of TOML laid over every config of the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineOverride {
    /// As typed on the command line.
    argument: String,
    /// The TOML text, `KEY = VALUE`.
    toml: String,
}

impl InlineOverride {
    /// `KEY=VALUE` as TOML; a bare value that is not TOML (`fail-on=warning`) is taken as a
    /// string, so the quotes a shell would eat are optional.
    pub fn parse(argument: &str) -> Result<InlineOverride, String> {
        let inline = |toml: String| InlineOverride {
            argument: argument.to_owned(),
            toml,
        };
        let error = match toml::from_str::<toml::Table>(argument) {
            Ok(_) => return one_key_value(argument).map(|()| inline(argument.to_owned())),
            Err(error) => {
                let at = error
                    .span()
                    .map(|span| format!(" at {}", line_column(argument, span.start)))
                    .unwrap_or_default();
                format!("{}{at}", error.message().trim_end())
            }
        };
        if let Some((key, value)) = argument.split_once('=') {
            let value = value.trim();
            let quoted = format!("{key} = {}", toml_string(value));
            // A bare value is one line: a line break in it would start more settings.
            let bare = !value.is_empty()
                && !value.starts_with(['"', '\'', '[', '{'])
                && !value.contains(['\n', '\r']);
            if bare && toml::from_str::<toml::Table>(&quoted).is_ok() {
                // The key is as typed: positions in it are those of the argument.
                return one_key_value(&quoted).map(|()| inline(quoted));
            }
        }
        Err(format!(
            "`{argument}` is neither a config file nor a TOML `KEY = VALUE` override: {error}"
        ))
    }

    /// Checks the names and globs it gives; errors name the argument as typed.
    fn check(&self) -> Result<Checked, ConfigError> {
        let mut checked =
            Checked::read(&self.toml, Path::new("--config")).map_err(|error| ConfigError {
                path: format!("--config {}", self.argument).into(),
                position: None,
                offset: None,
                message: error.message,
            })?;
        // Its positions are in the argument, not in the config file it is laid over.
        for entry in &mut checked.overrides {
            entry.position = None;
        }
        for renamed in &mut checked.renamed {
            renamed.written = WrittenIn::Argument(self.argument.clone());
        }
        Ok(checked)
    }
}

/// Checks that valid TOML is one `KEY = VALUE` and nothing more: no table header and no
/// second key (a line break in a `--config` argument would start them). The error says
/// where the first text that is more starts.
fn one_key_value(toml: &str) -> Result<(), String> {
    use toml_parser::parser::{Event, EventKind};
    let tokens = toml_parser::Source::new(toml).lex().into_vec();
    // Inside arrays and inline tables, keys and line breaks belong to the value.
    let mut depth = 0usize;
    let mut pairs = 0;
    let mut key_start = None;
    let mut extra: Option<(usize, &str)> = None;
    let mut receiver = |event: Event| {
        let at = event.span().start();
        match event.kind() {
            _ if extra.is_some() => {}
            EventKind::ArrayOpen | EventKind::InlineTableOpen => depth += 1,
            EventKind::ArrayClose | EventKind::InlineTableClose => {
                depth = depth.saturating_sub(1);
            }
            EventKind::StdTableOpen | EventKind::ArrayTableOpen => {
                extra = Some((at, "a table header"));
            }
            EventKind::SimpleKey if depth == 0 => {
                key_start.get_or_insert(at);
            }
            EventKind::KeyValSep if depth == 0 => {
                pairs += 1;
                if pairs > 1 {
                    extra = Some((key_start.unwrap_or(at), "a second key"));
                }
                key_start = None;
            }
            _ => {}
        }
    };
    toml_parser::parser::parse_document(&tokens, &mut receiver, &mut ());
    match extra {
        None => Ok(()),
        Some((at, what)) => Err(format!(
            "`{}` must be one `KEY = VALUE`, but it has {what} at {} (give each setting \
             its own --config)",
            toml.escape_debug(),
            line_column(toml, at)
        )),
    }
}

/// `line:column` (1-based) of a byte offset.
fn line_column(text: &str, offset: usize) -> String {
    let at = LineIndex::new(text).line_col(text, offset);
    format!("{}:{}", at.line, at.column)
}

/// A TOML basic string holding `value`.
pub fn toml_string(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
    match did_you_mean(input, candidates.iter().copied()) {
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

    fn inline(argument: &str) -> InlineOverride {
        InlineOverride::parse(argument).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn inline_overrides_replace_values_and_lists_and_merge_tables() {
        let file = "fail-on = \"error\"\ninclude = [\"bodies/*.json\"]\n\
                    [kinds]\ncreate-pipe = [\"pipes/*.json\"]\nerror = [\"errors/*.json\"]\n\
                    [rules]\nPL014 = \"error\"\nPL011 = \"warning\"\n";
        let overrides = [
            inline("include=[\"other/*.json\"]"),
            inline("kinds.create-pipe=[\"new/*.json\"]"),
            inline("rules.unknown-field=off"),
            inline("fail-on=warning"),
        ];
        let config = parse_with(
            file,
            Path::new("pipelint.toml"),
            Path::new("/repo"),
            &overrides,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.fail_on, Some(FailLevel::Warning));
        assert!(config.selects("other/a.json"));
        assert!(!config.selects("bodies/a.json"), "include is replaced");
        assert_eq!(
            config.kind_for("new/a.json"),
            Ok(Some(DocumentKind::CreatePipe))
        );
        assert_eq!(config.kind_for("pipes/a.json"), Ok(None));
        assert_eq!(
            config.kind_for("errors/a.json"),
            Ok(Some(DocumentKind::Error))
        );
        assert_eq!(config.rules.get("PL014"), Some(&Level::Off));
        assert_eq!(config.rules.get("PL011"), Some(&Level::Warning));
    }

    #[test]
    fn inline_overrides_take_toml_or_a_bare_string() {
        assert_eq!(inline("fail-on=warning").toml, "fail-on = \"warning\"");
        assert!(InlineOverride::parse("include=[").is_err());
        assert!(InlineOverride::parse("no-equals").is_err());
        let error = defaults_with(Path::new("/repo"), &[inline("rules.PL999=off")])
            .err()
            .map(|e| e.to_string())
            .unwrap();
        assert_eq!(
            error,
            "--config rules.PL999=off: unknown rule `PL999`; did you mean `PL900`?"
        );
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
