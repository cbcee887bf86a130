//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::config::{CompleteRules, ConfigArgument, FailLevel, RuleSelection};
use crate::output::Format;

/// Lint ClickHouse Cloud ClickPipes bodies (and Terraform clickpipes) and ClickStack (HyperDX)
/// alert, chart and dashboard bodies offline, before they are sent.
#[derive(Debug, Parser)]
#[command(
    name = "pipelint",
    version = env!("PIPELINT_VERSION"),
    about,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check files and directories; `-` reads stdin.
    ///
    /// Named files are always checked. Directories are walked (honouring .gitignore) for the
    /// file names that tell a kind (`*.pipe.json`, `*.scaling.json`, `*.alert.json`,
    /// `*.dashboard.json`, `*.tf`, …) and the config's `include` and `[kinds]` globs:
    /// `--show-files` lists what a run would check and why, `--show-settings FILE` what
    /// governs one file.
    Check(Box<CheckArgs>),
    /// List every rule: code, name, default severity, syntaxes (JSON, Terraform), summary and kinds.
    Rules(RulesArgs),
    /// List every API version and ClickStack release pipelint knows, and what each
    /// accepts that the one before did not (or no longer accepts).
    Profiles(RulesArgs),
    /// Print the full documentation of one rule, by code or name.
    Rule {
        /// A code such as `PL011` or a name such as `invalid-enum-value`.
        #[arg(
            value_parser = CompleteRules(clap::builder::StringValueParser::new()),
            hide_possible_values = true
        )]
        rule: String,
    },
    /// Print the embedded JSON Schema of a document kind, or of the config file (for editors).
    Schema {
        /// The document kind, e.g. `create-pipe`, or `config` for `pipelint.toml`.
        kind: String,
    },
    /// Run the language server on stdin and stdout (for editors).
    Lsp {
        /// Accepted for clients that always pass it; stdio is the only transport.
        #[arg(long, hide = true)]
        stdio: bool,
    },
    /// Write a commented starter `pipelint.toml`.
    Init(InitArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of pipelint, or of one of its commands (`pipelint man check`).
    Man {
        /// A command such as `check`; none for the page of pipelint itself.
        command: Option<String>,
    },
}

/// No API body comes near this size; larger files are generated data or mistakes.
pub const DEFAULT_MAX_FILE_SIZE: u64 = pipelint_workspace::read::DEFAULT_MAX_FILE_SIZE;

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files or directories to check (default: `.`); `-` reads one document from stdin.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Check every document as this kind instead of telling it from config, name and content.
    #[arg(long, value_name = "KIND", value_parser = kind_parser())]
    pub kind: Option<String>,

    /// The create-pipe body a scaling patch applies to, so source-kind rules can run on it.
    #[arg(long, value_name = "FILE")]
    pub pipe: Option<PathBuf>,

    /// Don't check `NAME.scaling.json` against the `NAME.pipe.json` beside it (paired
    /// automatically otherwise; `--pipe` always wins).
    #[arg(long)]
    pub no_pair: bool,

    /// For a Terraform plan (`terraform show -json`): the root module's directory, whose
    /// `.tf` files (and those of the local modules it calls) get the plan's findings on the
    /// lines that declare them (default: the plan file's directory, else the current one,
    /// when it holds `.tf` files).
    #[arg(long, value_name = "DIR")]
    pub plan_source: Option<PathBuf>,

    /// Print, for each document, which kind it is checked as and why.
    #[arg(long)]
    pub explain_kind: bool,

    /// Print every file the run would check, with its kind and why it is checked (named,
    /// a default pattern, an `include` or `[kinds]` glob), then the `*.json` files a walk
    /// passes over because no include pattern matches them. Nothing is linted.
    #[arg(long, conflicts_with_all = ["fix", "diff", "add_overrides", "show_settings"])]
    pub show_files: bool,

    /// Print what governs FILE: its config file, the API and stack versions and where each
    /// comes from, its kind and why, the rule levels that differ from the defaults, the
    /// `[[overrides]]` entries for it, and the pipe a scaling patch is paired with.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff", "add_overrides"])]
    pub show_settings: Option<PathBuf>,

    // The versions are listed from the core's table (`versions_help`), so a new version is
    // one data change there.
    #[arg(
        long,
        value_name = "VERSION",
        value_parser = api_version,
        help = versions_help(
            "The ClickHouse Cloud API version to check pipes, scaling patches, records and \
             managed alerts against",
            pipelint_core::ApiVersion::ALL.iter().map(|v| v.as_str()),
            " (the newest pipelint knows); a dated version newer than that is checked as the \
             newest, with a notice",
        )
    )]
    pub api_version: Option<String>,

    #[arg(
        long,
        value_name = "VERSION",
        value_parser = pipelint_core::StackVersion::parse,
        help = versions_help(
            "The ClickStack (HyperDX) server release to check alerts, chart series and \
             dashboards against",
            pipelint_core::StackVersion::ALL.iter().map(|v| v.as_str()),
            "",
        )
    )]
    pub stack_version: Option<pipelint_core::StackVersion>,

    /// The Terraform provider release to check `.tf` files against (a bundled one, or
    /// latest); without it, the module's `required_providers` pin selects one.
    #[arg(long, value_name = "VERSION", value_parser = pipelint_core::ProviderVersion::parse)]
    pub provider_version: Option<pipelint_core::ProviderVersion>,

    /// Show secret values instead of masking them (local debugging only: never in CI logs).
    #[arg(long)]
    pub show_secrets: bool,

    /// Files larger than this many bytes are reported, not read.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: u64,
    /// How to print findings.
    #[arg(
        long = "output-format",
        visible_alias = "format",
        value_enum,
        value_name = "FORMAT",
        env = "PIPELINT_OUTPUT_FORMAT",
        default_value_t = Format::Full
    )]
    pub output_format: Format,

    /// Write the findings to this file instead of stdout; the summary still goes to stderr.
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Exit 1 when a finding has this severity or a higher one [default: config's
    /// `fail-on`, else error].
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub fail_on: Option<FailLevel>,

    /// Exit 0 even when findings are at or above the fail level (2 still means trouble).
    #[arg(long)]
    pub exit_zero: bool,

    /// Print how often each rule fired (to stderr, before the summary).
    #[arg(long)]
    pub statistics: bool,

    /// Print only the findings: no summary line.
    #[arg(short, long)]
    pub quiet: bool,

    /// Which rules to report (`--select`, `--extend-select`, `--ignore`).
    #[command(flatten)]
    pub rules: RuleSelection,

    /// Use this config file for every input instead of looking for one; or, with `KEY=VALUE`
    /// (TOML, e.g. `fail-on=warning` or `rules.PL014=off`), override one setting of every
    /// config used. Repeatable: one file, any number of overrides.
    #[arg(long, value_name = "FILE|KEY=VALUE", conflicts_with = "isolated", value_parser = ConfigArgument::parse)]
    pub config: Vec<ConfigArgument>,

    /// Ignore every config file.
    #[arg(long)]
    pub isolated: bool,

    /// Append an `[[overrides]]` entry turning off each current finding to the config that
    /// applies to its file (or a new `pipelint.toml`); the run then exits 0.
    #[arg(long, conflicts_with = "isolated")]
    pub add_overrides: bool,

    /// Walk directories without honouring .gitignore, .ignore and git's exclude files.
    #[arg(long)]
    pub no_respect_gitignore: bool,

    /// Apply the include and exclude patterns to files named on the command line too (for
    /// pre-commit and editors, which pass every changed file).
    #[arg(long)]
    pub force_exclude: bool,

    /// Exit 0 instead of 2 when no input is left to check.
    #[arg(long)]
    pub no_errors_on_unmatched: bool,

    /// For `-`: the path the document on stdin has. It picks the config and the kind and
    /// is the name shown in findings.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// When to use colour in the output; `auto` honours `NO_COLOR`, then `FORCE_COLOR`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    // Fixing (`fix.rs`): keep these flags together.
    /// Apply the safe fixes in place, then report what is left. With `-`, the fixed text
    /// goes to stdout and the findings to stderr.
    #[arg(long)]
    pub fix: bool,

    /// With `--fix` or `--diff`: also apply the fixes marked unsafe, which may change what
    /// the body means (`pipelint rules` shows which rules have them).
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Print a unified diff of what `--fix` would change and write nothing; exit 1 when
    /// there is something to fix.
    #[arg(long)]
    pub diff: bool,
}

#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// The directory to write `pipelint.toml` into.
    #[arg(value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,

    /// Overwrite an existing config file.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// Output format of the list.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour output: `--color always|never` wins; with `auto`, a non-empty
    /// `NO_COLOR` turns colour off (no-color.org), else a non-empty `FORCE_COLOR`
    /// (force-color.org) or `CLICOLOR_FORCE` turns it on, else colour goes to terminals that
    /// have it (not `TERM=dumb`, not `CLICOLOR=0`). anstyle-query reads the conventions it
    /// knows; `FORCE_COLOR` is not one of them.
    pub fn resolve(self, to_terminal: bool) -> bool {
        let force_color = std::env::var_os("FORCE_COLOR").is_some_and(|value| !value.is_empty());
        let terminal = to_terminal
            && anstyle_query::term_supports_color()
            && anstyle_query::clicolor() != Some(false);
        self.decide(
            terminal,
            anstyle_query::no_color(),
            force_color || anstyle_query::clicolor_force(),
        )
    }

    fn decide(self, to_terminal: bool, no_color: bool, force_color: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => !no_color && (force_color || to_terminal),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

fn kind_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        pipelint_core::DocumentKind::selectable().map(|k| k.name()),
    )
}

/// The help of a version flag: `what`, then the bundled versions oldest first (the first is
/// the default) and `latest`, then `after` (`…: 2.22 (the default), 2.24 or latest`).
fn versions_help<'a>(what: &str, versions: impl Iterator<Item = &'a str>, after: &str) -> String {
    let versions: Vec<&str> = versions.collect();
    let listed = match versions.split_first() {
        Some((default, rest)) => {
            let mut listed = format!("{default} (the default)");
            for version in rest {
                listed += &format!(", {version}");
            }
            listed
        }
        None => String::new(),
    };
    format!("{what}: {listed} or latest{after}")
}

/// `--api-version` as written, once it reads as a version: the text is kept so that a month
/// after the newest snapshot can be told apart from it (the run says so once).
fn api_version(text: &str) -> Result<String, String> {
    pipelint_core::ApiVersion::parse(text).map(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::ColorChoice;

    #[test]
    fn the_flag_beats_no_color_which_beats_force_color() {
        assert!(ColorChoice::Always.decide(false, true, false));
        assert!(!ColorChoice::Never.decide(true, false, true));
        assert!(ColorChoice::Auto.decide(false, false, true));
        assert!(!ColorChoice::Auto.decide(true, true, true));
        assert!(ColorChoice::Auto.decide(true, false, false));
        assert!(!ColorChoice::Auto.decide(false, false, false));
    }
}
