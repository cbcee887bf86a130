//! What `lint` is asked and what it answers: [`LintOptions`] (the kind hint, the file name,
//! the paired pipe, the settings and the profile) and [`LintResult`].

use crate::api::profile::Profile;
use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::kind::DocumentKind;
use crate::secrets;
use crate::settings::{OverrideUse, Settings};

/// What to lint a document as. Built with [`LintOptions::new`] and its builder methods:
///
/// ```
/// use pipelint_core::{DocumentKind, LintOptions, Settings};
///
/// let settings = Settings::default();
/// let options = LintOptions::new()
///     .kind(DocumentKind::CreatePipe)
///     .file_name("orders.pipe.json")
///     .settings(&settings);
/// assert_eq!(options.kind, Some(DocumentKind::CreatePipe));
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct LintOptions<'a> {
    /// The kind given by the user; otherwise told from the file name, then the content.
    pub kind: Option<DocumentKind>,
    /// The file's name or path, used to tell the kind (`*.pipe.json`, `*.alert.json`, …).
    pub file_name: Option<&'a str>,
    /// For a scaling patch: the create body of the pipe it will be applied to.
    pub pipe: Option<&'a Document>,
    /// Leave secret values readable in the result (local debugging only).
    pub show_secrets: bool,
    /// Rule levels and overrides; `None`: every rule at its catalog level.
    pub settings: Option<&'a Settings>,
    /// The API version and analytics-stack release the body is checked against (the
    /// contract's, 2025-11 and 2.22, by default).
    pub profile: Profile,
    /// The text before fixes were applied to this one: its secrets are masked in the result
    /// too, so a copy of a secret whose member a fix deleted stays hidden.
    pub before_fixing: Option<&'a str>,
}

impl<'a> LintOptions<'a> {
    /// No kind given, no file name, every rule at its catalog level, secrets masked.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lints as this kind (`None`: tell it from the file name, then the content).
    pub fn kind(mut self, kind: impl Into<Option<DocumentKind>>) -> Self {
        self.kind = kind.into();
        self
    }

    /// The file's name or path, used to tell the kind.
    pub fn file_name(mut self, file_name: impl Into<Option<&'a str>>) -> Self {
        self.file_name = file_name.into();
        self
    }

    /// For a scaling patch: the create body ([`load`](crate::load)ed) of the pipe it will be applied to.
    pub fn pipe(mut self, pipe: impl Into<Option<&'a Document>>) -> Self {
        self.pipe = pipe.into();
        self
    }

    /// Whether to leave secret values readable in the result (local debugging only).
    pub fn show_secrets(mut self, show_secrets: bool) -> Self {
        self.show_secrets = show_secrets;
        self
    }

    /// Rule levels and overrides (`None`: every rule at its catalog level).
    pub fn settings(mut self, settings: impl Into<Option<&'a Settings>>) -> Self {
        self.settings = settings.into();
        self
    }

    /// The API version and analytics-stack release to check against.
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// The text before fixes were applied, whose secrets are masked in the result too.
    pub fn before_fixing(mut self, before: impl Into<Option<&'a str>>) -> Self {
        self.before_fixing = before.into();
        self
    }
}

/// The outcome of linting one document.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LintResult {
    /// The text every span refers to (secrets masked unless shown); empty when there is no
    /// finding, as no span refers to it then.
    pub text: String,
    /// The kind the document was checked as; `None` when it did not parse or was not told.
    pub kind: Option<DocumentKind>,
    /// Why that kind was chosen, or why none could be (`--explain-kind`); `None` when the
    /// document did not parse.
    pub kind_reason: Option<String>,
    /// Sorted by position; what the settings turn off is left out.
    pub diagnostics: Vec<Diagnostic>,
    /// The overrides of the settings that set the level of a finding (reported or turned
    /// off), sorted, each once: the others matched nothing in this document.
    pub overrides_used: Vec<OverrideUse>,
}

impl LintResult {
    /// A result without findings keeps no text: no span refers to it, and the secret scan (a
    /// pass over the whole text, a quarter of a clean file's cost) serves only what is shown.
    pub(crate) fn drop_unneeded_text(&mut self) {
        self.text = String::new();
    }

    /// Masks every secret of the result in place (text, kind reason, findings), and the
    /// secrets of `before` (the text before fixing) wherever they stand.
    pub(crate) fn mask_secrets(&mut self, before: Option<&str>) {
        secrets::mask_with(
            &mut self.text,
            self.kind_reason.as_mut(),
            &mut self.diagnostics,
            before,
        );
    }

    /// Whether the document could not be classified (the CLI exits 2 for it).
    pub fn kind_unknown(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_kind_unknown)
    }
}
