//! Reading input files: size and encoding checks before parsing, and YAML with its errors
//! located at the file, line and column.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diagnostic::{Diagnostic, UnknownKey};
use crate::error::Error;

/// Input files larger than this are refused before they are parsed. The largest real input,
/// an evening of records or a rulebook's annotated game, is a few kilobytes.
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// A text file read whole, with the name the user gave it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: Arc<str>,
    /// Lines of `text` before the part being parsed: a document of a multi-document file is
    /// parsed on its own, and its errors are moved down to where it stands in the file.
    pub line_offset: usize,
}

impl SourceFile {
    pub fn new(path: impl AsRef<Path>, text: &str) -> Self {
        Self {
            path: path.as_ref().to_path_buf(),
            text: Arc::from(unix_line_ends(text.to_string())),
            line_offset: 0,
        }
    }

    /// The same file, for the part that starts on line `first_line` (from 1).
    pub(crate) fn part_from_line(&self, first_line: usize) -> Self {
        Self {
            line_offset: first_line - 1,
            ..self.clone()
        }
    }

    /// Checks that `bytes` are UTF-8 text of an acceptable size. Line ends become `\n`
    /// (Windows' CRLF and old Macs' lone CR alike), so lines count the same everywhere.
    pub fn from_bytes(path: impl AsRef<Path>, bytes: Vec<u8>) -> Result<Self, Error> {
        Self::from_bytes_as(path, bytes, YAML)
    }

    /// [`Self::from_bytes`] for a file that should be `kind`.
    pub fn from_bytes_as(
        path: impl AsRef<Path>,
        bytes: Vec<u8>,
        kind: &str,
    ) -> Result<Self, Error> {
        let path = path.as_ref();
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(Error::Config(too_large(path, bytes.len() as u64)));
        }
        if bytes.contains(&0) {
            return Err(Error::Config(Diagnostic::file(
                path,
                format!("this is a binary file, not {kind}"),
            )));
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Self {
                path: path.to_path_buf(),
                text: Arc::from(unix_line_ends(text)),
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
    pub(crate) fn parse_yaml<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        self.parse_yaml_part(&self.text)
    }

    /// Parses `part`, the part of the file that starts after `line_offset` lines, as one
    /// YAML document into `T`.
    pub(crate) fn parse_yaml_part<T: DeserializeOwned>(&self, part: &str) -> Result<T, Diagnostic> {
        crate::yaml::from_str(part).map_err(|e| self.yaml_error(&e))
    }

    /// A located diagnostic for a YAML or schema error.
    pub(crate) fn yaml_error(&self, e: &serde_saphyr::Error) -> Diagnostic {
        let d = self.located_yaml_error(e);
        let unknown_key = match e.without_snippet() {
            serde_saphyr::Error::SerdeUnknownField {
                field, expected, ..
            } => Some(Box::new(UnknownKey {
                key: field.clone(),
                expected: expected.clone(),
            })),
            _ => None,
        };
        Diagnostic { unknown_key, ..d }
    }

    fn located_yaml_error(&self, e: &serde_saphyr::Error) -> Diagnostic {
        let message = yaml_message(e);
        if let Some(d) = self.tab_indentation(e) {
            return d;
        }
        if let Some(d) = self.unclosed_bracket(e) {
            return d;
        }
        if let Some(d) = self.missing_key(e) {
            return d;
        }
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

    /// A syntax error that a tab in a line's indentation caused, said in those words at the
    /// tab: the parser's own words ("did not find expected key") never mention it.
    fn tab_indentation(&self, e: &serde_saphyr::Error) -> Option<Diagnostic> {
        if !is_syntax_error(e) {
            return None;
        }
        let at = e.location();
        let error_line = at.map_or(usize::MAX, |at| self.line_offset + at.line() as usize);
        // The last line whose indentation holds a tab, up to the line after the error (the
        // parser may stop at the end of the line before the tab).
        let (line, column) = self
            .lines_from(self.line_offset + 1)
            .take_while(|(n, _)| *n <= error_line + 1)
            .filter_map(|(n, text)| {
                let indent = &text[..text.len() - text.trim_start().len()];
                let tab = indent.chars().position(|c| c == '\t')?;
                Some((n, tab + 1))
            })
            .last()?;
        Some(Diagnostic::at(
            &self.path,
            &self.text,
            line,
            column,
            "a tab indents this line; YAML allows only spaces for indentation",
        ))
    }

    /// A syntax error inside a `[` or `{` opened on an earlier line and never closed, said
    /// at the bracket: the parser notices only where a later line breaks the list
    /// (`title_pt: [22` is found wrong at the next key, lines below).
    fn unclosed_bracket(&self, e: &serde_saphyr::Error) -> Option<Diagnostic> {
        if !is_syntax_error(e) {
            return None;
        }
        let error_line = self.line_offset + e.location()?.line() as usize;
        let mut open = Vec::new();
        for (n, text) in self
            .lines_from(self.line_offset + 1)
            .take_while(|(n, _)| *n <= error_line)
        {
            open_brackets(text, n, &mut open);
        }
        let &(line, column, bracket) = open.first()?;
        if line >= error_line {
            return None;
        }
        let close = if bracket == '[' { ']' } else { '}' };
        Some(Diagnostic::at(
            &self.path,
            &self.text,
            line,
            column,
            format!("this `{bracket}` is never closed: a `{close}` is missing"),
        ))
    }

    /// A key missing from a block mapping, shown at the mapping's own line (`board:`)
    /// rather than at the mapping's last key, where the parser noticed.
    fn missing_key(&self, e: &serde_saphyr::Error) -> Option<Diagnostic> {
        let serde_saphyr::Error::SerdeMissingField { field, .. } = e.without_snippet() else {
            return None;
        };
        let key = format!("`{field}`");
        let at = e.location()?;
        let line = self.line_offset + at.line() as usize;
        // This document's lines up to the one the parser noticed the lack on.
        let lines: Vec<&str> = self
            .lines_from(self.line_offset + 1)
            .take_while(|(n, _)| *n <= line)
            .map(|(_, text)| text)
            .collect();
        let indent = |text: &str| text.len() - text.trim_start().len();
        let noticed = lines.get(line.checked_sub(self.line_offset + 1)?)?;
        // Only a key at the start of its line: a flow mapping's place is already its own.
        if at.column() as usize != indent(noticed) + 1 || indent(noticed) == 0 {
            return None;
        }
        let in_part = (0..lines.len() - 1).rev().find(|&i| {
            let text = lines[i];
            !text.trim().is_empty()
                && !text.trim_start().starts_with('#')
                && indent(text) < indent(noticed)
        })?;
        let (owner, text) = (self.line_offset + in_part, lines[in_part]);
        let mut column = indent(text) + 1;
        let mut owner_text = text.trim_start();
        if let Some(entry) = owner_text.strip_prefix("- ") {
            // `- name:` opens a mapping in a list entry whose value is the mapping below it,
            // when that is indented further than the entry's own keys.
            let nested = entry.trim_end().ends_with(':') && indent(noticed) > column + 1;
            if !nested {
                let message = format!("the key {key} is missing from this entry of the list");
                return Some(Diagnostic::at(
                    &self.path,
                    &self.text,
                    owner + 1,
                    column,
                    message,
                ));
            }
            owner_text = entry;
            column += 2;
        }
        let name = owner_text.split(':').next().unwrap_or_default();
        let message = format!("the key {key} is missing from `{name}`");
        Some(Diagnostic::at(
            &self.path,
            &self.text,
            owner + 1,
            column,
            message,
        ))
    }

    /// The lines of the file from line `first` (from 1) on, each with its number. They start
    /// from the file's line index, so reading one document's lines costs that document, not
    /// the file before it: each error of 16,000 documents read the file from its first line
    /// (issue 27).
    fn lines_from(&self, first: usize) -> impl Iterator<Item = (usize, &str)> {
        let start = crate::diagnostic::line_start(&self.text, first).unwrap_or(self.text.len());
        self.text[start..]
            .lines()
            .inspect(|_| read_lines(1))
            .zip(first..)
            .map(|(text, n)| (n, text))
    }

    /// The line and column in the file of a value parsed from this part.
    pub fn place(&self, at: &serde_saphyr::Location) -> (usize, usize) {
        (self.line_offset + at.line() as usize, at.column() as usize)
    }

    /// The byte offset of a line and column (both from 1) in the file.
    pub(crate) fn byte_at(&self, line: usize, column: usize) -> usize {
        let start =
            crate::diagnostic::line_start(&self.text, line.max(1)).unwrap_or(self.text.len());
        self.text[start..]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| start + i)
    }

    /// The line and column (from 1) of a byte offset in the file.
    pub(crate) fn line_column(&self, byte: usize) -> (usize, usize) {
        let before = &self.text[..byte.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    /// A located diagnostic at a value's place in this file.
    pub(crate) fn error_at(
        &self,
        at: &serde_saphyr::Location,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::at(
            &self.path,
            &self.text,
            self.line_offset + at.line() as usize,
            at.column() as usize,
            message,
        )
    }
}

/// The refusal of an input of `bytes` bytes, over [`MAX_INPUT_BYTES`]: the same words
/// wherever an input comes from (a file, the playground page, the Typst plugin).
pub fn too_large(path: impl AsRef<Path>, bytes: u64) -> Diagnostic {
    Diagnostic::file(
        path,
        format!("the file is {bytes} bytes, too large to be a sheetgen input"),
    )
    .with_note(format!(
        "inputs are limited to {MAX_INPUT_BYTES} bytes (4 MiB)"
    ))
}

#[cfg(test)]
thread_local! {
    /// How many lines of files the error paths read: the tests check it stays linear.
    static LINES_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn read_lines(n: usize) {
    #[cfg(test)]
    LINES_READ.set(LINES_READ.get() + n);
    let _ = n;
}

/// Whether `e` is the YAML parser's (the text is not YAML), not a value's.
fn is_syntax_error(e: &serde_saphyr::Error) -> bool {
    matches!(
        e.without_snippet(),
        serde_saphyr::Error::ExternalMessage { source, .. }
            if matches!(**source, serde_saphyr::ExternalMessageSource::Parser(_))
    )
}

/// Follows the flow brackets of line `n`: pushes the line and column (from 1) of each `[`
/// or `{` that opens a list or mapping onto `open`, and pops one for each `]` or `}`.
/// Quoted texts and comments are skipped; a bracket inside a plain text (`see [1]`) opens
/// nothing.
fn open_brackets(text: &str, n: usize, open: &mut Vec<(usize, usize, char)>) {
    let mut quote = None;
    // The last character that was not a space: a value starts after these.
    let mut before = ':';
    let mut escaped = false;
    // The character before, a space at the line's start.
    let mut prev = ' ';
    for (i, c) in text.chars().enumerate() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if q == '"' && c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
                before = c;
            }
            prev = c;
            continue;
        }
        let value_starts = matches!(before, ':' | '-' | ',' | '[' | '{' | '?');
        match c {
            '"' | '\'' if value_starts => quote = Some(c),
            '#' if prev.is_whitespace() => break,
            '[' | '{' if value_starts || !open.is_empty() => open.push((n, i + 1, c)),
            ']' | '}' if !open.is_empty() => {
                open.pop();
            }
            _ => {}
        }
        if !c.is_whitespace() {
            before = c;
        }
        prev = c;
    }
}

/// What a file is refused as when it is binary, unless the caller names another kind.
/// What a record file is, in the words a binary one is refused with.
pub const YAML: &str = "YAML text";

/// `text` with CRLF and lone CR line ends as `\n`. YAML reads both as line breaks anyway;
/// the rest of sheetgen counts lines by `\n` only.
fn unix_line_ends(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// serde-saphyr words some errors for the programmer who calls it ("use Option<String>",
/// "set DuplicateKeyPolicy"); a record's author gets them in the file's own terms, chosen by
/// the error's kind. Other errors keep the parser's words, without its location suffixes
/// (the diagnostic shows the place).
fn yaml_message(e: &serde_saphyr::Error) -> String {
    use serde_saphyr::Error as E;
    match e.without_snippet() {
        E::AliasError { error, .. } => yaml_message(error),
        E::SerdeUnknownField {
            field, expected, ..
        } => format!(
            "unknown key `{field}`; the keys here are {}",
            expected.join(", ")
        ),
        E::SerdeMissingField { field, .. } => format!("the key `{field}` is missing"),
        E::DuplicateMappingKey { key: Some(key), .. } => {
            format!("`{key}` is given twice; each key may appear once")
        }
        E::DuplicateMappingKey { key: None, .. } => {
            "a key is given twice; each key may appear once".into()
        }
        E::Budget { breach, .. } => {
            format!(
                "the document is too large to be read: {}",
                budget_words(breach)
            )
        }
        E::MultipleDocuments { .. } => {
            "a second document starts here; separate documents with a `---` line".into()
        }
        E::NullIntoString { .. } => {
            "an empty value (null) where a word or a number is expected".into()
        }
        E::Unexpected {
            expected: "mapping start",
            ..
        } => "expected keys with values here (`key: value`)".into(),
        E::Unexpected {
            expected: "sequence start",
            ..
        } => "expected a list here (`[a, b]`, or lines starting with `- `)".into(),
        E::Unexpected {
            expected: "string scalar",
            ..
        } => "expected a single value here, not a list or a mapping".into(),
        other => without_location(&other.to_string()),
    }
}

/// The parser's message without ` at line 3, column 7`, and for a value reached through
/// an alias ` (defined at line 1, column 10)` and ` (used at line 3, column 7)`.
fn without_location(message: &str) -> String {
    let mut text = message.to_string();
    for suffix in [" (defined at line ", " (used at line "] {
        while let Some(start) = text.find(suffix) {
            let end = text[start..]
                .find(')')
                .map_or(text.len(), |i| start + i + 1);
            text.replace_range(start..end, "");
        }
    }
    if let Some(i) = text.find(" at line ") {
        text.truncate(i);
    }
    text.trim().to_string()
}

/// A budget breach in words: what there was too much of, and where the reader stopped.
fn budget_words(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    let (what, count) = match *breach {
        B::Events { events } => ("YAML events", Some(events)),
        B::Aliases { aliases } => ("aliases (`*name`)", Some(aliases)),
        B::Anchors { anchors } => ("anchors (`&name`)", Some(anchors)),
        B::Depth { depth } => ("levels of nesting", Some(depth)),
        B::InclusionDepth { depth } => ("levels of nesting", Some(depth as usize)),
        B::Documents { documents } => ("documents", Some(documents)),
        B::Nodes { nodes } => (
            "values (each list, mapping and single value counts)",
            Some(nodes),
        ),
        B::ScalarBytes { total_scalar_bytes } => {
            ("bytes of text in values", Some(total_scalar_bytes))
        }
        B::MergeKeys { merge_keys } => ("merge keys (`<<`)", Some(merge_keys)),
        _ => ("parts of one kind", None),
    };
    match count {
        Some(count) => format!("the reader stopped at {count} {what}"),
        None => format!("it holds too many {what}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Record {
        game: String,
        title: Option<String>,
    }

    #[test]
    fn lone_cr_and_crlf_line_ends_read_as_lines() {
        for text in [
            "# a game\rgame: shoreline\rtitle: x\r",
            "# a game\r\ngame: shoreline\r\n",
        ] {
            let source = SourceFile::from_bytes("mac.yaml", text.as_bytes().to_vec()).unwrap();
            assert_eq!(source.text.lines().count(), text.matches('\r').count());
            assert!(!source.text.contains('\r'));
            let record: Record = source.parse_yaml().unwrap();
            assert_eq!(record.game, "shoreline");
        }
        // Errors are placed on the line the file has them.
        let source = SourceFile::new("mac.yaml", "game: shoreline\rtitle: [a]\r");
        let err = source.parse_yaml::<Record>().unwrap_err();
        assert_eq!((err.line, err.column), (2, 8), "{err}");
    }

    #[test]
    fn an_unclosed_bracket_is_shown_where_it_opens() {
        // The parser finds the list broken only at the next key; the error is at the `[`.
        let text = "game: shoreline\ntitle: [a, 'b]', \"c[\"  # a [comment\nround: 2\n";
        let err = SourceFile::new("open.yaml", text)
            .parse_yaml::<Record>()
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, 8), "{err}");
        assert_eq!(err.message, "this `[` is never closed: a `]` is missing");
        // A bracket in a plain text opens nothing: the error stays where the parser is.
        let text = "game: shoreline\ntitle: see [1\nround: [2\ntitle: 3\n";
        let err = SourceFile::new("open.yaml", text)
            .parse_yaml::<Record>()
            .unwrap_err();
        assert_eq!(err.line, 3, "{err}");
    }

    #[test]
    fn an_alias_error_has_no_half_location_in_its_words() {
        let source = SourceFile::new("a.yaml", "game: &g [shoreline]\ntitle: x\nz: *g\n");
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Aliased {
            game: Vec<String>,
            title: String,
            z: String,
        }
        let err = source.parse_yaml::<Aliased>().unwrap_err();
        assert!(!err.message.contains("(defined"), "{err}");
        assert!(!err.message.contains("line"), "{err}");
        assert_eq!(
            err.message,
            "expected a single value here, not a list or a mapping"
        );
    }

    #[test]
    fn a_budget_breach_is_said_in_words() {
        use serde_saphyr::budget::BudgetBreach;
        assert_eq!(
            budget_words(&BudgetBreach::Nodes { nodes: 250001 }),
            "the reader stopped at 250001 values (each list, mapping and single value counts)"
        );
        assert_eq!(
            budget_words(&BudgetBreach::SequenceUnbalanced),
            "it holds too many parts of one kind"
        );
        // A real breach, as the parser reports it, comes out in the same words.
        let many = format!("a: [{}0]\n", "0,".repeat(300_000));
        let err = SourceFile::new("many.yaml", &many)
            .parse_yaml::<serde::de::IgnoredAny>()
            .unwrap_err();
        assert!(
            err.message
                .starts_with("the document is too large to be read: the reader stopped at"),
            "{err}"
        );
        assert!(!err.message.contains('{'), "{err}");
    }

    #[test]
    fn many_documents_with_an_error_each_read_each_line_a_few_times_only() {
        // Each error used to look for tabs and missing keys from the file's first line:
        // 16,000 such documents took seconds (issue 27). The work is counted, not timed.
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Doc {
            game: String,
            board: Board,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Board {
            size: u32,
            name: String,
        }
        let kinds = [
            "game: x\nboard: [A\n",
            "game: x\n\tboard: x\n",
            "game: x\nboard:\n  size: 8\n",
        ];
        let text = (0..3000)
            .map(|i| kinds[i % 3])
            .collect::<Vec<_>>()
            .join("---\n");
        let source = SourceFile::new("many.yaml", &text);
        LINES_READ.set(0);
        let mut first_line = 1;
        for (i, document) in text.split("---\n").enumerate() {
            let part = source.part_from_line(first_line);
            let err = part.parse_yaml_part::<Doc>(document).unwrap_err();
            if i == 2999 {
                assert_eq!(err.line, first_line + 1, "{err}");
                assert!(
                    err.message.contains("`name` is missing from `board`"),
                    "{err}"
                );
            }
            first_line += document.matches('\n').count() + 1;
        }
        let lines = text.lines().count();
        let read = LINES_READ.get();
        assert!(read < 20 * lines, "{read} lines read for a file of {lines}");
    }

    #[test]
    fn a_binary_file_is_refused_as_what_it_should_be() {
        let png = b"\x89PNG\r\n\x1a\n\x00\x00".to_vec();
        let err = SourceFile::from_bytes_as("style.css", png.clone(), "CSS text").unwrap_err();
        assert!(
            err.to_string()
                .contains("this is a binary file, not CSS text"),
            "{err}"
        );
        let err = SourceFile::from_bytes("g.yaml", png).unwrap_err();
        assert!(err.to_string().contains("not YAML text"), "{err}");
    }
}
