//! The core's modules import each other in layers, never in a circle and never upwards:
//! [`LAYERS`] names each folder's and file's layer, from the bottom (positions, pointers,
//! findings, the catalog's metadata; documents; what the API is; the rule frame; the rules;
//! the readers and `lint`/`fix` on top). A circle means no module of it can be read, tested
//! or moved without the others; an upward import means a lower layer knows one above it
//! (documents that know rules). These tests name either, so it can be undone where it formed.
//!
//! The graph is read from the source text: one node per file (`src/a/b.rs` and
//! `src/a/b/mod.rs` are `crate::a::b`, `src/lib.rs` is `crate`), one edge for each path that
//! starts with `crate::`, `super::` or `self::` (in a `use`, braces included, or inline in
//! code) and for each `use` of a child module by its own name, pointing at the longest
//! prefix of the path that is a file. A name the crate root re-exports (`crate::Diagnostic`)
//! points at the module it comes from. Comments, strings and `#[cfg(test)]` items are left
//! out: a test may use what sits above the module it tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module path (`crate::a::b`) to the text of its file.
type Sources = BTreeMap<String, String>;

/// Module path to the modules it imports.
type Graph = BTreeMap<String, BTreeSet<String>>;

fn read_sources(src: &Path) -> Sources {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).unwrap_or(&file);
            let mut segments: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
                segments.pop();
            }
            let module = std::iter::once("crate".to_owned())
                .chain(segments)
                .collect::<Vec<_>>()
                .join("::");
            let text = fs::read_to_string(&file).unwrap_or_default();
            (module, text)
        })
        .collect()
}

fn rust_files(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    Colons,
    Punct(char),
}

/// The tokens of `text` that can form paths, without comments, strings and characters.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && raw_string_at(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            i += 2 + hashes;
            while i < chars.len() {
                if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&h| h == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character ('x', '\n', '\u{1F}') or a lifetime ('a): skip only a character.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::Colons);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// Whether a raw string (`r"…"`, `r#"…"#`) starts at `i` (and not an identifier ending in r).
fn raw_string_at(chars: &[char], i: usize) -> bool {
    let after_hashes = chars[i + 1..].iter().find(|&&h| h != '#');
    let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    starts_word && after_hashes == Some(&'"')
}

/// `tokens` without the items marked `#[cfg(test)]` (up to their `;` or closing brace).
fn without_test_items(tokens: Vec<Token>) -> Vec<Token> {
    let marker = test_marker();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i..].starts_with(&marker) {
            i += marker.len();
            let mut depth = 0;
            while i < tokens.len() {
                let token = &tokens[i];
                i += 1;
                match token {
                    Token::Punct('{') => depth += 1,
                    Token::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Punct(';') if depth == 0 => break,
                    _ => {}
                }
            }
        } else {
            out.push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

/// Every path in `tokens` as its segments, `use` trees expanded (`a::{b, c::d}` gives
/// `a::b` and `a::c::d`). The flag says whether the path is in a `use`.
fn paths(tokens: &[Token]) -> Vec<(Vec<String>, bool)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let in_use = i > 0 && tokens[i - 1] == Token::Ident("use".into());
        let starts_path = matches!(&tokens[i], Token::Ident(_))
            && (i == 0 || tokens[i - 1] != Token::Colons)
            && tokens.get(i + 1) == Some(&Token::Colons);
        if in_use || starts_path {
            i = use_tree(tokens, i, Vec::new(), in_use, &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Reads one path or `use` tree from `i` onwards, with `prefix` before it; returns the index
/// after it.
fn use_tree(
    tokens: &[Token],
    mut i: usize,
    mut prefix: Vec<String>,
    in_use: bool,
    out: &mut Vec<(Vec<String>, bool)>,
) -> usize {
    loop {
        match tokens.get(i) {
            Some(Token::Ident(name)) if name != "as" => {
                prefix.push(name.clone());
                i += 1;
            }
            Some(Token::Punct('{')) if in_use => {
                i += 1;
                loop {
                    i = use_tree(tokens, i, prefix.clone(), in_use, out);
                    match tokens.get(i) {
                        Some(Token::Punct(',')) => i += 1,
                        Some(Token::Punct('}')) => return i + 1,
                        _ => return i,
                    }
                    if tokens.get(i) == Some(&Token::Punct('}')) {
                        return i + 1;
                    }
                }
            }
            _ => break,
        }
        if tokens.get(i) == Some(&Token::Colons) {
            i += 1;
        } else {
            break;
        }
    }
    // `as alias` ends a use path; `*` leaves the prefix as the path.
    if tokens.get(i) == Some(&Token::Ident("as".into())) {
        i += 2;
    } else if tokens.get(i) == Some(&Token::Punct('*')) {
        i += 1;
    }
    if prefix.last().is_some_and(|last| last == "self") {
        prefix.pop();
    }
    if !prefix.is_empty() {
        out.push((prefix, in_use));
    }
    i
}

/// The module a path in `module` names: the longest prefix that is a file, or `None` for a
/// path outside the crate (std, another crate, a local item).
fn resolve(
    module: &str,
    path: &[String],
    sources: &Sources,
    root_exports: &BTreeMap<String, String>,
) -> Option<String> {
    let mut segments: Vec<String> = module.split("::").map(str::to_owned).collect();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            segments = vec!["crate".to_owned()];
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                segments.pop();
                rest = &rest[1..];
            }
        }
        Some(child) => {
            // A child module named by its own name (`use reader::Read`, `secrets::mask(..)`);
            // anything else is outside the crate or a local item.
            let candidate = format!("{module}::{child}");
            if !sources.contains_key(&candidate) {
                return None;
            }
        }
        None => return None,
    }
    let mut found = segments.join("::");
    for segment in rest {
        let candidate = format!("{found}::{segment}");
        if sources.contains_key(&candidate) {
            found = candidate;
        } else {
            break;
        }
    }
    if found == "crate" {
        // A name the root re-exports comes from its module.
        let named = path.get(1).filter(|_| path[0] == "crate");
        if let Some(origin) = named.and_then(|name| root_exports.get(name)) {
            return Some(origin.clone());
        }
    }
    Some(found)
}

/// What the crate root re-exports: name to the module it comes from.
fn root_exports(sources: &Sources) -> BTreeMap<String, String> {
    let mut exports = BTreeMap::new();
    let Some(text) = sources.get("crate") else {
        return exports;
    };
    for (path, in_use) in paths(&without_test_items(tokens(text))) {
        if !in_use || path.len() < 2 {
            continue;
        }
        if let Some(origin) = resolve("crate", &path, sources, &BTreeMap::new())
            && origin != "crate"
            && let Some(name) = path.last()
        {
            exports.insert(name.clone(), origin);
        }
    }
    exports
}

fn graph(sources: &Sources) -> Graph {
    let exports = root_exports(sources);
    let tests = test_modules(sources);
    let is_test = |module: &str| {
        tests
            .iter()
            .any(|test| module == test || module.starts_with(&format!("{test}::")))
    };
    let mut graph = Graph::new();
    for (module, text) in sources.iter().filter(|(module, _)| !is_test(module)) {
        let edges = graph.entry(module.clone()).or_default();
        for (path, _) in paths(&without_test_items(tokens(text))) {
            let Some(target) = resolve(module, &path, sources, &exports) else {
                continue;
            };
            // What a parent offers its children (`super::helper`, a macro) is part of the
            // folder they share; only the root's own items (`lint`) are above everything.
            let ancestor = module.starts_with(&format!("{target}::")) && target != "crate";
            if target != *module && !ancestor && !is_test(&target) {
                edges.insert(target);
            }
        }
    }
    graph
}

/// The modules declared `#[cfg(test)] mod name;` (their files are tests too), with any
/// visibility (`pub(crate) mod name;`).
fn test_modules(sources: &Sources) -> Vec<String> {
    let marker = test_marker();
    let mut found = Vec::new();
    for (module, text) in sources {
        let tokens = tokens(text);
        for start in 0..tokens.len() {
            if !tokens[start..].starts_with(&marker) {
                continue;
            }
            let mut rest = &tokens[start + marker.len()..];
            if rest.first() == Some(&Token::Ident("pub".into())) {
                rest = &rest[1..];
                if rest.first() == Some(&Token::Punct('(')) {
                    let close = rest.iter().position(|t| *t == Token::Punct(')'));
                    rest = close.map_or(&[][..], |close| &rest[close + 1..]);
                }
            }
            if let [
                Token::Ident(keyword),
                Token::Ident(name),
                Token::Punct(';'),
                ..,
            ] = rest
                && keyword == "mod"
            {
                found.push(format!("{module}::{name}"));
            }
        }
    }
    found
}

fn test_marker() -> Vec<Token> {
    [
        Token::Punct('#'),
        Token::Punct('['),
        Token::Ident("cfg".into()),
        Token::Punct('('),
        Token::Ident("test".into()),
        Token::Punct(')'),
        Token::Punct(']'),
    ]
    .into()
}

/// One circle of each group of modules that import each other, as `a -> b -> a`.
fn circles(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    for start in graph.keys() {
        if done.contains(start.as_str()) {
            continue;
        }
        if let Some(circle) = circle_through(graph, start) {
            done.extend(circle.iter().copied());
            found.push(format!("{} -> {start}", circle.join(" -> ")));
        }
    }
    found
}

/// The shortest circle from `start` back to it, found breadth first.
fn circle_through<'g>(graph: &'g Graph, start: &'g str) -> Option<Vec<&'g str>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for next in graph.get(at).into_iter().flatten() {
            if next == start {
                let mut circle = vec![at];
                while let Some(&before) = came_from.get(circle[circle.len() - 1]) {
                    circle.push(before);
                }
                circle.reverse();
                return Some(circle);
            }
            if next != start && !came_from.contains_key(next.as_str()) {
                came_from.insert(next, at);
                queue.push_back(next);
            }
        }
    }
    None
}

#[test]
fn the_core_has_no_import_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = read_sources(&src);
    let graph = graph(&sources);
    // The scan must see the layers, or it would pass on nothing.
    let imports = |from: &str, to: &str| graph.get(from).is_some_and(|e| e.contains(to));
    assert!(
        imports("crate::rules::prelude", "crate::rule"),
        "{graph:#?}"
    );
    assert!(imports("crate", "crate::document"), "{graph:#?}");
    if std::env::var_os("PIPELINT_PRINT_IMPORTS").is_some() {
        for (from, to) in &graph {
            println!("{from} -> {to:?}");
        }
    }
    let circles = circles(&graph);
    assert!(
        circles.is_empty(),
        "modules of the core import each other in a circle (move what the lower one needs \
         down, or pass it in):\n{}",
        circles.join("\n")
    );
}

/// The core's layers, from the bottom; a module may import its own layer and those below.
/// Each entry is a module or a folder (`crate::api` holds everything under `api/` that no
/// longer entry names; `crate` is the root file alone); a module's layer is that of its
/// longest entry, and a module no entry names fails the test, so a new file gets a place. `docs/architecture.md`
/// §Layers draws the same table.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "1. positions, pointers, findings, the catalog's metadata and its vocabulary",
        &[
            "crate::pointer",
            "crate::line_index",
            "crate::literal",
            "crate::suggest",
            "crate::clickhouse_type",
            "crate::kind",
            "crate::catalog",
            "crate::entries",
            "crate::policy",
            "crate::diagnostic",
            // The versions and the table of what each one changed: vocabulary of findings
            // (a finding names the version it needs) and of the schemas.
            "crate::api::profile",
            "crate::api::provider",
            "crate::api::changes",
            "crate::api::source_kind",
        ],
    ),
    (
        "2. documents: reading, spans, schemas, masking",
        &[
            "crate::document",
            "crate::load",
            "crate::schema",
            "crate::string_span",
            "crate::secrets",
        ],
    ),
    ("3. what the API is", &["crate::api"]),
    ("4. the rule frame", &["crate::rule"]),
    ("5. the rules", &["crate::rules"]),
    (
        "6. settings, pages, the readers, lint and fix",
        &[
            "crate::settings",
            "crate::page",
            "crate::terraform",
            "crate::lint",
            "crate::fix",
            "crate",
        ],
    ),
];

/// The index in [`LAYERS`] of a module's layer: its longest entry.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, (_, entries))| entries.iter().map(move |entry| (layer, *entry)))
        .filter(|(_, entry)| {
            // The root is an entry of its own, not a folder of everything.
            module == *entry || (*entry != "crate" && module.starts_with(&format!("{entry}::")))
        })
        .max_by_key(|(_, entry)| entry.len())
        .map(|(layer, _)| layer)
}

/// `from -> to (layer -> layer)` for every import of a higher layer, and every module
/// the table places nowhere.
fn layering_breaks(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, targets) in graph {
        let Some(low) = layer_of(from) else {
            found.push(format!("{from} is in no layer of LAYERS"));
            continue;
        };
        for to in targets {
            match layer_of(to) {
                Some(high) if high > low => found.push(format!(
                    "{from} -> {to} (layer \"{}\" imports layer \"{}\")",
                    LAYERS[low].0, LAYERS[high].0
                )),
                _ => {}
            }
        }
    }
    found
}

#[test]
fn no_module_of_the_core_imports_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&read_sources(&src));
    assert!(
        graph.len() > 100,
        "the scan found too few modules: {graph:#?}"
    );
    let breaks = layering_breaks(&graph);
    assert!(
        breaks.is_empty(),
        "modules of the core import a layer above their own (move what the lower one needs \
         down, or pass it in; the layers are LAYERS in this file):\n{}",
        breaks.join("\n")
    );
}

#[test]
fn the_layer_check_names_an_upward_import() {
    let mut graph = Graph::new();
    graph
        .entry("crate::document".to_owned())
        .or_default()
        .insert("crate::rules::pipe::name_format".to_owned());
    graph
        .entry("crate::rules::pipe::name_format".to_owned())
        .or_default()
        .extend([
            "crate::document".to_owned(),
            "crate::api::sources".to_owned(),
        ]);
    graph.entry("crate::nowhere".to_owned()).or_default();
    let breaks = layering_breaks(&graph);
    assert_eq!(breaks.len(), 2, "{breaks:#?}");
    assert!(breaks[0].starts_with("crate::document -> crate::rules::pipe::name_format"));
    assert_eq!(breaks[1], "crate::nowhere is in no layer of LAYERS");
    // The longest entry decides: `api/changes` sits below documents, the rest of `api/` above.
    assert_eq!(layer_of("crate::api::changes::stack"), Some(0));
    assert_eq!(layer_of("crate::api::sources"), Some(2));
    assert_eq!(layer_of("crate"), Some(5));
}

#[test]
fn the_scan_reads_every_way_of_naming_a_module() {
    let sources: Sources = [
        (
            "crate",
            "//! The root.\npub use low::Thing;\nmod low;\nmod mid;\nmod top;\nmod cut;\n",
        ),
        // Comments and strings do not count (nor a path to the module itself).
        (
            "crate::low",
            "// crate::top\nfn f() { let _ = \"crate::top::x\"; crate::Thing::new(); }\n",
        ),
        // A `use` tree, with nested braces, a rename and `self`.
        (
            "crate::mid",
            "use crate::{low::{self, Thing as T}, mid::inner};\nmod inner;\n",
        ),
        ("crate::mid::inner", "use super::super::top::*;\n"),
        // A name the root re-exports points at its module; test items are left out.
        (
            "crate::top",
            concat!(
                "fn g() { crate::Thing::new() }\n",
                "#[cfg(test)]\nmod tests { use crate::mid; }\n",
                "#[cfg(test)]\nuse crate::cut;\n",
                "#[cfg(test)]\npub(crate) mod helpers;\n",
            ),
        ),
        // A module declared for tests only is a test as a whole.
        ("crate::top::helpers", "use crate::mid::inner;\n"),
        ("crate::cut", "fn f() -> char { '{' }\nuse self::x;\n"),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_owned(), t.to_owned()))
    .collect();
    let graph = graph(&sources);
    let edges: Vec<String> = graph
        .iter()
        .flat_map(|(from, to)| to.iter().map(move |to| format!("{from} -> {to}")))
        .collect();
    assert_eq!(
        edges,
        [
            "crate -> crate::low",
            "crate::mid -> crate::low",
            "crate::mid -> crate::mid::inner",
            "crate::mid::inner -> crate::top",
            "crate::top -> crate::low",
        ]
    );
    assert!(circles(&graph).is_empty());

    let mut with_circle = graph.clone();
    with_circle
        .entry("crate::low".to_owned())
        .or_default()
        .insert("crate::mid::inner".to_owned());
    assert_eq!(
        circles(&with_circle),
        ["crate::low -> crate::mid::inner -> crate::top -> crate::low"]
    );
}
