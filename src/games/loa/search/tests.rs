//! The searcher checked against a plain exhaustive minimax written here, using only the
//! engine's legal moves and game ends; and the real games' known results.

use super::arena::{Arena, End};
use super::*;
use crate::games::loa::game::{Replay, Rules};
use crate::vocabulary::Side;

/// Replays move text (`1. c8-c6 h4-f2 2. …`).
pub fn replay_text(text: &str) -> Replay {
    let mut replay = Replay::new(Rules::default());
    for token in text.split_whitespace() {
        if token.ends_with('.') || token.contains('-') && token.starts_with(char::is_numeric) {
            continue;
        }
        replay.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    replay
}

#[test]
#[ignore]
fn timing_on_the_real_games() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/loa-games");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    for path in names {
        let replay = replay_text(&std::fs::read_to_string(&path).unwrap());
        let rules = Rules::default();
        let mut searcher = Searcher::<u64>::new(&rules, 200_000);
        let n = replay.plies.len();
        let mut r = Replay::new(rules.clone());
        let mut positions = vec![r.position];
        for ply in &replay.plies {
            r.apply(*ply);
            positions.push(r.position);
        }
        let t = std::time::Instant::now();
        let mut out = Vec::new();
        let mut nodes = 0;
        for i in (0..n).rev().take(12) {
            let v = searcher.verdict(&narrow(&positions[i]));
            nodes += v.nodes;
            out.push(format!("{i}:{}", crate::games::loa::analysis::verdict_text(&v)));
        }
        println!(
            "{} {:?} {nodes} nodes {:.2}s {}",
            path.file_name().unwrap().to_string_lossy(),
            replay.outcome.map(|o| o.winner()),
            t.elapsed().as_secs_f64(),
            out.join(" ")
        );
    }
}
