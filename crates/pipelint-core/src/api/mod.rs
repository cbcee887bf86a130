//! What the API is, apart from how rules report it: the version profiles and the table of
//! what each version changed, the sources of a pipe and what they require, and the shapes of
//! its ids and times. Rules read these facts; how a finding is worded lives in `rules`.

pub mod changes;
pub(crate) mod ids;
pub(crate) mod object_storage;
pub mod profile;
pub mod provider;
pub(crate) mod provider_pin;
pub(crate) mod records;
pub(crate) mod source_kind;
pub(crate) mod sources;
pub(crate) mod streaming;
pub(crate) mod time;
