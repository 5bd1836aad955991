//! The transposition tables: proof and disproof numbers by position, attacker and depth
//! left, and what has been settled for a position and attacker: the fewest plies it is
//! known to win within, and the most plies it is known not to win within. Those bounds hold
//! for every depth (a win within 5 is a win within 7), so they answer later, deeper
//! searches and the next positions of the game.

use std::collections::HashMap;

use crate::games::loa::bits::Bits;
use crate::games::loa::game::Ply;
use crate::games::loa::rules::Position;
use crate::vocabulary::Side;

/// The tables' hasher: rustc's own (fast for the bitboard words a position is made of, and
/// deterministic, unlike std's seeded one, though nothing here depends on iteration order).
pub(crate) type BuildFx = rustc_hash::FxBuildHasher;

/// Proof and disproof numbers at or above this are infinite.
pub(crate) const INF: u32 = u32::MAX / 4;

/// What is settled for a position and an attacker, each bound with the ply the search
/// settled it by there: where the attacker moves, a ply that wins within `win`; where the
/// defender moves, a ply after which the attacker does not win within `no_win` minus one.
/// A proof's line is read from these plies, so it never depends on other entries still
/// being in the table.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bounds {
    /// The attacker wins within this many plies.
    pub win: Option<(u8, Ply)>,
    /// The attacker does not win within this many plies.
    pub no_win: Option<(u8, Ply)>,
}

impl Bounds {
    /// The answer to "does the attacker win within `depth`?" if settled, with its ply.
    pub fn answer(&self, depth: u8) -> Option<(bool, Ply)> {
        match (self.win, self.no_win) {
            (Some((w, ply)), _) if w <= depth => Some((true, ply)),
            (_, Some((n, ply))) if n >= depth => Some((false, ply)),
            _ => None,
        }
    }
}

/// Entries kept before a table is emptied, so memory stays bounded on long games (about
/// 150 MB for 8×8 boards at most); when it happens depends on the node counts only, so a
/// review stays the same on every machine.
const MAX_OPEN: usize = 1 << 20;
const MAX_SETTLED: usize = 1 << 21;

/// A question: the position, the attacker and the plies left.
type Question<B> = (Position<B>, Side, u8);

pub(crate) struct Table<B> {
    open: HashMap<Question<B>, (u32, u32), BuildFx>,
    settled: HashMap<(Position<B>, Side), Bounds, BuildFx>,
    /// Entries kept before each map is emptied ([`MAX_OPEN`], [`MAX_SETTLED`]; smaller in
    /// tests, to empty them mid-search).
    max_open: usize,
    max_settled: usize,
}

impl<B: Bits> Default for Table<B> {
    fn default() -> Self {
        Self::with_limits(MAX_OPEN, MAX_SETTLED)
    }
}

impl<B: Bits> Table<B> {
    /// A table that empties its open map at `max_open` entries and its settled map at
    /// `max_settled`.
    pub(crate) fn with_limits(max_open: usize, max_settled: usize) -> Self {
        Self {
            open: HashMap::default(),
            settled: HashMap::default(),
            max_open,
            max_settled,
        }
    }

    pub fn clear(&mut self) {
        self.open.clear();
        self.settled.clear();
    }

    pub fn bounds(&self, p: &Position<B>, attacker: Side) -> Bounds {
        self.settled
            .get(&(*p, attacker))
            .copied()
            .unwrap_or_default()
    }

    /// The proof and disproof numbers of "`attacker` wins from `p` within `depth`", if known.
    #[inline]
    pub fn get(&self, p: &Position<B>, attacker: Side, depth: u8) -> Option<(u32, u32)> {
        if let Some(b) = self.settled.get(&(*p, attacker)) {
            match b.answer(depth) {
                Some((true, _)) => return Some((0, INF)),
                Some((false, _)) => return Some((INF, 0)),
                None => {}
            }
        }
        self.open.get(&(*p, attacker, depth)).copied()
    }

    /// Stores the numbers of "`attacker` wins from `p` within `depth`"; when they settle it,
    /// with `ply`, the ply the search settled it by (the child with the smallest number).
    pub fn put(
        &mut self,
        p: &Position<B>,
        attacker: Side,
        depth: u8,
        numbers: (u32, u32),
        ply: Ply,
    ) {
        match numbers {
            (0, _) | (_, 0) => {
                if self.settled.len() >= self.max_settled {
                    self.settled.clear();
                }
                let b = self.settled.entry((*p, attacker)).or_default();
                if numbers.0 == 0 {
                    if b.win.is_none_or(|(w, _)| depth < w) {
                        b.win = Some((depth, ply));
                    }
                } else if b.no_win.is_none_or(|(n, _)| depth > n) {
                    b.no_win = Some((depth, ply));
                }
                self.open.remove(&(*p, attacker, depth));
            }
            _ => {
                if self.open.len() >= self.max_open {
                    self.open.clear();
                }
                self.open.insert((*p, attacker, depth), numbers);
            }
        }
    }
}
