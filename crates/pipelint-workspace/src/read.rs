//! Reading a file pipelint lints or needs beside it (a config, a paired pipe): a regular
//! file within a size limit, never a FIFO or device, and through a symbolic link only where
//! the caller says so.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use pipelint_core::DocumentKind;

/// The default size limit of an input (`--max-file-size`): API bodies are a few kilobytes.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// The size limit of the files pipelint reads besides its inputs (config and ignore files).
/// It is the default input limit whatever `--max-file-size` says: lowering that to pass over
/// large inputs must not make a long `.gitignore` or config unreadable.
pub const SIDE_FILE_LIMIT: u64 = DEFAULT_MAX_FILE_SIZE;

/// Whether a symbolic link at the path read is followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// For what the command line names.
    Follow,
    /// For what a walk found: the open itself refuses a link (no gap between look and read).
    Refuse,
}

/// Why a file was not read.
#[derive(Debug)]
pub enum Unread {
    /// A FIFO, socket, device or directory: reading it could block or never end.
    NotRegular,
    /// A symbolic link where links are refused.
    Link,
    /// Over the size limit: the size the file system reports, or `None` when only reading
    /// past the limit showed it (stdin, `/proc` files).
    TooLarge(Option<u64>),
    Failed(std::io::Error),
}

impl Unread {
    /// The reason, for `<path>: <reason>` messages.
    pub fn reason(&self, limit: u64) -> String {
        match self {
            Unread::NotRegular => {
                "not a regular file (a FIFO, socket or device is not read)".into()
            }
            Unread::Link => "a symbolic link, not followed here".into(),
            Unread::TooLarge(Some(size)) => {
                format!("{size} bytes, over the limit of {limit} bytes")
            }
            Unread::TooLarge(None) => {
                format!("more than the limit of {limit} bytes")
            }
            Unread::Failed(error) => error.to_string(),
        }
    }
}

/// Reads a regular file of at most `limit` bytes. The checks apply to the file as opened,
/// not only to the path looked at before: on Unix the open neither blocks on a FIFO nor
/// (with [`Links::Refuse`]) follows a link, and the opened file must be the regular file
/// looked at. Whatever the file system says of its size, at most `limit + 1` bytes are read.
pub fn read_regular(path: &Path, limit: u64, links: Links) -> Result<Vec<u8>, Unread> {
    let looked = match links {
        Links::Follow => path.metadata(),
        Links::Refuse => path.symlink_metadata(),
    }
    .map_err(Unread::Failed)?;
    if looked.file_type().is_symlink() {
        return Err(Unread::Link);
    }
    // A FIFO, socket or device is never opened when it is one already at the look.
    if !looked.is_file() {
        return Err(Unread::NotRegular);
    }
    let file = open_for_reading(path, links)?;
    let opened = file.metadata().map_err(Unread::Failed)?;
    if !opened.is_file() || !same_file(&looked, &opened) {
        return Err(Unread::NotRegular);
    }
    if opened.len() > limit {
        return Err(Unread::TooLarge(Some(opened.len())));
    }
    // Room for the whole file and the one byte that tells it grew: two reads, no regrowth
    // (an empty buffer took about nine reads a file).
    let room = usize::try_from(opened.len().saturating_add(1)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(room);
    read_limited_into(file, limit, &mut bytes)?;
    Ok(bytes)
}

/// Reads a stream (stdin) up to `limit` bytes; one byte more makes it too large.
pub fn read_limited(stream: impl Read, limit: u64) -> Result<Vec<u8>, Unread> {
    let mut bytes = Vec::new();
    read_limited_into(stream, limit, &mut bytes)?;
    Ok(bytes)
}

/// [`read_limited`] into `bytes`, which keep what was read when it is too large (the
/// first `limit + 1` bytes): `--fix -` prints them back before the rest of the stream.
pub fn read_limited_into(stream: impl Read, limit: u64, bytes: &mut Vec<u8>) -> Result<(), Unread> {
    stream
        .take(limit.saturating_add(1))
        .read_to_end(bytes)
        .map_err(Unread::Failed)?;
    if bytes.len() as u64 > limit {
        return Err(Unread::TooLarge(None));
    }
    Ok(())
}

#[cfg(unix)]
fn open_for_reading(path: &Path, links: Links) -> Result<File, Unread> {
    use std::os::unix::fs::OpenOptionsExt;
    // Non-blocking: a file swapped for a FIFO after the look does not block the open.
    let mut flags = libc::O_NONBLOCK;
    if links == Links::Refuse {
        flags |= libc::O_NOFOLLOW;
    }
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
        .map_err(|error| {
            if links == Links::Refuse && error.raw_os_error() == Some(libc::ELOOP) {
                Unread::Link
            } else {
                Unread::Failed(error)
            }
        })
}

#[cfg(not(unix))]
fn open_for_reading(path: &Path, _links: Links) -> Result<File, Unread> {
    File::open(path).map_err(Unread::Failed)
}

/// Whether the file looked at by path and the file opened are one file.
#[cfg(unix)]
fn same_file(looked: &std::fs::Metadata, opened: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    looked.dev() == opened.dev() && looked.ino() == opened.ino()
}

#[cfg(not(unix))]
fn same_file(_looked: &std::fs::Metadata, _opened: &std::fs::Metadata) -> bool {
    true
}

/// The Terraform files of a directory (`*.tf`, `*.tf.json`, any case, as the
/// kinds table tells them), sorted; none when it cannot be listed.
pub(crate) fn terraform_files(dir: &Path) -> Vec<PathBuf> {
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
