//! A Towers record checked against the rules: every turn's reveals, who went first, and
//! every stone in the order placed, with `+` for a square the rules leave no choice about.

use crate::yaml::Spanned;
use serde::Deserialize;

use super::position::Start;
use super::rules::{
    Board, IllegalPlacement, MAX_REVEAL, SQUARES, SUPPLY, Scoring, UnequalReveal, first_player,
    parse_square, score, winner,
};
use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;
use crate::record::{About, Claim, SpannedText, claimed_scores, error_at};
use crate::vocabulary::{Broken, PerSide, Phrase, Side, Summary, Winner, plural};

use super::NAME;

crate::game_record! {
    /// A Towers record as written: a Towers game is a list of `turns`.
    pub struct RawRecord {
        /// The position the turns start from instead of the empty board (`position.rs`).
        pub position: Option<SpannedText>,
        pub rules: Option<RawRules>,
        pub turns: Option<Spanned<Vec<RawTurn>>>,
        pub result: Option<Spanned<Claim>>,
    }
}

/// The rule options of a Towers record (T4).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub unequal_reveal: Option<SpannedText>,
}

/// One turn as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTurn {
    pub reveal: Spanned<RawReveal>,
    pub first: Option<SpannedText>,
    pub black: Option<Vec<SpannedText>>,
    pub white: Option<Vec<SpannedText>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReveal {
    pub black: SpannedText,
    pub white: SpannedText,
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

impl Turn {
    /// "3–2: black a1 b2 c3, white d4 e5": the reveals and each side's squares.
    pub fn notation(&self, words: &crate::words::Words) -> String {
        let stones = |i: usize| {
            let names: Vec<String> = self.placed[i]
                .iter()
                .map(|s| super::rules::square_name(*s))
                .collect();
            names.join(" ")
        };
        let reveal = format!("{}–{}", self.reveal[0], self.reveal[1]);
        words.fill(
            "{reveal}: black {black}, white {white}",
            &[
                ("reveal", &reveal),
                ("black", &stones(0)),
                ("white", &stones(1)),
            ],
        )
    }
}

/// A checked Towers game, possibly unfinished.
#[derive(Debug, Clone)]
pub struct Record {
    pub about: About,
    pub unequal_reveal: UnequalReveal,
    /// A record's `position:`, the turns' start instead of the empty board.
    pub start: Option<Start>,
    pub turns: Vec<Turn>,
}

impl Record {
    /// The board after the first `n` turns.
    pub(crate) fn board_after(&self, n: usize) -> Board {
        let mut board = self
            .start
            .as_ref()
            .map(|s| s.board.clone())
            .unwrap_or_default();
        for turn in &self.turns[..n.min(self.turns.len())] {
            for side in [turn.first, turn.first.other()] {
                for sq in &turn.placed[side.index()] {
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
    pub(crate) fn scoring_after(&self, n: usize) -> [Scoring; 2] {
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
                    "unfinished after {}{}, {} of {SQUARES} squares filled, {points} so far",
                    plural(self.turns.len(), "turn"),
                    if self.start.is_some() {
                        " from the position"
                    } else {
                        ""
                    },
                    board.placed()
                ),
            )
        };
        Summary {
            game: NAME,
            unit: "turn",
            moves: self.turns.len(),
            finished,
            score: Some((black.score, white.score)),
            per_side: Some(PerSide {
                name: "towers",
                black: black.counts.to_vec(),
                white: white.counts.to_vec(),
            }),
            winner,
            reason,
        }
    }
}

/// Reads and checks one document as a Towers game.
pub fn read(text: &str, source: &SourceFile) -> Result<Record, Diagnostic> {
    let raw: RawRecord = source.parse_yaml_part(text)?;
    let unequal_reveal = rules(raw.rules.as_ref(), source)?;
    let start = match &raw.position {
        Some(text) => {
            Some(super::position::parse(&text.value).map_err(|e| e.in_record(source, text))?)
        }
        None => None,
    };
    let mut play = Play::new(unequal_reveal, start.clone().unwrap_or_default());
    for (i, raw_turn) in raw.turns.iter().flat_map(|t| t.value.iter()).enumerate() {
        play.turn(i + 1, raw_turn, source)?;
    }
    let game = Record {
        about: raw.about(
            source,
            play.turns.len(),
            crate::games::Game::numbering(&super::Towers),
        )?,
        unequal_reveal,
        start,
        turns: play.turns,
    };
    if let Some(claim) = &raw.result {
        check_claim(&game, &play.board, claim, source)?;
    }
    Ok(game)
}

fn rules(given: Option<&RawRules>, source: &SourceFile) -> Result<UnequalReveal, Diagnostic> {
    let Some(text) = given.and_then(|r| r.unequal_reveal.as_ref()) else {
        return Ok(UnequalReveal::default());
    };
    match text.value.to_ascii_lowercase().as_str() {
        "higher-first" => Ok(UnequalReveal::HigherFirst),
        "lower-first" => Ok(UnequalReveal::LowerFirst),
        _ => Err(error_at(
            source,
            text,
            format!(
                "`unequal_reveal` is higher-first or lower-first, not `{}`",
                text.value
            ),
        )
        .citing(&["T4"])),
    }
}

/// The game played turn by turn as the record is read: the board, who went first last,
/// and what each side has left in its supply.
struct Play {
    unequal_reveal: UnequalReveal,
    board: Board,
    turns: Vec<Turn>,
    last_first: Side,
    supply: [usize; 2],
}

impl Play {
    fn new(unequal_reveal: UnequalReveal, start: Start) -> Self {
        let left = |side: Side| {
            let placed = (0..SQUARES).filter(|&sq| start.board.at(sq) == Some(side));
            SUPPLY - placed.count()
        };
        Self {
            unequal_reveal,
            supply: [left(Side::Black), left(Side::White)],
            board: start.board,
            turns: Vec::new(),
            last_first: start.last_first,
        }
    }

    /// Checks and plays turn `number` (from 1).
    fn turn(
        &mut self,
        number: usize,
        raw_turn: &RawTurn,
        source: &SourceFile,
    ) -> Result<(), Diagnostic> {
        let at_turn = |broken: Broken| {
            let broken = broken.after(Phrase::new("turn {n}").with("n", number));
            error_at(source, &raw_turn.reveal, broken.message()).breaking(broken)
        };
        if self.board.is_full() {
            return Err(at_turn(Broken::new(
                Phrase::new("the board is already full: the game ended with the 64th square"),
                &["T5"],
            )));
        }
        let reveal = [
            self.reveal(number, raw_turn, Side::Black, source)?,
            self.reveal(number, raw_turn, Side::White, source)?,
        ];
        let first = first_player(reveal[0], reveal[1], self.last_first, self.unequal_reveal);
        if let Some(text) = &raw_turn.first {
            self.check_first(number, text, reveal, first, source)?;
        }
        let mut placed = [Vec::new(), Vec::new()];
        for side in [first, first.other()] {
            let list = match side {
                Side::Black => raw_turn.black.as_deref(),
                Side::White => raw_turn.white.as_deref(),
            }
            .unwrap_or_default();
            let wanted = reveal[side.index()];
            placed[side.index()] = self.place(number, side, list, wanted, source)?;
            if list.len() < wanted && !self.board.is_full() {
                return Err(at_turn(
                    format!(
                        "{} revealed {wanted} but placed {}",
                        side.name(),
                        list.len()
                    )
                    .into(),
                ));
            }
            self.supply[side.index()] -= placed[side.index()].len();
        }
        self.last_first = first;
        self.turns.push(Turn {
            reveal,
            first,
            placed,
        });
        Ok(())
    }

    /// A side's reveal: from 1 to what it may still reveal (T4).
    fn reveal(
        &self,
        number: usize,
        raw_turn: &RawTurn,
        side: Side,
        source: &SourceFile,
    ) -> Result<usize, Diagnostic> {
        let text = match side {
            Side::Black => &raw_turn.reveal.value.black,
            Side::White => &raw_turn.reveal.value.white,
        };
        let n: usize = text.value.trim().parse().map_err(|_| {
            error_at(
                source,
                text,
                format!(
                    "turn {number}: a reveal is a number of stones from 1 to {MAX_REVEAL}, not `{}`",
                    text.value
                ),
            )
        })?;
        let most = MAX_REVEAL.min(self.supply[side.index()]);
        if n == 0 || n > most {
            let why = if n == 0 {
                "less than 1".to_string()
            } else {
                format!("more than {most}")
            };
            return Err(error_at(
                source,
                text,
                format!("turn {number}: {} reveal {n} is {why}", side.name()),
            )
            .citing(&["T4"]));
        }
        Ok(n)
    }

    /// A turn's `first`, when written, must be who the reveals make go first (T4).
    fn check_first(
        &self,
        number: usize,
        text: &SpannedText,
        reveal: [usize; 2],
        first: Side,
        source: &SourceFile,
    ) -> Result<(), Diagnostic> {
        let claimed = Side::parse(&text.value).ok_or_else(|| {
            error_at(
                source,
                text,
                format!(
                    "turn {number}: `first` is black or white, not `{}`",
                    text.value
                ),
            )
        })?;
        if claimed == first {
            return Ok(());
        }
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
                self.unequal_reveal.name()
            )
        };
        Err(error_at(
            source,
            text,
            format!("turn {number}: {} went first but {why}", claimed.name()),
        )
        .citing(&["T4"]))
    }

    /// Places a side's stones of one turn, each on a legal square (`+` for the only one).
    fn place(
        &mut self,
        number: usize,
        side: Side,
        list: &[SpannedText],
        wanted: usize,
        source: &SourceFile,
    ) -> Result<Vec<usize>, Diagnostic> {
        let mut placed = Vec::new();
        for (j, token) in list.iter().enumerate() {
            // `{k}`: the stone's number, for languages that write no English ordinal.
            let stone_phrase = |english| {
                Phrase::new(english)
                    .with("n", number)
                    .word("side", side.name())
                    .with("nth", ordinal(j + 1))
                    .with("k", j + 1)
            };
            let stone = format!("turn {number}, {}'s {} stone", side.name(), ordinal(j + 1));
            if j >= wanted {
                return Err(error_at(
                    source,
                    token,
                    format!("{stone}: {} revealed {wanted}", side.name()),
                ));
            }
            if self.board.is_full() {
                let broken = IllegalPlacement::BoardFull
                    .broken()
                    .after(stone_phrase("turn {n}, {side}'s {nth} stone"));
                return Err(error_at(source, token, broken.message()).breaking(broken));
            }
            let sq = if token.value.trim() == "+" {
                match self.board.legal().as_slice() {
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
            self.board.place(sq, side).map_err(|illegal| {
                let square = super::rules::square_name(sq);
                let stone = stone_phrase("turn {n}, {side}'s {nth} stone {square}");
                let broken = illegal.broken().after(stone.with("square", square));
                error_at(source, token, broken.message()).breaking(broken)
            })?;
            placed.push(sq);
        }
        Ok(placed)
    }
}

/// The claimed result must be the final score of a finished game.
fn check_claim(
    game: &Record,
    board: &Board,
    claim: &Spanned<Claim>,
    source: &SourceFile,
) -> Result<(), Diagnostic> {
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
    Ok(())
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
