//! `cargo bench --bench solver`: solving Shoreline's empty board and analysing a 24-move game,
//! each with a fresh solver, and the process's peak memory. Targets (issue 9): ≤ 0.5 s,
//! ≤ 50 ms, ≤ 512 MB.

use std::time::Instant;

use sheetgen::games::Game;
use sheetgen::games::shoreline::Side;
use sheetgen::games::shoreline::rules::{Position, Scoring};
use sheetgen::games::shoreline::solver::{Board, Solver, analyze};

fn main() {
    for scoring in [Scoring::Exact, Scoring::Beginner] {
        let start = Instant::now();
        let mut solver = Solver::new(scoring);
        let value = solver.value(&Board::from_position(&Position::new(Side::Black)));
        println!(
            "solve the empty board, {} scoring: value {value:+}, {:.0} ms, {} nodes",
            scoring.name(),
            start.elapsed().as_secs_f64() * 1e3,
            solver.nodes
        );
    }
    let Game::Shoreline(game) = sheetgen::record::load("examples/shoreline-draw.yaml")
        .unwrap()
        .remove(0)
        .game
        .unwrap()
    else {
        unreachable!()
    };
    let start = Instant::now();
    let mut solver = Solver::new(game.rules.scoring);
    let moves = analyze(&game, &mut solver);
    println!(
        "analyse a 24-move game (examples/shoreline-draw.yaml): {} moves, {:.1} ms",
        moves.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_string())
        });
    println!(
        "peak memory: {} kB",
        peak.unwrap_or_else(|| "unknown".into())
    );
}
