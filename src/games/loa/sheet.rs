//! Lines of Action sheets: a printable board with the start position, and a move-record
//! scoresheet for tournament games.

use super::board::BoardLayout;
use super::game::{Rules, rules_caption};
use super::rules::AnyBoard;
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font;
use crate::layout::{fit, line_height, wrap};
use crate::page::PageSetup;

const MARGIN: f64 = 12.0;
const TITLE_PT: f64 = 20.0;
const TEXT_PT: f64 = 10.0;
const SMALL_PT: f64 = 8.5;
const LINE: Stroke = Stroke {
    color: Color::BLACK,
    width: 0.3,
    dash: Vec::new(),
};

/// What the board sheet shows.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    pub page: PageSetup,
    /// Size, setup and obstructions; the other options are named in the caption.
    pub rules: Rules,
    /// Leave the start position off.
    pub empty: bool,
}

fn title(group: &mut Group, text: &str, content: Rect) -> f64 {
    let y = content.y + font::ink_extent(text, TITLE_PT).0;
    group.text(Text::new(
        Point::new(content.x, y),
        text,
        TITLE_PT,
        Anchor::Start,
    ));
    y + font::descent(TITLE_PT)
}

/// The printable board: title, the board as large as the page allows with the start
/// position, and the rule options in force.
pub fn board_sheet(options: &SheetOptions) -> Document {
    let (width, height) = options.page.size();
    let content = Rect::new(MARGIN, MARGIN, width - 2.0 * MARGIN, height - 2.0 * MARGIN);
    let mut page = Group::new("sheet lines-of-action");
    let mut header = Group::new("header");
    let mut y = title(&mut header, "Lines of Action", content);
    let caption = rules_caption(&options.rules);
    for line in wrap(&caption, TEXT_PT, content.width) {
        y += line_height(TEXT_PT);
        header.text(Text::new(
            Point::new(content.x, y),
            line,
            TEXT_PT,
            Anchor::Start,
        ));
    }
    page.group(header);
    let top = y + font::descent(TEXT_PT) + 6.0;

    let footer = "Black moves first. A piece moves exactly as many squares as there are pieces on its whole line; \
                  it may jump its own pieces, never an enemy's, and captures by landing.";
    let footer_lines = wrap(footer, SMALL_PT, content.width);
    let footer_top = content.bottom() - line_height(SMALL_PT) * footer_lines.len() as f64;
    let mut notes = Group::new("rules");
    for (i, line) in footer_lines.iter().enumerate() {
        let baseline = footer_top + font::cap_height(SMALL_PT) + i as f64 * line_height(SMALL_PT);
        notes.text(Text::new(
            Point::new(content.x, baseline),
            line,
            SMALL_PT,
            Anchor::Start,
        ));
    }
    page.group(notes);

    let side = content.width.min(footer_top - 6.0 - top);
    let corner = Point::new(content.x + (content.width - side) / 2.0, top);
    let board = BoardLayout::fitting(corner, side, options.rules.size, TEXT_PT);
    let engine = AnyBoard::new(options.rules.size, &options.rules.obstructions);
    page.group(board.draw(engine.blocked));
    let position = engine.start(options.rules.setup);
    if !options.empty {
        page.group(board.pieces(&position));
    }

    let mut figure = Figure::new(width, height, "Lines of Action");
    figure.description = format!(
        "Lines of Action board, {}{}.",
        caption,
        if options.empty {
            ", empty"
        } else {
            ", with the start position"
        }
    );
    figure.root.group(page);
    Document {
        title: "Lines of Action".into(),
        pages: vec![figure],
    }
}

/// Rows of move pairs on the scoresheet.
pub const SCORESHEET_ROWS: usize = 60;

/// The move-record sheet: event, date, round and player fields, 60 numbered rows for move
/// pairs in two columns, result boxes and signature lines.
pub fn scoresheet(page_setup: PageSetup, rules: &Rules) -> Document {
    let (width, height) = page_setup.size();
    let content = Rect::new(MARGIN, MARGIN, width - 2.0 * MARGIN, height - 2.0 * MARGIN);
    let mut page = Group::new("scoresheet lines-of-action");
    let mut header = Group::new("header");
    let mut y = title(&mut header, "Lines of Action · Score sheet", content);
    y += line_height(SMALL_PT);
    let caption = rules_caption(rules);
    header.text(Text::new(
        Point::new(content.x, y),
        &caption,
        fit(&caption, SMALL_PT, content.width),
        Anchor::Start,
    ));
    y += line_height(TEXT_PT) * 1.6;
    // Fields: Event / Date / Round on one line, Black / White on the next.
    let fields: [&[(&str, f64)]; 2] = [
        &[("Event", 0.5), ("Date", 0.3), ("Round", 0.2)],
        &[("Black", 0.5), ("White", 0.5)],
    ];
    for row in fields {
        let mut x = content.x;
        for (name, share) in row {
            let w = content.width * share;
            field(&mut header, name, Point::new(x, y), w - 4.0);
            x += w;
        }
        y += line_height(TEXT_PT) * 1.8;
    }
    page.group(header);

    let (footer, box_y) = result_footer(content);
    page.group(footer);

    // The table: two columns of 30 rows, "No. | Black | White".
    let table_top = y;
    let table_bottom = box_y - 8.0;
    let rows = SCORESHEET_ROWS / 2;
    let row_h = (table_bottom - table_top) / (rows + 1) as f64;
    let gap = 6.0;
    let column_w = (content.width - gap) / 2.0;
    for column in 0..2 {
        let left = content.x + column as f64 * (column_w + gap);
        page.group(move_table(
            left,
            table_top,
            column_w,
            row_h,
            column * rows + 1,
            rows,
        ));
    }

    let mut figure = Figure::new(width, height, "Lines of Action score sheet");
    figure.description = format!(
        "Lines of Action score sheet with {SCORESHEET_ROWS} numbered rows for move pairs, result boxes and signature lines; {caption}."
    );
    figure.root.group(page);
    Document {
        title: "Lines of Action score sheet".into(),
        pages: vec![figure],
    }
}

/// The scoresheet's foot, from the bottom: signature lines, then the result boxes. Returns
/// it and the top of the result boxes' row.
fn result_footer(content: Rect) -> (Group, f64) {
    let mut footer = Group::new("result");
    let sign_y = content.bottom() - 1.0;
    let third = content.width / 3.0;
    for (i, name) in ["Black's signature", "White's signature", "Arbiter"]
        .iter()
        .enumerate()
    {
        let x = content.x + i as f64 * third;
        footer.shape(
            Shape::Line(
                Point::new(x, sign_y - 5.0),
                Point::new(x + third - 5.0, sign_y - 5.0),
            ),
            Paint::stroke(LINE),
        );
        footer.text(Text::new(
            Point::new(x, sign_y),
            *name,
            SMALL_PT,
            Anchor::Start,
        ));
    }
    let box_y = sign_y - 16.0;
    footer.text(Text::new(
        Point::new(content.x, box_y + 3.5),
        "Result",
        TEXT_PT,
        Anchor::Start,
    ));
    let mut x = content.x + font::text_width("Result", TEXT_PT) + 6.0;
    for name in ["Black wins", "White wins", "Draw"] {
        let square = Rect::new(x, box_y - 1.0, 5.0, 5.0);
        footer.shape(Shape::Rect(square), Paint::stroke(LINE));
        footer.text(Text::new(
            Point::new(x + 7.0, box_y + 3.5),
            name,
            TEXT_PT,
            Anchor::Start,
        ));
        x += 7.0 + font::text_width(name, TEXT_PT) + 10.0;
    }
    (footer, box_y)
}

/// "Name ______": a label and a line to write on.
fn field(group: &mut Group, name: &str, at: Point, width: f64) {
    group.text(Text::new(at, name, TEXT_PT, Anchor::Start));
    let start = at.x + font::text_width(name, TEXT_PT) + 2.0;
    group.shape(
        Shape::Line(
            Point::new(start, at.y + 0.8),
            Point::new(at.x + width, at.y + 0.8),
        ),
        Paint::stroke(LINE),
    );
}

/// One column of the move table: a header row and `rows` numbered rows from `first`.
fn move_table(left: f64, top: f64, width: f64, row_h: f64, first: usize, rows: usize) -> Group {
    let mut table = Group::new("moves");
    let number_w = font::text_width("60", TEXT_PT) + 4.0;
    let move_w = (width - number_w) / 2.0;
    let columns = [
        left,
        left + number_w,
        left + number_w + move_w,
        left + width,
    ];
    let bottom = top + row_h * (rows + 1) as f64;
    let cap = font::cap_height(TEXT_PT);
    for (i, heading) in ["No.", "Black", "White"].iter().enumerate() {
        let x = (columns[i] + columns[i + 1]) / 2.0;
        table.text(Text::new(
            Point::new(x, top + (row_h + cap) / 2.0),
            *heading,
            SMALL_PT,
            Anchor::Middle,
        ));
    }
    for r in 0..=rows + 1 {
        let y = top + r as f64 * row_h;
        let stroke = if r == 1 {
            Stroke::solid(Color::BLACK, 0.5)
        } else {
            LINE
        };
        table.shape(
            Shape::Line(Point::new(left, y), Point::new(left + width, y)),
            Paint::stroke(stroke),
        );
    }
    for x in columns {
        table.shape(
            Shape::Line(Point::new(x, top), Point::new(x, bottom)),
            Paint::stroke(LINE),
        );
    }
    for r in 0..rows {
        let y = top + (r + 1) as f64 * row_h + (row_h + cap) / 2.0;
        table.text(Text::new(
            Point::new(columns[1] - 2.0, y),
            (first + r).to_string(),
            TEXT_PT,
            Anchor::End,
        ));
    }
    table
}
