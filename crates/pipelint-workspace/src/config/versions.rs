//! `api-version`, `stack-version` and `provider-version`: the profile a file is checked
//! against. The config's top level sets it, each `[[overrides]]` entry whose files match sets
//! it for those files (later entries win), and `--api-version` / `--stack-version` /
//! `--provider-version` beat both.

use std::ops::Range;

use pipelint_core::{ApiVersion, Profile, ProviderVersion, StackVersion};
use toml::Spanned;

/// The versions one place chooses; `None` leaves the one beneath in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VersionChoice {
    pub api: Option<ApiVersion>,
    pub stack: Option<StackVersion>,
    /// The Terraform provider release of `.tf` files.
    pub provider: Option<ProviderVersion>,
}

impl VersionChoice {
    /// This choice laid over `beneath`: what it sets wins.
    pub fn over(self, beneath: VersionChoice) -> VersionChoice {
        VersionChoice {
            api: self.api.or(beneath.api),
            stack: self.stack.or(beneath.stack),
            provider: self.provider.or(beneath.provider),
        }
    }

    pub fn is_empty(self) -> bool {
        self.api.is_none() && self.stack.is_none() && self.provider.is_none()
    }

    /// The profile: the contract's versions where nothing is chosen. A stack version chosen
    /// anywhere is explicit (its findings become errors).
    pub fn profile(self) -> Profile {
        let mut profile = Profile::default();
        if let Some(api) = self.api {
            profile = profile.with_api(api);
        }
        if let Some(stack) = self.stack {
            profile = profile.with_stack(stack);
        }
        if let Some(provider) = self.provider {
            profile = profile.with_provider(provider);
        }
        profile
    }

    /// Reads the three keys as written in `text`; an unknown value is an error at its span
    /// that lists the known ones.
    pub fn read(
        text: &str,
        api: Option<&Spanned<toml::Value>>,
        stack: Option<&Spanned<toml::Value>>,
        provider: Option<&Spanned<toml::Value>>,
    ) -> Result<VersionChoice, (Range<usize>, String)> {
        Ok(VersionChoice {
            api: api.map(|v| parse(text, v, ApiVersion::parse)).transpose()?,
            stack: stack
                .map(|v| parse(text, v, StackVersion::parse))
                .transpose()?,
            provider: provider
                .map(|v| parse(text, v, ProviderVersion::parse))
                .transpose()?,
        })
    }
}

/// A version as a string, or as the bare number it is written as (`stack-version = 2.30`,
/// `--config stack-version=2.30`): the text as written, so `2.30` is not read as `2.3`.
fn parse<T>(
    text: &str,
    value: &Spanned<toml::Value>,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, (Range<usize>, String)> {
    let written = match value.get_ref() {
        toml::Value::String(s) => s.as_str(),
        toml::Value::Float(_) | toml::Value::Integer(_) => {
            text.get(value.span()).unwrap_or_default().trim()
        }
        other => {
            let message = format!("a version is a string, not a {}", other.type_str());
            return Err((value.span(), message));
        }
    };
    parse(written).map_err(|message| (value.span(), message))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use pipelint_core::{ApiVersion, StackVersion};

    use super::VersionChoice;
    use crate::config::{Config, InlineOverride, file};

    fn load(text: &str, inline: &[&str]) -> Result<std::sync::Arc<Config>, String> {
        let inline: Vec<InlineOverride> = inline
            .iter()
            .map(|a| InlineOverride::parse(a).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        file::parse_with(
            text,
            Path::new("pipelint.toml"),
            Path::new("/repo"),
            &inline,
        )
        .map(std::sync::Arc::new)
        .map_err(|e| e.to_string())
    }

    fn versions(config: &std::sync::Arc<Config>, relative: &str) -> VersionChoice {
        config.settings_for(Some(relative)).versions()
    }

    const CONFIG: &str = "api-version = \"2026-04\"\n\
        [[overrides]]\nfiles = [\"old/*.json\"]\napi-version = \"2025-11\"\n\
        [[overrides]]\nfiles = [\"dash/*.json\"]\nstack-version = \"latest\"\n";

    #[test]
    fn an_override_sets_the_versions_of_its_files() {
        let config = load(CONFIG, &[]).unwrap_or_else(|e| panic!("{e}"));
        let top = versions(&config, "new/a.pipe.json");
        assert_eq!(top.api, Some(ApiVersion::V2026_04));
        assert_eq!(top.stack, None);
        assert!(!top.profile().stack_explicit);
        assert_eq!(
            versions(&config, "old/a.json").api,
            Some(ApiVersion::V2025_11)
        );
        let dash = versions(&config, "dash/a.json");
        assert_eq!(dash.api, Some(ApiVersion::V2026_04));
        assert_eq!(dash.stack, Some(StackVersion::LATEST));
        assert!(dash.profile().stack_explicit);
        // The flags beat the config, overrides too.
        let flags = VersionChoice {
            api: Some(ApiVersion::V2026_07),
            ..VersionChoice::default()
        };
        let old = config.settings_for(Some("old/a.json"));
        assert_eq!(
            flags.over(old.versions()).profile().api,
            ApiVersion::V2026_07
        );
    }

    #[test]
    fn an_inline_override_sets_the_versions() {
        let config = load(CONFIG, &["api-version=latest", "stack-version=2.30"])
            .unwrap_or_else(|e| panic!("{e}"));
        let top = versions(&config, "new/a.pipe.json");
        assert_eq!(top.api, Some(ApiVersion::LATEST));
        assert_eq!(top.stack, Some(StackVersion::V2_30));
        // An override of the file still wins for its files.
        assert_eq!(
            versions(&config, "old/a.json").api,
            Some(ApiVersion::V2025_11)
        );
    }

    #[test]
    fn an_unknown_version_is_an_error_at_its_value_naming_the_known_ones() {
        let error = load("fail-on = \"error\"\napi-version = \"2026-06\"\n", &[]).unwrap_err();
        assert!(error.starts_with("pipelint.toml:2:15: "), "{error}");
        assert!(
            error.contains("`2026-04`") && error.contains("`latest`"),
            "{error}"
        );
        let error = load(
            "[[overrides]]\nfiles = [\"a.json\"]\nstack-version = \"2.23\"\n",
            &[],
        )
        .unwrap_err();
        assert!(error.starts_with("pipelint.toml:3:17: "), "{error}");
        assert!(error.contains("`2.24`"), "{error}");
        let error = load("", &["stack-version=3"]).unwrap_err();
        assert!(error.starts_with("--config stack-version=3: "), "{error}");
        assert!(error.contains("`2.36`"), "{error}");
    }

    #[test]
    fn an_override_that_sets_nothing_or_a_version_at_pointers_is_an_error() {
        let error = load("[[overrides]]\nfiles = [\"a.json\"]\n", &[]).unwrap_err();
        assert!(error.contains("sets nothing"), "{error}");
        let error = load(
            "[[overrides]]\nfiles = [\"a.json\"]\npointers = [\"/a\"]\napi-version = \"latest\"\n",
            &[],
        )
        .unwrap_err();
        assert!(error.contains("whole files"), "{error}");
    }

    #[test]
    fn an_override_that_sets_only_versions_is_never_reported_unused() {
        let text = "[[overrides]]\nfiles = [\"/a.pipe.json\"]\napi-version = \"latest\"\n";
        let config = load(text, &[]).unwrap_or_else(|e| panic!("{e}"));
        let _ = config.settings_for(Some("a.pipe.json"));
        let repo = Path::new("/repo");
        assert!(
            config
                .unused_overrides(&[repo.to_path_buf()], repo)
                .is_empty()
        );
    }
}
