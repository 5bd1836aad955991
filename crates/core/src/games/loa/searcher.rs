//! Lines of Action's searcher as `solve` and `analyze` reach it: a position of a record (or
//! given in the notation) proved with the proof search, and every game of a file reviewed,
//! as a report or as the evaluation graph.

use super::analysis::{self, Reviewed};
use super::game::Play;
use crate::error::Error;
use crate::figure::Document;
use crate::games::search::{Budget, Searcher, Solves};
use crate::games::{BookletReview, GameRecord};
use crate::vocabulary::Phrase;

pub(crate) struct LoaSearcher;

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
        Ok(super::solve::report(&replay_at(record, at)?, nodes, json))
    }

    fn reviews_every_game(&self) -> bool {
        true
    }

    fn analyze(
        &self,
        games: &[(usize, &dyn GameRecord)],
        budget: Budget,
        json: bool,
    ) -> Result<String, Error> {
        Ok(analysis::report(&reviewed(games, budget), json))
    }

    fn draws_graph(&self) -> bool {
        true
    }

    fn graph(
        &self,
        games: &[(usize, &dyn GameRecord)],
        budget: Budget,
        (font, words): (&std::sync::Arc<crate::font::Font>, &crate::words::Words),
    ) -> Option<Document> {
        Some(super::graph::document(
            &reviewed(games, budget),
            font,
            words,
        ))
    }

    /// The graph, the turning point's diagram and the next costly move's.
    fn booklet_review(
        &self,
        record: &dyn GameRecord,
        index: usize,
        nodes: u64,
        (font, words): (&std::sync::Arc<crate::font::Font>, &crate::words::Words),
    ) -> Option<BookletReview> {
        let game = record.as_any().downcast_ref::<super::Record>()?;
        if game.plies.len() > super::MAX_REVIEW_PLIES {
            return None;
        }
        let review = game.review(Budget::per_position(nodes));
        let title = analysis::title(index, &game.about);
        let mut diagrams: Vec<Option<usize>> = Vec::new();
        for (i, ply) in review.costly_plies().into_iter().take(2).enumerate() {
            let turning = i == 0 && review.turning_point() == Some(ply);
            diagrams.push(if turning { None } else { Some(ply) });
        }
        if diagrams.is_empty() {
            // No costly move: the end, with its verdict.
            diagrams.push(None);
        }
        Some(BookletReview {
            graph: super::graph::figure(&title, &review, font.clone(), words),
            diagrams,
        })
    }
}

/// The position to solve: `record` (a Lines of Action game) after `at` plies, else at its
/// end.
fn replay_at(record: Option<&dyn GameRecord>, at: Option<usize>) -> Result<Play, Error> {
    let game = record.and_then(|r| r.as_any().downcast_ref::<super::Record>());
    let game = game.ok_or_else(|| {
        Error::Usage(Phrase::new(
            "solve lines-of-action takes a Lines of Action record",
        ))
    })?;
    let plies = game.plies.len();
    let at = at.unwrap_or(plies);
    if at > plies {
        return Err(Error::Usage(
            Phrase::counted(
                plies,
                "--at {at}: the game has 1 half-move",
                "--at {at}: the game has {n} half-moves",
            )
            .with("at", at),
        ));
    }
    Ok(game.replay_to(at))
}

/// `solve --proof FILE`: the report and the certificate of the proven result at the
/// position ([`super::proof`]); an error says why there is none.
pub fn solve_with_proof(
    record: &dyn GameRecord,
    at: Option<usize>,
    nodes: u64,
    json: bool,
) -> Result<(String, String), Error> {
    let (report, certificate) =
        super::solve::solve(&replay_at(Some(record), at)?, nodes, json, true);
    match certificate {
        Some(Ok(text)) => Ok((report, text)),
        Some(Err(why)) => Err(Error::Usage(Phrase::new("--proof: {why}").with("why", why))),
        None => Err(Error::Usage(Phrase::new(
            "--proof: no certificate was made",
        ))),
    }
}

/// Each game reviewed within `budget`, with its title; games of another game are left out
/// (the command gives only this game's).
fn reviewed(games: &[(usize, &dyn GameRecord)], budget: Budget) -> Vec<Reviewed> {
    games
        .iter()
        .filter_map(|&(index, record)| {
            let game = record.as_any().downcast_ref::<super::Record>()?;
            Some(Reviewed {
                index,
                title: analysis::title(index, &game.about),
                review: game.review(budget),
            })
        })
        .collect()
}
