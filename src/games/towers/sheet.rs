//! The Towers play sheet: the rhombus board and, beside it, a scoring table to fill in with a
//! pencil, under the title, name lines and a date line; the short rules with `--rules`.
//! Every word and size comes from the template (`templates/towers.yaml`).

use super::board::{BoardWords, Rhombus};
use super::table::{TableWords, scoring_table_height_at, scoring_table_in};
use super::template::Template;
use crate::figure::{Document, Figure, Group, Point, Rect};
use crate::font;
use crate::layout::{field, fit, line_height};
use crate::page::PageSetup;
use crate::print_marks;

/// What the sheet shows.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    pub page: PageSetup,
    pub template: Template,
    /// The template's short rules under the board.
    pub rules: bool,
}

/// Between the parts of the sheet, in millimetres.
const GAP: f64 = 6.0;

/// The play sheet.
pub fn play_sheet(options: &SheetOptions) -> Result<Document, crate::error::Error> {
    let t = &options.template;
    let l = &t.layout;
    let (width, height) = options.page.size();
    let (paper, content) = print_marks::sheet_areas(options.page, l.margin_mm.value);
    let mut root = Group::new("sheet towers");
    let (header, header_bottom) = header(t, content).map_err(crate::error::Error::Render)?;
    root.group(header);
    let top = header_bottom + GAP;
    let mut bottom = content.bottom();
    if options.rules {
        let (group, box_top) = t
            .rules
            .draw(l.text_pt.value, (content.x, content.width), bottom);
        root.group(group);
        bottom = box_top - GAP;
    }

    let words = TableWords {
        sides: [&t.sides.black.value, &t.sides.white.value],
        height: &t.table.height.value,
        combination: &t.table.combination.value,
        unusable: &t.table.unusable.value,
        total: &t.table.total.value,
        text_pt: l.text_pt.value,
    };
    let board_words = BoardWords {
        south: &t.corners.south.value,
        north: &t.corners.north.value,
        east: &t.corners.east.value,
        west: &t.corners.west.value,
        black: &t.sides.black.value,
        white: &t.sides.white.value,
        sheet: true,
    };
    let table_height = scoring_table_height_at(l.text_pt.value);
    let table_width = l.table_width_mm.value;
    let label_pt = l.label_pt.value;
    // The table beside the board or under it, whichever leaves the larger board: beside on
    // a landscape page, and on a portrait one when the rules box takes the height.
    let beside_area = Rect::new(
        content.x,
        top,
        content.width - table_width - GAP,
        bottom - top,
    );
    let under_area = Rect::new(
        content.x,
        top,
        content.width,
        bottom - top - table_height - GAP,
    );
    let beside = Rhombus::fitting(narrower(beside_area, label_pt, &board_words), label_pt);
    let under = Rhombus::fitting(narrower(under_area, label_pt, &board_words), label_pt);
    if beside.step >= under.step {
        root.group(beside.draw_in(&board_words));
        let table_top = top + ((beside_area.height - table_height) / 2.0).max(0.0);
        root.group(scoring_table_in(
            Point::new(content.right() - table_width, table_top),
            table_width,
            None,
            &words,
        ));
    } else {
        root.group(under.draw_in(&board_words));
        let wide = (table_width * 1.6).min(content.width);
        let at = Point::new(
            content.x + (content.width - wide) / 2.0,
            bottom - table_height,
        );
        root.group(scoring_table_in(at, wide, None, &words));
    }

    root.group(print_marks::scale_bar(paper, options.page, l.scale_bar));
    let mut figure = Figure::new(width, height, t.title.value.clone());
    figure.description = format!(
        "{} play sheet: the 8×8 board as a rhombus with SOUTH at the bottom, the 15 Lines \
         numbered, name and date lines, and a scoring table for both players{}.",
        t.title.value,
        if options.rules {
            ", with short rules"
        } else {
            ""
        }
    );
    figure.root.group(root);
    Ok(Document {
        title: t.title.value.clone(),
        pages: vec![figure],
    })
}

/// The board's area less the room its Line numbers take further out on the sheet, and
/// what a WEST or EAST longer than the English word takes.
fn narrower(area: Rect, label_pt: f64, words: &BoardWords) -> Rect {
    let longest =
        font::text_width(words.west, label_pt).max(font::text_width(words.east, label_pt));
    let room =
        Rhombus::sheet_room(label_pt) + (longest - font::text_width("WEST", label_pt)).max(0.0);
    Rect::new(area.x + room, area.y, area.width - 2.0 * room, area.height)
}

/// Title, subtitle, the two name lines and the date line; returns it and where it ends.
fn header(t: &Template, content: Rect) -> Result<(Group, f64), String> {
    let l = &t.layout;
    let text_pt = l.text_pt.value;
    let mut header = Group::new("header");
    // Title and subtitle wrap rather than run past the page.
    let title = &t.title.value;
    let first = fit(title, l.title_pt.value, content.width);
    let y = content.y + font::ink_extent(title, first).0;
    let span = |y| (content.x, y, content.width);
    let (y, _) = crate::layout::text_lines(&mut header, title, l.title_pt.value, span(y));
    let y = y + line_height(text_pt) * 1.2;
    let subtitle = &t.subtitle.value;
    let (mut y, _) = crate::layout::text_lines(&mut header, subtitle, text_pt, span(y));
    y += line_height(text_pt) * 2.0;
    // "Black ______   White ______   Date ______"
    let shares = [0.38, 0.38, 0.24];
    let labels = [
        (
            "name_line",
            t.name_line.value.replace("{side}", &t.sides.black.value),
        ),
        (
            "name_line",
            t.name_line.value.replace("{side}", &t.sides.white.value),
        ),
        ("date", t.date.value.clone()),
    ];
    let mut x = content.x;
    for ((key, label), share) in labels.iter().zip(shares) {
        let w = content.width * share;
        let what = format!("the template's `{key}`");
        let size = crate::layout::one_line(&what, label, text_pt, w / 2.0)?;
        header.group(field(label, size, Point::new(x, y), w - 6.0));
        x += w;
    }
    Ok((header, y + font::descent(text_pt)))
}
