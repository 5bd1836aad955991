//! The game as the searcher sees it: a position's children, each with how the game ends
//! there, by the record's rules: connection after a move (L4, `simultaneous` deciding a
//! double connection), a forced pass (L5), and the positions that have already stood twice
//! in the game, a draw if they stand again (L6, `repetition: third`).

use std::collections::HashSet;

use super::tt::BuildFx;
use crate::games::loa::bits::Bits;
use crate::games::loa::game::{Ply, Repetition, Rules, Simultaneous};
use crate::games::loa::rules::{Board, Position};
use crate::vocabulary::Side;

/// How the game ends at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Win(Side),
    Draw,
}

/// One ply from a position: the ply, where it leads, and whether the game ends there.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child<B> {
    pub ply: Ply,
    pub position: Position<B>,
    pub end: Option<End>,
}

/// A board with the rules that end games on it.
pub(crate) struct Arena<B: Bits> {
    pub board: Board<B>,
    both_connected_draw: bool,
    repetition: bool,
    /// Positions that have stood twice in the game so far.
    drawn: HashSet<Position<B>, BuildFx>,
}

impl<B: Bits> Arena<B> {
    pub fn new(rules: &Rules) -> Self {
        Self {
            board: Board::new(rules.size, &rules.obstructions),
            both_connected_draw: rules.simultaneous == Simultaneous::Draw,
            repetition: rules.repetition == Repetition::Third,
            drawn: HashSet::default(),
        }
    }

    /// Sets the positions that have stood twice; true when the set changed (results found
    /// before may then be wrong, and the caller forgets them).
    pub(crate) fn set_drawn(&mut self, positions: impl IntoIterator<Item = Position<B>>) -> bool {
        if !self.repetition {
            return false;
        }
        let drawn: HashSet<Position<B>, BuildFx> = positions.into_iter().collect();
        let changed = drawn != self.drawn;
        self.drawn = drawn;
        changed
    }

    /// How the game ends after `mover` moved to `next` (L4), or a draw by repetition (L6).
    pub(crate) fn end_after_move(&self, mover: Side, next: &Position<B>) -> Option<End> {
        let mine = self.board.connected(next.pieces(mover));
        let theirs = self.board.connected(next.pieces(mover.other()));
        match (mine, theirs) {
            (true, true) if self.both_connected_draw => Some(End::Draw),
            (true, _) => Some(End::Win(mover)),
            (false, true) => Some(End::Win(mover.other())),
            (false, false) => self.repeated(next),
        }
    }

    fn repeated(&self, next: &Position<B>) -> Option<End> {
        self.drawn.contains(next).then_some(End::Draw)
    }

    /// Every ply of the side to move, in move-generation order; a pass when it has no move.
    pub fn children(&self, p: &Position<B>, out: &mut Vec<Child<B>>) {
        out.clear();
        self.board.for_each_move(p, |m| {
            let position = self.board.play(p, m);
            out.push(Child {
                ply: Ply::Move(m),
                position,
                end: self.end_after_move(p.to_move, &position),
            });
        });
        if out.is_empty() {
            let position = self.board.pass(p);
            out.push(Child {
                ply: Ply::Pass,
                position,
                end: self.repeated(&position),
            });
        }
    }

    /// The position after `ply`, and how the game ends there.
    pub fn after(&self, p: &Position<B>, ply: Ply) -> Child<B> {
        match ply {
            Ply::Move(m) => {
                let position = self.board.play(p, m);
                Child {
                    ply,
                    position,
                    end: self.end_after_move(p.to_move, &position),
                }
            }
            Ply::Pass => {
                let position = self.board.pass(p);
                Child {
                    ply,
                    position,
                    end: self.repeated(&position),
                }
            }
        }
    }
}
