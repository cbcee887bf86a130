//! `--show-files` and `--show-settings`: what a run would check and with what, told from the
//! workspace's own per-file decisions (nothing is linted for `--show-files`).

use std::path::Path;

use pipelint_core::{DocumentKind, ProviderSelected};
use pipelint_workspace::config::{SelectedBy, VersionOrigin};
use pipelint_workspace::provider::{ModulePin, ProviderOrigin};
use pipelint_workspace::{KindSource, PipeFrom};

use super::plan::Plan;
use crate::files::{Links, Source, Target};
use crate::output::escape::visible;
use crate::{EXIT_TROUBLE, console};

/// One line per file the run would check (`name: kind; reason`), then one line per `*.json`
/// file a walk passed over because no include pattern matches it. Exit 2 on a path problem,
/// as `check` does.
pub(super) fn files(plan: &Plan) -> Result<u8, String> {
    let mut trouble = false;
    let mut listing = String::new();
    let mut unmatched = Vec::new();
    plan.walk(&mut |found| {
        trouble |= !found.problems.is_empty();
        for problem in &found.problems {
            console::message(format!("{}: {}", problem.path, problem.reason));
        }
        for note in &found.notes {
            console::message(note);
        }
        for target in &found.targets {
            listing.push_str(&visible(&line(plan, target)));
            listing.push('\n');
        }
        unmatched.extend(found.unmatched);
        Ok(())
    })?;
    for name in unmatched {
        listing.push_str(&visible(&format!(
            "not checked: {name} (no include pattern matches it; add it to `include` or \
             name it on the command line)"
        )));
        listing.push('\n');
    }
    let written = console::to_stdout(&listing);
    Ok(if trouble { EXIT_TROUBLE } else { written })
}

/// `pipes/orders.pipe.json: create-pipe (from the file name); matched by the default pattern
/// `*.pipe.json``.
fn line(plan: &Plan, target: &Target) -> String {
    let located = &target.located;
    let kind = match located.kind_source() {
        KindSource::Flag(kind) => format!("{kind} (from --kind)"),
        KindSource::KindGlob(kind) => format!("{kind} (from a [kinds] glob)"),
        KindSource::FileName(kind) => format!("{kind} (from the file name)"),
        KindSource::Content => "kind told from the content".to_owned(),
    };
    let config = match &located.config.source {
        Some(path) => format!(" in {}", crate::paths::display_name(&plan.cwd, path)),
        None => String::new(),
    };
    let reason = match (&target.source, located.selected_by()) {
        (Source::Stdin, _) => "read from stdin".to_owned(),
        (Source::File(_), _) => "named on the command line".to_owned(),
        (Source::Walked(_), Some(SelectedBy::DefaultPattern(pattern))) => {
            format!("matched by the default pattern `{pattern}`")
        }
        (Source::Walked(_), Some(SelectedBy::Include(glob))) => {
            format!("matched by the `include` glob `{glob}`{config}")
        }
        (Source::Walked(_), Some(SelectedBy::KindGlob(kind))) => {
            format!("matched by a `[kinds]` glob of `{kind}`{config}")
        }
        (Source::Walked(_), None) => "found by the walk".to_owned(),
    };
    format!("{}: {kind}; {reason}", target.name)
}

/// What governs `file`, one fact a line: the config, the profile and where each version
/// comes from, the kind and why, the rule levels that differ from the catalog, the
/// overrides for the file, and the pipe a scaling patch is paired with.
pub(super) fn settings(plan: &Plan, file: &Path) -> Result<u8, String> {
    let cwd = &plan.cwd;
    let absolute = crate::paths::absolute(cwd, file);
    if !absolute.is_file() {
        return Err(format!("--show-settings {}: not a file", file.display()));
    }
    let workspace = &plan.workspace;
    let located = workspace.locate(&absolute).map_err(|e| e.to_string())?;
    // Two kinds' globs claim it: `check` refuses the file, and so does this.
    if let Err(reason) = located.kind() {
        return Err(format!("{}: {reason}", file.display()));
    }
    let prepared = workspace.prepare_located(&located, Links::Follow);
    let shown = |path: &Path| crate::paths::display_name(cwd, path);
    let mut out = format!("file: {}\n", shown(&absolute));

    let config = match &located.config.source {
        Some(path) => shown(path),
        None => "none: the defaults".to_owned(),
    };
    out.push_str(&format!("config: {config}\n"));
    if located.config.source.is_some() && !located.selected() {
        out.push_str(
            "walks: a directory walk leaves it out (its config's include and exclude); \
             named on the command line it is checked\n",
        );
    }

    let profile = prepared.profile();
    let (api_from, stack_from) = prepared.version_origins();
    let origin = |origin: VersionOrigin, key: &str| match origin {
        VersionOrigin::Default => "the default".to_owned(),
        VersionOrigin::Flag => format!("--{key}"),
        VersionOrigin::Config => format!("`{key}` in {config}"),
        VersionOrigin::Override(Some(line)) => {
            format!("the [[overrides]] entry at {config}:{line}")
        }
        VersionOrigin::Override(None) => "an [[overrides]] entry".to_owned(),
    };
    match prepared.provider_from() {
        // A Terraform file: its provider release, and the API snapshot that follows from it
        // unless one is chosen; no stack release applies.
        Some(provider_from) => {
            let provider = profile.provider;
            let from = match provider_from {
                ProviderOrigin::Chosen(chosen) => origin(chosen.clone(), "provider-version"),
                ProviderOrigin::Newest => {
                    "no `required_providers` pin of ClickHouse/clickhouse beside it: the \
                     newest bundled"
                        .to_owned()
                }
                ProviderOrigin::Pin(pin) => pin_origin(pin, &shown(&pin.file)),
            };
            let api = match api_from {
                VersionOrigin::Default => format!("what provider {provider} targets"),
                chosen => origin(chosen, "api-version"),
            };
            out.push_str(&format!(
                "provider-version: {provider} ({from})\napi-version: {} ({api})\n",
                profile.api.as_str(),
            ));
        }
        None => out.push_str(&format!(
            "api-version: {} ({})\nstack-version: {} ({})\n",
            profile.api.as_str(),
            origin(api_from, "api-version"),
            profile.stack.as_str(),
            origin(stack_from, "stack-version"),
        )),
    }

    // The kind as a check tells it: from the flag, a glob, the name, else the content.
    let (kind, why) = match prepared.read(&absolute, Links::Follow) {
        Ok(bytes) => {
            let result = prepared.lint(&bytes);
            let kind = result.kind.map_or("unknown".to_owned(), |k| k.to_string());
            (kind, prepared.kind_reason(&result))
        }
        Err(unread) => (
            "unknown".to_owned(),
            Some(format!(
                "not read: {}",
                unread.reason(prepared.max_file_size())
            )),
        ),
    };
    match why {
        Some(why) => out.push_str(&format!("kind: {kind} ({why})\n")),
        None => out.push_str(&format!("kind: {kind}\n")),
    }

    let file_settings = prepared.file_settings();
    let changed = file_settings.changed_levels();
    if changed.is_empty() {
        out.push_str("rules: every rule at its default level\n");
    } else {
        out.push_str("rules that differ from their default:\n");
        for (code, name, level, default) in changed {
            out.push_str(&format!(
                "  {code} {name}: {} (default {})\n",
                level.as_str(),
                default.as_str()
            ));
        }
    }

    let applied = file_settings.applied_overrides();
    if applied.is_empty() {
        out.push_str("overrides: none for this file\n");
    } else {
        out.push_str("overrides for this file:\n");
        for entry in applied {
            let at = entry
                .line
                .map_or_else(|| config.clone(), |line| format!("{config}:{line}"));
            let mut what = Vec::new();
            if entry.pointers.is_empty() {
                what.push("the whole file".to_owned());
            } else {
                what.push(format!("pointers {}", entry.pointers.join(", ")));
            }
            let levels: Vec<String> = (entry.levels.iter())
                .map(|(code, level)| format!("{code}={}", level.as_str()))
                .collect();
            if !levels.is_empty() {
                what.push(levels.join(", "));
            }
            if let Some(api) = entry.versions.api {
                what.push(format!("api-version={}", api.as_str()));
            }
            if let Some(stack) = entry.versions.stack {
                what.push(format!("stack-version={}", stack.as_str()));
            }
            if let Some(provider) = entry.versions.provider {
                what.push(format!("provider-version={provider}"));
            }
            out.push_str(&format!(
                "  {at} (files {}): {}\n",
                entry.files.join(", "),
                what.join("; ")
            ));
        }
    }

    if kind == DocumentKind::PipeScaling.name() {
        let pipe = match prepared.pipe_from() {
            Some(PipeFrom::Flag) => "the --pipe file".to_owned(),
            Some(PipeFrom::Beside(path)) => format!("{} (beside it)", shown(path)),
            None if plan.workspace.flags().pair => {
                "none (no readable NAME.pipe.json beside it; --pipe names one)".to_owned()
            }
            None => "none (--no-pair)".to_owned(),
        };
        out.push_str(&format!("paired pipe: {pipe}\n"));
    }
    // File names and globs come from the user: control characters shown, line by line.
    let shown: String = out
        .lines()
        .map(|line| format!("{}\n", visible(line)))
        .collect();
    Ok(console::to_stdout(&shown))
}

/// Where a module's pin puts the provider release: "`~> 3.25` in versions.tf:10, newest
/// bundled release it allows (it allows 3.25.3)".
fn pin_origin(pin: &ModulePin, file: &str) -> String {
    let at = format!("{file}:{}", pin.line);
    let Some(constraint) = &pin.constraint else {
        return format!(
            "`required_providers` at {at} has no version constraint: the newest bundled"
        );
    };
    match &pin.selected {
        None => format!("`{constraint}` at {at} cannot be read: the newest bundled"),
        Some(ProviderSelected::Matches { release, .. }) => format!(
            "`required_providers` constraint `{constraint}` at {at}: the newest release it \
             allows, {release}, checks as this bundled version"
        ),
        Some(ProviderSelected::NoneMatches { .. }) => format!(
            "`required_providers` constraint `{constraint}` at {at} allows no bundled version: \
             the nearest"
        ),
        Some(ProviderSelected::OlderThanBundled) => format!(
            "`required_providers` constraint `{constraint}` at {at} allows only older releases: \
             the oldest bundled"
        ),
    }
}
