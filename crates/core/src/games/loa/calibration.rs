//! The review's estimates as win probabilities: p = 1 / (1 + e^(−score / K)) for the side
//! to move, K fitted on the positions of real games whose value or game's result the proof
//! search proved ([`sample`]; `cargo run --release -p sheetgen-core --example
//! loa-calibration`, which writes the data to `assets/loa-calibration.csv`). Pure arithmetic, so the example that fits K and
//! the test that checks it share it.

use super::search::{Value, Verdict};
use crate::vocabulary::Side;

/// The fitted scale: an estimate of +K for the side to move wins about 73 % of the time
/// (e : 1), +2K 88 %. Fitted by `examples/loa-calibration.rs` on `assets/loa-calibration.csv`; the
/// test `loa_calibration` checks that the fit still gives this value.
pub const K: f64 = 179.0;

/// A drop of the mover's win probability by this much or more is an inaccuracy.
pub const INACCURACY: f64 = 0.10;
/// … a mistake.
pub const MISTAKE: f64 = 0.20;
/// … a blunder.
pub const BLUNDER: f64 = 0.30;

/// The probability that the side to move wins, from an estimate, on scale `k`.
pub fn logistic(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-score / k).exp())
}

/// The side to move's chance to win by the calibrated estimate.
pub fn win_probability(score: i32) -> f64 {
    logistic(f64::from(score), K)
}

/// The side to move's chance to win at a reviewed position: 1 or 0 where proven won or
/// lost, ½ for a proven draw, else the calibrated estimate.
pub fn of_verdict(v: &Verdict) -> f64 {
    match v.value {
        Some(Value::Win) => 1.0,
        Some(Value::Loss) => 0.0,
        Some(Value::Draw) => 0.5,
        None => win_probability(v.score),
    }
}

/// One fitting sample: an estimate for the side to move, and whether that side was proven
/// to win.
pub type Sample = (i32, bool);

/// The sample a reviewed position gives, if any, and whether its own value is proven:
/// - a position the proof search proved won or lost: its estimate and that value;
/// - an unproven one of a game whose result the review proves (`winner`, from
///   `analysis::proven_from`): its estimate and whether its side to move is that winner.
///
/// The proven positions alone are a game's last few, where estimates are decisive; the
/// verdicts are given in the unproven ones, so both are fitted on. An estimate that saw the
/// game's end (a two-ply search scores it as won or lost) is no feature score: left out.
pub fn sample(v: &Verdict, to_move: Side, winner: Option<Side>) -> Option<(Sample, bool)> {
    if v.estimate.abs() >= super::search::eval::WIN / 2 {
        return None;
    }
    match v.value {
        Some(Value::Win) => Some(((v.estimate, true), true)),
        Some(Value::Loss) => Some(((v.estimate, false), true)),
        Some(Value::Draw) => None,
        None => winner.map(|w| ((v.estimate, w == to_move), false)),
    }
}

/// The Brier score (mean squared error) of predicting `p(score)` for each sample.
pub fn brier(samples: &[Sample], p: impl Fn(i32) -> f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|&(score, won)| (p(score) - if won { 1.0 } else { 0.0 }).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The baseline: the same prediction, the share of wins, for every sample.
pub fn base_rate_brier(samples: &[Sample]) -> f64 {
    let rate = samples.iter().filter(|s| s.1).count() as f64 / samples.len().max(1) as f64;
    brier(samples, |_| rate)
}

/// The negative log-likelihood of the samples on scale `k` (what the fit minimises).
fn log_loss(samples: &[Sample], k: f64) -> f64 {
    samples
        .iter()
        .map(|&(score, won)| {
            let p = logistic(f64::from(score), k).clamp(1e-12, 1.0 - 1e-12);
            -(if won { p } else { 1.0 - p }).ln()
        })
        .sum()
}

/// The maximum-likelihood K, to a whole number: a golden-section search on 10 to 5,000
/// (the log-loss has one minimum in k when the data are not separable).
pub fn fit(samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (10.0_f64, 5_000.0_f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    while hi - lo > 0.01 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if log_loss(samples, a) < log_loss(samples, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).round()
}

/// The samples of a CSV written by the example: a header, then lines ending in
/// `proven,score,won` (proven and won 1 or 0; the record and the ply before them), each with
/// whether its position's own value is proven. None at a line that is not one.
pub fn read_csv(text: &str) -> Option<Vec<(Sample, bool)>> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.rsplit(',');
            let won = fields.next()?.trim() == "1";
            let score = fields.next()?.trim().parse().ok()?;
            let proven = fields.next()?.trim() == "1";
            Some(((score, won), proven))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit finds the scale data were drawn from: samples whose win share at each
    /// score is the logistic's on K = 200.
    #[test]
    fn the_fit_recovers_the_scale_of_logistic_data() {
        let mut samples = Vec::new();
        for score in (-800..=800).step_by(20) {
            let p = logistic(f64::from(score), 200.0);
            let wins = (p * 100.0).round() as usize;
            samples.extend((0..100).map(|i| (score, i < wins)));
        }
        let k = fit(&samples);
        assert!((k - 200.0).abs() <= 3.0, "{k}");
        assert!(brier(&samples, |s| logistic(f64::from(s), k)) < base_rate_brier(&samples));
    }
}
