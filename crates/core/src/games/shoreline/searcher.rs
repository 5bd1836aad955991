//! Shoreline's solver as `solve` and `analyze` reach it: the empty board solved under
//! perfect play, and one game's moves weighed against it.

use crate::error::Error;
use crate::games::GameRecord;
use crate::games::search::{Searcher, Solves};

pub(crate) struct ShorelineSearcher;

impl Searcher for ShorelineSearcher {
    fn solves(&self) -> Solves {
        Solves::TheEmptyBoard
    }

    fn solve(
        &self,
        _: Option<&dyn GameRecord>,
        _: Option<usize>,
        _: u64,
        json: bool,
    ) -> Result<String, Error> {
        Ok(super::analysis::solve_report(json))
    }

    fn reviews_every_game(&self) -> bool {
        false
    }

    fn analyze(
        &self,
        games: &[(usize, &dyn GameRecord)],
        _: crate::games::search::Budget,
        json: bool,
    ) -> Result<String, Error> {
        let reports: Vec<String> = games
            .iter()
            .filter_map(|(_, record)| record.as_any().downcast_ref::<super::Record>())
            .map(|game| super::analysis::analyze_report(&game.play, json))
            .collect();
        Ok(reports.concat())
    }
}
