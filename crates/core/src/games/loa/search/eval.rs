//! The estimate for positions the proof search cannot settle: an evaluation on the features
//! MIA (Winands' Lines of Action program) is built on, and a small fixed-depth alpha-beta
//! over it. Scores are from the side to move's view; 100 is about what one extra group
//! costs. `docs/rules/lines-of-action.md` explains the features and their weights.

use super::arena::{Arena, Child, End};
use crate::games::loa::bits::Bits;
use crate::games::loa::game::Ply;
use crate::games::loa::rules::{Board, Position};
use crate::vocabulary::Side;

/// A won position scores this minus the plies to the win.
pub(crate) const WIN: i32 = 30_000;

/// What one more group than needed costs (connectedness, the goal itself).
const GROUP: i32 = 100;
/// Per square of average distance from the side's centre of mass beyond the tightest
/// packing its pieces allow (concentration).
const CONCENTRATION: i32 = 60;
/// Per square an average piece stands nearer the board's centre (centralisation).
const CENTRE: i32 = 12;
/// Per 2×2 block holding three or four of the side's pieces (quads: solid, hard to split).
const QUAD: i32 = 8;
/// Per legal move, counted in halves: 2 a quiet move, 4 a capture, 1 a move onto the edge
/// (mobility, as MIA weighs it).
const MOBILITY: i32 = 2;
/// For having the move.
const TEMPO: i32 = 15;

/// The side to move's score minus the other side's.
pub(crate) fn evaluate<B: Bits>(board: &Board<B>, p: &Position<B>) -> i32 {
    let me = p.to_move;
    side_score(board, p, me) - side_score(board, p, me.other()) + TEMPO
}

fn side_score<B: Bits>(board: &Board<B>, p: &Position<B>, side: Side) -> i32 {
    let own = p.pieces(side);
    let n = own.count() as i32;
    if n == 0 {
        return 0;
    }
    let size = board.size as i32;
    let groups = board.group_count(own) as i32;
    // Sums in doubled coordinates, so the centres of mass and of the board are whole.
    let (mut sum_f, mut sum_r) = (0, 0);
    for sq in own.squares() {
        sum_f += (sq as i32 % size) * 2;
        sum_r += (sq as i32 / size) * 2;
    }
    let (cf, cr) = (sum_f / n, sum_r / n);
    let mut spread = 0;
    let mut central = 0;
    for sq in own.squares() {
        let (f, r) = ((sq as i32 % size) * 2, (sq as i32 / size) * 2);
        spread += (f - cf).abs().max((r - cr).abs());
        let middle = size - 1;
        central += size - (f - middle).abs().max((r - middle).abs());
    }
    // The least spread n pieces can have: ring k around the centre holds 8k squares.
    let tightest = {
        let (mut left, mut ring, mut total) = (n - 1, 1, 0);
        while left > 0 {
            let here = left.min(8 * ring);
            total += here * ring * 2;
            left -= here;
            ring += 1;
        }
        total
    };
    let concentration = -CONCENTRATION * (spread - tightest).max(0) / (2 * n);
    let centre = CENTRE * central / (2 * n);
    let quads = QUAD * solid_quads(own, board.size);
    let mobility = MOBILITY * mobility(board, p, side);
    -GROUP * (groups - 1) + concentration + centre + quads + mobility
}

/// 2×2 blocks holding three or four of `own`.
fn solid_quads<B: Bits>(own: B, size: usize) -> i32 {
    let mut quads = 0;
    for r in 0..size - 1 {
        for f in 0..size - 1 {
            let sq = r * size + f;
            let held = [sq, sq + 1, sq + size, sq + size + 1]
                .iter()
                .filter(|&&s| own.has(s))
                .count();
            quads += i32::from(held >= 3);
        }
    }
    quads
}

/// `side`'s moves, weighed in halves: quiet 2, capture 4, onto the edge 1.
fn mobility<B: Bits>(board: &Board<B>, p: &Position<B>, side: Side) -> i32 {
    let as_mover = Position {
        to_move: side,
        ..*p
    };
    let n = board.size;
    let on_edge = |sq: usize| sq % n == 0 || sq % n == n - 1 || sq / n == 0 || sq / n == n - 1;
    let mut total = 0;
    board.for_each_move(&as_mover, |m| {
        total += match (m.capture, on_edge(m.to as usize)) {
            (true, _) => 4,
            (false, true) => 1,
            (false, false) => 2,
        }
    });
    total
}

/// A plain fixed-depth alpha-beta (negamax) over [`evaluate`], counting its nodes (a
/// position expanded or evaluated) and stopping at its budget: what is left unsearched
/// then is left out, so the nodes never pass the budget.
pub(crate) struct AlphaBeta<'a, B: Bits> {
    arena: &'a Arena<B>,
    pub nodes: u64,
    budget: u64,
}

impl<'a, B: Bits> AlphaBeta<'a, B> {
    pub fn new(arena: &'a Arena<B>, budget: u64) -> Self {
        Self {
            arena,
            nodes: 0,
            budget,
        }
    }

    /// The score of `p` searched `depth` plies deep, and the best ply (None, and 0, when
    /// the budget allowed no ply to be searched).
    pub fn search(&mut self, p: &Position<B>, depth: u32) -> (i32, Option<Ply>) {
        let mut children = Vec::new();
        self.arena.children(p, &mut children);
        order(&mut children);
        let (mut best, mut best_ply) = (-WIN - 1, None);
        for child in &children {
            let Some(score) = self.child_score(p.to_move, child, depth, 1, best, WIN + 1) else {
                break;
            };
            if score > best {
                (best, best_ply) = (score, Some(child.ply));
            }
        }
        (if best_ply.is_some() { best } else { 0 }, best_ply)
    }

    /// The score of playing `ply` at `p`, searched as deep as [`AlphaBeta::search`] would
    /// (None when the budget ran out first).
    pub(crate) fn score_of(&mut self, p: &Position<B>, ply: Ply, depth: u32) -> Option<i32> {
        let child = self.arena.after(p, ply);
        self.child_score(p.to_move, &child, depth, 1, -WIN - 1, WIN + 1)
    }

    /// Counts a node; false when the budget is spent.
    fn spend(&mut self) -> bool {
        let left = self.nodes < self.budget;
        self.nodes += u64::from(left);
        left
    }

    /// `child`'s score for `mover`, who played into it at `ply` plies from the root; None
    /// when the budget ran out before it was known.
    fn child_score(
        &mut self,
        mover: Side,
        child: &Child<B>,
        depth: u32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        match child.end {
            Some(End::Win(side)) if side == mover => Some(WIN - ply),
            Some(End::Win(_)) => Some(-(WIN - ply)),
            Some(End::Draw) => Some(0),
            None if depth <= 1 => self
                .spend()
                .then(|| -evaluate(&self.arena.board, &child.position)),
            None => Some(-self.negamax(&child.position, depth - 1, ply, -beta, -alpha)?),
        }
    }

    fn negamax(
        &mut self,
        p: &Position<B>,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !self.spend() {
            return None;
        }
        let mut children = Vec::new();
        self.arena.children(p, &mut children);
        order(&mut children);
        let mut best = -WIN - 1;
        for child in &children {
            // Out of budget, the node's score is unknown: no partial answer passes for one.
            let score = self.child_score(p.to_move, child, depth, ply + 1, alpha, beta)?;
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

/// Game ends first, then captures: the cutoffs come sooner. Stable, so ties keep the move
/// generator's order.
fn order<B>(children: &mut [Child<B>]) {
    children.sort_by_key(|c| match (c.end, c.ply) {
        (Some(_), _) => 0,
        (None, Ply::Move(m)) if m.capture => 1,
        _ => 2,
    });
}
