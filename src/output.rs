//! Writing results: whole files or nothing, and standard output that may be a closed pipe.

use std::io::Write;
use std::path::Path;

use crate::error::Error;

/// Where a command's output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Stdout,
    File(String),
}

/// Writes `bytes` to `target`. A file is written to a temporary file beside it and renamed
/// into place, so a failure never leaves a partial file or clobbers an existing one.
/// A closed standard output (`sheetgen … | head -c 100`) is not an error.
pub fn write(target: &Target, bytes: &[u8]) -> Result<(), Error> {
    match target {
        Target::Stdout => write_stdout(bytes),
        Target::File(path) => write_file(path, bytes),
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), Error> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Error::Io(format!("cannot write to standard output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` atomically.
pub fn write_file(path: &str, bytes: &[u8]) -> Result<(), Error> {
    let fail = |e: std::io::Error| Error::Io(format!("cannot write {path}: {e}"));
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(Error::Io(format!("cannot write {path}: it is a directory")));
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
        _ => {}
    }
    // A symbolic link stays a link: the file it names is the one replaced.
    let resolved = std::fs::canonicalize(path).ok();
    let target = resolved.as_deref().unwrap_or(Path::new(path));
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sheetgen-").suffix(".tmp");
    if let Some(permissions) = permissions_for(target) {
        builder.permissions(permissions);
    }
    let mut temp = builder.tempfile_in(dir).map_err(fail)?;
    temp.write_all(bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    temp.persist(target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// A replaced file keeps its permissions; a new one gets the usual ones (0666 less the
/// umask), not the owner-only mode temporary files are created with.
#[cfg(unix)]
fn permissions_for(target: &Path) -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(match std::fs::metadata(target) {
        Ok(meta) => meta.permissions(),
        Err(_) => std::fs::Permissions::from_mode(0o666),
    })
}

#[cfg(not(unix))]
fn permissions_for(_target: &Path) -> Option<std::fs::Permissions> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.pdf");
        std::fs::write(&path, b"old").unwrap();
        write_file(path.to_str().unwrap(), b"new content").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new content");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_readable_by_others_and_a_replaced_one_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.pdf");
        write_file(fresh.to_str().unwrap(), b"x").unwrap();
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode();
        assert_eq!(mode & 0o044, 0o044, "{mode:o}");

        let private = dir.path().join("private.pdf");
        std::fs::write(&private, b"old").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_file(private.to_str().unwrap(), b"new").unwrap();
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
        write_file(link.to_str().unwrap(), b"new").unwrap();
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
            write_file(fifo.to_str().unwrap(), b"through the pipe").unwrap();
            assert_eq!(reader.join().unwrap(), b"through the pipe");
            assert!(!std::fs::metadata(&fifo).unwrap().is_file());
        }
    }

    #[test]
    fn a_missing_directory_is_an_error_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/sheet.pdf");
        let err = write_file(path.to_str().unwrap(), b"x").unwrap_err();
        assert!(err.to_string().contains("cannot write"), "{err}");
        assert_eq!(err.exit_code(), 2);
    }
}
