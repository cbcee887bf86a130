//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Lint the JSON bodies of the cloud data platform's management API before they are sent.
#[derive(Debug, Parser)]
#[command(name = "pipelint", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check files and directories (every `*.json` below a directory); `-` reads stdin.
    Check(CheckArgs),
    /// List every rule: code, name, default severity, kinds and summary.
    Rules(RulesArgs),
    /// Print the full documentation of one rule, by code or name.
    Rule {
        /// A code such as `PL011` or a name such as `invalid-enum-value`.
        rule: String,
    },
    /// Print the embedded JSON Schema of a document kind (for editors).
    Schema {
        /// The document kind, e.g. `create-pipe`.
        kind: String,
    },
    /// Run the language server on stdin and stdout (for editors).
    Lsp {
        /// Accepted for clients that always pass it; stdio is the only transport.
        #[arg(long, hide = true)]
        stdio: bool,
    },
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files or directories to check; `-` reads one document from stdin.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Check every document as this kind instead of telling it from name and content.
    #[arg(long, value_name = "KIND", value_parser = kind_parser())]
    pub kind: Option<String>,

    /// The create-pipe body a scaling patch applies to, so source-kind rules can run on it.
    #[arg(long, value_name = "FILE")]
    pub pipe: Option<PathBuf>,

    /// Print, for each document, which kind it is checked as and why.
    #[arg(long)]
    pub explain_kind: bool,

    /// When to use colour in the output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

fn kind_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        pipelint_core::DocumentKind::ALL.iter().map(|k| k.name()),
    )
}
