//! Writing results: whole files or nothing, and standard output that may be a closed pipe.
//!
//! A file is written under no name at all where Linux allows it (O_TMPFILE in the target's
//! folder) and given its name only when it is complete, so a kill at any moment leaves
//! either nothing or the whole file. Replacing an existing file takes one more step, a
//! hidden name renamed over the target: a kill between those two system calls (a few
//! microseconds) is the only moment that can leave a `.sheetgen-*.tmp` file. Elsewhere, or on
//! a file system without O_TMPFILE, the file is written under a hidden name and renamed.
//! A file that already holds exactly the bytes to write is kept, with a new time.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;

/// Where a command's output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Stdout,
    /// A file name as given: any bytes, not only UTF-8.
    File(PathBuf),
}

/// Writes `bytes` to `target`. A file is written whole and then given its name, so a
/// failure never leaves a partial file or clobbers an existing one.
/// A closed standard output (`sheetgen … | head -c 100`) is not an error.
pub fn write(target: &Target, bytes: &[u8]) -> Result<(), Error> {
    match target {
        Target::Stdout => write_stdout(bytes),
        Target::File(path) => write_file(path, bytes),
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), Error> {
    if stdout_was_closed() {
        return Err(Error::Io(
            "standard output is closed (`>&-`): nothing was written; redirect it to a file \
             or use -o FILE"
                .into(),
        ));
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Error::Io(format!("cannot write to standard output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Whether the process started with standard output closed. Rust's runtime then opens
/// /dev/null in its place for reading and writing, which a shell redirect (`>/dev/null`,
/// write-only) never does: output poured there would be lost without a word.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    use rustix::fs::{FileType, OFlags};
    let stdout = std::io::stdout();
    let (Ok(stat), Ok(flags)) = (rustix::fs::fstat(&stdout), rustix::fs::fcntl_getfl(&stdout))
    else {
        return false;
    };
    let null = FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
        && std::fs::metadata("/dev/null").is_ok_and(|m| {
            use std::os::unix::fs::MetadataExt;
            m.rdev() == stat.st_rdev
        });
    null && flags.contains(OFlags::RDWR)
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
}

/// Writes `bytes` to `path` atomically.
pub fn write_file(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), Error> {
    let path = path.as_ref();
    let shown = crate::diagnostic::shown_path(path);
    let fail = |e: std::io::Error| Error::Io(format!("cannot write {shown}: {e}"));
    // `-o /dev/stderr 2>>build.log`: the name resolves to the log file, which must get the
    // bytes appended through the open descriptor, not be replaced.
    if let Some(fd) = own_descriptor(path) {
        return match write_descriptor(fd, bytes) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(fail(e)),
            _ => Ok(()),
        };
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(Error::Io(format!(
                "cannot write {shown}: it is a directory"
            )));
        }
        Ok(meta) if !meta.is_file() => {
            // A device or a named pipe (/dev/null, a FIFO): there is no file to replace, so
            // the bytes go into it, as a shell redirect would send them.
            let mut special = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(fail)?;
            return special.write_all(bytes).map_err(fail);
        }
        Ok(meta) if meta.permissions().readonly() => {
            return Err(Error::Io(format!(
                "cannot write {shown}: the file is read-only (make it writable or remove it first)"
            )));
        }
        Ok(meta) => {
            may_write(path).map_err(fail)?;
            // A file that already holds exactly these bytes (a figure made again from an
            // unchanged record) is left in place: replacing it makes the file system write the
            // data out and free the old blocks, a sixth of one diagram's time. It gets the
            // time a write would give it, so make and its kind see it as just made. Where its
            // time cannot be set (another user's file this one may write), it is replaced.
            if meta.len() == bytes.len() as u64 && holds(path, bytes) && touch(path).is_ok() {
                return Ok(());
            }
        }
        _ => {}
    }
    // A symbolic link stays a link: the file it names is the one written, even when that
    // file does not exist yet.
    let target = resolve(path);
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mode = mode_for(&target);
    #[cfg(target_os = "linux")]
    if let Some(mut file) = unnamed::create(dir, mode).map_err(fail)? {
        file.write_all(bytes).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        if unnamed::link(&file, &target, dir).map_err(fail)? {
            return Ok(());
        }
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sheetgen-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let mut temp = builder.tempfile_in(dir).map_err(fail)?;
    temp.write_all(bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    temp.persist(&target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// Whether the file at `path` holds exactly `bytes`, read a block at a time (a booklet can be
/// tens of megabytes; a block on the stack costs no fresh memory). Any error reading it
/// means no.
fn holds(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut block = [0; 8192];
    let mut rest = bytes;
    loop {
        match file.read(&mut block) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if n <= rest.len() && block[..n] == rest[..n] => rest = &rest[n..],
            Ok(_) => return false,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Sets the modification and access times of the file at `path` to now, as writing it would.
fn touch(path: &Path) -> std::io::Result<()> {
    let now = std::time::SystemTime::now();
    let times = std::fs::FileTimes::new()
        .set_modified(now)
        .set_accessed(now);
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)?
        .set_times(times)
}

/// A replaced file keeps its permissions; a new one gets the usual ones (0666 less the
/// umask), not the owner-only mode temporary files are created with.
fn mode_for(target: &Path) -> u32 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(target).map_or(0o666, |meta| meta.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = target;
        0o666
    }
}

/// Whether this user may write the existing file at `path`: replacing a file that belongs
/// to someone else would change its owner. (Root may write any file: its read-only mode is
/// checked apart.)
fn may_write(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        Ok(rustix::fs::access(path, rustix::fs::Access::WRITE_OK)?)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

/// The file `path` names through any chain of symbolic links, also when the last link is
/// dangling (it then names the file to create).
fn resolve(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let mut path = path.to_path_buf();
    // Linux's own limit on links followed in one lookup.
    for _ in 0..40 {
        let Ok(next) = std::fs::read_link(&path) else {
            break;
        };
        // A relative link is relative to its folder (`join` keeps an absolute one whole).
        path = path
            .parent()
            .map_or_else(|| next.clone(), |dir| dir.join(&next));
    }
    path
}

/// The descriptor number when `path` names one of this process's open descriptors
/// (`/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`), directly or
/// through symbolic links to such a name.
fn own_descriptor(path: &Path) -> Option<u32> {
    if !cfg!(unix) {
        return None;
    }
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        if let Some(fd) = descriptor_name(&path) {
            return Some(fd);
        }
        let next = std::fs::read_link(&path).ok()?;
        path = path
            .parent()
            .map_or_else(|| next.clone(), |dir| dir.join(&next));
    }
    None
}

fn descriptor_name(path: &Path) -> Option<u32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let own = format!("/proc/{}/fd/", std::process::id());
    let number = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", &own]
        .iter()
        .find_map(|prefix| text.strip_prefix(prefix))?;
    // Digits only: `/dev/fd/3/x` or `/dev/fd/+3` are not descriptors.
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// Writes into open descriptor `fd`: standard input, output and error through their own
/// descriptor (so a `>>log` keeps its content and gets the bytes appended); a higher one
/// through its /proc link, opened for appending (reaching it directly would take unsafe code,
/// and sheetgen writes nothing else through it).
fn write_descriptor(fd: u32, bytes: &[u8]) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let borrowed = match fd {
            0 => Some(std::io::stdin().as_fd().try_clone_to_owned()),
            1 => {
                std::io::stdout().flush()?;
                Some(std::io::stdout().as_fd().try_clone_to_owned())
            }
            2 => Some(std::io::stderr().as_fd().try_clone_to_owned()),
            _ => None,
        };
        let mut file = match borrowed {
            Some(owned) => std::fs::File::from(owned?),
            None => std::fs::OpenOptions::new()
                .append(true)
                .open(format!("/proc/self/fd/{fd}"))?,
        };
        file.write_all(bytes)?;
        file.flush()
    }
    #[cfg(not(unix))]
    {
        let _ = (fd, bytes);
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

/// Unnamed files (O_TMPFILE): written whole before they get a name.
#[cfg(target_os = "linux")]
mod unnamed {
    use std::fs::File;
    use std::os::fd::AsRawFd;
    use std::path::Path;

    use rustix::fs::{AtFlags, CWD, Mode, OFlags};
    use rustix::io::Errno;

    /// A new file in `dir` with no name, or None where the file system does not support it
    /// (the caller then falls back to a named temporary file).
    pub fn create(dir: &Path, mode: u32) -> std::io::Result<Option<File>> {
        let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
        match rustix::fs::openat(CWD, dir, flags, Mode::from_raw_mode(mode)) {
            Ok(fd) => Ok(Some(File::from(fd))),
            // Kernels and file systems without O_TMPFILE answer one of these.
            Err(Errno::OPNOTSUPP | Errno::ISDIR | Errno::INVAL | Errno::NOSYS) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Gives the complete `file` the name `target` in `dir`. A new name is linked directly,
    /// so no other name ever appears. linkat cannot replace an existing name: the file is
    /// linked to a hidden name and renamed over the target right away (a kill between those
    /// two calls is the one moment that leaves the hidden name). False when the file cannot
    /// be linked here (no /proc and no privilege for AT_EMPTY_PATH).
    pub fn link(file: &File, target: &Path, dir: &Path) -> std::io::Result<bool> {
        match link_as(file, target) {
            Ok(()) => return Ok(true),
            Err(Errno::EXIST) => {}
            Err(Errno::NOENT | Errno::PERM) => return Ok(false),
            Err(e) => return Err(e.into()),
        }
        for attempt in 0..1000 {
            let hidden = dir.join(format!(".sheetgen-{}-{attempt}.tmp", std::process::id()));
            match link_as(file, &hidden) {
                Ok(()) => {
                    return match rustix::fs::renameat(CWD, &hidden, CWD, target) {
                        Ok(()) => Ok(true),
                        Err(e) => {
                            let _ = std::fs::remove_file(&hidden);
                            Err(e.into())
                        }
                    };
                }
                // Left by an earlier run that was killed at that moment, with this pid.
                Err(Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Errno::EXIST.into())
    }

    /// linkat through /proc/self/fd/N (needs no privilege), or with AT_EMPTY_PATH where
    /// /proc is not mounted (needs CAP_DAC_READ_SEARCH).
    fn link_as(file: &File, name: &Path) -> Result<(), Errno> {
        let proc_path = format!("/proc/self/fd/{}", file.as_raw_fd());
        match rustix::fs::linkat(CWD, proc_path.as_str(), CWD, name, AtFlags::SYMLINK_FOLLOW) {
            Err(Errno::NOENT) if !Path::new("/proc/self/fd").exists() => {
                rustix::fs::linkat(file, "", CWD, name, AtFlags::EMPTY_PATH)
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.pdf");
        std::fs::write(&path, b"old").unwrap();
        write_file(&path, b"new content").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new content");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_file_holding_the_same_bytes_is_kept_and_gets_a_new_time() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("figure.svg");
        std::fs::write(&path, b"same bytes").unwrap();
        let long_ago = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30);
        let set_long_ago = || {
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(long_ago).unwrap();
        };
        set_long_ago();
        let before = std::fs::metadata(&path).unwrap();
        write_file(&path, b"same bytes").unwrap();
        let after = std::fs::metadata(&path).unwrap();
        assert_eq!(
            after.ino(),
            before.ino(),
            "the same file, not a replacement"
        );
        assert!(after.modified().unwrap() > long_ago, "its time is now");

        // Other bytes of the same length replace it.
        set_long_ago();
        write_file(&path, b"Same bytes").unwrap();
        let replaced = std::fs::metadata(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"Same bytes");
        assert_ne!(replaced.ino(), before.ino());
        assert!(replaced.modified().unwrap() > long_ago);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
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
    fn a_link_is_followed_and_a_device_is_written_into_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pdf");
        let link = dir.path().join("link.pdf");
        std::fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");

        // A named pipe stays a pipe and its reader gets the bytes (a rename would have put a
        // file in its place).
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let reader = {
                let fifo = fifo.clone();
                std::thread::spawn(move || std::fs::read(fifo).unwrap())
            };
            write_file(&fifo, b"through the pipe").unwrap();
            assert_eq!(reader.join().unwrap(), b"through the pipe");
            assert!(!std::fs::metadata(&fifo).unwrap().is_file());
        }
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
        assert!(err.to_string().contains("read-only"), "{err}");
        assert_eq!(err.exit_code(), 2);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
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
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read(dir.path().join("out/sheet.pdf")).unwrap(),
            b"new"
        );
    }

    #[test]
    fn descriptor_names_are_recognised_and_nothing_else() {
        assert_eq!(descriptor_name(Path::new("/dev/stdout")), Some(1));
        assert_eq!(descriptor_name(Path::new("/dev/stderr")), Some(2));
        assert_eq!(descriptor_name(Path::new("/dev/fd/7")), Some(7));
        assert_eq!(descriptor_name(Path::new("/proc/self/fd/12")), Some(12));
        let own = format!("/proc/{}/fd/3", std::process::id());
        assert_eq!(descriptor_name(Path::new(&own)), Some(3));
        for other in [
            "/dev/fd/",
            "/dev/fd/+3",
            "/dev/fd/3/x",
            "/dev/null",
            "fd/1",
            "/dev/stdout2",
        ] {
            assert_eq!(descriptor_name(Path::new(other)), None, "{other}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_descriptor_name_is_one_too() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("err");
        std::os::unix::fs::symlink("/dev/stderr", &link).unwrap();
        assert_eq!(own_descriptor(&link), Some(2));
        assert_eq!(own_descriptor(&dir.path().join("plain.pdf")), None);
    }

    /// What a kill can leave: while the file is written it has no name, so the folder
    /// holds only the old target; once linked, only the new one.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_unnamed_file_has_no_name_until_it_is_complete() {
        let dir = tempfile::tempdir().unwrap();
        let names = || -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        for target in ["fresh.pdf", "replaced.pdf"] {
            let path = dir.path().join(target);
            if target == "replaced.pdf" {
                std::fs::write(&path, b"old").unwrap();
            }
            let before = names();
            let Some(mut file) = unnamed::create(dir.path(), 0o644).unwrap() else {
                eprintln!("no O_TMPFILE on this file system: nothing to test");
                return;
            };
            file.write_all(&vec![7u8; 1 << 20]).unwrap();
            assert_eq!(
                names(),
                before,
                "an unnamed file shows no name while written"
            );
            assert!(unnamed::link(&file, &path, dir.path()).unwrap());
            assert_eq!(std::fs::read(&path).unwrap().len(), 1 << 20);
        }
        assert_eq!(names(), ["fresh.pdf", "replaced.pdf"]);
    }

    #[test]
    fn a_missing_directory_is_an_error_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/sheet.pdf");
        let err = write_file(&path, b"x").unwrap_err();
        assert!(err.to_string().contains("cannot write"), "{err}");
        assert_eq!(err.exit_code(), 2);
    }
}
