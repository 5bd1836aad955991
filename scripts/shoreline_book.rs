//! Writes Shoreline's opening book (src/games/shoreline/book.rs explains it):
//!
//!     cargo run --release --example shoreline-book
//!
//! Solves every position with up to six stones under both scoring options, without the old
//! book, and replaces assets/shoreline-book/{exact,beginner}.bin. Takes about a minute.

use std::time::Instant;

use sheetgen_core::games::shoreline::rules::Scoring;
use sheetgen_core::games::shoreline::solver;

fn main() -> std::io::Result<()> {
    for scoring in [Scoring::Exact, Scoring::Beginner] {
        let start = Instant::now();
        let values = solver::book_file(scoring);
        let path = format!("assets/shoreline-book/{}.bin", scoring.name());
        std::fs::write(&path, &values)?;
        println!(
            "{path}: {} positions in {:.1} s",
            values.len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
