//! A file that could not be read or written: the situation, the file's path and the
//! system's own error, kept until the error is worded at the edge in the reader's language.
//! The core opens no file; the command line makes these, and every edge words them alike.

use std::path::{Path, PathBuf};

use crate::diagnostic::shown_path;
use crate::vocabulary::Phrase;

#[derive(Debug)]
pub enum IoError {
    /// A file could not be read.
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A folder was named where a file is read. `one_game`: the command draws one game of
    /// one file, which the words say, with the command that takes folders.
    ReadFolder { path: PathBuf, one_game: bool },
    /// A file a folder's listing named was gone when it was read (deleted or renamed).
    Disappeared { path: PathBuf },
    /// A folder read only in part: a walk lists `most` entries at most.
    FolderCut { path: PathBuf, most: usize },
    /// A file could not be written.
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The file to write is a folder.
    WriteFolder { path: PathBuf },
    /// The file to write is read-only.
    ReadOnly { path: PathBuf },
    /// The folder to write files into could not be made.
    MakeFolder {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Standard output could not be written.
    Stdout { source: std::io::Error },
    /// Standard output was closed (`>&-`): nothing was written.
    StdoutClosed,
}

impl IoError {
    /// The file the error is about, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            IoError::Read { path, .. }
            | IoError::ReadFolder { path, .. }
            | IoError::Disappeared { path }
            | IoError::FolderCut { path, .. }
            | IoError::Write { path, .. }
            | IoError::WriteFolder { path }
            | IoError::ReadOnly { path }
            | IoError::MakeFolder { path, .. } => Some(path),
            IoError::Stdout { .. } | IoError::StdoutClosed => None,
        }
    }

    /// The system's error behind it, if there is one.
    pub fn source(&self) -> Option<&std::io::Error> {
        match self {
            IoError::Read { source, .. }
            | IoError::Write { source, .. }
            | IoError::MakeFolder { source, .. }
            | IoError::Stdout { source } => Some(source),
            _ => None,
        }
    }

    /// The error in words, to be put in the reader's language.
    pub fn phrase(&self) -> Phrase {
        let file = self.path().map(shown_path).unwrap_or_default();
        let cannot_read = |why: Phrase| {
            Phrase::new("cannot read {file}: {why}")
                .with("file", &file)
                .phrase("why", why)
        };
        let cannot_write = |why: Phrase| {
            Phrase::new("cannot write {file}: {why}")
                .with("file", &file)
                .phrase("why", why)
        };
        match self {
            IoError::Read { source, .. } => cannot_read(reason(source)),
            IoError::ReadFolder {
                one_game: false, ..
            } => cannot_read(Phrase::new("it is a directory, not a file")),
            IoError::ReadFolder { one_game: true, .. } => cannot_read(Phrase::new(
                "it is a directory, not a file; render draws one game of one file (booklet \
                 takes folders)",
            )),
            IoError::Disappeared { .. } => {
                cannot_read(Phrase::new("it disappeared while the folder was read"))
            }
            IoError::FolderCut { most, .. } => Phrase::new(
                "the folder was not read to its end: the walk lists {most} entries at most (it \
                 holds more, or its files kept changing while it was read)",
            )
            .with("most", most),
            IoError::Write { source, .. } => cannot_write(reason(source)),
            IoError::WriteFolder { .. } => cannot_write(Phrase::new("it is a directory")),
            IoError::ReadOnly { .. } => cannot_write(Phrase::new(
                "the file is read-only (make it writable or remove it first)",
            )),
            IoError::MakeFolder { source, .. } => {
                Phrase::new("cannot make the folder {file}: {why}")
                    .with("file", &file)
                    .phrase("why", reason(source))
            }
            IoError::Stdout { source } => {
                Phrase::new("cannot write to standard output: {why}").phrase("why", reason(source))
            }
            IoError::StdoutClosed => Phrase::new(
                "standard output is closed (`>&-`): nothing was written; redirect it to a file \
                 or use -o FILE",
            ),
        }
    }
}

/// Why the system could not read or write a file, in a few words: the two a user meets
/// most in sheetgen's words, any other in the system's.
pub fn reason(e: &std::io::Error) -> Phrase {
    match e.kind() {
        std::io::ErrorKind::NotFound => Phrase::new("no such file"),
        std::io::ErrorKind::PermissionDenied => Phrase::new("permission denied"),
        _ => Phrase::verbatim(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_name_the_file_and_keep_the_system_s_reason() {
        let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
        let error = IoError::Read {
            path: "games/a.yaml".into(),
            source: gone,
        };
        assert_eq!(
            error.phrase().to_string(),
            "cannot read games/a.yaml: no such file"
        );
        assert_eq!(error.path(), Some(Path::new("games/a.yaml")));
        assert_eq!(
            error.source().map(std::io::Error::kind),
            Some(std::io::ErrorKind::NotFound)
        );
        let full = IoError::Write {
            path: "out.svg".into(),
            source: std::io::Error::other("No space left on device"),
        };
        assert_eq!(
            full.phrase().to_string(),
            "cannot write out.svg: No space left on device"
        );
        assert!(IoError::StdoutClosed.source().is_none());
        // The command's error keeps it as its source, for a program that calls the library.
        let error = crate::Error::Io(full);
        let source = std::error::Error::source(&error).expect("the system's error");
        assert_eq!(source.to_string(), "No space left on device");
    }
}
