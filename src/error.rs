//! The errors a sheetgen command can end with, and the exit code each gives.
//!
//! Exit codes follow ripgrep's policy: 0 success, 1 an input was read but is invalid (a
//! record breaks the rules, a text cannot be drawn), 2 the command could not do its work
//! (bad options, a missing or unreadable file, a malformed template).

use std::fmt;

use crate::backend::RenderError;
use crate::diagnostic::Diagnostic;

#[derive(Debug)]
pub enum Error {
    /// The command line asks for something impossible.
    Usage(String),
    /// A file could not be read or written.
    Io(String),
    /// A template or other settings file is malformed.
    Config(Diagnostic),
    /// An input record is invalid.
    Invalid(Diagnostic),
    /// The output cannot be drawn.
    Render(RenderError),
    /// Several problems already reported in full, and the exit code they add up to.
    Report { text: String, code: u8 },
}

impl Error {
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Invalid(_) | Error::Render(_) => 1,
            Error::Report { code, .. } => *code,
            Error::Usage(_) | Error::Io(_) | Error::Config(_) => 2,
        }
    }

    /// The message for a terminal: located problems get the rustc-style snippet.
    pub fn render(&self, color: bool) -> String {
        match self {
            Error::Config(d) | Error::Invalid(d) => d.render(color),
            Error::Report { text, .. } => text.clone(),
            other => format!("error: {other}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Io(message) => f.write_str(message),
            Error::Config(d) | Error::Invalid(d) => d.fmt(f),
            Error::Render(e) => e.fmt(f),
            Error::Report { text, .. } => f.write_str(text),
        }
    }
}

impl std::error::Error for Error {}

impl From<RenderError> for Error {
    fn from(e: RenderError) -> Self {
        Error::Render(e)
    }
}
