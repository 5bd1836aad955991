//! Lines of Action's searcher as `solve` and `analyze` reach it: a position of a record (or
//! given in the notation) proved with the proof search, and every game of a file reviewed,
//! as a report or as the evaluation graph.

use super::analysis::{self, Reviewed};
use crate::error::Error;
use crate::figure::Document;
use crate::games::GameRecord;
use crate::games::search::{Searcher, Solves};

pub struct LoaSearcher;

impl Searcher for LoaSearcher {
    fn solves(&self) -> Solves {
        Solves::Positions
    }

    fn solve(
        &self,
        record: Option<&dyn GameRecord>,
        at: Option<usize>,
        nodes: u64,
        json: bool,
    ) -> Result<String, Error> {
        let game = record.and_then(|r| r.as_any().downcast_ref::<super::Game>());
        let game = game.ok_or_else(|| {
            Error::Usage("solve lines-of-action takes a Lines of Action record".into())
        })?;
        let plies = game.plies.len();
        let at = at.unwrap_or(plies);
        if at > plies {
            return Err(Error::Usage(format!(
                "--at {at}: the game has {}",
                crate::vocabulary::plural(plies, crate::vocabulary::HALF_MOVE)
            )));
        }
        Ok(super::solve::report(&game.replay_to(at), nodes, json))
    }

    fn reviews_every_game(&self) -> bool {
        true
    }

    fn analyze(
        &self,
        games: &[(usize, &dyn GameRecord)],
        nodes: u64,
        json: bool,
    ) -> Result<String, Error> {
        Ok(analysis::report(&reviewed(games, nodes), json))
    }

    fn draws_graph(&self) -> bool {
        true
    }

    fn graph(&self, games: &[(usize, &dyn GameRecord)], nodes: u64) -> Option<Document> {
        Some(super::graph::document(&reviewed(games, nodes)))
    }
}

/// Each game reviewed, with its title; games of another game are left out (the command
/// gives only this game's).
fn reviewed(games: &[(usize, &dyn GameRecord)], nodes: u64) -> Vec<Reviewed> {
    games
        .iter()
        .filter_map(|&(index, record)| {
            let game = record.as_any().downcast_ref::<super::Game>()?;
            Some(Reviewed {
                index,
                title: analysis::title(index, &game.about),
                review: game.review(nodes),
            })
        })
        .collect()
}
