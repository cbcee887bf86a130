//! The subcommands.

use pipelint_core::{DocumentKind, Rule, find_rule, rules};
use serde::Serialize;

use crate::EXIT_TROUBLE;
use crate::cli::{Cli, Command, ListFormat, RulesArgs};
use crate::console;

pub fn dispatch(cli: Cli) -> u8 {
    match cli.command {
        Command::Check(args) => crate::check::check(&args),
        Command::Rules(args) => list_rules(&args),
        Command::Profiles(args) => crate::profiles::list(args.format),
        Command::Rule { rule } => show_rule(&rule),
        Command::Schema { kind } => show_schema(&kind),
        Command::Init(args) => crate::init::init(&args.dir, args.force),
        Command::Lsp { .. } => crate::lsp::run(),
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man_page(command.as_deref()),
    }
}

/// The clap definition everything below is generated from, built (so that subcommands know
/// their full names, `pipelint check`).
fn definition() -> clap::Command {
    let mut command = <Cli as clap::CommandFactory>::command();
    command.build();
    command
}

fn completions(shell: clap_complete::Shell) -> u8 {
    let mut command = definition();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "pipelint", &mut script);
    console::to_stdout(&String::from_utf8_lossy(&script))
}

/// `pipelint(1)`, or `pipelint-check(1)` for `pipelint man check`.
fn man_page(name: Option<&str>) -> u8 {
    let root = definition();
    let command = match name {
        None => root,
        Some(name) => match root.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = root.get_subcommands().map(|c| c.get_name()).collect();
                console::message(format!(
                    "no command `{name}`; commands: {}",
                    names.join(", ")
                ));
                return EXIT_TROUBLE;
            }
        },
    };
    let mut page = Vec::new();
    let source = format!("pipelint {}", env!("CARGO_PKG_VERSION"));
    if let Err(error) = clap_mangen::Man::new(command)
        .source(source)
        .render(&mut page)
    {
        console::message(format!("cannot render the man page: {error}"));
        return EXIT_TROUBLE;
    }
    console::to_stdout(&String::from_utf8_lossy(&page))
}

/// The JSON Schema of `pipelint.toml` (`pipelint schema config`).
const CONFIG_SCHEMA: &str = include_str!("../schemas/pipelint-config.schema.json");

#[derive(Serialize)]
struct RuleEntry {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    kinds: Vec<&'static str>,
    /// `json`, `terraform` or both: the syntaxes of the files the rule checks.
    syntaxes: Vec<&'static str>,
    summary: &'static str,
    /// `none`, `safe`, `safe-or-unsafe` or `unsafe`: which fixes `check --fix` applies.
    fix: &'static str,
    url: String,
}

fn list_rules(args: &RulesArgs) -> u8 {
    let entries: Vec<RuleEntry> = rules()
        .iter()
        .map(|r| RuleEntry {
            code: r.code,
            name: r.name,
            severity: r.severity.as_str(),
            kinds: r.kinds.iter().map(|k| k.name()).collect(),
            syntaxes: r.syntaxes().into_iter().map(|s| s.as_str()).collect(),
            summary: r.summary,
            fix: r.fix.as_str(),
            url: r.url(),
        })
        .collect();
    let text = match args.format {
        ListFormat::Json => match serde_json::to_string_pretty(&entries) {
            Ok(json) => json + "\n",
            Err(error) => {
                console::message(error);
                return EXIT_TROUBLE;
            }
        },
        ListFormat::Text => {
            // Kinds go last: their lists vary in length and would break the columns.
            let name_width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
            let syntaxes = |r: &Rule| -> String {
                let names: Vec<String> = r.syntaxes().iter().map(ToString::to_string).collect();
                names.join(", ")
            };
            let syntax_width = rules().iter().map(|r| syntaxes(r).len()).max().unwrap_or(0);
            let mut text = String::new();
            for (entry, rule) in entries.iter().zip(rules().iter()) {
                let kinds = if entry.kinds.is_empty() {
                    "all kinds".to_owned()
                } else {
                    entry.kinds.join(", ")
                };
                // Like the kinds, last: most rules have no fix.
                let fix = match entry.fix {
                    "none" => String::new(),
                    fix => format!(" (fix: {fix})"),
                };
                text.push_str(&format!(
                    "{:<6} {:<name_width$} {:<8} {:<syntax_width$} {} [{kinds}]{fix}\n",
                    entry.code,
                    entry.name,
                    entry.severity,
                    syntaxes(rule),
                    entry.summary
                ));
            }
            text
        }
    };
    console::to_stdout(&text)
}

fn show_rule(query: &str) -> u8 {
    match find_rule(query) {
        Some(rule) => {
            if pipelint_core::renamed_to(query).is_some() {
                console::message(format!("`{query}` was renamed to `{}`", rule.name));
            }
            console::to_stdout(&rule.page())
        }
        None => {
            let names = rules().iter().map(|r| r.name);
            match pipelint_core::did_you_mean(query, names) {
                Some(guess) => {
                    console::message(format!("no rule `{query}`; did you mean `{guess}`?"));
                }
                None => {
                    console::message(format!(
                        "no rule `{query}`; `pipelint rules` lists them all"
                    ));
                }
            }
            EXIT_TROUBLE
        }
    }
}

fn show_schema(kind: &str) -> u8 {
    if kind == "config" {
        return console::to_stdout(CONFIG_SCHEMA);
    }
    // The JSON kinds have schemas; a Terraform file's resources use create-pipe's.
    match DocumentKind::ALL.iter().find(|k| k.name() == kind) {
        Some(kind) => console::to_stdout(kind.schema_text()),
        None => {
            let kinds: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.name()).collect();
            console::message(format!(
                "unknown kind `{kind}`; kinds: {} (or `config` for the config file)",
                kinds.join(", ")
            ));
            EXIT_TROUBLE
        }
    }
}
