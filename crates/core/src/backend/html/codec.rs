//! The replay page's drawings, kept small: every distinct line of the SVG backend's
//! drawings is stored once for the whole page, and a drawing is the list of its lines'
//! numbers (in base 36), runs of consecutive ones as ranges (`0-3`). Lines are stored as a
//! template (the line with each number taken out) and the numbers: a board's lines differ
//! mostly in their coordinates. `replay.js` decodes it (`line`, `drawing`), and the tests
//! decode it with their own reading (tests/it/replay_page.rs).
//!
//! Hand-written: a format of this page's own, a few lines each way.

use std::collections::HashMap;

/// Every distinct line of the drawings, numbered in the order first met.
#[derive(Default)]
pub struct Lines {
    list: Vec<String>,
    /// Fx, not SipHash: a 10,000-move page looks up a million lines, all of them drawn
    /// by sheetgen from the user's own records, so no one is there to make them collide.
    index: HashMap<String, usize, rustc_hash::FxBuildHasher>,
}

/// Stands for a number in a line's template: the SVG backend writes no control character.
const NUMBER: char = '\u{1}';

/// `line` with each number (digits, a `.` between them, a `-` before them) replaced by
/// [`NUMBER`], and the numbers taken out, as written.
fn template(line: &str) -> (String, Vec<&str>) {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut numbers = Vec::new();
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit()
            || (bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < bytes.len()
            && (bytes[i].is_ascii_digit()
                || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
        {
            i += 1;
        }
        out.push_str(&line[copied..start]);
        out.push(NUMBER);
        numbers.push(&line[start..i]);
        copied = i;
    }
    out.push_str(&line[copied..]);
    (out, numbers)
}

impl Lines {
    fn id(&mut self, line: &str) -> usize {
        if let Some(&i) = self.index.get(line) {
            return i;
        }
        self.list.push(line.to_string());
        self.index.insert(line.to_string(), self.list.len() - 1);
        self.list.len() - 1
    }

    /// A drawing as its lines' numbers in base 36, a run of consecutive ones as `a-b`.
    pub fn code(&mut self, body: &str) -> String {
        let ids: Vec<usize> = body.split('\n').map(|line| self.id(line)).collect();
        let mut out = String::new();
        let mut i = 0;
        while i < ids.len() {
            let mut j = i;
            while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
                j += 1;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&base36(ids[i]));
            if j > i {
                out.push('-');
                out.push_str(&base36(ids[j]));
            }
            i = j + 1;
        }
        out
    }
}

/// The stored lines, as the page's data holds them, each made final by `finish` first (the
/// drawings' ids given their key): the templates (`T`), and each line as its template's
/// number and its numbers (`L`).
pub fn tables(lines: &Lines, finish: impl Fn(&str) -> String) -> (Vec<String>, Vec<String>) {
    let mut templates = Lines::default();
    let mut shapes = Vec::new();
    for line in &lines.list {
        let line = finish(line);
        let (template, numbers) = template(&line);
        let mut entry = base36(templates.id(&template));
        for number in numbers {
            entry.push(' ');
            entry.push_str(number);
        }
        shapes.push(entry);
    }
    (templates.list, shapes)
}

fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_lines_are_ranges() {
        let mut lines = Lines::default();
        assert_eq!(lines.code("a\nb\nc\nd"), "0-3");
        assert_eq!(lines.code("a\nx\nb\nc"), "0 4 1-2");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }
}
