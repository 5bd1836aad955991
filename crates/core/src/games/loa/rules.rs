//! The Lines of Action rules engine (RULINGS L1–L6, L8): boards of 5×5 to 12×12 with
//! obstructed squares, the standard and Scrambled Eggs setups, move generation by line
//! counts, captures and connection. Written once over [`Bits`]: `u64` for boards up to
//! 8×8, [`Wide`] above.

use std::sync::{Arc, OnceLock};

use super::bits::{Bits, Wide};
use crate::vocabulary::Side;

pub(crate) const MIN_SIZE: usize = 5;
pub(crate) const MAX_SIZE: usize = 12;

/// The eight directions as (file step, rank step); direction `d` and `d ^ 1` are opposite.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The line a direction runs along: 0 a rank, 1 a file, 2 a rising diagonal, 3 a falling one.
pub const fn axis(direction: usize) -> usize {
    direction / 2
}

/// L1: the start position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Setup {
    #[default]
    Standard,
    ScrambledEggs,
}

/// A move: from one square to another, capturing or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub capture: bool,
}

/// The pieces on the board and who moves next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<B> {
    pub black: B,
    pub white: B,
    pub to_move: Side,
}

impl<B: Bits> Position<B> {
    pub fn pieces(&self, side: Side) -> B {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    pub fn occupied(&self) -> B {
        self.black.or(self.white)
    }

    pub fn at(&self, square: usize) -> Option<Side> {
        if self.black.has(square) {
            Some(Side::Black)
        } else if self.white.has(square) {
            Some(Side::White)
        } else {
            None
        }
    }
}

/// A board size with its obstructed squares, and the tables move generation reads.
#[derive(Debug, Clone)]
pub struct Board<B> {
    pub size: usize,
    /// Squares taken out of the board (L2).
    pub blocked: B,
    /// The board's geometry, the same for every board of its size: shared, so a record
    /// costs no table building and a replay clones cheaply.
    tables: Arc<Tables<B>>,
}

/// The lines, targets and neighbours of every square of one board size.
#[derive(Debug)]
struct Tables<B> {
    /// `line[square * 4 + axis]`: every square of the line through `square` along `axis`.
    line: Vec<B>,
    /// `target[(square * 8 + direction) * size + k]`: the square `k` steps away, or `NONE`.
    target: Vec<u8>,
    /// Same index: the squares strictly between `square` and its target.
    between: Vec<B>,
    /// `neighbours[square]`: the up to eight squares touching it.
    neighbours: Vec<B>,
}

impl Board<Wide> {
    /// A board of the engine's usual width, its tables built once per size for the whole
    /// process (100,000 empty 12×12 records used to build them 100,000 times).
    pub fn shared(size: usize, blocked: &[usize]) -> Self {
        static TABLES: [OnceLock<Arc<Tables<Wide>>>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        let tables = TABLES[size.min(MAX_SIZE)].get_or_init(|| Arc::new(Tables::new(size)));
        Self {
            size,
            blocked: blocked_set(blocked),
            tables: Arc::clone(tables),
        }
    }
}

fn blocked_set<B: Bits>(blocked: &[usize]) -> B {
    blocked
        .iter()
        .fold(B::empty(), |set, &sq| set.or(B::single(sq)))
}

const NONE: u8 = u8::MAX;

impl<B: Bits> Board<B> {
    /// A `size`×`size` board without the `blocked` squares. `size` must be 5 to 12 and fit
    /// `B`.
    pub fn new(size: usize, blocked: &[usize]) -> Self {
        Self {
            size,
            blocked: blocked_set(blocked),
            tables: Arc::new(Tables::new(size)),
        }
    }
}

impl<B: Bits> Tables<B> {
    fn new(size: usize) -> Self {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size) && size * size <= B::CAPACITY);
        let squares = size * size;
        let coords = |sq: usize| ((sq % size) as i32, (sq / size) as i32);
        let on_board =
            |f: i32, r: i32| (0..size as i32).contains(&f) && (0..size as i32).contains(&r);
        let index = |f: i32, r: i32| (r as usize) * size + f as usize;

        let mut line = vec![B::empty(); squares * 4];
        let mut target = vec![NONE; squares * 8 * size];
        let mut between = vec![B::empty(); squares * 8 * size];
        let mut neighbours = vec![B::empty(); squares];
        for sq in 0..squares {
            let (f, r) = coords(sq);
            for (d, (df, dr)) in DIRECTIONS.iter().enumerate() {
                let mut path = B::empty();
                for k in 1..size as i32 {
                    let (tf, tr) = (f + k * df, r + k * dr);
                    if !on_board(tf, tr) {
                        break;
                    }
                    let t = index(tf, tr);
                    let slot = (sq * 8 + d) * size + k as usize;
                    target[slot] = t as u8;
                    between[slot] = path;
                    path = path.or(B::single(t));
                    line[sq * 4 + axis(d)] = line[sq * 4 + axis(d)].or(B::single(t));
                    if k == 1 {
                        neighbours[sq] = neighbours[sq].or(B::single(t));
                    }
                }
            }
            for a in 0..4 {
                line[sq * 4 + a] = line[sq * 4 + a].or(B::single(sq));
            }
        }
        Self {
            line,
            target,
            between,
            neighbours,
        }
    }
}

impl<B: Bits> Board<B> {
    pub fn squares(&self) -> usize {
        self.size * self.size
    }

    /// The start position (L1): Black on the first and last ranks, White on the first and
    /// last files, corners empty; or Scrambled Eggs, the same squares with the colours
    /// alternating around the edge from White on a2. Black moves first.
    pub fn start(&self, setup: Setup) -> Position<B> {
        let n = self.size;
        let sq = |f: usize, r: usize| r * n + f;
        let mut black = B::empty();
        let mut white = B::empty();
        match setup {
            Setup::Standard => {
                for i in 1..n - 1 {
                    black = black.or(B::single(sq(i, 0))).or(B::single(sq(i, n - 1)));
                    white = white.or(B::single(sq(0, i))).or(B::single(sq(n - 1, i)));
                }
            }
            Setup::ScrambledEggs => {
                // Round the edge: up file a, along the last rank, down the last file, back
                // along rank 1.
                let ring = (1..n - 1)
                    .map(|r| sq(0, r))
                    .chain((1..n - 1).map(|f| sq(f, n - 1)))
                    .chain((1..n - 1).rev().map(|r| sq(n - 1, r)))
                    .chain((1..n - 1).rev().map(|f| sq(f, 0)));
                for (i, s) in ring.enumerate() {
                    if i % 2 == 0 {
                        white = white.or(B::single(s));
                    } else {
                        black = black.or(B::single(s));
                    }
                }
            }
        }
        Position {
            black: black.and_not(self.blocked),
            white: white.and_not(self.blocked),
            to_move: Side::Black,
        }
    }

    /// How far a piece on `square` moves along `axis`: the pieces of both colours on the
    /// whole line (L3). Obstructed squares count for nothing (L2).
    #[inline]
    pub fn line_count(&self, occupied: B, square: usize, axis: usize) -> usize {
        occupied.and(self.tables.line[square * 4 + axis]).count() as usize
    }

    /// The square `k` steps from `square` in `direction`, if it is on the board.
    #[inline]
    pub fn step(&self, square: usize, direction: usize, k: usize) -> Option<usize> {
        if k >= self.size {
            return None;
        }
        let t = self.tables.target[(square * 8 + direction) * self.size + k];
        (t != NONE).then_some(t as usize)
    }

    /// The squares strictly between `square` and `k` steps on in `direction`.
    #[inline]
    fn between(&self, square: usize, direction: usize, k: usize) -> B {
        self.tables.between[(square * 8 + direction) * self.size + k]
    }

    /// Calls `f` with every legal move of the side to move (L3).
    #[inline]
    pub(crate) fn for_each_move(&self, position: &Position<B>, mut f: impl FnMut(Move)) {
        let own = position.pieces(position.to_move);
        let enemy = position.pieces(position.to_move.other());
        let occupied = own.or(enemy);
        let stops = enemy.or(self.blocked);
        let no_landing = own.or(self.blocked);
        for from in own.squares() {
            for a in 0..4 {
                let k = self.line_count(occupied, from, a);
                for d in [2 * a, 2 * a + 1] {
                    let Some(to) = self.step(from, d, k) else {
                        continue;
                    };
                    if no_landing.has(to) || !self.between(from, d, k).and(stops).is_empty() {
                        continue;
                    }
                    f(Move {
                        from: from as u8,
                        to: to as u8,
                        capture: enemy.has(to),
                    });
                }
            }
        }
    }

    pub fn moves(&self, position: &Position<B>) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.for_each_move(position, |m| moves.push(m));
        moves
    }

    /// The position after `m`; the other side moves next.
    #[inline]
    pub fn play(&self, position: &Position<B>, m: Move) -> Position<B> {
        let mover = B::single(m.from as usize).or(B::single(m.to as usize));
        let taken = B::single(m.to as usize);
        let (black, white) = match position.to_move {
            Side::Black => (position.black.xor(mover), position.white.and_not(taken)),
            Side::White => (position.black.and_not(taken), position.white.xor(mover)),
        };
        Position {
            black,
            white,
            to_move: position.to_move.other(),
        }
    }

    /// The position after a forced pass (L5).
    pub fn pass(&self, position: &Position<B>) -> Position<B> {
        Position {
            to_move: position.to_move.other(),
            ..*position
        }
    }

    /// The connected groups of `pieces` (8-neighbour adjacency, L4), largest first.
    pub fn groups(&self, pieces: B) -> Vec<B> {
        let mut left = pieces;
        let mut groups = Vec::new();
        while let Some(seed) = left.first() {
            let group = self.group_of(pieces, seed);
            left = left.and_not(group);
            groups.push(group);
        }
        groups.sort_unstable_by_key(|g| std::cmp::Reverse(g.count()));
        groups
    }

    /// The group of `pieces` holding `seed` (8-neighbour adjacency, L4).
    #[inline]
    fn group_of(&self, pieces: B, seed: usize) -> B {
        let mut group = B::single(seed);
        let mut frontier = group;
        while let Some(sq) = frontier.first() {
            frontier = frontier.xor(B::single(sq));
            let fresh = self.tables.neighbours[sq].and(pieces).and_not(group);
            group = group.or(fresh);
            frontier = frontier.or(fresh);
        }
        group
    }

    /// All of `pieces` form one group; a single piece (or none) is connected (L4). Without
    /// allocating: the searcher asks this after every move it tries.
    #[inline]
    pub fn connected(&self, pieces: B) -> bool {
        match pieces.first() {
            None => true,
            Some(seed) => self.group_of(pieces, seed) == pieces,
        }
    }

    /// How many groups `pieces` form, without allocating (the evaluation's connectedness).
    pub(crate) fn group_count(&self, pieces: B) -> usize {
        let mut left = pieces;
        let mut count = 0;
        while let Some(seed) = left.first() {
            left = left.and_not(self.group_of(left, seed));
            count += 1;
        }
        count
    }

    /// The up to eight squares touching `square`.
    pub fn neighbours(&self, square: usize) -> B {
        self.tables.neighbours[square]
    }

    /// Perft (L8): the number of move sequences of `depth` plies, with no game end, counted
    /// in bulk at the last ply. A side without a move contributes nothing.
    pub fn perft(&self, position: &Position<B>, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => {
                let mut n = 0;
                self.for_each_move(position, |_| n += 1);
                n
            }
            _ => {
                let mut n = 0;
                self.for_each_move(position, |m| {
                    n += self.perft(&self.play(position, m), depth - 1)
                });
                n
            }
        }
    }
}

/// The board type records use: every size from 5×5 to 12×12.
pub type AnyBoard = Board<Wide>;

/// A square's name, `a1` to `l12`.
pub fn square_name(square: usize, size: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (square % size) as u8) as char,
        square / size + 1
    )
}

/// Reads a square's name on a `size` board, any case.
pub fn parse_square(text: &str, size: usize) -> Option<usize> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let file = (file as usize).checked_sub('a' as usize)?;
    let rank: usize = chars.as_str().parse().ok()?;
    (file < size && (1..=size).contains(&rank) && !chars.as_str().starts_with('+'))
        .then(|| (rank - 1) * size + file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names<B: Bits>(board: &Board<B>, moves: &[Move]) -> Vec<String> {
        let mut out: Vec<String> = moves
            .iter()
            .map(|m| {
                let sep = if m.capture { "x" } else { "-" };
                format!(
                    "{}{sep}{}",
                    square_name(m.from as usize, board.size),
                    square_name(m.to as usize, board.size)
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn l8_the_36_first_moves_are_exactly_the_reference_list() {
        let board = Board::<u64>::new(8, &[]);
        let moves = names(&board, &board.moves(&board.start(Setup::Standard)));
        let reference = "b1-b3 b1-d3 b1-h1 b8-b6 b8-d6 b8-h8 c1-c3 c1-e3 c1xa3 c8-c6 c8-e6 \
            c8xa6 d1-b3 d1-d3 d1-f3 d8-b6 d8-d6 d8-f6 e1-c3 e1-e3 e1-g3 e8-c6 e8-e6 e8-g6 f1-d3 \
            f1-f3 f1xh3 f8-d6 f8-f6 f8xh6 g1-a1 g1-e3 g1-g3 g8-a8 g8-e6 g8-g6";
        let mut reference: Vec<String> = reference.split_whitespace().map(String::from).collect();
        reference.sort();
        assert_eq!(moves, reference);
    }

    #[test]
    fn l8_perft_depths_1_to_4_match_the_reference_counts() {
        let board = Board::<u64>::new(8, &[]);
        let start = board.start(Setup::Standard);
        let counts: Vec<u64> = (1..=4).map(|d| board.perft(&start, d)).collect();
        assert_eq!(counts, [36, 1_244, 44_952, 1_563_208]);
    }

    #[test]
    fn the_wide_board_counts_the_same_as_the_fast_one() {
        let fast = Board::<u64>::new(8, &[]);
        let wide = Board::<Wide>::new(8, &[]);
        for depth in 1..=3 {
            assert_eq!(
                fast.perft(&fast.start(Setup::Standard), depth),
                wide.perft(&wide.start(Setup::Standard), depth)
            );
        }
    }

    #[test]
    fn l1_every_size_starts_with_2n_minus_4_pieces_a_side_and_empty_corners() {
        for n in MIN_SIZE..=MAX_SIZE {
            let board = Board::<Wide>::new(n, &[]);
            for setup in [Setup::Standard, Setup::ScrambledEggs] {
                let p = board.start(setup);
                assert_eq!(p.black.count() as usize, 2 * n - 4, "{n} {setup:?}");
                assert_eq!(p.white.count() as usize, 2 * n - 4, "{n} {setup:?}");
                assert!(p.black.and(p.white).is_empty());
                for corner in [0, n - 1, n * (n - 1), n * n - 1] {
                    assert_eq!(p.at(corner), None);
                }
                assert_eq!(p.to_move, Side::Black);
            }
        }
    }

    #[test]
    fn l1_standard_setup_puts_black_on_the_ranks_and_white_on_the_files() {
        let board = Board::<u64>::new(8, &[]);
        let p = board.start(Setup::Standard);
        for name in ["b1", "g1", "b8", "g8"] {
            assert_eq!(
                p.at(parse_square(name, 8).unwrap()),
                Some(Side::Black),
                "{name}"
            );
        }
        for name in ["a2", "a7", "h2", "h7"] {
            assert_eq!(
                p.at(parse_square(name, 8).unwrap()),
                Some(Side::White),
                "{name}"
            );
        }
    }

    #[test]
    fn l1_scrambled_eggs_alternates_round_the_edge_from_white_on_a2() {
        let board = Board::<u64>::new(8, &[]);
        let p = board.start(Setup::ScrambledEggs);
        let at = |name: &str| p.at(parse_square(name, 8).unwrap());
        let expected = [
            ("a2", Side::White),
            ("a3", Side::Black),
            ("a4", Side::White),
            ("a7", Side::Black),
            ("b8", Side::White),
            ("g8", Side::Black),
            ("h7", Side::White),
            ("h2", Side::Black),
            ("g1", Side::White),
            ("b1", Side::Black),
        ];
        for (name, side) in expected {
            assert_eq!(at(name), Some(side), "{name}");
        }
    }

    /// A position from a picture: ranks from the top, `x` black, `o` white, `#` obstructed.
    fn picture(rows: &[&str], to_move: Side) -> (Board<Wide>, Position<Wide>) {
        let n = rows.len();
        let mut blocked = Vec::new();
        let (mut black, mut white) = (Wide::empty(), Wide::empty());
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            for (file, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let sq = rank * n + file;
                match c {
                    'x' => black = black.or(Wide::single(sq)),
                    'o' => white = white.or(Wide::single(sq)),
                    '#' => blocked.push(sq),
                    _ => {}
                }
            }
        }
        (
            Board::new(n, &blocked),
            Position {
                black,
                white,
                to_move,
            },
        )
    }

    fn moves_from(board: &Board<Wide>, p: &Position<Wide>, from: &str) -> Vec<String> {
        let sq = parse_square(from, board.size).unwrap();
        let moves: Vec<Move> = board
            .moves(p)
            .into_iter()
            .filter(|m| m.from as usize == sq)
            .collect();
        names(board, &moves)
    }

    #[test]
    fn l3_the_count_is_over_the_whole_line_behind_and_beyond() {
        // b3's rank holds a3 (behind it) and f3 (beyond the target): 3 pieces, so b3 moves
        // exactly 3 along the rank: to e3, not to the nearest piece.
        let (board, p) = picture(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "x x . . . x .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            Side::Black,
        );
        let moves = moves_from(&board, &p, "b3");
        assert!(moves.contains(&"b3-e3".to_string()), "{moves:?}");
        assert!(!moves.iter().any(|m| m == "b3-c3" || m == "b3-f3"));
        // Along its file b3 is alone: one step up or down.
        assert!(moves.contains(&"b3-b4".to_string()) && moves.contains(&"b3-b2".to_string()));
    }

    #[test]
    fn l3_own_pieces_are_jumped_enemy_pieces_block_and_are_captured_by_landing() {
        let (board, p) = picture(
            &[
                ". . . . .",
                ". . . . .",
                "x x o . .",
                ". . . . .",
                "x . . . .",
            ],
            Side::Black,
        );
        // Rank 3 holds 3 pieces: a3 would jump its own b3 (allowed) and White's c3 (never).
        assert!(!moves_from(&board, &p, "a3").contains(&"a3-d3".to_string()));
        let a1 = moves_from(&board, &p, "a1");
        // File a holds a1 and a3: two steps up lands on Black's own a3.
        assert!(!a1.contains(&"a1-a3".to_string()), "{a1:?}");
        // The diagonal a1-e5 holds a1 and c3: two steps lands on White's c3 and captures it.
        assert!(a1.contains(&"a1xc3".to_string()), "{a1:?}");
        // b3 jumps nothing on its file (alone): one step either way.
        let b3 = moves_from(&board, &p, "b3");
        assert!(
            b3.contains(&"b3-b4".to_string()) && b3.contains(&"b3-b2".to_string()),
            "{b3:?}"
        );
    }

    #[test]
    fn l2_obstructions_count_for_nothing_and_cannot_be_crossed_or_landed_on() {
        // Rank 1 holds only a1 (b1 is obstructed and does not count): one step, onto b1.
        let (board, p) = picture(
            &[
                ". . . . .",
                ". . . . .",
                ". . . . .",
                ". . . . .",
                "x # . . .",
            ],
            Side::Black,
        );
        let a1 = moves_from(&board, &p, "a1");
        assert!(!a1.contains(&"a1-b1".to_string()), "{a1:?}");
        assert!(
            a1.contains(&"a1-a2".to_string()) && a1.contains(&"a1-b2".to_string()),
            "{a1:?}"
        );
        // File a holds a1 and a5: two steps to a3, across the obstructed a2.
        let (board, p) = picture(
            &[
                "x . . . .",
                ". . . . .",
                ". . . . .",
                "# . . . .",
                "x . . . .",
            ],
            Side::Black,
        );
        assert!(!moves_from(&board, &p, "a1").contains(&"a1-a3".to_string()));
        let (open, q) = picture(
            &[
                "x . . . .",
                ". . . . .",
                ". . . . .",
                ". . . . .",
                "x . . . .",
            ],
            Side::Black,
        );
        assert!(
            moves_from(&open, &q, "a1").contains(&"a1-a3".to_string()),
            "legal without it"
        );
    }

    #[test]
    fn l4_connection_counts_diagonal_touches_and_a_single_piece() {
        let board = Board::<Wide>::new(8, &[]);
        let set = |names: &[&str]| {
            names.iter().fold(Wide::empty(), |s, n| {
                s.or(Wide::single(parse_square(n, 8).unwrap()))
            })
        };
        assert!(board.connected(set(&["c3", "d4", "e5", "e6"])));
        assert!(!board.connected(set(&["c3", "e5"])));
        assert!(board.connected(set(&["h8"])));
        assert!(board.connected(Wide::empty()));
        assert_eq!(board.groups(set(&["a1", "b2", "h8", "g1"])).len(), 3);
    }

    #[test]
    fn squares_are_named_like_a_chessboard() {
        assert_eq!(square_name(0, 8), "a1");
        assert_eq!(square_name(63, 8), "h8");
        assert_eq!(square_name(143, 12), "l12");
        assert_eq!(parse_square("H8", 8), Some(63));
        for bad in ["i1", "a9", "a0", "", "a", "1a", "a+1"] {
            assert_eq!(parse_square(bad, 8), None, "{bad}");
        }
    }
}
