//! Writing files whole or not at all: the output file (`--output-file`) and the fixed
//! files of `--fix`, each written to a temporary file beside it and renamed onto it.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::files;

/// Where findings go: stdout, or a temporary file beside the target renamed into place at
/// the end, so a failed run never leaves half a file (dropped unfinished, it is removed).
pub(super) enum Sink {
    /// Buffered: Rust's stdout flushes at every line break, and a pretty-printed report has
    /// one every few bytes (a system call each).
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
    /// For `--fix -`, whose stdout is the fixed text.
    Stderr(std::io::BufWriter<std::io::StderrLock<'static>>),
    File {
        target: PathBuf,
        file: std::io::BufWriter<std::fs::File>,
        /// Removes the temporary file when dropped.
        temporary: tempfile::TempPath,
    },
}

impl Sink {
    /// Stderr, for `--fix -`, whose stdout is the fixed text.
    pub(super) fn stderr() -> Sink {
        Sink::Stderr(std::io::BufWriter::new(std::io::stderr().lock()))
    }

    pub(super) fn open(output_file: Option<&Path>) -> Result<Sink, String> {
        let Some(target) = output_file else {
            return Ok(Sink::Stdout(std::io::BufWriter::new(
                std::io::stdout().lock(),
            )));
        };
        Sink::file(target).map_err(|e| format!("--output-file {}: {e}", target.display()))
    }

    /// A temporary file beside `target`, renamed onto it by `finish`.
    fn file(target: &Path) -> std::io::Result<Sink> {
        let (file, temporary) = files::temp_file_beside(target)?.into_parts();
        Ok(Sink::File {
            target: target.to_path_buf(),
            file: std::io::BufWriter::new(file),
            temporary,
        })
    }

    pub(super) fn finish(self) -> Result<(), String> {
        let what = match &self {
            Sink::File { target, .. } => format!("--output-file {}", target.display()),
            _ => "cannot write the findings".to_owned(),
        };
        self.finish_checked(|_| Ok(()))
            .map_err(|e| format!("{what}: {e}"))
    }

    /// Flushes; a file is synced, passed to `before_rename` (which may refuse) and renamed
    /// onto its target. On every error the temporary file is removed.
    fn finish_checked(
        self,
        before_rename: impl FnOnce(&std::fs::File) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match self {
            Sink::Stdout(mut stdout) => stdout.flush(),
            Sink::Stderr(mut stderr) => stderr.flush(),
            Sink::File {
                target,
                file,
                temporary,
            } => {
                // On every error `temporary` is dropped, which removes the file.
                let file = file.into_inner().map_err(|e| e.into_error())?;
                file.sync_all()?;
                before_rename(&file)?;
                temporary.persist(&target).map_err(|e| e.error)
            }
        }
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(stdout) => stdout.write(bytes),
            Sink::Stderr(stderr) => stderr.write(bytes),
            Sink::File { file, .. } => file.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(stdout) => stdout.flush(),
            Sink::Stderr(stderr) => stderr.flush(),
            Sink::File { file, .. } => file.flush(),
        }
    }
}

/// Replaces `path`'s content with `fixed` atomically: a temporary file beside it (with
/// its permissions) renamed onto it, unless its content is no longer `read`.
pub(super) fn write_fixed(path: &Path, read: &[u8], fixed: &[u8]) -> Result<(), String> {
    // Through a link, the file it points to is fixed and the link stays.
    let path = path
        .canonicalize()
        .map_err(|e| format!("cannot write the fixes: {e}"))?;
    let original = std::fs::metadata(&path).map_err(|e| format!("cannot write the fixes: {e}"))?;
    let permissions = original.permissions();
    // The rename would replace a file that may not be written (as root, too): refused, as
    // tools that write in place are refused.
    let writable = !permissions.readonly()
        && match std::fs::OpenOptions::new().write(true).open(&path) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => false,
            Err(e) => return Err(format!("cannot write the fixes: {e}")),
        };
    if !writable {
        return Err("read-only, not fixed (make it writable to apply its fixes)".into());
    }
    write_unless_changed(&path, read, fixed, &original, || std::fs::read(&path))
}

/// The write of `write_fixed`: the new file gets the `original`'s owner, group and mode;
/// `current` reads the file right before the rename (tests change the file there).
fn write_unless_changed(
    path: &Path,
    read: &[u8],
    fixed: &[u8],
    original: &std::fs::Metadata,
    current: impl FnOnce() -> std::io::Result<Vec<u8>>,
) -> Result<(), String> {
    let mut sink = Sink::file(path).map_err(|e| format!("cannot write the fixes: {e}"))?;
    let changed = std::sync::atomic::AtomicBool::new(false);
    sink.write_all(fixed)
        .and_then(|()| {
            sink.finish_checked(|file| {
                // The owner first: changing it may clear the set-id bits of the mode.
                keep_owner(file, original)?;
                file.set_permissions(original.permissions())?;
                // Content, not the modification time: a save within the clock's
                // granularity, or a tool that restores times, would go unseen.
                if current()? != read {
                    changed.store(true, std::sync::atomic::Ordering::Relaxed);
                    return Err(std::io::Error::other("changed"));
                }
                Ok(())
            })
        })
        .map_err(|e| {
            if changed.load(std::sync::atomic::Ordering::Relaxed) {
                "the file changed on disk while it was being fixed; nothing was written (run again)"
                    .to_owned()
            } else {
                format!("cannot write the fixes: {e}")
            }
        })
}

/// The new file belongs to whoever runs pipelint (root, in a container or under `sudo`):
/// it is given the original's owner and group, or the fix is not written.
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, original: &std::fs::Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let now = file.metadata()?;
    if (now.uid(), now.gid()) == (original.uid(), original.gid()) {
        return Ok(());
    }
    std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!("cannot give the fixed file its owner and group back ({e})"),
        )
    })
}

#[cfg(not(unix))]
fn keep_owner(_: &std::fs::File, _: &std::fs::Metadata) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|entry| {
                let entry = entry.unwrap_or_else(|e| panic!("{e}"));
                entry.file_name().to_string_lossy().into_owned()
            })
            .collect();
        names.sort();
        names
    }

    fn open(target: &Path) -> Sink {
        Sink::open(Some(target)).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_output_file_is_written_whole_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        sink.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names_in(dir.path()), ["out.json"]);
        assert_eq!(std::fs::read(&target).unwrap(), b"[]\n");
    }

    /// What `?` does when writing the findings fails (a full disk): the sink is dropped
    /// unfinished. The command-line test with `ulimit -f` makes a real write fail.
    #[test]
    fn an_unfinished_output_file_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("out.json"), "old\n").unwrap_or_else(|e| panic!("{e}"));
        let mut sink = open(&dir.path().join("out.json"));
        sink.write_all(b"half of the fin")
            .unwrap_or_else(|e| panic!("{e}"));
        drop(sink);
        assert_eq!(names_in(dir.path()), ["out.json"]);
        assert_eq!(
            std::fs::read(dir.path().join("out.json")).unwrap(),
            b"old\n"
        );
    }

    #[test]
    fn a_failed_rename_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        // A directory that is not empty cannot be replaced by a file.
        let target = dir.path().join("out");
        std::fs::create_dir_all(target.join("inside")).unwrap_or_else(|e| panic!("{e}"));
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(sink.finish().is_err());
        assert_eq!(names_in(dir.path()), ["out"]);
    }

    #[test]
    fn temporary_names_differ_from_run_to_run() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        // Two at once in one process: a name made from the process id would be shared.
        let first = open(&target);
        let second = open(&target);
        assert_eq!(names_in(dir.path()).len(), 2);
        drop((first, second));
        assert!(names_in(dir.path()).is_empty());
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("p.json");
        std::fs::write(&target, "as read\n").unwrap_or_else(|e| panic!("{e}"));
        let original = std::fs::metadata(&target).unwrap_or_else(|e| panic!("{e}"));
        // The editor saves between the read and the rename.
        let outcome = write_unless_changed(&target, b"as read\n", b"fixed\n", &original, || {
            std::fs::write(&target, "edited\n")?;
            std::fs::read(&target)
        });
        assert!(
            outcome
                .as_ref()
                .is_err_and(|e| e.contains("changed on disk")),
            "{outcome:?}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"edited\n");
        assert_eq!(names_in(dir.path()), ["p.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn an_unchanged_file_is_replaced_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("p.json");
        std::fs::write(&target, "as read\n").unwrap_or_else(|e| panic!("{e}"));
        let mode = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(&target, mode).unwrap_or_else(|e| panic!("{e}"));
        let original = std::fs::metadata(&target).unwrap_or_else(|e| panic!("{e}"));
        write_unless_changed(&target, b"as read\n", b"fixed\n", &original, || {
            std::fs::read(&target)
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&target).unwrap(), b"fixed\n");
        let now = std::fs::metadata(&target).map(|m| m.permissions().mode());
        assert_eq!(now.unwrap() & 0o777, 0o640);
        assert_eq!(names_in(dir.path()), ["p.json"]);
    }

    /// Run as root (containers, CI, `sudo`), the fixed file is handed back to its owner and
    /// group: the rename puts a new file, root's, in its place. Only root may give a file
    /// away, so the test needs root (the project's machines run as root).
    #[cfg(unix)]
    #[test]
    fn a_file_fixed_as_root_keeps_its_owner_group_and_mode() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("p.json");
        std::fs::write(&target, "as read\n").unwrap_or_else(|e| panic!("{e}"));
        let me = std::fs::metadata(&target).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(me.uid(), 0, "this test must run as root");
        std::os::unix::fs::chown(&target, Some(4242), Some(4343)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640))
            .unwrap_or_else(|e| panic!("{e}"));
        write_fixed(&target, b"as read\n", b"fixed\n").unwrap_or_else(|e| panic!("{e}"));
        let now = std::fs::metadata(&target).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&target).unwrap(), b"fixed\n");
        assert_eq!((now.uid(), now.gid()), (4242, 4343));
        assert_eq!(now.permissions().mode() & 0o7777, 0o640);
        assert_eq!(names_in(dir.path()), ["p.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep\n").unwrap_or_else(|e| panic!("{e}"));
        // The name the temporary file used to have, known in advance from the process id.
        let planted = dir
            .path()
            .join(format!("out.json.pipelint-{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("out.json");
        let mut sink = open(&target);
        sink.write_all(b"[]\n").unwrap_or_else(|e| panic!("{e}"));
        sink.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep\n");
        assert_eq!(std::fs::read(&target).unwrap(), b"[]\n");
        assert!(!target.is_symlink());
    }
}
