//! `cargo bench --bench loa_search`: the Lines of Action searcher (issue 26) on the sixteen
//! real games of tests/data/loa-games. For each game: the review `sheetgen analyze` makes
//! (default node budget per position), its time, nodes and nodes per second, the earliest
//! ply from which the result is proven, and the time a fresh searcher takes to prove that
//! position alone (without what the review learnt from the later positions). Target: a
//! 60–140-ply game reviewed in at most 60 s.
//!
//! `cargo bench --bench loa_search -- NODES` sets the budget per position.

use std::time::Instant;

use sheetgen_core::games::loa::analysis::{proven_from, review, verdict_text};
use sheetgen_core::games::loa::game::{Replay, Rules};
use sheetgen_core::games::loa::search::Engine;
use sheetgen_core::games::search::DEFAULT_NODES;

fn replay_text(text: &str) -> Replay {
    let mut replay = Replay::new(Rules::default());
    for token in text.split_whitespace().filter(|t| !t.ends_with('.')) {
        replay.play(token).expect("the real games are legal");
    }
    replay
}

fn main() {
    let nodes: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(DEFAULT_NODES);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/loa-games");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/loa-games")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    println!("review of the sixteen real games, {nodes} proof nodes a position:");
    println!(
        "{:<30} {:>5} {:>8} {:>11} {:>9}  {:<22} {:>9}",
        "game", "plies", "review s", "nodes", "nodes/s", "proven from", "alone s"
    );
    let (mut all_nodes, mut all_seconds) = (0u64, 0f64);
    for path in paths {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let game = replay_text(&std::fs::read_to_string(&path).unwrap());
        let rules = Rules::default();
        let began = Instant::now();
        let reviewed = review(&rules, &game.plies, nodes);
        let seconds = began.elapsed().as_secs_f64();
        all_nodes += reviewed.nodes;
        all_seconds += seconds;
        let (proven, alone) = match proven_from(&reviewed) {
            Some((ply, _)) => {
                let stand = &reviewed.stands[ply];
                let what = format!("ply {ply}: {}", verdict_text(&stand.verdict));
                let mut fresh = Engine::new(&rules, nodes * 10);
                let began = Instant::now();
                let v = fresh.verdict(&stand.position);
                let alone = if v.value.is_some() || stand.over {
                    format!("{:.2}", began.elapsed().as_secs_f64())
                } else {
                    "unproven".into()
                };
                (what, alone)
            }
            None => ("-".into(), "-".into()),
        };
        println!(
            "{name:<30} {:>5} {seconds:>8.2} {:>11} {:>9.0}  {proven:<22} {alone:>9}",
            game.plies.len(),
            reviewed.nodes,
            reviewed.nodes as f64 / seconds.max(1e-9),
        );
    }
    println!(
        "all: {all_nodes} nodes in {all_seconds:.1} s, {:.0} nodes/s",
        all_nodes as f64 / all_seconds.max(1e-9)
    );
}
