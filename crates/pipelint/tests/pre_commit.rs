//! End to end with the real pre-commit: it is installed from PyPI into a fresh virtualenv,
//! this checkout (uncommitted changes included) becomes the hook repository, and a
//! throwaway git repository commits a good and a bad pipe spec through the hook. The user
//! guide's `repo: local` configurations (`docs/pre-commit.md`, the recipes for before the
//! release; README shows one of them) are run as written.
//!
//! Needs python3 with venv, git and the network to PyPI (and crates.io for the `language:
//! rust` build), so the tests are ignored by default; `.ci/run` runs them with
//! `cargo test -p pipelint --test pre_commit -- --ignored`. The `language: python` hook
//! installs the pipelint wheel from the folder `PIPELINT_WHEEL_DIR` names (`.ci/run` builds
//! it with maturin), as pip would from PyPI.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

mod common;

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use common::{BAD_PIPE, GOOD_PIPE, repo_root};
use tempfile::TempDir;

/// The pre-commit release the test installs.
const PRE_COMMIT: &str = "pre-commit==4.7.0";

/// Runs a command and returns its output, failing the test when it cannot start.
fn output(command: &mut Command) -> Output {
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

/// Runs a command that must succeed.
fn ok(command: &mut Command) -> Output {
    let out = output(command);
    assert!(
        out.status.success(),
        "{command:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A command for git or pre-commit: no user or system git config and a fixed identity,
/// whatever the machine has.
fn tool(program: impl AsRef<OsStr>, dir: &Path) -> Command {
    let mut command = Command::new(program);
    command
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_NAME", "pipelint test")
        .env("GIT_AUTHOR_EMAIL", "test@example.invalid")
        .env("GIT_COMMITTER_NAME", "pipelint test")
        .env("GIT_COMMITTER_EMAIL", "test@example.invalid")
        // When the tests themselves run inside a git hook, these would point elsewhere.
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE");
    command
}

fn git(dir: &Path) -> Command {
    tool("git", dir)
}

/// The `pre-commit` executable of a fresh virtualenv, made once per test process.
fn pre_commit() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pre-commit-venv");
        let _ = std::fs::remove_dir_all(&venv);
        ok(Command::new("python3").arg("-m").arg("venv").arg(&venv));
        ok(Command::new(venv.join("bin/pip")).args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            PRE_COMMIT,
        ]));
        venv.join("bin/pre-commit")
    })
}

/// Copies the tracked and untracked-but-not-ignored files of this checkout into a new
/// repository and commits them, like `pre-commit try-repo` does; returns the commit.
fn snapshot_checkout(dest: &Path) -> String {
    let root = repo_root();
    let listed = ok(git(&root).args(["ls-files", "-z", "-co", "--exclude-standard"]));
    for name in listed.stdout.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name).into_owned();
        let from = root.join(&name);
        if !from.is_file() {
            continue; // deleted in the work tree
        }
        let to = dest.join(&name);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    ok(git(dest).args(["init", "--quiet"]));
    ok(git(dest).args(["add", "--all"]));
    ok(git(dest).args(["commit", "--quiet", "--message", "snapshot"]));
    let head = ok(git(dest).args(["rev-parse", "HEAD"]));
    String::from_utf8_lossy(&head.stdout).trim().to_owned()
}

/// A throwaway repository whose commits go through one hook of this checkout.
struct Project {
    _temp: TempDir,
    dir: PathBuf,
    home: PathBuf,
    path_prefix: Option<PathBuf>,
    /// Extra environment of git and pre-commit (and so of the hook's installation).
    env: Vec<(&'static str, OsString)>,
}

impl Project {
    fn new(hook: &str, path_prefix: Option<PathBuf>) -> Project {
        Project::with_env(hook, path_prefix, Vec::new())
    }

    fn with_env(
        hook: &str,
        path_prefix: Option<PathBuf>,
        env: Vec<(&'static str, OsString)>,
    ) -> Project {
        let temp = tempfile::tempdir().unwrap();
        let hooks = temp.path().join("hook-repo");
        std::fs::create_dir_all(&hooks).unwrap();
        let rev = snapshot_checkout(&hooks);
        let config = format!(
            "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: {hook}\n",
            hooks.display()
        );
        Project::with_config(temp, &config, path_prefix, env)
    }

    /// A project whose `.pre-commit-config.yaml` is `config` (in `temp`), with the hooks
    /// installed in git.
    fn with_config(
        temp: TempDir,
        config: &str,
        path_prefix: Option<PathBuf>,
        env: Vec<(&'static str, OsString)>,
    ) -> Project {
        let dir = temp.path().join("project");
        let home = temp.path().join("pre-commit-home");
        std::fs::create_dir_all(&dir).unwrap();
        ok(git(&dir).args(["init", "--quiet"]));
        std::fs::write(dir.join(".pre-commit-config.yaml"), config).unwrap();
        let project = Project {
            _temp: temp,
            dir,
            home,
            path_prefix,
            env,
        };
        ok(project.command(pre_commit()).arg("install"));
        project
    }

    /// A command in the project with the test's git and pre-commit environment.
    fn command(&self, program: impl AsRef<OsStr>) -> Command {
        let mut command = tool(program, &self.dir);
        command
            .env("PRE_COMMIT_HOME", &self.home)
            // Reuse compiled dependencies between runs of this test.
            .env(
                "CARGO_TARGET_DIR",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("pre-commit-cargo"),
            );
        if let Some(prefix) = &self.path_prefix {
            let path = std::env::var_os("PATH").unwrap_or_default();
            let dirs = std::iter::once(prefix.clone()).chain(std::env::split_paths(&path));
            let joined = std::env::join_paths(dirs).unwrap();
            command.env("PATH", joined);
        }
        command.envs(self.env.iter().map(|(key, value)| (key, value)));
        command
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, text).unwrap();
    }

    /// Stages everything and commits through the hook; returns the outcome.
    fn commit(&self, message: &str, extra: &[&str]) -> Output {
        ok(self.command("git").args(["add", "--all"]));
        output(
            self.command("git")
                .args(["commit", "--quiet", "--message", message])
                .args(extra),
        )
    }

    fn commits(&self) -> usize {
        let out = ok(self
            .command(Path::new("git"))
            .args(["rev-list", "--count", "HEAD"]));
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .unwrap_or(0)
    }
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The good commit passes, the bad one is refused, and only changed files are checked.
fn good_passes_bad_is_refused(project: &Project) {
    project.write("pipes/orders.pipe.json", GOOD_PIPE);
    // Other JSON is passed to the hook too and must not count (no kind, no finding).
    project.write("web/package.json", "{\"name\": \"web\"}");
    let good = project.commit("good spec", &[]);
    assert!(
        good.status.success(),
        "good commit refused:\n{}",
        text(&good)
    );
    assert_eq!(project.commits(), 1);

    project.write("pipes/broken.pipe.json", BAD_PIPE);
    let bad = project.commit("bad spec", &[]);
    assert!(
        !bad.status.success(),
        "bad commit accepted:\n{}",
        text(&bad)
    );
    let said = text(&bad);
    assert!(said.contains("PL011(invalid-enum-value)"), "{said}");
    assert!(said.contains("pipes/broken.pipe.json"), "{said}");
    assert_eq!(project.commits(), 1, "the refused commit was made");

    // Committed past the hook, the bad spec stays in the tree; the next commit changes only
    // the good one, and passes because pre-commit hands the hook the changed files only.
    let forced = project.commit("bad spec, hook skipped", &["--no-verify"]);
    assert!(forced.status.success(), "{}", text(&forced));
    project.write(
        "pipes/orders.pipe.json",
        &GOOD_PIPE.replace("app-logs", "app-log"),
    );
    let next = project.commit("change the good spec", &[]);
    assert!(next.status.success(), "{}", text(&next));
    assert_eq!(project.commits(), 3);
}

#[test]
#[ignore = "installs pre-commit from PyPI and builds pipelint with cargo install; .ci/run runs it"]
fn pre_commit_rust_hook_builds_from_source_and_refuses_a_bad_spec() {
    let project = Project::new("pipelint-from-source", None);
    good_passes_bad_is_refused(&project);
}

/// The folder of the pipelint wheel (`PIPELINT_WHEEL_DIR`, which `.ci/run` sets).
fn wheel_dir() -> OsString {
    std::env::var_os("PIPELINT_WHEEL_DIR").unwrap_or_else(|| {
        panic!("set PIPELINT_WHEEL_DIR to a folder holding the pipelint wheel (maturin build)")
    })
}

/// A folder whose `cargo`, `rustc` and `rustup` fail loudly: put first on `PATH`, it proves
/// that a hook compiles nothing.
fn no_cargo() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["cargo", "rustc", "rustup"] {
        let stub = dir.path().join(name);
        std::fs::write(&stub, "#!/bin/sh\necho \"$0 must not run\" >&2\nexit 97\n").unwrap();
        make_executable(&stub);
    }
    dir
}

/// The `pipelint` script of the one virtualenv pre-commit made for a `language: python` hook.
fn installed_console_script(home: &Path) -> String {
    let installed: Vec<PathBuf> = std::fs::read_dir(home)
        .unwrap()
        .flatten()
        .flat_map(|repo| {
            std::fs::read_dir(repo.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("py_env-"))
        })
        .collect();
    let [env] = installed.as_slice() else {
        panic!("expected one py_env in {}: {installed:?}", home.display());
    };
    std::fs::read_to_string(env.join("bin/pipelint")).unwrap()
}

/// The `pipelint` hook is `language: python`: pre-commit pip-installs the repository root,
/// whose only dependency is the pipelint wheel; the wheel comes from `PIPELINT_WHEEL_DIR`
/// (pip's `--find-links`), as it would come from PyPI. Nothing is compiled: cargo is not on
/// the hook's PATH.
#[test]
#[ignore = "installs pre-commit and the pipelint wheel; .ci/run builds the wheel and runs it"]
fn pre_commit_python_hook_installs_the_wheel_and_refuses_a_bad_spec() {
    let no_cargo = no_cargo();
    let project = Project::with_env(
        "pipelint",
        Some(no_cargo.path().to_path_buf()),
        vec![
            ("PIP_FIND_LINKS", wheel_dir()),
            ("PIP_DISABLE_PIP_VERSION_CHECK", "1".into()),
        ],
    );
    good_passes_bad_is_refused(&project);

    // The hook runs the console script of the wheel installed in pre-commit's virtualenv.
    let script = installed_console_script(&project.home);
    assert!(
        script.contains("from pipelint._cli import main"),
        "{script}"
    );
}

/// The `.pre-commit-config.yaml` blocks of a Markdown text.
fn pre_commit_blocks(markdown: &str) -> Vec<&str> {
    markdown
        .split("```yaml\n")
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .filter(|block| block.starts_with("# .pre-commit-config.yaml\n"))
        .collect()
}

/// The guide's `.pre-commit-config.yaml` block for a `repo: local` hook of `language`, as
/// written there; exactly one.
fn guide_local_config(language: &str) -> String {
    let guide = std::fs::read_to_string(repo_root().join("docs/pre-commit.md")).unwrap();
    let blocks: Vec<&str> = pre_commit_blocks(&guide)
        .into_iter()
        .filter(|block| {
            block.contains("- repo: local\n") && block.contains(&format!("language: {language}\n"))
        })
        .collect();
    let [block] = blocks.as_slice() else {
        panic!(
            "docs/pre-commit.md has {} `repo: local` blocks with language: {language}",
            blocks.len()
        );
    };
    (*block).to_owned()
}

/// README's pre-commit configurations are copies of the guide's (which the ignored tests run
/// as written), and both give the install line with `PIP_FIND_LINKS` after `pre-commit clean`
/// (a rebuilt wheel of the same version is installed only into a new environment).
#[test]
fn readme_pre_commit_recipes_are_the_guides() {
    let read = |name: &str| std::fs::read_to_string(repo_root().join(name)).unwrap();
    let (readme, guide) = (read("README.md"), read("docs/pre-commit.md"));
    let in_readme = pre_commit_blocks(&readme);
    assert!(
        !in_readme.is_empty(),
        "README shows no pre-commit configuration"
    );
    let in_guide = pre_commit_blocks(&guide);
    for block in in_readme {
        assert!(
            in_guide.contains(&block),
            "not in docs/pre-commit.md:\n{block}"
        );
    }
    for (name, text) in [("README.md", &readme), ("docs/pre-commit.md", &guide)] {
        let install = text
            .find("\npre-commit clean\nPIP_FIND_LINKS=")
            .and_then(|at| text[at..].lines().nth(2))
            .unwrap_or_default();
        assert!(
            install.ends_with(" pre-commit install --install-hooks"),
            "{name} no longer reinstalls the local hook after `pre-commit clean`: {install:?}"
        );
    }
}

/// Before the release: the guide's `repo: local` hook with `language: python` installs the
/// wheel of a clone. As the guide says, `pre-commit install --install-hooks` runs once with
/// `PIP_FIND_LINKS` naming the wheel's folder; the commits after it run without it (and with no
/// cargo), on the virtualenv made then.
#[test]
#[ignore = "installs pre-commit and the pipelint wheel; .ci/run builds the wheel and runs it"]
fn pre_commit_guide_local_python_recipe_installs_the_built_wheel_once() {
    let guide = std::fs::read_to_string(repo_root().join("docs/pre-commit.md")).unwrap();
    assert!(
        guide.lines().any(|line| line.starts_with("PIP_FIND_LINKS=")
            && line.contains(" pre-commit install --install-hooks")),
        "the guide no longer installs the local hook with PIP_FIND_LINKS"
    );
    let no_cargo = no_cargo();
    let project = Project::with_config(
        tempfile::tempdir().unwrap(),
        &guide_local_config("python"),
        Some(no_cargo.path().to_path_buf()),
        vec![("PIP_DISABLE_PIP_VERSION_CHECK", "1".into())],
    );
    ok(project
        .command(pre_commit())
        .args(["install", "--install-hooks"])
        .env("PIP_FIND_LINKS", wheel_dir()));
    good_passes_bad_is_refused(&project);
    let script = installed_console_script(&project.home);
    assert!(
        script.contains("from pipelint._cli import main"),
        "{script}"
    );
}

/// Before the release: the guide's `repo: local` hook with `language: system` runs the `pipelint`
/// on `PATH` (here the one this test run built, as `cargo install` would put it there).
#[test]
#[ignore = "installs pre-commit from PyPI; .ci/run runs it"]
fn pre_commit_guide_local_system_recipe_uses_pipelint_on_path() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_pipelint"));
    let project = Project::with_config(
        tempfile::tempdir().unwrap(),
        &guide_local_config("system"),
        binary.parent().map(Path::to_path_buf),
        Vec::new(),
    );
    good_passes_bad_is_refused(&project);
}

#[cfg(unix)]
fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
#[ignore = "installs pre-commit from PyPI; .ci/run runs it"]
fn pre_commit_system_hook_uses_pipelint_on_path_and_refuses_a_bad_spec() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_pipelint"));
    let dir = binary.parent().map(Path::to_path_buf);
    let project = Project::new("pipelint-system", dir);
    good_passes_bad_is_refused(&project);
}

/// Many staged specs: `require_serial: true` makes pre-commit run pipelint once (pipelint
/// lints the files in parallel itself), so the hook prints one report with one summary line.
/// Without it pre-commit splits the files into one batch per CPU and prints each batch's
/// report, summary and all, one after another.
#[test]
#[ignore = "installs pre-commit from PyPI; .ci/run runs it"]
fn pre_commit_checks_many_files_in_one_run_with_one_summary() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_pipelint"));
    let project = Project::new("pipelint-system", binary.parent().map(Path::to_path_buf));
    let files = 24;
    for i in 0..files {
        project.write(&format!("pipes/p{i:02}.pipe.json"), BAD_PIPE);
    }
    let bad = project.commit("many bad specs", &[]);
    assert!(!bad.status.success(), "{}", text(&bad));
    let said = text(&bad);
    let summaries: Vec<&str> = said
        .lines()
        .filter(|line| line.contains(" errors, ") && line.contains(" warnings in "))
        .collect();
    assert_eq!(
        summaries,
        [format!(
            "{files} errors, {files} warnings in {files} of {files} files; {files} fixable with `--fix`"
        )],
        "{said}"
    );
}

/// The `rev` README and the guide pin must be the tag of this version (`.ci/release` makes it),
/// and the `pipelint` hook installs the wheel of this very version: their pins (and the action's
/// tag), the version `action.yml` installs, the root `pyproject.toml` (the hook's package) and
/// the workspace version move together.
#[test]
fn the_pinned_rev_and_the_python_pins_follow_the_workspace_version() {
    let version = env!("CARGO_PKG_VERSION");
    let read = |name: &str| {
        std::fs::read_to_string(repo_root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    // README and the guide's pages, as one text.
    let mut readme = read("README.md");
    for entry in std::fs::read_dir(repo_root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            readme.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let revs: Vec<&str> = readme
        .lines()
        .filter_map(|line| line.trim().strip_prefix("rev: "))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert!(!revs.is_empty(), "README pins no rev");
    assert!(
        revs.iter().all(|rev| *rev == format!("v{version}")),
        "{revs:?}"
    );

    // The action's tag in `uses:` (README), and the version the action installs by default.
    let actions: Vec<&str> = readme
        .split("uses: pipelint/pipelint@")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert!(!actions.is_empty(), "README uses no pipelint action");
    assert!(
        actions.iter().all(|tag| *tag == format!("v{version}")),
        "{actions:?}"
    );
    let action = read("action.yml");
    let default = action.split("\n  version:\n").nth(1).and_then(|input| {
        input
            .lines()
            .find_map(|l| l.trim().strip_prefix("default: "))
    });
    assert_eq!(
        default,
        Some(format!("\"{version}\"").as_str()),
        "action.yml"
    );

    // `pipelint==X` (pip), `pipelint@X` (uvx) and `pipelint-X` (a cache key).
    let without_actions = readme.replace("pipelint/pipelint@", "");
    let pins: Vec<&str> = ["pipelint==", "pipelint@", "key: pipelint-"]
        .iter()
        .flat_map(|prefix| without_actions.split(prefix).skip(1))
        .map(|rest| {
            rest.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .next()
                .unwrap_or_default()
                .trim_end_matches('.')
        })
        .collect();
    assert!(pins.len() >= 3, "README pins no version: {pins:?}");
    assert!(pins.iter().all(|pin| *pin == version), "{pins:?}");

    let pyproject = read("pyproject.toml");
    assert!(
        pyproject.contains(&format!("\nversion = \"{version}\"\n")),
        "{pyproject}"
    );
    assert!(
        pyproject.contains(&format!("\ndependencies = [\"pipelint=={version}\"]\n")),
        "{pyproject}"
    );
}
