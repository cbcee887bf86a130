//! The public API of pipelint-core, pinned: every name the crate root exports is listed
//! here, so making an item public (or private) is a deliberate change of this test.
//!
//! Two checks: the names `src/lib.rs` declares public at its top level are exactly
//! [`ROOT`], and each of them is used below, so a rename or a lost re-export fails to
//! compile.

#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::collections::BTreeSet;
use std::path::Path;

/// Every public name at the crate root. `internals` is `#[doc(hidden)]` and no API.
const ROOT: &[&str] = &[
    // Linting
    "lint",
    "unread",
    "LintOptions",
    "LintResult",
    // Findings
    "Diagnostic",
    "Label",
    "Severity",
    "Fix",
    "Applicability",
    "apply_fixes",
    "fixes_of_one_pass",
    "fix",
    "fix_with",
    "Fixed",
    "MAX_FIX_PASSES",
    // Positions
    "LineIndex",
    "LineCol",
    "floor_char_boundary",
    // Rules and kinds
    "Rule",
    "Syntax",
    "FixAvailability",
    "rules",
    "find_rule",
    "renamed_rules",
    "renamed_to",
    "DocumentKind",
    "KindChoice",
    // Settings
    "Settings",
    "Level",
    "Selector",
    "Override",
    "OverrideUse",
    "PointerPattern",
    // Versions
    "Profile",
    "ApiVersion",
    "StackVersion",
    "Axis",
    "Version",
    "Versions",
    "Change",
    "What",
    "changes",
    // Terraform provider versions
    "ProviderVersion",
    "ProviderRelease",
    "PROVIDER_RELEASES",
    "KNOWN_PROVIDER_RELEASES",
    "ProviderSelected",
    "select_provider",
    "ProviderPin",
    "provider_pin",
    // Terraform plans
    "lint_plan",
    "PlanLint",
    "PlanSource",
    "plan_module_dirs",
    // For front ends
    "Document",
    "Loaded",
    "NodeSpans",
    "load",
    "mask_secrets",
    "mask_secrets_after_fixing",
    "did_you_mean",
    "field_name",
    "serde_json",
    // Not API: benchmarks and process-level tests only
    "internals",
];

/// The names `lib.rs` makes public at its top level: `pub use` (with `as` renames and
/// braced lists), `pub fn`, `pub struct`, `pub enum`, `pub mod`, `pub const`, ….
fn declared_public(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut statement = String::new();
    for line in source.lines() {
        if statement.is_empty() && !line.starts_with("pub ") {
            continue;
        }
        statement.push_str(line);
        statement.push(' ');
        let is_use = statement.starts_with("pub use ");
        if is_use && !line.trim_end().ends_with(';') {
            continue;
        }
        if is_use {
            let path = statement["pub use ".len()..].trim().trim_end_matches(';');
            let list = match path.split_once('{') {
                Some((_, list)) => list.trim_end_matches('}').to_owned(),
                None => path.to_owned(),
            };
            for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                let name = match item.split_once(" as ") {
                    Some((_, alias)) => alias,
                    None => item.rsplit("::").next().unwrap_or(item),
                };
                names.insert(name.trim().to_owned());
            }
        } else {
            let mut words = statement.split(|c: char| !(c.is_alphanumeric() || c == '_'));
            let name = words.find(|w| {
                !w.is_empty()
                    && ![
                        "pub", "fn", "struct", "enum", "mod", "const", "static", "type", "trait",
                    ]
                    .contains(w)
            });
            names.insert(name.unwrap_or_default().to_owned());
        }
        statement.clear();
    }
    names
}

#[test]
fn the_crate_root_exports_exactly_the_listed_names() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let source = std::fs::read_to_string(&path).unwrap();
    let declared = declared_public(&source);
    let listed: BTreeSet<String> = ROOT.iter().map(|n| n.to_string()).collect();
    let added: Vec<&String> = declared.difference(&listed).collect();
    let removed: Vec<&String> = listed.difference(&declared).collect();
    assert!(
        added.is_empty() && removed.is_empty(),
        "the public API changed: newly public {added:?}, no longer public {removed:?}; \
         update ROOT (and the guide's docs/library.md) if that is meant"
    );
}

/// What the hidden `internals` module offers the benchmarks and process-level tests. Not API,
/// but public all the same: adding to it is a deliberate change of this list.
const INTERNALS: &[&str] = &[
    "Context",
    "checks",
    "embedded_secret_count",
    "is_parsed",
    "lints_on_this_thread",
    "refutes",
    "is_secret_name",
    "secret_ranges",
    "terraform_provider_checks",
    "terraform_schema_checks",
    "terraform_schema_has",
    "terraform_schema_values",
    "TerraformCheck",
    "validate",
];

#[test]
fn the_hidden_internals_module_offers_exactly_the_listed_names() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let source = std::fs::read_to_string(&path).unwrap();
    let (_, body) = source.split_once("\npub mod internals {\n").unwrap();
    let (body, _) = body.split_once("\n}\n").unwrap();
    let dedented: String = body
        .lines()
        .map(|line| format!("{}\n", line.strip_prefix("    ").unwrap_or(line)))
        .collect();
    let declared = declared_public(&dedented);
    let listed: BTreeSet<String> = INTERNALS.iter().map(|n| n.to_string()).collect();
    assert_eq!(
        declared, listed,
        "`internals` changed; update INTERNALS if that is meant"
    );
}

/// A `#[macro_export]` macro would be public at the crate root whatever `lib.rs` says.
#[test]
fn no_macro_is_exported() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut dirs = vec![src];
    let mut exported = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if std::fs::read_to_string(&path)
                .unwrap()
                .contains("#[macro_export]")
            {
                exported.push(path.display().to_string());
            }
        }
    }
    assert!(exported.is_empty(), "exported macros in {exported:?}");
}

#[test]
fn the_reader_sees_every_kind_of_public_declaration() {
    let source = "pub use a::{B, c as d};\npub use e::F;\npub fn g() {}\n\
                  pub(crate) fn hidden() {}\npub mod h;\n#[doc(hidden)]\npub mod i {\n}\n\
                  pub struct J<'a> {\npub use k::{\n    L,\n    M,\n};\n";
    let names: Vec<String> = declared_public(source).into_iter().collect();
    assert_eq!(names, ["B", "F", "J", "L", "M", "d", "g", "h", "i"]);
}

/// Each listed item used once, with the signature a user relies on.
#[test]
fn every_listed_item_is_usable_from_outside() {
    use pipelint_core::{
        Applicability, Diagnostic, Document, DocumentKind, Fix, FixAvailability, KindChoice, Label,
        Level, LineCol, LineIndex, LintOptions, LintResult, Loaded, NodeSpans, Override,
        OverrideUse, PointerPattern, Rule, Selector, Settings, Severity, apply_fixes, did_you_mean,
        field_name, find_rule, floor_char_boundary, lint, load, mask_secrets, renamed_rules,
        renamed_to, rules, unread,
    };

    let body = br#"{"name": "orders", "naem": 1}"#;
    let mut settings = Settings::default();
    let level: Level = "warning".parse().unwrap();
    assert_eq!(level, Level::Warning);
    let selector = Selector::parse("PL0").unwrap_or_else(|e| panic!("{e}"));
    settings.set_selected(&selector, level);
    let mut overridden = Override::new(vec![PointerPattern::new("/naem")]);
    overridden.set_selected(&selector, Level::Info);
    settings.add_override(overridden);
    let options: LintOptions = LintOptions::new()
        .kind(DocumentKind::CreatePipe)
        .file_name("orders.pipe.json")
        .show_secrets(false)
        .settings(&settings);
    let result: LintResult = lint(body, &options);
    let used: &[OverrideUse] = &result.overrides_used;
    assert_eq!(used.len(), 1);
    let finding: &Diagnostic = result
        .diagnostics
        .iter()
        .find(|d| d.pointer == "/naem")
        .unwrap_or_else(|| panic!("no finding at /naem"));
    let primary: &Label = &finding.primary;
    let severity: Severity = finding.severity;
    assert_eq!(severity, Severity::Info);
    let at: LineCol = LineIndex::new(&result.text).line_col(&result.text, primary.span.start);
    assert_eq!((at.line, at.column), (1, 20));
    assert_eq!(floor_char_boundary("é", 1), 0);

    let fix = Fix::new("t", 0..1, "[", Applicability::Unsafe);
    assert_eq!(apply_fixes("{}", [&fix]), ("[}".to_owned(), 1));
    let patch = LintOptions::new().file_name("p.scaling.json");
    let fixed: pipelint_core::Fixed =
        pipelint_core::fix(br#"{"replicaz": 2}"#, &patch, Applicability::Unsafe);
    assert_eq!(
        (fixed.applied, fixed.text.as_slice()),
        (1, &br#"{"replicas": 2}"#[..])
    );
    let mut passes = 0;
    let stopped = pipelint_core::fix_with(
        br#"{"replicaz": 2}"#,
        &patch,
        Applicability::Unsafe,
        |_, _| {
            passes += 1;
            std::ops::ControlFlow::Break(())
        },
    );
    assert_eq!((passes, stopped.applied), (1, 0));
    let passes: usize = pipelint_core::MAX_FIX_PASSES;
    assert_eq!(passes, 10);

    let rule: &Rule = find_rule(finding.code()).unwrap_or_else(|| panic!("no rule"));
    assert!(rules().iter().any(|r| r.code == rule.code));
    let _: FixAvailability = rule.fix;
    let renamed: &[(&str, &str)] = renamed_rules();
    for &(old, new) in renamed {
        assert_eq!(renamed_to(old), Some(new));
        assert_eq!(find_rule(old).map(|r| r.name), Some(new));
    }

    let _: &pipelint_core::serde_json::Value = &serde_json::json!(null);
    let loaded: Loaded = load(body);
    let document: &Document = loaded.document.as_ref().unwrap_or_else(|| panic!("loads"));
    let spans: Option<&NodeSpans> = document.spans("/naem");
    assert!(spans.is_some_and(|s| s.key.is_some()));
    let with_pipe = LintOptions::new().pipe(document);
    assert!(with_pipe.pipe.is_some());

    let choice = KindChoice::decide(None, Some("orders.pipe.json"), &document.value);
    assert_eq!(choice.kind, Some(DocumentKind::CreatePipe));
    assert_eq!(unread(Vec::new(), None).diagnostics.len(), 0);
    assert_eq!(mask_secrets("{}"), "{}");
    let with_password = r#"{"password": "Tr0ub4dor-and-3-horses"}"#;
    let masked = mask_secrets(with_password);
    assert_eq!(masked.len(), with_password.len());
    assert!(!masked.contains("Tr0ub4dor"), "{masked}");
    assert!(masked.starts_with(r#"{"password": ""#), "{masked}");
    assert_eq!(did_you_mean("nmae", ["name"]), Some("name"));
    assert_eq!(field_name("/naem"), "`naem`");

    use pipelint_core::{
        ApiVersion, Axis, Change, Profile, StackVersion, Version, Versions, What, changes,
    };
    let profile: Profile = Profile::default()
        .with_api(ApiVersion::parse("2026-04").unwrap())
        .with_stack(StackVersion::LATEST);
    assert_eq!(
        profile.in_force(Axis::Api),
        Version::Api(ApiVersion::V2026_04)
    );
    let tile = br#"{"tiles": [{"id": "a", "config": {"displayType": "heatmap"}}]}"#;
    let older = LintOptions::new()
        .kind(DocumentKind::Dashboard)
        .profile(Profile::default());
    let newer_value = lint(tile, &older);
    let versions: Option<Versions> = newer_value.diagnostics.iter().find_map(|d| d.versions);
    assert_eq!(
        versions.and_then(|v| v.accepted_from),
        Some(Version::Stack(StackVersion::V2_27))
    );
    let change: &Change = changes().next().unwrap_or_else(|| panic!("a change"));
    assert!(matches!(change.what, What::Member | What::Value(_)));

    use pipelint_core::{
        KNOWN_PROVIDER_RELEASES, PROVIDER_RELEASES, ProviderPin, ProviderRelease, ProviderSelected,
        ProviderVersion, provider_pin, select_provider,
    };
    let newest: &ProviderRelease = &PROVIDER_RELEASES[PROVIDER_RELEASES.len() - 1];
    assert_eq!(newest.version, ProviderVersion::LATEST);
    assert!(KNOWN_PROVIDER_RELEASES.contains(&ProviderVersion::OLDEST.as_str()));
    let selected: ProviderSelected = select_provider("~> 3.25").unwrap();
    assert_eq!(
        selected.version(),
        ProviderVersion::parse("3.25.3").unwrap()
    );
    let pin: Option<ProviderPin> = provider_pin(
        "terraform {\n  required_providers {\n    clickhouse = { source = \"ClickHouse/clickhouse\" }\n  }\n}\n",
        false,
    );
    assert_eq!(pin.map(|p| p.constraint), Some(None));
    let tf_profile = Profile::default().with_provider(ProviderVersion::OLDEST);
    assert_eq!(tf_profile.provider.api(), ApiVersion::V2026_04);
}
