//! `cargo bench --bench loa_perft -- DEPTH`: Lines of Action perft from the standard 8×8
//! start (ruling L8), one line per depth with the count, the time and nodes per second,
//! first on one thread, then on every core. Targets (issue 4): depth 6 in at most 15 s on
//! one thread and 8 s on two.

use std::time::Instant;

use sheetgen_core::games::loa::rules::{Board, Move, Position, Setup};

/// Reference counts (L8).
const EXPECTED: [u64; 6] = [36, 1_244, 44_952, 1_563_208, 55_963_132, 1_938_494_632];

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5)
        .clamp(1, 6);
    let board = Board::<u64>::new(8, &[]);
    let start = board.start(Setup::Standard);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for workers in [1, threads] {
        println!(
            "perft, {workers} thread{}:",
            if workers == 1 { "" } else { "s" }
        );
        for d in 1..=depth {
            let began = Instant::now();
            let count = if workers == 1 {
                board.perft(&start, d)
            } else {
                parallel(&board, &start, d, workers)
            };
            let seconds = began.elapsed().as_secs_f64();
            let verdict = if count == EXPECTED[d as usize - 1] {
                "ok"
            } else {
                "WRONG"
            };
            println!(
                "  depth {d}: {count:>13} {verdict}  {seconds:>8.3} s  {:>6.1} M nodes/s",
                count as f64 / seconds.max(1e-9) / 1e6
            );
        }
        if workers == threads && threads == 1 {
            break;
        }
    }
}

/// Splits the first ply's moves over `workers` threads.
fn parallel(board: &Board<u64>, start: &Position<u64>, depth: u32, workers: usize) -> u64 {
    if depth == 1 {
        return board.perft(start, 1);
    }
    let moves: Vec<Move> = board.moves(start);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(m) = moves.get(i) else { break total };
                        total += board.perft(&board.play(start, *m), depth - 1);
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    })
}
