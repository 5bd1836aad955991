//! A Lines of Action position as text, for a record's `position:` and `--position`: the
//! ranks from the top down separated by `/`, `b` a black piece, `w` a white piece, `x` an
//! obstructed square (L2), a number for that many empty squares, then a space and the side
//! to move. The board is as many squares wide as it has ranks (5 to 12, L1). The standard
//! start of the 8×8 board is `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b`.

use super::bits::{Bits, Wide};
use super::game::Rules;
use super::rules::{AnyBoard, MAX_SIZE, MIN_SIZE, Position};
use crate::games::position::{Grid, Notation, PositionError, check_shape, read_grid, write_grid};
use crate::vocabulary::{Broken, Side};

const NOTATION: Notation = Notation {
    pieces: &['b', 'w', 'x'],
    legend: "b a black piece, w a white piece, x an obstructed square",
    max_width: MAX_SIZE,
    max_rows: MAX_SIZE,
    row_name: |i, n| format!("rank {}", n - i),
    square_name: |i, n, file| format!("{}{}", (b'a' + file as u8) as char, n - i),
};

/// A position read: the board (its size and obstructed squares) and the pieces on it with
/// the side to move, the engine's own types.
#[derive(Debug, Clone)]
pub struct Start {
    pub board: AnyBoard,
    pub position: Position<Wide>,
}

impl Start {
    /// The rules of a game that starts here: the board's size and obstructions, the
    /// position as its start, every other option at its default.
    pub fn rules(&self) -> Rules {
        Rules {
            size: self.board.size,
            obstructions: self.board.blocked.squares().collect(),
            start: Some(self.position),
            ..Rules::default()
        }
    }
}

/// Reads a position; the error names what is wrong and the character it is at. Refused
/// besides what cannot be read: a board of other than 5 to 12 ranks, ranks of another
/// width, a side without a piece, or more pieces than a side starts with (2n − 4 on an n×n
/// board, L1): captures only take pieces away.
pub fn parse(text: &str) -> Result<Start, PositionError> {
    let grid = read_grid(text, &NOTATION)?;
    let n = grid.rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        let at = grid.rows.last().map_or(0, |r| r.at);
        return Err(PositionError::new(
            at,
            Broken::new(
                format!(
                    "{n} ranks: a board has {MIN_SIZE} to {MAX_SIZE} ranks, each as wide as \
                     the board has ranks"
                ),
                &["L1"],
            ),
        ));
    }
    check_shape(&grid, text, n, n, |i| format!("rank {}", n - i))?;
    let (black, white, blocked) = squares(&grid, n);
    let board = AnyBoard::shared(n, &blocked);
    let position = Position {
        black,
        white,
        to_move: grid.to_move,
    };
    check_counts(&grid, &position, n)?;
    Ok(Start { board, position })
}

/// The pieces and obstructed squares of a grid of `n` ranks, rank n first.
fn squares(grid: &Grid, n: usize) -> (Wide, Wide, Vec<usize>) {
    let (mut black, mut white, mut blocked) = (Wide::empty(), Wide::empty(), Vec::new());
    for (i, row) in grid.rows.iter().enumerate() {
        let rank = n - 1 - i;
        for (file, cell) in row.cells.iter().enumerate() {
            let sq = rank * n + file;
            match cell.piece {
                Some('b') => black = black.or(Wide::single(sq)),
                Some('w') => white = white.or(Wide::single(sq)),
                Some(_) => blocked.push(sq),
                None => {}
            }
        }
    }
    blocked.sort_unstable();
    (black, white, blocked)
}

/// Each side has at least one piece and at most the 2n − 4 it starts with (L1): a game
/// never adds pieces, and a side whose last piece but one is taken is already connected,
/// so its last piece is never taken (L4).
fn check_counts(grid: &Grid, position: &Position<Wide>, n: usize) -> Result<(), PositionError> {
    let most = 2 * n - 4;
    for side in [Side::Black, Side::White] {
        let count = position.pieces(side).count() as usize;
        let letter = if side == Side::Black { 'b' } else { 'w' };
        if count > most {
            // At the first piece too many, reading from the top.
            let at = grid
                .rows
                .iter()
                .flat_map(|r| &r.cells)
                .filter(|c| c.piece == Some(letter))
                .nth(most)
                .map_or(0, |c| c.at);
            return Err(PositionError::new(
                at,
                Broken::new(
                    format!(
                        "{count} {} pieces, but each side starts with {most} on the {n}×{n} \
                         board and no move adds one",
                        side.name()
                    ),
                    &["L1"],
                ),
            ));
        }
        if count == 0 {
            return Err(PositionError::new(
                0,
                Broken::new(
                    format!(
                        "{} has no piece; a game ends when a side is connected, before its \
                         last piece could be taken",
                        side.name()
                    ),
                    &["L4"],
                ),
            ));
        }
    }
    Ok(())
}

/// The position in the notation [`parse`] reads: `parse(&to_position(b, p))` gives back
/// `b`'s size and obstructions and `p`.
pub fn to_position(board: &AnyBoard, position: &Position<Wide>) -> String {
    let n = board.size;
    let rows = (0..n).rev().map(|rank| {
        (0..n)
            .map(|file| {
                let sq = rank * n + file;
                match position.at(sq) {
                    Some(Side::Black) => Some('b'),
                    Some(Side::White) => Some('w'),
                    None if board.blocked.has(sq) => Some('x'),
                    None => None,
                }
            })
            .collect()
    });
    write_grid(rows, position.to_move)
}

#[cfg(test)]
mod tests {
    use super::super::rules::Setup;
    use super::*;

    const STANDARD: &str = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";

    #[test]
    fn l1_the_standard_start_reads_as_the_setup() {
        let start = parse(STANDARD).unwrap();
        let board = AnyBoard::shared(8, &[]);
        assert_eq!(start.position, board.start(Setup::Standard));
        assert_eq!(start.board.size, 8);
        assert_eq!(to_position(&board, &start.position), STANDARD);
    }

    #[test]
    fn obstructions_sizes_and_the_side_to_move_come_from_the_text() {
        let start = parse("5/1x3/2b2/5/w4 w").unwrap();
        assert_eq!(start.board.size, 5);
        assert_eq!(start.board.blocked.squares().collect::<Vec<_>>(), [16]);
        assert_eq!(start.position.to_move, Side::White);
        assert_eq!(start.rules().obstructions, [16]);
        let twelve = format!("{}/b11/w11 b", ["12"; 10].join("/"));
        assert_eq!(parse(&twelve).unwrap().board.size, 12);
    }

    #[test]
    fn impossible_positions_are_refused_at_their_place() {
        let refused = |text: &str| parse(text).unwrap_err();
        let e = refused("4/4/4/4 b");
        assert!(e.broken.message().starts_with("4 ranks"), "{e:?}");
        let e = refused("5/5/6/5/5 b");
        assert_eq!(e.at, 4);
        assert!(e.broken.message().starts_with("rank 3 has 6"), "{e:?}");
        let e = refused("bbbbb/bb3/5/5/w4 b");
        assert_eq!(e.at, 7, "the 7th black piece, on b4: {e:?}");
        assert!(e.broken.message().contains("7 black pieces"), "{e:?}");
        let e = refused("5/5/5/5/w4 b");
        assert!(
            e.broken.message().starts_with("black has no piece"),
            "{e:?}"
        );
    }
}
