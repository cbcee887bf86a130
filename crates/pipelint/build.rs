//! Puts the commit pipelint is built from into `pipelint --version`
//! (`pipelint 0.1.0 (a1b2c3d 2026-12-05)`), so a rebuilt clone can be told from the old build:
//! every build of a clone has the same version number. Outside a git checkout (a published
//! crate, an sdist) the version is shown alone; `PIPELINT_BUILD_COMMIT` names the commit
//! where git cannot (`a1b2c3d 2026-12-05`, or empty for none).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PIPELINT_BUILD_COMMIT");
    let version = env!("CARGO_PKG_VERSION");
    let commit = match std::env::var("PIPELINT_BUILD_COMMIT") {
        Ok(given) => Some(given).filter(|c| !c.is_empty()),
        Err(_) => git_commit(),
    };
    let long = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_owned(),
    };
    println!("cargo:rustc-env=PIPELINT_VERSION={long}");
}

/// `a1b2c3d 2026-12-05`: HEAD's short hash and commit date; `None` without git or a
/// repository. Asks cargo to run this again when HEAD moves (a commit, a checkout, a pull).
fn git_commit() -> Option<String> {
    let hash = git(&["rev-parse", "--short=7", "HEAD"])?;
    let date = git(&["log", "-1", "--format=%cs", "HEAD"])?;
    let git_dir = PathBuf::from(git(&["rev-parse", "--absolute-git-dir"])?);
    let common = git(&["rev-parse", "--path-format=absolute", "--git-common-dir"])
        .map_or_else(|| git_dir.clone(), PathBuf::from);
    println!("cargo:rerun-if-changed={}", git_dir.join("HEAD").display());
    println!(
        "cargo:rerun-if-changed={}",
        common.join("packed-refs").display()
    );
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        println!("cargo:rerun-if-changed={}", common.join(branch).display());
    }
    Some(format!("{hash} {date}"))
}

/// The trimmed output of a git command run in this crate's directory, if it succeeds.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}
