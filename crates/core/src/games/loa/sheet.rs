//! Lines of Action sheets: a printable board with the start position, and a move-record
//! scoresheet for tournament games. Every word and size comes from the template
//! (`templates/loa.yaml`).

use std::sync::Arc;

use super::board::BoardLayout;
use super::game::Rules;
use super::rules::{AnyBoard, Setup};
use super::template::Template;
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font::{self, Font};
use crate::games::template::Label;
use crate::layout::{MIN_TEXT_PT, field, fit, fitted_lines, line_height, wrap};
use crate::page::PageSetup;
use crate::print_marks;
use crate::vocabulary::Phrase;

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
    /// The template's short rules under the board, instead of the one-paragraph footer.
    pub short_rules: bool,
    pub template: Template,
    /// The font every text is measured in, which the page carries to the backends.
    pub font: Arc<Font>,
}

/// The title at the top of `content`, shrunk to fit or wrapped (never past the page's
/// edge); the y where it ends.
fn title(font: &Font, group: &mut Group, text: &str, size: f64, content: Rect) -> f64 {
    let mut y = content.y;
    for (i, (line, size)) in fitted_lines(font, text, size, content.width, MIN_TEXT_PT)
        .into_iter()
        .enumerate()
    {
        y += match i {
            0 => font.ink_extent(&line, size).0,
            _ => line_height(size),
        };
        group.text(Text::new(
            Point::new(content.x, y),
            line,
            size,
            Anchor::Start,
        ));
    }
    y + font.descent(size)
}

/// The least room the board keeps between the texts above and below it, in millimetres.
const MIN_BOARD_MM: f64 = 40.0;

/// The rules in force, in the template's words.
fn caption(t: &Template, rules: &Rules) -> String {
    let n = rules.size;
    let setup = match rules.setup {
        Setup::Standard => &t.setups.standard.value,
        Setup::ScrambledEggs => &t.setups.scrambled_eggs.value,
    };
    let obstructions = if rules.obstructions.is_empty() {
        t.obstructions.none.value.clone()
    } else {
        t.obstructions
            .some
            .value
            .replace("{squares}", &super::game::obstruction_names(rules))
    };
    t.caption
        .value
        .replace("{n}", &n.to_string())
        .replace("{pieces}", &(2 * n - 4).to_string())
        .replace("{setup}", setup)
        .replace("{obstructions}", &obstructions)
}

/// The printable board: title, the board as large as the page allows with the start
/// position, and the rule options in force.
/// Texts of the template that leave no room for the board are refused, naming the key.
pub fn board_sheet(options: &SheetOptions) -> Result<Document, String> {
    let font = &options.font;
    let t = &options.template;
    let l = &t.layout;
    let (text_pt, small_pt) = (l.text_pt.value, l.small_pt.value);
    let (width, height) = options.page.size();
    let (paper, content) = print_marks::sheet_areas(options.page, t.layout.margin_mm.value);
    let mut page = Group::new("sheet lines-of-action");
    let caption = caption(t, &options.rules);
    let (header, y) = board_header(font, t, &caption, content);
    page.group(header);
    let top = y + font.descent(text_pt) + 6.0;

    let footer_top = if options.short_rules {
        let (group, box_top) =
            t.rules
                .draw(font, small_pt, (content.x, content.width), content.bottom());
        page.group(group);
        box_top
    } else {
        let (notes, footer_top) = board_footer(font, t, content);
        page.group(notes);
        footer_top
    };

    let room = footer_top - 6.0 - top;
    if room < MIN_BOARD_MM {
        let key = if options.short_rules {
            "rules"
        } else {
            "footer"
        };
        return Err(format!(
            "`{key}`: with the title and caption it leaves {:.0} mm of the page for the \
             board, which needs {MIN_BOARD_MM} mm; shorten it",
            room.max(0.0)
        ));
    }
    let side = content.width.min(room);
    let corner = Point::new(content.x + (content.width - side) / 2.0, top);
    let board = BoardLayout::fitting(font, corner, side, options.rules.size, text_pt);
    let engine = AnyBoard::new(options.rules.size, &options.rules.obstructions);
    page.group(board.draw(engine.blocked));
    let position = engine.start(options.rules.setup);
    if !options.empty {
        page.group(board.pieces(&position));
    }

    page.group(print_marks::scale_bar(
        font,
        paper,
        options.page,
        l.scale_bar,
    ));
    let mut figure = Figure::new(width, height, t.title.value.clone(), font.clone());
    figure.description = format!(
        "{} board, {}{}.",
        t.title.value,
        caption,
        if options.empty {
            ", empty"
        } else {
            ", with the start position"
        }
    );
    figure.root.group(page);
    Ok(Document::new(t.title.value.clone(), vec![figure]))
}

/// The board sheet's title and, wrapped under it, the `caption` of the rules in force;
/// the baseline of its last line.
fn board_header(font: &Font, t: &Template, caption: &str, content: Rect) -> (Group, f64) {
    let l = &t.layout;
    let text_pt = l.text_pt.value;
    let mut header = Group::new("header");
    let mut y = title(font, &mut header, &t.title.value, l.title_pt.value, content);
    for line in wrap(font, caption, text_pt, content.width) {
        y += line_height(text_pt);
        header.text(Text::new(
            Point::new(content.x, y),
            line,
            text_pt,
            Anchor::Start,
        ));
    }
    (header, y)
}

/// The template's one-paragraph footer at the foot of `content`; where it starts.
fn board_footer(font: &Font, t: &Template, content: Rect) -> (Group, f64) {
    let small_pt = t.layout.small_pt.value;
    let footer_lines = wrap(font, &t.footer.value, small_pt, content.width);
    let footer_top = content.bottom() - line_height(small_pt) * footer_lines.len() as f64;
    let mut notes = Group::new("rules");
    for (i, line) in footer_lines.iter().enumerate() {
        let baseline = footer_top + font.cap_height(small_pt) + i as f64 * line_height(small_pt);
        notes.text(Text::new(
            Point::new(content.x, baseline),
            line,
            small_pt,
            Anchor::Start,
        ));
    }
    (notes, footer_top)
}

/// Rows of move pairs on the scoresheet.
pub(crate) const SCORESHEET_ROWS: usize = 60;
/// The most columns of rows a page takes.
const MAX_COLUMNS: usize = 4;
/// Between the columns of the move table.
const COLUMN_GAP: f64 = 6.0;

/// The move-record sheet: event, date, round and player fields, 60 numbered rows for move
/// pairs, result boxes and signature lines. The rows are never closer than the template's
/// `min_row_mm`: a page with less height takes more columns (landscape: four of 15). Its
/// texts are measured in `font`, which the page carries. A field name too long for its
/// place is refused at its key in the template.
pub fn scoresheet(
    font: &Arc<Font>,
    page_setup: PageSetup,
    rules: &Rules,
    t: &Template,
) -> Result<Document, crate::error::Error> {
    let l = &t.layout;
    let s = &t.scoresheet;
    let (text_pt, small_pt) = (l.text_pt.value, l.small_pt.value);
    let (width, height) = page_setup.size();
    let (paper, content) = print_marks::sheet_areas(page_setup, t.layout.margin_mm.value);
    let mut page = Group::new("scoresheet lines-of-action");
    let mut header = Group::new("header");
    let mut y = title(font, &mut header, &s.title.value, l.title_pt.value, content);
    y += line_height(small_pt);
    let caption = caption(t, rules);
    header.text(Text::new(
        Point::new(content.x, y),
        &caption,
        fit(font, &caption, small_pt, content.width),
        Anchor::Start,
    ));
    y += line_height(text_pt) * 1.6;
    let y = header_fields(font, t, &mut header, content, y)?;
    page.group(header);

    let (footer, box_y) = result_footer(font, t, content);
    page.group(footer);

    let (columns, row_h) = move_tables(font, t, &mut page, content, (y, box_y - 8.0));

    page.group(print_marks::scale_bar(font, paper, page_setup, l.scale_bar));
    let mut figure = Figure::new(width, height, s.title.value.clone(), font.clone());
    figure.description = format!(
        "{} with {SCORESHEET_ROWS} numbered rows for move pairs in {columns} columns, rows \
         {row_h:.2} mm apart, result boxes and signature lines; {caption}.",
        s.title.value
    );
    figure.root.group(page);
    Ok(Document::new(s.title.value.clone(), vec![figure]))
}

/// Draws the scoresheet's fields from `y` down: Event / Date / Round on one line, Black /
/// White on the next; returns the y under them. A field name too long for its place is
/// refused at its key in the template.
fn header_fields(
    font: &Font,
    t: &Template,
    header: &mut Group,
    content: Rect,
    mut y: f64,
) -> Result<f64, crate::error::Error> {
    let text_pt = t.layout.text_pt.value;
    let f = &t.scoresheet.fields;
    let fields: [&[(&str, &Label, f64)]; 2] = [
        &[
            ("event", &f.event, 0.5),
            ("date", &f.date, 0.3),
            ("round", &f.round, 0.2),
        ],
        &[("black", &f.black, 0.5), ("white", &f.white, 0.5)],
    ];
    for row in fields {
        let mut x = content.x;
        for (key, label, share) in row {
            let w = content.width * share;
            let what = Phrase::new("the template's `{key}`")
                .with("key", format_args!("scoresheet.fields.{key}"));
            let name = &label.value;
            let size = crate::layout::one_line(font, what, name, text_pt, w / 2.0)
                .map_err(|why| crate::games::template::misfit(&t.source, label, why))?;
            header.group(field(font, name, size, Point::new(x, y), w - 4.0));
            x += w;
        }
        y += line_height(text_pt) * 1.8;
    }
    Ok(y)
}

/// Draws the move table's columns between `table_top` and `table_bottom`, as few as keep
/// the rows the template's `min_row_mm` apart; returns how many columns, and the rows'
/// height.
fn move_tables(
    font: &Font,
    t: &Template,
    page: &mut Group,
    content: Rect,
    (table_top, table_bottom): (f64, f64),
) -> (usize, f64) {
    let (columns, row_h) = move_columns(table_bottom - table_top, t.layout.min_row_mm.value);
    let rows = SCORESHEET_ROWS.div_ceil(columns);
    let column_w = (content.width - COLUMN_GAP * (columns - 1) as f64) / columns as f64;
    let table_pt = table_text_size(font, t, column_w, row_h);
    for column in 0..columns {
        let left = content.x + column as f64 * (column_w + COLUMN_GAP);
        let first = column * rows + 1;
        let count = rows.min(SCORESHEET_ROWS + 1 - first);
        page.group(move_table(
            font,
            t,
            (left, table_top),
            (column_w, row_h),
            table_pt,
            (first, count),
        ));
    }
    (columns, row_h)
}

/// The fewest columns (2 to [`MAX_COLUMNS`]) whose rows, header row included, are at least
/// `min_row` apart in `height`; the row height they get.
fn move_columns(height: f64, min_row: f64) -> (usize, f64) {
    let row_h = |columns: usize| height / (SCORESHEET_ROWS.div_ceil(columns) + 1) as f64;
    let columns = (2..=MAX_COLUMNS)
        .find(|&c| row_h(c) >= min_row)
        .unwrap_or(MAX_COLUMNS);
    // Rows far apart look empty: a pencil needs no more than twice the minimum.
    (columns, row_h(columns).min(2.0 * min_row))
}

/// The move table's one text size: the template's, smaller only if a row or a column
/// heading would not hold it.
fn table_text_size(font: &Font, t: &Template, column_w: f64, row_h: f64) -> f64 {
    let c = &t.scoresheet.columns;
    let number_w = number_width(font, t.layout.text_pt.value);
    let move_w = (column_w - number_w) / 2.0;
    let by_row = row_h * 0.6 / font::MM_PER_PT;
    [
        fit(
            font,
            &c.number.value,
            t.layout.text_pt.value,
            number_w - 1.0,
        ),
        fit(font, &c.black.value, t.layout.text_pt.value, move_w - 1.0),
        fit(font, &c.white.value, t.layout.text_pt.value, move_w - 1.0),
        by_row.max(crate::layout::MIN_TEXT_PT),
    ]
    .into_iter()
    .fold(t.layout.text_pt.value, f64::min)
}

fn number_width(font: &Font, text_pt: f64) -> f64 {
    font.text_width("60", text_pt) + 4.0
}

/// The scoresheet's foot, from the bottom: signature lines, then the result boxes. Returns
/// it and the top of the result boxes' row.
fn result_footer(font: &Font, t: &Template, content: Rect) -> (Group, f64) {
    let s = &t.scoresheet;
    let (text_pt, small_pt) = (t.layout.text_pt.value, t.layout.small_pt.value);
    let mut footer = Group::new("result");
    let sign_y = content.bottom() - 1.0;
    let third = content.width / 3.0;
    let signatures = [
        &s.signatures.black,
        &s.signatures.white,
        &s.signatures.arbiter,
    ];
    for (i, name) in signatures.iter().enumerate() {
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
            &name.value,
            fit(font, &name.value, small_pt, third - 5.0),
            Anchor::Start,
        ));
    }
    let box_y = sign_y - 16.0;
    footer.text(Text::new(
        Point::new(content.x, box_y + 3.5),
        &s.result.value,
        text_pt,
        Anchor::Start,
    ));
    let mut x = content.x + font.text_width(&s.result.value, text_pt) + 6.0;
    for name in [&s.outcomes.black, &s.outcomes.white, &s.outcomes.draw] {
        let square = Rect::new(x, box_y - 1.0, 5.0, 5.0);
        footer.shape(Shape::Rect(square), Paint::stroke(LINE));
        footer.text(Text::new(
            Point::new(x + 7.0, box_y + 3.5),
            &name.value,
            text_pt,
            Anchor::Start,
        ));
        x += 7.0 + font.text_width(&name.value, text_pt) + 10.0;
    }
    (footer, box_y)
}

/// One column of the move table: a header row and `count` numbered rows from `first`, all
/// its text in `size`.
fn move_table(
    font: &Font,
    t: &Template,
    (left, top): (f64, f64),
    (width, row_h): (f64, f64),
    size: f64,
    (first, count): (usize, usize),
) -> Group {
    let c = &t.scoresheet.columns;
    let mut table = Group::new("moves");
    let number_w = number_width(font, t.layout.text_pt.value);
    let move_w = (width - number_w) / 2.0;
    let columns = [
        left,
        left + number_w,
        left + number_w + move_w,
        left + width,
    ];
    let bottom = top + row_h * (count + 1) as f64;
    let cap = font.cap_height(size);
    for (i, heading) in [&c.number, &c.black, &c.white].iter().enumerate() {
        let x = (columns[i] + columns[i + 1]) / 2.0;
        table.text(Text::new(
            Point::new(x, top + (row_h + cap) / 2.0),
            &heading.value,
            size,
            Anchor::Middle,
        ));
    }
    for r in 0..=count + 1 {
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
    for r in 0..count {
        let y = top + (r + 1) as f64 * row_h + (row_h + cap) / 2.0;
        table.text(Text::new(
            Point::new(columns[1] - 2.0, y),
            (first + r).to_string(),
            size,
            Anchor::End,
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::Paper;

    /// The y of every horizontal rule of the move tables, per table.
    fn row_rules(doc: &Document) -> Vec<Vec<f64>> {
        doc.pages[0]
            .root
            .groups_with_class("moves")
            .iter()
            .map(|table| {
                table
                    .items
                    .iter()
                    .filter_map(|item| match item {
                        crate::figure::Item::Shape(Shape::Line(a, b), _) if a.y == b.y => Some(a.y),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn scoresheet_rows_are_at_least_6_mm_apart_on_every_page_and_hold_60_moves() {
        for paper in [Paper::A4, Paper::Letter] {
            for landscape in [false, true] {
                let setup = PageSetup { paper, landscape };
                let font = Font::builtin();
                let doc =
                    scoresheet(&font, setup, &Rules::default(), &Template::builtin()).unwrap();
                let tables = row_rules(&doc);
                let mut numbered = 0;
                for rules in &tables {
                    for pair in rules.windows(2) {
                        let gap = pair[1] - pair[0];
                        assert!(
                            gap >= 6.0 - 1e-9,
                            "{paper:?} landscape {landscape}: {gap} mm"
                        );
                    }
                    numbered += rules.len() - 2; // the top rule and the header row's
                }
                assert_eq!(numbered, SCORESHEET_ROWS, "{paper:?} landscape {landscape}");
                let page = &doc.pages[0];
                let texts = page.root.groups_with_class("moves")[0].texts();
                let sizes: Vec<f64> = texts.iter().map(|t| t.size).collect();
                assert!(sizes.iter().all(|s| *s == sizes[0]), "one size: {sizes:?}");
                assert!(sizes[0] >= crate::layout::MIN_TEXT_PT);
            }
        }
    }

    #[test]
    fn the_caption_names_obstructions_in_the_template_words() {
        let rules = Rules {
            size: 6,
            obstructions: vec![14],
            ..Rules::default()
        };
        let text = caption(&Template::builtin(), &rules);
        assert!(
            text.starts_with("6×6, 8 pieces a side, standard setup, obstructed: "),
            "{text}"
        );
    }
}
