//! Reports for the terminal and for programs: text tables with aligned columns, and JSON,
//! one object a line. Commands build their report's rows; how they are written is here.

use serde::Serialize;
use unicode_width::UnicodeWidthStr as _;

/// A column of a text table: its heading, its least width, its alignment, and the spaces
/// before it.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub heading: &'static str,
    pub width: usize,
    pub right: bool,
    pub gap: usize,
}

impl Column {
    pub const fn new(heading: &'static str, width: usize, right: bool, gap: usize) -> Self {
        Self {
            heading,
            width,
            right,
            gap,
        }
    }
}

/// A text table: a heading line, then one line per row; the last column is not padded.
pub fn table(columns: &[Column], rows: &[Vec<String>]) -> String {
    let line = |cells: &[&str]| {
        let mut out = String::new();
        for (i, (cell, column)) in cells.iter().zip(columns).enumerate() {
            let last = i + 1 == columns.len();
            out.push_str(&" ".repeat(column.gap));
            // Padded by the columns a terminal gives the text, not by its characters.
            let pad = " ".repeat(column.width.saturating_sub(cell.width()));
            match (column.right, last) {
                (true, _) => out.extend([pad.as_str(), cell]),
                (false, true) => out.push_str(cell),
                (false, false) => out.extend([*cell, pad.as_str()]),
            }
        }
        out.push('\n');
        out
    };
    let headings: Vec<&str> = columns.iter().map(|c| c.heading).collect();
    let mut out = line(&headings);
    for row in rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        out.push_str(&line(&cells));
    }
    out
}

/// `value` as one line of JSON, with its line break.
pub fn json_line(value: &impl Serialize) -> String {
    let mut line = serde_json::to_string(value).expect("a report's values serialize");
    line.push('\n');
    line
}

/// A signed number as reports write it: `+1`, `0`, `-2`.
pub(crate) fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_and_the_last_is_free() {
        let columns = [
            Column {
                heading: "no.",
                width: 3,
                right: true,
                gap: 0,
            },
            Column {
                heading: "who",
                width: 5,
                right: false,
                gap: 2,
            },
            Column {
                heading: "n",
                width: 3,
                right: true,
                gap: 1,
            },
            Column {
                heading: "notes",
                width: 0,
                right: false,
                gap: 2,
            },
        ];
        let text = table(
            &columns,
            &[vec!["1".into(), "ann".into(), "+2".into(), "ok".into()]],
        );
        assert_eq!(text, "no.  who     n  notes\n  1  ann    +2  ok\n");
        // A Chinese name takes two columns a character in a terminal.
        let text = table(
            &columns,
            &[vec!["1".into(), "陈伟".into(), "+2".into(), "ok".into()]],
        );
        assert_eq!(text.lines().nth(1), Some("  1  陈伟   +2  ok"));
    }

    #[test]
    fn json_is_one_line() {
        assert_eq!(json_line(&[1, 2]), "[1,2]\n");
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(-3), "-3");
    }
}
