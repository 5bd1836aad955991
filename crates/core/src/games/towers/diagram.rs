//! The Towers score diagram: the rhombus with every stone, each player's Towers outlined
//! along their direction and labelled with their height (used towers solid, unusable ones
//! dashed), the filled-in scoring table, the totals and the winner; after turn N during play,
//! with the Current Line marked.

use super::board::Rhombus;
use super::rules::{Board, LINES, SIZE, SQUARES, line, score, square_name, winner};
use super::table::{
    TableWords, compact_table, compact_width, scoring_table_height_at, scoring_table_in, widest,
};
use crate::figure::{Anchor, Color, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text};
use crate::font::{self, Font};
use crate::frame::{self, Block, Frame, Line, MARGIN};
use crate::layout::{Heading, line_height};
use crate::vocabulary::Side;
use crate::words::Words;

const WIDTH: f64 = 150.0;
const LABEL_PT: f64 = 8.0;
const USED: [Color; 2] = [super::palette::MOVE, super::palette::SECOND];
use super::palette::CURRENT;
use crate::palette::WARNING as UNUSABLE;

/// The diagram's squares by name, for checking annotations (placed as in a figure with
/// no header), its labels measured in `font`.
pub fn cells(font: &Font) -> crate::annotate::Cells {
    Rhombus::fitting(
        font,
        Rect::new(MARGIN, MARGIN, WIDTH, WIDTH * 0.92),
        LABEL_PT,
    )
    .cells()
}

/// The rhombus with its labels at `k` times their size, its area's top at `top` and at
/// least `width` wide (as wide as the table under it): the squares at least as large as in
/// a figure of usual text, the area wider by what larger labels take (bare: as before).
fn board_at(font: &Font, top: f64, k: f64, width: f64, bare: bool) -> Rhombus<'_> {
    // Larger text: a compact board as wide as the figure.
    if compact(k) {
        return Rhombus::compact(font, MARGIN, top, width, LABEL_PT * k);
    }
    let usual_area = Rect::new(MARGIN, top, WIDTH, WIDTH * 0.92);
    // A bare figure is cropped to its board: smaller squares are the same figure drawn
    // smaller, and a booklet's pages keep their scale.
    if bare {
        return Rhombus::fitting(font, usual_area, LABEL_PT * k);
    }
    let usual = Rhombus::fitting(font, usual_area, LABEL_PT);
    let area = Rect::new(MARGIN, top, width, WIDTH * 0.92 * width / WIDTH);
    let grown = Rhombus::fitting(font, area, LABEL_PT * k);
    if grown.step >= usual.step {
        return grown;
    }
    let wider = Rhombus::margin(font, LABEL_PT * k) - Rhombus::margin(font, LABEL_PT);
    let taller = Rhombus::vertical(font, LABEL_PT * k) - Rhombus::vertical(font, LABEL_PT);
    let area = Rect::new(
        MARGIN,
        top,
        WIDTH + 2.0 * wider.max(0.0),
        WIDTH * 0.92 + 2.0 * taller.max(0.0),
    );
    Rhombus::fitting(font, area, LABEL_PT * k)
}

/// Whether a diagram with text `k` times its size packs its board and table
/// ([`Rhombus::compact`], [`compact_table`]): a figure printed small needs it.
fn compact(k: f64) -> bool {
    k > 1.0 + 1e-9
}

/// What to draw besides the position, as for the other games' diagrams.
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    /// A caption from the record's `diagrams`, written under the board.
    pub caption: Option<String>,
    /// The game started from a record's `position`: turns count from it.
    pub set_up: bool,
    /// The board and its marks only: no header, score, legend, table or caption.
    pub bare: bool,
    /// With `bare`, the key to the board's symbols is kept under it (`--legend`).
    pub legend: bool,
    /// Every text this many times its size (booklets, `--text-size`); 0 is taken as 1.
    pub text_scale: f64,
    /// The language of the words drawn (the record's own title and caption as written).
    pub words: Words,
    /// The font the texts are measured in, which the figure carries (the view's).
    pub font: std::sync::Arc<crate::font::Font>,
}

/// The diagram of `board`, the position after turn `n` of a game of `turns` turns.
pub fn diagram(
    board: &Board,
    n: usize,
    turns: usize,
    heading: &Heading,
    options: &DiagramOptions,
) -> (Figure, crate::annotate::Cells) {
    let words = &options.words;
    let font = &options.font;
    let k = frame::text_scale(options.text_scale);
    let scoring = [Side::Black, Side::White].map(|side| score(board.tower_counts(side)));
    // Larger labels widen the board's area by the room they take, so the squares keep
    // their size.
    // A compact table's text is the labels' size, the smallest the figure prints.
    let text_pt = match compact(k) {
        true => LABEL_PT * k,
        false => super::table::TEXT_PT * k,
    };
    let width = figure_width(font, &scoring, (k, text_pt), options.bare, words);
    let frame = Frame {
        class: "diagram towers",
        game: words.tr("Towers"),
        heading,
        width,
        header_gap: 2.0,
        bare: options.bare,
        legend: options.legend,
        caption: options.caption.clone(),
        text_scale: k,
        font,
    };
    frame.draw(|top| {
        let rhombus = board_at(font, top, k, width, options.bare);
        let mut notes = vec![outcome(n, turns, options.set_up, board, &scoring, words)];
        notes.extend(current_line_note(board, words));
        // The text alternative holds what the figure writes.
        let written: Vec<String> = match options.bare {
            true => Vec::new(),
            false => options.caption.iter().chain(&notes).cloned().collect(),
        };
        let current = board.current.is_some();
        let legend: Block = Box::new(move |y| {
            let baseline = y + line_height(LABEL_PT * k) + 1.0;
            let at = Point::new(MARGIN, baseline);
            let (legend, last) = legend(font, at, (LABEL_PT * k, width), words, current);
            (Some(legend), last + 4.0 * k)
        });
        let table: Block = Box::new(|y| {
            if compact(k) {
                let words = table_words(font, text_pt, words);
                let at = Point::new(MARGIN, y);
                let (table, height) = compact_table(at, width, &scoring, &words.table());
                return (Some(table), y + height);
            }
            let table = table(font, y, &scoring, (text_pt, width), words);
            (Some(table), y + scoring_table_height_at(text_pt))
        });
        frame::FramedBoard {
            groups: board_marks(&rhombus, board, &scoring, k, words),
            extent: rhombus.extent(),
            cells: stone_cells(&rhombus, board, k),
            lines: notes.into_iter().map(Line::text).collect(),
            blocks: vec![legend, table],
            key: Some(0),
            plain_text: plain_text(n, turns, options.set_up, board, &scoring, words),
            description: describe(heading, n, options.set_up, board, &scoring, &written),
        }
    })
}

/// The figure's width: the board's and the scoring table's, at least [`WIDTH`].
fn figure_width(
    font: &Font,
    scoring: &[super::rules::Scoring; 2],
    (k, text_pt): (f64, f64),
    bare: bool,
    words: &Words,
) -> f64 {
    if compact(k) {
        return WIDTH.max(compact_width(
            scoring,
            &table_words(font, text_pt, words).table(),
        ));
    }
    let table_width = table_width(font, scoring, text_pt, words);
    board_at(font, MARGIN, k, table_width.max(WIDTH), bare)
        .extent()
        .width
        .max(WIDTH)
        .max(table_width)
}

/// The line under the board that names the Current Line and its next square, if one is
/// marked.
fn current_line_note(board: &Board, words: &Words) -> Option<String> {
    let current = board.current.as_ref()?;
    Some(words.fill(
        "The Current Line is Line {line} (marked); its next square is {square}.",
        &[
            ("line", &current.line),
            ("square", &square_name(current.next())),
        ],
    ))
}

/// The rhombus with its corner words, the Current Line, the stones and the towers.
fn board_marks(
    rhombus: &Rhombus,
    board: &Board,
    scoring: &[super::rules::Scoring; 2],
    k: f64,
    words: &Words,
) -> Vec<Group> {
    let corners = ["SOUTH", "NORTH", "EAST", "WEST", "Black ●", "White ○"].map(|w| words.tr(w));
    let mut groups = vec![rhombus.draw_in(&super::board::BoardWords {
        south: &corners[0],
        north: &corners[1],
        east: &corners[2],
        west: &corners[3],
        black: &corners[4],
        white: &corners[5],
        sheet: false,
    })];
    if let Some(current) = &board.current {
        let mut marked = Group::new(format!("current-line line-{}", current.line));
        for sq in line(current.line) {
            marked.shape(
                Shape::Polygon(rhombus.corners(sq)),
                Paint::stroke(Stroke::solid(CURRENT, 0.9)),
            );
        }
        groups.push(marked);
    }
    let mut stones = Group::new("stones");
    for sq in 0..SQUARES {
        if let Some(side) = board.at(sq) {
            stones.group(rhombus.stone(sq, side));
        }
    }
    groups.push(stones);
    groups.push(towers(rhombus, board, scoring, k));
    groups
}

/// The filled-in scoring table, centred under the legend from `top`.
fn table(
    font: &Font,
    top: f64,
    scoring: &[super::rules::Scoring; 2],
    (text_pt, room): (f64, f64),
    words: &Words,
) -> Group {
    let words = &table_words(font, text_pt, words);
    let table_width = table_width(font, scoring, text_pt, words.words);
    let left = MARGIN + ((room - table_width) / 2.0).max(0.0);
    scoring_table_in(
        Point::new(left, top),
        table_width,
        Some(scoring),
        &words.table(),
    )
}

/// The filled-in scoring table of `board`, the position after turn `n`, as words (a
/// replay page writes it as a table of text), the rows and values the figure's table draws.
pub fn score_table(board: &Board, n: usize, words: &Words) -> crate::replay::ScoreTable {
    let scoring = [Side::Black, Side::White].map(|side| score(board.tower_counts(side)));
    let font = Font::builtin();
    let owned = table_words(&font, super::table::TEXT_PT, words);
    let (labels, values) = super::table::texts(Some(&scoring), &owned.table());
    crate::replay::ScoreTable {
        caption: words.fill("Score after turn {n}", &[("n", &n)]),
        head: owned.text[..2].to_vec(),
        rows: labels
            .into_iter()
            .enumerate()
            .map(|(i, label)| (label, values.iter().map(|v| v[i].clone()).collect()))
            .collect(),
    }
}

/// The table's words in the view's language.
struct OwnedTableWords<'a> {
    words: &'a Words,
    font: &'a Font,
    text: [String; 6],
    text_pt: f64,
}

impl OwnedTableWords<'_> {
    fn table(&self) -> TableWords<'_> {
        let t = &self.text;
        TableWords {
            sides: [&t[0], &t[1]],
            height: &t[2],
            combination: &t[3],
            unusable: &t[4],
            total: &t[5],
            text_pt: self.text_pt,
            font: self.font,
        }
    }
}

fn table_words<'a>(font: &'a Font, text_pt: f64, words: &'a Words) -> OwnedTableWords<'a> {
    let text = [
        "Black ●",
        "White ○",
        "Towers of height {n}",
        "Combinations {c}",
        "Unusable towers",
        "Total",
    ]
    .map(|w| words.tr(w));
    OwnedTableWords {
        words,
        font,
        text,
        text_pt,
    }
}

/// The table's width: four fifths of the board; with enlarged text, as wide as its words
/// need at their size (widening the figure) rather than shrinking them.
fn table_width(
    font: &Font,
    scoring: &[super::rules::Scoring; 2],
    text_pt: f64,
    words: &Words,
) -> f64 {
    if text_pt <= super::table::TEXT_PT {
        return WIDTH * 0.8;
    }
    let (label, value) = widest(Some(scoring), &table_words(font, text_pt, words).table());
    (WIDTH * 0.8)
        .max(2.0 * (label + 2.0))
        .max(4.0 * (value + 2.0))
}

/// The board's squares, each with the stone standing on it (and the height disc a tower's
/// middle stone carries), for annotations.
fn stone_cells(rhombus: &Rhombus, board: &Board, text_scale: f64) -> crate::annotate::Cells {
    let mut cells = rhombus.cells();
    let middles: Vec<usize> = [Side::Black, Side::White]
        .into_iter()
        .flat_map(|side| board.towers(side))
        .map(|tower| tower[tower.len() / 2])
        .collect();
    for sq in 0..SQUARES {
        if let Some(side) = board.at(sq) {
            let fill = match side {
                Side::Black => crate::palette::STONE_BLACK,
                Side::White => Color::WHITE,
            };
            let mut piece = crate::annotate::Piece::plain(fill, rhombus.stone_radius());
            if middles.contains(&sq) {
                piece.numeral = height_radius(rhombus, text_scale);
            }
            crate::annotate::place(&mut cells, &square_name(sq), piece);
        }
    }
    cells
}

/// The radius of a tower's height disc: larger for a booklet, but never past the stone.
fn height_radius(rhombus: &Rhombus, text_scale: f64) -> f64 {
    let most = rhombus.stone_radius() - rhombus.step * 0.05;
    (rhombus.step * 0.32 * text_scale).min(most)
}

fn outcome(
    n: usize,
    turns: usize,
    set_up: bool,
    board: &Board,
    scoring: &[super::rules::Scoring; 2],
    words: &Words,
) -> String {
    let points = words
        .fill(
            "Black {black} · White {white}",
            &[("black", &scoring[0].score), ("white", &scoring[1].score)],
        )
        .replace('-', "−");
    if board.is_full() {
        let verdict = match winner(scoring[0].score, scoring[1].score) {
            Side::Black => "Black wins",
            Side::White if scoring[0].score == scoring[1].score => "White wins the tie",
            Side::White => "White wins",
        };
        format!("{points} — {}", words.tr(verdict))
    } else if set_up {
        let english = if n == 0 {
            "{points} in the position, {placed} of {squares} squares filled"
        } else {
            "{points}, {n} of {turns} turns after the position, {placed} of {squares} squares filled"
        };
        words.fill(
            english,
            &[
                ("points", &points),
                ("n", &n),
                ("turns", &turns),
                ("placed", &board.placed()),
                ("squares", &SQUARES),
            ],
        )
    } else {
        words.fill(
            "{points} after turn {n} of {turns}, {placed} of {squares} squares filled",
            &[
                ("points", &points),
                ("n", &n),
                ("turns", &turns),
                ("placed", &board.placed()),
                ("squares", &SQUARES),
            ],
        )
    }
}

/// Each Tower outlined along its direction with its height: the first towers of each height
/// a combination can take are drawn as used, the rest as unusable (T7).
fn towers(
    rhombus: &Rhombus,
    board: &Board,
    scoring: &[super::rules::Scoring; 2],
    text_scale: f64,
) -> Group {
    let mut group = Group::new("towers");
    for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
        let mut left_usable: [u32; SIZE] =
            std::array::from_fn(|h| scoring[i].counts[h] - scoring[i].unusable[h]);
        for tower in board.towers(side) {
            let h = tower.len();
            let used = left_usable[h - 1] > 0;
            if used {
                left_usable[h - 1] -= 1;
            }
            let class = format!(
                "tower {} height-{h} {}",
                side.name(),
                if used { "used" } else { "unusable" }
            );
            let mut outline = Group::new(class);
            let stroke = outline_stroke(i, used);
            outline.shape(
                Shape::Polygon(rhombus.strip(&tower, rhombus.step * 0.08)),
                Paint::stroke(stroke),
            );
            // The height in a small disc on the tower's middle stone.
            let middle = rhombus.center(tower[tower.len() / 2]);
            let radius = height_radius(rhombus, text_scale);
            outline.shape(
                Shape::Circle {
                    center: middle,
                    radius,
                },
                Paint::fill_and_stroke(
                    Color::WHITE,
                    match (used, i) {
                        (true, 0) => Stroke::solid(USED[i], 0.3),
                        // Dashed like White's outline.
                        (true, _) => Stroke::dashed(USED[i], 0.3, &[0.8, 0.35]),
                        // Dotted like its outline, not only red.
                        (false, _) => Stroke::dashed(UNUSABLE, 0.35, &[0.3, 0.4]),
                    },
                ),
            );
            // One digit: its cap height and width stay well inside the disc (inside it, and
            // as large as it allows, on a compact board).
            let fill = if rhombus.compact { 2.0 } else { 1.6 };
            let size = radius * fill / font::MM_PER_PT;
            let mut label = Text::new(
                Point::new(middle.x, middle.y + rhombus.font.cap_height(size) / 2.0),
                h.to_string(),
                size,
                Anchor::Middle,
            );
            label.color = if used { USED[i] } else { UNUSABLE };
            outline.text(label);
            group.group(outline);
        }
    }
    group
}

/// The diagram as plain text under the frame's title: the rhombus Line by Line from NORTH down to SOUTH, each
/// Line numbered at both ends, ranks beside the south-west edge and files beside the
/// south-east edge as on the drawn board, a key, the towers and the score.
fn plain_text(
    n: usize,
    turns: usize,
    set_up: bool,
    board: &Board,
    scoring: &[super::rules::Scoring; 2],
    words: &Words,
) -> String {
    use super::rules::{file_of, rank_of};
    let mut out = String::new();
    // Columns -2..=16: a square's column is file − rank + 7 (west to east); the labels
    // stand two columns outside the edge squares.
    const COLS: usize = 2 * SIZE + 3;
    let centre = |text: &str| format!("{:^width$}", text, width = COLS);
    out.push_str(&format!(
        "{:8}{}\n",
        "",
        centre(&words.tr("NORTH")).trim_end()
    ));
    for k in (0..LINES).rev() {
        let mut row = vec![' '; COLS];
        for sq in line(k) {
            let col = file_of(sq) + SIZE + 1 - rank_of(sq);
            row[col] = match board.at(sq) {
                Some(Side::Black) => 'x',
                Some(Side::White) => 'o',
                None => '.',
            };
        }
        if k < SIZE {
            // The Line's west end is on the rank edge, its east end on the file edge.
            row[SIZE - 1 - k] = char::from_digit(k as u32 + 1, 10).expect("ranks 1–8");
            row[k + SIZE + 3] = (b'a' + k as u8) as char;
        }
        let row: String = row.into_iter().collect();
        let (west, east) = if k == SIZE - 1 {
            (words.tr("WEST"), words.tr("EAST"))
        } else {
            Default::default()
        };
        // The West word's room is the longest of the language's, so the rows stay aligned.
        let room = words.tr("WEST").chars().count().max(4);
        let pad = room.saturating_sub(west.chars().count());
        out.push_str(format!("{west}{:pad$} {k:>2} {row} {k:<2} {east}", "").trim_end());
        out.push('\n');
    }
    out.push_str(&format!(
        "{:8}{}\n\n",
        "",
        centre(&words.tr("SOUTH")).trim_end()
    ));
    out.push_str(&words.tr("x Black, o White; Lines numbered 0 (SOUTH) to 14 (NORTH)"));
    out.push('\n');
    for (i, side) in ["Black towers: {counts}", "White towers: {counts}"]
        .iter()
        .enumerate()
    {
        let counts = tower_counts(&scoring[i], words);
        out.push_str(&words.fill(side, &[("counts", &counts)]));
        out.push('\n');
    }
    out.push_str(&outcome(n, turns, set_up, board, scoring, words));
    out.push('\n');
    out
}

/// A side's towers by height: "2× height 1, 1× height 3", or "none".
fn tower_counts(scoring: &super::rules::Scoring, words: &Words) -> String {
    let counts: Vec<String> = scoring
        .counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(h, c)| words.fill("{c}× height {h}", &[("c", c), ("h", &(h + 1))]))
        .collect();
    if counts.is_empty() {
        words.tr("none")
    } else {
        counts.join(", ")
    }
}

/// How a tower is outlined: by its player's line style as well as colour, so the print
/// theme's greys still tell them apart, and unusable towers in heavy short dashes that stay
/// visible in grey.
fn outline_stroke(side: usize, used: bool) -> Stroke {
    match (used, side) {
        (true, 0) => Stroke::solid(USED[0], 0.7),
        // Long dashes against the unusable towers' dots: in grey, White's green and the
        // warning red are one shade, so the patterns alone tell them apart.
        (true, _) => Stroke::dashed(USED[1], 0.7, &[3.0, 1.0]),
        (false, _) => Stroke::dashed(UNUSABLE, 1.1, &[0.45, 0.75]),
    }
}

/// The key to the tower outlines from `at` (on the text's baseline), its text at `pt`: one
/// row, or a key per row when they would pass the board's width. Returns it and the last
/// baseline.
fn legend(
    font: &Font,
    at: Point,
    (pt, width): (f64, f64),
    words: &Words,
    current: bool,
) -> (Group, f64) {
    let mut group = Group::new("legend");
    let (mut x, mut baseline) = (at.x, at.y);
    let mut keys = vec![
        (outline_stroke(0, true), "Black's towers in combinations"),
        (outline_stroke(1, true), "White's"),
        (outline_stroke(0, false), "unusable towers"),
    ];
    if current {
        keys.push((Stroke::solid(CURRENT, 0.9), "the Current Line"));
    }
    for (stroke, english) in keys {
        let key = words.tr(english);
        let key_width = font.text_width(&key, pt);
        if x > at.x && x + 11.0 + key_width > at.x + width {
            (x, baseline) = (at.x, baseline + line_height(pt) + 1.0);
        }
        let y = baseline - font.cap_height(pt) / 2.0;
        let mut sample = Group::new("legend-sample");
        sample.shape(
            Shape::Line(Point::new(x, y), Point::new(x + 9.0, y)),
            Paint::stroke(stroke),
        );
        group.group(sample);
        // Words longer than the row wrap under themselves.
        let lines = crate::layout::wrap(font, &key, pt, at.x + width - x - 11.0);
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                baseline += line_height(pt);
            }
            group.text(Text::new(
                Point::new(x + 11.0, baseline),
                line,
                pt,
                Anchor::Start,
            ));
        }
        x = match lines.len() {
            1 => x + 11.0 + key_width + 6.0,
            // The next key starts a row of its own.
            _ => at.x + width,
        };
    }
    (group, baseline)
}

/// The text alternative: the board Line by Line, the tower counts and the score.
fn describe(
    heading: &Heading,
    n: usize,
    set_up: bool,
    board: &Board,
    scoring: &[super::rules::Scoring; 2],
    notes: &[String],
) -> String {
    let title = heading.title.as_deref().unwrap_or("Towers game");
    let after = if set_up {
        format!("a set-up position and {n} turns after it")
    } else {
        format!("position after turn {n}")
    };
    let mut out = format!("{title}. Towers, {after}, Lines from SOUTH to NORTH, west end first:\n");
    for k in 0..LINES {
        let row: String = line(k)
            .iter()
            .map(|sq| match board.at(*sq) {
                Some(Side::Black) => 'x',
                Some(Side::White) => 'o',
                None => '.',
            })
            .collect();
        out.push_str(&format!("Line {k:>2}: {row}\n"));
    }
    for (i, side) in ["Black", "White"].iter().enumerate() {
        let counts: Vec<String> = scoring[i]
            .counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(h, c)| format!("{c}× height {}", h + 1))
            .collect();
        out.push_str(&format!(
            "{side} towers: {}; score {}.\n",
            counts.join(", "),
            scoring[i].score
        ));
    }
    out.push_str(&notes.join("\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two outlines tell apart in grey: one solid and one dashed, or dashes at least three
    /// times as long as the other's.
    fn differ_clearly(a: &Stroke, b: &Stroke) -> bool {
        match (a.dash.first(), b.dash.first()) {
            (None, None) => false,
            (Some(x), Some(y)) => x.max(*y) / x.min(*y) >= 3.0,
            _ => true,
        }
    }

    #[test]
    fn the_three_outlines_differ_by_pattern_not_only_colour() {
        let strokes = [(0, true), (1, true), (0, false)].map(|(s, u)| outline_stroke(s, u));
        for (i, a) in strokes.iter().enumerate() {
            for b in &strokes[i + 1..] {
                assert!(differ_clearly(a, b), "{a:?} and {b:?}");
            }
        }
    }
}
