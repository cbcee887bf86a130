//! The subcommands.

use std::io::{IsTerminal, Read, Write};

use pipelint_core::{DocumentKind, LintOptions, LintResult, Severity, lint, rules};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::{CheckArgs, Cli, ColorChoice, Command, ListFormat, RulesArgs};
use crate::files::{self, Input};
use crate::render::{self, Style};
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};

pub fn dispatch(cli: Cli) -> u8 {
    match cli.command {
        Command::Check(args) => check(&args),
        Command::Rules(args) => list_rules(&args),
        Command::Rule { rule } => show_rule(&rule),
        Command::Schema { kind } => show_schema(&kind),
        Command::Lsp { .. } => pipelint_lsp::run_stdio(),
    }
}

/// The outcome for one input, kept in input order for stable output.
struct Checked {
    name: String,
    result: Result<LintResult, String>,
}

fn check(args: &CheckArgs) -> u8 {
    let kind = args.kind.as_deref().and_then(DocumentKind::from_name);
    let (inputs, problems) = files::collect(&args.paths);
    let mut trouble = !problems.is_empty();
    for problem in &problems {
        eprintln!("pipelint: {}: {}", problem.path.display(), problem.reason);
    }

    let pipe = match &args.pipe {
        Some(path) => match std::fs::read(path) {
            Ok(bytes) => match pipelint_core::load(&bytes).document {
                Some(document) => Some(document),
                None => {
                    eprintln!(
                        "pipelint: --pipe {}: not a valid JSON document",
                        path.display()
                    );
                    return EXIT_TROUBLE;
                }
            },
            Err(error) => {
                eprintln!("pipelint: --pipe {}: {error}", path.display());
                return EXIT_TROUBLE;
            }
        },
        None => None,
    };

    let stdin = if inputs.contains(&Input::Stdin) {
        let mut bytes = Vec::new();
        match std::io::stdin().read_to_end(&mut bytes) {
            Ok(_) => Ok(bytes),
            Err(error) => Err(error.to_string()),
        }
    } else {
        Ok(Vec::new())
    };

    let checked: Vec<Checked> = inputs
        .par_iter()
        .map(|input| {
            let name = input.display_name();
            let bytes = match input {
                Input::Stdin => stdin.clone(),
                Input::File(path) => std::fs::read(path).map_err(|e| e.to_string()),
            };
            let file_name = match input {
                Input::File(path) => path.file_name().and_then(|n| n.to_str()),
                Input::Stdin => None,
            };
            let options = LintOptions {
                kind,
                file_name,
                pipe: pipe.as_ref(),
                show_secrets: false,
            };
            let result = bytes.map(|bytes| lint(&bytes, &options));
            Checked { name, result }
        })
        .collect();

    let style = Style {
        color: match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        },
        width: 100,
    };
    let mut stdout = std::io::stdout().lock();
    let (mut errors, mut warnings, mut infos, mut with_findings) = (0, 0, 0, 0);
    for item in &checked {
        match &item.result {
            Err(reason) => {
                trouble = true;
                eprintln!("pipelint: {}: {reason}", item.name);
            }
            Ok(result) => {
                trouble |= result.kind_unknown();
                if !result.diagnostics.is_empty() {
                    with_findings += 1;
                }
                errors += result.count(Severity::Error);
                warnings += result.count(Severity::Warning);
                infos += result.count(Severity::Info);
                if args.explain_kind {
                    let line = explain_kind(&item.name, result);
                    if stdout.write_all(line.as_bytes()).is_err() {
                        return EXIT_TROUBLE;
                    }
                }
                let text = render::full(&item.name, &result.text, &result.diagnostics, style);
                if stdout.write_all(text.as_bytes()).is_err() {
                    return EXIT_TROUBLE;
                }
            }
        }
    }
    let _ = stdout.flush();
    eprintln!(
        "{}",
        render::summary(errors, warnings, infos, with_findings, checked.len())
    );
    if trouble {
        EXIT_TROUBLE
    } else if errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// `orders.json: checked as `create-pipe`: <reason>` (for `--explain-kind`).
fn explain_kind(name: &str, result: &LintResult) -> String {
    match (result.kind, &result.kind_reason) {
        (Some(kind), Some(reason)) => format!("{name}: checked as `{kind}`: {reason}\n"),
        (None, Some(reason)) => format!("{name}: kind unknown: {reason}\n"),
        _ => format!("{name}: not checked: the file is not a JSON document\n"),
    }
}

#[derive(Serialize)]
struct RuleEntry {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    kinds: Vec<&'static str>,
    summary: &'static str,
    url: String,
}

fn list_rules(args: &RulesArgs) -> u8 {
    let entries: Vec<RuleEntry> = rules::ALL
        .iter()
        .map(|r| RuleEntry {
            code: r.code,
            name: r.name,
            severity: r.severity.as_str(),
            kinds: r.kinds.iter().map(|k| k.name()).collect(),
            summary: r.summary,
            url: r.url(),
        })
        .collect();
    match args.format {
        ListFormat::Json => match serde_json::to_string_pretty(&entries) {
            Ok(json) => println!("{json}"),
            Err(error) => {
                eprintln!("pipelint: {error}");
                return EXIT_TROUBLE;
            }
        },
        ListFormat::Text => {
            for entry in &entries {
                let kinds = if entry.kinds.is_empty() {
                    "all kinds".to_owned()
                } else {
                    entry.kinds.join(",")
                };
                println!(
                    "{:<6} {:<34} {:<8} {:<26} {}",
                    entry.code, entry.name, entry.severity, kinds, entry.summary
                );
            }
        }
    }
    EXIT_OK
}

fn show_rule(query: &str) -> u8 {
    match rules::find(query) {
        Some(rule) => {
            print!("{}", rule.page());
            EXIT_OK
        }
        None => {
            let names = rules::ALL.iter().map(|r| r.name);
            match pipelint_core::suggest::closest(query, names) {
                Some(guess) => eprintln!("pipelint: no rule `{query}`; did you mean `{guess}`?"),
                None => eprintln!("pipelint: no rule `{query}`; `pipelint rules` lists them all"),
            }
            EXIT_TROUBLE
        }
    }
}

fn show_schema(kind: &str) -> u8 {
    match DocumentKind::from_name(kind) {
        Some(kind) => {
            print!("{}", pipelint_core::schema::schema_text(kind));
            EXIT_OK
        }
        None => {
            let kinds: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.name()).collect();
            eprintln!(
                "pipelint: unknown kind `{kind}`; kinds: {}",
                kinds.join(", ")
            );
            EXIT_TROUBLE
        }
    }
}
