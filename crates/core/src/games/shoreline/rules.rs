//! The Shoreline rules engine (RULINGS S1–S7): placement by column gravity, the end after
//! 24 placements, and scoring that names every run it counts, so diagrams can draw them.

use super::Side;
use crate::vocabulary::{Broken, Phrase};

/// Columns A–E and rows 1–5 (S1).
pub(crate) const SIZE: usize = 5;
/// Twelve stones each (S4).
pub(crate) const PLACEMENTS: usize = 24;

/// A point: `column` 0..5 is A..E, `row` 1..=5 with row 1 the shore row (S1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub column: usize,
    pub row: usize,
}

impl Point {
    pub const fn new(column: usize, row: usize) -> Self {
        Self { column, row }
    }

    /// `C3`-style name.
    pub fn name(self) -> String {
        format!("{}{}", column_name(self.column), self.row)
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", column_name(self.column), self.row)
    }
}

pub(crate) fn column_name(column: usize) -> char {
    (b'A' + column as u8) as char
}

/// Scoring option (S5, S7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scoring {
    /// Runs of exactly three score; four or five score nothing (S5).
    #[default]
    Exact,
    /// "Three in a row scores": every run of three or more scores 1 (S7).
    Beginner,
}

impl Scoring {
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Exact => "exact",
            Scoring::Beginner => "beginner",
        }
    }
}

/// The rule options a record may set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    /// Who places first (S3), default Black.
    pub first: Side,
    pub scoring: Scoring,
}

/// The placements of a game under its rules, in order: what diagrams, sheets and the solver
/// draw and weigh (a checked record's, or a puzzle's).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Play {
    pub rules: Rules,
    /// A record's `position:`, the moves' start instead of the empty board.
    pub start: Option<Position>,
    /// Every placement, in order; all legal.
    pub moves: Vec<Point>,
}

impl Play {
    /// Each placement by its point's name (`C1`), as move lists write them.
    pub(crate) fn move_names(&self) -> Vec<String> {
        self.moves.iter().map(|p| p.name()).collect()
    }

    /// The position the moves start from: the record's position, else the empty board.
    pub(crate) fn start_position(&self) -> Position {
        self.start
            .clone()
            .unwrap_or_else(|| Position::new(self.rules.first))
    }

    /// The position after the first `n` moves.
    pub(crate) fn position_after(&self, n: usize) -> Position {
        let mut position = self.start_position();
        for point in &self.moves[..n.min(self.moves.len())] {
            position
                .place_at(*point)
                .expect("the moves of a play are legal");
        }
        position
    }

    pub(crate) fn final_position(&self) -> Position {
        self.position_after(self.moves.len())
    }

    /// All 24 stones placed (S4).
    pub fn finished(&self) -> bool {
        self.start_position().placed() + self.moves.len() == PLACEMENTS
    }

    pub fn score(&self) -> Score {
        self.final_position().score(self.rules.scoring)
    }
}

/// Why a placement is illegal, in the game's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    ColumnFull { column: usize },
    NotLowest { wanted: Point, lowest: Point },
    GameOver,
}

impl IllegalMove {
    /// The rule broken, in words, and the rulings it cites.
    pub fn broken(&self) -> Broken {
        match self {
            IllegalMove::ColumnFull { column } => Phrase::new("column {column} is full")
                .with("column", column_name(*column))
                .into(),
            IllegalMove::NotLowest { wanted, lowest } => Broken::new(
                Phrase::new(
                    "the next free point in column {column} is {lowest}, not {wanted}: \
                     stones fill each column from the shore",
                )
                .with("column", column_name(wanted.column))
                .with("lowest", lowest)
                .with("wanted", wanted),
                &["S2"],
            ),
            IllegalMove::GameOver => Broken::new(
                Phrase::new("the game is over: it ends after the {n}th placement")
                    .with("n", PLACEMENTS),
                &["S4"],
            ),
        }
    }
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.broken().fmt(f)
    }
}

/// A position: the stones on the board and who places next.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// `cells[column][row - 1]`.
    cells: [[Option<Side>; SIZE]; SIZE],
    heights: [usize; SIZE],
    placed: usize,
    to_move: Side,
}

impl Position {
    /// The empty board with `first` to place (S3).
    pub fn new(first: Side) -> Self {
        Self {
            cells: [[None; SIZE]; SIZE],
            heights: [0; SIZE],
            placed: 0,
            to_move: first,
        }
    }

    /// A position set up with `stones[column][row - 1]` and `to_move` to place: a written
    /// position, whose reader has checked that every column fills from the shore (S2).
    pub(crate) fn set_up(stones: [[Option<Side>; SIZE]; SIZE], to_move: Side) -> Self {
        let heights = stones.map(|column| column.iter().filter(|s| s.is_some()).count());
        Self {
            cells: stones,
            heights,
            placed: heights.iter().sum(),
            to_move,
        }
    }

    pub fn at(&self, point: Point) -> Option<Side> {
        self.cells[point.column][point.row - 1]
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn placed(&self) -> usize {
        self.placed
    }

    /// The game ends after the 24th placement (S4).
    pub(crate) fn is_over(&self) -> bool {
        self.placed >= PLACEMENTS
    }

    /// The point a stone placed in `column` lands on, if the column has room (S2).
    pub(crate) fn landing(&self, column: usize) -> Option<Point> {
        (self.heights[column] < SIZE).then(|| Point::new(column, self.heights[column] + 1))
    }

    /// The columns the side to move may place in.
    pub fn legal_columns(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..SIZE).filter(|&c| self.landing(c).is_some()).collect()
    }

    /// Places the side to move's stone in `column`; returns the point it lands on.
    pub fn place_in(&mut self, column: usize) -> Result<Point, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let point = self
            .landing(column)
            .ok_or(IllegalMove::ColumnFull { column })?;
        self.cells[column][point.row - 1] = Some(self.to_move);
        self.heights[column] += 1;
        self.placed += 1;
        self.to_move = self.to_move.other();
        Ok(point)
    }

    /// Places a stone on `point`, which must be the lowest free point of its column (S2).
    pub(crate) fn place_at(&mut self, point: Point) -> Result<Point, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match self.landing(point.column) {
            None => Err(IllegalMove::ColumnFull {
                column: point.column,
            }),
            Some(lowest) if lowest != point => Err(IllegalMove::NotLowest {
                wanted: point,
                lowest,
            }),
            Some(_) => self.place_in(point.column),
        }
    }

    /// Scores the board as it stands (S5–S7); at the end this is the result.
    pub fn score(&self, scoring: Scoring) -> Score {
        let mut score = Score::default();
        for line in lines() {
            let mut i = 0;
            while i < line.len() {
                let Some(side) = self.at(line[i]) else {
                    i += 1;
                    continue;
                };
                let start = i;
                while i < line.len() && self.at(line[i]) == Some(side) {
                    i += 1;
                }
                let points = line[start..i].to_vec();
                if points.len() < 3 {
                    continue;
                }
                let scores = points.len() == 3 || scoring == Scoring::Beginner;
                if scores {
                    *score.points_mut(side) += 1;
                }
                score.runs.push(Run {
                    side,
                    points,
                    scores,
                });
            }
        }
        score
    }
}

/// A maximal run of three or more stones of one side along a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub side: Side,
    /// The run's points in order along its line.
    pub points: Vec<Point>,
    /// False for a dead run of four or five under exact scoring (S5).
    pub scores: bool,
}

/// The score of a position and the runs that make it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Score {
    pub black: u32,
    pub white: u32,
    pub runs: Vec<Run>,
}

impl Score {
    fn points_mut(&mut self, side: Side) -> &mut u32 {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }

    pub fn of(&self, side: Side) -> u32 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// The higher score wins; equal scores are a draw (S6).
    pub fn winner(&self) -> Option<Side> {
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => Some(Side::Black),
            std::cmp::Ordering::Less => Some(Side::White),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// The 20 lines of three or more points (S5): 5 rows, 5 columns, and the diagonals of
/// length 3 to 5 in both directions.
pub fn lines() -> &'static [Vec<Point>] {
    static LINES: std::sync::OnceLock<Vec<Vec<Point>>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let mut lines = Vec::new();
        for i in 0..SIZE {
            lines.push((0..SIZE).map(|c| Point::new(c, i + 1)).collect());
            lines.push((1..=SIZE).map(|r| Point::new(i, r)).collect());
        }
        // Rising diagonals (up and to the right) start on column A or row 1.
        // Falling diagonals (down and to the right) start on column A or row 5.
        let starts = (0..SIZE).map(|r| (0, r)).chain((1..SIZE).map(|c| (c, 0)));
        for (c0, r0) in starts {
            let rising: Vec<Point> = (0..SIZE)
                .map(|k| (c0 + k, r0 + k))
                .take_while(|&(c, r)| c < SIZE && r < SIZE)
                .map(|(c, r)| Point::new(c, r + 1))
                .collect();
            let falling: Vec<Point> = (0..SIZE)
                .map(|k| (c0 + k, r0 + k))
                .take_while(|&(c, r)| c < SIZE && r < SIZE)
                .map(|(c, r)| Point::new(c, SIZE - r))
                .collect();
            for line in [rising, falling] {
                if line.len() >= 3 {
                    lines.push(line);
                }
            }
        }
        lines
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position from a picture: rows top (5) to bottom (1), `x` black, `o` white, `.` empty.
    /// Built by placing stones directly, so any picture can be scored.
    pub(crate) fn from_rows(rows: [&str; 5]) -> Position {
        let mut position = Position::new(Side::Black);
        for (i, row) in rows.iter().enumerate() {
            let r = SIZE - i;
            for (c, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let side = match ch {
                    'x' => Some(Side::Black),
                    'o' => Some(Side::White),
                    _ => None,
                };
                if side.is_some() {
                    position.cells[c][r - 1] = side;
                    position.heights[c] = position.heights[c].max(r);
                    position.placed += 1;
                }
            }
        }
        position
    }

    fn scoring_runs(score: &Score) -> Vec<(Side, String, bool)> {
        score
            .runs
            .iter()
            .map(|r| {
                let names: Vec<String> = r.points.iter().map(|p| p.name()).collect();
                (r.side, names.join("-"), r.scores)
            })
            .collect()
    }

    #[test]
    fn s5_there_are_twenty_lines_of_three_or_more() {
        let all = lines();
        assert_eq!(all.len(), 20);
        assert_eq!(
            all.iter().filter(|l| l.len() == 3).count(),
            4,
            "the corner diagonals"
        );
        let diagonals = all.len() - 10;
        assert_eq!(diagonals, 10);
    }

    #[test]
    fn s2_a_stone_goes_on_the_lowest_empty_point_of_its_column() {
        let mut p = Position::new(Side::Black);
        assert_eq!(p.place_in(2), Ok(Point::new(2, 1)));
        assert_eq!(p.place_in(2), Ok(Point::new(2, 2)));
        assert_eq!(
            p.place_at(Point::new(2, 4)),
            Err(IllegalMove::NotLowest {
                wanted: Point::new(2, 4),
                lowest: Point::new(2, 3)
            })
        );
        assert_eq!(p.place_at(Point::new(2, 3)), Ok(Point::new(2, 3)));
        p.place_in(2).unwrap();
        p.place_in(2).unwrap();
        assert_eq!(p.place_in(2), Err(IllegalMove::ColumnFull { column: 2 }));
        assert_eq!(
            IllegalMove::NotLowest {
                wanted: Point::new(2, 3),
                lowest: Point::new(2, 2)
            }
            .broken()
            .to_string(),
            "the next free point in column C is C2, not C3: stones fill each column from the \
             shore (ruling S2)"
        );
    }

    #[test]
    fn s3_sides_alternate_from_the_first_player() {
        let mut p = Position::new(Side::White);
        assert_eq!(p.to_move(), Side::White);
        let point = p.place_in(0).unwrap();
        assert_eq!(p.at(point), Some(Side::White));
        assert_eq!(p.to_move(), Side::Black);
    }

    #[test]
    fn s4_the_game_ends_after_24_placements_leaving_one_point_on_row_5() {
        let mut p = Position::new(Side::Black);
        for column in [0, 1, 2, 3, 4].iter().cycle().take(24) {
            p.place_in(*column).unwrap();
        }
        assert!(p.is_over());
        assert!(p.legal_columns().is_empty());
        assert_eq!(p.place_in(4), Err(IllegalMove::GameOver));
        let empty: Vec<Point> = (0..SIZE)
            .flat_map(|c| (1..=SIZE).map(move |r| Point::new(c, r)))
            .filter(|&pt| p.at(pt).is_none())
            .collect();
        assert_eq!(empty, [Point::new(4, 5)]);
    }

    #[test]
    fn s5_exactly_three_scores_and_four_or_five_score_nothing() {
        let p = from_rows([
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "o o o o .",
            "x x x . o",
        ]);
        let score = p.score(Scoring::Exact);
        assert_eq!((score.black, score.white), (1, 0));
        assert_eq!(
            scoring_runs(&score),
            [
                (Side::Black, "A1-B1-C1".to_string(), true),
                (Side::White, "A2-B2-C2-D2".to_string(), false),
            ]
        );
        let five = from_rows(["x", "x", "x", "x", "x"].map(|_| "x o x o x"));
        let score = five.score(Scoring::Exact);
        assert_eq!(
            (score.black, score.white),
            (0, 0),
            "columns of five are dead"
        );
    }

    #[test]
    fn s5_a_stone_in_a_dead_row_still_scores_in_its_column() {
        let p = from_rows([
            ". . . . .",
            ". . . . .",
            ". . x . .",
            ". . x . .",
            "x x x x o",
        ]);
        let score = p.score(Scoring::Exact);
        assert_eq!((score.black, score.white), (1, 0));
        let runs = scoring_runs(&score);
        assert!(runs.contains(&(Side::Black, "A1-B1-C1-D1".into(), false)));
        assert!(runs.contains(&(Side::Black, "C1-C2-C3".into(), true)));
    }

    #[test]
    fn s5_corner_diagonals_of_three_count() {
        let p = from_rows([
            ". . x . .",
            ". . . x .",
            "o . . . x",
            ". o . . .",
            ". . o . .",
        ]);
        let score = p.score(Scoring::Exact);
        assert_eq!((score.black, score.white), (1, 1));
        let runs = scoring_runs(&score);
        assert!(
            runs.contains(&(Side::White, "A3-B2-C1".into(), true)),
            "{runs:?}"
        );
        assert!(
            runs.contains(&(Side::Black, "C5-D4-E3".into(), true)),
            "{runs:?}"
        );
    }

    #[test]
    fn s5_a_run_is_broken_by_an_opponent_stone_or_an_empty_point() {
        let p = from_rows([
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "x x o x x",
        ]);
        assert_eq!(p.score(Scoring::Exact).runs.len(), 0);
        let q = from_rows([
            "x . . . .",
            "x . . . .",
            ". . . . .",
            "x . . . .",
            "x . . . .",
        ]);
        assert_eq!(q.score(Scoring::Beginner).runs.len(), 0);
    }

    #[test]
    fn s6_higher_score_wins_and_equal_scores_draw() {
        let score = |black, white| Score {
            black,
            white,
            runs: Vec::new(),
        };
        assert_eq!(score(2, 1).winner(), Some(Side::Black));
        assert_eq!(score(0, 3).winner(), Some(Side::White));
        assert_eq!(score(1, 1).winner(), None);
    }

    #[test]
    fn s7_beginner_scoring_counts_every_run_of_three_or_more() {
        let p = from_rows([
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "o o o o o",
            "x x x x .",
        ]);
        let exact = p.score(Scoring::Exact);
        let beginner = p.score(Scoring::Beginner);
        assert_eq!((exact.black, exact.white), (0, 0));
        assert_eq!((beginner.black, beginner.white), (1, 1));
        assert!(beginner.runs.iter().all(|r| r.scores));
    }
}
