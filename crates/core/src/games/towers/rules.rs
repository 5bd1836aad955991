//! The Towers rules engine (RULINGS T1–T8): the 15 Lines, the Current Line and where a stone
//! may go, turns with simultaneous reveals, the end when the 64th square fills, Towers and
//! their greedy combination scoring.

use crate::vocabulary::{Broken, Phrase, Side};

pub(crate) const SIZE: usize = 8;
pub const SQUARES: usize = SIZE * SIZE;
pub const LINES: usize = 2 * SIZE - 1;
/// T5: with 52 stones each no player can run out.
pub(crate) const SUPPLY: usize = 52;
/// T4: a reveal is 1 to 4 stones.
pub(crate) const MAX_REVEAL: usize = 4;

/// A square: file 0..8 (a–h) and rank 0..8 (1–8); a1 is SOUTH, h1 EAST, a8 WEST, h8 NORTH (T1).
pub fn square(file: usize, rank: usize) -> usize {
    rank * SIZE + file
}

pub(crate) fn file_of(sq: usize) -> usize {
    sq % SIZE
}

pub(crate) fn rank_of(sq: usize) -> usize {
    sq / SIZE
}

pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

pub fn parse_square(text: &str) -> Option<usize> {
    let text = text.trim();
    let mut chars = text.chars();
    let file = (chars.next()?.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
    let rank: usize = chars.as_str().parse().ok()?;
    (file < SIZE && (1..=SIZE).contains(&rank) && chars.as_str().len() == 1)
        .then(|| square(file, rank - 1))
}

/// T2: Line k holds the squares whose file and rank indices add up to k, listed from its
/// end on file a or rank 8 to its end on rank 1 or file h.
pub fn line(k: usize) -> Vec<usize> {
    (0..SIZE)
        .filter_map(|f| k.checked_sub(f).filter(|r| *r < SIZE).map(|r| square(f, r)))
        .collect()
}

pub(crate) fn line_of(sq: usize) -> usize {
    file_of(sq) + rank_of(sq)
}

/// T4: who goes first when the reveals differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnequalReveal {
    #[default]
    HigherFirst,
    LowerFirst,
}

impl UnequalReveal {
    pub fn name(self) -> &'static str {
        match self {
            UnequalReveal::HigherFirst => "higher-first",
            UnequalReveal::LowerFirst => "lower-first",
        }
    }
}

/// The Line being filled, from which end, and how far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Current {
    pub line: usize,
    /// The Line's squares in the order they fill.
    pub order: Vec<usize>,
    /// How many of them are filled.
    pub filled: usize,
}

impl Current {
    pub fn next(&self) -> usize {
        self.order[self.filled]
    }
}

/// Why a stone cannot go where it was put.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalPlacement {
    Occupied(usize),
    /// No Line is current and the square is not a free end of an empty Line.
    NotAnEdge(usize),
    /// The Current Line goes on to `next`.
    NotNext {
        current: usize,
        next: usize,
    },
    BoardFull,
}

impl IllegalPlacement {
    /// The rule broken, in words, and the rulings it cites.
    pub fn broken(&self) -> Broken {
        match self {
            IllegalPlacement::Occupied(sq) => Phrase::new("{square} is already taken")
                .with("square", square_name(*sq))
                .into(),
            IllegalPlacement::NotAnEdge(sq) => Broken::new(
                Phrase::new(
                    "no Line is current, so the stone starts a new one on a free edge square, and {square} is not one",
                )
                .with("square", square_name(*sq)),
                &["T3"],
            ),
            IllegalPlacement::NotNext { current, next } => Broken::new(
                Phrase::new("the Current Line is Line {current} and the next square is {next}")
                    .with("current", current)
                    .with("next", square_name(*next)),
                &["T3"],
            ),
            IllegalPlacement::BoardFull => Broken::new(
                Phrase::new("the board is full: the game ended with the 64th square"),
                &["T5"],
            ),
        }
    }
}

impl std::fmt::Display for IllegalPlacement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.broken().fmt(f)
    }
}

/// The board and the Current Line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: [Option<Side>; SQUARES],
    placed: usize,
    pub current: Option<Current>,
}

impl Default for Board {
    fn default() -> Self {
        Self {
            cells: [None; SQUARES],
            placed: 0,
            current: None,
        }
    }
}

/// Why stones cannot stand as set up: the square to blame, and the rule (T3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unreachable {
    pub square: usize,
    pub broken: Broken,
}

impl Board {
    /// A board set up with `cells`, its Current Line worked out from them: every Line is
    /// filled completely before the next is started, in order from one end (T3), so every
    /// Line is full or empty but at most one, which is filled from one end without a gap
    /// and is the Current Line. Any other arrangement is refused, naming its square.
    pub(crate) fn set_up(cells: [Option<Side>; SQUARES]) -> Result<Self, Unreachable> {
        let mut current: Option<Current> = None;
        for k in 0..LINES {
            let squares = line(k);
            let filled = squares.iter().filter(|&&sq| cells[sq].is_some()).count();
            if filled == 0 || filled == squares.len() {
                continue;
            }
            if let Some(other) = &current {
                let square = squares.iter().copied().find(|&sq| cells[sq].is_some());
                return Err(Unreachable {
                    square: square.expect("a partly filled Line has a stone"),
                    broken: Broken::new(
                        format!(
                            "Line {k} is partly filled, and so is Line {}: a Line is filled \
                             completely before the next is started",
                            other.line
                        ),
                        &["T3"],
                    ),
                });
            }
            let from_start = squares[..filled].iter().all(|&sq| cells[sq].is_some());
            let from_end = squares[squares.len() - filled..]
                .iter()
                .all(|&sq| cells[sq].is_some());
            let mut order = squares.clone();
            if from_end && !from_start {
                order.reverse();
            } else if !from_start {
                // The first empty square with a stone on each side of it.
                let first = squares.iter().position(|&sq| cells[sq].is_some());
                let last = squares.iter().rposition(|&sq| cells[sq].is_some());
                let (first, last) = (first.unwrap_or(0), last.unwrap_or(0));
                let gap = (first..last).find(|&i| cells[squares[i]].is_none());
                let (square, what) = match gap {
                    Some(i) => (
                        squares[i],
                        format!("{} is empty between its stones", square_name(squares[i])),
                    ),
                    None => (
                        squares[first],
                        "its stones reach neither of its ends".to_string(),
                    ),
                };
                return Err(Unreachable {
                    square,
                    broken: Broken::new(
                        format!(
                            "Line {k} is partly filled and {what}: a Line fills square by \
                             square from the end where it was started"
                        ),
                        &["T3"],
                    ),
                });
            }
            current = Some(Current {
                line: k,
                order,
                filled,
            });
        }
        Ok(Self {
            placed: cells.iter().filter(|c| c.is_some()).count(),
            cells,
            current,
        })
    }

    pub fn at(&self, sq: usize) -> Option<Side> {
        self.cells[sq]
    }

    pub fn placed(&self) -> usize {
        self.placed
    }

    pub fn is_full(&self) -> bool {
        self.placed == SQUARES
    }

    /// The squares the next stone may go on (T3).
    pub fn legal(&self) -> Vec<usize> {
        if self.is_full() {
            return Vec::new();
        }
        match &self.current {
            Some(current) => vec![current.next()],
            None => {
                let mut ends: Vec<usize> = (0..LINES)
                    .filter(|&k| line(k).iter().all(|&sq| self.cells[sq].is_none()))
                    .flat_map(|k| {
                        let squares = line(k);
                        let (first, last) = (squares[0], squares[squares.len() - 1]);
                        if first == last {
                            vec![first]
                        } else {
                            vec![first, last]
                        }
                    })
                    .collect();
                ends.sort_unstable();
                ends
            }
        }
    }

    /// Places `side`'s stone on `sq` (T3).
    pub fn place(&mut self, sq: usize, side: Side) -> Result<(), IllegalPlacement> {
        if self.is_full() {
            return Err(IllegalPlacement::BoardFull);
        }
        if self.cells[sq].is_some() {
            return Err(IllegalPlacement::Occupied(sq));
        }
        match &mut self.current {
            Some(current) => {
                if current.next() != sq {
                    return Err(IllegalPlacement::NotNext {
                        current: current.line,
                        next: current.next(),
                    });
                }
                current.filled += 1;
            }
            None => {
                if !self.legal().contains(&sq) {
                    return Err(IllegalPlacement::NotAnEdge(sq));
                }
                let mut order = line(line_of(sq));
                if order[0] != sq {
                    order.reverse();
                }
                self.current = Some(Current {
                    line: line_of(sq),
                    order,
                    filled: 1,
                });
            }
        }
        self.cells[sq] = Some(side);
        self.placed += 1;
        if self
            .current
            .as_ref()
            .is_some_and(|c| c.filled == c.order.len())
        {
            self.current = None;
        }
        Ok(())
    }

    /// T6: `side`'s Towers, each as its squares from the owner's edge outwards: Black's
    /// along ranks (from file a), White's along files (from rank 1).
    pub fn towers(&self, side: Side) -> Vec<Vec<usize>> {
        let mut towers = Vec::new();
        for outer in 0..SIZE {
            let mut run: Vec<usize> = Vec::new();
            for inner in 0..SIZE {
                let sq = match side {
                    Side::Black => square(inner, outer),
                    Side::White => square(outer, inner),
                };
                if self.cells[sq] == Some(side) {
                    run.push(sq);
                } else if !run.is_empty() {
                    towers.push(std::mem::take(&mut run));
                }
            }
            if !run.is_empty() {
                towers.push(run);
            }
        }
        towers
    }

    /// How many Towers of each height 1..=8 `side` has (`counts[h - 1]`).
    pub(crate) fn tower_counts(&self, side: Side) -> [u32; SIZE] {
        let mut counts = [0; SIZE];
        for tower in self.towers(side) {
            counts[tower.len() - 1] += 1;
        }
        counts
    }
}

/// The combinations (T7).
pub(crate) const COMBINATION_POINTS: [i32; 4] = [1, 4, 9, 16];

/// T7: how a player's Towers are used, greedily (as many 1+2+3+4 as possible, then 1+2+3,
/// then 1+2, then singles), which is optimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoring {
    /// Tower counts by height, `counts[h - 1]`.
    pub counts: [u32; SIZE],
    /// `combinations[i]`: how many combinations of the towers 1..=i+1 (1, 1+2, 1+2+3,
    /// 1+2+3+4).
    pub combinations: [u32; 4],
    /// Towers used in no combination, by height.
    pub unusable: [u32; SIZE],
    pub score: i32,
}

pub fn score(counts: [u32; SIZE]) -> Scoring {
    // u_h: towers of height h that can be used, u1 = c1, u_h = min(u_{h-1}, c_h).
    let mut usable = [0u32; 4];
    for h in 0..4 {
        usable[h] = if h == 0 {
            counts[0]
        } else {
            usable[h - 1].min(counts[h])
        };
    }
    // A combination 1..=i+1 for each tower of height i+1 not used by a taller combination.
    let mut combinations = [0u32; 4];
    for i in 0..4 {
        combinations[i] = usable[i] - usable.get(i + 1).copied().unwrap_or(0);
    }
    let mut unusable = counts;
    for h in 0..4 {
        unusable[h] -= usable[h];
    }
    // The closed form of T7: Σ_{h≤4} ((3h − 1)·u_h − h·c_h) − Σ_{h≥5} h·c_h.
    let mut total: i64 = 0;
    for h in 1..=SIZE {
        let c = i64::from(counts[h - 1]);
        if h <= 4 {
            total += (3 * h as i64 - 1) * i64::from(usable[h - 1]) - h as i64 * c;
        } else {
            total -= h as i64 * c;
        }
    }
    Scoring {
        counts,
        combinations,
        unusable,
        score: total as i32,
    }
}

/// T8: Black wins with the higher score; otherwise White. There are no draws.
pub fn winner(black: i32, white: i32) -> Side {
    if black > white {
        Side::Black
    } else {
        Side::White
    }
}

/// T4: who places first in a turn, given the reveals and who went first last turn.
pub fn first_player(black: usize, white: usize, last_first: Side, rule: UnequalReveal) -> Side {
    match black.cmp(&white) {
        std::cmp::Ordering::Equal => last_first,
        std::cmp::Ordering::Greater => match rule {
            UnequalReveal::HigherFirst => Side::Black,
            UnequalReveal::LowerFirst => Side::White,
        },
        std::cmp::Ordering::Less => match rule {
            UnequalReveal::HigherFirst => Side::White,
            UnequalReveal::LowerFirst => Side::Black,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(usize, u32)]) -> [u32; SIZE] {
        let mut c = [0; SIZE];
        for (h, n) in pairs {
            c[h - 1] = *n;
        }
        c
    }

    #[test]
    fn t7_the_worked_example_scores_black_32_and_white_35() {
        let black = score(counts(&[(1, 12), (2, 5), (3, 1)]));
        assert_eq!(black.score, 32);
        assert_eq!(black.combinations, [7, 4, 1, 0]);
        assert_eq!(black.unusable, [0; SIZE]);
        let white = score(counts(&[(1, 12), (2, 3), (3, 4), (4, 1), (5, 1)]));
        assert_eq!(white.score, 35);
        assert_eq!(white.combinations, [9, 0, 2, 1]);
        assert_eq!(white.unusable, counts(&[(3, 1), (5, 1)]));
        assert_eq!(winner(black.score, white.score), Side::White);
    }

    /// The best score over every way of forming combinations, by exhaustive search.
    fn brute_force(c: [u32; SIZE]) -> i32 {
        let penalty: i32 = (1..=SIZE).map(|h| h as i32 * c[h - 1] as i32).sum();
        // Choosing k_i combinations of size i+1; each uses one tower of heights 1..=i+1.
        let mut best = i32::MIN;
        let max = c[0];
        for k4 in 0..=max {
            for k3 in 0..=max - k4 {
                for k2 in 0..=max - k4 - k3 {
                    for k1 in 0..=max - k4 - k3 - k2 {
                        let uses = [k1 + k2 + k3 + k4, k2 + k3 + k4, k3 + k4, k4];
                        if (0..4).any(|h| uses[h] > c[h]) {
                            continue;
                        }
                        // Points for combinations, minus the heights of the unused towers.
                        let used_height: i32 =
                            (0..4).map(|h| (h as i32 + 1) * uses[h] as i32).sum();
                        let points = (k1 + 4 * k2 + 9 * k3 + 16 * k4) as i32;
                        best = best.max(points - (penalty - used_height));
                    }
                }
            }
        }
        best
    }

    #[test]
    fn t7_greedy_scoring_matches_a_brute_force_over_small_counts() {
        for c1 in 0..=5 {
            for c2 in 0..=4 {
                for c3 in 0..=3 {
                    for c4 in 0..=3 {
                        for c5 in 0..=1 {
                            let c = counts(&[(1, c1), (2, c2), (3, c3), (4, c4), (5, c5), (8, c5)]);
                            assert_eq!(score(c).score, brute_force(c), "{c:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn t8_ties_go_to_white() {
        assert_eq!(winner(10, 10), Side::White);
        assert_eq!(winner(11, 10), Side::Black);
    }

    #[test]
    fn t1_t2_lines_run_east_west_and_only_their_ends_touch_an_edge() {
        assert_eq!(line(0), [square(0, 0)], "a1 alone is Line 0");
        assert_eq!(line(7).len(), 8);
        assert_eq!(square_name(line(7)[0]), "a8");
        assert_eq!(square_name(line(7)[7]), "h1");
        assert_eq!(line(14), [square(7, 7)]);
        let edge = |sq: usize| {
            file_of(sq) == 0 || file_of(sq) == 7 || rank_of(sq) == 0 || rank_of(sq) == 7
        };
        for k in 0..LINES {
            let l = line(k);
            for (i, sq) in l.iter().enumerate() {
                assert_eq!(
                    edge(*sq),
                    i == 0 || i == l.len() - 1,
                    "Line {k}, {}",
                    square_name(*sq)
                );
            }
        }
        assert_eq!((0..LINES).map(|k| line(k).len()).sum::<usize>(), SQUARES);
    }

    #[test]
    fn t3_a_line_fills_from_the_chosen_end_to_the_other() {
        let mut board = Board::default();
        assert_eq!(
            board.legal().len(),
            2 * LINES - 2,
            "both ends of every Line, one for a1 and h8"
        );
        board
            .place(parse_square("h1").unwrap(), Side::Black)
            .unwrap();
        assert_eq!(board.current.as_ref().unwrap().line, 7);
        assert_eq!(board.legal(), [parse_square("g2").unwrap()]);
        assert_eq!(
            board.place(parse_square("a8").unwrap(), Side::White),
            Err(IllegalPlacement::NotNext {
                current: 7,
                next: parse_square("g2").unwrap()
            })
        );
        for name in ["g2", "f3", "e4", "d5", "c6", "b7", "a8"] {
            board
                .place(parse_square(name).unwrap(), Side::White)
                .unwrap();
        }
        assert_eq!(board.current, None, "a filled Line is no longer current");
        assert_eq!(
            board.place(parse_square("d4").unwrap(), Side::Black),
            Err(IllegalPlacement::NotAnEdge(parse_square("d4").unwrap()))
        );
        board
            .place(parse_square("a1").unwrap(), Side::Black)
            .unwrap();
        assert_eq!(board.current, None, "Line 0 is one square");
    }

    #[test]
    fn t4_equal_reveals_keep_the_first_player_and_unequal_follow_the_option() {
        assert_eq!(
            first_player(2, 2, Side::Black, UnequalReveal::HigherFirst),
            Side::Black
        );
        assert_eq!(
            first_player(2, 2, Side::White, UnequalReveal::LowerFirst),
            Side::White
        );
        assert_eq!(
            first_player(3, 1, Side::White, UnequalReveal::HigherFirst),
            Side::Black
        );
        assert_eq!(
            first_player(3, 1, Side::Black, UnequalReveal::LowerFirst),
            Side::White
        );
        assert_eq!(
            first_player(1, 4, Side::Black, UnequalReveal::HigherFirst),
            Side::White
        );
    }

    #[test]
    fn t6_black_towers_run_along_ranks_and_white_towers_along_files() {
        let mut board = Board::default();
        let put = |board: &mut Board, names: &[&str], side| {
            for n in names {
                board.cells[parse_square(n).unwrap()] = Some(side);
            }
        };
        put(&mut board, &["a1", "b1", "c1", "e1"], Side::Black);
        put(&mut board, &["d1", "d2", "d3", "a2"], Side::White);
        let black: Vec<usize> = board.towers(Side::Black).iter().map(Vec::len).collect();
        let white: Vec<usize> = board.towers(Side::White).iter().map(Vec::len).collect();
        assert_eq!(black, [3, 1]);
        assert_eq!(white, [1, 3]);
        assert_eq!(board.tower_counts(Side::White), [1, 0, 1, 0, 0, 0, 0, 0]);
    }
}
