//! Text from another program's file (an SGF `PB[…]`, a move text `{comment}`) made into
//! text a record can hold and sheetgen can draw: line breaks and tabs of every kind become
//! spaces (or, in a comment, line breaks), so do other controls, and characters that are
//! never drawn are left out: byte-order marks, bidirectional and other format controls,
//! noncharacters.
//! What is left may still hold a character the font lacks; the importer refuses that.

/// One line of text (a title, a name, a date): every kind of line break and tab a space,
/// runs of spaces one space, the ends trimmed, undrawable characters left out.
pub fn line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // A control stands between words; a format control (a mark) inside one.
        if breaks(c) || c.is_control() || c == ' ' {
            push_space(&mut out);
        } else if !hidden(c) {
            out.push(c);
        }
    }
    out.trim().to_string()
}

/// A comment: paragraphs kept (every kind of line break a `\n`, at most one blank line in a
/// row), each line cleaned as [`line`] cleans a line.
pub(crate) fn paragraphs(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue; // the CR of CRLF
        }
        if c == '\n' || breaks(c) {
            lines.push(line(&current));
            current.clear();
        } else {
            current.push(c);
        }
    }
    lines.push(line(&current));
    let mut out: Vec<String> = Vec::new();
    for l in lines {
        if l.is_empty() && out.last().is_none_or(|last: &String| last.is_empty()) {
            continue;
        }
        out.push(l);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out.join("\n")
}

fn push_space(out: &mut String) {
    if !out.ends_with(' ') {
        out.push(' ');
    }
}

/// Line breaks other than `\n`: CR, NEL, the line and paragraph separators.
fn breaks(c: char) -> bool {
    matches!(c, '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Characters that are never drawn: controls, format controls (byte-order mark, zero-width
/// and bidirectional controls, soft hyphen, tags) and noncharacters.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{ad}' | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}' | '\u{180e}'
            | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
            | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{e0000}'..='\u{e007f}'
            | '\u{fdd0}'..='\u{fdef}')
        || (c as u32) & 0xfffe == 0xfffe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_loses_its_breaks_controls_and_marks() {
        assert_eq!(line(" Ann\r\nLee\t\u{2028}Jr\u{1b}. "), "Ann Lee Jr .");
        assert_eq!(line("\u{feff}\u{202e}Bob\u{2066}\u{200d}"), "Bob");
        assert_eq!(line("a\u{fffe}b\u{85}c"), "ab c");
    }

    #[test]
    fn a_comment_keeps_its_paragraphs() {
        assert_eq!(
            paragraphs("one\r\ntwo\u{2028}\n\n\n three\u{7}\n"),
            "one\ntwo\n\nthree"
        );
    }
}
