//! What the API is, apart from how rules report it: the version profiles and the table of
//! what each version changed.

pub mod changes;
pub mod profile;
