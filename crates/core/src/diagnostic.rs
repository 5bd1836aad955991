//! Located problems in input files, shown the way rustc shows them: the file, line and
//! column, the source line, and a mark under the offending value.

use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Weak};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// One problem at one place in one input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it: any bytes, shown with [`shown_path`].
    pub path: PathBuf,
    /// The file's text, when it is text; shown under the message.
    pub source: Option<Arc<str>>,
    /// 1-based line; 0 when the problem is the file as a whole.
    pub line: usize,
    /// 1-based column in characters; 0 when unknown.
    pub column: usize,
    /// What is wrong, in the game's or the file's terms.
    pub message: String,
    /// Further lines of advice, shown as notes.
    pub notes: Vec<String>,
    /// The rulings of the game's rules page the message cites ("L3"), set by
    /// [`Diagnostic::citing`]; what names the rules page reads these, never the message.
    pub rulings: &'static [&'static str],
    /// The command-line option at fault, when the input is valid but the option cannot
    /// draw it (a character the `--font` lacks): named in the report, shown at its place;
    /// still an invalid input (exit 1), as the same text is with sheetgen's own font.
    pub option: Option<&'static str>,
    /// The key, when the problem is a key the mapping does not have, with the keys it has:
    /// the loader names a record's own game's keys from it.
    pub unknown_key: Option<Box<UnknownKey>>,
    /// The message as phrases, when it is a rule broken ([`Diagnostic::breaking`]): put in
    /// the reader's language where the problem is shown ([`Diagnostic::render_in`]).
    pub phrases: Vec<crate::vocabulary::Phrase>,
}

/// A key that is not one of a mapping's keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKey {
    pub key: String,
    pub expected: Vec<&'static str>,
}

impl Diagnostic {
    /// A problem with a whole file (too large, not text, empty…).
    pub fn file(path: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Self {
            path: path.as_ref().to_path_buf(),
            source: None,
            line: 0,
            column: 0,
            message: message.into(),
            notes: Vec::new(),
            option: None,
            unknown_key: None,
            phrases: Vec::new(),
            rulings: &[],
        }
    }

    /// A problem at `line`:`column` of `source`.
    pub fn at(
        path: impl AsRef<Path>,
        source: &Arc<str>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            path: path.as_ref().to_path_buf(),
            source: Some(Arc::clone(source)),
            line,
            column,
            message: message.into(),
            notes: Vec::new(),
            option: None,
            unknown_key: None,
            phrases: Vec::new(),
            rulings: &[],
        }
    }

    /// The same problem, blamed on the command-line `option` (see [`Diagnostic::option`]).
    pub(crate) fn blaming(mut self, option: Option<&'static str>) -> Self {
        self.option = option;
        self
    }

    /// The problem breaks `rulings`: kept as data, and written at the end of the message
    /// as every broken rule is ("… (ruling L3)").
    pub fn citing(mut self, rulings: &'static [&'static str]) -> Self {
        self.message.push_str(&crate::vocabulary::citation(rulings));
        self.rulings = rulings;
        self
    }

    /// The message as `phrase`, put in the reader's language where the problem is shown
    /// (a character the font lacks: no rule broken, and no ruling cited).
    pub(crate) fn worded(mut self, phrase: crate::vocabulary::Phrase) -> Self {
        self.phrases = vec![phrase];
        self
    }

    /// The problem is the rule `broken`: its words kept as phrases, put in the reader's
    /// language where the problem is shown, and the rulings it cites.
    pub(crate) fn breaking(mut self, broken: crate::vocabulary::Broken) -> Self {
        self.phrases = broken.phrases;
        self.citing(broken.rulings)
    }

    /// [`Diagnostic::render`], a rule broken worded in `words`' language.
    pub fn render_in(&self, color: bool, words: &crate::words::Words) -> String {
        if self.phrases.is_empty() || words.lang() == crate::words::Lang::En {
            return self.render(color);
        }
        let phrases: Vec<String> = self.phrases.iter().map(|p| p.in_words(words)).collect();
        let mut shown = self.clone();
        shown.message = phrases.join(": ") + &crate::vocabulary::citation_in(self.rulings, words);
        shown.render(color)
    }

    pub(crate) fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The report as a note, not an error: what was left out with a word (`note: a
    /// variation at move 3 is left out …`, its place marked).
    pub fn note(&self) -> String {
        let report = self.render(false);
        let report = report.strip_prefix("error: ").unwrap_or(&report);
        format!("note: {report}")
    }

    /// The rustc-style report: message, location, source line with a mark, notes.
    pub fn render(&self, color: bool) -> String {
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        // Record text reaches the terminal escaped: a C1 control such as U+009B is a
        // terminal command, and the renderer replaces only C0 controls.
        let message = shortened(&visible(&self.message));
        let path = shown_path(&self.path);
        let location = visible(&self.location()).into_owned();
        let title = Level::ERROR.primary_title(message.as_str());
        let mut group = match self.snippet_span() {
            Some((line, span)) => {
                let (line, span) = visible_line(line, span);
                title.element(
                    // Only the line itself: the renderer reads all the text it is given, and
                    // a file with thousands of errors would be read once per error.
                    Snippet::source(line)
                        .line_start(self.line)
                        .path(path)
                        .annotation(AnnotationKind::Primary.span(span)),
                )
            }
            None => title.element(annotate_snippets::Origin::path(location)),
        };
        for note in &self.notes {
            group = group.element(Level::NOTE.message(excerpt(&visible(note)).into_owned()));
        }
        let report: &[Group<'_>] = &[group];
        renderer.render(report).to_string()
    }

    /// `path:line:column`, or as much of it as is known.
    pub fn location(&self) -> String {
        let path = shown_path(&self.path);
        match (self.line, self.column) {
            (0, _) => path.to_string(),
            (line, 0) => format!("{path}:{line}"),
            (line, column) => format!("{path}:{line}:{column}"),
        }
    }

    /// The line of the location and the byte range in it of the value there: from the
    /// column to the end of the token (a plain YAML scalar ends at `,` `]` `}` `#` or a
    /// space).
    fn snippet_span(&self) -> Option<(&str, std::ops::Range<usize>)> {
        let source = self.source.as_ref()?;
        if self.line == 0 {
            return None;
        }
        let line_start = line_start(source, self.line)?;
        let source: &str = source;
        let line_end = source[line_start..]
            .find('\n')
            .map_or(source.len(), |i| line_start + i);
        let line_text = &source[line_start..line_end];
        let start = line_start
            + line_text
                .char_indices()
                .nth(self.column.saturating_sub(1))
                .map_or(line_text.len(), |(i, _)| i);
        let rest = &source[start..line_end];
        let token = if rest.starts_with(['"', '\'']) {
            quoted_len(rest)
        } else if rest.starts_with(['[', '{']) {
            bracketed_len(rest)
        } else if in_block_value(&line_text[..start - line_start]) {
            block_scalar_len(rest)
        } else {
            plain_len(rest)
        };
        let end = start + token.max(rest.chars().next().map_or(0, char::len_utf8));
        Some((line_text, start - line_start..end - line_start))
    }
}

/// The byte offset where `line` (from 1) of `source` starts. The offsets of every line are
/// found once per source text and kept, so reporting many errors in one large file stays
/// linear.
pub(crate) fn line_start(source: &Arc<str>, line: usize) -> Option<usize> {
    type Index = (Weak<str>, Vec<usize>);
    thread_local! {
        static INDEX: RefCell<Option<Index>> = const { RefCell::new(None) };
    }
    INDEX.with(|index| {
        let mut index = index.borrow_mut();
        let current = index
            .as_ref()
            .is_some_and(|(text, _)| text.upgrade().is_some_and(|t| Arc::ptr_eq(&t, source)));
        if !current {
            let starts = std::iter::once(0)
                .chain(source.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            *index = Some((Arc::downgrade(source), starts));
        }
        let (_, starts) = index.as_ref()?;
        starts.get(line.checked_sub(1)?).copied()
    })
}

/// Whether a terminal could act on `c` or hide it instead of showing it: control characters
/// (C0 but tab and line feed, DEL, C1), line and paragraph separators and the bidirectional
/// overrides and isolates.
fn is_hidden(c: char) -> bool {
    (c.is_control() && c != '\t' && c != '\n')
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every hidden character written as an escape like `\u{9b}`.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hidden(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// A file name as text for a person: bytes that are not UTF-8 as U+FFFD (a Latin-1 name
/// from an old archive), hidden characters escaped as in [`visible`]. The path itself stays
/// a path everywhere else; this is only for what is shown.
/// A line break or tab in a name is escaped too: a report's line is never forged by one.
pub fn shown_path(path: &Path) -> String {
    let name = path.to_string_lossy();
    if !name.chars().any(|c| is_hidden(c) || c.is_control()) {
        return name.into_owned();
    }
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if is_hidden(c) || c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `message` with each value in backticks longer than a line can show cut in its middle,
/// and its length said: a 309-digit number from a record is not echoed whole.
fn shortened(message: &str) -> String {
    const LONGEST: usize = 60;
    let parts: Vec<&str> = message.split('`').collect();
    let mut out = String::with_capacity(message.len().min(1024));
    let mut length: Option<String> = None;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Said after the closing backtick of the value it counts.
        if let Some(length) = length.take() {
            out.push_str(&length);
        }
        let quoted = i % 2 == 1 && i + 1 < parts.len();
        let chars = part.chars().count();
        if chars <= LONGEST {
            out.push_str(part);
            continue;
        }
        if !quoted {
            out.push_str(&excerpt(part));
            continue;
        }
        let (cut, said) = cut_value(part, chars);
        out.push_str(&cut);
        length = Some(said);
    }
    out
}

/// `text` with each word longer than a line can show cut in its middle, and its length said
/// after it: what a message echoes of an input stays short (a 3 MB `GM[…]` value was echoed
/// whole).
pub(crate) fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    const LONGEST: usize = 60;
    if text.len() <= LONGEST {
        return text.into();
    }
    let mut out = String::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let chars = word.chars().count();
        if chars <= LONGEST {
            out.push_str(word);
        } else {
            let (cut, said) = cut_value(word, chars);
            out.push_str(&cut);
            out.push_str(&said);
        }
    }
    out.into()
}

/// `text` whole when short, else its start and end and its length ("Black ● word word…word
/// word (15004 characters)"): a long phrase echoed in a message.
pub(crate) fn gist(text: &str) -> std::borrow::Cow<'_, str> {
    let chars = text.chars().count();
    if chars <= 60 {
        return text.into();
    }
    let (cut, said) = cut_value(text, chars);
    format!("{cut}{said}").into()
}

/// A long value's start and end, and its length in words (" (309 digits)").
fn cut_value(value: &str, chars: usize) -> (String, String) {
    let mut cut: String = value.chars().take(24).collect();
    cut.push('…');
    cut.extend(value.chars().skip(chars - 12));
    let unit = if value.bytes().all(|b| b.is_ascii_digit()) {
        "digits"
    } else {
        "characters"
    };
    (cut, format!(" ({chars} {unit})"))
}

/// A source line made safe to show, and the byte range `span` of the original moved to the
/// same characters in it. Each hidden character becomes one mark (the renderer's own for C0
/// controls and overrides, U+FFFD for the rest), so columns and the mark under the value
/// stay where the file has them.
fn visible_line(
    line: &str,
    span: std::ops::Range<usize>,
) -> (std::borrow::Cow<'_, str>, std::ops::Range<usize>) {
    let unhandled = |c: char| matches!(c, '\u{80}'..='\u{9f}' | '\u{2028}' | '\u{2029}');
    if !line.chars().any(unhandled) {
        return (line.into(), span);
    }
    let mut out = String::with_capacity(line.len() + 8);
    let (mut start, mut end) = (None, None);
    for (i, c) in line.char_indices() {
        if i == span.start {
            start = Some(out.len());
        }
        if i == span.end {
            end = Some(out.len());
        }
        out.push(if unhandled(c) { '\u{fffd}' } else { c });
    }
    let start = start.unwrap_or(out.len());
    let end = end.unwrap_or(out.len()).max(start);
    (out.into(), start..end)
}

/// Length in bytes of a flow collection at the start of `text` up to its closing bracket
/// on the same line (the whole line when it goes on).
fn bracketed_len(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '[' | '{' => depth += 1,
            ']' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.trim_end().len()
}

/// Whether a value starting after `before` on its line is a block mapping's or list's own
/// value (`game: ` or `- `), not a part of a flow collection or of a quoted string, so that
/// it runs to the end of the line: `game: lines of action` is one value.
fn in_block_value(before: &str) -> bool {
    let before = before.trim_end();
    !before.contains(['[', '{', '"', '\'', ','])
        && (before.ends_with(':') || before.trim_start() == "-")
}

/// Length in bytes of a plain block value: to the line's end or a comment, trailing spaces
/// left out.
fn block_scalar_len(text: &str) -> usize {
    let end = text.find(" #").unwrap_or(text.len());
    let value = text[..end].trim_end();
    // `- key: value` starts a mapping in a list: the key is the token.
    match value
        .find(": ")
        .or_else(|| value.strip_suffix(':').map(str::len))
    {
        Some(key) => key,
        None => value.len(),
    }
}

/// Length in bytes of a token in a flow collection or inside a quoted string: it ends at a
/// separator, a space, or the closing quote of the string around it (`"… b3xe4"`).
fn plain_len(text: &str) -> usize {
    let token = text
        .find([',', ']', '}', '#', ' ', '\t', '\r', '"'])
        .or_else(|| text.strip_suffix('\'').map(str::len))
        .unwrap_or(text.len());
    // A key ends before its colon (`colour:`); a colon inside a word is its own (`b3:e3`).
    text[..token].strip_suffix(':').map_or(token, str::len)
}

/// Length in bytes of a quoted scalar at the start of `text`, quotes included.
fn quoted_len(text: &str) -> usize {
    let quote = text.chars().next().unwrap_or('"');
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        if c == quote && !escaped {
            return i + 1;
        }
        escaped = quote == '"' && c == '\\' && !escaped;
    }
    text.len()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str) -> Arc<str> {
        Arc::from(text)
    }

    #[test]
    fn marks_the_value_at_the_line_and_column() {
        let src = source("game: shoreline\nmoves: [C, C3x, B1]\n");
        let d = Diagnostic::at("game.yaml", &src, 2, 12, "not a column or point");
        let out = d.render(false);
        assert!(out.contains("error: not a column or point"), "{out}");
        assert!(out.contains("game.yaml:2:12"), "{out}");
        assert!(out.contains("moves: [C, C3x, B1]"), "{out}");
        assert!(out.contains("^^^"), "the whole token is marked: {out}");
        assert_eq!(d.to_string(), "game.yaml:2:12: not a column or point");
    }

    #[test]
    fn marks_a_quoted_value_whole() {
        let src = source("title: \"Club, night\"\n");
        let d = Diagnostic::at("t.yaml", &src, 1, 8, "bad");
        assert_eq!(d.snippet_span().unwrap().1, 7..20);
    }

    #[test]
    fn marks_a_move_at_the_end_of_quoted_move_text_without_the_quote() {
        let text = source("moves: \"1. b1-b3 h3-e3\"\n");
        let d = Diagnostic::at("g.yaml", &text, 1, 18, "m");
        assert_eq!(d.snippet_span().unwrap().1, 17..22, "h3-e3, not h3-e3\"");
        let text = source("moves: '1. b1-b3'\n");
        let d = Diagnostic::at("g.yaml", &text, 1, 12, "m");
        assert_eq!(d.snippet_span().unwrap().1, 11..16);
    }

    #[test]
    fn marks_a_block_value_with_spaces_whole() {
        let text = source("game: lines of action   # a comment\n");
        let d = Diagnostic::at("g.yaml", &text, 1, 7, "m");
        assert_eq!(d.snippet_span().unwrap().1, 6..21);
        let text = source("- lines of action\n");
        let d = Diagnostic::at("g.yaml", &text, 1, 3, "m");
        assert_eq!(d.snippet_span().unwrap().1, 2..17);
        // A key is still marked alone, and so is a word inside a flow list.
        let text = source("  colour: red\nmoves: [C, C3 ]\n");
        let d = Diagnostic::at("g.yaml", &text, 1, 3, "m");
        assert_eq!(d.snippet_span().unwrap().1, 2..8);
        let d = Diagnostic::at("g.yaml", &text, 2, 12, "m");
        assert_eq!(d.snippet_span().unwrap().1, 11..13);
    }

    #[test]
    fn marks_a_flow_mapping_to_its_closing_brace() {
        let src = source("result: { black: 3, white: 1 }  # claimed\n");
        let d = Diagnostic::at("g.yaml", &src, 1, 9, "wrong");
        assert_eq!(d.snippet_span().unwrap().1, 8..30);
    }

    #[test]
    fn a_file_problem_has_no_snippet() {
        let d = Diagnostic::file("big.yaml", "the file is 100 MB").with_note("the limit is 1 MB");
        let out = d.render(false);
        assert!(out.contains("error: the file is 100 MB"), "{out}");
        assert!(out.contains("big.yaml"), "{out}");
        assert!(out.contains("note: the limit is 1 MB"), "{out}");
    }

    #[test]
    fn control_characters_are_shown_escaped_and_the_mark_stays_under_the_value() {
        let src = source("title: \"a\u{9b}31m\"\nmoves: [\u{85}x, C9]\n");
        let d = Diagnostic::at(
            "g\u{9b}.yaml",
            &src,
            2,
            13,
            "`C9` is off the board \u{9b}2J",
        );
        let out = d.render(false);
        for raw in ['\u{9b}', '\u{85}'] {
            assert!(!out.contains(raw), "{raw:?} reached the terminal: {out:?}");
        }
        assert!(out.contains("moves: [\u{fffd}x, C9]"), "{out}");
        assert!(out.contains("off the board \\u{9b}2J"), "{out}");
        assert!(out.contains("g\\u{9b}.yaml:2:13"), "{out}");
        // The caret stands under `C9`, at the column the file has it.
        let lines: Vec<&str> = out.lines().collect();
        let column = |line: &str, at: usize| line[..at].chars().count();
        let code = lines.iter().find(|l| l.contains("moves:")).unwrap();
        let marks = lines.iter().find(|l| l.contains('^')).unwrap();
        assert_eq!(
            column(marks, marks.find('^').unwrap()),
            column(code, code.find("C9").unwrap()),
            "{out}"
        );
        assert_eq!(marks.matches('^').count(), 2, "{out}");
    }

    #[test]
    fn a_long_value_in_a_message_is_cut_and_counted() {
        let number = format!("1{}", "0".repeat(308));
        let d = Diagnostic::file("g.yaml", format!("`size` is 5 to 12, not `{number}`"));
        let out = d.render(false);
        assert!(
            out.contains(
                "`size` is 5 to 12, not `100000000000000000000000…000000000000` (309 digits)"
            ),
            "{out}"
        );
        assert_eq!(
            shortened("a `short` one, and `unclosed"),
            "a `short` one, and `unclosed"
        );
    }

    #[test]
    fn a_long_value_outside_backticks_is_cut_too() {
        // A 3 MB `GM[…]` value was echoed whole, twice (issue 27.8).
        let value = "9".repeat(3_000_000);
        let d = Diagnostic::file("g.sgf", format!("this SGF records game {value}"))
            .with_note(format!("GM[{value}] is not 9"));
        let out = d.render(false);
        assert!(out.len() < 1000, "{} bytes", out.len());
        assert!(
            out.contains(
                "this SGF records game 999999999999999999999999…999999999999 (3000000 digits)"
            ),
            "{out}"
        );
        assert!(out.contains("(3000004 characters)"), "{out}");
        assert_eq!(excerpt("short words stay"), "short words stay");
    }

    #[test]
    fn a_location_past_the_end_does_not_panic() {
        let src = source("a: 1");
        let d = Diagnostic::at("x.yaml", &src, 9, 40, "somewhere");
        let _ = d.render(false);
        let d = Diagnostic::at("x.yaml", &src, 1, 40, "past the line end");
        assert!(d.render(false).contains("x.yaml:1"));
    }
}
