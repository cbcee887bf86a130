//! The top-level `schemas/` is the one source of truth. A published crate cannot reach
//! outside its own folder, so each crate that embeds a schema carries a copy in its own
//! `schemas/` (the core: the document kinds; the CLI: the config schema). This test keeps the
//! copies byte-identical to the originals and makes sure every original is carried.
//! After editing `schemas/`, refresh the copies with
//! `PIPELINT_BLESS=1 cargo test -p pipelint-core --test schema_copies`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `*.schema.json` file names in a folder, sorted.
fn schema_names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .expect("a schemas folder")
        .map(|entry| {
            let name = entry.expect("a readable entry").file_name();
            name.into_string().expect("a UTF-8 file name")
        })
        .filter(|name| name.ends_with(".schema.json"))
        .collect()
}

#[test]
fn crate_copies_match_the_top_level_schemas() {
    let root = repo_root();
    let originals = root.join("schemas");
    let bless = std::env::var_os("PIPELINT_BLESS").is_some();
    let mut carried = BTreeSet::new();
    let mut stale = Vec::new();
    for crate_dir in ["crates/pipelint-core", "crates/pipelint"] {
        let copies = root.join(crate_dir).join("schemas");
        for name in schema_names(&copies) {
            let original = std::fs::read(originals.join(&name))
                .unwrap_or_else(|e| panic!("{crate_dir}/schemas/{name} has no original: {e}"));
            let copy = copies.join(&name);
            if std::fs::read(&copy).expect("a readable copy") != original {
                if bless {
                    std::fs::write(&copy, &original).expect("a writable copy");
                } else {
                    stale.push(format!("{crate_dir}/schemas/{name}"));
                }
            }
            carried.insert(name);
        }
    }
    assert!(
        stale.is_empty(),
        "copies differ from schemas/ (refresh with PIPELINT_BLESS=1 cargo test -p pipelint-core --test schema_copies): {stale:?}"
    );
    let missing: Vec<String> = schema_names(&originals)
        .difference(&carried)
        .cloned()
        .collect();
    assert!(
        missing.is_empty(),
        "schemas/ files no crate carries (copy them into the crate that embeds them): {missing:?}"
    );
}
