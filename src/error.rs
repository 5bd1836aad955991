//! The errors a sheetgen command can end with, and the exit code each gives.
//!
//! Exit codes follow ripgrep's policy: 0 success, 1 an input was read but is invalid (a
//! record breaks the rules, a text cannot be drawn), 2 the command could not do its work
//! (bad options, a missing or unreadable file, a malformed template).

use std::fmt;

use crate::diagnostic::Diagnostic;

/// How a command went; the worst part decides the exit code, in one place
/// ([`Status::exit_code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Status {
    /// Everything was done.
    #[default]
    Done,
    /// An input was read but is invalid (exit 1).
    Invalid,
    /// The command could not do (all of) its work (exit 2).
    Failed,
}

impl Status {
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::Invalid => 1,
            Status::Failed => 2,
        }
    }
}

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
    /// The output cannot be drawn (a text the font lacks, a PNG too large).
    Render(String),
    /// Every input was left out for its problem: nothing is left to make.
    NothingLeft {
        problems: Vec<Problem>,
        message: String,
    },
}

impl Error {
    pub fn status(&self) -> Status {
        match self {
            Error::Invalid(_) | Error::Render(_) => Status::Invalid,
            Error::NothingLeft { problems, .. } => problems
                .iter()
                .map(|p| p.error.status())
                .max()
                .unwrap_or(Status::Invalid)
                .max(Status::Invalid),
            Error::Usage(_) | Error::Io(_) | Error::Config(_) => Status::Failed,
        }
    }

    pub fn exit_code(&self) -> u8 {
        self.status().exit_code()
    }

    /// The message for a terminal: located problems get the rustc-style snippet.
    pub fn render(&self, color: bool) -> String {
        match self {
            Error::Config(d) | Error::Invalid(d) => d.render(color),
            Error::NothingLeft { problems, message } => {
                let mut text: Vec<String> = problems.iter().map(|p| p.render(color)).collect();
                text.push(format!("error: {message}"));
                text.join("\n")
            }
            other => format!("error: {other}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Io(message) | Error::Render(message) => {
                f.write_str(message)
            }
            Error::Config(d) | Error::Invalid(d) => d.fmt(f),
            Error::NothingLeft { message, .. } => f.write_str(message),
        }
    }
}

/// Something a job left out, and why: "skipped games.yaml #2:" and the error.
#[derive(Debug)]
pub struct Problem {
    pub heading: String,
    pub error: Error,
}

impl Problem {
    /// The heading and the error's report, styled for a terminal when `color`.
    pub fn render(&self, color: bool) -> String {
        format!("{}\n{}", self.heading, self.error.render(color).trim_end())
    }
}

impl std::error::Error for Error {}

#[cfg(feature = "cli")]
/// Arguments clap parsed but a command could not read back: a usage error.
impl From<clap::Error> for Error {
    fn from(e: clap::Error) -> Self {
        Error::Usage(e.to_string())
    }
}
