//! `cargo bench --bench check`: `sheetgen check` on one file of 10,000 Shoreline games.
//! Target (issue 3): at least 50,000 games per second.

use std::time::Instant;

use sheetgen::Files;
use sheetgen::{ReportFormat, check};
use sheetgen_core::error::Status;

const GAMES: usize = 10_000;

fn main() {
    // The examples' finished games, repeated: every one is parsed and replayed in full.
    let evening = std::fs::read_to_string("examples/shoreline-evening.yaml").unwrap();
    let records: String = evening
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let documents: Vec<&str> = records.split("---\n").collect();
    let mut text = String::new();
    for i in 0..GAMES {
        if i > 0 {
            text.push_str("---\n");
        }
        text.push_str(documents[i % documents.len()]);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ten-thousand.yaml");
    std::fs::write(&path, &text).unwrap();

    for format in [ReportFormat::Text, ReportFormat::Json] {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let words = sheetgen_core::words::Words::default();
            let style = sheetgen::Style {
                color: false,
                words: &words,
            };
            let font = sheetgen_core::font::Font::builtin();
            let report = check((&Files, &font), std::slice::from_ref(&path), format, style);
            let seconds = start.elapsed().as_secs_f64();
            assert_eq!(
                report.status,
                Status::Done,
                "{}",
                &report.text[..report.text.len().min(500)]
            );
            // A line a game; the text report ends with its count.
            let per_game = report
                .text
                .lines()
                .filter(|l| !l.contains(" games in "))
                .count();
            assert_eq!(per_game, GAMES);
            best = best.min(seconds);
        }
        println!(
            "check {GAMES} games ({} KB), {format:?}: {:.1} ms, {:.0} games/s (best of 5)",
            text.len() / 1024,
            best * 1e3,
            GAMES as f64 / best
        );
    }
}
