//! A configuration the server cannot use: shown on the config file itself, and on each
//! document it governs, which is then not linted (as `pipelint check` stops on it).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, Position, Range, Uri};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use pipelint_core::LineIndex;
use pipelint_workspace::config::ConfigError;
use pipelint_workspace::read::{Links, SIDE_FILE_LIMIT, read_regular};

use crate::convert::SOURCE;

/// A config file that cannot be used, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigProblem {
    /// The config file, absolute.
    pub path: PathBuf,
    /// 0-based line and UTF-16 column of the offending text (0 and 0 when the problem has
    /// no place, such as an unreadable file).
    pub line: u32,
    pub character: u32,
    /// What is wrong, without the path and position.
    pub message: String,
    /// The whole error as `pipelint check` prints it (`path:line:column: message`).
    pub located: String,
}

impl ConfigProblem {
    /// The problem of a config the workspace cannot use: its byte offset becomes the 0-based
    /// line and UTF-16 column an editor expects, read with the core's `LineIndex` from the
    /// config's text (0 and 0 when it has no place, or the file cannot be read again).
    pub fn of(error: &ConfigError) -> ConfigProblem {
        let (line, character) = error.offset.map_or((0, 0), |offset| {
            let text = read_regular(&error.path, SIDE_FILE_LIMIT, Links::Follow)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .unwrap_or_default();
            // A leading byte-order mark is a unit of the first line for an editor.
            LineIndex::new(&text).position_utf16(&text, offset)
        });
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        ConfigProblem {
            path: error.path.clone(),
            line: to_u32(line),
            character: to_u32(character),
            message: error.message.clone(),
            located: error.to_string(),
        }
    }

    fn range(&self) -> Range {
        let at = Position::new(self.line, self.character);
        Range::new(at, at)
    }

    fn location(&self) -> Option<Location> {
        Some(Location {
            uri: path_to_uri(&self.path)?,
            range: self.range(),
        })
    }

    /// The diagnostic published on the config file.
    pub(crate) fn on_config(&self) -> lsp_types::Diagnostic {
        lsp_types::Diagnostic {
            range: self.range(),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some(SOURCE.to_owned()),
            message: format!(
                "{}\nhelp: pipelint lints no file under this config until it is fixed",
                self.message
            ),
            ..lsp_types::Diagnostic::default()
        }
    }

    /// The one diagnostic of a document the config governs, at its start, pointing at the
    /// config.
    pub(crate) fn on_document(&self) -> lsp_types::Diagnostic {
        let start = Position::new(0, 0);
        lsp_types::Diagnostic {
            range: Range::new(start, start),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some(SOURCE.to_owned()),
            message: format!("not linted: the config cannot be used: {}", self.located),
            related_information: self.location().map(|location| {
                vec![DiagnosticRelatedInformation {
                    location,
                    message: self.message.clone(),
                }]
            }),
            ..lsp_types::Diagnostic::default()
        }
    }
}

/// What a path keeps unencoded in a `file:` URI: letters, digits, the unreserved marks,
/// `/` between segments and `:` (of a Windows drive).
const KEPT_IN_PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b':');

/// The `file:` URI of an absolute path, percent-encoding all but unreserved characters and
/// `/` (the inverse of [`crate::uri_to_path`]).
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    let text = path.to_str()?.replace('\\', "/");
    // `C:/work` on Windows gets the `/` a URI path starts with.
    let slash = if text.starts_with('/') { "" } else { "/" };
    let encoded = utf8_percent_encode(&text, KEPT_IN_PATH);
    Uri::from_str(&format!("file://{slash}{encoded}")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri_to_path;

    #[test]
    fn paths_become_uris_that_decode_back() {
        for path in ["/home/me/pipes/pipelint.toml", "/tmp/café v2/#x%y?.toml"] {
            let uri = path_to_uri(Path::new(path)).unwrap_or_else(|| panic!("{path}"));
            assert_eq!(
                uri_to_path(&uri),
                Some(PathBuf::from(path)),
                "{}",
                uri.as_str()
            );
        }
        let uri = path_to_uri(Path::new("/tmp/a b.toml")).unwrap_or_else(|| panic!("a b"));
        assert_eq!(uri.as_str(), "file:///tmp/a%20b.toml");
        let path = "/tmp/é-x_y.z~/C:/%#?+;=@[].toml";
        let uri = path_to_uri(Path::new(path)).unwrap_or_else(|| panic!("{path}"));
        assert_eq!(
            uri.as_str(),
            "file:///tmp/%C3%A9-x_y.z~/C:/%25%23%3F%2B%3B%3D%40%5B%5D.toml"
        );
    }
}
