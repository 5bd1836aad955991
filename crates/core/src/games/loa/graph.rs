//! The evaluation graph of a reviewed game, as a figure for bulletins: Black's chance to win
//! after every ply (the calibrated estimate, `calibration`; 100 % where Black's win is
//! proven, 0 % where White's is), on a labelled scale of 0 to 100 %, with the moves along
//! the bottom numbered as the move list numbers them, stretches where the result is proven
//! as bands along the winner's edge, the costly moves marked on the curve, and a key to
//! every mark drawn, all in the job's language.

use std::sync::Arc;

use super::analysis::{Review, Reviewed};
use super::calibration;
use super::search::Value;
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font::Font;
use crate::palette::{INK, WARNING};
use crate::vocabulary::Side;
use crate::words::Words;

/// The figure's size, in millimetres.
const WIDTH: f64 = 170.0;
/// The least height: the key's rows add to it where they need more.
const HEIGHT: f64 = 76.0;
/// Where the curve is drawn.
const PLOT: Rect = Rect {
    x: 20.0,
    y: 15.0,
    width: WIDTH - 26.0,
    height: HEIGHT - 38.0,
};
const LABEL_PT: f64 = 7.0;
const TITLE_PT: f64 = 10.0;
const BAND: Color = Color::grey(200);
const BAND_HEIGHT: f64 = 3.0;
const DOT: f64 = 0.9;

/// Black's chance to win at each position, and the winner where the result is proven.
fn black_chances(review: &Review) -> Vec<(f64, Option<Side>)> {
    review
        .stands
        .iter()
        .map(|s| {
            let to_move = s.position.to_move;
            let winner = match s.verdict.value {
                Some(Value::Win) => Some(to_move),
                Some(Value::Loss) => Some(to_move.other()),
                _ => None,
            };
            let mover = calibration::of_verdict(&s.verdict);
            let black = if to_move == Side::Black {
                mover
            } else {
                1.0 - mover
            };
            (black, winner)
        })
        .collect()
}

/// Where a position and a chance go on the page.
struct Scale {
    last: f64,
}

impl Scale {
    fn x(&self, ply: usize) -> f64 {
        PLOT.x + PLOT.width * ply as f64 / self.last
    }

    fn y(&self, chance: f64) -> f64 {
        PLOT.y + PLOT.height * (1.0 - chance)
    }
}

/// One page: the graph of `review`, under `title`, its words in `font` and `words`.
pub fn figure(title: &str, review: &Review, font: Arc<Font>, words: &Words) -> Figure {
    let mut figure = Figure::new(WIDTH, HEIGHT, title, font.clone());
    let chances = black_chances(review);
    let scale = Scale {
        last: (chances.len().max(2) - 1) as f64,
    };
    let mut root = Group::new("analysis-graph");
    root.text(Text::new(
        Point::new(PLOT.x, 6.0),
        title,
        TITLE_PT,
        Anchor::Start,
    ));
    let bands = bands(&chances, &scale);
    let marks = marks(review, &chances, &scale);
    let (key, bottom) = key(
        words,
        &font,
        !bands.items.is_empty(),
        !marks.items.is_empty(),
    );
    // The key takes the rows its words need, in any language.
    figure.height = HEIGHT.max(bottom + 4.0);
    root.group(bands);
    root.group(vertical_scale(words));
    root.group(move_scale(chances.len(), &scale, words));
    root.group(curve(review, &chances, &scale));
    root.group(marks);
    root.group(key);
    figure.description = words.fill(
        "Evaluation graph of {title}: {n} positions, Black's chance to win from 0 to 100%.",
        &[("title", &title), ("n", &chances.len())],
    );
    if review.unreviewed > 0 {
        figure.description += " ";
        figure.description +=
            &words.fill("The first {n} not reviewed.", &[("n", &review.unreviewed)]);
    }
    figure.root = root;
    figure
}

/// The frame, the lines at 25, 50 (dashed) and 75 %, the percentages at the left and what
/// they measure above them.
fn vertical_scale(words: &Words) -> Group {
    let scale = Scale { last: 1.0 };
    let mut axes = Group::new("axes");
    axes.shape(Shape::Rect(PLOT), Paint::stroke(Stroke::solid(INK, 0.3)));
    for percent in [0, 25, 50, 75, 100] {
        let y = scale.y(f64::from(percent) / 100.0);
        let line = Shape::Line(Point::new(PLOT.x, y), Point::new(PLOT.right(), y));
        match percent {
            50 => axes.shape(line, Paint::stroke(Stroke::dashed(INK, 0.2, &[1.0, 1.0]))),
            25 | 75 => axes.shape(line, Paint::stroke(Stroke::solid(BAND, 0.2))),
            _ => &mut axes,
        };
        axes.text(Text::new(
            Point::new(PLOT.x - 1.5, y + 1.2),
            format!("{percent}%"),
            LABEL_PT,
            Anchor::End,
        ));
    }
    axes.text(Text::new(
        Point::new(PLOT.x - 12.0, PLOT.y - 3.0),
        words.tr("Black's chance to win (0%: White wins)"),
        LABEL_PT,
        Anchor::Start,
    ));
    axes
}

/// Ticks along the bottom at every 5th move (10th, 20th… in longer games), labelled with
/// the move list's numbers, at the position after both sides' moves of that number.
fn move_scale(positions: usize, scale: &Scale, words: &Words) -> Group {
    let moves = positions / 2;
    let step = [5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|step| moves / step <= 16)
        .unwrap_or(1_000);
    let mut ticks = Group::new("label");
    for n in (step..=moves).step_by(step) {
        let x = scale.x(2 * n);
        ticks.shape(
            Shape::Line(
                Point::new(x, PLOT.bottom()),
                Point::new(x, PLOT.bottom() + 1.2),
            ),
            Paint::stroke(Stroke::solid(INK, 0.2)),
        );
        ticks.text(Text::new(
            Point::new(x, PLOT.bottom() + 4.2),
            n.to_string(),
            LABEL_PT,
            Anchor::Middle,
        ));
    }
    ticks.text(Text::new(
        Point::new(PLOT.right(), PLOT.bottom() + 8.0),
        words.tr("Move"),
        LABEL_PT,
        Anchor::End,
    ));
    ticks
}

/// The proven stretches: a band along the winner's edge.
fn bands(chances: &[(f64, Option<Side>)], scale: &Scale) -> Group {
    let mut bands = Group::new("proven");
    for (ply, (_, winner)) in chances.iter().enumerate() {
        let Some(side) = winner else { continue };
        let left = match ply {
            0 => scale.x(0),
            _ => (scale.x(ply - 1) + scale.x(ply)) / 2.0,
        };
        let right = match ply + 1 < chances.len() {
            true => (scale.x(ply) + scale.x(ply + 1)) / 2.0,
            false => scale.x(ply),
        };
        let top = match side {
            Side::Black => PLOT.y,
            Side::White => PLOT.bottom() - BAND_HEIGHT,
        };
        bands.shape(
            Shape::Rect(Rect::new(left, top, (right - left).max(0.2), BAND_HEIGHT)),
            Paint::fill(BAND),
        );
    }
    bands
}

/// The curve; positions left unreviewed have no chance, so it starts after them.
fn curve(review: &Review, chances: &[(f64, Option<Side>)], scale: &Scale) -> Group {
    let points: Vec<Point> = chances
        .iter()
        .enumerate()
        .skip(review.unreviewed)
        .map(|(ply, (chance, _))| Point::new(scale.x(ply), scale.y(*chance)))
        .collect();
    let mut line = Group::new("score");
    line.shape(
        Shape::Polyline(points),
        Paint::stroke(Stroke::solid(INK, 0.5)),
    );
    line
}

/// A dot on the curve after each costly move.
fn marks(review: &Review, chances: &[(f64, Option<Side>)], scale: &Scale) -> Group {
    let mut marks = Group::new("costly");
    for m in &review.moves {
        if m.note.as_ref().is_some_and(|n| n.is_costly()) {
            let (chance, _) = chances[m.ply + 1];
            marks.shape(
                Shape::Circle {
                    center: Point::new(scale.x(m.ply + 1), scale.y(chance)),
                    radius: DOT,
                },
                Paint::fill(WARNING),
            );
        }
    }
    marks
}

/// The key under the graph: a sample of each mark drawn and its words, in a row (more when
/// the words need them), and the baseline of its last row.
fn key(words: &Words, font: &Font, bands: bool, dots: bool) -> (Group, f64) {
    let mut key = Group::new("legend");
    let (mut x, mut y) = (PLOT.x, PLOT.bottom() + 14.0);
    let entries = [
        (
            true,
            "Black's chance to win, from the engine's estimate or a proof",
        ),
        (bands, "result proven, along the winner's edge"),
        (
            dots,
            "a costly move: a blunder, or a proven result given up",
        ),
    ];
    for (kind, (drawn, english)) in entries.into_iter().enumerate() {
        if !drawn {
            continue;
        }
        let text = words.tr(english);
        let width = 7.0 + font.text_width(&text, LABEL_PT) + 5.0;
        if x > PLOT.x && x + width > WIDTH - 4.0 {
            (x, y) = (PLOT.x, y + 5.0);
        }
        let (a, b) = (Point::new(x, y - 1.2), Point::new(x + 5.0, y - 1.2));
        match kind {
            0 => key.shape(Shape::Line(a, b), Paint::stroke(Stroke::solid(INK, 0.5))),
            1 => key.shape(
                Shape::Rect(Rect::new(x, y - 2.7, 5.0, BAND_HEIGHT)),
                Paint::fill(BAND),
            ),
            _ => key.shape(
                Shape::Circle {
                    center: Point::new(x + 2.5, y - 1.2),
                    radius: DOT,
                },
                Paint::fill(WARNING),
            ),
        };
        key.text(Text::new(
            Point::new(x + 7.0, y),
            text,
            LABEL_PT,
            Anchor::Start,
        ));
        x += width;
    }
    (key, y)
}

/// One page a game, in `font` and `words`.
pub fn document(reviews: &[Reviewed], font: &Arc<Font>, words: &Words) -> Document {
    let title = reviews
        .first()
        .map(|r| r.title.clone())
        .unwrap_or_else(|| words.tr("evaluation graph"));
    let pages = reviews
        .iter()
        .map(|r| figure(&r.title, &r.review, font.clone(), words))
        .collect();
    Document::new(title, pages)
}
