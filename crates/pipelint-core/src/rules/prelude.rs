//! What a rule file needs, in one line: `use crate::rules::prelude::*;`. The rule macro, the
//! context and findings, the facts of `api` and the helpers several groups share; a group's
//! own helpers come from `super::facts`.

pub(crate) use std::ops::Range;

pub(crate) use serde_json::{Map, Value};

pub(crate) use crate::Applicability;
pub(crate) use crate::api::ids::{is_object_id, is_uuid};
pub(crate) use crate::api::records::records;
pub(crate) use crate::api::sources::{
    SourceKind, accepted_source_kinds, present_sources, single_source,
};
pub(crate) use crate::declare_rule;
pub(crate) use crate::diagnostic::{Diagnostic, Fix};
pub(crate) use crate::kind::DocumentKind;
pub(crate) use crate::literal::{
    id_to_check, is_doc_placeholder, is_placeholder, is_whole_placeholder, text_to_check,
};
pub(crate) use crate::pointer::{path_pointer, pointer_join};
pub(crate) use crate::rule::Context;
pub(crate) use crate::rules::edit::{removal_span, remove_member, rename_key, write_corrected};
pub(crate) use crate::rules::requirement::{Ignored, Lack, Needed};
pub(crate) use crate::rules::streaming::{TimestampStart, check_iam_role};
pub(crate) use crate::rules::support::{help_with_correction, help_with_guess, repeats, strings};
pub(crate) use crate::rules::walk::{Walk, member_name, walk};
pub(crate) use crate::string_span::string_part_span;
pub(crate) use crate::suggest::{Names, closest, list_code};
