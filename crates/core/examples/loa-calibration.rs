//! Fits the scale K of the review's win probabilities (`games::loa::calibration`): every
//! Lines of Action game of `tests/data/loa-games/` and `examples/loa-*.yaml` reviewed with
//! the default budget, and each position whose value the proof search proved, or whose
//! game's result it proved, kept as (estimate, won) (`calibration::sample`). Writes them to
//! `assets/loa-calibration.csv` and prints K and the Brier scores of the fit and of the
//! base rate, on all samples and on each kind.
//!
//! `cargo run --release -p sheetgen-core --example loa-calibration` (a few minutes).

use std::path::{Path, PathBuf};

use sheetgen_core::font::Font;
use sheetgen_core::games::loa::analysis;
use sheetgen_core::games::loa::calibration::{self, Sample};
use sheetgen_core::games::search::{Budget, DEFAULT_NODES};
use sheetgen_core::input::SourceFile;

/// The record files, in a fixed order: the thesis games, then the examples.
fn records(root: &Path) -> Vec<PathBuf> {
    let listed = |dir: &str, keep: fn(&str) -> bool| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("the folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(keep))
            .collect();
        files.sort();
        files
    };
    let mut files = listed("tests/data/loa-games", |n| n.ends_with(".txt"));
    files.extend(listed("examples", |n| {
        n.starts_with("loa-") && n.ends_with(".yaml")
    }));
    files
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let font = Font::builtin();
    let budget = Budget::per_position(DEFAULT_NODES);
    let mut csv = String::from("record,ply,proven,score,won\n");
    let mut samples: Vec<Sample> = Vec::new();
    for path in records(&root) {
        let text = std::fs::read_to_string(&path).expect("a record file");
        let name = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let games = sheetgen_core::load::read(&SourceFile::new(&name, &text), &font)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for entry in games {
            let record = entry.game.unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let Some(game) = record
                .as_any()
                .downcast_ref::<sheetgen_core::games::loa::Record>()
            else {
                continue;
            };
            let review = game.review(budget);
            // The game's result where the review proves it to the end.
            let winner = analysis::proven_from(&review).and_then(|(_, winner)| winner);
            for stand in review.stands.iter().filter(|s| s.reviewed && !s.over) {
                let (verdict, to_move) = (&stand.verdict, stand.position.to_move);
                if let Some(((score, won), proven)) = calibration::sample(verdict, to_move, winner)
                {
                    let (proven, won_) = (u8::from(proven), u8::from(won));
                    csv += &format!("{name},{},{proven},{score},{won_}\n", stand.ply);
                    samples.push((score, won));
                }
            }
            eprintln!("{name}: {} samples so far", samples.len());
        }
    }
    std::fs::write(root.join("assets/loa-calibration.csv"), csv).expect("the CSV written");
    let k = calibration::fit(&samples);
    println!("K = {k}");
    let text = std::fs::read_to_string(root.join("assets/loa-calibration.csv")).expect("read");
    let rows = calibration::read_csv(&text).expect("the CSV just written");
    for (kind, keep) in [
        ("all", None),
        ("proven", Some(true)),
        ("by result", Some(false)),
    ] {
        let part: Vec<Sample> = rows
            .iter()
            .filter(|(_, proven)| keep.is_none_or(|k| k == *proven))
            .map(|(sample, _)| *sample)
            .collect();
        let fitted = calibration::brier(&part, |s| calibration::logistic(f64::from(s), k));
        let base = calibration::base_rate_brier(&part);
        println!(
            "{kind}: {} samples, Brier score: fit {fitted:.4}, base rate {base:.4}",
            part.len()
        );
    }
}
