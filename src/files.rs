//! Reading the files a command names: record files, fonts, themes and templates, each checked
//! for size and kind before it is parsed. The core parses text it is given; only the command
//! line opens files, so these are extensions of the core's types (`SourceFile::read`,
//! `Font::open`, `Theme::named_or_file`), in scope wherever a job reads a file.

use std::path::Path;
use std::sync::Arc;

use sheetgen_core::diagnostic::shown_path;
use sheetgen_core::error::Error;
use sheetgen_core::font::Font;
use sheetgen_core::games::GameInFile;
use sheetgen_core::input::{MAX_INPUT_BYTES, SourceFile, YAML};
use sheetgen_core::io_error::IoError;
use sheetgen_core::load::read;
use sheetgen_core::theme::Theme;
use sheetgen_core::vocabulary::Phrase;

/// The largest font file `--font` reads (CJK fonts are 10–20 MB).
const MAX_FONT_BYTES: u64 = 64 * 1024 * 1024;

/// A text file read from disk.
pub trait ReadFile: Sized {
    /// Reads `path`, refusing directories, files over [`MAX_INPUT_BYTES`], binary files and
    /// text that is not UTF-8.
    fn read(path: impl AsRef<Path>) -> Result<Self, Error> {
        Self::read_as(path, YAML)
    }

    /// [`Self::read`] for a file that should be `kind` ("CSS text", "move text or SGF"):
    /// the words a binary file is refused with.
    fn read_as(path: impl AsRef<Path>, kind: &str) -> Result<Self, Error>;
}

impl ReadFile for SourceFile {
    fn read_as(path: impl AsRef<Path>, kind: &str) -> Result<Self, Error> {
        let path = path.as_ref();
        let io = |source| {
            Error::Io(IoError::Read {
                path: path.to_path_buf(),
                source,
            })
        };
        let meta = std::fs::metadata(path).map_err(io)?;
        if meta.is_dir() {
            return Err(Error::Io(IoError::ReadFolder {
                path: path.to_path_buf(),
                one_game: false,
            }));
        }
        if meta.len() > MAX_INPUT_BYTES {
            return Err(Error::Config(sheetgen_core::input::too_large(
                path,
                meta.len(),
            )));
        }
        // Read at most one byte past the limit, in case the file grew since the check; room
        // for the whole file and one byte more lets a small file come in one read (two
        // system calls instead of three probing ones).
        let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
        std::io::Read::read_to_end(
            &mut std::io::Read::take(open_regular(path).map_err(io)?, MAX_INPUT_BYTES + 1),
            &mut bytes,
        )
        .map_err(io)?;
        SourceFile::from_bytes_as(path, bytes, kind)
    }
}

/// `path` opened for reading, refused unless it is a regular file: opened without
/// blocking, then asked what it is, so that a file swapped for a FIFO since it was looked at
/// (where an ordinary open would wait for a writer forever) is refused, not waited on.
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    Ok(file)
}

/// A file's identity on its machine (device and inode), after links: two names of one file
/// have the same. None where the file does not exist (or the system has no such identity).
pub fn identity(path: &Path) -> Option<(u64, u64)> {
    identity_of(&std::fs::metadata(path).ok()?)
}

/// The identity of the file `meta` describes (see [`identity`]).
pub fn identity_of(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Whether `inner` is `folder` or lies inside it, both taken after links.
pub fn within(inner: &Path, folder: &Path) -> bool {
    match (std::fs::canonicalize(inner), std::fs::canonicalize(folder)) {
        (Ok(inner), Ok(folder)) => inner.starts_with(folder),
        _ => false,
    }
}

/// A font read from disk.
pub trait OpenFont: Sized {
    /// Reads `--font FILE`: a clear message (naming the file) when it cannot be read (exit 2)
    /// or is no font sheetgen can draw with in every format (an invalid input, exit 1).
    fn open(path: impl AsRef<Path>) -> Result<Self, Error>;
}

impl OpenFont for Font {
    fn open(path: impl AsRef<Path>) -> Result<Font, Error> {
        let path = path.as_ref();
        let shown = shown_path(path);
        let refuse = |why: Phrase| {
            Error::Usage(
                Phrase::new("--font {file}: {why}")
                    .with("file", &shown)
                    .phrase("why", why),
            )
        };
        let unread = |e: &std::io::Error| refuse(sheetgen_core::io_error::reason(e));
        let meta = std::fs::metadata(path).map_err(|e| unread(&e))?;
        if !meta.is_file() {
            return Err(refuse(Phrase::new("it is not a file")));
        }
        if meta.len() > MAX_FONT_BYTES {
            return Err(refuse(
                Phrase::new("it is {bytes} bytes, more than a font sheetgen reads ({most})")
                    .with("bytes", meta.len())
                    .with("most", MAX_FONT_BYTES),
            ));
        }
        let mut data = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(open_regular(path).map_err(|e| unread(&e))?, MAX_FONT_BYTES),
            &mut data,
        )
        .map_err(|e| unread(&e))?;
        let invalid = |why: Phrase| {
            Error::Render(
                Phrase::new("--font {file}: {why}")
                    .with("file", &shown)
                    .phrase("why", why),
            )
        };
        let font = Font::from_data(data.into(), Some(path.to_path_buf())).map_err(invalid)?;
        sheetgen_backends::pdf::check_font(&font).map_err(invalid)?;
        Ok(font)
    }
}

/// A theme named on the command line.
pub trait ThemeFile: Sized {
    /// `color`, `print`, `colorblind`, or a theme file (whose name may be any bytes).
    fn named_or_file(name: impl AsRef<Path>) -> Result<Self, Error>;
}

impl ThemeFile for Theme {
    fn named_or_file(name: impl AsRef<Path>) -> Result<Self, Error> {
        let name = name.as_ref();
        match name.to_str().and_then(Theme::built_in) {
            Some(theme) => Ok(theme),
            None => Theme::parse(&SourceFile::read(name)?),
        }
    }
}

/// Reads a record file: a file that cannot be read is an I/O error (exit 2); one that is
/// not a record file (binary, too large, not UTF-8, no records) is invalid (exit 1).
/// Its records' texts are checked against `font`, the job's.
pub fn load(path: impl AsRef<Path>, font: &Arc<Font>) -> Result<Vec<GameInFile>, Error> {
    let source = SourceFile::read(path).map_err(|e| match e {
        Error::Config(d) => Error::Invalid(d),
        other => other,
    })?;
    read(&source, font).map_err(Error::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_refuses_what_is_no_font() {
        let err = Font::open("no/such/font.ttf").unwrap_err();
        assert_eq!(err.to_string(), "--font no/such/font.ttf: no such file");
        assert_eq!(err.exit_code(), 2, "a file that cannot be read");
        let err = Font::open("Cargo.toml").unwrap_err();
        assert!(
            err.to_string().contains("not a TrueType or OpenType font"),
            "{err}"
        );
        assert_eq!(err.exit_code(), 1, "a file that is read and is no font");
        let font = Font::open("assets/fonts/sheetgen-sans.ttf").unwrap();
        assert_eq!(font.data(), sheetgen_core::font::font_data());
    }
}
