//! `cargo bench --bench loa_search`: the Lines of Action searcher (issue 26) on the sixteen
//! real games of tests/data/loa-games. For each game: the review `sheetgen analyze` makes
//! (default node budget per position), its time, nodes and nodes per second, the earliest
//! ply from which the result is proven, and the time a fresh searcher takes to prove that
//! position alone (without what the review learnt from the later positions). Target: a
//! 60–140-ply game reviewed in at most 60 s.
//!
//! Then 5×5 from the start (issue 39.6): solved, its proof certificate written and checked
//! by the independent checker, each step timed. Target: all three in at most 60 s.
//!
//! Then 6×6 from the start (issue 39.6, a first-player win by Winands' PN² result): the
//! proof search's nodes a second there, within a fixed budget, and how far it got (the
//! question it stopped on and the root's proof and disproof numbers), as `sheetgen solve`
//! reports it. What sizes the half-hour attempt's `--nodes`.
//!
//! `cargo bench --bench loa_search -- NODES` sets the budget per position of the review;
//! `-- review`, `-- 5x5` or `-- 6x6` runs that part alone (`-- 6x6 NODES`: its budget,
//! 5,000,000 by default).

use std::time::Instant;

use sheetgen_core::games::loa::analysis::{proven_from, review, verdict_text};
use sheetgen_core::games::loa::game::{Play, Rules};
use sheetgen_core::games::loa::search::Engine;
use sheetgen_core::games::search::{Budget, DEFAULT_NODES};

fn replay_text(text: &str) -> Play {
    let mut replay = Play::new(Rules::default());
    for token in text.split_whitespace().filter(|t| !t.ends_with('.')) {
        replay.play(token).expect("the real games are legal");
    }
    replay
}

/// The 6×6 case's budget: a few seconds in release.
const SIX_NODES: u64 = 5_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = args.iter().find_map(|a| a.parse().ok());
    let parts = ["review", "5x5", "6x6"];
    let chosen: Vec<&str> = parts
        .into_iter()
        .filter(|p| args.iter().any(|a| a == p))
        .collect();
    let runs = |part: &str| chosen.is_empty() || chosen.contains(&part);
    if runs("review") {
        review_the_real_games(number.unwrap_or(DEFAULT_NODES));
    }
    if runs("5x5") {
        five_by_five();
    }
    if runs("6x6") {
        six_by_six(number.unwrap_or(SIX_NODES));
    }
}

/// The sixteen real games reviewed, `nodes` a position, and their proven positions alone.
fn review_the_real_games(nodes: u64) {
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
        let reviewed = review(&rules, &game.plies, Budget::per_position(nodes));
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

/// The start position given as text, ready to solve.
fn start(text: &str) -> Play {
    use sheetgen_core::games::loa::{NAME, Record};
    let given = sheetgen_core::games::GivenPosition {
        game: NAME,
        text: text.into(),
    };
    let record = given.read().expect("the start reads");
    let game = record
        .as_any()
        .downcast_ref::<Record>()
        .expect("a LOA game");
    game.replay_to(0)
}

/// 6×6 from the start within `nodes`, as `sheetgen solve --game loa --position … --nodes N`
/// does it: the nodes a second, and the report (the root's numbers where it stopped).
fn six_by_six(nodes: u64) {
    let replay = start("1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b");
    let began = Instant::now();
    let report = sheetgen_core::games::loa::solve::report(&replay, nodes, false);
    let seconds = began.elapsed().as_secs_f64();
    println!(
        "6x6 start, {nodes} nodes: {:.0} nodes/s ({seconds:.2} s)",
        nodes as f64 / seconds.max(1e-9)
    );
    print!("{report}");
}

/// 5×5 from the start, as `sheetgen solve --game loa --position … --nodes 20000000
/// --proof FILE` and `sheetgen-verify-proof FILE` do it: the solve alone, the solve with
/// its certificate, and the check.
fn five_by_five() {
    use sheetgen_core::games::loa::solve::solve;
    let replay = start("1bbb1/w3w/w3w/w3w/1bbb1 b");
    let began = Instant::now();
    let (report, _) = solve(&replay, 20_000_000, true, false);
    let solved = began.elapsed().as_secs_f64();
    let began = Instant::now();
    let (_, certificate) = solve(&replay, 20_000_000, true, true);
    let certificate = certificate
        .expect("a certificate was asked for")
        .expect("the 5×5 start is proven");
    let with_proof = began.elapsed().as_secs_f64();
    let began = Instant::now();
    let proven = sheetgen_verify_proof::verify(&certificate).expect("the checker accepts it");
    let checked = began.elapsed().as_secs_f64();
    print!("5×5 from the start: {report}");
    println!(
        "solve {solved:.2} s; solve and write the certificate ({} lines, {} bytes) {with_proof:.2} s; \
         check {checked:.2} s: {proven}; total {:.2} s (target 60 s)",
        certificate.lines().count(),
        certificate.len(),
        with_proof + checked
    );
}
