//! The configuration a Terraform plan was made from, read so that the plan's findings land on
//! the `.tf` lines: the `.tf` and `.tf.json` files of the root module's directory
//! (`--plan-source DIR`; by default the plan file's directory, else the current one, when it
//! holds any), and of each
//! module the plan's configuration calls by a local path (`./modules/pipes`). Only regular
//! files within the size limit are read; symbolic links are not followed.

use std::path::{Path, PathBuf};

use pipelint_core::PlanSource;

use crate::read::{self, Links, terraform_files};

/// The root module's directory of a plan: `given` (relative to `cwd`), else the first of
/// the plan file's directory (`plan_dir`, none for stdin) and `cwd` that holds a Terraform
/// file; `None` when none does (the findings stay on the plan's text).
pub fn source_dir(given: Option<&Path>, plan_dir: Option<&Path>, cwd: &Path) -> Option<PathBuf> {
    if let Some(dir) = given {
        return Some(cwd.join(dir));
    }
    plan_dir
        .map(|dir| cwd.join(dir))
        .into_iter()
        .chain([cwd.to_path_buf()])
        .find(|dir| !terraform_files(dir).is_empty())
}

/// The configuration's files for the plan `bytes`, with the root module in `root`, each
/// with its path. A module directory the plan names is read only inside `tree` (the
/// directory pipelint runs in) or `root`, after symbolic links are resolved: the plan is
/// input, and a path in it (`../../../etc`) is no place to read from. A module left unread
/// keeps its findings on the plan's text, as a registry module does.
pub fn sources(root: &Path, tree: &Path, bytes: &[u8], limit: u64) -> Vec<(PathBuf, PlanSource)> {
    let mut out = Vec::new();
    read_module(root, "", limit, &mut out);
    let fences: Vec<PathBuf> = [tree, root]
        .iter()
        .filter_map(|dir| dir.canonicalize().ok())
        .collect();
    for (module, relative) in pipelint_core::plan_module_dirs(bytes) {
        let dir = root.join(relative);
        let inside = dir
            .canonicalize()
            .is_ok_and(|dir| fences.iter().any(|fence| dir.starts_with(fence)));
        if inside {
            read_module(&dir, &module, limit, &mut out);
        }
    }
    out
}

fn read_module(dir: &Path, module: &str, limit: u64, out: &mut Vec<(PathBuf, PlanSource)>) {
    for path in terraform_files(dir) {
        let Ok(bytes) = read::read_regular(&path, limit, Links::Refuse) else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        out.push((
            path,
            PlanSource {
                module: module.to_owned(),
                name,
                text,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan whose root module calls `./pipes` and `../outside`.
    const PLAN: &str = r#"{"format_version": "1.2", "terraform_version": "1.9.0",
        "configuration": {"root_module": {"module_calls": {
            "pipes": {"source": "./pipes", "module": {}},
            "away": {"source": "../outside", "module": {}}}}}}"#;

    #[test]
    fn a_module_the_plan_places_outside_the_tree_is_not_read() {
        let base = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let write = |path: &str| {
            let path = base.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap_or(base.path()))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(path, "# a module\n").unwrap_or_else(|e| panic!("{e}"));
        };
        write("tree/root/main.tf");
        write("tree/root/pipes/main.tf");
        write("tree/outside/main.tf");
        let root = base.path().join("tree/root");
        let modules = |tree: &Path| -> Vec<String> {
            let mut found: Vec<String> = sources(&root, tree, PLAN.as_bytes(), 1 << 20)
                .into_iter()
                .map(|(_, source)| source.module)
                .collect();
            found.sort();
            found
        };
        // From the root module's directory, `../outside` is outside: not read.
        assert_eq!(modules(&root), ["", "module.pipes"]);
        // Run from the directory above, it is inside the tree.
        assert_eq!(
            modules(&base.path().join("tree")),
            ["", "module.away", "module.pipes"]
        );
    }
}
