//! Rule settings: the level of each rule, and overrides that set levels for places in a
//! document. [`crate::lint`] applies them before it decides which finding supersedes which,
//! so a rule turned off never hides what another rule reports.
//!
//! Rules are chosen by selector, as `pipelint.toml` and `pipelint check --select` name them:
//! a code (`PL605`), a name (`leaked-secret`), a code prefix (`PL2`) or `ALL`.
//!
//! ```
//! use pipelint_core::{DocumentKind, Level, LintOptions, Override, PointerPattern, Settings, lint};
//!
//! let mut settings = Settings::default();
//! settings.set("leaked-secret", Level::Off)?;
//! settings.set("PL0", Level::Warning)?;
//! let mut legacy = Override::new(vec![PointerPattern::new("/result/legacyField")]);
//! legacy.set("unknown-field", Level::Off)?;
//! settings.add_override(legacy);
//!
//! let body = br#"{"requestId": "r", "status": 200, "result": {"password": "x", "legacyField": 1}}"#;
//! let options = LintOptions::new().kind(DocumentKind::PipeResponse).settings(&settings);
//! let result = lint(body, &options);
//! let at = |pointer: &str| -> Vec<&str> {
//!     let here = result.diagnostics.iter().filter(|d| d.pointer == pointer);
//!     here.map(|d| d.name()).collect()
//! };
//! // With `leaked-secret` off, the `password` member is still reported, as an unknown field.
//! assert_eq!(at("/result/password"), ["unknown-field"]);
//! assert!(at("/result/legacyField").is_empty());
//! // The override was used (`settings.overrides()[0]`, its pointer 0).
//! assert_eq!(result.overrides_used.len(), 1);
//! # Ok::<(), String>(())
//! ```

mod index;
pub mod pointer;

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::rule::Rule;
use crate::rules;
use crate::suggest::closest;
pub use pointer::PointerPattern;

/// The level a rule is set to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Not reported.
    Off,
    /// Reported as [`Severity::Info`].
    Info,
    /// Reported as [`Severity::Warning`].
    Warning,
    /// Reported as [`Severity::Error`].
    Error,
}

impl Level {
    /// `off`, `info`, `warning` or `error` (as in `pipelint.toml`).
    pub fn parse(text: &str) -> Result<Level, String> {
        match text {
            "off" => Ok(Level::Off),
            "info" => Ok(Level::Info),
            "warning" => Ok(Level::Warning),
            "error" => Ok(Level::Error),
            _ => Err(match closest(text, ["off", "info", "warning", "error"]) {
                Some(guess) => format!("unknown level `{text}`; did you mean `{guess}`?"),
                None => format!("unknown level `{text}`: give `off`, `info`, `warning` or `error`"),
            }),
        }
    }

    /// `off`, `info`, `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self.severity() {
            None => "off",
            Some(severity) => severity.as_str(),
        }
    }

    /// The severity findings get; `None` for `off`.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Info => Some(Severity::Info),
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::parse(text)
    }
}

impl From<Severity> for Level {
    fn from(severity: Severity) -> Level {
        match severity {
            Severity::Info => Level::Info,
            Severity::Warning => Level::Warning,
            Severity::Error => Level::Error,
        }
    }
}

/// One rule, or every rule whose code starts with a prefix (`PL2`; `ALL` is every rule).
/// Made by [`Selector::parse`] only, so a selector always names rules that exist; the
/// variants can be read but not built outside the crate.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Selector {
    /// A rule's code.
    #[non_exhaustive]
    Rule(&'static str),
    /// A code prefix in upper case; empty for `ALL`.
    #[non_exhaustive]
    Prefix(String),
}

/// The code a code-shaped text (`PL2OO`, `pl0l4`) most likely means, compared as a
/// code rather than as a word: letters that look like digits are read as those digits, and
/// the code with the most digits in their places wins (at least two of three; the first in
/// code order among equals).
fn code_guess(text: &str) -> Option<&'static str> {
    let upper = text.to_ascii_uppercase();
    let written: Vec<char> = upper
        .strip_prefix("PL")?
        .chars()
        .map(|c| match c {
            'O' | 'Q' | 'D' => '0',
            'I' | 'L' | '|' => '1',
            'Z' => '2',
            'S' => '5',
            'G' => '6',
            'B' => '8',
            c => c,
        })
        .collect();
    if written.is_empty() || written.len() > 4 || !written.iter().all(char::is_ascii_digit) {
        return None;
    }
    let in_place = |code: &str| {
        code[2..]
            .chars()
            .zip(&written)
            .filter(|(a, b)| a == *b)
            .count()
    };
    let best = rules::ALL.iter().map(|r| r.code).max_by_key(|code| {
        // `max_by_key` keeps the last of equals: reverse the order to keep the first.
        (in_place(code), std::cmp::Reverse(*code))
    })?;
    (in_place(best) >= 2).then_some(best)
}

impl Selector {
    /// The selector of one rule of the catalog.
    pub fn rule(rule: &'static Rule) -> Selector {
        Selector::Rule(rule.code)
    }

    /// Parses a code, a name or a code prefix (any case); unknown ones get a did-you-mean.
    pub fn parse(text: &str) -> Result<Selector, String> {
        if let Some(rule) = rules::find(text) {
            return Ok(Selector::Rule(rule.code));
        }
        if text.eq_ignore_ascii_case("ALL") {
            return Ok(Selector::Prefix(String::new()));
        }
        let prefix = text.to_ascii_uppercase();
        if !prefix.is_empty() && rules::ALL.iter().any(|r| r.code.starts_with(&prefix)) {
            return Ok(Selector::Prefix(prefix));
        }
        let known = rules::ALL.iter().flat_map(|r| [r.code, r.name]);
        Err(match code_guess(text).or_else(|| closest(text, known)) {
            Some(guess) => format!("unknown rule `{text}`; did you mean `{guess}`?"),
            None => format!(
                "unknown rule `{text}`: give a code (`PL014`), a name (`unknown-field`) or a code prefix (`PL2`); `pipelint rules` lists them"
            ),
        })
    }

    /// Whether the rule with this code is selected.
    pub fn matches(&self, code: &str) -> bool {
        match self {
            Selector::Rule(rule) => *rule == code,
            Selector::Prefix(prefix) => code.starts_with(prefix.as_str()),
        }
    }

    /// The rules a level set through this selector applies to. A prefix (or `ALL`) leaves
    /// out the rules whose findings say the document could not be checked at all
    /// ([`means_not_checked`]): turning off `PL` must not make a broken file look clean.
    /// Naming such a rule by code or name still sets it.
    fn rules(&self) -> impl Iterator<Item = &'static Rule> + '_ {
        rules::ALL.iter().copied().filter(move |rule| match self {
            Selector::Rule(code) => rule.code == *code,
            Selector::Prefix(_) => self.matches(rule.code) && !means_not_checked(rule),
        })
    }
}

impl Rule {
    /// Whether its findings mean the document was not checked at all: not JSON, not UTF-8,
    /// empty, too deep, too large, or of an unknown kind. A code prefix or `ALL` in the
    /// settings leaves these rules at their level, so a broken file never looks clean.
    pub fn means_not_checked(&self) -> bool {
        means_not_checked(self)
    }
}

/// Whether the rule's findings mean the document was not checked at all: not JSON, not
/// UTF-8, empty, too deep, too large, or of an unknown kind.
/// (`policy: [not_checked]` in its declaration.)
pub(crate) fn means_not_checked(rule: &Rule) -> bool {
    rule.policy.not_checked
}

/// Rule levels keyed by code; a rule not in the map reports at its catalog severity.
type Levels = HashMap<&'static str, Level>;

fn set_levels(levels: &mut Levels, selector: &Selector, level: Level) {
    for rule in selector.rules() {
        levels.insert(rule.code, level);
    }
}

/// Levels for the places some pointers name: the whole document when there are none.
#[derive(Clone, Debug, Default)]
pub struct Override {
    pointers: Vec<PointerPattern>,
    levels: Levels,
}

impl Override {
    /// An override for the members at `pointers` and below them (the whole document when
    /// empty). Each pointer starts with `/` or is empty.
    pub fn new(pointers: Vec<PointerPattern>) -> Override {
        Override {
            pointers,
            levels: HashMap::new(),
        }
    }

    /// Sets the rules `selector` names (a code, name, code prefix or `ALL`) at these places.
    pub fn set(&mut self, selector: &str, level: Level) -> Result<(), String> {
        self.set_selected(&Selector::parse(selector)?, level);
        Ok(())
    }

    /// [`Override::set`] with a parsed selector.
    pub fn set_selected(&mut self, selector: &Selector, level: Level) {
        set_levels(&mut self.levels, selector, level);
    }

    /// The pointers it covers (empty: the whole document).
    pub fn pointers(&self) -> &[PointerPattern] {
        &self.pointers
    }

    /// The level it sets for each rule it names, sorted by code.
    pub fn levels(&self) -> Vec<(&'static str, Level)> {
        let mut levels: Vec<_> = self
            .levels
            .iter()
            .map(|(code, level)| (*code, *level))
            .collect();
        levels.sort_unstable_by_key(|(code, _)| *code);
        levels
    }

    /// The codes of the rules it sets, sorted.
    pub fn codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = self.levels.keys().copied().collect();
        codes.sort_unstable();
        codes
    }
}

/// Which override changed the level of a finding the result kept (reported or turned off),
/// so that a caller can tell overrides that matched nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub struct OverrideUse {
    /// The override's index in [`Settings::overrides`].
    pub entry: usize,
    /// The index of its pointer that covered the finding; 0 for an override without pointers.
    pub pointer: usize,
}

/// Rule levels and overrides for one document. The default leaves every rule at its
/// catalog level.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    levels: Levels,
    overrides: Vec<Override>,
}

impl Settings {
    /// Sets the rules `selector` names: a code (`PL605`), a name (`leaked-secret`), a code
    /// prefix (`PL2`) or `ALL`, in any case. A later call wins over an earlier one.
    pub fn set(&mut self, selector: &str, level: Level) -> Result<(), String> {
        self.set_selected(&Selector::parse(selector)?, level);
        Ok(())
    }

    /// [`Settings::set`] with a parsed selector.
    pub fn set_selected(&mut self, selector: &Selector, level: Level) {
        set_levels(&mut self.levels, selector, level);
    }

    /// Puts the rules `selector` names back at their catalog level.
    pub fn reset(&mut self, selector: &Selector) {
        for rule in selector.rules() {
            self.levels.remove(rule.code);
        }
    }

    /// The level a rule has outside every override.
    pub fn level(&self, rule: &Rule) -> Level {
        self.levels
            .get(rule.code)
            .copied()
            .unwrap_or(Level::from(rule.severity))
    }

    /// Adds an override; overrides apply in the order they were added, a later one winning.
    pub fn add_override(&mut self, entry: Override) {
        self.overrides.push(entry);
    }

    /// The overrides in the order they were added ([`OverrideUse::entry`] indexes them).
    pub fn overrides(&self) -> &[Override] {
        &self.overrides
    }

    /// The severity of each finding (`None`: off), with the overrides that set it.
    /// `document` is the parsed document, for the `[key=value]` tokens of override pointers.
    /// The overrides are indexed first, so the cost grows with overrides plus findings.
    pub(crate) fn judge(
        &self,
        diagnostics: &[Diagnostic],
        document: Option<&Value>,
    ) -> Vec<Judged> {
        let index =
            (!self.overrides.is_empty()).then(|| index::OverrideIndex::new(&self.overrides));
        diagnostics
            .iter()
            .map(|diagnostic| {
                let code = diagnostic.rule.code;
                let mut level = self.levels.get(code).copied();
                let uses = match &index {
                    Some(index) => {
                        let pointer = pointer::matched_pointer(&diagnostic.pointer);
                        index.covering(&pointer, code, document)
                    }
                    None => Vec::new(),
                };
                // A later override wins.
                let last = uses.last().and_then(|last| self.overrides.get(last.entry));
                if let Some(set) = last.and_then(|over| over.levels.get(code)) {
                    level = Some(*set);
                }
                Judged {
                    severity: match level {
                        None => Some(diagnostic.severity),
                        Some(level) => level.severity(),
                    },
                    uses,
                }
            })
            .collect()
    }
}

impl Settings {
    /// Applies the overrides whose pointers are Terraform addresses to the findings of a
    /// `.tf` file, which carry the address they print as their pointer: the level of the
    /// last such override that covers a finding and names its rule wins (`off` drops it).
    /// The other overrides were applied with the rules' JSON pointers. Returns the uses.
    pub(crate) fn judge_addresses(&self, diagnostics: &mut Vec<Diagnostic>) -> Vec<OverrideUse> {
        let any_address = self
            .overrides
            .iter()
            .any(|o| o.pointers.iter().any(PointerPattern::address));
        if !any_address {
            return Vec::new();
        }
        let is_address = |u: &OverrideUse| {
            self.overrides
                .get(u.entry)
                .and_then(|o| o.pointers.get(u.pointer))
                .is_some_and(PointerPattern::address)
        };
        let judged = self.judge(diagnostics, None);
        let mut used = Vec::new();
        let mut levels = judged.into_iter().map(|judged| {
            let uses: Vec<OverrideUse> = judged.uses.into_iter().filter(is_address).collect();
            used.extend(uses.iter().copied());
            uses.last().copied()
        });
        diagnostics.retain_mut(|diagnostic| {
            let last = levels.next().flatten();
            let level = last
                .and_then(|u| self.overrides.get(u.entry))
                .and_then(|o| o.levels.get(diagnostic.rule.code));
            match level.map(|level| level.severity()) {
                None => true,
                Some(None) => false,
                Some(Some(severity)) => {
                    diagnostic.severity = severity;
                    true
                }
            }
        });
        used.sort_unstable();
        used.dedup();
        used
    }
}

/// What the settings make of one finding.
pub(crate) struct Judged {
    /// `None` when it is not reported.
    pub severity: Option<Severity>,
    pub uses: Vec<OverrideUse>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entries::contract::unknown_field;
    use crate::entries::reading::invalid_json;
    use crate::rules::response::leaked_secret;

    #[test]
    fn the_default_is_the_catalog() {
        let settings = Settings::default();
        for rule in rules::ALL.iter() {
            assert_eq!(settings.level(rule), Level::from(rule.severity));
        }
    }

    #[test]
    fn codes_names_prefixes_and_all_are_selectors() {
        let mut settings = Settings::default();
        settings
            .set("pl605", Level::Warning)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(settings.level(&leaked_secret::RULE), Level::Warning);
        settings
            .set("leaked-secret", Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(settings.level(&leaked_secret::RULE), Level::Off);

        let mut settings = Settings::default();
        settings
            .set("PL2", Level::Info)
            .unwrap_or_else(|e| panic!("{e}"));
        for rule in rules::ALL.iter() {
            let expected = if rule.code.starts_with("PL2") {
                Level::Info
            } else {
                Level::from(rule.severity)
            };
            assert_eq!(settings.level(rule), expected, "{}", rule.code);
        }

        let mut settings = Settings::default();
        settings
            .set("all", Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(settings.level(&unknown_field::RULE), Level::Off);
        assert_eq!(settings.level(&leaked_secret::RULE), Level::Off);
    }

    #[test]
    fn a_prefix_never_turns_off_the_not_checked_findings() {
        let mut settings = Settings::default();
        settings
            .set("ALL", Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            settings.level(&invalid_json::RULE),
            Level::from(invalid_json::RULE.severity)
        );
        // Named, it is turned off.
        settings
            .set("invalid-json", Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(settings.level(&invalid_json::RULE), Level::Off);
    }

    #[test]
    fn reset_restores_the_catalog_level() {
        let mut settings = Settings::default();
        settings
            .set("PL2", Level::Off)
            .unwrap_or_else(|e| panic!("{e}"));
        settings.reset(&Selector::Rule(leaked_secret::RULE.code));
        assert_eq!(
            settings.level(&leaked_secret::RULE),
            Level::from(leaked_secret::RULE.severity)
        );
    }

    #[test]
    fn unknown_selectors_are_errors_with_a_suggestion() {
        let mut settings = Settings::default();
        let error = settings.set("leaked-secrte", Level::Off).err().unwrap();
        assert_eq!(
            error,
            "unknown rule `leaked-secrte`; did you mean `leaked-secret`?"
        );
        for wrong in ["PL99", "", "XYZ"] {
            let error = settings.set(wrong, Level::Off).err().unwrap();
            assert!(
                error.starts_with(&format!("unknown rule `{wrong}`")),
                "{error}"
            );
        }
        // Nothing was changed by the failed calls.
        assert_eq!(
            settings.level(&leaked_secret::RULE),
            Level::from(leaked_secret::RULE.severity)
        );
        let mut entry = Override::new(Vec::new());
        assert!(entry.set("PL99", Level::Off).is_err());
        assert!(entry.codes().is_empty());
    }

    /// A code is compared as a code: `PL2OO` (letters O) is `PL200`, not the name or code
    /// that looks most alike as a word.
    #[test]
    fn a_code_with_look_alike_letters_suggests_that_code() {
        for (typed, meant) in [("PL2OO", "PL200"), ("pl0l4", "PL014"), ("PL20O", "PL200")] {
            let error = Selector::parse(typed).unwrap_err();
            assert_eq!(
                error,
                format!("unknown rule `{typed}`; did you mean `{meant}`?"),
                "{typed}"
            );
        }
    }

    #[test]
    fn selector_parsing() {
        assert_eq!(
            Selector::parse("pl014"),
            Selector::parse("unknown-field"),
            "code and name select the same rule"
        );
        assert_eq!(Selector::parse("pl2"), Ok(Selector::Prefix("PL2".into())));
        assert_eq!(Selector::parse("ALL"), Ok(Selector::Prefix("".into())));
    }

    /// A create body with `count` columns of an unknown type (`invalid-column-type` each).
    fn columns_of_unknown_type(count: usize) -> String {
        let columns: Vec<String> = (0..count)
            .map(|i| format!(r#"{{"name": "c{i}", "type": "Strin"}}"#))
            .collect();
        format!(
            r#"{{"name": "p", "source": {{"kafka": {{"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b:9092", "topics": "t", "credentials": {{"username": "${{U}}", "password": "${{P}}"}}}}}}, "destination": {{"database": "d", "table": "t", "managedTable": false, "columns": [{}]}}}}"#,
            columns.join(", ")
        )
    }

    #[test]
    fn judging_does_not_try_every_override_on_every_finding() {
        use crate::{DocumentKind, LintOptions, lint};
        let count = 300;
        let mut settings = Settings::default();
        for i in 0..count {
            // As `--add-overrides` writes them, and as written by hand.
            let pattern = if i % 2 == 0 {
                format!("/destination/columns/[name=c{i}]/type")
            } else {
                format!("/destination/*/{i}/type")
            };
            let mut entry = Override::new(vec![PointerPattern::new(&pattern)]);
            entry
                .set("invalid-column-type", Level::Off)
                .unwrap_or_else(|e| panic!("{e}"));
            settings.add_override(entry);
        }
        let body = columns_of_unknown_type(count);
        let options = LintOptions::new()
            .kind(DocumentKind::CreatePipe)
            .settings(&settings);
        pointer::COVERS_CALLS.with(|calls| calls.set(0));
        let result = lint(body.as_bytes(), &options);
        let calls = pointer::COVERS_CALLS.with(std::cell::Cell::get);
        assert!(
            !result
                .diagnostics
                .iter()
                .any(|d| d.name() == "invalid-column-type"),
            "{:?}",
            result.diagnostics
        );
        assert_eq!(result.overrides_used.len(), count);
        assert!(
            calls <= 2 * count,
            "{calls} calls of the per-override matcher for {count} findings and {count} overrides"
        );
    }

    #[test]
    fn levels_parse_from_their_names() {
        for level in [Level::Off, Level::Info, Level::Warning, Level::Error] {
            assert_eq!(level.as_str().parse::<Level>(), Ok(level));
        }
        let error = Level::parse("warn").err().unwrap();
        assert!(error.contains("did you mean `warning`?"), "{error}");
    }
}
