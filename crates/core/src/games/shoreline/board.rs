//! The Shoreline board as a drawing (ruling S1): a 5×5 lattice of points with a dot on each,
//! columns A–E, rows 1–5 with row 1 on the shore, and the water hatched below the shore line.
//! The play sheet draws it empty; diagrams draw stones on its points.

use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text, hatch};
use crate::font::Font;

pub(crate) const COLUMNS: [char; 5] = ['A', 'B', 'C', 'D', 'E'];
pub(crate) const ROWS: usize = 5;
// Point names have one digit for the row (`cells`).
const _: () = assert!(ROWS <= 9);

/// Below row 1: the shore line, then the water band, in point spacings.
const SHORE_BELOW_ROW_1: f64 = 0.4;
const WATER_DEPTH: f64 = 0.6;
/// Stones on the points have this radius, in point spacings; labels stay clear of them.
pub(crate) const STONE_RADIUS: f64 = 0.3;
/// Space between a label and the nearest stone's edge, in millimetres.
const LABEL_CLEARANCE: f64 = 1.2;

/// Distance from a point to the labels beside it.
fn label_gap(spacing: f64) -> f64 {
    STONE_RADIUS * spacing + LABEL_CLEARANCE
}

/// Where a board lies on the page and how large it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout<'f> {
    /// The top-left point of the lattice: column A, row 5.
    pub origin: Point,
    /// Distance between neighbouring points, in millimetres.
    pub spacing: f64,
    /// Size of the A–E and 1–5 labels, in points.
    pub label_pt: f64,
    /// The font the labels are measured in.
    pub font: &'f Font,
}

impl<'f> BoardLayout<'f> {
    /// The page position of a point; `column` 0..5 is A..E, `row` 1..=5.
    pub fn point(&self, column: usize, row: usize) -> Point {
        Point::new(
            self.origin.x + column as f64 * self.spacing,
            self.origin.y + (ROWS - row) as f64 * self.spacing,
        )
    }

    fn dot_radius(&self) -> f64 {
        (self.spacing * 0.06).clamp(0.5, 1.2)
    }

    fn shore_y(&self) -> f64 {
        self.point(0, 1).y + SHORE_BELOW_ROW_1 * self.spacing
    }

    /// Room the row labels need left of column A, in millimetres.
    fn row_label_room(font: &Font, spacing: f64, label_pt: f64) -> f64 {
        font.text_width("5", label_pt) + label_gap(spacing)
    }

    /// Room the column labels need above row 5, in millimetres.
    fn column_label_room(font: &Font, spacing: f64, label_pt: f64) -> f64 {
        font.ink_extent("ABCDE", label_pt).0 + label_gap(spacing)
    }

    /// How far left of column A the drawing reaches: the water reaches half a spacing out,
    /// the row labels need their room.
    fn left_margin(font: &Font, spacing: f64, label_pt: f64) -> f64 {
        (0.5 * spacing).max(Self::row_label_room(font, spacing, label_pt))
    }

    /// The largest spacing whose board fits `width` × `height` millimetres, its labels in
    /// `font`.
    pub(crate) fn spacing_to_fit(font: &Font, width: f64, height: f64, label_pt: f64) -> f64 {
        // A label takes its ink plus the clearance plus STONE_RADIUS spacings.
        let row_label = font.text_width("5", label_pt) + LABEL_CLEARANCE;
        let column_label = font.ink_extent("ABCDE", label_pt).0 + LABEL_CLEARANCE;
        // Width: the left margin (half a spacing of water, or the row labels) + 4.5 spacings.
        let water_wide = width / 5.0;
        let by_width = if 0.5 * water_wide >= row_label + STONE_RADIUS * water_wide {
            water_wide
        } else {
            (width - row_label) / (4.5 + STONE_RADIUS)
        };
        // Height: the column labels + 4 spacings + shore and water.
        let rows = STONE_RADIUS + 4.0 + SHORE_BELOW_ROW_1 + WATER_DEPTH;
        let by_height = (height - column_label) / rows;
        by_width.min(by_height)
    }

    /// Everything the board draws, labels and water included.
    pub(crate) fn extent(&self) -> Rect {
        let left = self.origin.x - Self::left_margin(self.font, self.spacing, self.label_pt);
        let top = self.origin.y - Self::column_label_room(self.font, self.spacing, self.label_pt);
        let right = self.origin.x + 4.5 * self.spacing;
        let bottom = self.shore_y() + WATER_DEPTH * self.spacing;
        Rect::new(left, top, right - left, bottom - top)
    }

    /// A board placed so that its extent's top-left corner is at `corner`, its labels
    /// measured in `font`.
    pub fn at(font: &'f Font, corner: Point, spacing: f64, label_pt: f64) -> BoardLayout<'f> {
        BoardLayout {
            origin: Point::new(
                corner.x + Self::left_margin(font, spacing, label_pt),
                corner.y + Self::column_label_room(font, spacing, label_pt),
            ),
            spacing,
            label_pt,
            font,
        }
    }

    /// Every point by its lowercase name (`c3`), for annotations.
    pub fn cells(&self) -> crate::annotate::Cells {
        // Listed in name order, so the map is built in one pass (every diagram makes it twice).
        let mut cells = Vec::with_capacity(COLUMNS.len() * ROWS);
        for (c, letter) in COLUMNS.iter().enumerate() {
            for row in 1..=ROWS {
                let mut name = String::with_capacity(2);
                name.push(letter.to_ascii_lowercase());
                name.push(char::from(b'0' + row as u8));
                let cell = crate::annotate::square_cell(self.point(c, row), self.spacing);
                cells.push((name, cell));
            }
        }
        cells.into_iter().collect()
    }

    /// The empty board: lattice lines, a dot on every point, labels, shore and water.
    pub fn draw(&self) -> Group {
        let mut board = Group::new("board");
        board.group(self.water());
        board.group(self.grid());
        board.group(self.points());
        board.group(self.labels());
        board
    }

    /// The water below the shore, as wide as the board.
    fn water_area(&self) -> Rect {
        Rect::new(
            self.origin.x - 0.5 * self.spacing,
            self.shore_y(),
            5.0 * self.spacing,
            WATER_DEPTH * self.spacing,
        )
    }

    fn water(&self) -> Group {
        let shore = self.shore_y();
        let area = self.water_area();
        let mut water = Group::new("water");
        let spacing = (self.spacing * 0.16).clamp(1.5, 3.0);
        water.group(hatch(
            "hatch",
            area,
            spacing,
            Stroke::solid(super::palette::WATER, 0.2),
        ));
        water.shape(
            Shape::Line(Point::new(area.x, shore), Point::new(area.right(), shore)),
            Paint::stroke(Stroke::solid(Color::BLACK, 0.6)),
        );
        water
    }

    fn grid(&self) -> Group {
        let mut grid = Group::new("grid");
        let stroke = Stroke::solid(super::palette::GRID, 0.25);
        let lines = (0..5)
            .flat_map(|i| {
                let column = (self.point(i, 1), self.point(i, ROWS));
                let row = (self.point(0, i + 1), self.point(4, i + 1));
                [column, row]
            })
            .collect();
        grid.shape(Shape::Lines(lines), Paint::stroke(stroke));
        grid
    }

    fn points(&self) -> Group {
        let mut points = Group::new("points");
        for column in 0..5 {
            for row in 1..=ROWS {
                points.shape(
                    Shape::Circle {
                        center: self.point(column, row),
                        radius: self.dot_radius(),
                    },
                    Paint::fill(Color::BLACK),
                );
            }
        }
        points
    }

    fn labels(&self) -> Group {
        let mut labels = Group::new("label");
        let cap = self.font.cap_height(self.label_pt);
        for (i, letter) in COLUMNS.iter().enumerate() {
            let top = self.point(i, ROWS);
            let baseline = Point::new(top.x, top.y - label_gap(self.spacing));
            labels.text(Text::new(
                baseline,
                letter.to_string(),
                self.label_pt,
                Anchor::Middle,
            ));
        }
        for row in 1..=ROWS {
            let p = self.point(0, row);
            let baseline = Point::new(p.x - label_gap(self.spacing), p.y + cap / 2.0);
            labels.text(Text::new(
                baseline,
                row.to_string(),
                self.label_pt,
                Anchor::End,
            ));
        }
        labels
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s1_row_1_is_the_shore_row_nearest_the_water() {
        let font = Font::builtin();
        let board = BoardLayout::at(&font, Point::new(0.0, 0.0), 10.0, 9.0);
        assert!(
            board.point(0, 1).y > board.point(0, 5).y,
            "row 1 is lowest on the page"
        );
        assert!(board.shore_y() > board.point(0, 1).y);
        assert!(board.point(4, 3).x > board.point(0, 3).x, "A is left of E");
    }

    #[test]
    fn the_drawing_stays_inside_its_extent() {
        let font = Font::builtin();
        for spacing in [7.0, 10.0, 30.0] {
            let board = BoardLayout::at(&font, Point::new(20.0, 30.0), spacing, 9.0);
            let extent = board.extent();
            assert!((extent.x - 20.0).abs() < 1e-9 && (extent.y - 30.0).abs() < 1e-9);
            for text in board.draw().texts() {
                assert!(
                    extent.contains(&text.bounds(&font)),
                    "{text:?} outside {extent:?}"
                );
            }
            assert!(
                extent.contains(&board.water_area()),
                "the water at {spacing}"
            );
        }
    }

    #[test]
    fn spacing_to_fit_fills_the_limiting_side() {
        let font = Font::builtin();
        for (w, h) in [(60.0, 200.0), (200.0, 60.0), (40.0, 40.0)] {
            let spacing = BoardLayout::spacing_to_fit(&font, w, h, 9.0);
            let extent = BoardLayout::at(&font, Point::new(0.0, 0.0), spacing, 9.0).extent();
            assert!(extent.width <= w + 1e-9 && extent.height <= h + 1e-9);
            assert!(
                extent.width > w - 1e-6 || extent.height > h - 1e-6,
                "{extent:?} in {w}x{h}"
            );
        }
    }
}
