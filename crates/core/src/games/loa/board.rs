//! The Lines of Action board as a drawing: n×n checkered squares readable in black-and-white
//! print, files and ranks labelled on all four sides, obstructed squares filled dark and
//! crossed, and pieces as discs. Sheets and diagrams both draw on it.

use super::bits::{Bits, Wide};
use super::rules::Position;
use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text};
use crate::font::Font;
use crate::vocabulary::Side;

const LIGHT: Color = Color::WHITE;
use super::palette::{BOARD_DARK as DARK, OBSTRUCTED};
use crate::palette::STONE_BLACK as BLACK_PIECE;
/// Space between the board's edge and its labels, in millimetres.
const LABEL_GAP: f64 = 1.6;
/// The width of White's pieces' outline, in millimetres.
const PIECE_OUTLINE: f64 = 0.4;

/// An obstructed square `r` of a board of `cell` millimetres: filled dark and crossed in
/// white (L2); on the board and in its key alike.
pub(crate) fn obstruction(r: Rect, cell: f64) -> Group {
    let mut one = Group::new("obstruction");
    one.shape(Shape::Rect(r), Paint::fill(OBSTRUCTED));
    let inset = r.inset(cell * 0.2);
    let white = Paint::stroke(Stroke::solid(Color::WHITE, (cell * 0.06).max(0.4)));
    one.shape(
        Shape::Line(
            Point::new(inset.x, inset.y),
            Point::new(inset.right(), inset.bottom()),
        ),
        white.clone(),
    );
    one.shape(
        Shape::Line(
            Point::new(inset.right(), inset.y),
            Point::new(inset.x, inset.bottom()),
        ),
        white,
    );
    one
}

/// The discs of `crossed` on squares other than `m`'s own two.
pub(crate) fn between(crossed: &[(usize, Point, f64)], m: super::rules::Move) -> Vec<(Point, f64)> {
    crossed
        .iter()
        .filter(|&&(square, ..)| square != m.from as usize && square != m.to as usize)
        .map(|&(_, centre, radius)| (centre, radius))
        .collect()
}

/// Where a board lies on the page and how large it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout<'f> {
    /// The top-left corner of the squares (the top-left corner of a`n`).
    pub origin: Point,
    /// The side of one square, in millimetres.
    pub cell: f64,
    pub size: usize,
    /// Size of the file and rank labels, in points.
    pub label_pt: f64,
    /// Seen from White's side: a1 top right, the labels following their squares.
    pub flipped: bool,
    /// The font the labels are measured in.
    pub font: &'f Font,
}

impl<'f> BoardLayout<'f> {
    /// Room the labels take on each side of the squares.
    pub(crate) fn label_room(font: &Font, label_pt: f64) -> f64 {
        font.text_width("12", label_pt) + LABEL_GAP + 0.5
    }

    /// A board whose labels (in `font`) and squares fill `width` millimetres, placed at
    /// `corner`.
    pub fn fitting(
        font: &'f Font,
        corner: Point,
        width: f64,
        size: usize,
        label_pt: f64,
    ) -> BoardLayout<'f> {
        let room = Self::label_room(font, label_pt);
        BoardLayout {
            origin: Point::new(corner.x + room, corner.y + room),
            cell: (width - 2.0 * room) / size as f64,
            size,
            label_pt,
            flipped: false,
            font,
        }
    }

    /// The same board seen from White's side (a1 top right).
    pub fn flipped(self) -> BoardLayout<'f> {
        BoardLayout {
            flipped: true,
            ..self
        }
    }

    /// The squares only.
    pub(crate) fn squares_rect(&self) -> Rect {
        let side = self.cell * self.size as f64;
        Rect::new(self.origin.x, self.origin.y, side, side)
    }

    /// Everything the board draws, labels included.
    pub(crate) fn extent(&self) -> Rect {
        let room = Self::label_room(self.font, self.label_pt);
        let squares = self.squares_rect();
        Rect::new(
            squares.x - room,
            squares.y - room,
            squares.width + 2.0 * room,
            squares.height + 2.0 * room,
        )
    }

    /// The square with index `square` (a1 = 0, files across, ranks up; from White's side
    /// files run right to left and ranks down).
    pub fn square(&self, square: usize) -> Rect {
        let (mut file, mut rank) = (square % self.size, square / self.size);
        if self.flipped {
            (file, rank) = (self.size - 1 - file, self.size - 1 - rank);
        }
        Rect::new(
            self.origin.x + file as f64 * self.cell,
            self.origin.y + (self.size - 1 - rank) as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }

    pub fn center(&self, square: usize) -> Point {
        self.square(square).center()
    }

    pub(crate) fn piece_radius(&self) -> f64 {
        self.cell * 0.38
    }

    /// Every square by its name (`b3`), for annotations.
    pub fn cells(&self) -> crate::annotate::Cells {
        (0..self.size * self.size)
            .map(|sq| {
                let name = super::rules::square_name(sq, self.size);
                (
                    name,
                    crate::annotate::square_cell(self.center(sq), self.cell),
                )
            })
            .collect()
    }

    /// The squares, the obstructions and the labels.
    pub fn draw(&self, blocked: Wide) -> Group {
        let mut board = Group::new("board");
        let mut squares = Group::new("squares");
        for sq in 0..self.size * self.size {
            let (file, rank) = (sq % self.size, sq / self.size);
            // a1 is dark, as on a chessboard.
            let fill = if (file + rank) % 2 == 0 { DARK } else { LIGHT };
            squares.shape(Shape::Rect(self.square(sq)), Paint::fill(fill));
        }
        squares.shape(
            Shape::Rect(self.squares_rect()),
            Paint::stroke(Stroke::solid(Color::BLACK, 0.4)),
        );
        board.group(squares);
        let mut obstructions = Group::new("obstructions");
        for sq in blocked.squares() {
            obstructions.group(obstruction(self.square(sq), self.cell));
        }
        board.group(obstructions);
        board.group(self.labels());
        board
    }

    /// Files a… under and over the board, ranks 1… left and right of it.
    fn labels(&self) -> Group {
        let mut labels = Group::new("label");
        let squares = self.squares_rect();
        let cap = self.font.cap_height(self.label_pt);
        for i in 0..self.size {
            let file = ((b'a' + i as u8) as char).to_string();
            // Each label follows its square, so a flipped board reads h… g… a.
            let x = self.center(i).x;
            labels.text(Text::new(
                Point::new(x, squares.bottom() + LABEL_GAP + cap),
                &file,
                self.label_pt,
                Anchor::Middle,
            ));
            labels.text(Text::new(
                Point::new(x, squares.y - LABEL_GAP),
                &file,
                self.label_pt,
                Anchor::Middle,
            ));
            let rank = (i + 1).to_string();
            let y = self.center(i * self.size).y + cap / 2.0;
            labels.text(Text::new(
                Point::new(squares.x - LABEL_GAP, y),
                &rank,
                self.label_pt,
                Anchor::End,
            ));
            labels.text(Text::new(
                Point::new(squares.right() + LABEL_GAP, y),
                &rank,
                self.label_pt,
                Anchor::Start,
            ));
        }
        labels
    }

    /// The pieces of `position` as discs: Black dark, White light with a dark rim.
    pub fn pieces(&self, position: &Position<Wide>) -> Group {
        let mut pieces = Group::new("pieces");
        for side in [Side::Black, Side::White] {
            for sq in position.pieces(side).squares() {
                pieces.group(self.piece(sq, side));
            }
        }
        pieces
    }

    /// Every piece of `position` as a disc out to its rim's outer edge (White's outline
    /// included), for arrows to pass under.
    pub(crate) fn piece_discs(&self, position: &Position<Wide>) -> Vec<(usize, Point, f64)> {
        let rim = self.piece_radius() + PIECE_OUTLINE / 2.0;
        [Side::Black, Side::White]
            .into_iter()
            .flat_map(|side| position.pieces(side).squares())
            .map(|sq| (sq, self.center(sq), rim))
            .collect()
    }

    pub fn piece(&self, square: usize, side: Side) -> Group {
        let mut piece = Group::new(match side {
            Side::Black => "piece black",
            Side::White => "piece white",
        });
        let paint = match side {
            Side::Black => Paint::fill(BLACK_PIECE),
            Side::White => {
                Paint::fill_and_stroke(Color::WHITE, Stroke::solid(Color::BLACK, PIECE_OUTLINE))
            }
        };
        piece.shape(
            Shape::Circle {
                center: self.center(square),
                radius: self.piece_radius(),
            },
            paint,
        );
        piece
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_tile_the_board_with_a1_bottom_left() {
        let font = Font::builtin();
        let board = BoardLayout::fitting(&font, Point::new(10.0, 10.0), 100.0, 8, 9.0);
        let a1 = board.square(0);
        let h8 = board.square(63);
        let squares = board.squares_rect();
        assert!((a1.x - squares.x).abs() < 1e-9 && (a1.bottom() - squares.bottom()).abs() < 1e-9);
        assert!((h8.right() - squares.right()).abs() < 1e-9 && (h8.y - squares.y).abs() < 1e-9);
        assert!((board.extent().width - 100.0).abs() < 1e-9);
    }

    #[test]
    fn a_flipped_board_puts_a1_top_right_and_its_labels_follow() {
        let font = Font::builtin();
        let board = BoardLayout::fitting(&font, Point::new(10.0, 10.0), 100.0, 8, 9.0).flipped();
        let squares = board.squares_rect();
        let a1 = board.square(0);
        assert!((a1.right() - squares.right()).abs() < 1e-9 && (a1.y - squares.y).abs() < 1e-9);
        let labels = board.draw(Wide::empty());
        let texts = labels.groups_with_class("label")[0].texts();
        let a = texts.iter().find(|t| t.content == "a").unwrap();
        let h = texts.iter().find(|t| t.content == "h").unwrap();
        assert!(a.position.x > h.position.x, "files run right to left");
        let one = texts.iter().find(|t| t.content == "1").unwrap();
        let eight = texts.iter().find(|t| t.content == "8").unwrap();
        assert!(one.position.y < eight.position.y, "rank 1 on top");
    }

    #[test]
    fn labels_sit_outside_the_squares_and_inside_the_extent() {
        let font = Font::builtin();
        for size in [5, 8, 12] {
            let board = BoardLayout::fitting(&font, Point::new(0.0, 0.0), 120.0, size, 8.0);
            let drawing = board.draw(Wide::empty());
            let labels = drawing.groups_with_class("label")[0].texts();
            assert_eq!(labels.len(), 4 * size);
            for text in labels {
                let b = text.bounds(&font);
                assert!(!b.overlaps(&board.squares_rect()), "{text:?}");
                assert!(board.extent().contains(&b), "{text:?}");
            }
        }
    }
}
