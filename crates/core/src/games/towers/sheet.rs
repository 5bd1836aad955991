//! The Towers play sheet: the rhombus board and, beside it, a scoring table to fill in with a
//! pencil, under the title, name lines and a date line; the short rules with `--rules`.
//! Every word and size comes from the template (`templates/towers.yaml`).

use super::board::{BoardWords, Rhombus};
use super::table::{TableWords, scoring_table_height_at, scoring_table_in};
use super::template::Template;
use crate::figure::{Document, Figure, Group, Point, Rect};
use crate::font::Font;
use crate::layout::{field, fit, line_height};
use crate::page::PageSetup;
use crate::print_marks;
use crate::vocabulary::Phrase;

/// What the sheet shows.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    pub page: PageSetup,
    pub template: Template,
    /// The template's short rules under the board.
    pub rules: bool,
    /// The font every text is measured in, which the page carries to the backends.
    pub font: std::sync::Arc<crate::font::Font>,
}

/// Between the parts of the sheet, in millimetres.
const GAP: f64 = 6.0;

/// The play sheet.
pub fn play_sheet(options: &SheetOptions) -> Result<Document, crate::error::Error> {
    let t = &options.template;
    let l = &t.layout;
    let font = &*options.font;
    let (width, height) = options.page.size();
    let (paper, content) = print_marks::sheet_areas(options.page, l.margin_mm.value);
    let mut root = Group::new("sheet towers");
    let (header, header_bottom) = header(font, t, content)?;
    root.group(header);
    let top = header_bottom + GAP;

    let words = table_words(t, font);
    let board_words = board_words(t);
    let table_width = l.table_width_mm.value;
    let label_pt = l.label_pt.value;
    let fit =
        |area: Rect| Rhombus::fitting(font, narrower(font, area, label_pt, &board_words), label_pt);
    // Each layout: the board, and the table and rules drawn with it.
    let layouts = if options.rules {
        layouts_with_rules(t, content, top, &words, &fit, table_width)
    } else {
        board_and_table(content, (top, content.bottom()), &words, &fit, table_width)
    };
    let (board, groups) = largest(layouts);
    root.group(board.draw_in(&board_words));
    for group in groups {
        root.group(group);
    }

    root.group(print_marks::scale_bar(
        font,
        paper,
        options.page,
        l.scale_bar,
    ));
    let mut figure = Figure::new(width, height, t.title.value.clone(), options.font.clone());
    figure.description = description(t, options.rules);
    figure.root.group(root);
    Ok(Document::new(t.title.value.clone(), vec![figure]))
}

/// The scoring table's words and sizes, from the template.
fn table_words<'a>(t: &'a Template, font: &'a Font) -> TableWords<'a> {
    TableWords {
        sides: [&t.sides.black.value, &t.sides.white.value],
        height: &t.table.height.value,
        combination: &t.table.combination.value,
        unusable: &t.table.unusable.value,
        total: &t.table.total.value,
        text_pt: t.layout.text_pt.value,
        font,
    }
}

/// The words the board draws around it on the sheet, from the template.
fn board_words(t: &Template) -> BoardWords<'_> {
    BoardWords {
        south: &t.corners.south.value,
        north: &t.corners.north.value,
        east: &t.corners.east.value,
        west: &t.corners.west.value,
        black: &t.sides.black.value,
        white: &t.sides.white.value,
        sheet: true,
    }
}

/// The layouts that draw the short rules below `top`: beside the table under the board,
/// in one column with the table beside the board, or across the page's foot.
fn layouts_with_rules<'f>(
    t: &Template,
    content: Rect,
    top: f64,
    words: &TableWords,
    fit: &dyn Fn(Rect) -> Rhombus<'f>,
    table_width: f64,
) -> Vec<(Rhombus<'f>, Vec<Group>)> {
    let (font, text_pt) = (words.font, words.text_pt);
    let table_height = scoring_table_height_at(text_pt);
    let bottom = content.bottom();
    let mut layouts = Vec::new();
    // The rules beside the table under the board, so the board keeps the room it has
    // without them when they are no taller than the table.
    let x = content.x + table_width + GAP;
    let (rules, rules_top) = t
        .rules
        .draw(font, text_pt, (x, content.right() - x), bottom);
    let table_top = bottom - table_height;
    let table = scoring_table_in(Point::new(content.x, table_top), table_width, None, words);
    let under = Rect::new(
        content.x,
        top,
        content.width,
        table_top.min(rules_top) - GAP - top,
    );
    layouts.push((fit(under), vec![table, rules]));
    // Or, on a wide page, the table and the rules in one column beside the board: the
    // narrowest column whose rules fit under the table.
    let mut column = table_width;
    while column <= content.width / 2.0 {
        let x = content.right() - column;
        let (rules, rules_top) = t.rules.draw(font, text_pt, (x, column), bottom);
        if top + table_height + GAP <= rules_top {
            let area = Rect::new(content.x, top, x - GAP - content.x, bottom - top);
            let table = scoring_table_in(Point::new(x, top), table_width, None, words);
            layouts.push((fit(area), vec![table, rules]));
            break;
        }
        column += 5.0;
    }
    // Or the rules across the page's foot, the board and table above them.
    let (group, box_top) = t
        .rules
        .draw(font, text_pt, (content.x, content.width), bottom);
    let above = board_and_table(content, (top, box_top - GAP), words, fit, table_width);
    layouts.extend(above.into_iter().map(|(board, mut groups)| {
        groups.push(group.clone());
        (board, groups)
    }));
    layouts
}

/// The layout with the largest board (the first of equals).
fn largest(layouts: Vec<(Rhombus, Vec<Group>)>) -> (Rhombus, Vec<Group>) {
    layouts
        .into_iter()
        .reduce(|best, next| {
            if next.0.step > best.0.step {
                next
            } else {
                best
            }
        })
        .expect("a layout")
}

/// The sheet's description, for readers that cannot see it.
fn description(t: &Template, rules: bool) -> String {
    format!(
        "{} play sheet: the 8×8 board as a rhombus with SOUTH at the bottom, the 15 Lines \
         numbered, name and date lines, and a scoring table for both players{}.",
        t.title.value,
        if rules { ", with short rules" } else { "" }
    )
}

/// The table beside the board between `top` and `bottom`, or under it: each with its board.
fn board_and_table<'f>(
    content: Rect,
    (top, bottom): (f64, f64),
    words: &TableWords,
    fit: &dyn Fn(Rect) -> Rhombus<'f>,
    table_width: f64,
) -> Vec<(Rhombus<'f>, Vec<Group>)> {
    let table_height = scoring_table_height_at(words.text_pt);
    // The table beside the board or under it, whichever leaves the larger board: beside on
    // a landscape page, and on a portrait one when the rules box takes the height.
    let beside_area = Rect::new(
        content.x,
        top,
        content.width - table_width - GAP,
        bottom - top,
    );
    let table_top = top + ((beside_area.height - table_height) / 2.0).max(0.0);
    let beside = scoring_table_in(
        Point::new(content.right() - table_width, table_top),
        table_width,
        None,
        words,
    );
    let under_area = Rect::new(
        content.x,
        top,
        content.width,
        bottom - top - table_height - GAP,
    );
    let wide = (table_width * 1.6).min(content.width);
    let at = Point::new(
        content.x + (content.width - wide) / 2.0,
        bottom - table_height,
    );
    let under = scoring_table_in(at, wide, None, words);
    vec![
        (fit(beside_area), vec![beside]),
        (fit(under_area), vec![under]),
    ]
}

/// The board's area less the room its Line numbers take further out on the sheet, and
/// what a WEST or EAST longer than the English word takes.
fn narrower(font: &Font, area: Rect, label_pt: f64, words: &BoardWords) -> Rect {
    let longest = font
        .text_width(words.west, label_pt)
        .max(font.text_width(words.east, label_pt));
    let room = Rhombus::sheet_room(font, label_pt)
        + (longest - font.text_width("WEST", label_pt)).max(0.0);
    Rect::new(area.x + room, area.y, area.width - 2.0 * room, area.height)
}

/// Title, subtitle, the two name lines and the date line; returns it and where it ends.
fn header(font: &Font, t: &Template, content: Rect) -> Result<(Group, f64), crate::error::Error> {
    let l = &t.layout;
    let text_pt = l.text_pt.value;
    let mut header = Group::new("header");
    // Title and subtitle wrap rather than run past the page.
    let title = &t.title.value;
    let first = fit(font, title, l.title_pt.value, content.width);
    let y = content.y + font.ink_extent(title, first).0;
    let span = |y| (content.x, y, content.width);
    let (y, _) = crate::layout::text_lines(font, &mut header, title, l.title_pt.value, span(y));
    let y = y + line_height(text_pt) * 1.2;
    let subtitle = &t.subtitle.value;
    let (mut y, _) = crate::layout::text_lines(font, &mut header, subtitle, text_pt, span(y));
    y += line_height(text_pt) * 2.0;
    // "Black ______   White ______   Date ______"
    let shares = [0.38, 0.38, 0.24];
    let labels = [
        (
            ("name_line", &t.name_line),
            t.name_line.value.replace("{side}", &t.sides.black.value),
        ),
        (
            ("name_line", &t.name_line),
            t.name_line.value.replace("{side}", &t.sides.white.value),
        ),
        (("date", &t.date), t.date.value.clone()),
    ];
    let mut x = content.x;
    for (((key, at), label), share) in labels.iter().zip(shares) {
        let w = content.width * share;
        let what = Phrase::new("the template's `{key}`").with("key", key);
        let size = crate::layout::one_line(font, what, label, text_pt, w / 2.0)
            .map_err(|why| crate::games::template::misfit(&t.source, at, why))?;
        header.group(field(font, label, size, Point::new(x, y), w - 6.0));
        x += w;
    }
    Ok((header, y + font.descent(text_pt)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{Item, Shape};
    use crate::page::Paper;

    /// The side of the sheet's first square, in millimetres.
    fn square(rules: bool, landscape: bool) -> f64 {
        let document = play_sheet(&SheetOptions {
            page: PageSetup {
                paper: Paper::A4,
                landscape,
            },
            template: Template::builtin(),
            rules,
            font: Font::builtin(),
        })
        .unwrap();
        let squares = document.pages[0].root.groups_with_class("squares");
        let Some(Item::Group(line)) = squares[0].items.first() else {
            panic!("no Line")
        };
        let Some(Item::Shape(Shape::Polygon(corners), _)) = line.items.first() else {
            panic!("no square")
        };
        let (a, b) = (corners[0], corners[1]);
        ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
    }

    #[test]
    fn the_short_rules_leave_the_portrait_board_its_size() {
        // They were set across the page's foot and the board went beside the table, its
        // squares 5.75 mm instead of 9.67.
        let (without, with) = (square(false, false), square(true, false));
        assert!(
            with >= without - 1e-9,
            "{with:.2} mm, {without:.2} mm without"
        );
        // Landscape, the rules take height the board needs: it may shrink, but not by much.
        let (without, with) = (square(false, true), square(true, true));
        assert!(
            with > 0.8 * without,
            "{with:.2} mm, {without:.2} mm without"
        );
    }
}
