//! `cargo bench --bench solver`: Shoreline's solver (issue 9). Targets: solving the empty
//! board ≤ 0.5 s, analysing a 24-move game ≤ 50 ms, memory ≤ 512 MB.
//!
//! The empty board is solved by the search alone (no opening book); analyses use the solver
//! as `sheetgen analyze` does, book included, each with a fresh solver, and once more without
//! the book to show what the book saves.

use std::time::Instant;

use sheetgen_core::games::shoreline::bitboard::Bitboard;
use sheetgen_core::games::shoreline::rules::{Play, Position, Rules, Scoring};
use sheetgen_core::games::shoreline::solver::{Solver, analyze};
use sheetgen_core::games::shoreline::{self, Side};
use sheetgen_core::rng::Rng;

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

fn main() {
    for scoring in [Scoring::Exact, Scoring::Beginner] {
        let start = Instant::now();
        let mut solver = Solver::without_book(scoring);
        let value = solver.value(&Bitboard::from_position(&Position::new(Side::Black)));
        println!(
            "solve the empty board (search only), {} scoring: value {value:+}, {:.1} ms, {} nodes",
            scoring.name(),
            ms(start),
            solver.nodes
        );
    }

    let record = sheetgen::load(
        "examples/shoreline-draw.yaml",
        &sheetgen_core::font::Font::builtin(),
    )
    .unwrap()
    .remove(0)
    .game
    .unwrap();
    let draw = &record
        .as_any()
        .downcast_ref::<shoreline::Record>()
        .expect("a Shoreline game")
        .play;
    for (name, new) in [
        ("", Solver::new as fn(Scoring) -> Solver),
        (" without the book", Solver::without_book),
    ] {
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                analyze(draw, &mut new(draw.rules.scoring));
                ms(start)
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "analyse examples/shoreline-draw.yaml (24 moves){name}: median {:.1} ms, slowest {:.1} ms of 5",
            times[2], times[4]
        );
    }

    // Random complete games, every scoring and first player: the spread over many games.
    let mut rng = Rng::new(9);
    let mut times = Vec::new();
    for i in 0..200 {
        let rules = Rules {
            first: if i % 2 == 0 { Side::Black } else { Side::White },
            scoring: if i % 4 < 2 {
                Scoring::Exact
            } else {
                Scoring::Beginner
            },
        };
        let mut position = Position::new(rules.first);
        let mut moves = Vec::new();
        while !position.legal_columns().is_empty() {
            let columns = position.legal_columns();
            moves.push(
                position
                    .place_in(columns[rng.below(columns.len())])
                    .unwrap(),
            );
        }
        let play = Play {
            rules,
            start: None,
            moves,
        };
        let start = Instant::now();
        analyze(&play, &mut Solver::new(rules.scoring));
        times.push(ms(start));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "analyse 200 random 24-move games: median {:.1} ms, 95th percentile {:.1} ms, slowest {:.1} ms",
        times[100], times[190], times[199]
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
