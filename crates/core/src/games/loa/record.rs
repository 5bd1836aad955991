//! A Lines of Action record checked against the rules: options read, every move replayed and
//! located when illegal, the claimed result compared with how the game ended.

use std::sync::OnceLock;

use crate::yaml::Spanned;

use super::NAME;
use super::analysis::{Budget, Review};
use super::bits::Wide;
use super::game::{
    Outcome, Play, Ply, Repetition, Rules, Simultaneous, check_obstruction, check_written_result,
    notation,
};
use super::rules::{MAX_SIZE, MIN_SIZE, Position, Setup};
use crate::diagnostic::Diagnostic;
use crate::formats::move_text::is_result_word;
use crate::input::SourceFile;
use crate::record::{About, Claim, Moves, SpannedText, error_at, move_tokens};
use crate::vocabulary::{Side, Summary, Winner, plural};

crate::game_record! {
    diagram_keys: ["show"];
    /// A Lines of Action record as written.
    pub struct RawRecord {
        /// The position the game starts from instead of the setup (`position.rs`).
        pub position: Option<SpannedText>,
        pub rules: Option<RawRules>,
        pub moves: Option<Spanned<Moves>>,
        /// The side that resigned after the last move.
        pub resigned: Option<SpannedText>,
        pub result: Option<Spanned<Claim>>,
    }
}

/// The rule options of a Lines of Action record (L1, L2, L4, L6).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub size: Option<SpannedText>,
    pub setup: Option<SpannedText>,
    pub obstructions: Option<Vec<SpannedText>>,
    pub simultaneous: Option<SpannedText>,
    pub repetition: Option<SpannedText>,
}

/// A checked Lines of Action game, possibly unfinished.
#[derive(Debug, Clone)]
pub struct Record {
    pub about: About,
    pub rules: Rules,
    pub plies: Vec<Ply>,
    pub outcome: Option<Outcome>,
    /// Every position the game went through, the start first, made on first use: a
    /// diagram after any move of a long game starts from its position (a booklet walking
    /// through a 100,000-move game stays linear), and takes the repetition counts (L6) from
    /// these positions.
    pub positions: OnceLock<Vec<Position<Wide>>>,
    /// The review with its budget, made on first use: a booklet draws a review diagram
    /// many times while it finds the text size.
    pub reviewed: OnceLock<(Budget, Review)>,
}

impl Record {
    /// The game reviewed within `budget` ([`super::analysis::review`]); kept for the next
    /// call with the same budget.
    pub fn review(&self, budget: Budget) -> Review {
        let (kept, review) = self.reviewed.get_or_init(|| {
            (
                budget,
                super::analysis::review(&self.rules, &self.plies, budget),
            )
        });
        if *kept == budget {
            review.clone()
        } else {
            super::analysis::review(&self.rules, &self.plies, budget)
        }
    }

    /// The game replayed to its end.
    pub fn replay(&self) -> Play {
        self.replay_to(self.plies.len())
    }

    /// The game replayed to move `n`: resumed at the position it stood in then, from the
    /// positions made once, so drawing every position of a long game stays linear.
    pub fn replay_to(&self, n: usize) -> Play {
        let n = n.min(self.plies.len());
        let before = self.plies[..n].to_vec();
        let mut replay = Play::resumed(self.rules.clone(), &self.positions()[..=n], before);
        // The game's end as the record has it: a resignation is not on the board. Before
        // its last move the game went on (a record's moves after its end are refused).
        if n == self.plies.len() {
            replay.outcome = self.outcome;
        }
        replay
    }

    fn positions(&self) -> &[Position<Wide>] {
        self.positions.get_or_init(|| {
            let board = super::rules::AnyBoard::shared(self.rules.size, &self.rules.obstructions);
            let mut position = self.rules.start_position(&board);
            let mut positions = Vec::with_capacity(self.plies.len() + 1);
            positions.push(position);
            for ply in &self.plies {
                position = match *ply {
                    Ply::Move(m) => board.play(&position, m),
                    Ply::Pass => board.pass(&position),
                };
                positions.push(position);
            }
            positions
        })
    }

    pub fn summary(&self) -> Summary {
        let plies = self.plies.len();
        let (winner, reason) = match self.outcome {
            Some(outcome) => (Some(Winner::of(outcome.winner())), outcome.describe(plies)),
            None if self.rules.start.is_some() => (
                None,
                format!(
                    "unfinished, {} after the position",
                    plural(plies, crate::vocabulary::HALF_MOVE)
                ),
            ),
            None => (
                None,
                format!(
                    "unfinished after {}",
                    plural(plies, crate::vocabulary::HALF_MOVE)
                ),
            ),
        };
        Summary {
            game: NAME,
            unit: crate::vocabulary::HALF_MOVE,
            moves: plies,
            finished: self.outcome.is_some(),
            score: None,
            per_side: None,
            winner,
            reason,
        }
    }

    /// The moves in canonical notation (L7).
    pub fn notation(&self) -> Vec<String> {
        self.plies
            .iter()
            .map(|p| notation(*p, self.rules.size))
            .collect()
    }
}

/// Reads and checks one document as a Lines of Action game.
pub fn read(text: &str, source: &SourceFile) -> Result<Record, Diagnostic> {
    let raw: RawRecord = source.parse_yaml_part(text)?;
    let mut rules = rules(raw.rules.as_ref(), source)?;
    if let Some(text) = &raw.position {
        rules = from_position(text, raw.rules.as_ref(), rules, source)?;
    }
    let first = rules.start.map_or(Side::Black, |p| p.to_move);
    let mut replay = Play::new(rules.clone());
    let mut written_result = None;
    if let Some(moves) = &raw.moves {
        let tokens = move_tokens(moves, source)?;
        for (i, token) in tokens.iter().enumerate() {
            if is_result_word(&token.text) {
                if let Some(next) = tokens.get(i + 1) {
                    return Err(next.error(
                        source,
                        format!("`{}` comes after the result `{}`", next.text, token.text),
                    ));
                }
                written_result = Some(token.clone());
                break;
            }
            replay.play(&token.text).map_err(|broken| {
                let side = side_to_move(first, i).name();
                let broken = broken.after(crate::vocabulary::move_and_side(i, side));
                token.error(source, broken.message()).breaking(broken)
            })?;
        }
    }
    if let Some(resigned) = &raw.resigned {
        let side = side_name(resigned, source, "resigned")?;
        replay
            .resign(side)
            .map_err(|message| error_at(source, resigned, message))?;
    }
    if let Some(token) = &written_result {
        check_written_result(&token.text, replay.outcome, replay.plies.len())
            .map_err(|message| token.error(source, message))?;
    }
    if let Some(claim) = &raw.result {
        check_claim(claim, &replay, source)?;
    }
    Ok(Record {
        about: raw.about(
            source,
            replay.plies.len(),
            crate::games::Game::numbering(&super::LinesOfAction),
        )?,
        rules,
        plies: replay.plies,
        outcome: replay.outcome,
        positions: OnceLock::new(),
        reviewed: OnceLock::new(),
    })
}

/// The claimed winner must be how the game ended.
fn check_claim(
    claim: &Spanned<Claim>,
    replay: &Play,
    source: &SourceFile,
) -> Result<(), Diagnostic> {
    let Claim::Winner(word) = &claim.value else {
        return Err(error_at(
            source,
            claim,
            "a Lines of Action result is black, white or draw",
        ));
    };
    let claimed = match word.to_ascii_lowercase().as_str() {
        "black" => Some(Side::Black),
        "white" => Some(Side::White),
        "draw" => None,
        _ => {
            // "black resigned", as a score sheet says it: the key that records it.
            let lower = word.to_ascii_lowercase();
            let resigned = ["black", "white"]
                .into_iter()
                .find(|side| lower.contains("resign") && lower.contains(side));
            // "1-0", as a chess score sheet says it: Black moves first (L1).
            let scored = match lower.replace(' ', "").as_str() {
                "1-0" => Some("black"),
                "0-1" => Some("white"),
                "1/2-1/2" | "½-½" => Some("draw"),
                _ => None,
            };
            let hint = match (resigned, scored) {
                (Some(side), _) => format!("; if {side} resigned, write resigned: {side}"),
                (None, Some(result)) => {
                    format!("; for `{word}` as a score sheet writes it, write result: {result}")
                }
                (None, None) => String::new(),
            };
            return Err(error_at(
                source,
                claim,
                format!("the result is black, white or draw, not `{word}`{hint}"),
            ));
        }
    };
    let plies = replay.plies.len();
    match replay.outcome {
        None => {
            let unfinished = error_at(
                source,
                claim,
                format!(
                    "a result is claimed, but the game is unfinished after {}",
                    plural(plies, crate::vocabulary::HALF_MOVE)
                ),
            );
            // A game won off the board was resigned: say how a record writes that.
            return Err(match claimed {
                Some(winner) => {
                    let loser = winner.other().name();
                    unfinished.with_note(format!("if {loser} resigned, write resigned: {loser}"))
                }
                None => unfinished,
            });
        }
        Some(outcome) if outcome.winner() != claimed => {
            return Err(error_at(
                source,
                claim,
                format!(
                    "claimed {}, but {}",
                    word.to_ascii_lowercase(),
                    outcome.describe(plies)
                ),
            ));
        }
        Some(_) => {}
    }
    Ok(())
}

/// Black moves first (L1), or the side to move of the record's position; passes are plies
/// too, so sides alternate ply by ply.
fn side_to_move(first: Side, ply: usize) -> Side {
    if ply % 2 == 0 { first } else { first.other() }
}

/// The rules of a game that starts from the record's `position`: the position gives the
/// board, so `rules` may not give its size, setup or obstructions too.
fn from_position(
    text: &SpannedText,
    given: Option<&RawRules>,
    rules: Rules,
    source: &SourceFile,
) -> Result<Rules, Diagnostic> {
    if let Some(given) = given {
        let board_keys = [
            ("size", given.size.as_ref()),
            ("setup", given.setup.as_ref()),
        ];
        for (key, value) in board_keys {
            if let Some(value) = value {
                return Err(error_at(
                    source,
                    value,
                    format!(
                        "`{key}` with a `position`: the position gives the board; leave out `{key}`"
                    ),
                ));
            }
        }
        if let Some(first) = given.obstructions.iter().flatten().next() {
            return Err(error_at(
                source,
                first,
                "`obstructions` with a `position`: write them in the position as x; leave out `obstructions`",
            ));
        }
    }
    let start = super::position::parse(&text.value).map_err(|e| e.in_record(source, text))?;
    Ok(Rules {
        simultaneous: rules.simultaneous,
        repetition: rules.repetition,
        ..start.rules()
    })
}

fn side_name(text: &SpannedText, source: &SourceFile, key: &str) -> Result<Side, Diagnostic> {
    Side::parse(&text.value).ok_or_else(|| {
        error_at(
            source,
            text,
            format!("`{key}` is black or white, not `{}`", text.value),
        )
    })
}

fn rules(given: Option<&RawRules>, source: &SourceFile) -> Result<Rules, Diagnostic> {
    let mut rules = Rules::default();
    let Some(given) = given else {
        return Ok(rules);
    };
    let choice = |text: &Option<SpannedText>,
                  key: &str,
                  options: &[&str],
                  ruling: &'static [&'static str]|
     -> Result<Option<usize>, Diagnostic> {
        let Some(text) = text else { return Ok(None) };
        let value = text.value.to_ascii_lowercase();
        options
            .iter()
            .position(|o| *o == value)
            .map(Some)
            .ok_or_else(|| {
                error_at(
                    source,
                    text,
                    format!("`{key}` is {}, not `{}`", options.join(" or "), text.value),
                )
                .citing(ruling)
            })
    };
    if let Some(size) = &given.size {
        rules.size = size
            .value
            .trim()
            .parse()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                let message = format!(
                    "`size` is a whole number from {MIN_SIZE} to {MAX_SIZE}, not `{}`",
                    size.value
                );
                error_at(source, size, message).citing(&["L1"])
            })?;
    }
    if let Some(i) = choice(
        &given.setup,
        "setup",
        &["standard", "scrambled-eggs"],
        &["L1"],
    )? {
        rules.setup = [Setup::Standard, Setup::ScrambledEggs][i];
    }
    if let Some(i) = choice(
        &given.simultaneous,
        "simultaneous",
        &["mover-wins", "draw"],
        &["L4"],
    )? {
        rules.simultaneous = [Simultaneous::MoverWins, Simultaneous::Draw][i];
    }
    if let Some(i) = choice(&given.repetition, "repetition", &["third", "off"], &["L6"])? {
        rules.repetition = [Repetition::Third, Repetition::Off][i];
    }
    if let Some(list) = &given.obstructions {
        for text in list {
            let square = check_obstruction(&text.value, &rules)
                .map_err(|broken| error_at(source, text, broken.message()).breaking(broken))?;
            rules.obstructions.push(square);
        }
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_own_diagram_key_is_a_diagram_option_with_values() {
        use crate::games::Game as _;
        use crate::record::DiagramKeys;
        let shared = ["at", "caption", "arrows", "marks", "labels", "highlight"];
        let options = super::super::LinesOfAction.diagram_options();
        let own: Vec<&str> = RawRecord::DIAGRAM_KEYS
            .iter()
            .copied()
            .filter(|k| !shared.contains(k))
            .collect();
        assert_eq!(own, ["show"]);
        for key in own {
            let option = options.iter().find(|o| o.name == key);
            assert!(option.is_some_and(|o| o.value.is_some()), "{key}");
        }
    }

    use super::*;

    fn game(yaml: &str) -> Record {
        read(yaml, &SourceFile::new("g.yaml", yaml)).expect("the record checks")
    }

    /// The long way: every ply from the start, checked.
    fn full_replay(game: &Record, n: usize) -> Play {
        let mut replay = Play::new(game.rules.clone());
        for ply in &game.plies[..n] {
            replay.play(&notation(*ply, game.rules.size)).unwrap();
        }
        replay
    }

    #[test]
    fn a_replay_resumed_at_any_move_is_the_replay_from_the_start() {
        let walk = "b1-b3 a2-c2 b3-b1 c2-a2 ".repeat(150);
        let long = game(&format!(
            "game: loa\nrules: {{ repetition: off }}\nmoves: \"{walk}\"\n"
        ));
        assert_eq!(long.plies.len(), 600);
        for n in 0..=600 {
            let (fast, slow) = (long.replay_to(n), full_replay(&long, n));
            assert_eq!(fast.position, slow.position, "after {n}");
            assert_eq!(fast.plies, slow.plies, "after {n}");
            assert_eq!(fast.outcome, slow.outcome, "after {n}");
        }
    }

    /// A game of `plies` plies under `repetition: third` that never ends: quiet moves only,
    /// none connecting, each to a position that has stood at most once, one that has stood
    /// once first (so many positions stand twice).
    fn walk_with_repetitions(plies: usize) -> String {
        let mut replay = Play::new(Rules::default());
        let mut moves = Vec::new();
        let mut stood: std::collections::HashMap<Position<Wide>, u32> =
            std::collections::HashMap::from([(replay.position, 1)]);
        for _ in 0..plies {
            let quiet = replay.board.moves(&replay.position);
            let quiet = quiet.into_iter().filter(|m| !m.capture);
            let mut options: Vec<(u32, String, Position<Wide>)> = quiet
                .filter_map(|m| {
                    let mut next = replay.clone();
                    next.apply(Ply::Move(m));
                    let times = stood.get(&next.position).copied().unwrap_or(0);
                    (next.outcome.is_none() && times < 2)
                        .then(|| (times, notation(Ply::Move(m), 8), next.position))
                })
                .collect();
            // Revisits first, then the move list's order.
            options.sort_by_key(|(times, ..)| std::cmp::Reverse(*times));
            let (_, token, position) = options.first().cloned().expect("a quiet move");
            replay.play(&token).unwrap();
            *stood.entry(position).or_insert(0) += 1;
            moves.push(token);
        }
        moves.join(" ")
    }

    /// Issue 39, hole 1: a replay resumed at a move knows the positions that stood twice
    /// before it (L6), as the replay from the first move does, so the searcher treats
    /// standing there again as the draw it is.
    #[test]
    fn a_replay_resumed_at_any_move_keeps_the_repetition_counts() {
        let long = game(&format!(
            "game: loa\nmoves: \"{}\"\n",
            walk_with_repetitions(300)
        ));
        assert_eq!(long.plies.len(), 300);
        let sorted = |mut twice: Vec<Position<Wide>>| {
            twice.sort_by_key(|p| format!("{p:?}"));
            twice
        };
        let mut twice_anywhere = 0;
        for n in 0..=300 {
            let (fast, slow) = (long.replay_to(n), full_replay(&long, n));
            assert_eq!(fast.position, slow.position, "after {n}");
            let twice = sorted(slow.seen_twice());
            assert_eq!(sorted(fast.seen_twice()), twice, "after {n}");
            twice_anywhere += twice.len();
        }
        assert!(twice_anywhere > 0, "no position stood twice");
    }
}
