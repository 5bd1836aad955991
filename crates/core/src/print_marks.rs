//! Marks for printed sheets, outside the play area: a scale bar a player can measure to see
//! whether the printer scaled the page, and cut marks at the corners of boards cut apart.

use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text};
use crate::font::Font;
use crate::layout::MIN_TEXT_PT;
use crate::page::{PageSetup, Paper};

/// Printers cannot print closer than this to the paper edge (millimetres).
pub const UNPRINTABLE_EDGE: f64 = 5.0;
/// The height a sheet keeps free at the foot of its content for the scale bar.
pub const SCALE_STRIP: f64 = 6.0;
const MM_PER_INCH: f64 = 25.4;

/// A sheet's page inside its margins, and the part of that above the scale bar's strip:
/// everything but the scale bar goes in the second.
pub fn sheet_areas(page: PageSetup, margin: f64) -> (Rect, Rect) {
    let (width, height) = page.size();
    let paper = Rect::new(margin, margin, width - 2.0 * margin, height - 2.0 * margin);
    let content = Rect {
        height: paper.height - SCALE_STRIP,
        ..paper
    };
    (paper, content)
}
const INK: Color = Color::BLACK;

/// The scale bar's unit: 100 mm, or 4 in (the Letter default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScaleUnit {
    /// 100 mm on A4, 4 in on Letter (the default: templates written before the scale bar
    /// existed still work).
    #[default]
    Auto,
    Mm,
    In,
}

impl ScaleUnit {
    /// The bar's length in millimetres and its label, on this paper.
    pub fn bar(self, paper: Paper) -> (f64, &'static str) {
        match (self, paper) {
            (ScaleUnit::Mm, _) | (ScaleUnit::Auto, Paper::A4) => (100.0, "100 mm"),
            (ScaleUnit::In, _) | (ScaleUnit::Auto, Paper::Letter) => (4.0 * MM_PER_INCH, "4 in"),
        }
    }
}

/// The scale check in the strip at the foot of `content`, right-aligned: a bar of exactly
/// its length with end ticks, and its label to the left.
pub fn scale_bar(font: &Font, content: Rect, page: PageSetup, unit: ScaleUnit) -> Group {
    let (length, label) = unit.bar(page.paper);
    let mut group = Group::new("scale-bar");
    let y = content.bottom() - SCALE_STRIP / 2.0;
    let right = content.right();
    let left = right - length;
    let stroke = Paint::stroke(Stroke::solid(INK, 0.3));
    group.shape(
        Shape::Line(Point::new(left, y), Point::new(right, y)),
        stroke.clone(),
    );
    for x in [left, right] {
        group.shape(
            Shape::Line(Point::new(x, y - 1.5), Point::new(x, y + 1.5)),
            stroke.clone(),
        );
    }
    group.text(Text::new(
        Point::new(left - 2.0, y + font.cap_height(MIN_TEXT_PT) / 2.0),
        label,
        MIN_TEXT_PT,
        Anchor::End,
    ));
    group
}

/// Length of each cut mark's two arms, and their gap from the corner they mark.
const CUT_ARM: f64 = 2.5;
const CUT_GAP: f64 = 1.0;

/// Cut marks for each rectangle: at every corner, two short lines continuing its edges
/// outwards, clipped so that none comes nearer the paper edge than [`UNPRINTABLE_EDGE`].
/// Neighbours sharing a cut line share its marks: each is drawn once.
pub fn cut_marks(rects: &[Rect], page_width: f64, page_height: f64) -> Group {
    let mut group = Group::new("cut-marks");
    let mut drawn: Vec<(Point, Point)> = Vec::new();
    let mut line = |group: &mut Group, a: Point, b: Point, stroke: &Paint| {
        let same = |p: &Point, q: &Point| (p.x - q.x).abs() < 1e-6 && (p.y - q.y).abs() < 1e-6;
        if !drawn.iter().any(|(p, q)| same(p, &a) && same(q, &b)) {
            drawn.push((a, b));
            group.shape(Shape::Line(a, b), stroke.clone());
        }
    };
    let stroke = Paint::stroke(Stroke::solid(INK, 0.2));
    let clamp_x = |x: f64| x.clamp(UNPRINTABLE_EDGE, page_width - UNPRINTABLE_EDGE);
    let clamp_y = |y: f64| y.clamp(UNPRINTABLE_EDGE, page_height - UNPRINTABLE_EDGE);
    for rect in rects {
        for (x, dx) in [(rect.x, -1.0), (rect.right(), 1.0)] {
            for (y, dy) in [(rect.y, -1.0), (rect.bottom(), 1.0)] {
                // Along the horizontal edge, outwards from the corner.
                let (a, b) = (
                    clamp_x(x + dx * CUT_GAP),
                    clamp_x(x + dx * (CUT_GAP + CUT_ARM)),
                );
                if a != b && clamp_y(y) == y {
                    line(&mut group, Point::new(a, y), Point::new(b, y), &stroke);
                }
                let (a, b) = (
                    clamp_y(y + dy * CUT_GAP),
                    clamp_y(y + dy * (CUT_GAP + CUT_ARM)),
                );
                if a != b && clamp_x(x) == x {
                    line(&mut group, Point::new(x, a), Point::new(x, b), &stroke);
                }
            }
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(group: &Group) -> Vec<(Point, Point)> {
        group
            .items
            .iter()
            .filter_map(|item| match item {
                crate::figure::Item::Shape(Shape::Line(a, b), _) => Some((*a, *b)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_bar_is_exactly_100_mm_on_a4_and_4_in_on_letter() {
        let content = Rect::new(12.0, 12.0, 186.0, 273.0);
        for (paper, unit, length, label) in [
            (Paper::A4, ScaleUnit::Auto, 100.0, "100 mm"),
            (Paper::Letter, ScaleUnit::Auto, 101.6, "4 in"),
            (Paper::Letter, ScaleUnit::Mm, 100.0, "100 mm"),
            (Paper::A4, ScaleUnit::In, 101.6, "4 in"),
        ] {
            let page = PageSetup {
                paper,
                landscape: false,
            };
            let bar = scale_bar(&Font::builtin(), content, page, unit);
            let (a, b) = lines(&bar)[0];
            assert!(((b.x - a.x) - length).abs() < 1e-9, "{paper:?} {unit:?}");
            assert_eq!(bar.texts()[0].content, label);
            assert!(bar.texts()[0].size >= MIN_TEXT_PT);
        }
    }

    #[test]
    fn cut_marks_stay_5_mm_from_the_edge() {
        // A rectangle reaching the paper edge: its marks are clipped, never nearer than 5 mm.
        let marks = cut_marks(&[Rect::new(3.0, 10.0, 100.0, 100.0)], 210.0, 297.0);
        for (a, b) in lines(&marks) {
            for p in [a, b] {
                assert!(p.x >= UNPRINTABLE_EDGE && p.y >= UNPRINTABLE_EDGE, "{p:?}");
            }
        }
        let free = cut_marks(&[Rect::new(20.0, 20.0, 50.0, 50.0)], 210.0, 297.0);
        assert_eq!(lines(&free).len(), 8, "two arms at each of four corners");
    }
}
