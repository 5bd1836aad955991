//! The Lines of Action searcher: for a position, an exact verdict where one can be proven
//! (win or loss, and in how many plies under best play) and an estimate where not.
//!
//! - [`pns`]: depth-first proof-number search of "does this side win within d plies?".
//!   Asked for d = 1, 2, 3, … for both sides, the first yes is the exact distance: the
//!   winner's shortest way, the loser's longest, counting the winning move.
//! - [`eval`]: MIA-like evaluation features and a fixed-depth alpha-beta, for the estimate.
//! - [`tt`]: the transposition tables, kept from position to position of a game.
//! - [`arena`]: the rules as the search needs them: children and how the game ends.
//!
//! Budgets are in nodes, never time: the same record gives the same review everywhere.
//! No threads and no clock, so the core builds for wasm.

pub mod arena;
pub mod eval;
pub mod pns;
pub mod tt;

use arena::Arena;
use pns::Prover;
use tt::Table;

use super::bits::{Bits, Wide};
use super::game::{Ply, Rules};
use super::rules::Position;
use crate::vocabulary::Side;

pub use crate::games::search::DEFAULT_NODES;
/// The longest win the proof search looks for, in plies.
pub const MAX_PLIES: u8 = 40;
/// The alpha-beta's depth for the estimate, in plies.
pub(crate) const ESTIMATE_DEPTH: u32 = 2;

/// A proven result, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

impl Value {
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }

    pub fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }
}

/// What the searcher says about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// Proven result for the side to move, or None.
    pub value: Option<Value>,
    /// Plies to the end under best play when proven.
    pub plies: Option<u32>,
    /// A best ply: the proof's when proven, else the estimate's.
    pub best: Option<Ply>,
    /// The estimate (side to move's view): `eval::WIN` minus the plies for a proven win.
    pub score: i32,
    /// The alpha-beta estimate alone, also where a proof overrides it in `score`: what the
    /// calibration of win probabilities is fitted on (`examples/loa-calibration.rs`).
    pub estimate: i32,
    /// Nodes the proof search and the alpha-beta spent.
    pub nodes: u64,
}

/// The question the proof search was on when its budget ran out: does `attacker` win within
/// `plies`? With the root's proof and disproof numbers for it, the fewest positions still
/// to prove it and to refute it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Open {
    pub attacker: Side,
    pub plies: u8,
    pub proof: u32,
    pub disproof: u32,
}

/// A search on one board type: `u64` up to 8×8, [`Wide`] above.
pub struct Search<B: Bits> {
    arena: Arena<B>,
    table: Table<B>,
    /// Nodes per position, the estimate's and the proof search's together.
    pub budget: u64,
    /// Where the last [`Search::prove`] stopped, when its budget ran out.
    open: Option<Open>,
}

impl<B: Bits> Search<B> {
    pub fn new(rules: &Rules, budget: u64) -> Self {
        Self {
            arena: Arena::new(rules),
            table: Table::default(),
            budget,
            open: None,
        }
    }

    #[cfg(test)]
    /// A searcher whose table empties itself at these sizes (tests: a table emptied in the
    /// middle of a proof).
    pub(crate) fn with_table_limits(
        rules: &Rules,
        budget: u64,
        open: usize,
        settled: usize,
    ) -> Self {
        Self {
            table: Table::with_limits(open, settled),
            ..Self::new(rules, budget)
        }
    }

    pub(crate) fn arena(&self) -> &Arena<B> {
        &self.arena
    }

    /// The positions that already stood twice in the game (draws if they stand again).
    pub(crate) fn set_drawn(&mut self, positions: impl IntoIterator<Item = Position<B>>) {
        if self.arena.set_drawn(positions) {
            self.table.clear();
        }
    }

    /// The exact result within `budget` nodes: (value, plies, best ply, nodes spent).
    ///
    /// The best ply comes with the answers themselves: for a win, the ply the proof of
    /// "win within d" settled the root by; for a loss, the ply the disproof of "the other
    /// side wins within d - 1" settled it by, which holds out the longest. Neither is read
    /// back from the table, which may have been emptied since.
    pub fn prove(&mut self, p: &Position<B>, budget: u64) -> (Option<(Value, u32, Ply)>, u64) {
        let me = p.to_move;
        let mut nodes = 0;
        self.open = None;
        // Per attacker, a ply of the side to move after which that attacker has not been
        // shown to win within the depth asked last: before any question, any ply.
        let mut first = Vec::new();
        self.arena.children(p, &mut first);
        let mut holding = [first[0].ply; 2];
        for d in 1..=MAX_PLIES {
            for (i, attacker) in [me, me.other()].into_iter().enumerate() {
                let mut prover = Prover::new(
                    &self.arena,
                    &mut self.table,
                    attacker,
                    budget.saturating_sub(nodes),
                );
                let found = prover.prove(p, d);
                nodes += prover.nodes;
                let open = prover.open.map(|(proof, disproof)| Open {
                    attacker,
                    plies: d,
                    proof,
                    disproof,
                });
                match found {
                    None => {
                        self.open = open;
                        return (None, nodes);
                    }
                    Some((false, ply)) => holding[i] = ply,
                    Some((true, ply)) if attacker == me => {
                        return (Some((Value::Win, u32::from(d), ply)), nodes);
                    }
                    Some((true, _)) => {
                        return (Some((Value::Loss, u32::from(d), holding[i])), nodes);
                    }
                }
            }
        }
        (None, nodes)
    }

    /// Does `attacker` win from `p` within `plies`? Asked alone with a budget of its own
    /// (the review's second look at a move, the certificate's missing entries); None when
    /// the budget runs out. The answer's ply as [`Prover::prove`] gives it.
    pub(crate) fn wins_within(
        &mut self,
        p: &Position<B>,
        attacker: Side,
        plies: u8,
        budget: u64,
    ) -> (Option<(bool, Ply)>, u64) {
        let mut prover = Prover::new(&self.arena, &mut self.table, attacker, budget);
        let found = prover.prove(p, plies);
        (found, prover.nodes)
    }

    /// Where the last proof search stopped when its budget ran out: None when it settled
    /// its position, or asked every question up to [`MAX_PLIES`].
    pub fn open(&self) -> Option<Open> {
        self.open
    }

    /// What the table has settled for `p` and `attacker`.
    pub fn bounds(&self, p: &Position<B>, attacker: Side) -> tt::Bounds {
        self.table.bounds(p, attacker)
    }

    /// The estimate within `budget` nodes: alpha-beta score and best ply, and its nodes.
    pub fn estimate(&self, p: &Position<B>, budget: u64) -> (i32, Option<Ply>, u64) {
        let mut search = eval::AlphaBeta::new(&self.arena, budget);
        let (score, best) = search.search(p, ESTIMATE_DEPTH);
        (score, best, search.nodes)
    }

    /// The estimate of playing `ply` at `p`, for the mover (comparable with
    /// [`Search::estimate`]'s score), within `budget` nodes (None if they ran out), and
    /// its nodes.
    pub(crate) fn estimate_ply(
        &self,
        p: &Position<B>,
        ply: Ply,
        budget: u64,
    ) -> (Option<i32>, u64) {
        let mut search = eval::AlphaBeta::new(&self.arena, budget);
        let score = search.score_of(p, ply, ESTIMATE_DEPTH);
        (score, search.nodes)
    }

    /// The verdict on `p`, a position where the game is not over.
    pub fn verdict(&mut self, p: &Position<B>) -> Verdict {
        self.verdict_with(p, None).0
    }

    /// The verdict on `p` and, with `played`, the estimate of that ply, all within the
    /// budget: the estimates first (a fixed depth, a few hundred nodes), then the proof
    /// search with the nodes left, so that the budget is a bound, never passed.
    pub fn verdict_with(&mut self, p: &Position<B>, played: Option<Ply>) -> (Verdict, Option<i32>) {
        let (estimate, estimate_best, mut nodes) = self.estimate(p, self.budget);
        let played_score = played.and_then(|ply| {
            let (score, spent) = self.estimate_ply(p, ply, self.budget - nodes);
            nodes += spent;
            score
        });
        let (proof, proof_nodes) = self.prove(p, self.budget - nodes);
        nodes += proof_nodes;
        let verdict = match proof {
            Some((value, plies, best)) => Verdict {
                value: Some(value),
                plies: Some(plies),
                best: Some(best),
                score: match value {
                    Value::Win => eval::WIN - plies as i32,
                    Value::Loss => -(eval::WIN - plies as i32),
                    Value::Draw => 0,
                },
                estimate,
                nodes,
            },
            None => Verdict {
                value: None,
                plies: None,
                best: estimate_best,
                score: estimate,
                estimate,
                nodes,
            },
        };
        (verdict, played_score)
    }
}

/// An 8×8 (or smaller) position on the fast board type.
pub(crate) fn narrow(p: &Position<Wide>) -> Position<u64> {
    let bits = |set: Wide| set.squares().fold(0u64, |b, sq| b | 1 << sq);
    Position {
        black: bits(p.black),
        white: bits(p.white),
        to_move: p.to_move,
    }
}

/// The searcher for any record's board: the fast one up to 8×8.
pub enum Engine {
    Narrow(Search<u64>),
    Wide(Search<Wide>),
}

impl Engine {
    pub fn new(rules: &Rules, budget: u64) -> Self {
        if rules.size * rules.size <= 64 {
            Engine::Narrow(Search::new(rules, budget))
        } else {
            Engine::Wide(Search::new(rules, budget))
        }
    }

    pub(crate) fn set_drawn(&mut self, positions: &[Position<Wide>]) {
        match self {
            Engine::Narrow(s) => s.set_drawn(positions.iter().map(narrow)),
            Engine::Wide(s) => s.set_drawn(positions.iter().copied()),
        }
    }

    pub fn verdict(&mut self, p: &Position<Wide>) -> Verdict {
        self.verdict_with(p, None).0
    }

    /// [`Search::verdict_with`] on this board.
    pub fn verdict_with(
        &mut self,
        p: &Position<Wide>,
        played: Option<Ply>,
    ) -> (Verdict, Option<i32>) {
        match self {
            Engine::Narrow(s) => s.verdict_with(&narrow(p), played),
            Engine::Wide(s) => s.verdict_with(p, played),
        }
    }

    /// [`Search::open`] on this board.
    pub fn open(&self) -> Option<Open> {
        match self {
            Engine::Narrow(s) => s.open(),
            Engine::Wide(s) => s.open(),
        }
    }

    /// [`Search::wins_within`] on this board.
    pub(crate) fn wins_within(
        &mut self,
        p: &Position<Wide>,
        attacker: Side,
        plies: u8,
        budget: u64,
    ) -> (Option<(bool, Ply)>, u64) {
        match self {
            Engine::Narrow(s) => s.wins_within(&narrow(p), attacker, plies, budget),
            Engine::Wide(s) => s.wins_within(p, attacker, plies, budget),
        }
    }
}

#[cfg(test)]
mod tests;
