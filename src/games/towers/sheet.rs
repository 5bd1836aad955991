//! The Towers play sheet: the rhombus board and, beside it, a scoring table to fill in with a
//! pencil. The same table, filled in, goes under the score diagram.

use super::board::Rhombus;
use super::table::{scoring_table, scoring_table_height};
use crate::figure::{Anchor, Document, Figure, Group, Point, Rect, Text};
use crate::font;
use crate::layout::{fit, line_height};
use crate::page::PageSetup;

const MARGIN: f64 = 12.0;
const TITLE_PT: f64 = 20.0;
const TEXT_PT: f64 = 9.5;
const LABEL_PT: f64 = 8.5;
const TABLE_WIDTH: f64 = 72.0;

/// The play sheet.
pub fn play_sheet(page: PageSetup) -> Document {
    let (width, height) = page.size();
    let content = Rect::new(MARGIN, MARGIN, width - 2.0 * MARGIN, height - 2.0 * MARGIN);
    let mut root = Group::new("sheet towers");
    let mut header = Group::new("header");
    let mut y = content.y + font::ink_extent("Towers", TITLE_PT).0;
    header.text(Text::new(
        Point::new(content.x, y),
        "Towers",
        TITLE_PT,
        Anchor::Start,
    ));
    y += line_height(TEXT_PT) * 1.1;
    let subtitle = "Heinrich Glumpler, 2003. Both reveal 1–4 stones; a Line fills from the end it was started at.";
    header.text(Text::new(
        Point::new(content.x, y),
        subtitle,
        fit(subtitle, TEXT_PT, content.width),
        Anchor::Start,
    ));
    root.group(header);
    let top = y + 4.0;

    // The table beside the board on a landscape page, under it on a portrait one.
    let table_height = scoring_table_height();
    if content.width > content.bottom() - top {
        let area = Rect::new(
            content.x,
            top,
            content.width - TABLE_WIDTH - 6.0,
            content.bottom() - top,
        );
        root.group(Rhombus::fitting(area, LABEL_PT).draw());
        let table_top = top + (area.height - table_height) / 2.0;
        root.group(scoring_table(
            Point::new(content.right() - TABLE_WIDTH, table_top),
            TABLE_WIDTH,
            None,
        ));
    } else {
        let area = Rect::new(
            content.x,
            top,
            content.width,
            content.bottom() - top - table_height - 6.0,
        );
        root.group(Rhombus::fitting(area, LABEL_PT).draw());
        let table_width = TABLE_WIDTH * 1.6;
        let at = Point::new(
            content.x + (content.width - table_width) / 2.0,
            content.bottom() - table_height,
        );
        root.group(scoring_table(at, table_width, None));
    }

    let mut figure = Figure::new(width, height, "Towers");
    figure.description =
        "Towers play sheet: the 8×8 board as a rhombus with SOUTH at the bottom, the 15 Lines \
                          numbered, and a scoring table for both players."
            .into();
    figure.root.group(root);
    Document {
        title: "Towers".into(),
        pages: vec![figure],
    }
}
