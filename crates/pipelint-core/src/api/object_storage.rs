//! What an object-storage source requires (spec 2.7 and the real-API notes): which
//! authentication each storage type takes and which members the type and the
//! authentication make necessary. Read by the object-storage rules and by the scaling
//! rules (an empty member that is required is not a mere leftover).

use serde_json::Value;

use crate::api::profile::Profile;
use crate::document::Document;
use crate::kind::DocumentKind;

/// Pointer of the object-storage source.
pub(crate) const SOURCE: &str = "/source/objectStorage";
pub(crate) const TYPE: &str = "/source/objectStorage/type";
pub(crate) const AUTHENTICATION: &str = "/source/objectStorage/authentication";

/// Storage types (spec 2.7; `cloudflarer2` and `ovhobjectstorage` from api-version 2026-04,
/// which `needs-newer-api` reports under older versions).
pub(crate) const TYPES: [&str; 6] = [
    "s3",
    "gcs",
    "dospaces",
    "azureblobstorage",
    "cloudflarer2",
    "ovhobjectstorage",
];
pub(crate) const AZURE: &str = "azureblobstorage";
pub(crate) const GCS: &str = "gcs";

/// The authentication of an object-storage source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Auth {
    /// `authentication` absent or null: no authentication, public data (spec 2.7).
    Public,
    IamRole,
    IamUser,
    ConnectionString,
    /// A Google Cloud service account key (`serviceAccountKey`), GCS only; from api-version
    /// 2026-04.
    ServiceAccount,
}

impl Auth {
    pub fn name(self) -> &'static str {
        match self {
            Auth::Public => "none",
            Auth::IamRole => "IAM_ROLE",
            Auth::IamUser => "IAM_USER",
            Auth::ConnectionString => "CONNECTION_STRING",
            Auth::ServiceAccount => "SERVICE_ACCOUNT",
        }
    }
}

/// The object-storage source object, when it is one.
pub(crate) fn source(document: &Document) -> Option<&serde_json::Map<String, Value>> {
    document.get(SOURCE).and_then(Value::as_object)
}

/// The storage type, when it is one of the known values.
pub(crate) fn storage_type(document: &Document) -> Option<&str> {
    document
        .get(TYPE)
        .and_then(Value::as_str)
        .filter(|t| TYPES.contains(t))
}

/// The authentication, when it is absent, null or one of the known values; `None` for a
/// value the schema rejects.
pub(crate) fn authentication(document: &Document) -> Option<Auth> {
    match document.get(AUTHENTICATION) {
        None | Some(Value::Null) => Some(Auth::Public),
        Some(Value::String(s)) => match s.as_str() {
            "IAM_ROLE" => Some(Auth::IamRole),
            "IAM_USER" => Some(Auth::IamUser),
            "CONNECTION_STRING" => Some(Auth::ConnectionString),
            "SERVICE_ACCOUNT" => Some(Auth::ServiceAccount),
            _ => None,
        },
        Some(_) => None,
    }
}

/// Whether a storage type takes an authentication (spec 2.7; the real-API notes add that
/// Azure Blob Storage needs `CONNECTION_STRING`; `SERVICE_ACCOUNT` is for GCS only,
/// api-profiles.md row 13).
pub(crate) fn auth_allowed(storage: &str, auth: Auth) -> bool {
    match auth {
        Auth::ConnectionString => storage == AZURE,
        Auth::ServiceAccount => storage == GCS,
        Auth::Public | Auth::IamRole | Auth::IamUser => storage != AZURE,
    }
}

/// Whether the profile in force has the authentication at all (`SERVICE_ACCOUNT` needs
/// api-version 2026-04; under an older one `needs-newer-api` reports it and nothing that
/// follows from it is checked).
pub(crate) fn auth_in_profile(kind: DocumentKind, profile: &Profile, auth: Auth) -> bool {
    auth != Auth::ServiceAccount
        || crate::api::changes::value_accepted(kind, AUTHENTICATION, auth.name(), profile)
}

/// A member the body's choices require, and the member whose value requires it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Requirement {
    pub member: &'static str,
    /// Pointer of the choice that requires it (`type` or `authentication`).
    pub cause: &'static str,
}

impl Requirement {
    pub fn pointer(&self) -> String {
        format!("{SOURCE}/{}", self.member)
    }
}

/// The members the storage type and the authentication require (spec 2.7; real-API notes).
/// Authentication-driven members are not required when the authentication does not suit
/// the type: `object-storage-auth-for-type` reports that, and the fix may be another method.
pub(crate) fn required_members(
    document: &Document,
    kind: DocumentKind,
    profile: &Profile,
) -> Vec<Requirement> {
    let mut required = Vec::new();
    if source(document).is_none() {
        return required;
    }
    let storage = storage_type(document);
    // A type of another kind than a string is the schema's finding (or a value not known
    // yet): which members it needs cannot be told.
    if document
        .get(TYPE)
        .is_some_and(|t| !t.is_string() && !t.is_null())
    {
        return required;
    }
    match storage {
        Some(AZURE) => {
            for member in ["azureContainerName", "path"] {
                required.push(Requirement {
                    member,
                    cause: TYPE,
                });
            }
        }
        Some(_) => required.push(Requirement {
            member: "url",
            cause: TYPE,
        }),
        None => {}
    }
    let Some(auth) = authentication(document) else {
        return required;
    };
    if storage.is_some_and(|s| !auth_allowed(s, auth)) || !auth_in_profile(kind, profile, auth) {
        return required;
    }
    let member = match auth {
        Auth::Public => return required,
        Auth::IamRole => "iamRole",
        Auth::IamUser => "accessKey",
        Auth::ConnectionString => "connectionString",
        Auth::ServiceAccount => "serviceAccountKey",
    };
    required.push(Requirement {
        member,
        cause: AUTHENTICATION,
    });
    required
}

/// Whether a member of the object-storage source is required by the body's choices, or may
/// be (`url` while the storage type is unknown), so an empty value is not a mere leftover.
pub(crate) fn is_required(
    document: &Document,
    kind: DocumentKind,
    profile: &Profile,
    member: &str,
) -> bool {
    if member == "url" && storage_type(document) != Some(AZURE) {
        return true;
    }
    required_members(document, kind, profile)
        .iter()
        .any(|r| r.member == member)
}
