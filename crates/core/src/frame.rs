//! The frame every game's score diagram shares: the title and players above the board, the
//! caption and the game's lines (score, outcome, notes) under it, what the game stacks below
//! them (a legend, a table), bare figures, the plain-text form and the text scale. A game
//! draws only its board and its marks, at the top the frame gives it.

use std::sync::Arc;

use crate::annotate::Cells;
use crate::figure::{Anchor, Figure, Group, Point, Rect, Text};
use crate::font::Font;
use crate::layout::{Heading, MIN_TEXT_PT, fit_above, line_height, wrap};

/// Room around the figure, in millimetres.
pub(crate) const MARGIN: f64 = 8.0;
/// The lines under the board, in points.
pub(crate) const TEXT_PT: f64 = 9.5;

/// Every text of a diagram `scale` times its size, as a view asks (0 is taken as 1).
pub fn text_scale(scale: f64) -> f64 {
    if scale > 0.0 { scale } else { 1.0 }
}

/// What surrounds a game's board.
pub(crate) struct Frame<'a> {
    /// The figure's root class: `diagram shoreline`.
    pub class: &'static str,
    /// The title when the record has none (the game's name, in the view's words).
    pub game: String,
    pub heading: &'a Heading,
    /// The board's width, which the header and the lines under it share.
    pub width: f64,
    /// From the header's last line down to the board's top (its labels above it).
    pub header_gap: f64,
    /// The board and its marks only: no header, lines or blocks (see `View::bare`).
    pub bare: bool,
    /// With `bare`, the board's key ([`FramedBoard::key`]) is kept under it.
    pub legend: bool,
    /// Written first under the board.
    pub caption: Option<String>,
    /// Every text this many times its size ([`text_scale`]); the layout makes room.
    pub text_scale: f64,
    /// The font every text is measured in, which the figure carries (the view's).
    pub font: &'a Arc<Font>,
}

/// A line of text under the board, at its size in points.
pub struct Line {
    pub text: String,
    pub size: f64,
}

impl Line {
    /// A line at the frame's text size (the frame scales it with the rest).
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            size: TEXT_PT,
        }
    }
}

/// Something a game stacks under its lines (a legend, a table): given the y above it, its
/// drawing (if any) and the y below it.
pub(crate) type Block<'a> = Box<dyn FnOnce(f64) -> (Option<Group>, f64) + 'a>;

/// A game's board, drawn at the top the frame gave, and what goes with it.
pub struct FramedBoard<'a> {
    /// The board and its marks, each group in drawing order.
    pub groups: Vec<Group>,
    /// What the board draws, for a bare figure's crop.
    pub extent: Rect,
    /// The board's squares by name, for annotations.
    pub cells: Cells,
    /// The game's lines under the caption: score, outcome, notes.
    pub lines: Vec<Line>,
    /// Stacked under the lines, from the last line's baseline, in order. Without any, the
    /// figure ends under the last line.
    pub blocks: Vec<Block<'a>>,
    /// Which of `blocks` is the key to the board's symbols, kept in a bare figure that asks
    /// for it.
    pub key: Option<usize>,
    /// The plain-text form after the title and players: the board and its lines.
    pub plain_text: String,
    /// The text alternative (SVG `<desc>`).
    pub description: String,
}

impl Frame<'_> {
    /// The diagram: the header, the board `board` draws at the top it is given, the lines
    /// and blocks under it; and where the board's squares are.
    pub fn draw<'b>(&self, board: impl FnOnce(f64) -> FramedBoard<'b>) -> (Figure, Cells) {
        let mut root = Group::new(self.class);
        let title = self.heading.title.clone().unwrap_or(self.game.clone());
        let mut top = MARGIN;
        if !self.bare {
            let byline = &self.heading.byline;
            let (header, bottom) = crate::layout::diagram_header(
                self.font,
                &title,
                byline,
                (MARGIN, MARGIN, self.width),
                self.text_scale,
            );
            root.group(header);
            top = bottom + self.header_gap;
        }
        let mut board = board(top);
        for group in std::mem::take(&mut board.groups) {
            root.group(group);
        }
        let mut figure = Figure::new(
            0.0,
            0.0,
            self.heading.figure_title.clone(),
            self.font.clone(),
        );
        figure.description = std::mem::take(&mut board.description);
        figure.plain_text = Some(self.plain_text(&title, &board.plain_text));
        if self.bare {
            return self.cropped(root, figure, board);
        }
        let cells = board.cells;
        let (lines, mut y) = self.lines(&board.lines, board.extent.bottom());
        root.group(lines);
        if board.blocks.is_empty() {
            y += self.font.descent(TEXT_PT * self.text_scale);
        }
        for block in board.blocks {
            let (group, below) = block(y);
            if let Some(group) = group {
                root.group(group);
            }
            y = below;
        }
        // What is wider than the board (a legend or table of large text) widens the
        // figure; the legend may reach half into the right margin, as it always has.
        let right = root.bounds(self.font).map_or(0.0, |b| b.right());
        figure.width = (self.width + 2.0 * MARGIN).max(right + MARGIN / 2.0);
        figure.height = y + MARGIN;
        figure.root = root;
        (figure, cells)
    }

    /// A bare figure: the board cropped to what it draws, its key under it when asked for,
    /// else kept beside the figure.
    fn cropped(
        &self,
        mut root: Group,
        mut figure: Figure,
        mut board: FramedBoard,
    ) -> (Figure, Cells) {
        let mut aside = None;
        if let Some(key) = board.key {
            let block = board.blocks.swap_remove(key);
            match block(board.extent.bottom()).0 {
                Some(group) if self.legend => {
                    root.group(group);
                }
                group => aside = group,
            }
        }
        // The board and whatever its marks reach past it (a loss badge beside an edge
        // stone), so nothing is cut at the figure's edge.
        let extent = root
            .bounds(self.font)
            .map_or(board.extent, |drawn| drawn.union(&board.extent));
        figure.root = root;
        figure.key = aside;
        let mut cells = board.cells;
        crate::layout::crop_to_board(&mut figure, &mut cells, extent);
        (figure, cells)
    }

    /// The caption and `lines` under a board ending at `bottom`, each wrapped to the width
    /// (never cut: a word wider than the line is broken); and the last baseline.
    fn lines(&self, lines: &[Line], bottom: f64) -> (Group, f64) {
        let k = self.text_scale;
        let mut group = Group::new("score");
        let caption = self.caption.iter().map(|c| (c.as_str(), TEXT_PT));
        let texts = caption.chain(lines.iter().map(|l| (l.text.as_str(), l.size)));
        let mut y = bottom + 2.0;
        for (text, size) in texts {
            let size = size * k;
            for line in wrap(self.font, text, size, self.width) {
                y += line_height(size);
                let size = fit_above(self.font, &line, size, self.width, MIN_TEXT_PT * k);
                group.text(Text::new(Point::new(MARGIN, y), line, size, Anchor::Start));
            }
        }
        (group, y)
    }

    /// The title, the players, the record's comment on the game, a blank line and the
    /// game's own `body`.
    fn plain_text(&self, title: &str, body: &str) -> String {
        let mut out = format!("{title}\n");
        if !self.heading.byline.is_empty() {
            out.push_str(&self.heading.byline);
            out.push('\n');
        }
        if let Some(comment) = &self.heading.comment {
            out.push('\n');
            out.push_str(comment);
            out.push('\n');
        }
        out.push('\n');
        out.push_str(body);
        out
    }
}
