//! The transposition tables: proof and disproof numbers by position, attacker and depth
//! left, and what has been settled for a position and attacker: the fewest plies it is
//! known to win within, and the most plies it is known not to win within. Those bounds hold
//! for every depth (a win within 5 is a win within 7), so they answer later, deeper
//! searches and the next positions of the game.

use std::collections::HashMap;

use crate::games::loa::bits::Bits;
use crate::games::loa::rules::Position;
use crate::vocabulary::Side;

/// The tables' hasher: rustc's own (fast for the bitboard words a position is made of, and
/// deterministic, unlike std's seeded one, though nothing here depends on iteration order).
pub type BuildFx = rustc_hash::FxBuildHasher;

/// Proof and disproof numbers at or above this are infinite.
pub const INF: u32 = u32::MAX / 4;

/// What is settled for a position and an attacker.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// The attacker wins within this many plies (`u8::MAX`: not known).
    pub win_within: u8,
    /// The attacker does not win within this many plies (0: nothing known).
    pub no_win_within: u8,
}

const UNKNOWN: Bounds = Bounds {
    win_within: u8::MAX,
    no_win_within: 0,
};

/// Entries kept before a table is emptied, so memory stays bounded on long games (about
/// 150 MB for 8×8 boards at most); when it happens depends on the node counts only, so a
/// review stays the same on every machine.
const MAX_OPEN: usize = 1 << 20;
const MAX_SETTLED: usize = 1 << 21;

/// A question: the position, the attacker and the plies left.
type Question<B> = (Position<B>, Side, u8);

pub struct Table<B> {
    open: HashMap<Question<B>, (u32, u32), BuildFx>,
    settled: HashMap<(Position<B>, Side), Bounds, BuildFx>,
}

impl<B: Bits> Default for Table<B> {
    fn default() -> Self {
        Self {
            open: HashMap::default(),
            settled: HashMap::default(),
        }
    }
}

impl<B: Bits> Table<B> {
    pub fn clear(&mut self) {
        self.open.clear();
        self.settled.clear();
    }

    pub fn bounds(&self, p: &Position<B>, attacker: Side) -> Bounds {
        self.settled
            .get(&(*p, attacker))
            .copied()
            .unwrap_or(UNKNOWN)
    }

    /// The proof and disproof numbers of "`attacker` wins from `p` within `depth`", if known.
    #[inline]
    pub fn get(&self, p: &Position<B>, attacker: Side, depth: u8) -> Option<(u32, u32)> {
        if let Some(b) = self.settled.get(&(*p, attacker)) {
            if b.win_within <= depth {
                return Some((0, INF));
            }
            if b.no_win_within >= depth {
                return Some((INF, 0));
            }
        }
        self.open.get(&(*p, attacker, depth)).copied()
    }

    pub fn put(&mut self, p: &Position<B>, attacker: Side, depth: u8, numbers: (u32, u32)) {
        match numbers {
            (0, _) | (_, 0) => {
                if self.settled.len() >= MAX_SETTLED {
                    self.settled.clear();
                }
                let b = self.settled.entry((*p, attacker)).or_insert(UNKNOWN);
                if numbers.0 == 0 {
                    b.win_within = b.win_within.min(depth);
                } else {
                    b.no_win_within = b.no_win_within.max(depth);
                }
                self.open.remove(&(*p, attacker, depth));
            }
            _ => {
                if self.open.len() >= MAX_OPEN {
                    self.open.clear();
                }
                self.open.insert((*p, attacker, depth), numbers);
            }
        }
    }
}
