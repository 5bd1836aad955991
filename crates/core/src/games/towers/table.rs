//! The Towers scoring table: tower counts per height, the combinations, the unusable towers
//! and the total, empty on the play sheet and filled in under the score diagram.

use super::rules::{COMBINATION_POINTS, SIZE, Scoring};
use crate::figure::{Anchor, Color, Group, Paint, Point, Shape, Stroke, Text};
use crate::font::Font;
use crate::layout::{fit, line_height};

/// The table's text size under the score diagram, in points.
pub(crate) const TEXT_PT: f64 = 9.5;

/// The table's words, text size and font: English under the score diagram, the template's
/// on the play sheet.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableWords<'a> {
    pub sides: [&'a str; 2],
    /// "{n}" is the height.
    pub height: &'a str,
    /// "{c}" is the combination, "1+2 = 4".
    pub combination: &'a str,
    pub unusable: &'a str,
    pub total: &'a str,
    pub text_pt: f64,
    /// The font the table's texts are measured in.
    pub font: &'a Font,
}

fn row_height(text_pt: f64) -> f64 {
    line_height(text_pt) * 1.25
}

/// Heights 1–8, four combinations, unusable towers and the total.
fn table_rows() -> usize {
    SIZE + 4 + 2
}

/// The scoring table: tower counts per height, the combinations (16/9/4/1), the unusable
/// towers and the total, for both players, filled in when `scoring` is given; in `words`,
/// all its text in one size: the largest at which every label fits.
pub(crate) fn scoring_table_in(
    at: Point,
    width: f64,
    scoring: Option<&[Scoring; 2]>,
    words: &TableWords,
) -> Group {
    let mut table = Group::new("scoring-table");
    let text_pt = words.text_pt;
    let h = row_height(text_pt);
    let label_w = width * 0.5;
    let column_w = (width - label_w) / 2.0;
    let x = |c: usize| at.x + label_w + c as f64 * column_w;
    let (labels, values) = texts(scoring, words);
    let size = table_size(&labels, &values, words, (label_w, column_w));
    let cap = words.font.cap_height(size);
    let middle = |row: usize| at.y + row as f64 * h + (h + cap) / 2.0;
    for (c, side) in words.sides.iter().enumerate() {
        table.text(Text::new(
            Point::new(x(c) + column_w / 2.0, middle(0)),
            *side,
            size,
            Anchor::Middle,
        ));
    }
    for (i, label) in labels.iter().enumerate() {
        table.text(Text::new(
            Point::new(at.x + 1.0, middle(i + 1)),
            label,
            size,
            Anchor::Start,
        ));
    }
    for (c, column) in values.iter().enumerate() {
        for (i, value) in column.iter().enumerate() {
            table.text(Text::new(
                Point::new(x(c) + column_w - 1.5, middle(i + 1)),
                value,
                size,
                Anchor::End,
            ));
        }
    }
    table_lines(&mut table, at, width, [x(0), x(1)], h);
    table
}

/// One text size for the whole table: the largest at which every label fits its column
/// (`label_w` wide) and every side's name and value fits its own (`column_w` wide).
fn table_size(
    labels: &[String],
    values: &[Vec<String>; 2],
    words: &TableWords,
    (label_w, column_w): (f64, f64),
) -> f64 {
    let text_pt = words.text_pt;
    labels
        .iter()
        .map(|label| fit(words.font, label, text_pt, label_w - 2.0))
        .chain(
            words
                .sides
                .into_iter()
                .chain(values.iter().flatten().map(String::as_str))
                .map(|text| fit(words.font, text, text_pt, column_w - 2.0)),
        )
        .fold(text_pt, f64::min)
}

/// Draws the table's rules, rows `h` apart: heavier under the sides' names, the heights
/// and the unusable towers; and its columns' edges, the value columns starting at
/// `columns`.
fn table_lines(table: &mut Group, at: Point, width: f64, columns: [f64; 2], h: f64) {
    let line = Paint::stroke(Stroke::solid(Color::BLACK, 0.3));
    let rows = table_rows() + 1;
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
    for xx in [at.x, columns[0], columns[1], at.x + width] {
        table.shape(
            Shape::Line(Point::new(xx, at.y), Point::new(xx, at.y + rows as f64 * h)),
            line.clone(),
        );
    }
}

/// The table's row labels and each player's filled-in values (empty when not filled).
pub(crate) fn texts(
    scoring: Option<&[Scoring; 2]>,
    words: &TableWords,
) -> (Vec<String>, [Vec<String>; 2]) {
    let mut labels: Vec<String> = (1..=SIZE)
        .map(|height| words.height.replace("{n}", &height.to_string()))
        .collect();
    let combination_names = ["1 = 1", "1+2 = 4", "1+2+3 = 9", "1+2+3+4 = 16"];
    labels.extend(
        combination_names
            .iter()
            .rev()
            .map(|c| words.combination.replace("{c}", c)),
    );
    labels.push(words.unusable.into());
    labels.push(words.total.into());
    let mut values: [Vec<String>; 2] = Default::default();
    if let Some(scoring) = scoring {
        for (c, s) in scoring.iter().enumerate() {
            values[c] = filled_values(s);
        }
    }
    (labels, values)
}

/// How wide the widest row label and the widest value or side's name are at the table's
/// text size, in millimetres: what a table needs so that none is shrunk.
pub(crate) fn widest(scoring: Option<&[Scoring; 2]>, words: &TableWords) -> (f64, f64) {
    let (labels, values) = texts(scoring, words);
    let width = |t: &str| words.font.text_width(t, words.text_pt);
    let label = labels.iter().map(|l| width(l)).fold(0.0, f64::max);
    let value = values
        .iter()
        .flatten()
        .map(String::as_str)
        .chain(words.sides)
        .map(width)
        .fold(0.0, f64::max);
    (label, value)
}

/// The table's height with text of `text_pt`.
pub(crate) fn scoring_table_height_at(text_pt: f64) -> f64 {
    (table_rows() + 1) as f64 * row_height(text_pt)
}

/// One player's column, filled in: counts per height, combinations, unusable towers, total.
fn filled_values(s: &Scoring) -> Vec<String> {
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
    values
}

/// The filled-in table `width` wide for large text, its text never shrunk: the value columns
/// as wide as the widest value, a row label too long for its column on a row of its own
/// above its values, the combinations under one heading, an unusable itemisation too wide
/// for its column given as its total. Horizontal rules only. Returns it and its height.
pub(crate) fn compact_table(
    at: Point,
    width: f64,
    scoring: &[Scoring; 2],
    words: &TableWords,
) -> (Group, f64) {
    let mut table = Group::new("scoring-table compact");
    let (values, column) = compact_values(scoring, words);
    let grid = CompactGrid {
        at,
        width,
        column,
        words,
    };
    let mut y = at.y;
    for (c, side) in words.sides.iter().enumerate() {
        table.text(Text::new(
            Point::new(grid.value_x(c) + COMPACT_PAD - column / 2.0, grid.middle(y)),
            *side,
            words.text_pt,
            Anchor::Middle,
        ));
    }
    y += row_height(words.text_pt);
    grid.line(&mut table, y, true);
    let y = compact_rows(&grid, &mut table, &values, y);
    (table, y - at.y)
}

/// Each player's filled-in values for a compact table, an itemisation wider than the
/// columns given as its total; and the value columns' width.
fn compact_values(scoring: &[Scoring; 2], words: &TableWords) -> ([Vec<String>; 2], f64) {
    let w = |t: &str| words.font.text_width(t, words.text_pt);
    let mut values: [Vec<String>; 2] = [filled_values(&scoring[0]), filled_values(&scoring[1])];
    let column = compact_column(&values, words);
    for v in &mut values {
        if w(&v[UNUSABLE_ROW]) + 2.0 * COMPACT_PAD > column {
            let total = v[UNUSABLE_ROW].rsplit(' ').next().unwrap_or("").to_string();
            v[UNUSABLE_ROW] = total;
        }
    }
    (values, column)
}

/// Where a compact table `width` wide at `at` puts its texts and rules: its value columns
/// `column` wide at the right, the row labels in the room left of them.
struct CompactGrid<'a> {
    at: Point,
    width: f64,
    column: f64,
    words: &'a TableWords<'a>,
}

impl CompactGrid<'_> {
    /// Draws a rule across the table at `y`, heavy under a group of rows.
    fn line(&self, table: &mut Group, y: f64, heavy: bool) {
        table.shape(
            Shape::Line(
                Point::new(self.at.x, y),
                Point::new(self.at.x + self.width, y),
            ),
            Paint::stroke(Stroke::solid(Color::BLACK, if heavy { 0.6 } else { 0.3 })),
        );
    }

    /// The baseline of the texts of the row whose top is `y`.
    fn middle(&self, y: f64) -> f64 {
        let pt = self.words.text_pt;
        y + (row_height(pt) + self.words.font.cap_height(pt)) / 2.0
    }

    /// Where the values of column `c` end (right-aligned).
    fn value_x(&self, c: usize) -> f64 {
        let label_room = self.width - 2.0 * self.column;
        self.at.x + label_room + (c + 1) as f64 * self.column - COMPACT_PAD
    }
}

/// Draws a compact table's rows from `y` down: heights, the combinations under one
/// heading, unusable towers and the total, each label with both players' values (on a row
/// of its own above them when too long to share it); returns the y under the last.
fn compact_rows(grid: &CompactGrid, table: &mut Group, values: &[Vec<String>; 2], y: f64) -> f64 {
    let words = grid.words;
    let (pt, pad, at) = (words.text_pt, COMPACT_PAD, grid.at);
    let h = row_height(pt);
    let w = |t: &str| words.font.text_width(t, pt);
    let mut y = y;
    let heading = words.combination.replace("{c}", "").trim().to_string();
    let names = ["1+2+3+4 = 16", "1+2+3 = 9", "1+2 = 4", "1 = 1"];
    let mut labels: Vec<String> = (1..=SIZE)
        .map(|n| words.height.replace("{n}", &n.to_string()))
        .collect();
    labels.extend(names.iter().map(|c| c.to_string()));
    labels.push(words.unusable.into());
    labels.push(words.total.into());
    for (i, label) in labels.iter().enumerate() {
        if i == SIZE {
            let at = Point::new(at.x + pad, grid.middle(y));
            table.text(Text::new(at, &heading, pt, Anchor::Start));
            y += h;
        }
        table.text(Text::new(
            Point::new(at.x + pad, grid.middle(y)),
            label,
            pt,
            Anchor::Start,
        ));
        // Too long to share its row with the values (right-aligned in their columns): on
        // a row of its own.
        if at.x + 2.0 * pad + w(label) + 2.0 > grid.value_x(0) - w(&values[0][i]) {
            y += h;
        }
        for (c, column) in values.iter().enumerate() {
            table.text(Text::new(
                Point::new(grid.value_x(c), grid.middle(y)),
                &column[i],
                pt,
                Anchor::End,
            ));
        }
        y += h;
        let heavy = i == SIZE - 1 || i == labels.len() - 2 || i == labels.len() - 1;
        grid.line(table, y, heavy);
    }
    y
}

/// The narrowest a compact table can be: two value columns and the shortest label.
pub(crate) fn compact_width(scoring: &[Scoring; 2], words: &TableWords) -> f64 {
    let values = [filled_values(&scoring[0]), filled_values(&scoring[1])];
    2.0 * compact_column(&values, words) + words.font.text_width(words.total, words.text_pt) + 3.0
}

/// A compact table's value column: the widest value but the itemised unusable towers, or a
/// side's name, and its padding.
fn compact_column(values: &[Vec<String>; 2], words: &TableWords) -> f64 {
    let w = |t: &str| words.font.text_width(t, words.text_pt);
    values
        .iter()
        .flat_map(|v| v.iter().enumerate())
        .filter(|(i, _)| *i != UNUSABLE_ROW)
        .map(|(_, v)| w(v))
        .chain(words.sides.map(w))
        .fold(0.0, f64::max)
        + 2.0 * COMPACT_PAD
}

const COMPACT_PAD: f64 = 2.5;
/// The unusable towers' row among the values.
const UNUSABLE_ROW: usize = SIZE + 4;
