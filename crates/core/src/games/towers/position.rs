//! A Towers position as text, for a record's `position:` and `--position`, written like the
//! other games': ranks 8 down to 1 separated by `/`, files a to h in each (T1), `b` a black
//! stone, `w` a white stone, a number for that many empty squares; then a space and the
//! player who placed first in the turn before, who places first again when the next
//! reveals are equal (T4). The empty board is `8/8/8/8/8/8/8/8 b`. The Current Line is not
//! written: it is the one Line partly filled, if there is one (T3).

use super::rules::{Board, MAX_REVEAL, SIZE, SQUARES, file_of, rank_of, square};
use crate::games::position::{Notation, PositionError, check_shape, read_grid, write_grid};
use crate::vocabulary::{Broken, Side};

const NOTATION: Notation = Notation {
    pieces: &['b', 'w'],
    legend: "b a black stone, w a white stone",
    max_width: SIZE,
    max_rows: SIZE,
    row_name: |i, _| format!("rank {}", SIZE - i),
    square_name: |i, _, file| format!("{}{}", (b'a' + file.min(SIZE - 1) as u8) as char, SIZE - i),
};

/// A game's state between two turns: the board with its Current Line, and who placed
/// first in the last turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start {
    pub board: Board,
    pub last_first: Side,
}

impl Default for Start {
    /// The empty board before the first turn: Black places first on equal reveals (T4).
    fn default() -> Self {
        Self {
            board: Board::default(),
            last_first: Side::Black,
        }
    }
}

/// Reads a position. Refused besides what cannot be read: two Lines partly filled, or one
/// filled with a gap or not from an end (T3), and stone counts no game reaches between
/// turns. Every turn each player places 1 to 4 stones (T4), so after t turns each has
/// between t and 4t: the larger count is at most 4 times the smaller. Only on a full board
/// may the last turn have stopped early (T5), so there it is at most 4 times the smaller
/// plus 4.
pub fn parse(text: &str) -> Result<Start, PositionError> {
    let grid = read_grid(text, &NOTATION)?;
    check_shape(&grid, text, SIZE, SIZE, |i| format!("rank {}", SIZE - i))?;
    let mut cells = [None; SQUARES];
    for (i, row) in grid.rows.iter().enumerate() {
        for (file, cell) in row.cells.iter().enumerate() {
            cells[square(file, SIZE - 1 - i)] = cell.piece.map(|c| match c {
                'b' => Side::Black,
                _ => Side::White,
            });
        }
    }
    let board = Board::set_up(cells).map_err(|unreachable| {
        let sq = unreachable.square;
        let at = grid.rows[SIZE - 1 - rank_of(sq)].cells[file_of(sq)].at;
        PositionError::new(at, unreachable.broken)
    })?;
    check_counts(text, &board)?;
    Ok(Start {
        board,
        last_first: grid.to_move,
    })
}

fn check_counts(text: &str, board: &Board) -> Result<(), PositionError> {
    let count = |side: Side| {
        (0..SQUARES)
            .filter(|&sq| board.at(sq) == Some(side))
            .count()
    };
    let (black, white) = (count(Side::Black), count(Side::White));
    let (fewer, more) = (black.min(white), black.max(white));
    let full = board.is_full();
    let most = MAX_REVEAL * fewer + if full { MAX_REVEAL } else { 0 };
    if more <= most {
        return Ok(());
    }
    let why = if full {
        format!(
            "on a full board the last turn may have stopped early, but still each turn \
             gives each player 1 to {MAX_REVEAL} stones, so the larger count is at most \
             {MAX_REVEAL} × {fewer} + {MAX_REVEAL}"
        )
    } else {
        format!(
            "every turn each player places 1 to {MAX_REVEAL} stones, so after any number of \
             turns the larger count is at most {MAX_REVEAL} × {fewer}"
        )
    };
    Err(PositionError::new(
        text.chars().take_while(|c| c.is_whitespace()).count(),
        Broken::new(
            format!(
                "black has {} and white {white}, which no game reaches: {why}",
                crate::vocabulary::plural(black, "stone")
            ),
            &["T4", "T5"],
        ),
    ))
}

/// The position in the notation [`parse`] reads.
pub fn to_position(start: &Start) -> String {
    let rows = (0..SIZE).rev().map(|rank| {
        (0..SIZE)
            .map(|file| match start.board.at(square(file, rank)) {
                Some(Side::Black) => Some('b'),
                Some(Side::White) => Some('w'),
                None => None,
            })
            .collect()
    });
    write_grid(rows, start.last_first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_reads_as_the_start() {
        assert_eq!(parse("8/8/8/8/8/8/8/8 b").unwrap(), Start::default());
    }

    #[test]
    fn t3_the_partly_filled_line_is_the_current_line() {
        // Line 7 from h1: h1 g2 f3 filled, e4 next.
        let start = parse("8/8/8/8/8/5b2/6w1/7b w").unwrap();
        let current = start.board.current.clone().unwrap();
        assert_eq!(current.line, 7);
        assert_eq!(super::super::rules::square_name(current.next()), "e4");
        assert_eq!(start.last_first, Side::White);
        assert_eq!(to_position(&start), "8/8/8/8/8/5b2/6w1/7b w");
    }

    #[test]
    fn t3_two_partly_filled_lines_or_a_gap_are_refused_at_their_square() {
        let e = parse("8/8/8/8/8/8/w7/7b b").unwrap_err();
        assert!(e.broken.message().contains("and so is Line"), "{e:?}");
        assert_eq!(e.broken.rulings, ["T3"]);
        let e = parse("8/8/8/8/8/5b2/8/7b b").unwrap_err();
        assert!(e.broken.message().contains("g2 is empty"), "{e:?}");
        let e = parse("8/8/8/8/4b3/5b2/8/8 b").unwrap_err();
        assert!(e.broken.message().contains("neither of its ends"), "{e:?}");
    }

    #[test]
    fn t4_counts_no_turns_reach_are_refused() {
        // a1 (Line 0) and h8 (Line 14) are Lines of one square: 2 black stones, no white.
        let e = parse("7b/8/8/8/8/8/8/b7 b").unwrap_err();
        assert!(
            e.broken
                .message()
                .contains("black has 2 stones and white 0"),
            "{e:?}"
        );
        assert!(parse("7w/8/8/8/8/8/8/b7 b").is_ok());
    }
}
