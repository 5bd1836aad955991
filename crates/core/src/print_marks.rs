//! Marks for printed sheets, outside the play area: a scale bar a player can measure to see
//! whether the printer scaled the page, and cut marks at the corners of boards cut apart.

use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text};
use crate::font::Font;
use crate::layout::MIN_TEXT_PT;
use crate::page::{PageSetup, Paper};

/// Printers cannot print closer than this to the paper edge (millimetres).
pub(crate) const UNPRINTABLE_EDGE: f64 = 5.0;
/// The height a sheet keeps free at the foot of its content for the scale bar.
pub(crate) const SCALE_STRIP: f64 = 6.0;
const MM_PER_INCH: f64 = 25.4;

/// A sheet's page inside its margins, and the part of that above the scale bar's strip:
/// everything but the scale bar goes in the second.
pub(crate) fn sheet_areas(page: PageSetup, margin: f64) -> (Rect, Rect) {
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
/// How near a cut mark may come to anything printed: a printer's usual safety, so that a
/// cut a little off the mark never shaves a name line or a box.
pub(crate) const CUT_CLEARANCE: f64 = 3.0;
/// An arm cut back to less than this is left out: too short to cut along.
const CUT_ARM_MIN: f64 = 1.0;

/// Cut marks for each rectangle: at every corner, two short lines continuing its edges
/// outwards, clipped so that none comes nearer the paper edge than [`UNPRINTABLE_EDGE`],
/// and shortened (or left out) so that none comes nearer than [`CUT_CLEARANCE`] to any box
/// of `printed`. Neighbours sharing a cut line share its marks: each is drawn once.
pub fn cut_marks(rects: &[Rect], page_width: f64, page_height: f64, printed: &[Rect]) -> Group {
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
    let clear: Vec<Rect> = printed.iter().map(|r| r.inset(-CUT_CLEARANCE)).collect();
    for rect in rects {
        for (x, dx) in [(rect.x, -1.0), (rect.right(), 1.0)] {
            for (y, dy) in [(rect.y, -1.0), (rect.bottom(), 1.0)] {
                // Along the horizontal edge, outwards from the corner.
                let (a, b) = (
                    clamp_x(x + dx * CUT_GAP),
                    clamp_x(x + dx * (CUT_GAP + CUT_ARM)),
                );
                if clamp_y(y) == y {
                    let arm = |p: f64| Point::new(p, y);
                    if let Some(b) =
                        clear_reach(a, b, &clear, |r| (r.x, r.right(), r.y, r.bottom()), y)
                    {
                        line(&mut group, arm(a), arm(b), &stroke);
                    }
                }
                let (a, b) = (
                    clamp_y(y + dy * CUT_GAP),
                    clamp_y(y + dy * (CUT_GAP + CUT_ARM)),
                );
                if clamp_x(x) == x {
                    let arm = |p: f64| Point::new(x, p);
                    if let Some(b) =
                        clear_reach(a, b, &clear, |r| (r.y, r.bottom(), r.x, r.right()), x)
                    {
                        line(&mut group, arm(a), arm(b), &stroke);
                    }
                }
            }
        }
    }
    group
}

/// How far an arm from `a` towards `b` (along one axis, at `across` on the other) may reach
/// before it enters one of the `clear` boxes, each given by `span` as (from, to) along the
/// arm and (from, to) across it; None when what is left is too short to cut along.
fn clear_reach(
    a: f64,
    b: f64,
    clear: &[Rect],
    span: impl Fn(&Rect) -> (f64, f64, f64, f64),
    across: f64,
) -> Option<f64> {
    let outwards = (b - a).signum();
    let mut reach = b;
    for r in clear {
        let (from, to, side_from, side_to) = span(r);
        if across <= side_from || across >= side_to || to <= a.min(reach) || from >= a.max(reach) {
            continue;
        }
        // The box's near edge, seen from `a`: the arm stops there (or cannot start).
        let edge = if outwards > 0.0 { from } else { to };
        if (edge - a) * outwards <= 0.0 {
            return None;
        }
        reach = edge;
    }
    ((reach - a).abs() >= CUT_ARM_MIN).then_some(reach)
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
        let marks = cut_marks(&[Rect::new(3.0, 10.0, 100.0, 100.0)], 210.0, 297.0, &[]);
        for (a, b) in lines(&marks) {
            for p in [a, b] {
                assert!(p.x >= UNPRINTABLE_EDGE && p.y >= UNPRINTABLE_EDGE, "{p:?}");
            }
        }
        let free = cut_marks(&[Rect::new(20.0, 20.0, 50.0, 50.0)], 210.0, 297.0, &[]);
        assert_eq!(lines(&free).len(), 8, "two arms at each of four corners");
    }

    #[test]
    fn cut_marks_keep_3_mm_from_what_is_printed() {
        let board = Rect::new(20.0, 20.0, 50.0, 50.0);
        // A box 4 mm below the board: the arms down from its lower corners (1 to 3.5 mm
        // below) would come within 3 mm of it, so they stop 3 mm short (at 1 mm: left out).
        let total = Rect::new(0.0, 74.0, 210.0, 10.0);
        let marks = lines(&cut_marks(&[board], 210.0, 297.0, &[total]));
        assert_eq!(marks.len(), 6, "{marks:?}");
        for (a, b) in &marks {
            for p in [a, b] {
                assert!(p.y <= total.y - CUT_CLEARANCE + 1e-9, "{p:?}");
            }
        }
        // 5 mm below, they are cut back to 2 mm: from 1 to 2 mm below the corner.
        let total = Rect::new(0.0, 75.0, 210.0, 10.0);
        let marks = lines(&cut_marks(&[board], 210.0, 297.0, &[total]));
        let down: Vec<_> = marks
            .iter()
            .filter(|(a, b)| a.x == b.x && a.y >= 70.0)
            .collect();
        assert_eq!(down.len(), 2, "{marks:?}");
        for (a, b) in down {
            assert_eq!((a.y, b.y), (71.0, 72.0));
        }
    }
}
