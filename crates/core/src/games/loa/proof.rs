//! The certificate of a proven win (`sheetgen solve … --proof FILE`): the proof as a file
//! anyone can check with a program of their own (`verify-proof/` is one). For every
//! position of the proof where the winner moves, the winning ply; every reply of the loser
//! is left for the checker to generate, and each must lead to a position listed (or end
//! the game in the winner's favour). The format is in docs/rules/lines-of-action.md,
//! "Proof certificates".

use std::collections::HashMap;

use super::bits::{Bits, Wide};
use super::game::{Ply, Repetition, Rules, Simultaneous, notation};
use super::position::to_position;
use super::rules::{AnyBoard, Position};
use super::search::arena::End;
use super::search::tt::BuildFx;
use super::search::{Engine, Search, narrow};
use crate::vocabulary::Side;

/// The first line of every certificate: the format and its version.
pub const HEADER: &str = "lines-of-action proof 1";

/// A proven result to certify: the position, its winner and the plies it is won within.
pub struct Claim<'a> {
    pub rules: &'a Rules,
    pub position: Position<Wide>,
    pub winner: Side,
    pub plies: u32,
    /// The positions that have stood twice in the game (L6): standing there again draws.
    pub twice: &'a [Position<Wide>],
}

/// The certificate of `claim`, built from what `engine` (which proved it, with the same
/// positions standing twice) has settled; positions it has forgotten are proved again with
/// `budget` nodes each. An error names a position whose proof could not be found again.
pub fn certificate(engine: &mut Engine, claim: &Claim, budget: u64) -> Result<String, String> {
    let plies = u8::try_from(claim.plies).map_err(|_| "the win is too long to certify")?;
    let entries: Vec<(Position<Wide>, Ply)> = match engine {
        Engine::Narrow(s) => Builder::new(s, claim.winner, budget)
            .build(&narrow(&claim.position), plies)?
            .into_iter()
            .map(|(p, ply)| (widen(&p), ply))
            .collect(),
        Engine::Wide(s) => Builder::new(s, claim.winner, budget).build(&claim.position, plies)?,
    };
    Ok(write(claim, &entries))
}

/// The certificate's text: the header lines, then one line a position.
fn write(claim: &Claim, entries: &[(Position<Wide>, Ply)]) -> String {
    let rules = claim.rules;
    let board = AnyBoard::shared(rules.size, &rules.obstructions);
    let simultaneous = match rules.simultaneous {
        Simultaneous::MoverWins => "mover-wins",
        Simultaneous::Draw => "draw",
    };
    let repetition = match rules.repetition {
        Repetition::Third => "third",
        Repetition::Off => "off",
    };
    let mut out = format!(
        "{HEADER}\nrules: simultaneous {simultaneous}, repetition {repetition}\nstart: {}\n\
         winner: {}\nplies: {}\n",
        to_position(&board, &claim.position),
        claim.winner.name(),
        claim.plies
    );
    if rules.repetition == Repetition::Third {
        let mut twice: Vec<String> = claim.twice.iter().map(|p| to_position(&board, p)).collect();
        twice.sort();
        for p in twice {
            out.push_str(&format!("twice: {p}\n"));
        }
    }
    out.push_str(&format!("entries: {}\n", entries.len()));
    for (p, ply) in entries {
        out.push_str(&format!(
            "{} {}\n",
            to_position(&board, p),
            notation(*ply, rules.size)
        ));
    }
    out
}

fn widen(p: &Position<u64>) -> Position<Wide> {
    let wide = |set: u64| {
        set.squares()
            .fold(Wide::empty(), |b, sq| b.or(Wide::single(sq)))
    };
    Position {
        black: wide(p.black),
        white: wide(p.white),
        to_move: p.to_move,
    }
}

/// Walks the proof from the start: at the winner's turn the ply the search settled the
/// position by, at the loser's every ply.
struct Builder<'a, B: Bits> {
    searcher: &'a mut Search<B>,
    winner: Side,
    budget: u64,
    /// The positions where the winner moves, in the order first reached, with their ply.
    entries: Vec<(Position<B>, Ply)>,
    /// Each listed position's place in `entries` and the plies its ply wins within.
    listed: HashMap<Position<B>, (usize, u8), BuildFx>,
}

impl<'a, B: Bits> Builder<'a, B> {
    fn new(searcher: &'a mut Search<B>, winner: Side, budget: u64) -> Self {
        Self {
            searcher,
            winner,
            budget,
            entries: Vec::new(),
            listed: HashMap::default(),
        }
    }

    fn build(mut self, start: &Position<B>, plies: u8) -> Result<Vec<(Position<B>, Ply)>, String> {
        if start.to_move == self.winner {
            self.winner_moves(start, plies)?;
        } else {
            self.loser_moves(start, plies)?;
        }
        Ok(self.entries)
    }

    /// `p`, the winner to move, won within `left` plies by its listed ply.
    fn winner_moves(&mut self, p: &Position<B>, left: u8) -> Result<(), String> {
        if let Some(&(_, within)) = self.listed.get(p) {
            if within <= left {
                return Ok(());
            }
        }
        let (ply, within) = self.winning_ply(p, left)?;
        // Reached again with fewer plies left: a faster ply replaces the listed one.
        if let Some(listed) = self.listed.get_mut(p) {
            self.entries[listed.0].1 = ply;
            listed.1 = within;
        } else {
            self.listed.insert(*p, (self.entries.len(), within));
            self.entries.push((*p, ply));
        }
        let child = self.searcher.arena().after(p, ply);
        match child.end {
            Some(End::Win(side)) if side == self.winner => Ok(()),
            None => self.loser_moves(&child.position, within - 1),
            Some(_) => Err("a winning ply of the proof does not win".into()),
        }
    }

    /// `p`, the loser to move: every ply loses within `left`.
    fn loser_moves(&mut self, p: &Position<B>, left: u8) -> Result<(), String> {
        let mut children = Vec::new();
        self.searcher.arena().children(p, &mut children);
        for child in children {
            match child.end {
                Some(End::Win(side)) if side == self.winner => {}
                None if left >= 2 => self.winner_moves(&child.position, left - 1)?,
                _ => return Err("a reply of the loser escapes the proof".into()),
            }
        }
        Ok(())
    }

    /// The ply that wins at `p` within `left`, and the plies it wins within: the settled
    /// entry's, else proved again.
    fn winning_ply(&mut self, p: &Position<B>, left: u8) -> Result<(Ply, u8), String> {
        if let Some((within, ply)) = self.searcher.bounds(p, self.winner).win {
            if within <= left {
                return Ok((ply, within));
            }
        }
        match self.searcher.wins_within(p, self.winner, left, self.budget) {
            (Some((true, ply)), _) => Ok((ply, left)),
            _ => Err(format!(
                "a position of the proof could not be proved again within {} nodes",
                self.budget
            )),
        }
    }
}
