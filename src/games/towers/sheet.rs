//! The Towers play sheet: the rhombus board and, beside it, a scoring table to fill in with a
//! pencil. The same table, filled in, goes under the score diagram.

use super::board::Rhombus;
use super::rules::{COMBINATION_POINTS, SIZE, Scoring};
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font;
use crate::games::Side;
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

fn row_height() -> f64 {
    line_height(TEXT_PT) * 1.25
}

/// Heights 1–8, four combinations, unusable towers and the total.
fn table_rows() -> usize {
    SIZE + 4 + 2
}

/// The scoring table: tower counts per height, the combinations (16/9/4/1), the unusable
/// towers and the total, for both players; filled in when `scoring` is given.
pub fn scoring_table(at: Point, width: f64, scoring: Option<&[Scoring; 2]>) -> Group {
    let mut table = Group::new("scoring-table");
    let h = row_height();
    let label_w = width * 0.5;
    let column_w = (width - label_w) / 2.0;
    let cap = font::cap_height(TEXT_PT);
    let line = Paint::stroke(Stroke::solid(Color::BLACK, 0.3));
    let rows = table_rows() + 1;
    let x = |c: usize| at.x + label_w + c as f64 * column_w;
    let middle = |row: usize| at.y + row as f64 * h + (h + cap) / 2.0;
    for (c, side) in [Side::Black, Side::White].into_iter().enumerate() {
        table.text(Text::new(
            Point::new(x(c) + column_w / 2.0, middle(0)),
            side.label(),
            TEXT_PT,
            Anchor::Middle,
        ));
    }
    let mut labels: Vec<String> = (1..=SIZE)
        .map(|height| format!("Towers of height {height}"))
        .collect();
    let combination_names = ["1 = 1", "1+2 = 4", "1+2+3 = 9", "1+2+3+4 = 16"];
    labels.extend(
        combination_names
            .iter()
            .rev()
            .map(|c| format!("Combinations {c}")),
    );
    labels.push("Unusable towers".into());
    labels.push("Total".into());
    for (i, label) in labels.iter().enumerate() {
        let size = fit(label, TEXT_PT, label_w - 2.0);
        table.text(Text::new(
            Point::new(at.x + 1.0, middle(i + 1)),
            label,
            size,
            Anchor::Start,
        ));
    }
    if let Some(scoring) = scoring {
        for (c, s) in scoring.iter().enumerate() {
            let mut values: Vec<String> = s.counts.iter().map(|n| n.to_string()).collect();
            for i in (0..4).rev() {
                let n = s.combinations[i];
                values.push(format!(
                    "{n} × {} = {}",
                    COMBINATION_POINTS[i],
                    n as i32 * COMBINATION_POINTS[i]
                ));
            }
            let minus: i32 = s
                .unusable
                .iter()
                .enumerate()
                .map(|(h, n)| (h as i32 + 1) * *n as i32)
                .sum();
            // Itemised as the rules' worked example does: 1×5 + 1×3 = −8.
            let unusable: Vec<String> = (1..=SIZE)
                .rev()
                .filter(|h| s.unusable[h - 1] > 0)
                .map(|h| format!("{}×{h}", s.unusable[h - 1]))
                .collect();
            values.push(if minus == 0 {
                "0".into()
            } else {
                format!("{} = −{minus}", unusable.join(" + "))
            });
            values.push(s.score.to_string().replace('-', "−"));
            for (i, value) in values.iter().enumerate() {
                let size = fit(value, TEXT_PT, column_w - 2.0);
                table.text(Text::new(
                    Point::new(x(c) + column_w - 1.5, middle(i + 1)),
                    value,
                    size,
                    Anchor::End,
                ));
            }
        }
    }
    for r in 0..=rows {
        let y = at.y + r as f64 * h;
        let stroke = if r == 1 || r == SIZE + 1 || r == rows - 1 {
            Paint::stroke(Stroke::solid(Color::BLACK, 0.6))
        } else {
            line.clone()
        };
        table.shape(
            Shape::Line(Point::new(at.x, y), Point::new(at.x + width, y)),
            stroke,
        );
    }
    for xx in [at.x, x(0), x(1), at.x + width] {
        table.shape(
            Shape::Line(Point::new(xx, at.y), Point::new(xx, at.y + rows as f64 * h)),
            line.clone(),
        );
    }
    table
}

/// The table's height, for layouts.
pub fn scoring_table_height() -> f64 {
    (table_rows() + 1) as f64 * row_height()
}
