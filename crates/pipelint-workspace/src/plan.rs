//! The configuration a Terraform plan was made from, read so that the plan's findings land on
//! the `.tf` lines: the `.tf` and `.tf.json` files of the root module's directory
//! (`--plan-source DIR`; by default the plan file's directory, else the current one, when it
//! holds any), and of each
//! module the plan's configuration calls by a local path (`./modules/pipes`). Only regular
//! files within the size limit are read; symbolic links are not followed.

use std::path::{Path, PathBuf};

use pipelint_core::{DocumentKind, PlanSource};

use crate::read::{self, Links};

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
/// with its path.
pub fn sources(root: &Path, bytes: &[u8], limit: u64) -> Vec<(PathBuf, PlanSource)> {
    let mut out = Vec::new();
    read_module(root, "", limit, &mut out);
    for (module, relative) in pipelint_core::plan_module_dirs(bytes) {
        read_module(&root.join(relative), &module, limit, &mut out);
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

/// The Terraform files of a directory (`*.tf`, `*.tf.json`, any case), sorted.
fn terraform_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .and_then(DocumentKind::from_file_name)
                == Some(DocumentKind::Terraform)
        })
        .map(|entry| entry.path())
        .collect();
    files.sort();
    files
}
