//! Writing results: whole files or nothing, and standard output that may be a closed pipe.
//!
//! A file is written into a hidden `.NAME.XXXXXX` file in the target's folder (`tempfile`),
//! renamed over the target only when complete: atomic, so a reader or a crash never sees half
//! a file. It is not made durable with fsync: a sheet or figure is made again from its record
//! by the same command, as a compiler's output is, and the sync cost as much as drawing a
//! diagram (issue 38.9); after a power cut the file may be the old one. A device, a pipe, or the
//! file standard output or error is open on has no file to replace: the bytes are written into
//! it, as a shell redirect would.

use std::fs::{File, Metadata};
use std::io::Write;
use std::path::{Path, PathBuf};

use sheetgen_core::error::Error;
use sheetgen_core::io_error::IoError;

/// Where a command's output goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Target {
    #[default]
    Stdout,
    /// A file name as given: any bytes, not only UTF-8.
    File(PathBuf),
}

/// What a command writes: a drawing (a sheet, a diagram, a booklet, a replay page), or a
/// report (`check`'s, a review's, an imported record), which its exit code sums up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Content {
    Drawing,
    #[default]
    Report,
}

/// Files to write into one folder, which is made if it is missing.
#[derive(Debug, Default)]
pub struct Folder {
    pub dir: PathBuf,
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

/// Writes each file of `folder` whole (or not at all), after making the folder.
pub fn write_folder(folder: &Folder) -> Result<(), Error> {
    std::fs::create_dir_all(&folder.dir).map_err(|source| {
        Error::Io(IoError::MakeFolder {
            path: folder.dir.clone(),
            source,
        })
    })?;
    for (path, bytes) in &folder.files {
        write_file(path, bytes)?;
    }
    Ok(())
}

/// Writes `bytes` to `target`. A file is written whole and then given its name, so a
/// failure never leaves a partial file or clobbers an existing one.
/// A closed standard output (`sheetgen … | head -c 100`) is not an error.
pub fn write(target: &Target, bytes: &[u8], content: Content) -> Result<(), Error> {
    match target {
        Target::Stdout => write_stdout(bytes, content),
        Target::File(path) => write_file(path, bytes),
    }
}

fn write_stdout(bytes: &[u8], content: Content) -> Result<(), Error> {
    // Where the start of the process was seen (the binary), a closed standard output is
    // known, and nothing, a report neither, is written into the void. Where it was not (the
    // library in another program), only a drawing is refused on the guess below: a program
    // that runs `check` for its exit code with its output on a /dev/null opened for reading
    // and writing (Python's DEVNULL, Go's nil Stdout) would meet the refusal, and that
    // /dev/null cannot be told from the one Rust opens for a closed standard output.
    let closed = match stdout_at_start() {
        Some(closed) => closed,
        None => content == Content::Drawing && stdout_was_closed(),
    };
    if closed {
        return Err(Error::Io(IoError::StdoutClosed));
    }
    let fail = |source| Error::Io(IoError::Stdout { source });
    write_into(stdout_stream().map_err(fail)?, bytes).map_err(fail)
}

/// Standard output as a file of its own: Rust's `stdout()` takes a write that fails as a bad
/// descriptor for success, so output to a standard output opened for reading only
/// (`1</dev/null`) would be lost without a word.
#[cfg(unix)]
fn stdout_stream() -> std::io::Result<File> {
    use std::os::fd::AsFd;
    std::io::stdout().flush()?;
    Ok(File::from(std::io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(not(unix))]
fn stdout_stream() -> std::io::Result<std::io::StdoutLock<'static>> {
    Ok(std::io::stdout().lock())
}

/// Writes `bytes` to the file at `path`, whole or not at all.
pub fn write_file(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), Error> {
    let path = path.as_ref();
    let fail = |source| {
        Error::Io(IoError::Write {
            path: path.to_path_buf(),
            source,
        })
    };
    let meta = match std::fs::metadata(path) {
        Ok(meta) => Some(meta),
        // A name to create, also through a dangling link.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        // A loop of links, a folder that cannot be searched: as a shell would fail.
        Err(e) => return Err(fail(e)),
    };
    if let Some(meta) = &meta {
        if meta.is_dir() {
            return Err(Error::Io(IoError::WriteFolder {
                path: path.to_path_buf(),
            }));
        }
        // `-o /dev/stderr 2>>build.log`: the log gets the bytes appended, not replaced.
        if let Some(stream) = standard_stream_on(meta) {
            std::io::stdout().flush().map_err(fail)?;
            return write_into(stream, bytes).map_err(fail);
        }
        if !meta.is_file() {
            let device = std::fs::OpenOptions::new().write(true).open(path);
            return write_into(device.map_err(fail)?, bytes).map_err(fail);
        }
        if meta.permissions().readonly() {
            return Err(Error::Io(IoError::ReadOnly {
                path: path.to_path_buf(),
            }));
        }
        // Replacing a file this user may not write (another's, in a shared folder) would
        // change its owner: opening it for writing asks the system, and changes nothing.
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(fail)?;
    }
    // The file a symbolic link names is the one meant, not the link.
    let target = resolve(path);
    let mut file = hidden_beside(&target, meta.as_ref()).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.persist(&target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// `.NAME.`, the start of a hidden temporary file's name for the file `name`: the name is
/// cut so that with the six random characters after it the whole stays within the 255
/// bytes a file name may have (a 255-byte target is a valid name, its temporary file too).
fn hidden_prefix(name: &std::ffi::OsStr) -> std::ffi::OsString {
    const ROOM: usize = 255 - ".".len() - ".".len() - 6;
    let name = name.to_string_lossy();
    let mut end = name.len().min(ROOM);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.", &name[..end]).into()
}

/// A hidden temporary file in `target`'s folder, with the permissions the target has, or
/// those a new file gets (read and write for all, less the umask).
fn hidden_beside(
    target: &Path,
    existing: Option<&Metadata>,
) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let prefix = hidden_prefix(target.file_name().unwrap_or_default());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(dir)?;
    if let Some(meta) = existing {
        std::fs::set_permissions(file.path(), meta.permissions())?;
    }
    Ok(file)
}

/// Writes all of `bytes` into an open stream; a reader that went away (`| head`) is no error.
fn write_into(mut stream: impl Write, bytes: &[u8]) -> std::io::Result<()> {
    match stream.write_all(bytes).and_then(|()| stream.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Whether `path` names the terminal standard output or error is (`-o /dev/stdout` run in a
/// terminal): a binary format is refused there as it is for standard output itself.
pub fn is_terminal(path: &Path) -> bool {
    use std::io::IsTerminal;
    std::fs::metadata(path)
        .ok()
        .and_then(|meta| standard_stream_on(&meta))
        .is_some_and(|stream| stream.is_terminal())
}

/// Standard output or error, when `meta` is the file it is open on (`-o /dev/stdout`,
/// `/dev/stderr`, `/dev/fd/2` or the file's own name): written through that descriptor, a
/// `>>log` keeps its lines and gets the bytes appended.
#[cfg(unix)]
fn standard_stream_on(meta: &Metadata) -> Option<File> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    [
        std::io::stdout().as_fd().try_clone_to_owned(),
        std::io::stderr().as_fd().try_clone_to_owned(),
    ]
    .into_iter()
    .flatten()
    .map(File::from)
    .find(|stream| {
        stream
            .metadata()
            .is_ok_and(|own| (own.dev(), own.ino()) == (meta.dev(), meta.ino()))
    })
}

#[cfg(not(unix))]
fn standard_stream_on(_: &Metadata) -> Option<File> {
    None
}

/// Standard output at the start of the process: unknown, open or closed.
static STDOUT_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(UNKNOWN);
const UNKNOWN: u8 = 0;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;

/// Notes whether standard output is open, before Rust's runtime opens /dev/null over a
/// closed one: the binary calls it from `.init_array`, which runs before the runtime does
/// (src/main.rs). Nothing else can tell `>&-` from a /dev/null given on purpose.
pub fn note_stdout_at_start() {
    #[cfg(unix)]
    {
        // SAFETY: F_GETFD reads a descriptor's flags; it touches no memory.
        let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
        let state = if closed { CLOSED } else { OPEN };
        STDOUT_AT_START.store(state, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Whether standard output was closed when the process started, where that was noted.
fn stdout_at_start() -> Option<bool> {
    match STDOUT_AT_START.load(std::sync::atomic::Ordering::Relaxed) {
        OPEN => Some(false),
        CLOSED => Some(true),
        _ => None,
    }
}

/// Whether the process started with standard output closed. Rust's runtime then opens
/// /dev/null in its place for reading and writing, which a shell redirect (`>/dev/null`,
/// write-only) never does: output poured there would be lost without a word.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let Ok(stdout) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    let mut stdout = File::from(stdout);
    let is_null = match (stdout.metadata(), std::fs::metadata("/dev/null")) {
        (Ok(out), Ok(null)) => out.file_type().is_char_device() && out.rdev() == null.rdev(),
        _ => false,
    };
    // Reading a write-only descriptor fails, and writing (even nothing) a read-only one
    // (`1</dev/null`, which the write itself then reports); the runtime's /dev/null does both.
    is_null && stdout.read(&mut [0]).is_ok() && stdout.write(&[]).is_ok()
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
}

/// The file `path` names through any chain of symbolic links, also when the last link is
/// dangling (it then names the file to create).
fn resolve(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // Linux's own limit on links followed in one lookup.
    for _ in 0..40 {
        let Ok(next) = std::fs::read_link(&path) else {
            break;
        };
        // A relative link is relative to its folder (`join` keeps an absolute one whole).
        path = path.parent().map_or(next.clone(), |dir| dir.join(&next));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_a_new_file_and_replaces_an_old_one_leaving_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.pdf");
        write_file(&path, b"first").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write_file(&path, b"new content").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new content");
        assert_eq!(names(dir.path()), ["sheet.pdf"]);
    }

    /// While the file is written the target keeps its old bytes; the new ones are in a
    /// hidden file beside it, which is gone once they have the target's name.
    #[test]
    fn a_file_being_written_leaves_the_target_whole_until_it_is_renamed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("replaced.pdf");
        std::fs::write(&path, b"old").unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        let mut file = hidden_beside(&path, Some(&meta)).unwrap();
        file.write_all(&vec![7u8; 1 << 20]).unwrap();
        let hidden = names(dir.path());
        assert_eq!(hidden.len(), 2, "{hidden:?}");
        assert!(hidden[0].starts_with(".replaced.pdf."), "{hidden:?}");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        file.persist(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap().len(), 1 << 20);
        assert_eq!(names(dir.path()), ["replaced.pdf"]);
    }

    /// Issue 42.5: a name of the most bytes a name may have is written, its temporary
    /// file's name cut to fit.
    #[test]
    fn a_name_of_255_bytes_is_written() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a".repeat(251) + ".svg", "é".repeat(125) + "x.svg"] {
            assert!(name.len() >= 254, "{}", name.len());
            let path = dir.path().join(&name);
            write_file(&path, b"figure").unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), b"figure");
        }
        assert_eq!(names(dir.path()).len(), 2, "no temporary file left");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_readable_by_others_and_a_replaced_one_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.pdf");
        write_file(&fresh, b"x").unwrap();
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode();
        assert_eq!(mode & 0o044, 0o044, "{mode:o}");

        let private = dir.path().join("private.pdf");
        std::fs::write(&private, b"old").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_file(&private, b"new").unwrap();
        let mode = std::fs::metadata(&private).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_a_named_pipe_is_written_into_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pdf");
        let link = dir.path().join("link.pdf");
        std::fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, b"new").unwrap();
        let link_meta = std::fs::symlink_metadata(&link).unwrap();
        assert!(link_meta.file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");

        // A rename would have put a file in the pipe's place.
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write_file(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(!std::fs::metadata(&fifo).unwrap().is_file());
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_creates_the_file_it_names() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("out")).unwrap();
        let link = dir.path().join("latest.pdf");
        // Relative to the link's folder, through a second link.
        std::os::unix::fs::symlink("middle.pdf", &link).unwrap();
        std::os::unix::fs::symlink("out/sheet.pdf", dir.path().join("middle.pdf")).unwrap();
        write_file(&link, b"new").unwrap();
        let link_meta = std::fs::symlink_metadata(&link).unwrap();
        assert!(link_meta.file_type().is_symlink());
        let written = std::fs::read(dir.path().join("out/sheet.pdf")).unwrap();
        assert_eq!(written, b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kept.pdf");
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = write_file(&path, b"new").unwrap_err();
        assert!(
            err.to_string().contains("kept.pdf: the file is read-only"),
            "{err}"
        );
        assert_eq!(err.exit_code(), 2);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["kept.pdf"]);
    }

    #[test]
    fn an_error_names_the_file_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/sheet.pdf");
        let err = write_file(&path, b"x").unwrap_err();
        assert!(err.to_string().contains("cannot write "), "{err}");
        assert!(err.to_string().contains("sheet.pdf"), "{err}");
        assert_eq!(err.exit_code(), 2);
        assert!(names(dir.path()).is_empty());

        let err = write_file(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().ends_with(": it is a directory"), "{err}");
    }

    #[test]
    fn a_plain_file_is_not_taken_for_a_standard_stream() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plain.pdf");
        std::fs::write(&path, b"x").unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert!(standard_stream_on(&meta).is_none());
    }
}
