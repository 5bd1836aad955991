//! Reading input files: size and encoding checks before parsing, and YAML with its errors
//! located at the file, line and column.

use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diagnostic::Diagnostic;
use crate::error::Error;

/// Input files larger than this are refused before they are parsed. The largest real input,
/// an evening of records or a rulebook's annotated game, is a few kilobytes.
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// A text file read whole, with the name the user gave it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: Arc<str>,
    /// Lines of `text` before the part being parsed: a document of a multi-document file is
    /// parsed on its own, and its errors are moved down to where it stands in the file.
    pub line_offset: usize,
}

impl SourceFile {
    pub fn new(path: &str, text: &str) -> Self {
        Self {
            path: path.to_string(),
            text: Arc::from(text),
            line_offset: 0,
        }
    }

    /// The same file, for the part that starts on line `first_line` (from 1).
    pub fn part_from_line(&self, first_line: usize) -> Self {
        Self {
            line_offset: first_line - 1,
            ..self.clone()
        }
    }

    /// Reads `path`, refusing directories, files over [`MAX_INPUT_BYTES`], binary files and
    /// text that is not UTF-8.
    pub fn read(path: &str) -> Result<Self, Error> {
        let io = |e: std::io::Error| Error::Io(format!("cannot read {path}: {}", io_reason(&e)));
        let meta = std::fs::metadata(path).map_err(io)?;
        if meta.is_dir() {
            return Err(Error::Io(format!(
                "cannot read {path}: it is a directory, not a file"
            )));
        }
        if meta.len() > MAX_INPUT_BYTES {
            return Err(Error::Config(
                Diagnostic::file(
                    path,
                    format!(
                        "the file is {} bytes, too large to be a sheetgen input",
                        meta.len()
                    ),
                )
                .with_note(format!(
                    "inputs are limited to {MAX_INPUT_BYTES} bytes (4 MiB)"
                )),
            ));
        }
        // Read at most one byte past the limit, in case the file grew since the check.
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::fs::File::open(path).map_err(io)?, MAX_INPUT_BYTES + 1),
            &mut bytes,
        )
        .map_err(io)?;
        Self::from_bytes(path, bytes)
    }

    /// Checks that `bytes` are UTF-8 text of an acceptable size.
    pub fn from_bytes(path: &str, bytes: Vec<u8>) -> Result<Self, Error> {
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(Error::Config(Diagnostic::file(
                path,
                "the file is too large to be a sheetgen input",
            )));
        }
        if bytes.contains(&0) {
            return Err(Error::Config(Diagnostic::file(
                path,
                "this is a binary file, not YAML text",
            )));
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Self {
                path: path.to_string(),
                text: Arc::from(text),
                line_offset: 0,
            }),
            Err(e) => {
                let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                Err(Error::Config(Diagnostic {
                    line,
                    ..Diagnostic::file(path, "the file is not UTF-8 text (save it as UTF-8)")
                }))
            }
        }
    }

    /// Parses the whole file as one YAML document into `T`.
    pub fn parse_yaml<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        self.parse_yaml_part(&self.text)
    }

    /// Parses `part`, the part of the file that starts after `line_offset` lines, as one
    /// YAML document into `T`.
    pub fn parse_yaml_part<T: DeserializeOwned>(&self, part: &str) -> Result<T, Diagnostic> {
        let options = serde_saphyr::options! { with_snippet: false };
        serde_saphyr::from_str_with_options(part, options).map_err(|e| self.yaml_error(&e))
    }

    /// A located diagnostic for a YAML or schema error.
    pub fn yaml_error(&self, e: &serde_saphyr::Error) -> Diagnostic {
        let message = yaml_message(e);
        match e.location() {
            Some(at) if at.line() > 0 => Diagnostic::at(
                &self.path,
                &self.text,
                self.line_offset + at.line() as usize,
                at.column() as usize,
                message,
            ),
            _ => Diagnostic::file(&self.path, message),
        }
    }

    /// The line and column in the file of a value parsed from this part.
    pub fn place(&self, at: &serde_saphyr::Location) -> (usize, usize) {
        (self.line_offset + at.line() as usize, at.column() as usize)
    }

    /// The byte offset of a line and column (both from 1) in the file.
    pub fn byte_at(&self, line: usize, column: usize) -> usize {
        let start = match line {
            0 | 1 => 0,
            _ => self
                .text
                .match_indices('\n')
                .nth(line - 2)
                .map_or(self.text.len(), |(i, _)| i + 1),
        };
        self.text[start..]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| start + i)
    }

    /// The line and column (from 1) of a byte offset in the file.
    pub fn line_column(&self, byte: usize) -> (usize, usize) {
        let before = &self.text[..byte.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    /// A located diagnostic at a value's place in this file.
    pub fn error_at(&self, at: &serde_saphyr::Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(
            &self.path,
            &self.text,
            self.line_offset + at.line() as usize,
            at.column() as usize,
            message,
        )
    }
}

/// serde-saphyr's message without its own location suffix (the diagnostic shows that).
fn yaml_message(e: &serde_saphyr::Error) -> String {
    let text = e.without_snippet().to_string();
    let text = match text.find(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    plain_words(text.trim())
}

/// serde-saphyr words some errors for the programmer who calls it ("use Option<String>",
/// "set DuplicateKeyPolicy"); a record's author gets them in the file's own terms.
fn plain_words(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("duplicate mapping key: ") {
        let key = rest
            .split(", set DuplicateKeyPolicy")
            .next()
            .unwrap_or(rest);
        return format!("`{key}` is given twice; each key may appear once");
    }
    if let Some(limit) = message.strip_prefix("budget breached: ") {
        let limit = limit.split(" (defined").next().unwrap_or(limit);
        return format!(
            "the document is too large to be a game record (over serde-saphyr's limit: {limit})"
        );
    }
    if message.starts_with("multiple YAML documents detected") {
        return "a second document starts here; separate documents with a `---` line".into();
    }
    if let Some(key) = message.strip_prefix("missing field ") {
        return format!("the key {key} is missing");
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        return match rest.split_once(", expected one of ") {
            Some((key, keys)) => format!("unknown key {key}; the keys here are {keys}"),
            None => format!(
                "unknown key {}",
                rest.replace(", expected ", "; the key here is ")
            ),
        };
    }
    let plain = match message {
        "cannot deserialize null into string; use Option<String>" => {
            "an empty value (null) where a word or a number is expected"
        }
        "expected mapping start" => "expected keys with values here (`key: value`)",
        "expected sequence start" => "expected a list here (`[a, b]`, or lines starting with `- `)",
        "expected string scalar" => "expected a single value here, not a list or a mapping",
        _ => message,
    };
    plain.to_string()
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}
