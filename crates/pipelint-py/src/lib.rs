//! The native part of the `pipelint` Python package, `pipelint._pipelint`.
//!
//! It hands plain values (bytes, strings, dicts) across; the typed API (`Finding`, `Kind`,
//! `Severity`, ...) is the Python code in `python/pipelint/`, which is what users import.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use pipelint_core::{
    ApiVersion, Applicability, Diagnostic, DocumentKind, Level, LineIndex, LintResult,
    ProviderVersion, Rule, Selector, StackVersion, rules,
};
use pipelint_workspace::config::{Resolver, RuleSelection, VersionChoice};
use pipelint_workspace::read::Links;
use pipelint_workspace::{Flags, Preparation, Prepared, Workspace};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// Lints one document (UTF-8 bytes) and returns its findings as dicts, secrets masked.
#[pyfunction]
#[pyo3(signature = (body, kind=None, file_name=None, config=Vec::new(), api_version=None, stack_version=None, provider_version=None, path=None))]
#[allow(clippy::too_many_arguments)] // the Python call's keywords, one by one
fn lint<'py>(
    py: Python<'py>,
    body: &[u8],
    kind: Option<&str>,
    file_name: Option<&str>,
    config: Vec<(String, String)>,
    api_version: Option<&str>,
    stack_version: Option<&str>,
    provider_version: Option<&str>,
    path: Option<PathBuf>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let request = Request::parse(
        kind,
        &config,
        [api_version, stack_version, provider_version],
    )?;
    let prepared = request.prepare(file_name, path.as_deref())?;
    // Linting holds no Python object, so other Python threads may run meanwhile.
    let result = py.detach(|| prepared.lint(body));
    findings(py, &result)
}

/// Fixes one document (UTF-8 bytes) as `pipelint check --fix` does (`unsafe_fixes`: as
/// `--unsafe-fixes` too) and returns a dict: `text` (the fixed bytes), `applied` (the fixes
/// applied) and `findings` (those of the fixed text, as [`lint`] gives them).
#[pyfunction]
#[pyo3(signature = (body, kind=None, file_name=None, config=Vec::new(), api_version=None, stack_version=None, provider_version=None, path=None, unsafe_fixes=false))]
#[allow(clippy::too_many_arguments)] // the Python call's keywords, one by one
fn fix<'py>(
    py: Python<'py>,
    body: &[u8],
    kind: Option<&str>,
    file_name: Option<&str>,
    config: Vec<(String, String)>,
    api_version: Option<&str>,
    stack_version: Option<&str>,
    provider_version: Option<&str>,
    path: Option<PathBuf>,
    unsafe_fixes: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let request = Request::parse(
        kind,
        &config,
        [api_version, stack_version, provider_version],
    )?;
    let prepared = request.prepare(file_name, path.as_deref())?;
    let applicability = if unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let fixed = py.detach(|| prepared.fix(body, applicability));
    let dict = PyDict::new(py);
    dict.set_item("text", PyBytes::new(py, &fixed.text))?;
    dict.set_item("applied", fixed.applied)?;
    dict.set_item("findings", findings(py, &fixed.result)?)?;
    Ok(dict)
}

/// What [`lint`] and [`fix`] are told besides the body, checked once for both: the flags
/// the workspace lays over a file's config, as the command line's are.
struct Request {
    flags: Flags,
}

impl Request {
    fn parse(
        kind: Option<&str>,
        config: &[(String, String)],
        [api, stack, provider]: [Option<&str>; 3],
    ) -> PyResult<Self> {
        let flags = Flags {
            kind: kind.map(parse_kind).transpose()?,
            versions: versions(api, stack, provider)?,
            rule_levels: rule_levels(config)?,
            // The command's default limit, for the body and for the pipe beside `path`:
            // what `pipelint check` would not read is not read here either.
            ..Flags::default()
        };
        Ok(Request { flags })
    }

    /// The document prepared as `pipelint check` prepares it: with `path`, as the file at
    /// that path in its project (`--stdin-filename PATH -`: the closest `pipelint.toml`, a
    /// scaling patch paired with the pipe beside it); without, with the defaults only
    /// (`--isolated`), `file_name` telling the kind and nothing read.
    fn prepare(self, file_name: Option<&str>, path: Option<&Path>) -> PyResult<Prepared> {
        let Some(path) = path else {
            let resolver = Resolver::for_run(Path::new("."), true, &[], &RuleSelection::default())
                .map_err(PyValueError::new_err)?;
            let flags = Flags {
                pair: false,
                ..self.flags
            };
            let workspace = Workspace::new(resolver, flags);
            return match workspace.prepare(Path::new(file_name.unwrap_or_default())) {
                Preparation::Ready(prepared) => Ok(*prepared),
                Preparation::Excluded => Ok(workspace.prepare_unnamed()),
                Preparation::ConfigProblem(error) => Err(PyValueError::new_err(error.to_string())),
            };
        };
        let cwd = std::env::current_dir()
            .map_err(|e| PyValueError::new_err(format!("path: no working directory: {e}")))?;
        let absolute = cwd.join(path);
        let workspace = Workspace::new(Resolver::discover(&cwd), self.flags);
        let located = workspace
            .locate(&absolute)
            .map_err(|error| PyValueError::new_err(format!("path: {error}")))?;
        // Two kinds' globs claim the file: refused, as `pipelint check` refuses it.
        if let Err(reason) = located.kind() {
            let shown = path.display();
            return Err(PyValueError::new_err(format!("path: {shown}: {reason}")));
        }
        Ok(workspace.prepare_located(&located, Links::Follow))
    }
}

/// The findings of a lint as dicts, positions in the result's text.
fn findings<'py>(py: Python<'py>, result: &LintResult) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let places = Places {
        text: &result.text,
        lines: LineIndex::new(&result.text),
    };
    result
        .diagnostics
        .iter()
        .map(|d| finding(py, d, &places))
        .collect()
}

/// Turns byte spans of the linted text into 1-based lines and columns (in characters).
struct Places<'a> {
    text: &'a str,
    lines: LineIndex,
}

impl Places<'_> {
    /// Sets `line`, `column`, `end_line` and `end_column` of `dict` to the span's.
    fn set(&self, dict: &Bound<'_, PyDict>, span: &Range<usize>) -> PyResult<()> {
        let start = self.lines.line_col(self.text, span.start);
        let end = self.lines.line_col(self.text, span.end);
        dict.set_item("line", start.line)?;
        dict.set_item("column", start.column)?;
        dict.set_item("end_line", end.line)?;
        dict.set_item("end_column", end.column)
    }
}

fn finding<'py>(py: Python<'py>, d: &Diagnostic, places: &Places) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("code", d.code())?;
    dict.set_item("name", d.name())?;
    dict.set_item("severity", d.severity.as_str())?;
    dict.set_item("message", &d.message)?;
    dict.set_item("help", d.help.as_deref().map(for_python))?;
    dict.set_item("label", d.primary.text.as_deref())?;
    dict.set_item("pointer", &d.pointer)?;
    places.set(&dict, &d.primary.span)?;
    dict.set_item("url", d.url())?;
    let fix = match &d.fix {
        None => None,
        Some(fix) => {
            let fix_dict = PyDict::new(py);
            fix_dict.set_item("title", &fix.title)?;
            fix_dict.set_item("replacement", &fix.replacement)?;
            fix_dict.set_item("applicability", fix.applicability.as_str())?;
            places.set(&fix_dict, &fix.span)?;
            Some(fix_dict)
        }
    };
    dict.set_item("fix", fix)?;
    Ok(dict)
}

/// The core's help texts are the command's: they say "pass `--kind create-pipe`". A Python
/// caller gives the kind as a keyword, so here that reads "pass `kind="create-pipe"`". Only
/// help is rewritten (messages and labels quote the user's members and values, which stay as
/// they are; the core names the flag in help only), and in it only a code span that is the
/// flag with a kind's name or `<KIND>`.
fn for_python(text: &str) -> Cow<'_, str> {
    const FLAG: &str = "`--kind ";
    if !text.contains(FLAG) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(FLAG) {
        let after = &rest[at + FLAG.len()..];
        let value = after.find('`').map(|end| &after[..end]);
        match value {
            Some(value) if value == "<KIND>" || DocumentKind::from_name(value).is_some() => {
                out.push_str(&rest[..at]);
                out.push_str(&format!("`kind=\"{value}\"`"));
                rest = &after[value.len() + 1..];
            }
            _ => {
                out.push_str(&rest[..=at]);
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A rule's summary for Python: the catalog's own words (no user value in them), so the bare
/// flag (`use --kind`) reads as the argument too.
fn summary_for_python(summary: &str) -> String {
    for_python(summary).replace("--kind", "kind=")
}

/// Rule levels from `(selector, level)` pairs, in order: a later pair wins over an earlier one.
fn rule_levels(config: &[(String, String)]) -> PyResult<Vec<(Selector, Level)>> {
    config
        .iter()
        .map(|(selector, level)| {
            let level = Level::parse(level)
                .map_err(|e| PyValueError::new_err(format!("config[{selector:?}]: {e}")))?;
            let selector = Selector::parse(selector)
                .map_err(|e| PyValueError::new_err(format!("config: {e}")))?;
            Ok((selector, level))
        })
        .collect()
}

/// The profile the three versions choose (as `pipelint.toml`'s keys do); the contract's
/// (for the provider, the module's pin) where one is `None`. An unknown version is a
/// `ValueError` naming the known ones.
fn versions(
    api: Option<&str>,
    stack: Option<&str>,
    provider: Option<&str>,
) -> PyResult<VersionChoice> {
    let parse_api = |api: &str| ApiVersion::parse(api).map_err(PyValueError::new_err);
    let parse_stack = |stack: &str| StackVersion::parse(stack).map_err(PyValueError::new_err);
    let parse_provider =
        |provider: &str| ProviderVersion::parse(provider).map_err(PyValueError::new_err);
    Ok(VersionChoice {
        api: api.map(parse_api).transpose()?,
        stack: stack.map(parse_stack).transpose()?,
        api_beyond_known: api.is_some_and(ApiVersion::beyond_known),
        provider: provider.map(parse_provider).transpose()?,
    })
}

fn parse_kind(name: &str) -> PyResult<DocumentKind> {
    DocumentKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = DocumentKind::selectable().map(|k| k.name()).collect();
        PyValueError::new_err(format!(
            "unknown kind {name:?}; expected one of: {}",
            names.join(", ")
        ))
    })
}

/// The names of the document kinds, in the core's order.
#[pyfunction]
fn kinds() -> Vec<&'static str> {
    DocumentKind::selectable().map(|k| k.name()).collect()
}

/// Every rule of the catalog as a dict.
#[pyfunction(name = "rules")]
fn rule_catalog(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    rules().iter().map(|rule| rule_dict(py, rule)).collect()
}

fn rule_dict<'py>(py: Python<'py>, rule: &Rule) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("code", rule.code)?;
    dict.set_item("name", rule.name)?;
    dict.set_item("severity", rule.severity.as_str())?;
    let kinds: Vec<&str> = rule.kinds.iter().map(|k| k.name()).collect();
    dict.set_item("kinds", kinds)?;
    let syntaxes: Vec<&str> = rule.syntaxes().into_iter().map(|s| s.as_str()).collect();
    dict.set_item("syntaxes", syntaxes)?;
    dict.set_item("summary", summary_for_python(rule.summary))?;
    dict.set_item("fix", rule.fix.as_str())?;
    dict.set_item("url", rule.url())?;
    Ok(dict)
}

/// Runs the `pipelint` command line with these arguments (the first is the program name)
/// and returns its exit code. The console script calls it; the command writes to the
/// process's stdout and stderr itself.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| {
        let code = pipelint::exit_code(argv);
        // A binary's stdout is flushed when its `main` returns; this process goes on in
        // Python, so flush it here (a failed flush is a failed write, as in the binary).
        match std::io::stdout().lock().flush() {
            Ok(()) => code,
            Err(_) => pipelint::EXIT_TROUBLE,
        }
    })
}

#[pymodule(name = "_pipelint")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(kinds, m)?)?;
    m.add_function(wrap_pyfunction!(rule_catalog, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    Ok(())
}
