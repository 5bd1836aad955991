//! The evaluation graph of a reviewed game, as a figure for bulletins: the score after every
//! ply from Black's view (above the middle line Black stands better), stretches where the
//! result is proven as bands along the top (Black wins) or bottom (White wins), and the
//! costly moves marked on the curve.

use std::sync::Arc;

use super::analysis::{Review, Reviewed};
use super::search::Value;
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font::Font;
use crate::palette::{INK, WARNING};
use crate::vocabulary::Side;

/// The figure's size, in millimetres.
const WIDTH: f64 = 170.0;
const HEIGHT: f64 = 70.0;
/// Estimates are drawn up to this far from even; proven results at the edge.
const CLIP: f64 = 600.0;
const LABEL_PT: f64 = 7.0;
const TITLE_PT: f64 = 10.0;
const BAND: Color = Color::grey(200);

/// Black's score at each position: the estimate, or the edge when proven.
fn black_scores(review: &Review) -> Vec<(f64, Option<Side>)> {
    review
        .stands
        .iter()
        .map(|s| {
            let sign = if s.position.to_move == Side::Black {
                1.0
            } else {
                -1.0
            };
            let winner = match s.verdict.value {
                Some(Value::Win) => Some(s.position.to_move),
                Some(Value::Loss) => Some(s.position.to_move.other()),
                _ => None,
            };
            let score = match winner {
                Some(Side::Black) => CLIP,
                Some(Side::White) => -CLIP,
                None => (sign * f64::from(s.verdict.score)).clamp(-CLIP, CLIP),
            };
            (score, winner)
        })
        .collect()
}

/// One page: the graph of `review`, under `title`, its words in `font`.
pub fn figure(title: &str, review: &Review, font: Arc<Font>) -> Figure {
    let mut figure = Figure::new(WIDTH, HEIGHT, title, font);
    let plot = Rect::new(16.0, 12.0, WIDTH - 22.0, HEIGHT - 22.0);
    let scores = black_scores(review);
    let last = (scores.len().max(2) - 1) as f64;
    let x = |ply: usize| plot.x + plot.width * ply as f64 / last;
    let y = |score: f64| plot.y + plot.height * (0.5 - score / CLIP / 2.0);

    let mut root = Group::new("analysis-graph");
    root.text(Text::new(
        Point::new(plot.x, 7.0),
        title,
        TITLE_PT,
        Anchor::Start,
    ));
    let mut frame = Group::new("axes");
    frame.shape(Shape::Rect(plot), Paint::stroke(Stroke::solid(INK, 0.3)));
    frame.shape(
        Shape::Line(Point::new(plot.x, y(0.0)), Point::new(plot.right(), y(0.0))),
        Paint::stroke(Stroke::dashed(INK, 0.2, &[1.0, 1.0])),
    );
    // Ply ticks every ten plies (five moves a side).
    let mut labels = Group::new("label");
    let mut ply = 0;
    while ply < scores.len() {
        frame.shape(
            Shape::Line(
                Point::new(x(ply), plot.bottom()),
                Point::new(x(ply), plot.bottom() + 1.2),
            ),
            Paint::stroke(Stroke::solid(INK, 0.2)),
        );
        labels.text(Text::new(
            Point::new(x(ply), plot.bottom() + 4.2),
            ply.to_string(),
            LABEL_PT,
            Anchor::Middle,
        ));
        ply += 10;
    }
    labels.text(Text::new(
        Point::new(plot.x - 1.5, plot.y + 3.0),
        "Black",
        LABEL_PT,
        Anchor::End,
    ));
    labels.text(Text::new(
        Point::new(plot.x - 1.5, plot.bottom() - 1.0),
        "White",
        LABEL_PT,
        Anchor::End,
    ));
    labels.text(Text::new(
        Point::new(plot.right(), plot.bottom() + 8.0),
        "ply; bands: result proven",
        LABEL_PT,
        Anchor::End,
    ));

    // The proven stretches: a band along the winner's edge.
    let mut bands = Group::new("proven");
    for (ply, (_, winner)) in scores.iter().enumerate() {
        let Some(side) = winner else { continue };
        let left = x(ply.saturating_sub(1)).max(plot.x);
        let left = if ply == 0 {
            x(0)
        } else {
            (left + x(ply)) / 2.0
        };
        let right = if ply + 1 < scores.len() {
            (x(ply) + x(ply + 1)) / 2.0
        } else {
            x(ply)
        };
        let top = match side {
            Side::Black => plot.y,
            Side::White => plot.bottom() - 3.0,
        };
        bands.shape(
            Shape::Rect(Rect::new(left, top, (right - left).max(0.2), 3.0)),
            Paint::fill(BAND),
        );
    }

    // Positions left unreviewed have no score: the curve starts after them.
    let curve: Vec<Point> = scores
        .iter()
        .enumerate()
        .skip(review.unreviewed)
        .map(|(ply, (score, _))| Point::new(x(ply), y(*score)))
        .collect();
    let mut line = Group::new("score");
    line.shape(
        Shape::Polyline(curve),
        Paint::stroke(Stroke::solid(INK, 0.5)),
    );

    let mut marks = Group::new("costly");
    for m in &review.moves {
        if m.note.as_ref().is_some_and(|n| n.is_costly()) {
            let (score, _) = scores[m.ply + 1];
            marks.shape(
                Shape::Circle {
                    center: Point::new(x(m.ply + 1), y(score)),
                    radius: 0.9,
                },
                Paint::fill(WARNING),
            );
        }
    }
    root.group(bands);
    root.group(frame);
    root.group(line);
    root.group(marks);
    root.group(labels);
    figure.description = format!(
        "Evaluation graph of {title}: {} positions, Black's view.",
        scores.len()
    );
    if review.unreviewed > 0 {
        figure.description += &format!(" The first {} not reviewed.", review.unreviewed);
    }
    figure.root = root;
    figure
}

/// One page a game, in `font`.
pub fn document(reviews: &[Reviewed], font: &Arc<Font>) -> Document {
    let title = reviews
        .first()
        .map(|r| r.title.clone())
        .unwrap_or_else(|| "evaluation graph".into());
    let pages = reviews
        .iter()
        .map(|r| figure(&r.title, &r.review, font.clone()))
        .collect();
    Document::new(title, pages)
}
