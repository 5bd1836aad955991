//! Annotations drawn on any game's diagram, one mechanism for all three: arrows between
//! squares, marks (triangle, circle, cross, square), short labels and highlighted squares.
//! Each game's diagram says where its squares are ([`Cells`]); nothing here knows a game.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};

use crate::figure::{Anchor, Color, Group, Paint, Point, Shape, Stroke, Text, arrow};
use crate::font;
use crate::palette::{ANNOTATION, HIGHLIGHT, PAPER};
/// A text written in a record, with its place.
type Located = serde_saphyr::Spanned<String>;

/// Where a square (or Shoreline point) is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub center: Point,
    /// The square's width, in millimetres.
    pub size: f64,
    /// The square's outline.
    pub outline: Vec<Point>,
    /// The stone or piece standing there, which annotations draw on and never hide.
    pub piece: Option<Piece>,
}

/// A stone or piece as drawn: a disc of this fill and radius on the cell's centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub fill: Color,
    pub radius: f64,
}

impl Piece {
    /// The colour that reads on the piece: paper on a dark piece, the annotation colour on
    /// a light one.
    fn ink(&self) -> Color {
        let c = self.fill;
        let luminance = 0.299 * c.r as f64 + 0.587 * c.g as f64 + 0.114 * c.b as f64;
        if luminance < 128.0 { PAPER } else { ANNOTATION }
    }
}

/// Records that `piece` stands on the square `name`, so annotations on it keep it visible.
pub fn place(cells: &mut Cells, name: &str, piece: Piece) {
    if let Some(cell) = cells.get_mut(name) {
        cell.piece = Some(piece);
    }
}

/// Every square of a diagram by its lowercase name.
pub type Cells = BTreeMap<String, Cell>;

/// `key: value` pairs in the order written, each with its place in the file.
#[derive(Debug, Clone, Default)]
pub struct Pairs(pub Vec<(Located, Located)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = Pairs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping from squares to values, like { c3: triangle }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(entry) = map.next_entry::<Located, Located>()? {
                    pairs.push(entry);
                }
                Ok(Pairs(pairs))
            }
        }
        deserializer.deserialize_map(PairsVisitor)
    }
}

/// A name written in a record (with its place) or on the command line (without).
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub text: String,
    pub at: Option<serde_saphyr::Location>,
}

impl From<&Located> for Written {
    fn from(t: &Located) -> Self {
        Written {
            text: t.value.clone(),
            at: Some(t.referenced),
        }
    }
}

impl From<&str> for Written {
    fn from(t: &str) -> Self {
        Written {
            text: t.to_string(),
            at: None,
        }
    }
}

/// What to draw, from a record's `diagrams` entry and the command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotations {
    pub arrows: Vec<(Written, Written)>,
    pub marks: Vec<(Written, Written)>,
    pub labels: Vec<(Written, Written)>,
    pub highlight: Vec<Written>,
}

/// An annotation given as `FROM:TO`, `SQ:SHAPE` or `SQ:TEXT` without its two parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAPair {
    /// `arrow`, `mark` or `label`.
    pub kind: &'static str,
    pub value: String,
}

impl std::fmt::Display for NotAPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let example = match self.kind {
            "arrow" => "b1:b3",
            "mark" => "c3:triangle",
            _ => "a1:A",
        };
        write!(f, "write two parts joined by a colon, like {example}")
    }
}

impl Annotations {
    /// Annotations as `render`'s options give them: arrows `b1:b3`, marks `c3:triangle`,
    /// labels `a1:A` and highlighted squares.
    pub fn from_options(
        arrows: &[String],
        marks: &[String],
        labels: &[String],
        highlights: &[String],
    ) -> Result<Self, NotAPair> {
        let pairs = |kind: &'static str, values: &[String]| {
            values
                .iter()
                .map(|value| match value.split_once(':') {
                    Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                        Ok((a.into(), b.into()))
                    }
                    _ => Err(NotAPair {
                        kind,
                        value: value.clone(),
                    }),
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Annotations {
            arrows: pairs("arrow", arrows)?,
            marks: pairs("mark", marks)?,
            labels: pairs("label", labels)?,
            highlight: highlights.iter().map(|v| v.as_str().into()).collect(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty()
            && self.marks.is_empty()
            && self.labels.is_empty()
            && self.highlight.is_empty()
    }

    pub fn extend(&mut self, other: Annotations) {
        self.arrows.extend(other.arrows);
        self.marks.extend(other.marks);
        self.labels.extend(other.labels);
        self.highlight.extend(other.highlight);
    }
}

/// An annotation that cannot be drawn, and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub at: Option<serde_saphyr::Location>,
    pub message: String,
    /// The command-line option at fault (see [`crate::diagnostic::Diagnostic::option`]).
    pub option: Option<&'static str>,
}

const SHAPES: [&str; 4] = ["triangle", "circle", "cross", "square"];

/// Draws `annotations` on the squares of `cells`, highlights first and labels last.
pub fn annotate(cells: &Cells, annotations: &Annotations) -> Result<Group, Problem> {
    let cell = |w: &Written| {
        cells
            .get(&w.text.trim().to_ascii_lowercase())
            .ok_or_else(|| Problem {
                at: w.at,
                message: format!("`{}` is not a square of this board", w.text),
                option: None,
            })
    };
    let mut group = Group::new("annotations");
    for w in &annotations.highlight {
        let c = cell(w)?;
        // An inset ring inside the square's edge, clear of the piece: drawn over the
        // board, so no grid line crosses it, and never over a stone.
        let mut h = Group::new("annotation highlight");
        let ring: Vec<Point> = c
            .outline
            .iter()
            .map(|p| {
                Point::new(
                    c.center.x + (p.x - c.center.x) * 0.88,
                    c.center.y + (p.y - c.center.y) * 0.88,
                )
            })
            .collect();
        h.shape(
            Shape::Polygon(ring),
            Paint::stroke(Stroke::solid(HIGHLIGHT, c.size * 0.06)),
        );
        group.group(h);
    }
    for (from, to) in &annotations.arrows {
        let (a, b) = (cell(from)?, cell(to)?);
        if a.center == b.center {
            return Err(Problem {
                at: to.at,
                message: format!("an arrow from {} to itself", from.text),
                option: None,
            });
        }
        // No light casing: it cut notches into the stones the arrow crosses.
        let width = a.size * 0.06;
        group.group(arrow(
            "annotation arrow",
            a.center,
            b.center,
            width,
            ANNOTATION,
        ));
    }
    for (square, shape) in &annotations.marks {
        let c = cell(square)?;
        let name = shape.text.trim().to_ascii_lowercase();
        if !SHAPES.contains(&name.as_str()) {
            return Err(Problem {
                at: shape.at,
                message: format!(
                    "`{}` is not a mark; the marks are {}",
                    shape.text,
                    SHAPES.join(", ")
                ),
                option: None,
            });
        }
        group.group(mark(c, &name));
    }
    for (square, label) in &annotations.labels {
        let c = cell(square)?;
        if label.text.trim().is_empty() {
            return Err(Problem {
                at: label.at,
                message: format!("the label on {} is empty", square.text),
                option: None,
            });
        }
        if label.text.chars().count() > 3 {
            return Err(Problem {
                at: label.at,
                message: format!("label `{}` is longer than 3 characters", label.text),
                option: None,
            });
        }
        font::check(&label.text).map_err(|m| Problem {
            at: label.at,
            message: m.to_string(),
            option: m.option(),
        })?;
        let mut l = Group::new("annotation label");
        let radius = c.size * 0.26;
        // On a piece the letters stand on it in the colour that reads there, the piece
        // unchanged; on an empty square a small paper disc keeps grid lines off them.
        let color = match c.piece {
            Some(piece) => piece.ink(),
            None => {
                l.shape(
                    Shape::Circle {
                        center: c.center,
                        radius,
                    },
                    Paint::fill_and_stroke(PAPER, Stroke::solid(ANNOTATION, c.size * 0.03)),
                );
                ANNOTATION
            }
        };
        // As large as the disc allows, so a label stays legible in a booklet's small boards.
        let size = radius * 1.45 / font::MM_PER_PT;
        // Three characters keep clear of the ring: the text spans at most 1.6 radii.
        let size = size.min(radius * 1.6 / font::text_width(&label.text, 1.0).max(1e-9));
        let mut text = Text::new(
            Point::new(c.center.x, c.center.y + font::cap_height(size) / 2.0),
            label.text.clone(),
            size,
            Anchor::Middle,
        );
        text.color = color;
        l.text(text);
        group.group(l);
    }
    Ok(group)
}

/// A mark: on an empty square cased in paper to keep grid lines off it; on a piece drawn
/// inside it in the colour that reads there, with no casing, so the piece keeps its shape.
fn mark(c: &Cell, shape: &str) -> Group {
    let mut g = Group::new(format!("annotation mark {shape}"));
    let (x, y) = (c.center.x, c.center.y);
    let (r, casing, ink) = match c.piece {
        Some(piece) => (
            (c.size * 0.3).min(piece.radius * 0.6),
            None,
            Paint::stroke(Stroke::solid(piece.ink(), c.size * 0.05)),
        ),
        None => (
            c.size * 0.3,
            Some(Paint::stroke(Stroke::solid(PAPER, c.size * 0.12))),
            Paint::stroke(Stroke::solid(ANNOTATION, c.size * 0.06)),
        ),
    };
    let shapes: Vec<Shape> = match shape {
        "triangle" => vec![Shape::Polygon(vec![
            Point::new(x, y - r),
            Point::new(x + r * 0.87, y + r * 0.5),
            Point::new(x - r * 0.87, y + r * 0.5),
        ])],
        "circle" => vec![Shape::Circle {
            center: c.center,
            radius: r,
        }],
        "square" => vec![Shape::Polygon(vec![
            Point::new(x - r * 0.8, y - r * 0.8),
            Point::new(x + r * 0.8, y - r * 0.8),
            Point::new(x + r * 0.8, y + r * 0.8),
            Point::new(x - r * 0.8, y + r * 0.8),
        ])],
        _ => vec![
            Shape::Line(
                Point::new(x - r * 0.8, y - r * 0.8),
                Point::new(x + r * 0.8, y + r * 0.8),
            ),
            Shape::Line(
                Point::new(x + r * 0.8, y - r * 0.8),
                Point::new(x - r * 0.8, y + r * 0.8),
            ),
        ],
    };
    if let Some(casing) = casing {
        for s in &shapes {
            g.shape(s.clone(), casing.clone());
        }
    }
    for s in shapes {
        g.shape(s, ink.clone());
    }
    g
}

/// A square cell centred on `center`, `size` wide.
pub fn square_cell(center: Point, size: f64) -> Cell {
    let h = size / 2.0;
    Cell {
        center,
        size,
        outline: vec![
            Point::new(center.x - h, center.y - h),
            Point::new(center.x + h, center.y - h),
            Point::new(center.x + h, center.y + h),
            Point::new(center.x - h, center.y + h),
        ],
        piece: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells() -> Cells {
        let mut cells = Cells::new();
        cells.insert("a1".into(), square_cell(Point::new(5.0, 5.0), 10.0));
        cells.insert("b2".into(), square_cell(Point::new(15.0, -5.0), 10.0));
        cells
    }

    #[test]
    fn every_kind_lands_on_its_square() {
        let a = Annotations {
            arrows: vec![("a1".into(), "B2".into())],
            marks: vec![("b2".into(), "triangle".into())],
            labels: vec![("a1".into(), "A".into())],
            highlight: vec!["a1".into()],
        };
        let g = annotate(&cells(), &a).unwrap();
        assert_eq!(g.groups_with_class("annotation").len(), 4);
        let label = g.groups_with_class("label")[0].texts()[0];
        assert_eq!(label.position.x, 5.0);
    }

    #[test]
    fn on_a_piece_labels_and_marks_add_ink_and_never_paint_over_it() {
        let mut cells = cells();
        let dark = Piece {
            fill: Color::grey(28),
            radius: 3.8,
        };
        place(&mut cells, "a1", dark);
        let a = Annotations {
            marks: vec![("a1".into(), "square".into())],
            labels: vec![("a1".into(), "A".into())],
            ..Annotations::default()
        };
        let g = annotate(&cells, &a).unwrap();
        let label = g.groups_with_class("label")[0];
        assert_eq!(label.texts()[0].color, PAPER, "paper reads on a dark piece");
        for group in g.groups_with_class("annotation") {
            for item in &group.items {
                if let crate::figure::Item::Shape(shape, paint) = item {
                    assert_eq!(paint.fill, None, "nothing filled over the piece: {shape:?}");
                    let stroke = paint.stroke.as_ref().unwrap();
                    assert_eq!(stroke.color, PAPER, "no casing, only ink: {shape:?}");
                    if let Shape::Polygon(points) = shape {
                        for p in points {
                            let d = ((p.x - 5.0).powi(2) + (p.y - 5.0).powi(2)).sqrt();
                            assert!(d < dark.radius, "the mark stays inside the piece");
                        }
                    }
                }
            }
        }
        // On an empty square the label keeps its paper disc.
        let empty = annotate(
            &cells,
            &Annotations {
                labels: vec![("b2".into(), "B".into())],
                ..Annotations::default()
            },
        )
        .unwrap();
        assert_eq!(empty.groups_with_class("label")[0].items.len(), 2);
    }

    #[test]
    fn a_highlight_is_a_ring_inside_the_square() {
        let a = Annotations {
            highlight: vec!["a1".into()],
            ..Annotations::default()
        };
        let g = annotate(&cells(), &a).unwrap();
        let crate::figure::Item::Shape(Shape::Polygon(ring), paint) =
            &g.groups_with_class("highlight")[0].items[0]
        else {
            panic!()
        };
        let half_width = paint.stroke.as_ref().unwrap().width / 2.0;
        for p in ring {
            // Square a1 spans 0..10; the ring's outer edge stays inside it.
            assert!(p.x - half_width > 0.0 && p.x + half_width < 10.0, "{p:?}");
        }
    }

    #[test]
    fn unknown_squares_and_shapes_are_refused() {
        let bad = Annotations {
            highlight: vec!["z9".into()],
            ..Annotations::default()
        };
        assert!(
            annotate(&cells(), &bad)
                .unwrap_err()
                .message
                .contains("`z9` is not a square")
        );
        let bad = Annotations {
            marks: vec![("a1".into(), "star".into())],
            ..Annotations::default()
        };
        assert!(
            annotate(&cells(), &bad)
                .unwrap_err()
                .message
                .contains("`star` is not a mark")
        );
    }
}
