//! The opening book: the exact value of every position with at most [`STONES`] stones, for
//! both scoring options and either first player, computed once by the solver itself
//! (`cargo run --release --example shoreline-book`) and shipped in `assets/shoreline-book/`.
//!
//! Why: deciding the best moves of the first few positions takes a search about as large as
//! solving the game, once per candidate move; with the book those positions are lookups and
//! analysing a whole game costs a few milliseconds (issue 9). The search stays the source of
//! truth: a test re-solves a sample of the book without it.
//!
//! Format: one byte per position, the value as a signed byte, positions in ascending order of
//! their solver key (mirror folded, side to move included). The keys are not stored: they are
//! enumerated again from the empty board, so a book that does not fit the enumeration is
//! ignored (and a test fails).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::Side;
use super::bitboard::Bitboard;
use super::rules::{Position, Scoring};
use crate::packed::{Packed, packed};

/// Positions with up to this many stones are in the book.
pub(crate) const STONES: u8 = 6;

static EXACT: Packed = packed!("shoreline-exact.bin");
static BEGINNER: Packed = packed!("shoreline-beginner.bin");

/// The book of one scoring option.
pub struct Book {
    keys: Vec<u32>,
    values: &'static [u8],
}

impl Book {
    /// The value of the position with this key, if the book holds it.
    pub fn value(&self, key: u32) -> Option<i32> {
        let i = self.keys.binary_search(&key).ok()?;
        Some(i32::from(self.values[i] as i8))
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// The shipped book for `scoring`, or None when its size does not match the positions it
/// should cover (a stale file: the solver then searches those positions too).
pub fn book(scoring: Scoring) -> Option<&'static Book> {
    static BOOKS: OnceLock<[Option<Book>; 2]> = OnceLock::new();
    let books = BOOKS.get_or_init(|| {
        let keys: Vec<u32> = positions().into_keys().collect();
        [EXACT.bytes(), BEGINNER.bytes()].map(|values| {
            (values.len() == keys.len()).then(|| Book {
                keys: keys.clone(),
                values,
            })
        })
    });
    books[usize::from(scoring == Scoring::Beginner)].as_ref()
}

/// Every position with at most [`STONES`] stones that play from the empty board reaches,
/// with either first player, by key (one of each mirror pair).
pub fn positions() -> BTreeMap<u32, Bitboard> {
    let mut all = BTreeMap::new();
    for first in [Side::Black, Side::White] {
        let mut layer = vec![Bitboard::from_position(&Position::new(first))];
        for _ in 0..=STONES {
            let mut next = Vec::new();
            for board in layer {
                if all.insert(board.key().0, board).is_none() {
                    next.extend(board.legal_columns().into_iter().map(|c| board.play(c)));
                }
            }
            layer = next;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shoreline::solver::Solver;

    #[test]
    fn the_books_hold_every_position_of_the_first_six_placements() {
        for scoring in [Scoring::Exact, Scoring::Beginner] {
            let book = book(scoring).expect("the shipped book fits the enumeration");
            assert_eq!(book.len(), positions().len());
            // Random games with the rules engine, checked stone by stone.
            let mut rng = crate::rng::Rng::new(5);
            for game in 0..300 {
                let first = if game % 2 == 0 {
                    Side::Black
                } else {
                    Side::White
                };
                let mut position = Position::new(first);
                loop {
                    let key = Bitboard::from_position(&position).key().0;
                    assert!(book.value(key).is_some(), "{position:?}");
                    if position.placed() == usize::from(STONES) {
                        break;
                    }
                    let columns = position.legal_columns();
                    position
                        .place_in(columns[rng.below(columns.len())])
                        .unwrap();
                }
            }
        }
    }

    #[test]
    #[ignore = "slow: searches a sample of the book in full, 4-10 s; cargo test -- --ignored"]
    fn the_book_agrees_with_a_search_without_it() {
        // What `solve` prints (the empty boards and every first move), then every 13th
        // position, each searched in full.
        for scoring in [Scoring::Exact, Scoring::Beginner] {
            let book = book(scoring).unwrap();
            let mut solver = Solver::without_book(scoring);
            let all = positions();
            let openings = all.iter().filter(|(_, board)| board.placed() <= 1);
            for (key, board) in openings.chain(all.iter().step_by(13)) {
                assert_eq!(
                    book.value(*key),
                    Some(solver.value(board)),
                    "{} scoring, key {key:#x}",
                    scoring.name()
                );
            }
        }
    }
}
