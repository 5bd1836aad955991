//! The Towers board as a drawing (T1): the 8×8 squares as a rhombus with SOUTH at the bottom,
//! the Lines as faint east-west rows numbered at both ends, files along the south-east edge
//! and ranks along the south-west edge, the corners named, and the players' seats.

use super::rules::{LINES, SIZE, file_of, line, rank_of};
use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text};
use crate::font::Font;
use crate::layout::line_height;
use crate::vocabulary::Side;

use super::palette::{GRID, ROW_TINT};
use crate::palette::STONE_BLACK as BLACK_STONE;

/// Where the rhombus lies and how large it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rhombus<'f> {
    /// The SOUTH corner.
    pub south: Point,
    /// Half the diagonal of one square, in millimetres: the board is 16 of these wide and
    /// tall.
    pub step: f64,
    pub label_pt: f64,
    /// Packed for large text (see [`Rhombus::compact`]).
    pub compact: bool,
    /// The font the labels are measured in.
    pub font: &'f Font,
}

/// The words drawn around the board: its corners and the players' seats.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BoardWords<'a> {
    pub south: &'a str,
    pub north: &'a str,
    pub east: &'a str,
    pub west: &'a str,
    pub black: &'a str,
    pub white: &'a str,
    /// The play sheet's placement, clear of collisions whatever the board's size and the
    /// words' length: the seats beside SOUTH (the sheet keeps [`Rhombus::sheet_room`] free
    /// around the board for the labels in the words' length).
    pub sheet: bool,
}

#[cfg(test)]
/// The corners as the rules name them (ruling T1), and the seats.
pub(crate) const ENGLISH: BoardWords<'static> = BoardWords {
    south: "SOUTH",
    north: "NORTH",
    east: "EAST",
    west: "WEST",
    black: "Black ●",
    white: "White ○",
    sheet: false,
};

impl<'f> Rhombus<'f> {
    /// Room around the squares for the labels, Line numbers and corner names, as a multiple
    /// of the label size in millimetres.
    pub(crate) fn margin(font: &Font, label_pt: f64) -> f64 {
        font.text_width("WEST", label_pt) + font.text_width("14", label_pt) + 6.0
    }

    /// The largest rhombus, labels included, that fits in `area`, centred in it.
    pub fn fitting(font: &'f Font, area: Rect, label_pt: f64) -> Rhombus<'f> {
        let margin = Self::margin(font, label_pt);
        let vertical = Self::vertical(font, label_pt);
        let step = ((area.width - 2.0 * margin) / (2.0 * SIZE as f64))
            .min((area.height - 2.0 * vertical) / (2.0 * SIZE as f64));
        let height = 2.0 * SIZE as f64 * step;
        Rhombus {
            south: Point::new(
                area.x + area.width / 2.0,
                area.y + (area.height - height) / 2.0 + height,
            ),
            step,
            label_pt,
            compact: false,
            font,
        }
    }

    /// The rhombus `width` wide from `left`, its top at `top`, packed for large text: the
    /// Line numbers as large as the other labels, WEST and EAST in the top row beside
    /// NORTH, the seats beside SOUTH, so the squares take all the width the labels leave
    /// (the tower heights on them are what a narrow figure needs large).
    pub(crate) fn compact(
        font: &'f Font,
        left: f64,
        top: f64,
        width: f64,
        label_pt: f64,
    ) -> Rhombus<'f> {
        let room = Self::compact_room(font, label_pt);
        let step = ((width - 2.0 * room) / (2.0 * SIZE as f64)).max(0.1);
        let above = Self::compact_above(font, label_pt);
        Rhombus {
            south: Point::new(left + width / 2.0, top + above + 2.0 * SIZE as f64 * step),
            step,
            label_pt,
            compact: true,
            font,
        }
    }

    /// Room beside a compact rhombus's WEST and EAST corners: the Line number there, and the
    /// rank or file label beside the corner, which reaches further.
    fn compact_room(font: &Font, pt: f64) -> f64 {
        let gap = Self::number_gap(font, pt);
        let number = gap + font.text_width("7", pt);
        let rank = 0.75 * (font.text_width("14", pt) + gap) + font.text_width("8", pt) / 2.0;
        number.max(rank) + 0.5
    }

    /// From a Line's end to its number set at `pt`: clear of the wider Line above or below
    /// it too, whose edge runs out at 45° (by half the number's height at its top or foot),
    /// and of the outline's half width.
    fn number_gap(font: &Font, pt: f64) -> f64 {
        0.6 + font.cap_height(pt) / 2.0 + 0.25
    }

    /// Room above a compact rhombus: NORTH, WEST and EAST in one row.
    fn compact_above(font: &Font, pt: f64) -> f64 {
        2.5 + font.ink_extent("NORTHWEST", pt).0 + 0.5
    }

    /// Room below a compact rhombus: the rank and file labels at SOUTH, then a row of SOUTH
    /// and the seats.
    fn compact_below(font: &Font, pt: f64) -> f64 {
        let number_room = font.text_width("14", pt) + Self::number_gap(font, pt);
        0.75 * number_room + font.cap_height(pt) / 2.0 + line_height(pt) + font.descent(pt)
    }

    /// Room above and below the squares for NORTH and SOUTH and the labels beside them.
    pub fn vertical(font: &Font, label_pt: f64) -> f64 {
        4.0 * font.cap_height(label_pt) + 8.0
    }

    /// Everything the board draws.
    pub(crate) fn extent(&self) -> Rect {
        let font = self.font;
        if self.compact {
            let room = Self::compact_room(font, self.label_pt);
            let (above, below) = (
                Self::compact_above(font, self.label_pt),
                Self::compact_below(font, self.label_pt),
            );
            let half = SIZE as f64 * self.step;
            return Rect::new(
                self.south.x - half - room,
                self.south.y - 2.0 * half - above,
                2.0 * (half + room),
                2.0 * half + above + below,
            );
        }
        let margin = Self::margin(font, self.label_pt);
        let vertical = Self::vertical(font, self.label_pt);
        let half = SIZE as f64 * self.step;
        Rect::new(
            self.south.x - half - margin,
            self.south.y - 2.0 * half - vertical,
            2.0 * (half + margin),
            2.0 * half + 2.0 * vertical,
        )
    }

    /// The lattice point `i` files and `j` ranks from the SOUTH corner.
    pub(crate) fn lattice(&self, i: f64, j: f64) -> Point {
        Point::new(
            self.south.x + (i - j) * self.step,
            self.south.y - (i + j) * self.step,
        )
    }

    /// A square's four corners: south, east, north, west.
    pub fn corners(&self, sq: usize) -> Vec<Point> {
        let (f, r) = (file_of(sq) as f64, rank_of(sq) as f64);
        vec![
            self.lattice(f, r),
            self.lattice(f + 1.0, r),
            self.lattice(f + 1.0, r + 1.0),
            self.lattice(f, r + 1.0),
        ]
    }

    pub fn center(&self, sq: usize) -> Point {
        self.lattice(file_of(sq) as f64 + 0.5, rank_of(sq) as f64 + 0.5)
    }

    /// The y of Line `k`'s centre.
    fn line_y(&self, k: usize) -> f64 {
        self.south.y - (k as f64 + 1.0) * self.step
    }

    /// How much further out the play sheet puts the Line numbers on each side, so that the
    /// rank and file labels at the WEST and EAST corners never touch them.
    pub(crate) fn sheet_room(font: &Font, label_pt: f64) -> f64 {
        2.2 + font.text_width("8", label_pt) + 1.0
    }

    #[cfg(test)]
    /// The squares with the Lines tinted and numbered, the labels, corners and seats.
    pub fn draw(&self) -> Group {
        self.draw_in(&ENGLISH)
    }

    /// The board with its corners and seats named in `words` (a sheet's template).
    pub(crate) fn draw_in(&self, words: &BoardWords) -> Group {
        let mut board = Group::new("board towers");
        let mut squares = Group::new("squares");
        for k in 0..LINES {
            let mut row = Group::new(format!("line line-{k}"));
            let fill = if k % 2 == 1 { ROW_TINT } else { Color::WHITE };
            for sq in line(k) {
                row.shape(
                    Shape::Polygon(self.corners(sq)),
                    Paint::fill_and_stroke(fill, Stroke::solid(GRID, 0.2)),
                );
            }
            squares.group(row);
        }
        let n = SIZE as f64;
        let outline = vec![
            self.lattice(0.0, 0.0),
            self.lattice(n, 0.0),
            self.lattice(n, n),
            self.lattice(0.0, n),
        ];
        squares.shape(
            Shape::Polygon(outline),
            Paint::stroke(Stroke::solid(Color::BLACK, 0.5)),
        );
        board.group(squares);
        board.group(self.labels(words));
        board
    }

    fn labels(&self, words: &BoardWords) -> Group {
        let mut labels = Group::new("label");
        let pt = self.label_pt;
        // Each Line numbered where it meets the edge, at both ends, level with the Line;
        // a little smaller than the other labels unless the text is to be large.
        let number_pt = if self.compact { pt } else { pt * 0.9 };
        let gap = Self::number_gap(self.font, number_pt);
        self.line_numbers(&mut labels, number_pt, gap);
        let number_room = self.font.text_width("14", number_pt) + gap;
        self.square_names(&mut labels, number_room);
        let south_y = self.corner_names(&mut labels, words, number_room);
        self.seats(&mut labels, words, number_room, south_y);
        labels
    }

    /// Draws each Line's number where it meets the edge, at both ends, level with the Line.
    fn line_numbers(&self, labels: &mut Group, number_pt: f64, gap: f64) {
        let cap = self.font.cap_height(self.label_pt);
        for k in 0..LINES {
            let reach = (k.min(LINES - 1 - k) + 1) as f64 * self.step;
            let y = self.line_y(k) + cap / 2.0;
            let mut number = Text::new(
                Point::new(self.south.x - reach - gap, y),
                k.to_string(),
                number_pt,
                Anchor::End,
            );
            number.color = GRID;
            labels.text(number.clone());
            number.position.x = self.south.x + reach + gap;
            number.anchor = Anchor::Start;
            labels.text(number);
        }
    }

    /// Draws files a–h along the south-east edge (rank 1), ranks 1–8 along the south-west
    /// edge (file a): each out from the middle of its square's edge, beyond the Line numbers
    /// that stand at the same edge, so a rank never reads as one number with a Line's.
    fn square_names(&self, labels: &mut Group, number_room: f64) {
        let pt = self.label_pt;
        let cap = self.font.cap_height(pt);
        for i in 0..SIZE {
            let fi = i as f64 + 0.5;
            let half = self.step * 0.5 + number_room * 0.75;
            let se = self.lattice(fi, 0.0);
            labels.text(Text::new(
                Point::new(se.x + half, se.y + half + cap / 2.0),
                ((b'a' + i as u8) as char).to_string(),
                pt,
                Anchor::Middle,
            ));
            let sw = self.lattice(0.0, fi);
            labels.text(Text::new(
                Point::new(sw.x - half, sw.y + half + cap / 2.0),
                (i + 1).to_string(),
                pt,
                Anchor::Middle,
            ));
        }
    }

    /// Draws SOUTH, NORTH, WEST and EAST at the board's corners; returns the height SOUTH
    /// stands at, which the seats beside it share.
    fn corner_names(&self, labels: &mut Group, words: &BoardWords, number_room: f64) -> f64 {
        let pt = self.label_pt;
        let cap = self.font.cap_height(pt);
        let n = SIZE as f64;
        let (south, north) = (self.lattice(0.0, 0.0), self.lattice(n, n));
        let gap: f64 = 2.5;
        // SOUTH stands below the a and 1 beside its corner.
        let south_y = match self.compact {
            true => south.y + number_room * 0.75 + cap / 2.0 + line_height(pt),
            false => south.y + self.step * 0.5 + number_room * 0.75 + 2.0 * cap,
        };
        labels.text(Text::new(
            Point::new(south.x, south_y),
            words.south,
            pt,
            Anchor::Middle,
        ));
        labels.text(Text::new(
            Point::new(north.x, north.y - gap),
            words.north,
            pt,
            Anchor::Middle,
        ));
        self.side_names(labels, words, north.y - gap);
        south_y
    }

    /// Draws WEST and EAST: on a compact board pointed to from the top corners at height
    /// `north_y` (NORTH's), else beyond the Line numbers, level with the corners.
    fn side_names(&self, labels: &mut Group, words: &BoardWords, north_y: f64) {
        let pt = self.label_pt;
        if self.compact {
            let extent = self.extent();
            labels.text(Text::new(
                Point::new(extent.x, north_y),
                format!("← {}", words.west),
                pt,
                Anchor::Start,
            ));
            labels.text(Text::new(
                Point::new(extent.right(), north_y),
                format!("{} →", words.east),
                pt,
                Anchor::End,
            ));
        } else {
            let n = SIZE as f64;
            let cap = self.font.cap_height(pt);
            let (east, west) = (self.lattice(n, 0.0), self.lattice(0.0, n));
            let beyond = 3.0 + self.font.text_width("14", pt);
            labels.text(Text::new(
                Point::new(east.x + beyond, east.y + cap / 2.0),
                words.east,
                pt,
                Anchor::Start,
            ));
            labels.text(Text::new(
                Point::new(west.x - beyond, west.y + cap / 2.0),
                words.west,
                pt,
                Anchor::End,
            ));
        }
    }

    /// Draws the players' seats: on the sheet (and a compact board) beside SOUTH, at
    /// `south_y`, clear of every label whatever the words' length; on a diagram out from the
    /// middle of each player's edge.
    fn seats(&self, labels: &mut Group, words: &BoardWords, number_room: f64, south_y: f64) {
        let pt = self.label_pt;
        let (black, white) = if words.sheet || self.compact {
            let south = self.lattice(0.0, 0.0);
            let beside = self.font.text_width(words.south, pt) / 2.0 + 6.0;
            (
                Point::new(south.x - beside, south_y),
                Point::new(south.x + beside, south_y),
            )
        } else {
            let n = SIZE as f64;
            let cap = self.font.cap_height(pt);
            let sw = self.lattice(0.0, n * 0.5);
            let se = self.lattice(n * 0.5, 0.0);
            let seat = 3.0 * cap + 4.0 + number_room;
            (
                Point::new(sw.x - seat, sw.y + seat),
                Point::new(se.x + seat, se.y + seat),
            )
        };
        labels.text(Text::new(black, words.black, pt, Anchor::End));
        labels.text(Text::new(white, words.white, pt, Anchor::Start));
    }

    /// Every square by its name (`b3`), for annotations.
    pub fn cells(&self) -> crate::annotate::Cells {
        (0..super::rules::SQUARES)
            .map(|sq| {
                let cell = crate::annotate::Cell {
                    center: self.center(sq),
                    size: self.step * std::f64::consts::SQRT_2,
                    outline: self.corners(sq),
                    piece: None,
                    sign: 0.0,
                };
                (super::rules::square_name(sq), cell)
            })
            .collect()
    }

    /// A stone on `sq`.
    pub fn stone(&self, sq: usize, side: Side) -> Group {
        let mut stone = Group::new(match side {
            Side::Black => "stone black",
            Side::White => "stone white",
        });
        let paint = match side {
            Side::Black => Paint::fill(BLACK_STONE),
            Side::White => Paint::fill_and_stroke(Color::WHITE, Stroke::solid(Color::BLACK, 0.35)),
        };
        stone.shape(
            Shape::Circle {
                center: self.center(sq),
                radius: self.stone_radius(),
            },
            paint,
        );
        stone
    }

    /// A compact board's stones are larger: their height discs carry large numerals.
    pub(crate) fn stone_radius(&self) -> f64 {
        self.step * if self.compact { 0.62 } else { 0.55 }
    }

    /// The outline of a run of squares along a rank or a file, inset from the squares' edges.
    pub(crate) fn strip(&self, squares: &[usize], inset: f64) -> Vec<Point> {
        let first = squares[0];
        let last = squares[squares.len() - 1];
        let (f0, r0) = (file_of(first) as f64, rank_of(first) as f64);
        let (f1, r1) = (file_of(last) as f64, rank_of(last) as f64);
        let t = inset / (self.step * std::f64::consts::SQRT_2);
        vec![
            self.lattice(f0 + t, r0 + t),
            self.lattice(f1 + 1.0 - t, r0 + t),
            self.lattice(f1 + 1.0 - t, r1 + 1.0 - t),
            self.lattice(f0 + t, r1 + 1.0 - t),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far a box outside the rhombus is from its edges, at least.
    fn clearance(rhombus: &Rhombus, b: Rect) -> f64 {
        let half = SIZE as f64 * rhombus.step;
        let (cx, cy) = (rhombus.south.x, rhombus.south.y - half);
        // The box's point nearest the centre in the rhombus's own (diamond) metric.
        let nx = cx.clamp(b.x, b.right());
        let ny = cy.clamp(b.y, b.bottom());
        ((nx - cx).abs() + (ny - cy).abs() - half) / std::f64::consts::SQRT_2
    }

    #[test]
    fn line_numbers_keep_clear_of_the_board_outline() {
        let font = Font::builtin();
        // They touched it (0 px at 400 dpi): the wider Line beside each runs out under it.
        let area = Rect::new(0.0, 0.0, 150.0, 138.0);
        for rhombus in [
            Rhombus::fitting(&font, area, 8.0),
            Rhombus::fitting(&font, area, 11.0),
            Rhombus::compact(&font, 0.0, 0.0, 150.0, 20.0),
        ] {
            let drawing = rhombus.draw();
            let texts = drawing.groups_with_class("label")[0].texts();
            let numbers: Vec<_> = texts.iter().filter(|t| t.color == GRID).collect();
            assert_eq!(numbers.len(), 2 * LINES);
            for number in numbers {
                let gap = clearance(&rhombus, number.bounds(&font));
                assert!(gap >= 0.4, "{:?}: {gap:.2} mm", number.content);
            }
        }
    }

    #[test]
    fn no_two_labels_overlap_and_line_numbers_stand_at_the_edge() {
        let font = Font::builtin();
        // The diagram's labels, and a booklet's larger ones on a board drawn smaller.
        for label_pt in [8.0, 8.0 * 1.7] {
            let rhombus = Rhombus::fitting(&font, Rect::new(0.0, 0.0, 150.0, 138.0), label_pt);
            let drawing = rhombus.draw();
            let texts = drawing.groups_with_class("label")[0].texts();
            for (i, a) in texts.iter().enumerate() {
                for b in &texts[i + 1..] {
                    assert!(
                        !a.bounds(&font).overlaps(&b.bounds(&font)),
                        "{label_pt} pt: {:?} and {:?} collide",
                        a.content,
                        b.content
                    );
                }
            }
            // Line 0's numbers stand a step either side of the SOUTH corner, level with it.
            let zeros: Vec<_> = texts.iter().filter(|t| t.content == "0").collect();
            assert_eq!(zeros.len(), 2);
            for zero in zeros {
                let dx = (zero.position.x - rhombus.south.x).abs();
                assert!(dx < rhombus.step + 2.5, "{label_pt} pt: line 0 at its edge");
            }
        }
    }
}
