//! Path arithmetic without touching the file system: absolute forms, display names and
//! the `/`-separated relative forms that globs are matched against.

use std::path::{Component, Path, PathBuf};

/// `path` made absolute against `cwd`, with `.` and `..` resolved lexically. Symlinks are
/// not followed, so the same spelling always gives the same result.
pub fn absolute(cwd: &Path, path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    normalize(&joined)
}

/// Resolves `.` and `..` components lexically.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` below `base` as a `/`-separated string, or `None` when it is not below it.
pub fn relative_slash(base: &Path, path: &Path) -> Option<String> {
    path.strip_prefix(base).ok().map(slashed)
}

/// The path with `/` separators on every platform.
pub fn slashed(path: &Path) -> String {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            Component::ParentDir => Some("..".to_owned()),
            Component::RootDir | Component::Prefix(_) | Component::CurDir => None,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The name shown in findings: relative to the working directory when the file is below
/// it (so `check .`, `check pipes/x.pipe.json` and `--stdin-filename pipes/x.pipe.json`
/// all say `pipes/x.pipe.json`), otherwise the absolute path.
pub fn display_name(cwd: &Path, path: &Path) -> String {
    let absolute = absolute(cwd, path);
    match relative_slash(cwd, &absolute) {
        Some(relative) if !relative.is_empty() => relative,
        _ => absolute.to_string_lossy().replace('\\', "/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_agree_for_every_spelling() {
        let cwd = Path::new("/repo");
        for spelling in [
            "pipes/a.pipe.json",
            "./pipes/a.pipe.json",
            "pipes/../pipes/a.pipe.json",
            "/repo/pipes/a.pipe.json",
        ] {
            assert_eq!(
                display_name(cwd, Path::new(spelling)),
                "pipes/a.pipe.json",
                "{spelling}"
            );
        }
        assert_eq!(display_name(cwd, Path::new("../x.json")), "/x.json");
    }

    #[test]
    fn relative_forms_use_slashes_and_need_a_prefix() {
        let base = Path::new("/repo/sub");
        assert_eq!(
            relative_slash(base, Path::new("/repo/sub/a/b.json")).as_deref(),
            Some("a/b.json")
        );
        assert_eq!(relative_slash(base, Path::new("/repo/other.json")), None);
    }
}
