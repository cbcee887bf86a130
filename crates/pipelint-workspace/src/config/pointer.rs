//! The pointers an `[[overrides]]` entry names. The core matches them
//! ([`pipelint_core::PointerPattern`]), as it sees the document; `--add-overrides` writes
//! them with [`PointerPattern::stable`].

pub use pipelint_core::PointerPattern;

/// The text without a leading byte-order mark (PL003 reports it; serde_json rejects it).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}
