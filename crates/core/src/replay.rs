//! A replay: games to step through, each as the figure of every position and the words
//! beside it (move labels, what a screen reader announces, comments). Renderer-neutral:
//! the game side fills it (`game_replay`), a backend (`backend::html`) turns it into a
//! page, and neither knows the other.

use crate::figure::Figure;

/// One page of games to step through: a single game, or a season with a list of them.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The page's title.
    pub title: String,
    /// When its games were played, under the title (`booklet --date`).
    pub date: Option<String>,
    /// The language of the page's own words (`en`, `de`, …), for the page's `lang`.
    pub lang: String,
    /// The games, in order; a page of several names them `#g1`, `#g2`, … (from 1).
    pub games: Vec<ReplayGame>,
    /// A season's page (a list of games, positions named `#gK-N`); else one game's,
    /// positions named `#N`.
    pub season: bool,
    /// The page's own words, in the record's language.
    pub words: PageWords,
}

/// One game: its heading and the positions after 0, 1, … `plies.len()` moves.
#[derive(Debug, Clone)]
pub struct ReplayGame {
    /// The game's title (the record's, else the game's name).
    pub title: String,
    /// Players, date, event and round, as the record gives them.
    pub byline: String,
    /// How the game ended (or stands), in words.
    pub result: String,
    /// The comment on the whole game.
    pub comment: Option<String>,
    /// The board after `n` moves, drawn as `render --at n --bare` draws it, for `n` from 0
    /// to the moves: drawn as the page is written.
    pub frames: Frames,
    /// The text scale every frame is drawn at (`render --text-scale` draws one alike).
    pub text_scale: f64,
    /// Each move, in order.
    pub plies: Vec<Ply>,
    /// What is announced at the position before the first move ("Start").
    pub start: String,
    /// The position the page opens at without a fragment naming one (the end unless
    /// `--at` says otherwise).
    pub open_at: usize,
    /// The scoring table the game's diagram draws at its end (Towers'), under the board.
    pub table: Option<ScoreTable>,
}

/// A game's scoring table as words: what its diagram draws at the game's end, for a page
/// that writes it as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreTable {
    /// What it scores: "Score after turn 56".
    pub caption: String,
    /// The columns' heads over the values (the players).
    pub head: Vec<String>,
    /// Each row: its label, then one value a column.
    pub rows: Vec<(String, Vec<String>)>,
}

/// One move of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The number a move list writes before it where it starts a numbered item: `12.`
    /// before the first player's move (its reply follows in the item, unnumbered), or each
    /// Towers turn's; None for the reply.
    pub number: Option<String>,
    /// The move in the game's notation.
    pub text: String,
    /// What a screen reader hears at the position after it: "Move 12: f1-d3, Black".
    pub announce: String,
    /// The record's comment on it.
    pub comment: Option<String>,
}

/// The words a replay page writes itself, translated where the record's language has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageWords {
    /// The move list's heading ("Moves").
    pub moves: String,
    /// The list of games' heading ("Games").
    pub games: String,
    /// How to step, under the board.
    pub keys: String,
    /// The step buttons: first, back, forward, last.
    pub buttons: [String; 4],
    /// The board's accessible name.
    pub board: String,
    /// The name of the key to the board's symbols, under it.
    pub key: String,
}

/// Draws a game's position after `n` moves: its figure, or why it cannot be drawn.
pub type DrawFrame = dyn Fn(usize) -> Result<Figure, String> + Send + Sync;

/// A game's positions, each drawn only when the page's backend writes it and dropped
/// after: a page of 10,000 positions never holds 10,000 figures (760 MB, issue 42.10).
#[derive(Clone)]
pub struct Frames {
    /// How many: one more than the moves.
    pub count: usize,
    pub draw: std::sync::Arc<DrawFrame>,
}

impl Frames {
    /// The figure of position `n`.
    pub fn draw(&self, n: usize) -> Result<Figure, String> {
        (self.draw)(n)
    }
}

impl std::fmt::Debug for Frames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frames")
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}
