//! A Towers record checked against the rules: every turn's reveals, who went first, and
//! every stone in the order placed, with `+` for a square the rules leave no choice about.

use serde::Deserialize;
use serde_saphyr::Spanned;

use super::rules::{
    Board, MAX_REVEAL, SQUARES, SUPPLY, Scoring, UnequalReveal, first_player, parse_square, score,
    winner,
};
use crate::diagnostic::Diagnostic;
use crate::games::{Side, Summary, Winner};
use crate::input::SourceFile;
use crate::record::{
    About, RawRecord, Text, claimed_scores, error_at, refuse_other_keys, refuse_other_rules,
};

pub const NAME: &str = "towers";

/// One turn as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTurn {
    pub reveal: Spanned<RawReveal>,
    pub first: Option<Text>,
    pub black: Option<Vec<Text>>,
    pub white: Option<Vec<Text>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReveal {
    pub black: Text,
    pub white: Text,
}

/// One turn checked: the reveals, who went first, and the squares each side filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub reveal: [usize; 2],
    pub first: Side,
    /// Black's and White's squares in the order placed (fewer than revealed when the board
    /// filled mid-turn, T5).
    pub placed: [Vec<usize>; 2],
}

/// A checked Towers game, possibly unfinished.
#[derive(Debug, Clone)]
pub struct Game {
    pub about: About,
    pub unequal_reveal: UnequalReveal,
    pub turns: Vec<Turn>,
}

fn index(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

impl Game {
    /// The board after the first `n` turns.
    pub fn board_after(&self, n: usize) -> Board {
        let mut board = Board::default();
        for turn in &self.turns[..n.min(self.turns.len())] {
            for side in [turn.first, turn.first.other()] {
                for sq in &turn.placed[index(side)] {
                    board
                        .place(*sq, side)
                        .expect("turns were checked when the record was read");
                }
            }
        }
        board
    }

    pub fn board(&self) -> Board {
        self.board_after(self.turns.len())
    }

    /// Both players' scoring (T7) of the board after `n` turns.
    pub fn scoring_after(&self, n: usize) -> [Scoring; 2] {
        let board = self.board_after(n);
        [Side::Black, Side::White].map(|side| score(board.tower_counts(side)))
    }

    pub fn summary(&self) -> Summary {
        let board = self.board();
        let [black, white] = self.scoring_after(self.turns.len());
        let finished = board.is_full();
        let points = format!("black {} white {}", black.score, white.score);
        let (winner, reason) = if finished {
            match winner(black.score, white.score) {
                Side::Black => (Some(Winner::Black), format!("black wins, {points}")),
                Side::White if black.score == white.score => (
                    Some(Winner::White),
                    format!("white wins the tie, {points} (ruling T8)"),
                ),
                Side::White => (Some(Winner::White), format!("white wins, {points}")),
            }
        } else {
            (
                None,
                format!(
                    "unfinished after {}, {} of {SQUARES} squares filled, {points} so far",
                    crate::layout::plural(self.turns.len(), "turn"),
                    board.placed()
                ),
            )
        };
        Summary {
            game: NAME,
            unit: "turns",
            moves: self.turns.len(),
            finished,
            score: Some((black.score, white.score)),
            towers: Some([black.counts, white.counts]),
            winner,
            reason,
        }
    }
}

/// The keys of a Towers record: a Towers game is a list of `turns`.
pub const KEYS: &[&str] = &[
    "game", "title", "date", "players", "rules", "turns", "result", "diagrams",
];

/// Checks a raw record as a Towers game.
pub fn from_raw(raw: RawRecord, source: &SourceFile) -> Result<Game, Diagnostic> {
    refuse_other_rules(&raw, source, NAME, &["unequal_reveal"])?;
    refuse_other_keys(&raw, source, "Towers", KEYS)?;
    let mut unequal_reveal = UnequalReveal::default();
    if let Some(text) = raw
        .rules
        .as_ref()
        .and_then(|r| r.value.unequal_reveal.as_ref())
    {
        unequal_reveal = match text.value.to_ascii_lowercase().as_str() {
            "higher-first" => UnequalReveal::HigherFirst,
            "lower-first" => UnequalReveal::LowerFirst,
            _ => {
                return Err(error_at(
                    source,
                    text,
                    format!(
                        "`unequal_reveal` is higher-first or lower-first, not `{}` (ruling T4)",
                        text.value
                    ),
                ));
            }
        };
    }
    let mut board = Board::default();
    let mut turns = Vec::new();
    let mut last_first = Side::Black;
    let mut supply = [SUPPLY; 2];
    for (i, raw_turn) in raw.turns.iter().flat_map(|t| t.value.iter()).enumerate() {
        let number = i + 1;
        let at_turn = |message: String| {
            error_at(
                source,
                &raw_turn.reveal,
                format!("turn {number}: {message}"),
            )
        };
        if board.is_full() {
            return Err(at_turn(
                "the board is already full: the game ended with the 64th square (ruling T5)".into(),
            ));
        }
        let reveal_of = |side: Side| -> Result<usize, Diagnostic> {
            let text = match side {
                Side::Black => &raw_turn.reveal.value.black,
                Side::White => &raw_turn.reveal.value.white,
            };
            let n: usize = text.value.trim().parse().map_err(|_| {
                error_at(source, text, format!("turn {number}: a reveal is a number of stones from 1 to {MAX_REVEAL}, not `{}`", text.value))
            })?;
            let most = MAX_REVEAL.min(supply[index(side)]);
            if n == 0 || n > most {
                let why = if n == 0 {
                    "less than 1".to_string()
                } else {
                    format!("more than {most}")
                };
                return Err(error_at(
                    source,
                    text,
                    format!(
                        "turn {number}: {} reveal {n} is {why} (ruling T4)",
                        side.name()
                    ),
                ));
            }
            Ok(n)
        };
        let reveal = [reveal_of(Side::Black)?, reveal_of(Side::White)?];
        let first = first_player(reveal[0], reveal[1], last_first, unequal_reveal);
        if let Some(text) = &raw_turn.first {
            let claimed = match text.value.to_ascii_lowercase().as_str() {
                "black" => Side::Black,
                "white" => Side::White,
                _ => {
                    return Err(error_at(
                        source,
                        text,
                        format!(
                            "turn {number}: `first` is black or white, not `{}`",
                            text.value
                        ),
                    ));
                }
            };
            if claimed != first {
                let why = if reveal[0] == reveal[1] {
                    format!(
                        "the reveals are equal, so {} goes first as in the turn before",
                        first.name()
                    )
                } else {
                    let higher = if reveal[0] > reveal[1] {
                        Side::Black
                    } else {
                        Side::White
                    };
                    format!(
                        "{} revealed more ({})",
                        higher.name(),
                        unequal_reveal.name()
                    )
                };
                return Err(error_at(
                    source,
                    text,
                    format!(
                        "turn {number}: {} went first but {why} (ruling T4)",
                        claimed.name()
                    ),
                ));
            }
        }
        let mut placed = [Vec::new(), Vec::new()];
        for side in [first, first.other()] {
            let list = match side {
                Side::Black => raw_turn.black.as_deref(),
                Side::White => raw_turn.white.as_deref(),
            }
            .unwrap_or_default();
            let wanted = reveal[index(side)];
            for (j, token) in list.iter().enumerate() {
                let stone = format!("turn {number}, {}'s {} stone", side.name(), ordinal(j + 1));
                if j >= wanted {
                    return Err(error_at(
                        source,
                        token,
                        format!("{stone}: {} revealed {wanted}", side.name()),
                    ));
                }
                if board.is_full() {
                    return Err(error_at(
                        source,
                        token,
                        format!(
                            "{stone}: the board is full: the game ended with the 64th square (ruling T5)"
                        ),
                    ));
                }
                let legal = board.legal();
                let sq = if token.value.trim() == "+" {
                    match legal.as_slice() {
                        [only] => *only,
                        _ => {
                            return Err(error_at(
                                source,
                                token,
                                format!(
                                    "{stone}: `+` stands for the only legal square, but no Line is current: name the edge square that starts the next Line"
                                ),
                            ));
                        }
                    }
                } else {
                    parse_square(&token.value).ok_or_else(|| {
                        error_at(
                            source,
                            token,
                            format!("{stone}: `{}` is not a square (a1 to h8) or +", token.value),
                        )
                    })?
                };
                board.place(sq, side).map_err(|illegal| {
                    error_at(
                        source,
                        token,
                        format!("{stone} {}: {illegal}", super::rules::square_name(sq)),
                    )
                })?;
                placed[index(side)].push(sq);
            }
            if list.len() < wanted && !board.is_full() {
                return Err(at_turn(format!(
                    "{} revealed {wanted} but placed {}",
                    side.name(),
                    list.len()
                )));
            }
            supply[index(side)] -= placed[index(side)].len();
        }
        last_first = first;
        turns.push(Turn {
            reveal,
            first,
            placed,
        });
    }
    let game = Game {
        about: About::from_raw(&raw, source, turns.len())?,
        unequal_reveal,
        turns,
    };
    if let Some(claim) = &raw.result {
        let (black, white) = claimed_scores(claim, source)?;
        if !board.is_full() {
            return Err(error_at(
                source,
                claim,
                format!(
                    "a result is claimed, but the game is unfinished: {} of {SQUARES} squares are filled",
                    board.placed()
                ),
            ));
        }
        let [b, w] = game.scoring_after(game.turns.len());
        if (b.score, w.score) != (black, white) {
            return Err(error_at(
                source,
                claim,
                format!(
                    "claimed black {black} white {white}, the board scores black {} white {}",
                    b.score, w.score
                ),
            ));
        }
    }
    Ok(game)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
