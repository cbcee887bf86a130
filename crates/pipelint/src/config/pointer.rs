//! The pointers an `[[overrides]]` entry names. They are matched by the core
//! ([`pipelint_core::PointerPattern`]), which sees the document; `--add-overrides` writes
//! them with [`stable`].

use std::cell::OnceCell;

pub use pipelint_core::settings::pointer::{PointerPattern, STABLE_KEYS, stable};
use serde_json::Value;

/// The document of one file, parsed only when a `[key=value]` token needs it.
pub struct LazyDocument<'a> {
    text: &'a str,
    value: OnceCell<Option<Value>>,
}

impl<'a> LazyDocument<'a> {
    pub fn new(text: &'a str) -> LazyDocument<'a> {
        LazyDocument {
            text,
            value: OnceCell::new(),
        }
    }

    pub fn value(&self) -> Option<&Value> {
        self.value
            .get_or_init(|| serde_json::from_str(without_bom(self.text)).ok())
            .as_ref()
    }
}

/// The text without a leading byte-order mark (PL003 reports it; serde_json rejects it).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}
