//! A Shoreline record checked against the rules: every move replayed, every problem located
//! at the move that causes it, the claimed result compared with the board.

use super::Side;
use super::rules::{PLACEMENTS, Point, Position, Rules, SIZE, Score, Scoring};
use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;
use crate::record::{
    About, Moves, RawRecord, claimed_scores, error_at, move_tokens, refuse_other_keys,
    refuse_other_rules,
};

/// A checked Shoreline game: legal moves, possibly unfinished.
#[derive(Debug, Clone)]
pub struct Game {
    pub about: About,
    pub rules: Rules,
    /// Every placement, in order.
    pub moves: Vec<Point>,
}

impl Game {
    /// The position after the first `n` moves.
    pub fn position_after(&self, n: usize) -> Position {
        let mut position = Position::new(self.rules.first);
        for point in &self.moves[..n.min(self.moves.len())] {
            position
                .place_at(*point)
                .expect("moves were checked when the record was read");
        }
        position
    }

    pub fn final_position(&self) -> Position {
        self.position_after(self.moves.len())
    }

    /// All 24 stones placed (S4).
    pub fn finished(&self) -> bool {
        self.moves.len() == PLACEMENTS
    }

    pub fn score(&self) -> Score {
        self.final_position().score(self.rules.scoring)
    }

    /// What `check` reports: the score now, and the winner once all 24 stones are placed.
    pub fn summary(&self) -> crate::games::Summary {
        use crate::games::Winner;
        let score = self.score();
        let points = format!("black {} white {}", score.black, score.white);
        let (winner, reason) = if !self.finished() {
            (
                None,
                format!(
                    "unfinished after {} of {PLACEMENTS} moves, black {} white {} so far",
                    self.moves.len(),
                    score.black,
                    score.white
                ),
            )
        } else {
            match score.winner() {
                Some(Side::Black) => (Some(Winner::Black), format!("black wins, {points}")),
                Some(Side::White) => (Some(Winner::White), format!("white wins, {points}")),
                None => (Some(Winner::Draw), format!("draw, {points}")),
            }
        };
        crate::games::Summary {
            game: "shoreline",
            unit: "moves",
            moves: self.moves.len(),
            finished: self.finished(),
            score: Some((score.black as i32, score.white as i32)),
            towers: None,
            winner,
            reason,
        }
    }
}

/// The keys of a Shoreline record.
pub const KEYS: &[&str] = &[
    "game", "title", "date", "players", "rules", "moves", "result", "diagrams",
];

/// Checks a raw record as a Shoreline game.
pub fn from_raw(raw: RawRecord, source: &SourceFile) -> Result<Game, Diagnostic> {
    refuse_other_keys(&raw, source, "Shoreline", KEYS)?;
    refuse_other_rules(&raw, source, "Shoreline", &["first", "scoring"])?;
    let rules = rules(&raw, source)?;
    let Some(moves) = &raw.moves else {
        return Err(error_at(
            source,
            &raw.game,
            "a Shoreline record needs `moves`, even an empty list: moves: []",
        ));
    };
    for diagram in raw.diagrams.iter().flatten() {
        if let Some(show) = diagram.show.as_ref().and_then(|s| s.first()) {
            return Err(error_at(
                source,
                show,
                "`show` draws Lines of Action figures, not Shoreline ones",
            ));
        }
    }
    if let Moves::Line(_) = moves.value {
        return Err(error_at(
            source,
            moves,
            "`moves` is a list: write moves: [C, C, B1, d]",
        ));
    }
    let mut position = Position::new(rules.first);
    let mut points = Vec::new();
    for (i, token) in move_tokens(moves, source).iter().enumerate() {
        let number = i + 1;
        let placed = parse_move(&token.text)
            .ok_or_else(|| {
                format!(
                    "move {number}: `{}` is not a move; write a column (A to E) or a point (A1 to E5)",
                    token.text
                )
            })
            .and_then(|mv| {
                match mv {
                    Move::Column(column) => position.place_in(column),
                    Move::Point(point) => position.place_at(point),
                }
                .map_err(|illegal| format!("move {number} ({}): {illegal}", position.to_move().name()))
            })
            .map_err(|message| token.error(source, message))?;
        points.push(placed);
    }
    if let Some(claim) = &raw.result {
        let (black, white) = claimed_scores(claim, source)?;
        if points.len() < PLACEMENTS {
            return Err(error_at(
                source,
                claim,
                format!(
                    "a result is claimed, but the game is unfinished after {} of {PLACEMENTS} moves",
                    points.len()
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
    }
    Ok(Game {
        about: About::from_raw(&raw, source, points.len())?,
        rules,
        moves: points,
    })
}

fn rules(raw: &RawRecord, source: &SourceFile) -> Result<Rules, Diagnostic> {
    let mut rules = Rules::default();
    let Some(given) = &raw.rules else {
        return Ok(rules);
    };
    if let Some(first) = &given.value.first {
        rules.first = match first.value.to_ascii_lowercase().as_str() {
            "black" => Side::Black,
            "white" => Side::White,
            _ => {
                return Err(error_at(
                    source,
                    first,
                    format!(
                        "`first` is black or white, not `{}` (ruling S3)",
                        first.value
                    ),
                ));
            }
        };
    }
    if let Some(scoring) = &given.value.scoring {
        rules.scoring = match scoring.value.to_ascii_lowercase().as_str() {
            "exact" => Scoring::Exact,
            "beginner" => Scoring::Beginner,
            _ => {
                return Err(error_at(
                    source,
                    scoring,
                    format!(
                        "`scoring` is exact or beginner, not `{}` (rulings S5, S7)",
                        scoring.value
                    ),
                ));
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
pub fn parse_move(token: &str) -> Option<Move> {
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
}
