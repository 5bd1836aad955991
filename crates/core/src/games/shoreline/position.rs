//! A Shoreline position as text, for a record's `position:` and `--position`: rows 5 down
//! to 1 (row 1 is the shore row) separated by `/`, `b` a black stone, `w` a white stone, a
//! number for that many empty points, then a space and the side to place. The empty board
//! with Black to place is `5/5/5/5/5 b`.

use super::board::COLUMNS;
use super::rules::{PLACEMENTS, Point, Position, SIZE};
use crate::games::position::{Grid, Notation, PositionError, check_shape, read_grid, write_grid};
use crate::vocabulary::{Broken, Side};

const NOTATION: Notation = Notation {
    pieces: &['b', 'w'],
    legend: "b a black stone, w a white stone",
    max_width: SIZE,
    max_rows: SIZE,
    row_name: |i, _| format!("row {}", SIZE - i),
    square_name: |i, _, column| format!("{}{}", COLUMNS[column.min(SIZE - 1)], SIZE - i),
};

/// Reads a position of a game whose first stone is `first`'s (the rule option, S3). Refused
/// besides what cannot be read: a stone above an empty point (columns fill from the shore,
/// S2), and stone counts no game reaches: players place alternately from `first` (S3), so
/// with `first` to place both have as many stones, else `first` has one more, and nobody
/// places a thirteenth (S4).
pub fn parse(text: &str, first: Side) -> Result<Position, PositionError> {
    let grid = read_grid(text, &NOTATION)?;
    check_shape(&grid, text, SIZE, SIZE, |i| format!("row {}", SIZE - i))?;
    let mut stones = [[None; SIZE]; SIZE];
    for (i, row) in grid.rows.iter().enumerate() {
        for (column, cell) in row.cells.iter().enumerate() {
            stones[column][SIZE - 1 - i] = cell.piece.map(|c| match c {
                'b' => Side::Black,
                _ => Side::White,
            });
        }
    }
    check_gravity(&grid, &stones)?;
    check_counts(&grid, text, &stones, first)?;
    Ok(Position::set_up(stones, grid.to_move))
}

/// No stone stands above an empty point of its column (S2); the highest such stone's
/// message names the empty point under it.
fn check_gravity(grid: &Grid, stones: &[[Option<Side>; SIZE]; SIZE]) -> Result<(), PositionError> {
    for (i, row) in grid.rows.iter().enumerate() {
        let row_number = SIZE - i;
        for (column, cell) in row.cells.iter().enumerate() {
            if cell.piece.is_none() {
                continue;
            }
            let below = (1..row_number).find(|&r| stones[column][r - 1].is_none());
            if let Some(empty) = below {
                let point = Point::new(column, row_number);
                return Err(PositionError::new(
                    cell.at,
                    Broken::new(
                        format!(
                            "row {row_number} ({point}): a stone with the empty point {} \
                             between it and the shore; it could never have been placed, \
                             stones fill each column from the shore",
                            Point::new(column, empty)
                        ),
                        &["S2"],
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The stone counts a game reaches with `first` placing first and the grid's side to place
/// (S3, S4).
fn check_counts(
    grid: &Grid,
    text: &str,
    stones: &[[Option<Side>; SIZE]; SIZE],
    first: Side,
) -> Result<(), PositionError> {
    let count = |side: Side| {
        stones
            .iter()
            .flatten()
            .filter(|s| **s == Some(side))
            .count()
    };
    let (black, white) = (count(Side::Black), count(Side::White));
    // The side to place is the text's last word.
    let side_at = text.trim_end().chars().count().saturating_sub(1);
    for (side, n) in [(Side::Black, black), (Side::White, white)] {
        if n > PLACEMENTS / 2 {
            return Err(PositionError::new(
                0,
                Broken::new(
                    format!(
                        "{n} {} stones: each player has {}",
                        side.name(),
                        PLACEMENTS / 2
                    ),
                    &["S4"],
                ),
            ));
        }
    }
    let of = |side: Side| if side == Side::Black { black } else { white };
    let second = first.other();
    let reached = if grid.to_move == first {
        of(first) == of(second)
    } else {
        of(first) == of(second) + 1
    };
    if reached {
        return Ok(());
    }
    let expected = if grid.to_move == first {
        format!("{} has as many stones as {}", first.name(), second.name())
    } else {
        format!("{} has one stone more than {}", first.name(), second.name())
    };
    Err(PositionError::new(
        side_at,
        Broken::new(
            format!(
                "black has {} and white {white}, which no game reaches with {} to place: \
                 players place in turn from the first player, {} (rule `first`), so {} to \
                 place means {expected}",
                crate::vocabulary::plural(black, "stone"),
                grid.to_move.name(),
                first.name(),
                grid.to_move.name()
            ),
            &["S3"],
        ),
    ))
}

/// The position in the notation [`parse`] reads.
pub fn to_position(position: &Position) -> String {
    let rows = (1..=SIZE).rev().map(|row| {
        (0..SIZE)
            .map(|column| match position.at(Point::new(column, row)) {
                Some(Side::Black) => Some('b'),
                Some(Side::White) => Some('w'),
                None => None,
            })
            .collect()
    });
    write_grid(rows, position.to_move())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_reads_as_the_start() {
        assert_eq!(
            parse("5/5/5/5/5 b", Side::Black).unwrap(),
            Position::new(Side::Black)
        );
        assert_eq!(
            parse("5/5/5/5/5 w", Side::White).unwrap(),
            Position::new(Side::White)
        );
    }

    #[test]
    fn a_position_reads_back_as_written() {
        let text = "5/5/5/2w2/b1bw1 b";
        let position = parse(text, Side::Black).unwrap();
        assert_eq!(position.at(Point::new(2, 2)), Some(Side::White));
        assert_eq!(position.placed(), 4);
        assert_eq!(position.landing(2), Some(Point::new(2, 3)));
        assert_eq!(to_position(&position), text);
    }

    #[test]
    fn s2_a_stone_above_an_empty_point_is_refused() {
        let e = parse("5/5/2b2/5/2w2 b", Side::Black).unwrap_err();
        assert_eq!(e.at, 5);
        assert!(e.broken.message().contains("C3"), "{e:?}");
        assert!(e.broken.message().contains("empty point C2"), "{e:?}");
        assert_eq!(e.broken.rulings, ["S2"]);
    }

    #[test]
    fn s3_counts_follow_the_first_player_and_the_side_to_place() {
        assert!(parse("5/5/5/5/bw3 b", Side::Black).is_ok());
        assert!(parse("5/5/5/5/b4 w", Side::Black).is_ok());
        assert!(parse("5/5/5/5/w4 b", Side::White).is_ok());
        let e = parse("5/5/5/5/w4 b", Side::Black).unwrap_err();
        assert_eq!(e.broken.rulings, ["S3"]);
        assert_eq!(e.at, 11, "at the side to place");
        assert!(parse("5/5/5/5/bb3 w", Side::Black).is_err());
        assert!(parse("5/5/5/5/b4 b", Side::Black).is_err());
    }

    #[test]
    fn s4_nobody_places_a_thirteenth_stone() {
        let e = parse("bbbbb/bbbbb/bbbww/wwwww/wwwww b", Side::Black).unwrap_err();
        assert_eq!(e.broken.rulings, ["S4"]);
    }
}
