//! Shoreline solved: the exact minimax value of any position (Black's final score minus
//! White's under perfect play) and the set of best moves, by alpha-beta search with a
//! transposition table keyed on the position with the A↔E mirror folded.
//!
//! Positions are bitboards: point (column c, row r) is bit `c * 5 + r - 1`. A column's state
//! is its height and its stones' colours, six bits (`1 << height | colours`), so a whole
//! position is a 30-bit key; mirroring reverses the five column codes.

use super::Side;
use super::bitboard::Bitboard;
use super::book::{self, Book};
use super::rules::{SIZE, Scoring};

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// One transposition table slot: the key, the value (Black minus White), its bound, and the
/// best column in the key's orientation.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u32,
    value: i8,
    bound: u8,
    best: u8,
    used: bool,
}

/// Solves positions under one scoring option; the table is kept between calls, so analysing
/// a game reuses what solving its first position learned.
pub struct Solver {
    scoring: Scoring,
    table: Vec<Slot>,
    /// The values of the first few placements' positions (see `book.rs`).
    book: Option<&'static Book>,
    pub nodes: u64,
}

/// 2^18 slots of 8 bytes: 2 MB, which stays in the processor's caches. Larger tables saved
/// almost no nodes and made most probes a trip to memory: with 4 M slots the empty board
/// took 68 ms to solve, with 256 K slots 27 ms.
const TABLE_BITS: u32 = 18;

impl Solver {
    /// A solver that looks the first placements up in the opening book.
    pub fn new(scoring: Scoring) -> Self {
        Self {
            book: book::book(scoring),
            ..Self::without_book(scoring)
        }
    }

    /// A solver that searches every position: for making and checking the book, and for
    /// measuring the search itself.
    pub fn without_book(scoring: Scoring) -> Self {
        Self {
            scoring,
            table: vec![Slot::default(); 1 << TABLE_BITS],
            book: None,
            nodes: 0,
        }
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9) >> (32 - TABLE_BITS)) as usize
    }

    /// The value of `board` under perfect play: Black's final score minus White's. Found by
    /// a series of null-window searches closing in on it (MTD(f)): scores are small whole
    /// numbers, and each narrow search leaves bounds the next one reuses.
    pub fn value(&mut self, board: &Bitboard) -> i32 {
        self.value_near(board, 0)
    }

    /// [`Solver::value`], starting from a guess: the closer, the fewer searches.
    pub(crate) fn value_near(&mut self, board: &Bitboard, guess: i32) -> i32 {
        let (mut lower, mut upper) = (-100, 100);
        let mut guess = guess;
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(board, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }

    /// Whether `board`'s value is at least `v`.
    pub(crate) fn at_least(&mut self, board: &Bitboard, v: i32) -> bool {
        self.search(board, v - 1, v) >= v
    }

    /// Every move's value.
    pub fn moves(&mut self, board: &Bitboard) -> Vec<(usize, i32)> {
        board
            .legal_columns()
            .into_iter()
            .map(|c| (c, self.value(&board.play(c))))
            .collect()
    }

    /// The columns that reach `value`, the position's value: one null-window test each.
    pub(crate) fn best_given(&mut self, board: &Bitboard, value: i32) -> Vec<usize> {
        let mut best = Vec::new();
        for c in board.legal_columns() {
            let child = board.play(c);
            let reaches = match board.to_move() {
                Side::Black => self.at_least(&child, value),
                Side::White => !self.at_least(&child, value + 1),
            };
            if reaches {
                best.push(c);
            }
        }
        best
    }

    /// The columns that reach the position's value.
    pub fn best(&mut self, board: &Bitboard) -> Vec<usize> {
        let value = self.value(board);
        self.best_given(board, value)
    }

    /// Alpha-beta with values from Black's side: Black maximises, White minimises.
    fn search(&mut self, board: &Bitboard, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if board.is_over() {
            return board.score(self.scoring);
        }
        if board.placed() >= 21 {
            return self.search_plain(board, alpha, beta);
        }
        let (key, mirrored) = board.key();
        if board.placed() <= usize::from(book::STONES) {
            if let Some(v) = self.book.and_then(|book| book.value(key)) {
                return v;
            }
        }
        let index = Self::slot(key);
        let slot = self.table[index];
        let mut first = None;
        if slot.used && slot.key == key {
            let v = i32::from(slot.value);
            match slot.bound {
                EXACT => return v,
                LOWER => alpha = alpha.max(v),
                _ => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
            let best = usize::from(slot.best);
            first = Some(if mirrored { SIZE - 1 - best } else { best });
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = board.to_move() == Side::Black;
        let mut best_value = if maximising { i32::MIN } else { i32::MAX };
        let mut best_move = 0;
        let others: arrayvec_lite::Columns = board.moves().filter(|c| Some(*c) != first).collect();
        let order = first.into_iter().chain(others.iter().copied());
        for column in order.collect::<arrayvec_lite::Columns>().iter() {
            let v = self.search(&board.play(*column), alpha, beta);
            if (maximising && v > best_value) || (!maximising && v < best_value) {
                best_value = v;
                best_move = *column;
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_value <= alpha0 {
            UPPER
        } else if best_value >= beta0 {
            LOWER
        } else {
            EXACT
        };
        let stored = if mirrored {
            SIZE - 1 - best_move
        } else {
            best_move
        };
        self.table[index] = Slot {
            key,
            value: best_value as i8,
            bound,
            best: stored as u8,
            used: true,
        };
        best_value
    }
}

impl Solver {
    /// The last few placements: too cheap to be worth the table.
    fn search_plain(&mut self, board: &Bitboard, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if board.is_over() {
            return board.score(self.scoring);
        }
        let maximising = board.to_move() == Side::Black;
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for column in board.moves() {
            let v = self.search_plain(&board.play(column), alpha, beta);
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A fixed-capacity list of up to five columns, so the move loop allocates nothing.
mod arrayvec_lite {
    #[derive(Default)]
    pub struct Columns {
        items: [usize; 5],
        len: usize,
    }

    impl Columns {
        pub fn iter(&self) -> std::slice::Iter<'_, usize> {
            self.items[..self.len].iter()
        }
    }

    impl FromIterator<usize> for Columns {
        fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
            let mut columns = Columns::default();
            for c in iter {
                columns.items[columns.len] = c;
                columns.len += 1;
            }
            columns
        }
    }
}

/// Solves every book position from scratch: the bytes of the book file for `scoring`.
pub fn book_file(scoring: Scoring) -> Vec<u8> {
    let mut solver = Solver::without_book(scoring);
    book::positions()
        .values()
        .map(|board| solver.value(board) as i8 as u8)
        .collect()
}

#[cfg(test)]
/// Plain exhaustive minimax, for checking the solver.
pub(crate) fn minimax(board: &Bitboard, scoring: Scoring) -> i32 {
    if board.is_over() {
        return board.score(scoring);
    }
    let values = board
        .legal_columns()
        .into_iter()
        .map(|c| minimax(&board.play(c), scoring));
    match board.to_move() {
        Side::Black => values.max().expect("a move exists until the end"),
        Side::White => values.min().expect("a move exists until the end"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Position;
    use super::*;

    fn random_position(seed: u64, stones: usize, first: Side) -> Position {
        let mut s = seed | 1;
        let mut position = Position::new(first);
        while position.placed() < stones {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let columns = position.legal_columns();
            position
                .place_in(columns[(s % columns.len() as u64) as usize])
                .unwrap();
        }
        position
    }

    #[test]
    fn the_bitboard_score_matches_the_rules_engine() {
        for seed in 1..200 {
            let position = random_position(seed, 24, Side::Black);
            for scoring in [Scoring::Exact, Scoring::Beginner] {
                let rules = position.score(scoring);
                let board = Bitboard::from_position(&position);
                assert_eq!(
                    board.score(scoring),
                    rules.black as i32 - rules.white as i32,
                    "seed {seed}"
                );
            }
        }
    }

    #[test]
    fn the_solver_agrees_with_plain_minimax_from_14_stones_on() {
        // Plain minimax from 14 stones visits up to 5^10 positions: a few seeds there, more
        // further on.
        let cases = [
            (14, Side::Black, Scoring::Exact, 3),
            (15, Side::White, Scoring::Beginner, 4),
            (17, Side::Black, Scoring::Beginner, 12),
            (18, Side::White, Scoring::Exact, 24),
        ];
        for (stones, first, scoring, seeds) in cases {
            for seed in 1..=seeds {
                let board = Bitboard::from_position(&random_position(seed, stones, first));
                let mut solver = Solver::new(scoring);
                assert_eq!(
                    solver.value(&board),
                    minimax(&board, scoring),
                    "seed {seed}, {stones} stones"
                );
                if stones >= 17 {
                    // And every move's value, which is what analysis reports.
                    for (column, value) in solver.moves(&board) {
                        assert_eq!(
                            value,
                            minimax(&board.play(column), scoring),
                            "seed {seed}, column {column}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn mirrored_positions_have_the_same_value_and_key() {
        let mut s = 99u64;
        let (mut position, mut mirror) = (Position::new(Side::Black), Position::new(Side::Black));
        while position.placed() < 16 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let columns = position.legal_columns();
            let c = columns[(s % columns.len() as u64) as usize];
            position.place_in(c).unwrap();
            mirror.place_in(SIZE - 1 - c).unwrap();
        }
        let (a, b) = (
            Bitboard::from_position(&position),
            Bitboard::from_position(&mirror),
        );
        assert_eq!(a.key().0, b.key().0);
        assert_ne!(a.key().1, b.key().1, "one of them is the mirror image");
        let mut solver = Solver::new(Scoring::Exact);
        assert_eq!(solver.value(&a), solver.value(&b));
        assert_eq!(solver.value(&a), minimax(&a, Scoring::Exact));
    }
}

/// One move of a game weighed against perfect play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// Which half-move of the game it is, from 1 (see [`MoveAnalysis::numbered`]).
    pub number: usize,
    pub player: Side,
    pub point: super::rules::Point,
    /// The position's value before and after the move (Black minus White).
    pub before: i32,
    pub after: i32,
    /// Points the move gave away against perfect play, from the mover's side (0 for a best
    /// move, never negative).
    pub loss: i32,
    /// Where the best moves would have gone.
    pub best: Vec<super::rules::Point>,
}

impl MoveAnalysis {
    /// The move's number as move lists write it: pairs of moves share one (`move 3
    /// (white)` is `3...`), the stone's colour tells them apart.
    pub(crate) fn move_number(&self) -> usize {
        self.number.div_ceil(2)
    }

    /// `3.` or `3...`, as move lists and errors number the move.
    pub fn numbered(&self) -> String {
        crate::vocabulary::Numbering::Pairs.number(self.number - 1)
    }
}

/// Every move of `game` weighed against perfect play.
pub fn analyze(play: &super::rules::Play, solver: &mut Solver) -> Vec<MoveAnalysis> {
    let mut position = play.start_position();
    let mut analysis = Vec::new();
    let mut before = solver.value(&Bitboard::from_position(&position));
    for (i, point) in play.moves.iter().enumerate() {
        let board = Bitboard::from_position(&position);
        let player = position.to_move();
        let mut next = position.clone();
        next.place_at(*point)
            .expect("moves were checked when the record was read");
        // The move played first: its exact value fills the table the other tests then use.
        let after = solver.value_near(&Bitboard::from_position(&next), before);
        let best = solver
            .best_given(&board, before)
            .into_iter()
            .map(|c| position.landing(c).expect("a best move is legal"))
            .collect();
        position = next;
        let loss = match player {
            Side::Black => before - after,
            Side::White => after - before,
        };
        analysis.push(MoveAnalysis {
            number: i + 1,
            player,
            point: *point,
            before,
            after,
            loss,
            best,
        });
        before = after;
    }
    analysis
}
