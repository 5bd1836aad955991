//! The Shoreline score diagram: the board after the last move (or after move N), every
//! scoring three and every dead run marked, the score, the winner, players, title and date.
//! The stone and run drawings are shared with the filled play sheet.

use super::Side;
use super::board::{BoardLayout, COLUMNS, ROWS, STONE_RADIUS};
use super::rules::{PLACEMENTS, Play, Point, Position, Run, SIZE, Score, Scoring};
use crate::figure::Point as At;
use crate::figure::{Anchor, Color, Figure, Group, Paint, Shape, Stroke, Text};
use crate::font::{self, Font};
use crate::frame::{self, Block, Frame, FramedBoard, Line, MARGIN, TEXT_PT};
use crate::layout::{Heading, MIN_TEXT_PT, fit_above, line_height};
use crate::vocabulary::Numbering;
use crate::words::Words;

/// What to draw besides the position.
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    /// Draw the position after this many moves (0 is the empty board); all moves if None.
    pub at: Option<usize>,
    /// Write each stone's placement number on it.
    pub numbers: bool,
    /// A caption from the record's `diagrams`, written under the board.
    pub caption: Option<String>,
    /// Every move weighed against perfect play: the costly ones are marked and listed.
    pub analysis: Option<Vec<super::solver::MoveAnalysis>>,
    /// The board and its marks only: no header, score, legend or caption.
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

const SPACING: f64 = 18.0;
/// Board labels and the legend, in points.
pub(crate) const LABEL_PT: f64 = 9.0;
const LINE_GAP: f64 = 2.0;

use super::palette::LAST_MOVE;
use crate::palette::{STONE_BLACK as BLACK_STONE, WARNING as DEAD_RUN};
const WHITE_STONE: Color = Color::WHITE;

/// The diagram's points by name, for checking annotations (placed as in a figure with no
/// header), its labels measured in `font`.
pub fn cells(font: &Font) -> crate::annotate::Cells {
    BoardLayout::at(font, At::new(MARGIN, MARGIN), SPACING, LABEL_PT).cells()
}

/// The score diagram of `play` after `options.at` moves (the end if None).
pub fn diagram(
    play: &Play,
    heading: &Heading,
    options: &DiagramOptions,
) -> (Figure, crate::annotate::Cells) {
    let n = options.at.unwrap_or(play.moves.len()).min(play.moves.len());
    let position = play.position_after(n);
    let score = position.score(play.rules.scoring);
    let k = frame::text_scale(options.text_scale);
    let label_pt = LABEL_PT * k;
    let font = &options.font;
    let width = BoardLayout::at(font, At::new(0.0, 0.0), SPACING, label_pt)
        .extent()
        .width;
    let words = &options.words;
    let frame = diagram_frame(heading, options, width, k);
    frame.draw(|top| {
        let board = BoardLayout::at(font, At::new(MARGIN, top), SPACING, label_pt);
        let mut blocks: Vec<Block> = Vec::new();
        if let Some(analysis) = &options.analysis {
            blocks.push(Box::new(move |y| {
                let at = At::new(MARGIN, y);
                let (table, bottom) =
                    costly_moves(font, analysis, n, at, (width, TEXT_PT * k), words);
                (Some(table), bottom)
            }));
        }
        let (scoring, runs) = (play.rules.scoring, &score.runs);
        // As `board_marks` rings it.
        let last_move = n > 0 && options.at.is_some();
        blocks.push(Box::new(move |y| {
            let at = At::new(MARGIN, y + LINE_GAP + line_height(label_pt));
            // The key may reach half into the right margin, as the English one always has.
            match legend(
                font,
                at,
                (width + MARGIN / 2.0, label_pt),
                scoring,
                runs,
                last_move,
                words,
            ) {
                (Some(legend), bottom) => (Some(legend), bottom),
                // No runs on the board, so nothing to explain.
                (None, _) => (None, y + font.descent(TEXT_PT * k)),
            }
        }));
        FramedBoard {
            groups: board_marks(play, &board, n, &score, options),
            extent: board.extent(),
            cells: stone_cells(play, &board, n, options.numbers),
            lines: score_lines(play, n, &score, words)
                .into_iter()
                .map(Line::text)
                .collect(),
            key: Some(blocks.len() - 1),
            blocks,
            plain_text: plain_text(play, n, &position, &score, words),
            description: describe(play, heading, n, &position, &score),
        }
    })
}

/// The frame the score diagram draws its board in, `width` wide, its texts `k` times their
/// size: the heading above it, the lines and blocks under it.
fn diagram_frame<'a>(
    heading: &'a Heading,
    options: &'a DiagramOptions,
    width: f64,
    k: f64,
) -> Frame<'a> {
    Frame {
        class: "diagram shoreline",
        game: options.words.tr("Shoreline"),
        heading,
        width,
        header_gap: 2.0 * LINE_GAP,
        bare: options.bare,
        legend: options.legend,
        caption: options.caption.clone(),
        text_scale: k,
        font: &options.font,
    }
}

/// The board, its runs and stones, and the analysis's marks, each a group.
fn board_marks(
    play: &Play,
    board: &BoardLayout,
    n: usize,
    score: &Score,
    options: &DiagramOptions,
) -> Vec<Group> {
    let last = (n > 0 && options.at.is_some()).then(|| play.moves[n - 1]);
    let moves = &play.moves[..n];
    let start = play.start_position();
    let mut groups = vec![board.draw(), runs(board, &score.runs)];
    if play.start.is_some() {
        groups.push(set_up_stones(board, &start));
    }
    groups.push(stones(board, start.to_move(), moves, options.numbers, last));
    if let Some(analysis) = &options.analysis {
        groups.push(losses(
            board,
            analysis,
            n,
            frame::text_scale(options.text_scale),
        ));
    }
    groups
}

/// The board's points, each with the stone placed on it in the first `n` moves.
fn stone_cells(
    play: &Play,
    board: &BoardLayout,
    n: usize,
    numbers: bool,
) -> crate::annotate::Cells {
    let mut cells = board.cells();
    let start = play.start_position();
    let set_up = (1..=ROWS)
        .flat_map(|row| (0..SIZE).map(move |column| Point::new(column, row)))
        .filter_map(|point| start.at(point).map(|side| (point, side)));
    let mut side = start.to_move();
    let moves = play.moves[..n].iter().map(|point| {
        let placed = (*point, side);
        side = side.other();
        placed
    });
    for (point, side) in set_up.collect::<Vec<_>>().into_iter().chain(moves) {
        let fill = match side {
            Side::Black => BLACK_STONE,
            Side::White => WHITE_STONE,
        };
        let mut piece = crate::annotate::Piece::plain(fill, stone_radius(board));
        if numbers {
            // Half the width of a two-digit move number, with room to spare.
            piece.numeral = piece.radius * 0.75;
        }
        let mut name = point.name();
        name.make_ascii_lowercase();
        crate::annotate::place(&mut cells, &name, piece);
    }
    cells
}

/// "Black 2 · White 1 — Black wins", and what the position is.
fn score_lines(play: &Play, n: usize, score: &Score, words: &Words) -> Vec<String> {
    let rules = &play.rules;
    let placed = play.start.as_ref().map_or(0, Position::placed) + n;
    let points = words.fill(
        "Black {black} · White {white}",
        &[("black", &score.black), ("white", &score.white)],
    );
    let mut lines = Vec::new();
    if placed == PLACEMENTS {
        let verdict = match score.winner() {
            Some(Side::Black) => "Black wins",
            Some(Side::White) => "White wins",
            None => "Draw",
        };
        lines.push(format!("{points} — {}", words.tr(verdict)));
    } else if play.start.is_none() && n == 0 {
        lines.push(words.fill(
            "{points} after {n} of {total} half-moves",
            &[("points", &points), ("n", &n), ("total", &PLACEMENTS)],
        ));
    } else if play.start.is_none() {
        // The move as move lists number it (`8. D4`), and how far into the game.
        let played = Numbering::Pairs.moves(&play.move_names(), n - 1, n);
        lines.push(words.fill(
            "{points} after {move}, {n} of {total} half-moves",
            &[
                ("points", &points),
                ("move", &played),
                ("n", &n),
                ("total", &PLACEMENTS),
            ],
        ));
    } else if n == 0 {
        lines.push(words.fill("{points} in the position", &[("points", &points)]));
    } else {
        lines.push(words.fill(
            "{points}, {n} moves after the position",
            &[("points", &points), ("n", &n)],
        ));
    }
    let mut said = vec![words.tr(match rules.scoring {
        Scoring::Exact => "exact scoring",
        Scoring::Beginner => "beginner scoring",
    })];
    if rules.first != Side::Black {
        said.push(words.tr("White placed first"));
    }
    lines.push(said.join(", "));
    lines
}

/// Each move that lost points against perfect play: its number on its stone, and the loss
/// in a red badge beside it.
fn losses(
    board: &BoardLayout,
    analysis: &[super::solver::MoveAnalysis],
    n: usize,
    text_scale: f64,
) -> Group {
    let mut group = Group::new("analysis");
    let radius = stone_radius(board);
    for m in analysis.iter().take(n).filter(|m| m.loss > 0) {
        let center = page_point(board, m.point);
        let mut mark = Group::new(format!("loss move-{}", m.number));
        let size = radius * 1.0 / font::MM_PER_PT;
        let mut number = Text::new(
            At::new(center.x, center.y + board.font.cap_height(size) / 2.0),
            m.move_number().to_string(),
            size,
            Anchor::Middle,
        );
        number.color = if m.player == Side::Black {
            Color::WHITE
        } else {
            Color::BLACK
        };
        mark.text(number);
        // Between the east and north-east directions, half way, and far enough out that
        // neither a run line nor a grid line through the stone touches it.
        let angle = std::f64::consts::PI / 8.0;
        let out = radius * 1.7;
        let badge = At::new(center.x + out * angle.cos(), center.y - out * angle.sin());
        // Larger with larger text, as far as the room beside the stone allows.
        let r = radius * (0.4 * text_scale).min(0.6);
        mark.shape(
            Shape::Circle {
                center: badge,
                radius: r,
            },
            Paint::fill_and_stroke(Color::WHITE, Stroke::solid(DEAD_RUN, 0.4)),
        );
        let loss_pt = r * 1.2 / font::MM_PER_PT;
        let mut text = Text::new(
            At::new(badge.x, badge.y + board.font.cap_height(loss_pt) / 2.0),
            format!("−{}", m.loss),
            loss_pt,
            Anchor::Middle,
        );
        text.color = DEAD_RUN;
        mark.text(text);
        group.group(mark);
    }
    group
}

/// The moves that lost points, as a table under the score (from `at`, the last baseline
/// above it): move, player, point played, points lost and the best points. Returns it and
/// the last baseline.
fn costly_moves(
    font: &Font,
    analysis: &[super::solver::MoveAnalysis],
    n: usize,
    at: At,
    (width, text_pt): (f64, f64),
    words: &Words,
) -> (Group, f64) {
    let mut group = Group::new("costly-moves");
    let mut y = at.y + line_height(text_pt) + LINE_GAP;
    let costly: Vec<&super::solver::MoveAnalysis> =
        analysis.iter().take(n).filter(|m| m.loss > 0).collect();
    if costly.is_empty() {
        group.text(Text::new(
            At::new(at.x, y),
            words.tr("Every move was a best move."),
            text_pt,
            Anchor::Start,
        ));
        return (group, y);
    }
    // Columns: move (`3.`, `3...`: left-aligned, so the numbers line up), player, point,
    // loss (right-aligned), best points.
    let columns = [0.0, 0.14, 0.36, 0.62, 0.68].map(|f| at.x + f * width);
    let anchors = [
        Anchor::Start,
        Anchor::Start,
        Anchor::Start,
        Anchor::End,
        Anchor::Start,
    ];
    for (r, row) in costly_rows(&costly, words).iter().enumerate() {
        let mut line = Group::new(if r == 0 {
            "costly-header"
        } else {
            "costly-move"
        });
        for ((cell, x), anchor) in row.iter().zip(columns).zip(anchors) {
            let room = at.x + width - x;
            line.text(Text::new(
                At::new(x, y),
                cell,
                fit_above(
                    font,
                    cell,
                    text_pt,
                    room.max(width * 0.1),
                    text_pt.min(MIN_TEXT_PT * text_pt / TEXT_PT),
                ),
                anchor,
            ));
        }
        group.group(line);
        if r == 0 {
            let rule = y + font.descent(text_pt) + 0.4;
            group.shape(
                Shape::Line(At::new(at.x, rule), At::new(at.x + width, rule)),
                Paint::stroke(Stroke::solid(Color::BLACK, 0.25)),
            );
        }
        y += line_height(text_pt);
    }
    (group, y - line_height(text_pt))
}

/// The costly-moves table's words: its header, then a row a move.
fn costly_rows(costly: &[&super::solver::MoveAnalysis], words: &Words) -> Vec<[String; 5]> {
    let header = ["Move", "Player", "Played", "Lost", "Best"];
    let mut rows = vec![header.map(|h| words.tr(h))];
    for m in costly {
        let best: Vec<String> = m.best.iter().map(|p| p.name()).collect();
        rows.push([
            m.numbered(),
            words.tr(Side::label(m.player)),
            m.point.name(),
            format!("−{}", m.loss),
            best.join(" "),
        ]);
    }
    rows
}

/// The key to the run marks the board holds, below `at`: a scoring run in both sides'
/// styles, and a dead run only when there is one; a key that would pass `width` starts a
/// new line (longer words in other languages). Returns it (None when the board has no run)
/// and the y where it ends. Beginner scoring (S7) has no dead runs.
pub fn legend(
    font: &Font,
    at: At,
    (width, label_pt): (f64, f64),
    scoring: Scoring,
    runs: &[Run],
    last_move: bool,
    words: &Words,
) -> (Option<Group>, f64) {
    let mut group = Group::new("legend");
    let sample = 8.0;
    let mut baseline = at.y;
    let mut x = at.x;
    let scoring_words = match scoring {
        Scoring::Exact => "scoring three",
        Scoring::Beginner => "scoring run (three or more)",
    };
    let mut keys: Vec<(bool, &[Side], String)> = Vec::new();
    if runs.iter().any(|r| r.scores) {
        keys.push((true, &[Side::Black, Side::White], words.tr(scoring_words)));
    }
    if runs.iter().any(|r| !r.scores) {
        keys.push((false, &[Side::Black], words.tr("dead run (scores nothing)")));
    }
    if keys.is_empty() && !last_move {
        return (None, at.y);
    }
    for (scores, sides, key) in keys {
        let key_width = font.text_width(&key, label_pt);
        let needed = sides.len() as f64 * (sample + 2.5) + key_width;
        (x, baseline) = key_place((x, baseline), needed, (at.x, width), label_pt);
        let y = baseline - font.cap_height(label_pt) / 2.0;
        for side in sides {
            let mut marks = run_marks(&[At::new(x, y), At::new(x + sample, y)], *side, scores);
            // Not a run of the game: a stylesheet counting `.run` finds only the board's.
            marks.class = marks.class.replacen("run", "legend-sample", 1);
            group.group(marks);
            x += sample + 2.5;
        }
        group.text(Text::new(
            At::new(x, baseline),
            key,
            label_pt,
            Anchor::Start,
        ));
        x += key_width + 6.0;
    }
    if last_move {
        baseline = last_move_key(
            font,
            &mut group,
            (x, baseline),
            (at.x, width),
            label_pt,
            words,
        );
    }
    (Some(group), baseline + font.descent(label_pt))
}

/// Where a key `needed` wide goes: at `x` on the line at `baseline`, or at the start of the
/// next line (from `left`) when it would pass `width` and is not the line's first.
fn key_place(
    (x, baseline): (f64, f64),
    needed: f64,
    (left, width): (f64, f64),
    label_pt: f64,
) -> (f64, f64) {
    if x > left && x + needed > left + width {
        // Room for the samples' casing between the lines.
        (left, baseline + line_height(label_pt) + 1.0)
    } else {
        (x, baseline)
    }
}

/// The legend's ring for the last move and its words, from `x` on the line at `baseline`,
/// or on a new line from `left` when it would pass `width`. Returns the baseline it is on.
fn last_move_key(
    font: &Font,
    group: &mut Group,
    (x, baseline): (f64, f64),
    (left, width): (f64, f64),
    label_pt: f64,
    words: &Words,
) -> f64 {
    let key = words.tr("the last move");
    let radius = font.cap_height(label_pt) * 0.8;
    let needed = 2.0 * radius + 2.5 + font.text_width(&key, label_pt);
    let (x, baseline) = key_place((x, baseline), needed, (left, width), label_pt);
    let mut ring = Group::new("legend-sample last-move");
    ring.shape(
        Shape::Circle {
            center: At::new(x + radius, baseline - font.cap_height(label_pt) / 2.0),
            radius,
        },
        Paint::stroke(Stroke::solid(LAST_MOVE, 0.6)),
    );
    group.group(ring);
    group.text(Text::new(
        At::new(x + 2.0 * radius + 2.5, baseline),
        key,
        label_pt,
        Anchor::Start,
    ));
    baseline
}

/// The stones a set-up position starts with, unnumbered: they were placed in no move.
fn set_up_stones(board: &BoardLayout, start: &Position) -> Group {
    let mut group = Group::new("set-up");
    for row in 1..=ROWS {
        for column in 0..SIZE {
            let point = Point::new(column, row);
            if let Some(side) = start.at(point) {
                group.group(stone(board, point, side));
            }
        }
    }
    group
}

/// One stone, unnumbered.
fn stone(board: &BoardLayout, point: Point, side: Side) -> Group {
    let mut stone = Group::new(match side {
        Side::Black => "stone black",
        Side::White => "stone white",
    });
    let paint = match side {
        Side::Black => Paint::fill(BLACK_STONE),
        Side::White => Paint::fill_and_stroke(WHITE_STONE, Stroke::solid(Color::BLACK, 0.35)),
    };
    let radius = stone_radius(board);
    stone.shape(
        Shape::Circle {
            center: page_point(board, point),
            radius,
        },
        paint,
    );
    stone
}

/// The stones of `moves`, the first placed by `first`, numbered if asked, the last move
/// ringed if given.
pub fn stones(
    board: &BoardLayout,
    first: Side,
    moves: &[Point],
    numbers: bool,
    last: Option<Point>,
) -> Group {
    let mut group = Group::new("stones");
    let radius = stone_radius(board);
    let mut side = first;
    for (i, point) in moves.iter().enumerate() {
        let center = page_point(board, *point);
        let mut stone = stone(board, *point, side);
        if numbers {
            let size = radius * 1.1 / font::MM_PER_PT;
            let label = (i + 1).to_string();
            let baseline = At::new(center.x, center.y + board.font.cap_height(size) / 2.0);
            let mut text = Text::new(baseline, label, size, Anchor::Middle);
            text.color = if side == Side::Black {
                Color::WHITE
            } else {
                Color::BLACK
            };
            stone.text(text);
        }
        group.group(stone);
        side = side.other();
    }
    if let Some(point) = last {
        let mut ring = Group::new("last-move");
        ring.shape(
            Shape::Circle {
                center: page_point(board, point),
                radius: radius + 1.0,
            },
            Paint::stroke(Stroke::solid(LAST_MOVE, 0.6)),
        );
        group.group(ring);
    }
    group
}

fn stone_radius(board: &BoardLayout) -> f64 {
    board.spacing * STONE_RADIUS
}

fn page_point(board: &BoardLayout, point: Point) -> At {
    board.point(point.column, point.row)
}

/// Every scoring run and dead run as a stroke through its stones.
pub fn runs(board: &BoardLayout, runs: &[Run]) -> Group {
    let mut group = Group::new("runs");
    let reach = stone_radius(board) * 0.9;
    for run in runs {
        let first = page_point(board, run.points[0]);
        let last = page_point(board, *run.points.last().expect("a run has points"));
        let (dx, dy) = (last.x - first.x, last.y - first.y);
        let length = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / length * reach, dy / length * reach);
        let ends = [
            At::new(first.x - ux, first.y - uy),
            At::new(last.x + ux, last.y + uy),
        ];
        group.group(run_marks(&ends, run.side, run.scores));
    }
    group
}

/// A scoring run: a bar in its owner's colour, cased in the other colour so it shows on the
/// stones. A dead run: a dashed red stroke on a white casing, told apart in grey print by
/// its dashes.
fn run_marks(ends: &[At; 2], side: Side, scores: bool) -> Group {
    let line = Shape::Line(ends[0], ends[1]);
    let mut group = Group::new(match (scores, side) {
        (true, Side::Black) => "run scoring black",
        (true, Side::White) => "run scoring white",
        (false, Side::Black) => "run dead black",
        (false, Side::White) => "run dead white",
    });
    if scores {
        let (bar, casing) = match side {
            Side::Black => (BLACK_STONE, Color::WHITE),
            Side::White => (Color::WHITE, Color::BLACK),
        };
        group.shape(line.clone(), Paint::stroke(Stroke::solid(casing, 2.6)));
        group.shape(line, Paint::stroke(Stroke::solid(bar, 1.5)));
    } else {
        group.shape(
            line.clone(),
            Paint::stroke(Stroke::solid(Color::WHITE, 2.0)),
        );
        group.shape(
            line,
            Paint::stroke(Stroke::dashed(DEAD_RUN, 1.0, &[2.2, 1.2])),
        );
    }
    group
}

/// The diagram as plain text under the frame's title: the points row by row with columns and rows on
/// every side, the shore under row 1, a key, the runs and the score.
fn plain_text(play: &Play, n: usize, position: &Position, score: &Score, words: &Words) -> String {
    use std::fmt::Write;
    let columns: String = COLUMNS.iter().flat_map(|&c| [' ', c]).collect();
    let mut out = format!("  {columns}\n");
    for row in (1..=ROWS).rev() {
        let _ = write!(out, "{row} ");
        for c in 0..SIZE {
            out.push_str(match position.at(Point::new(c, row)) {
                Some(Side::Black) => " x",
                Some(Side::White) => " o",
                None => " .",
            });
        }
        let _ = writeln!(out, "  {row}");
    }
    let _ = writeln!(out, "  {}  {}", " ~".repeat(SIZE), words.tr("shore"));
    let _ = writeln!(out, "  {columns}\n\n{}", words.tr("x Black, o White"));
    for run in &score.runs {
        let english = match (run.side, run.scores) {
            (Side::Black, true) => "Black run {points}: scores",
            (Side::Black, false) => "Black run {points}: dead",
            (Side::White, true) => "White run {points}: scores",
            (Side::White, false) => "White run {points}: dead",
        };
        let line = words.fill(english, &[("points", &run_points(run))]);
        out.push_str(&line);
        out.push('\n');
    }
    for line in score_lines(play, n, score, words) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A run's points joined by hyphens: `B1-C2-D3`.
fn run_points(run: &Run) -> String {
    use std::fmt::Write;
    let mut points = String::new();
    for (i, p) in run.points.iter().enumerate() {
        let hyphen = if i > 0 { "-" } else { "" };
        let _ = write!(points, "{hyphen}{p}");
    }
    points
}

/// The text alternative: the position row by row, the runs and the score.
fn describe(
    play: &Play,
    heading: &Heading,
    n: usize,
    position: &Position,
    score: &Score,
) -> String {
    use std::fmt::Write;
    let title = heading.title.as_deref().unwrap_or("Shoreline game");
    let mut out = match &play.start {
        None => format!(
            "{title}. Shoreline, {} scoring, position after {n} of {PLACEMENTS} half-moves",
            play.rules.scoring.name()
        ),
        Some(_) => format!(
            "{title}. Shoreline, {} scoring, a set-up position and {n} moves after it",
            play.rules.scoring.name()
        ),
    };
    let players = &heading.byline;
    if !players.is_empty() {
        out.push_str("; ");
        out.push_str(players);
    }
    out.push_str(".\n");
    for row in (1..=ROWS).rev() {
        let _ = write!(out, "Row {row}: ");
        for (c, column) in COLUMNS.iter().enumerate() {
            let mark = match position.at(Point::new(c, row)) {
                Some(Side::Black) => "black",
                Some(Side::White) => "white",
                None => "empty",
            };
            let comma = if c > 0 { ", " } else { "" };
            let _ = write!(out, "{comma}{column}{row} {mark}");
        }
        out.push_str(".\n");
    }
    for run in &score.runs {
        let kind = if run.scores {
            "scores 1"
        } else {
            "dead, scores nothing"
        };
        let side = run.side.name();
        let _ = writeln!(out, "{side} run {}: {kind}.", run_points(run));
    }
    // The text alternative (`<desc>`) is English in every language, the byline aside.
    out.push_str(&score_lines(play, n, score, &Words::default()).join(". "));
    out.push('.');
    out
}
