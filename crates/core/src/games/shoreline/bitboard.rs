//! A Shoreline position as the solver and the opening book see it: bitboards.
//!
//! Point (column c, row r) is bit `c * 5 + r - 1`. A column's state is its height and its
//! stones' colours, six bits (`1 << height | colours`), so a whole position is a 30-bit key;
//! mirroring reverses the five column codes.

use super::Side;
use super::rules::{PLACEMENTS, Position, SIZE, Scoring};

/// A position as the solver sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bitboard {
    /// Per side, the stones in four layouts, one per direction, in each of which every line
    /// of that direction is a run of adjacent bits: scoring a line is a shift, a mask and a
    /// table lookup.
    layouts: [[u32; 4]; 2],
    heights: [u8; SIZE],
    placed: u8,
    to_move: Side,
    /// The position key and its mirror image's, kept up to date move by move.
    key: u32,
    mirror: u32,
}

impl Bitboard {
    pub fn from_position(position: &Position) -> Self {
        let mut board = Bitboard {
            layouts: [[0; 4]; 2],
            heights: [0; SIZE],
            placed: 0,
            to_move: Side::Black,
            key: 0,
            mirror: 0,
        };
        for c in 0..SIZE {
            board.key |= 1 << (6 * (SIZE - 1 - c));
            board.mirror |= 1 << (6 * c);
        }
        // Replay the stones column by column from the shore up: gravity makes any order of
        // columns give the same position.
        for c in 0..SIZE {
            for r in 1..=SIZE {
                if let Some(side) = position.at(super::rules::Point::new(c, r)) {
                    board.to_move = side;
                    board = board.play(c);
                }
            }
        }
        board.placed = position.placed() as u8;
        board.to_move = position.to_move();
        board
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Stones on the board.
    pub fn placed(&self) -> usize {
        usize::from(self.placed)
    }

    pub(crate) fn is_over(&self) -> bool {
        usize::from(self.placed) >= PLACEMENTS
    }

    /// The columns with room, in the order the search tries them: centre first.
    pub fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        [2, 1, 3, 0, 4]
            .into_iter()
            .filter(|&c| usize::from(self.heights[c]) < SIZE)
    }

    pub fn legal_columns(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..SIZE)
            .filter(|&c| usize::from(self.heights[c]) < SIZE)
            .collect()
    }

    pub fn play(&self, column: usize) -> Bitboard {
        let h = usize::from(self.heights[column]);
        let point = column * SIZE + h;
        let side = usize::from(self.to_move == Side::White);
        let mut next = *self;
        let tables = tables();
        for d in 0..4 {
            next.layouts[side][d] |= 1 << tables.layout[d][point];
        }
        // The column's code goes from 1<<h | colours to 1<<(h+1) | colours | black<<h.
        let delta = (1u32 << h) + (u32::from(side == 0) << h);
        next.key += delta << (6 * (SIZE - 1 - column));
        next.mirror += delta << (6 * column);
        next.heights[column] += 1;
        next.placed += 1;
        next.to_move = self.to_move.other();
        next
    }

    /// Black's score minus White's (S5–S7), for a finished or unfinished board.
    pub fn score(&self, scoring: Scoring) -> i32 {
        let tables = tables();
        let table = match scoring {
            Scoring::Exact => &tables.exact,
            Scoring::Beginner => &tables.beginner,
        };
        let mut total = 0i32;
        for &(d, start, len) in &tables.segments {
            let mask = (1u32 << len) - 1;
            let black = (self.layouts[0][d] >> start) & mask;
            let white = (self.layouts[1][d] >> start) & mask;
            total += i32::from(table[len][black as usize]) - i32::from(table[len][white as usize]);
        }
        total
    }

    /// The key of this position (stones and the side to move) and whether it is the mirror
    /// image's (A↔E folded).
    pub(super) fn key(&self) -> (u32, bool) {
        let side = u32::from(self.to_move == Side::White) << 30;
        if self.mirror < self.key {
            (self.mirror | side, true)
        } else {
            (self.key | side, false)
        }
    }
}

struct Tables {
    /// `layout[d][point]`: the point's bit in the layout of direction d.
    layout: [[u32; SIZE * SIZE]; 4],
    /// Every line of three or more: its direction, first bit and length.
    segments: Vec<(usize, u32, usize)>,
    /// Points a side scores on a line of length n with its stones at the mask's bits.
    exact: Vec<Vec<u8>>,
    beginner: Vec<Vec<u8>>,
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        // The four directions' lines, each listing its points in order: rows, columns, and
        // the rising and falling diagonals of every length.
        let n = SIZE as i32;
        let point = |c: i32, r: i32| (c * n + r) as usize; // r from 0
        let mut by_direction: [Vec<Vec<usize>>; 4] = Default::default();
        for i in 0..n {
            by_direction[0].push((0..n).map(|c| point(c, i)).collect());
            by_direction[1].push((0..n).map(|r| point(i, r)).collect());
        }
        for start in -(n - 1)..n {
            let rising: Vec<usize> = (0..n)
                .filter_map(|c| {
                    let r = c - start;
                    (0..n).contains(&r).then(|| point(c, r))
                })
                .collect();
            let falling: Vec<usize> = (0..n)
                .filter_map(|c| {
                    let r = start + n - 1 - c;
                    (0..n).contains(&r).then(|| point(c, r))
                })
                .collect();
            by_direction[2].push(rising);
            by_direction[3].push(falling);
        }
        let mut layout = [[0u32; SIZE * SIZE]; 4];
        let mut segments = Vec::new();
        for (d, lines) in by_direction.iter().enumerate() {
            let mut bit = 0u32;
            for line in lines {
                if line.len() >= 3 {
                    segments.push((d, bit, line.len()));
                }
                for p in line {
                    layout[d][*p] = bit;
                    bit += 1;
                }
            }
        }
        let runs = |n: usize, mask: usize, score: &dyn Fn(usize) -> u8| -> u8 {
            let (mut total, mut run) = (0, 0);
            for i in 0..=n {
                if i < n && mask >> i & 1 == 1 {
                    run += 1;
                } else {
                    total += score(run);
                    run = 0;
                }
            }
            total
        };
        let table = |score: &dyn Fn(usize) -> u8| -> Vec<Vec<u8>> {
            (0..=SIZE)
                .map(|n| (0..1usize << n).map(|m| runs(n, m, score)).collect())
                .collect()
        };
        Tables {
            layout,
            segments,
            exact: table(&|run| u8::from(run == 3)),
            beginner: table(&|run| u8::from(run >= 3)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::rules::lines;
    use super::*;

    #[test]
    fn every_scoring_line_has_its_segment() {
        assert_eq!(tables().segments.len(), lines().len());
    }
}
