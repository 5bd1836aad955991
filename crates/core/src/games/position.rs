//! What the three games' position notations share: rows from the top of the board down,
//! separated by `/`, a letter a piece, a number that many empty squares, then a space and
//! the side to move (`b` or `w`). Each game reads the grid with its own letters and checks
//! what it holds; a problem names the character it is at, which the record's or the command
//! line's diagnostic then points to. Reading is one pass over the text and never panics.

use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;
use crate::record::SpannedText;
use crate::vocabulary::{Broken, Side};

/// A position that cannot be read or cannot be: what is wrong, at which character of the
/// text (counted in characters from 0), with the rulings it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    pub at: usize,
    pub broken: Broken,
}

impl PositionError {
    pub fn new(at: usize, broken: impl Into<Broken>) -> Self {
        Self {
            at,
            broken: broken.into(),
        }
    }

    /// The problem at its place in a record: `position` is the record's value; the column
    /// is the character's own when the string is written on one line without escapes, else
    /// the value's start.
    pub(crate) fn in_record(&self, source: &SourceFile, position: &SpannedText) -> Diagnostic {
        let (line, column) = source.place(&position.referenced);
        let start = source.byte_at(line, column);
        let rest = source.text.get(start..).unwrap_or_default();
        let quoted = rest.starts_with(['"', '\'']);
        let content = &rest[usize::from(quoted)..];
        let column = if content.starts_with(position.value.as_str()) {
            column + usize::from(quoted) + self.at
        } else {
            column
        };
        Diagnostic::at(
            &source.path,
            &source.text,
            line,
            column,
            self.broken.message(),
        )
        .citing(self.broken.rulings)
    }

    /// The problem in a position given on the command line: `source` holds the position's
    /// text alone, named after the option.
    pub(crate) fn in_option(&self, source: &SourceFile) -> Diagnostic {
        Diagnostic::at(
            &source.path,
            &source.text,
            1,
            self.at + 1,
            self.broken.message(),
        )
        .citing(self.broken.rulings)
    }
}

/// One square of a row as written: its piece letter (None for empty) and the character it
/// was written at (a run of empty squares: the number's first digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub piece: Option<char>,
    pub at: usize,
}

/// A row as written, from the left, and the character it starts at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<Cell>,
    pub at: usize,
}

/// The grid and the side to move, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Rows from the top of the board down.
    pub rows: Vec<Row>,
    pub to_move: Side,
}

/// How a game reads and names its grid.
pub(crate) struct Notation<'a> {
    /// The letters of pieces (lower case; upper case is read the same).
    pub pieces: &'a [char],
    /// What a letter stands for, for the message refusing another: "b a black piece, …".
    pub legend: &'a str,
    /// The most rows, and squares in a row, the game has: a longer row or a larger number
    /// is refused as soon as it passes this, so memory stays bounded.
    pub max_width: usize,
    pub max_rows: usize,
    /// A row's name from its index from the top and the number of rows: "rank 8".
    pub row_name: fn(usize, usize) -> String,
    /// A square's name from its row's index from the top, the number of rows and its
    /// index in the row: "b8".
    pub square_name: fn(usize, usize, usize) -> String,
}

/// Reads `text` as a grid of `notation`'s letters and the side to move.
pub(crate) fn read_grid(text: &str, notation: &Notation) -> Result<Grid, PositionError> {
    let chars: Vec<(usize, char)> = text.chars().enumerate().collect();
    let mut i = 0;
    while i < chars.len() && chars[i].1.is_whitespace() {
        i += 1;
    }
    if i == chars.len() {
        return Err(PositionError::new(
            0,
            "the position is empty: write the rows from the top down, separated by /, then a \
             space and the side to move (b or w)",
        ));
    }
    let board: Vec<&(usize, char)> = chars[i..]
        .iter()
        .take_while(|(_, c)| !c.is_whitespace())
        .collect();
    let count = board.iter().filter(|(_, c)| *c == '/').count() + 1;
    if count > notation.max_rows {
        let at = board
            .iter()
            .filter(|(_, c)| *c == '/')
            .nth(notation.max_rows - 1)
            .map_or(i, |(at, _)| *at);
        return Err(PositionError::new(
            at,
            format!("{count} rows: a board has at most {}", notation.max_rows),
        ));
    }
    let mut rows = vec![Row {
        cells: Vec::new(),
        at: i,
    }];
    while i < chars.len() && !chars[i].1.is_whitespace() {
        let (at, c) = chars[i];
        let r = rows.len() - 1;
        let row = rows.last_mut().expect("there is always a row");
        let too_wide = || {
            PositionError::new(
                at,
                format!(
                    "{}: more than {} squares, wider than any board",
                    (notation.row_name)(r, count),
                    notation.max_width
                ),
            )
        };
        if c == '/' {
            rows.push(Row {
                cells: Vec::new(),
                at: at + 1,
            });
            i += 1;
        } else if c.is_ascii_digit() {
            let mut run = 0usize;
            while i < chars.len() && chars[i].1.is_ascii_digit() {
                run = run * 10 + chars[i].1 as usize - '0' as usize;
                if row.cells.len() + run > notation.max_width {
                    return Err(too_wide());
                }
                i += 1;
            }
            if run == 0 {
                return Err(PositionError::new(
                    at,
                    format!(
                        "{}: 0 empty squares; a number counts one or more",
                        (notation.row_name)(r, count)
                    ),
                ));
            }
            row.cells.extend((0..run).map(|_| Cell { piece: None, at }));
        } else if notation.pieces.contains(&c.to_ascii_lowercase()) {
            if row.cells.len() == notation.max_width {
                return Err(too_wide());
            }
            row.cells.push(Cell {
                piece: Some(c.to_ascii_lowercase()),
                at,
            });
            i += 1;
        } else {
            return Err(PositionError::new(
                at,
                format!(
                    "{} ({}): `{}` is not a square: {}, a number that many empty squares, / \
                     between rows",
                    (notation.row_name)(r, count),
                    (notation.square_name)(r, count, row.cells.len()),
                    c.escape_debug(),
                    notation.legend
                ),
            ));
        }
    }
    let board_end = i;
    while i < chars.len() && chars[i].1.is_whitespace() {
        i += 1;
    }
    let side_at = i;
    let word: String = chars[i..]
        .iter()
        .map(|(_, c)| *c)
        .take_while(|c| !c.is_whitespace())
        .collect();
    let to_move = match word.to_ascii_lowercase().as_str() {
        "b" => Side::Black,
        "w" => Side::White,
        "" => {
            return Err(PositionError::new(
                board_end,
                "the side to move is missing: end the position with a space and b or w",
            ));
        }
        _ => {
            return Err(PositionError::new(
                side_at,
                format!(
                    "`{}` is not a side to move: b (black) or w (white)",
                    word.escape_debug()
                ),
            ));
        }
    };
    i += word.chars().count();
    while i < chars.len() && chars[i].1.is_whitespace() {
        i += 1;
    }
    if i < chars.len() {
        return Err(PositionError::new(
            i,
            "the position ends with the side to move; nothing comes after it",
        ));
    }
    Ok(Grid { rows, to_move })
}

/// Writes rows (from the top) of squares as the notation does: a letter a piece, a number
/// for each run of empty squares; then the side to move.
pub(crate) fn write_grid(rows: impl Iterator<Item = Vec<Option<char>>>, to_move: Side) -> String {
    let mut out = String::new();
    for (r, row) in rows.enumerate() {
        if r > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for square in row {
            match square {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(match to_move {
        Side::Black => 'b',
        Side::White => 'w',
    });
    out
}

/// Refuses a grid of other than `rows` rows, or a row of other than `width` squares; `name`
/// names a row by its index from the top ("rank 8").
pub(crate) fn check_shape(
    grid: &Grid,
    text: &str,
    rows: usize,
    width: usize,
    name: impl Fn(usize) -> String,
) -> Result<(), PositionError> {
    if grid.rows.len() != rows {
        let end = text.trim_end().chars().count();
        let at = grid.rows.last().map_or(end, |r| r.at);
        return Err(PositionError::new(
            at,
            format!("{} rows, but the board has {rows}", grid.rows.len()),
        ));
    }
    for (i, row) in grid.rows.iter().enumerate() {
        if row.cells.len() != width {
            return Err(PositionError::new(
                row.at,
                format!(
                    "{} has {} squares, but the board is {width} wide",
                    name(i),
                    row.cells.len()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTATION: Notation = Notation {
        pieces: &['b', 'w', 'x'],
        legend: "b a black piece, w a white piece, x an obstruction",
        max_width: 12,
        max_rows: 12,
        row_name: |i, n| format!("rank {}", n - i),
        square_name: |i, n, f| format!("{}{}", (b'a' + f as u8) as char, n - i),
    };

    #[test]
    fn a_grid_reads_rows_numbers_and_the_side() {
        let grid = read_grid("1b10/12 w", &NOTATION).unwrap();
        assert_eq!(grid.rows.len(), 2);
        assert_eq!(grid.rows[0].cells.len(), 12);
        assert_eq!(grid.rows[0].cells[1].piece, Some('b'));
        assert_eq!(grid.rows[0].cells[2].at, 2, "the run's first digit");
        assert_eq!(grid.rows[1].at, 5);
        assert_eq!(grid.to_move, Side::White);
    }

    #[test]
    fn each_problem_names_its_character() {
        let at = |text: &str| read_grid(text, &NOTATION).unwrap_err().at;
        assert_eq!(at("1q b"), 1);
        assert_eq!(at("13 b"), 0);
        assert_eq!(at("b0 b"), 1);
        assert_eq!(at("bb"), 2);
        assert_eq!(at("bb q"), 3);
        assert_eq!(at("bb b w"), 5);
        assert_eq!(at("  "), 0);
        assert_eq!(at(&"1/".repeat(12)), 23);
    }

    #[test]
    fn written_grids_read_back() {
        let rows = vec![vec![None, Some('b'), None, None], vec![Some('w'); 4]];
        let text = write_grid(rows.into_iter(), Side::Black);
        assert_eq!(text, "1b2/wwww b");
        assert!(read_grid(&text, &NOTATION).is_ok());
    }
}
