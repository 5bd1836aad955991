//! What every part of a booklet shares: its options, the page's margins and the sizes of
//! its texts.

use crate::page::PageSetup;
use crate::theme::Theme;
use crate::words::Words;

/// Room around the page's content, in millimetres.
pub(crate) const MARGIN: f64 = 14.0;
/// Between diagrams, and between a game and the next.
pub(crate) const GAP: f64 = 8.0;

/// The booklet's title, on its first page.
pub(crate) const TITLE_PT: f64 = 18.0;
/// Section headings ("Results") and each game's first line.
pub(crate) const HEADING_PT: f64 = 12.0;
/// Tables, move lists, the lines under a game's heading.
pub(crate) const BODY_PT: f64 = 9.0;
/// Captions under diagrams, page numbers.
pub(crate) const CAPTION_PT: f64 = 8.5;

/// The smallest text a booklet prints, in points: the smallest anyone reads on paper.
pub(crate) const MIN_PRINT_PT: f64 = crate::layout::MIN_TEXT_PT;

/// How the booklet is laid out and what it says about itself.
#[derive(Debug, Clone)]
pub struct BookletOptions {
    pub page: PageSetup,
    /// Diagrams per page, as many as fill one: 1, 2, 4 or 6 (the diagrams' size).
    pub per_page: usize,
    /// A diagram every this many moves (turns for Towers) instead of one per game.
    pub every: Option<usize>,
    pub theme: Theme,
    /// The booklet's own words (captions, page titles) and its diagrams', in `--lang`.
    pub words: Words,
    /// The font every text is measured in (`--font`, else sheetgen's own), which the
    /// pages carry to the backends.
    pub font: std::sync::Arc<crate::font::Font>,
    /// The smallest text the booklet prints, in points (`--text-size`; 7 if None).
    pub text_size: Option<f64>,
    /// The bulletin's title (`--title`): its first page and the PDF's document title;
    /// derived from the games' events when None.
    pub title: Option<String>,
    /// The bulletin's date (`--date`), under its title.
    pub date: Option<String>,
    /// A review page for each game that has one after the diagrams (`--analysis`), this
    /// many proof-search nodes a position.
    pub analysis: Option<u64>,
}

/// How a page's diagrams stand: the columns games flow down, and the rows of diagrams in
/// each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Grid {
    pub columns: usize,
    pub rows: usize,
}

impl BookletOptions {
    /// The ways `per_page` diagrams may stand on a page, the usual first: two (or six) stand
    /// one above the other or side by side, and the booklet takes the way that draws them
    /// larger (a tall diagram is larger side by side).
    pub(crate) fn grids(&self) -> Vec<Grid> {
        let (columns, rows) = match self.per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        };
        let (upright, turned) = (
            Grid { columns, rows },
            Grid {
                columns: rows,
                rows: columns,
            },
        );
        match (upright == turned, self.page.landscape) {
            (true, _) => vec![upright],
            (false, false) => vec![upright, turned],
            (false, true) => vec![turned, upright],
        }
    }

    /// The smallest text the booklet prints, in points.
    pub(crate) fn min_pt(&self) -> f64 {
        self.text_size.unwrap_or(MIN_PRINT_PT)
    }

    /// A text's size: its own, or the smallest the booklet prints if that is larger.
    pub fn pt(&self, own: f64) -> f64 {
        own.max(self.min_pt())
    }

    /// The captions' size.
    pub(crate) fn caption_pt(&self) -> f64 {
        self.pt(CAPTION_PT)
    }
}
