//! One document judged: the schema's and the rules' findings, then settled: the settings'
//! levels, what a finding supersedes or refutes, the rules' declared policies (`policy:` in
//! `declare_rule!`), the order, one slip folded into one finding, and deletions that keep
//! what another finding needs. It names no rule: what is particular to a rule is declared
//! in the rule.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::rule::Context;
use crate::settings::{self, OverrideUse, Settings};
use crate::{rules, schema};

/// The schema's and the rules' findings on a document, as its context says to check it.
pub(crate) fn check(context: &Context) -> Vec<Diagnostic> {
    let mut found = schema::validate(context.kind, context.document, &context.profile);
    for (_, check) in rules::CHECKS
        .iter()
        .filter(|(r, _)| r.applies_to(context.kind))
    {
        check(context, &mut found);
    }
    found
}

/// Applies the settings to the findings of a document the rules did not run on (it did not
/// load, or its kind is unknown): nothing there supersedes anything.
pub(crate) fn settle_unchecked(
    settings: &Settings,
    document: Option<&Document>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let judged = settings.judge(diagnostics, document.map(|d| &d.value));
    let keep = vec![true; diagnostics.len()];
    apply(judged, &keep, diagnostics)
}

/// Drops what is not kept or turned off, sets every other severity, and returns the
/// overrides that set the level of a kept finding.
pub(super) fn apply(
    judged: Vec<settings::Judged>,
    keep: &[bool],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let mut overrides_used: Vec<OverrideUse> = judged
        .iter()
        .zip(keep)
        .filter(|(_, keep)| **keep)
        .flat_map(|(judged, _)| judged.uses.iter().copied())
        .collect();
    overrides_used.sort_unstable();
    overrides_used.dedup();
    let mut settled = judged
        .into_iter()
        .zip(keep)
        .map(|(judged, keep)| judged.severity.filter(|_| *keep));
    diagnostics.retain_mut(|diagnostic| match settled.next().flatten() {
        Some(severity) => {
            diagnostic.severity = severity;
            true
        }
        None => false,
    });
    overrides_used
}

/// Applies the settings, drops what is reported twice or stems from an unrepresentable
/// number, then sorts. Levels come first: only a finding that is reported supersedes
/// another, so turning a rule off never hides what another rule reports. Returns the
/// overrides that set the level of a finding that was not dropped as reported twice.
/// Linear before the sort: every look-up goes through a hash set.
pub(crate) fn settle(
    settings: &Settings,
    document: Option<&Document>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OverrideUse> {
    let judged = settings.judge(diagnostics, document.map(|d| &d.value));
    let keep: Vec<bool> = {
        let reported = || {
            diagnostics
                .iter()
                .zip(&judged)
                .filter(|(_, judged)| judged.severity.is_some())
                .map(|(d, _)| d)
        };
        // Where a finding makes every other check of its member moot (a wrong type), only it
        // stands there (`policy: [sole_at_its_member]` in its declaration).
        let sole: HashSet<&str> = reported()
            .filter(|d| d.rule.policy.sole_at_its_member)
            .map(|d| d.pointer.as_str())
            .collect();
        // Under an older profile, what lies at a newer value or inside a newer member is not
        // checked further (api-profiles.md P3): the one finding that says so is enough
        // (`policy: [ends_checks_inside]`).
        let newer: HashSet<&str> = reported()
            .filter(|d| d.rule.policy.ends_checks_inside)
            .map(|d| d.pointer.as_str())
            .collect();
        let unrepresentable: HashSet<&str> = document
            .iter()
            .flat_map(|d| &d.unrepresentable)
            .map(String::as_str)
            .collect();
        // Where a rule says more about a member than the schema's generic finding, the
        // schema's finding on that member is dropped, so each problem is reported once.
        // (The rule declares which: `supersedes` in its `declare_rule!`.)
        let superseded: HashSet<(&str, &str)> = reported()
            .flat_map(|d| {
                d.rule
                    .supersedes
                    .iter()
                    .map(|&generic| (generic, d.pointer.as_str()))
            })
            .collect();
        // Where a rule refuses a value (an authentication method the broker type does not
        // offer), the findings that take that value as given ("it needs `iamRole`") would
        // lead the wrong way: only the refusal is reported. (`refutes` in `declare_rule!`.)
        let refuted: HashSet<(&str, &str)> = reported()
            .flat_map(|d| {
                d.rule
                    .refutes
                    .iter()
                    .map(|&dependent| (dependent, d.pointer.as_str()))
            })
            .collect();
        // Every value the server rejects (an error at that member, as the rule reported it)
        // refutes what other rules build on it: "`iam_role` is not a valid value" makes
        // "`credentials` is missing `password`" wrong advice, so only the cause is reported.
        // A warning refutes only what its rule names in `refutes`. (Several rules may reject
        // one value; a finding is never refuted by its own rule.)
        let rejected: HashMap<&str, Vec<&str>> = reported()
            .filter(|d| d.severity == crate::Severity::Error)
            .fold(HashMap::new(), |mut rejected, d| {
                rejected
                    .entry(d.pointer.as_str())
                    .or_default()
                    .push(d.rule.name);
                rejected
            });
        let premise_refuted = |d: &Diagnostic| {
            d.premise.as_deref().is_some_and(|premise| {
                refuted.contains(&(d.rule.name, premise))
                    || rejected
                        .get(premise)
                        .is_some_and(|by| by.iter().any(|&name| name != d.rule.name))
            })
        };
        diagnostics
            .iter()
            .map(|d| {
                let pointer = d.pointer.as_str();
                if superseded.contains(&(d.rule.name, pointer)) || premise_refuted(d) {
                    false
                } else if d.rule.policy.about_the_key {
                    // About the key, not the value: whatever the value's findings.
                    true
                } else if !d.rule.policy.kept_inside_newer && within_any(&newer, pointer) {
                    false
                } else if unrepresentable.contains(pointer) {
                    // At a number that could not be represented, only the finding that says so
                    // counts (the others judged a value that is not the document's, whether or
                    // not it is reported).
                    d.rule.policy.sole_at_unrepresentable
                } else if sole.contains(pointer) {
                    d.rule.policy.sole_at_its_member
                } else {
                    true
                }
            })
            .collect()
    };
    let overrides_used = apply(judged, &keep, diagnostics);
    schema::word_refused_members(diagnostics);
    diagnostics.sort_by(|a, b| {
        (
            a.primary.span.start,
            a.primary.span.end,
            a.rule.code,
            &a.message,
        )
            .cmp(&(
                b.primary.span.start,
                b.primary.span.end,
                b.rule.code,
                &b.message,
            ))
    });
    diagnostics.dedup_by(|a, b| {
        a.rule.code == b.rule.code && a.pointer == b.pointer && a.message == b.message
    });
    if let Some(document) = document {
        fold_follow_ons(document, diagnostics);
        guard_deletions(document, diagnostics);
    }
    overrides_used
}

/// One slip, one finding: where a finding's fix puts a missing member in place (a
/// misspelt key renamed to the required member it stands for, a source kind moved under the
/// absent `source`), the findings that exist only because that member is missing are folded
/// into it as secondary labels, and it takes the highest severity among them (the body is
/// still rejected until it is fixed). Folded are the findings at or inside the supplied
/// member or a missing object above it ("missing the required member"), and those that
/// want a member of its shape to hold the value it brings (`wants`: "column `a` has no
/// field mapping"). `diagnostics` are the reported findings, sorted; they stay sorted.
/// Linear in the findings: each looks up its own pointer's prefixes in a hash map.
fn fold_follow_ons(document: &Document, diagnostics: &mut Vec<Diagnostic>) {
    if !diagnostics.iter().any(|d| d.fix.is_some()) {
        return;
    }
    let absent = |pointer: &str| crate::pointer::resolve(&document.value, pointer).is_none();
    // The missing member each fix puts in place, if any.
    let supplied: Vec<Option<String>> = diagnostics
        .iter()
        .map(|d| {
            d.fix.as_ref()?;
            d.supplies
                .clone()
                .or_else(|| renamed_member(document, d))
                .filter(|member| absent(member))
        })
        .collect();
    if supplied.iter().all(Option::is_none) {
        return;
    }
    // Each missing place a fix creates (the member and the missing objects above it), and
    // each (member shape, value) it brings, with the finding whose fix it is.
    let mut created: HashMap<&str, usize> = HashMap::new();
    let mut brought: HashMap<(String, String), usize> = HashMap::new();
    for (i, member) in supplied.iter().enumerate() {
        let Some(member) = member.as_deref() else {
            continue;
        };
        created.entry(member).or_insert(i);
        for (cut, _) in member.match_indices('/').filter(|&(cut, _)| cut > 0) {
            let above = &member[..cut];
            if absent(above) {
                created.entry(above).or_insert(i);
            }
        }
        if let Some(value) = crate::pointer::resolve(&document.value, &diagnostics[i].pointer) {
            brought
                .entry((any_index(member), value.to_string()))
                .or_insert(i);
        }
    }
    let within_created = |pointer: &str| {
        created.get(pointer).copied().or_else(|| {
            pointer
                .match_indices('/')
                .find_map(|(cut, _)| created.get(&pointer[..cut]).copied())
        })
    };
    // A finding whose own fix supplies a member is the one reported for its slip: never
    // folded into another.
    let into: Vec<Option<usize>> = diagnostics
        .iter()
        .zip(&supplied)
        .enumerate()
        .map(|(i, (d, supplies))| {
            if supplies.is_some() {
                return None;
            }
            within_created(&d.pointer)
                .or_else(|| {
                    d.wants
                        .as_ref()
                        .and_then(|wants| brought.get(wants).copied())
                })
                .filter(|&to| to != i)
        })
        .collect();
    if into.iter().all(Option::is_none) {
        return;
    }
    for (i, to) in into.iter().enumerate() {
        let Some(to) = *to else { continue };
        let (severity, span, message) = {
            let folded = &diagnostics[i];
            (
                folded.severity,
                folded.primary.span.clone(),
                folded.message.clone(),
            )
        };
        let kept = &mut diagnostics[to];
        kept.severity = kept.severity.max(severity);
        kept.secondary.push(crate::diagnostic::Label {
            span,
            text: Some(message),
        });
    }
    let mut folded = into.iter().map(Option::is_some);
    diagnostics.retain(|_| !folded.next().unwrap_or(false));
}

/// The member a finding's fix renames the finding's own member to, when the fix rewrites
/// exactly that member's key as another key: `/a/b_c` renamed `bC` gives `/a/bC`.
fn renamed_member(document: &Document, d: &Diagnostic) -> Option<String> {
    let fix = d.fix.as_ref()?;
    let key = document.spans(&d.pointer)?.key.as_ref()?;
    if fix.span != *key {
        return None;
    }
    let Ok(Value::String(to)) = serde_json::from_str::<Value>(&fix.replacement) else {
        return None;
    };
    let (parent, _) = crate::pointer::pointer_split(&d.pointer)?;
    Some(crate::pointer::pointer_join(parent, &to))
}

/// `pointer` with every array index written `*` (the shape `wants` names). A key made of
/// digits is written `*` too: it then stands for any such key, which only widens a match
/// among members of one object shape.
fn any_index(pointer: &str) -> String {
    pointer
        .split('/')
        .map(|token| {
            if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
                "*"
            } else {
                token
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A fix that deletes the member it is about keeps what another finding needs: it is
/// dropped when another finding is about that member (at it or inside it),
/// and it is only unsafe when the object holding the member has an error, since the member
/// may be what shows what the user meant (the ids of a tile alert written as a saved-search
/// one). `diagnostics` are the reported findings, with their settled severities.
fn guard_deletions(document: &Document, diagnostics: &mut [Diagnostic]) {
    let deletes = |d: &Diagnostic| {
        d.fix
            .as_ref()
            .is_some_and(|f| f.replacement.trim().is_empty())
    };
    if !diagnostics.iter().any(deletes) {
        return;
    }
    // Counted once for all findings, so the guard stays linear in the findings: how many
    // findings stand at or inside each place, and how many errors stand at each object
    // (at it, or at one of its members).
    let mut at_or_inside: HashMap<&str, usize> = HashMap::new();
    let mut errors_of_object: HashMap<&str, usize> = HashMap::new();
    for d in diagnostics.iter() {
        let pointer = d.pointer.as_str();
        *at_or_inside.entry(pointer).or_default() += 1;
        for (cut, _) in pointer.match_indices('/') {
            *at_or_inside.entry(&pointer[..cut]).or_default() += 1;
        }
        if d.severity == crate::Severity::Error {
            *errors_of_object.entry(pointer).or_default() += 1;
            if let Some(parent) = parent_of(pointer) {
                *errors_of_object.entry(parent).or_default() += 1;
            }
        }
    }
    let mut verdicts = Vec::new();
    for (i, d) in diagnostics.iter().enumerate() {
        let Some(fix) = d.fix.as_ref().filter(|_| deletes(d)) else {
            continue;
        };
        let member = document.member_span(&d.pointer);
        if d.pointer.is_empty() || member.start < fix.span.start || fix.span.end < member.end {
            continue;
        }
        let pointer = d.pointer.as_str();
        // This finding itself is counted at its member, and as an error of its object.
        let about_member = at_or_inside.get(pointer).copied().unwrap_or(0) > 1;
        let own_error = usize::from(d.severity == crate::Severity::Error);
        let object = parent_of(pointer).unwrap_or("");
        let object_has_error = errors_of_object.get(object).copied().unwrap_or(0) > own_error;
        verdicts.push((i, about_member, object_has_error));
    }
    for (i, about_member, object_has_error) in verdicts {
        if about_member {
            diagnostics[i].fix = None;
        } else if object_has_error && let Some(fix) = diagnostics[i].fix.as_mut() {
            fix.applicability = crate::Applicability::Unsafe;
        }
    }
}

/// The pointer of the object that holds the member at `pointer` (`None` for the root).
fn parent_of(pointer: &str) -> Option<&str> {
    pointer.rfind('/').map(|cut| &pointer[..cut])
}
/// Whether `pointer` is one of `places` or lies inside one of them.
fn within_any(places: &HashSet<&str>, pointer: &str) -> bool {
    !places.is_empty()
        && (places.contains(pointer)
            || pointer
                .match_indices('/')
                .any(|(end, _)| places.contains(&pointer[..end])))
}
