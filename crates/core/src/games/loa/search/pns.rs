//! Depth-first proof-number search (df-pn, Nagai 2002) of one question: does `attacker`
//! force a win from here within `depth` plies? The depth left is part of every table key,
//! so the searched graph has no cycles (a position coming back comes back with less depth)
//! and every answer holds whatever path led to it. A win found this way never needs a
//! position twice (the winner's plies left shrink at every move), so repetition (L6) cannot
//! spoil it; positions that already stood twice in the game are draws ([`Arena`]).

use super::arena::{Arena, Child, End};
use super::tt::{INF, Table};
use crate::games::loa::bits::Bits;
use crate::games::loa::game::Ply;
use crate::games::loa::rules::Position;
use crate::vocabulary::Side;

pub(crate) struct Prover<'a, B: Bits> {
    arena: &'a Arena<B>,
    table: &'a mut Table<B>,
    attacker: Side,
    /// Nodes expanded so far (one per position whose plies were generated).
    pub nodes: u64,
    budget: u64,
    /// The root's proof and disproof numbers when the budget ran out before it was settled:
    /// the fewest positions still to prove the win, and to refute it.
    pub open: Option<(u32, u32)>,
}

impl<'a, B: Bits> Prover<'a, B> {
    pub fn new(arena: &'a Arena<B>, table: &'a mut Table<B>, attacker: Side, budget: u64) -> Self {
        Self {
            arena,
            table,
            attacker,
            nodes: 0,
            budget,
            open: None,
        }
    }

    /// Some((true, ply)): proven, and at the attacker's turn `ply` wins within `depth`;
    /// Some((false, ply)): disproven, and at the defender's turn the attacker does not win
    /// within `depth - 1` after `ply`; None: the budget ran out first. The ply comes with
    /// the answer (from the search or the settled entry it read), never from other entries.
    pub fn prove(&mut self, root: &Position<B>, depth: u8) -> Option<(bool, Ply)> {
        if depth == 0 {
            // Nothing is won within no plies, and after any ply nothing is left to win in.
            return Some((false, self.first_ply(root)));
        }
        if let Some(answer) = self.table.bounds(root, self.attacker).answer(depth) {
            return Some(answer);
        }
        if self.budget == 0 {
            // Not one node to spend (`mid` would spend one anyway): the root as it stands.
            self.open = Some(self.table.get(root, self.attacker, depth).unwrap_or((1, 1)));
            return None;
        }
        match self.mid(root, depth, INF, INF) {
            (0, _, ply) => Some((true, ply)),
            (_, 0, ply) => Some((false, ply)),
            (pn, dn, _) => {
                self.open = Some((pn, dn));
                None
            }
        }
    }

    fn first_ply(&self, p: &Position<B>) -> Ply {
        let mut children = Vec::new();
        self.arena.children(p, &mut children);
        children[0].ply
    }

    /// The numbers of a child with `depth` plies left after it.
    #[inline]
    fn numbers(&self, child: &Child<B>, depth: u8) -> (u32, u32) {
        match child.end {
            Some(End::Win(side)) if side == self.attacker => (0, INF),
            Some(_) => (INF, 0),
            None if depth == 0 => (INF, 0),
            None => self
                .table
                .get(&child.position, self.attacker, depth)
                .unwrap_or((1, 1)),
        }
    }

    /// Searches `p` until its proof number reaches `max_pn` or its disproof number `max_dn`
    /// (or it is settled, or the budget is spent), and stores its numbers; returns them
    /// with the ply of the child with the smallest number (the one that settles it).
    fn mid(&mut self, p: &Position<B>, depth: u8, max_pn: u32, max_dn: u32) -> (u32, u32, Ply) {
        self.nodes += 1;
        let mut children = Vec::with_capacity(48);
        self.arena.children(p, &mut children);
        // At the attacker's turn one winning ply proves it (an OR node), at the defender's
        // every ply must lose (an AND node). `small` is the number the node takes the least
        // of, `sum` the one it adds up.
        let or = p.to_move == self.attacker;
        loop {
            let mut sum = 0u32;
            let (mut small, mut second, mut best) = (INF, INF, 0);
            let mut best_sum_part = 0;
            for (i, child) in children.iter().enumerate() {
                let (pn, dn) = self.numbers(child, depth - 1);
                let (s, a) = if or { (pn, dn) } else { (dn, pn) };
                sum = (sum + a).min(INF);
                if s < small {
                    (second, small, best, best_sum_part) = (small, s, i, a);
                } else if s < second {
                    second = s;
                }
            }
            let (pn, dn) = if or { (small, sum) } else { (sum, small) };
            if pn == 0 || dn == 0 || pn >= max_pn || dn >= max_dn || self.nodes >= self.budget {
                let ply = children[best].ply;
                self.table.put(p, self.attacker, depth, (pn, dn), ply);
                return (pn, dn, ply);
            }
            // The child's thresholds: it may grow its small number up to the second best
            // child's (plus one), and its summed number by what the node has left.
            let (child_pn, child_dn) = if or {
                (max_pn.min(second + 1), max_dn - dn + best_sum_part)
            } else {
                (max_pn - pn + best_sum_part, max_dn.min(second + 1))
            };
            let next = children[best].position;
            self.mid(&next, depth - 1, child_pn, child_dn);
        }
    }
}
