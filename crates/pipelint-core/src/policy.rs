//! How a rule's findings stand beside other findings when `lint` settles them, declared in
//! the rule's own `declare_rule!` (or `declare_entry!`) as `policy: [flag, …]`, so the engine
//! names no rule: adding a rule with such an interplay never means editing the engine. (What
//! a finding replaces or refutes is declared beside it, with `supersedes:` and `refutes:`.)

/// The flags a rule's `policy: [..]` sets; every flag is off unless named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Policy {
    /// Its findings mean the document was not checked at all (not JSON, not UTF-8, empty,
    /// too deep, too large, of an unknown kind): a code prefix or `ALL` in the settings
    /// leaves it at its level, so a broken file never looks clean.
    pub not_checked: bool,
    /// Under an older profile, what lies at or inside the member it reports is not checked
    /// further (api-profiles.md P3): its one finding says it.
    pub ends_checks_inside: bool,
    /// Its findings stand inside a member that [`Policy::ends_checks_inside`] closes too
    /// (the profile rules themselves; a secret written in plain text is a leak whatever the
    /// version).
    pub kept_inside_newer: bool,
    /// It is about the key, not the value: whatever the value's findings, it stays.
    pub about_the_key: bool,
    /// Where it reports, it is the only finding at that member (a wrong type makes every
    /// other check of the value moot).
    pub sole_at_its_member: bool,
    /// At a number that could not be represented, it is the only finding that counts (the
    /// others judged a value that is not the document's).
    pub sole_at_unrepresentable: bool,
}

impl Policy {
    /// No flag set: what a declaration without `policy:` gets.
    pub(crate) const NONE: Policy = Policy {
        not_checked: false,
        ends_checks_inside: false,
        kept_inside_newer: false,
        about_the_key: false,
        sole_at_its_member: false,
        sole_at_unrepresentable: false,
    };
}
