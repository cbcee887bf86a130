//! `--select`, `--extend-select` and `--ignore`: which rules a run reports, by code, name or
//! code prefix, as ruff's flags of the same names.
//!
//! They are laid over the config ([`super::Config::select`]): `[rules]` and `[[overrides]]`
//! set each finding's severity or drop it, and the command line keeps only the selected
//! rules, whatever an override says. A rule that `[rules]` turns
//! `off` is reported again (at its default severity) when `--select` or `--extend-select`
//! names it: the one-off command line beats the file. `[[overrides]]` entries, which silence
//! particular places, still do. `--ignore` beats both select flags.
//!
//! The findings that say a file could not be checked at all (not JSON, not UTF-8, empty, too
//! deep, too large, kind unknown) are never filtered: `--select PL2` must not turn a broken
//! file into a clean one, just as ruff always reports syntax errors.

use pipelint_core::Rule;

/// One rule, or every rule whose code starts with a prefix (`PL2`; `ALL` is every rule): the
/// core's selector, which `Settings::set` takes too.
pub use pipelint_core::Selector as RuleSelector;

/// A value parser that parses as `P` does (same values, same errors) and offers every
/// rule's code and name as the possible values, which only shell completion reads (the
/// flags hide them from `--help`): `--select <TAB>` completes `PL011`, `invalid-enum-value`.
#[cfg(feature = "clap")]
#[derive(Clone, Debug)]
pub struct CompleteRules<P>(pub P);

#[cfg(feature = "clap")]
impl<P: clap::builder::TypedValueParser> clap::builder::TypedValueParser for CompleteRules<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<P::Value, clap::Error> {
        self.0.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use clap::builder::PossibleValue;
        let rules = pipelint_core::rules().iter();
        Some(Box::new(rules.flat_map(|rule| {
            [
                PossibleValue::new(rule.code).help(rule.summary),
                PossibleValue::new(rule.name).help(rule.summary),
            ]
        })))
    }
}

/// The parser of the three flags' values: a [`RuleSelector`] each, rule codes and names
/// offered to shell completion.
#[cfg(feature = "clap")]
fn rule_selectors() -> CompleteRules<ParseSelector> {
    CompleteRules(RuleSelector::parse)
}

#[cfg(feature = "clap")]
type ParseSelector = fn(&str) -> Result<RuleSelector, String>;

/// The three flags, as `pipelint check` takes them (comma-separated or repeated).
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct RuleSelection {
    /// Report only these rules: codes, names or code prefixes (`PL2`, `ALL`), comma-separated.
    /// Revives rules the config's `[rules]` turns off.
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_name = "RULE",
            value_delimiter = ',',
            value_parser = rule_selectors(),
            hide_possible_values = true
        )
    )]
    pub select: Option<Vec<RuleSelector>>,

    /// Report these rules too, besides `--select` (or every rule); revives rules the config's
    /// `[rules]` turns off.
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_name = "RULE",
            value_delimiter = ',',
            value_parser = rule_selectors(),
            hide_possible_values = true
        )
    )]
    pub extend_select: Vec<RuleSelector>,

    /// Never report these rules (beats `--select` and `--extend-select`).
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_name = "RULE",
            value_delimiter = ',',
            value_parser = rule_selectors(),
            hide_possible_values = true
        )
    )]
    pub ignore: Vec<RuleSelector>,
}

impl RuleSelection {
    /// Whether the command line names the rule in `--select` or `--extend-select`.
    pub(super) fn names(&self, code: &str) -> bool {
        let selected = self.select.iter().flatten();
        selected
            .chain(&self.extend_select)
            .any(|selector| selector.matches(code))
    }

    /// Whether findings of the rule are reported at all.
    pub(super) fn reports(&self, rule: &Rule) -> bool {
        if rule.means_not_checked() {
            return true;
        }
        let code = rule.code;
        let selected = match &self.select {
            None => true,
            Some(_) => self.names(code),
        };
        (selected || self.extend_select.iter().any(|s| s.matches(code)))
            && !self.ignore.iter().any(|s| s.matches(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(list: &[&str]) -> Vec<RuleSelector> {
        list.iter()
            .map(|s| RuleSelector::parse(s).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    }

    #[test]
    fn codes_names_and_prefixes_are_accepted() {
        assert_eq!(parsed(&["pl014"]), parsed(&["unknown-field"]));
        assert!(matches!(
            RuleSelector::parse("pl2"),
            Ok(RuleSelector::Prefix { 0: prefix, .. }) if prefix == "PL2"
        ));
        assert!(matches!(
            RuleSelector::parse("ALL"),
            Ok(RuleSelector::Prefix { 0: prefix, .. }) if prefix.is_empty()
        ));
        let error = RuleSelector::parse("unknown-feild").unwrap_err();
        assert!(error.contains("did you mean `unknown-field`?"), "{error}");
        assert!(RuleSelector::parse("PL99").is_err());
        assert!(RuleSelector::parse("").is_err());
    }

    #[test]
    fn ignore_beats_select_and_extend_select_adds() {
        let selection = RuleSelection {
            select: Some(parsed(&["PL0"])),
            extend_select: parsed(&["PL212"]),
            ignore: parsed(&["PL014"]),
        };
        let rule =
            |code: &str| pipelint_core::find_rule(code).unwrap_or_else(|| panic!("no rule {code}"));
        assert!(selection.reports(rule("PL011")));
        assert!(selection.reports(rule("PL212")));
        assert!(!selection.reports(rule("PL014")));
        assert!(!selection.reports(rule("PL211")));
        assert!(RuleSelection::default().reports(rule("PL211")));
    }

    /// The rules that say a file was not checked stay reported whatever is selected.
    #[test]
    fn not_checked_rules_are_always_reported() {
        let selection = RuleSelection {
            select: Some(parsed(&["PL2"])),
            extend_select: Vec::new(),
            ignore: parsed(&["ALL"]),
        };
        for rule in pipelint_core::rules().iter() {
            assert_eq!(
                selection.reports(rule),
                rule.means_not_checked(),
                "{}",
                rule.code
            );
        }
    }
}
