//! Rules about API versions: what the profile in force does not accept yet, no longer
//! accepts, or accepts only behind a preview (api-profiles.md, decisions P3, P6, P7). They
//! read the one table of changes in `crate::api::changes`.

super::rule_files! {
    needs_newer_api,
    preview_feature,
    removed_in_api,
}

pub(crate) mod facts;
pub(crate) mod table;
