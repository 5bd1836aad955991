//! A Shoreline record checked against the rules: every move replayed, every problem located
//! at the move that causes it, the claimed result compared with the board.

use crate::yaml::Spanned;

use super::rules::{PLACEMENTS, Play, Point, Position, Rules, SIZE, Scoring};
use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;
use crate::record::{About, Claim, Moves, SpannedText, claimed_scores, error_at};
use crate::vocabulary::{Broken, Phrase, Side, Summary, Winner};

crate::game_record! {
    /// A Shoreline record as written.
    pub struct RawRecord {
        /// The position the moves start from instead of the empty board (`position.rs`).
        pub position: Option<SpannedText>,
        pub rules: Option<RawRules>,
        pub moves: Option<Spanned<Moves>>,
        pub result: Option<Spanned<Claim>>,
    }
}

/// The rule options of a Shoreline record (S3, S5, S7).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub first: Option<SpannedText>,
    pub scoring: Option<SpannedText>,
}

/// A checked Shoreline game: legal moves, possibly unfinished.
#[derive(Debug, Clone)]
pub struct Record {
    pub about: About,
    pub play: Play,
    /// Set when the record does not name who placed first (`rules: { first: … }`), so that
    /// it can be read again as a later board of an evening, whose first player the
    /// alternation gives ([`Record::following`]).
    pub unnamed_first: Option<UnnamedFirst>,
}

/// A record that does not name who placed first: its document, as [`read_with`] reads it
/// again, and the note to give when the alternation made White the first player.
#[derive(Debug, Clone)]
pub struct UnnamedFirst {
    pub text: String,
    pub source: SourceFile,
    pub note: Option<Diagnostic>,
}

impl Record {
    /// What `check` reports: the score now, and the winner once all 24 stones are placed.
    pub fn summary(&self) -> Summary {
        let score = self.play.score();
        let moves = self.play.moves.len();
        let points = format!("black {} white {}", score.black, score.white);
        let (winner, reason) = if !self.play.finished() {
            let so_far = format!("black {} white {} so far", score.black, score.white);
            let reason = match &self.play.start {
                None => format!("unfinished after {moves} of {PLACEMENTS} half-moves, {so_far}"),
                Some(start) => format!(
                    "unfinished, {} of {PLACEMENTS} stones placed ({} after the position), \
                     {so_far}",
                    start.placed() + moves,
                    crate::vocabulary::plural(moves, crate::vocabulary::HALF_MOVE)
                ),
            };
            (None, reason)
        } else {
            let winner = Winner::of(score.winner());
            let reason = match winner {
                Winner::Draw => format!("draw, {points}"),
                side => format!("{} wins, {points}", side.name()),
            };
            (Some(winner), reason)
        };
        Summary {
            game: super::NAME,
            unit: crate::vocabulary::HALF_MOVE,
            moves,
            finished: self.play.finished(),
            score: Some((score.black as i32, score.white as i32)),
            per_side: None,
            winner,
            reason,
        }
    }
}

/// Reads and checks one document as a Shoreline game; Black placed first unless it says
/// otherwise (ruling S3).
pub fn read(text: &str, source: &SourceFile) -> Result<Record, Diagnostic> {
    read_with(text, source, Side::Black)
}

impl Record {
    /// This record read again as the board after one whose first player was `previous`, when
    /// the record does not name its own: the evening alternates (ruling S3), and so do the
    /// people writing its records down. None when nothing changes (it names its first
    /// player, or the alternation gives the one it was read with).
    pub fn following(&self, previous: Side) -> Option<Result<Record, Diagnostic>> {
        let document = self.unnamed_first.as_ref()?;
        (self.play.rules.first != previous.other())
            .then(|| read_with(&document.text, &document.source, previous.other()))
    }

    /// What to say of a record whose first player the evening's alternation gave: a note
    /// at its `game` key.
    pub fn alternation_note(&self) -> Option<Diagnostic> {
        self.unnamed_first.as_ref()?.note.clone()
    }
}

/// [`read`], with `unnamed_first` placing first when the record does not name a side.
/// The moves written on one line (`C B C D`, `C, B, C`) as a list's items, the first eight
/// and an ellipsis after them: the refusal shows the player their own moves as a list.
fn as_list(line: &str) -> String {
    const SHOWN: usize = 8;
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    match words.len() {
        0 => "C, C, B1, d".to_string(),
        n if n > SHOWN => format!("{}, …", words[..SHOWN].join(", ")),
        _ => words.join(", "),
    }
}

pub(crate) fn read_with(
    text: &str,
    source: &SourceFile,
    unnamed_first: Side,
) -> Result<Record, Diagnostic> {
    let raw: RawRecord = source.parse_yaml_part(text)?;
    let named = raw.rules.as_ref().is_some_and(|r| r.first.is_some());
    let mut rules = rules(raw.rules.as_ref(), source)?;
    if !named {
        rules.first = unnamed_first;
    }
    let start = match &raw.position {
        Some(text) => Some(
            super::position::parse(&text.value, rules.first)
                .map_err(|e| e.in_record(source, text))?,
        ),
        None => None,
    };
    let moves: &[SpannedText] = match &raw.moves {
        Some(moves) => match &moves.value {
            Moves::List(moves) => moves,
            Moves::Line(line) => {
                return Err(error_at(
                    source,
                    moves,
                    format!("`moves` is a list: write moves: [{}]", as_list(line)),
                ));
            }
        },
        // A position is a figure on its own; moves may continue it.
        None if start.is_some() => &[],
        None => {
            return Err(error_at(
                source,
                &raw.game,
                "a Shoreline record needs `moves`, even an empty list: moves: []",
            ));
        }
    };
    let mut position = start.clone().unwrap_or_else(|| Position::new(rules.first));
    let mut points = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let named = crate::vocabulary::move_and_side(i, position.to_move().name());
        let placed = parse_move(&text.value)
            .ok_or_else(|| {
                Broken::from(
                    Phrase::new(
                        "`{token}` is not a move; write a column (A to E) or a point (A1 to E5)",
                    )
                    .with("token", &text.value),
                )
                .after(named.clone())
            })
            .and_then(|mv| {
                match mv {
                    Move::Column(column) => position.place_in(column),
                    Move::Point(point) => position.place_at(point),
                }
                .map_err(|illegal| illegal.broken().after(named.clone()))
            })
            .map_err(|broken| error_at(source, text, broken.message()).breaking(broken))?;
        points.push(placed);
    }
    if let Some(claim) = &raw.result {
        check_claim(claim, &position, &rules, source)?;
    }
    Ok(Record {
        about: raw.about(
            source,
            points.len(),
            crate::games::Game::numbering(&super::Shoreline),
        )?,
        play: Play {
            rules,
            start,
            moves: points,
        },
        unnamed_first: (!named).then(|| UnnamedFirst {
            text: text.to_string(),
            source: source.clone(),
            note: (rules.first != Side::default()).then(|| {
                let message = format!(
                    "the record does not name who placed first, so it follows the evening's \
                     alternation: {} placed first (ruling S3); write rules: {{ first: {} }} if \
                     {} did",
                    rules.first.name(),
                    Side::default().name(),
                    Side::default().name()
                );
                error_at(source, &raw.game, message)
            }),
        }),
    })
}

/// The claimed result must be the final score of a finished game.
fn check_claim(
    claim: &Spanned<Claim>,
    position: &Position,
    rules: &Rules,
    source: &SourceFile,
) -> Result<(), Diagnostic> {
    let (black, white) = claimed_scores(claim, source)?;
    if position.placed() < PLACEMENTS {
        return Err(error_at(
            source,
            claim,
            format!(
                "a result is claimed, but the game is unfinished after {} of {PLACEMENTS} half-moves",
                position.placed()
            ),
        ));
    }
    let score = position.score(rules.scoring);
    if (score.black as i32, score.white as i32) != (black, white) {
        return Err(error_at(
            source,
            claim,
            format!(
                "claimed black {black} white {white}, the board scores black {} white {} ({} scoring)",
                score.black,
                score.white,
                rules.scoring.name()
            ),
        ));
    }
    Ok(())
}

fn rules(given: Option<&RawRules>, source: &SourceFile) -> Result<Rules, Diagnostic> {
    let mut rules = Rules::default();
    let Some(given) = given else {
        return Ok(rules);
    };
    if let Some(first) = &given.first {
        rules.first = Side::parse(&first.value).ok_or_else(|| {
            error_at(
                source,
                first,
                format!("`first` is black or white, not `{}`", first.value),
            )
            .citing(&["S3"])
        })?;
    }
    if let Some(scoring) = &given.scoring {
        rules.scoring = match scoring.value.to_ascii_lowercase().as_str() {
            "exact" => Scoring::Exact,
            "beginner" => Scoring::Beginner,
            _ => {
                return Err(error_at(
                    source,
                    scoring,
                    format!("`scoring` is exact or beginner, not `{}`", scoring.value),
                )
                .citing(&["S5", "S7"]));
            }
        };
    }
    Ok(rules)
}

/// A move as written (S2): a column letter, or the point the stone lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Column(usize),
    Point(Point),
}

/// Reads `C`, `c`, `C3` or `c3`; anything else (another letter, a row off the board) is not
/// a move.
pub(crate) fn parse_move(token: &str) -> Option<Move> {
    let token = token.trim();
    let mut chars = token.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let column = ('A'..='E').position(|c| c == letter)?;
    let rest = chars.as_str();
    if rest.is_empty() {
        return Some(Move::Column(column));
    }
    let row: usize = rest.parse().ok()?;
    (1..=SIZE)
        .contains(&row)
        .then_some(Move::Point(Point::new(column, row)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s2_moves_are_a_column_or_a_point_in_any_case() {
        assert_eq!(parse_move("C"), Some(Move::Column(2)));
        assert_eq!(parse_move("d"), Some(Move::Column(3)));
        assert_eq!(parse_move("b1"), Some(Move::Point(Point::new(1, 1))));
        assert_eq!(parse_move("E5"), Some(Move::Point(Point::new(4, 5))));
        for bad in ["", "F", "F1", "C0", "C6", "C12", "CC", "1", "pass"] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn moves_on_one_line_are_refused_with_the_player_s_own_moves_as_a_list() {
        let why = |text: &str| {
            let source = SourceFile::new("g.yaml", text);
            read_with(text, &source, Side::Black).unwrap_err().message
        };
        assert_eq!(
            why("game: shoreline\nmoves: C B c D1\n"),
            "`moves` is a list: write moves: [C, B, c, D1]"
        );
        assert_eq!(
            why("game: shoreline\nmoves: C, B, C\n"),
            "`moves` is a list: write moves: [C, B, C]"
        );
        assert!(
            why("game: shoreline\nmoves: A B C D E A B C D E\n")
                .ends_with("[A, B, C, D, E, A, B, C, …]")
        );
    }
}
