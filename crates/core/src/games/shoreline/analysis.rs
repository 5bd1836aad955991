//! The reports built on the solver: `sheetgen solve shoreline` and `sheetgen analyze`.

use serde::Serialize;

use crate::formats::report::{Column, json_line, signed, table};

use super::Side;
use super::bitboard::Bitboard;
use super::rules::Play;
use super::rules::{Position, Scoring};
use super::solver::{MoveAnalysis, Solver, analyze};

#[derive(Serialize)]
struct SolveLine {
    scoring: &'static str,
    first: &'static str,
    value: i32,
    first_moves: std::collections::BTreeMap<String, i32>,
}

/// The value of the empty board and of each first move, for both scoring options and both
/// first players; as text, or one JSON object per line.
pub(crate) fn solve_report(json: bool) -> String {
    let mut out = String::new();
    for scoring in [Scoring::Exact, Scoring::Beginner] {
        let mut solver = Solver::new(scoring);
        for first in [Side::Black, Side::White] {
            let empty = Bitboard::from_position(&Position::new(first));
            let value = solver.value(&empty);
            let moves: Vec<(String, i32)> = solver
                .moves(&empty)
                .into_iter()
                .map(|(c, v)| (format!("{}1", super::rules::column_name(c)), v))
                .collect();
            if json {
                let line = SolveLine {
                    scoring: scoring.name(),
                    first: first.name(),
                    value,
                    first_moves: moves.iter().cloned().collect(),
                };
                out.push_str(&json_line(&line));
            } else {
                let listed: Vec<String> = moves
                    .iter()
                    .map(|(m, v)| format!("{m} {}", signed(*v)))
                    .collect();
                out.push_str(&format!(
                    "{} scoring, {} first: value {} (Black's final score minus White's under perfect play)\n  first moves: {}\n",
                    scoring.name(),
                    first.name(),
                    signed(value),
                    listed.join(", ")
                ));
            }
        }
    }
    out
}

#[derive(Serialize)]
struct JsonMove {
    /// The move's number, shared by a pair of moves as in move lists and errors.
    number: usize,
    player: &'static str,
    #[serde(rename = "move")]
    point: String,
    before: i32,
    after: i32,
    loss: i32,
    best: Vec<String>,
}

#[derive(Serialize)]
struct JsonPlayer {
    moves: usize,
    perfect: usize,
    lost: i32,
}

#[derive(Serialize)]
struct JsonAnalysis {
    moves: Vec<JsonMove>,
    summary: std::collections::BTreeMap<&'static str, JsonPlayer>,
}

/// Every move weighed against perfect play, and a summary per player.
pub(crate) fn analyze_report(play: &Play, json: bool) -> String {
    let mut solver = Solver::new(play.rules.scoring);
    let analysis = analyze(play, &mut solver);
    if json {
        analysis_json(&analysis)
    } else {
        analysis_text(&analysis)
    }
}

/// One player's moves, perfect ones and points lost.
fn summary(analysis: &[MoveAnalysis], side: Side) -> JsonPlayer {
    let mine: Vec<&MoveAnalysis> = analysis.iter().filter(|m| m.player == side).collect();
    JsonPlayer {
        moves: mine.len(),
        perfect: mine.iter().filter(|m| m.loss == 0).count(),
        lost: mine.iter().map(|m| m.loss).sum(),
    }
}

fn analysis_json(analysis: &[MoveAnalysis]) -> String {
    let report = JsonAnalysis {
        moves: analysis
            .iter()
            .map(|m| JsonMove {
                number: m.move_number(),
                player: m.player.name(),
                point: m.point.name(),
                before: m.before,
                after: m.after,
                loss: m.loss,
                best: m.best.iter().map(|p| p.name()).collect(),
            })
            .collect(),
        summary: [Side::Black, Side::White]
            .into_iter()
            .map(|side| (side.name(), summary(analysis, side)))
            .collect(),
    };
    json_line(&report)
}

/// The moves as a table, then a line per player.
fn analysis_text(analysis: &[MoveAnalysis]) -> String {
    let column = Column::new;
    let columns = [
        column("move", 5, false, 0),
        column("player", 6, false, 2),
        column("played", 6, false, 1),
        column("before", 6, true, 1),
        column("after", 6, true, 1),
        column("loss", 5, true, 1),
        column("best", 0, false, 2),
    ];
    let rows: Vec<Vec<String>> = analysis
        .iter()
        .map(|m| {
            let best: Vec<String> = m.best.iter().map(|p| p.name()).collect();
            let loss = if m.loss == 0 {
                "-".to_string()
            } else {
                m.loss.to_string()
            };
            vec![
                m.numbered(),
                m.player.name().into(),
                m.point.name(),
                signed(m.before),
                signed(m.after),
                loss,
                best.join(" "),
            ]
        })
        .collect();
    let mut out = table(&columns, &rows);
    for side in [Side::Black, Side::White] {
        let s = summary(analysis, side);
        out.push_str(&format!(
            "{}: {} moves, {} perfect, {} points lost\n",
            side.name(),
            s.moves,
            s.perfect,
            s.lost
        ));
    }
    out
}
