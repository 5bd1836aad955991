//! What `sheetgen solve`, `sheetgen analyze` and `booklet --analysis` ask of a game whose
//! positions sheetgen searches (Shoreline's solver, Lines of Action's proof search): the
//! commands reach each searcher through [`Searcher`], never by the game's name.

use crate::error::Error;
use crate::figure::Document;
use crate::games::{BookletReview, GameRecord};

/// The nodes a position's search gets unless it is told otherwise (`--nodes`): a budget,
/// not a time, so that every machine gives the same answer. For Lines of Action a 140-ply
/// game is at most 5.6 million nodes, about 65 s at the 86,000 nodes a second once measured
/// on the shared 2-core machine under a load of 11 (release build); `cargo bench --bench
/// loa_search` measured 310,000 nodes a second under a load of 3 to 5, and `analyze` took
/// 15 s of CPU for a 77-ply game.
pub const DEFAULT_NODES: u64 = 40_000;

/// The most nodes a position's search may be given (`--nodes`, `nodes:`): every command
/// takes the same range, from 1.
pub const MAX_NODES: u64 = 10_000_000;

/// A whole game's budget unless told otherwise, in positions' budgets: a Lines of Action
/// game of up to 200 plies is reviewed whole; a longer one is cut off where this runs out,
/// so a game of any length is reviewed in the time of one of 200 plies.
pub const GAME_POSITIONS: u64 = 200;

/// What a review may spend, in search nodes: on each position (its estimates and proof
/// search together) and on the whole game (second looks included). Nodes, never time, so
/// a review is the same on every machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub position: u64,
    pub game: u64,
}

impl Budget {
    /// `nodes` a position, and [`GAME_POSITIONS`] times that for the game.
    pub fn per_position(nodes: u64) -> Self {
        Budget {
            position: nodes,
            game: nodes.saturating_mul(GAME_POSITIONS),
        }
    }
}

/// A game's searcher, as `solve` and `analyze` use it.
pub trait Searcher: Sync {
    /// What `solve` weighs: a position of a record or given in the game's notation, or the
    /// game's empty board, which needs neither (Shoreline).
    fn solves(&self) -> Solves;

    /// `solve`'s report: of `record`'s position after `at` moves (its end if None), or of the
    /// empty board when [`Searcher::solves`] says so; `nodes` per position searched.
    fn solve(
        &self,
        record: Option<&dyn GameRecord>,
        at: Option<usize>,
        nodes: u64,
        json: bool,
    ) -> Result<String, Error>;

    /// Whether `analyze` reviews every game of a file at once (Lines of Action) or one.
    fn reviews_every_game(&self) -> bool;

    /// `analyze`'s report of `games`, each with its place in its file (from 1), each game
    /// reviewed within `budget`.
    fn analyze(
        &self,
        games: &[(usize, &dyn GameRecord)],
        budget: Budget,
        json: bool,
    ) -> Result<String, Error>;

    /// Whether the game's review draws an evaluation graph ([`Searcher::graph`]).
    fn draws_graph(&self) -> bool {
        false
    }

    /// The evaluation graph of `games`, for a game that draws one, in `font` and `words`.
    fn graph(
        &self,
        games: &[(usize, &dyn GameRecord)],
        budget: Budget,
        (font, words): (&std::sync::Arc<crate::font::Font>, &crate::words::Words),
    ) -> Option<Document> {
        let _ = (games, budget, font, words);
        None
    }

    /// What `booklet --analysis` adds for `record`, the booklet's game `index` (from 1,
    /// which names an untitled game), its review searched with `nodes` nodes a position:
    /// None for a game without such a review (only Lines of Action has one). Its graph is
    /// drawn in `font` and `words`, the booklet's.
    fn booklet_review(
        &self,
        record: &dyn GameRecord,
        index: usize,
        nodes: u64,
        (font, words): (&std::sync::Arc<crate::font::Font>, &crate::words::Words),
    ) -> Option<BookletReview> {
        let _ = (record, index, nodes, font, words);
        None
    }
}

/// What a game's `solve` weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solves {
    /// A position: a record's (at a move) or one given in the game's notation.
    Positions,
    /// The empty board, under perfect play.
    TheEmptyBoard,
}
