//! The Shoreline play sheet: a title, name lines, N empty boards in a grid, each with its
//! number, who places first (alternating, ruling S3) and score boxes, and the evening's total.

use super::board::BoardLayout;
use super::template::{Label, Template};
use super::{Record, Side, diagram};
use crate::error::Error;
use crate::figure::{
    Anchor, Color, Document, Figure, Group, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font::{self, Font};
use crate::games::template::misfit;
use crate::layout::{MIN_TEXT_PT, fit, fits, line_height};
use crate::page::{PageSetup, grid};
use crate::print_marks;
use crate::vocabulary::{Phrase, plural};

pub const MAX_BOARDS: usize = 9;

/// Everything that decides what the sheet looks like.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    /// 1 to [`MAX_BOARDS`].
    pub boards: usize,
    pub page: PageSetup,
    /// Who places first on board 1; the boards after it alternate (S3).
    pub first: Side,
    /// Print the template's short rules under the boards.
    pub rules: bool,
    /// Cut marks at the corners of each board, for clubs that cut the boards apart.
    pub cut_marks: bool,
    pub template: Template,
    /// Games to fill the boards with, in order (finished or not); at most `boards`.
    pub games: Vec<Record>,
    /// The words the filled boards' run key draws, in the sheet's `--lang`.
    pub words: crate::words::Words,
    /// The font every text is measured in, which the page carries to the backends.
    pub font: std::sync::Arc<crate::font::Font>,
}

/// Lines, boxes and rules.
const INK: Color = Color::BLACK;
const LINE_WIDTH: f64 = 0.3;
/// Score boxes: their height, and the space above and below them, in millimetres.
const SCORE_BOX_HEIGHT: f64 = 9.0;
const SCORE_GAP: f64 = 2.5;
/// A box caption's distance from the box's top-left corner.
const CAPTION_INSET: f64 = 1.2;
/// Between a board's heading and its column labels.
const HEADING_GAP: f64 = 1.5;

/// Lays out the sheet. Fails when the boards would be too small for pencil marks.
pub fn sheet(options: &SheetOptions) -> Result<Document, Error> {
    check_counts(options)?;
    let t = &options.template;
    let l = &t.layout;
    let (width, height) = options.page.size();
    let (paper, content) = print_marks::sheet_areas(options.page, l.margin_mm.value);

    let font = &*options.font;
    let mut figure = Figure::new(width, height, t.title.value.clone(), options.font.clone());
    let mut page = Group::new("sheet shoreline");

    let header_bottom = header(font, &mut page, t, content, &players(font, &options.games)?)?;
    let footer_top = footer(font, &mut page, options, content)?;
    let area = Rect::new(
        content.x,
        header_bottom + l.gap_mm.value,
        content.width,
        footer_top - header_bottom - 2.0 * l.gap_mm.value,
    );
    let cells = choose_grid(font, area, options.boards, options.rules, t)?;
    let (cut, description) = draw_boards(font, &mut page, options, &cells)?;
    let scale_bar = print_marks::scale_bar(font, paper, options.page, l.scale_bar);
    if options.cut_marks {
        let mut printed = page.ink_boxes(font);
        printed.extend(scale_bar.ink_boxes(font));
        page.group(print_marks::cut_marks(&cut, width, height, &printed));
    }
    page.group(scale_bar);
    figure.root.group(page);
    figure.description = format!(
        "{} play sheet, {} on {} {}: {}.",
        t.title.value,
        plural(options.boards, "board"),
        options.page.paper.name(),
        if options.page.landscape {
            "landscape"
        } else {
            "portrait"
        },
        description.join("; ")
    );
    Ok(Document::new(t.title.value.clone(), vec![figure]))
}

/// Refuses a number of boards the sheet cannot draw: outside 1 to [`MAX_BOARDS`], one
/// board with cut marks, or fewer boards than games.
fn check_counts(options: &SheetOptions) -> Result<(), Error> {
    if !(1..=MAX_BOARDS).contains(&options.boards) {
        return Err(Error::Usage(
            Phrase::new("--boards must be 1 to {most}, not {n}")
                .with("most", MAX_BOARDS)
                .with("n", options.boards),
        ));
    }
    if options.cut_marks && options.boards == 1 {
        return Err(Error::Usage(Phrase::new(
            "--cut-marks marks where to cut boards apart; a sheet with one board has nothing \
             to cut: use --boards 2 or more",
        )));
    }
    if options.games.len() > options.boards {
        return Err(Error::Usage(
            Phrase::new(
                "the files hold {games} but the sheet has {boards}: use --boards {n} (at most \
                 {most})",
            )
            .phrase(
                "games",
                Phrase::counted(options.games.len(), "1 game", "{n} games"),
            )
            .phrase(
                "boards",
                Phrase::counted(options.boards, "1 board", "{n} boards"),
            )
            .with("n", options.games.len())
            .with("most", MAX_BOARDS),
        ));
    }
    Ok(())
}

/// Draws what goes under the boards, from the page's foot up: the evening's total row, the
/// run key of filled boards and the rules box; returns where the lowest board must end.
fn footer(
    font: &Font,
    page: &mut Group,
    options: &SheetOptions,
    content: Rect,
) -> Result<f64, Error> {
    let t = &options.template;
    let l = &t.layout;
    let total = (!options.games.is_empty()).then(|| {
        options
            .games
            .iter()
            .map(|g| g.play.score())
            .fold((0, 0), |(b, w), s| (b + s.black, w + s.white))
    });
    // One board's score is its own total: the evening row is for several boards.
    let mut footer_top = if options.boards > 1 {
        total_row(font, page, t, content, total)?
    } else {
        content.bottom()
    };
    if let Some((legend, top)) = run_legend(options, content.x, footer_top - l.gap_mm.value) {
        page.group(legend);
        footer_top = top;
    }
    if options.rules {
        footer_top = rules_box(font, page, t, content, footer_top)?;
    }
    Ok(footer_top)
}

/// Draws each board in its cell, filled with its game if any; returns the rectangles to
/// cut the boards apart at, and each board's line of the description.
fn draw_boards(
    font: &Font,
    page: &mut Group,
    options: &SheetOptions,
    cells: &[Cell],
) -> Result<(Vec<Rect>, Vec<String>), Error> {
    let t = &options.template;
    let heading_pt = heading_size(font, t, &cells[0], options.boards)?;
    let mut side = options.first;
    let mut description = Vec::new();
    let mut cut = Vec::new();
    for (index, cell) in cells.iter().enumerate().take(options.boards) {
        let number = index + 1;
        let game = options.games.get(index);
        if let Some(game) = game {
            side = game.play.rules.first;
        }
        let (group, _) = board_cell(font, t, cell, heading_pt, number, side, game)?;
        page.group(group);
        // Cut half way across the gap between cells: neighbours share one cut line, and
        // each board keeps at least half the gap (3.5 mm in the shipped template) inside
        // its trim. The marks keep clear of everything printed (print_marks::cut_marks).
        cut.push(cell.rect.inset(-t.layout.gap_mm.value / 2.0));
        description.push(format!(
            "board {number}: {} places first",
            side_name(t, side)
        ));
        side = side.other();
    }
    Ok((cut, description))
}

fn side_name(t: &Template, side: Side) -> &str {
    match side {
        Side::Black => &t.sides.black.value,
        Side::White => &t.sides.white.value,
    }
}

fn fill(label: &Label, key: &str, value: &str) -> String {
    label.value.replace(key, value)
}

/// A board's cell on the page, the point spacing chosen for it, and where its score boxes
/// go: under the board, or beside it when the cell is wide (two boards on a portrait page,
/// six on a landscape one), which leaves the board more height.
struct Cell {
    rect: Rect,
    spacing: f64,
    beside: bool,
}

/// The width of the score column beside a board, and its gap from the board.
const SCORE_COLUMN_WIDTH: f64 = 30.0;

/// Fixed heights in a cell besides the board: the heading line, and the score row under it.
fn cell_overhead(t: &Template, beside: bool) -> f64 {
    let heading = line_height(t.layout.text_pt.value) + HEADING_GAP;
    if beside {
        heading
    } else {
        heading + SCORE_GAP + SCORE_BOX_HEIGHT
    }
}

/// The width a board may take in a cell `width` wide.
fn board_room(width: f64, beside: bool) -> f64 {
    if beside {
        width - SCORE_GAP - SCORE_COLUMN_WIDTH
    } else {
        width
    }
}

/// Tries every number of columns, with the scores under or beside the boards, and keeps
/// the grid whose boards come out largest.
fn choose_grid(
    font: &Font,
    area: Rect,
    boards: usize,
    rules: bool,
    t: &Template,
) -> Result<Vec<Cell>, Error> {
    let gap = t.layout.gap_mm.value;
    let label_pt = t.layout.label_pt.value;
    let (columns, rows, beside, spacing) = largest_grid(font, area, boards, t);
    check_spacing(spacing, boards, rules, t)?;
    // The rows packed at the top of the area, each as tall as a board with its texts.
    let board_h = BoardLayout::at(font, Point::new(0.0, 0.0), spacing, label_pt)
        .extent()
        .height;
    let packed = Rect {
        height: (cell_overhead(t, beside) + board_h) * rows as f64 + gap * (rows - 1) as f64,
        ..area
    };
    Ok(grid(packed, columns, rows, gap)
        .into_iter()
        .map(|rect| Cell {
            rect,
            spacing,
            beside,
        })
        .collect())
}

/// The grid (columns, rows, scores beside the boards, point spacing) whose boards come out
/// largest in `area`, the first of equals.
fn largest_grid(font: &Font, area: Rect, boards: usize, t: &Template) -> (usize, usize, bool, f64) {
    let gap = t.layout.gap_mm.value;
    let label_pt = t.layout.label_pt.value;
    let mut best: Option<(usize, usize, bool, f64)> = None;
    for columns in 1..=boards {
        let rows = boards.div_ceil(columns);
        let cell_w = (area.width - gap * (columns - 1) as f64) / columns as f64;
        let cell_h = (area.height - gap * (rows - 1) as f64) / rows as f64;
        for beside in [false, true] {
            let spacing = BoardLayout::spacing_to_fit(
                font,
                board_room(cell_w, beside),
                cell_h - cell_overhead(t, beside),
                label_pt,
            );
            if best.is_none_or(|(_, _, _, s)| spacing > s + 0.01) {
                best = Some((columns, rows, beside, spacing));
            }
        }
    }
    best.expect("at least one board")
}

/// Refuses a point spacing too small for pencil marks: none at all, or under the
/// template's `min_point_spacing_mm`.
fn check_spacing(spacing: f64, boards: usize, rules: bool, t: &Template) -> Result<(), Error> {
    let min = t.layout.min_point_spacing_mm.value;
    if spacing <= 0.0 {
        return Err(Error::Usage(
            Phrase::new(
                "{boards} do not fit on this page: the template's texts and sizes leave no \
                 room for them; try fewer boards, smaller sizes or smaller margins",
            )
            .phrase("boards", Phrase::counted(boards, "1 board", "{n} boards")),
        ));
    }
    if spacing < min {
        // The rules box is what takes the room with the shipped template (9 boards fit on
        // either orientation without it, on neither with it).
        let english = match rules {
            true => Phrase::new(
                "{boards} do not fit on this page: their points would be {spacing} mm apart, \
                 and the template asks for at least {min} mm (min_point_spacing_mm); try fewer \
                 boards or leave out --rules",
            ),
            false => Phrase::new(
                "{boards} do not fit on this page: their points would be {spacing} mm apart, \
                 and the template asks for at least {min} mm (min_point_spacing_mm); try fewer \
                 boards",
            ),
        };
        return Err(Error::Usage(
            english
                .phrase("boards", Phrase::counted(boards, "1 board", "{n} boards"))
                .with("spacing", format!("{spacing:.1}"))
                .with("min", min),
        ));
    }
    Ok(())
}

/// The players' names for the name lines. The name lines and the evening total are by
/// colour, so the records name one pair of players, each keeping a colour all evening (who
/// places first alternates, ruling S3): a record naming someone else on a colour, or
/// swapping the two, is refused rather than added to the wrong player's total.
fn players(font: &Font, games: &[Record]) -> Result<[Option<String>; 2], Error> {
    let mut named: [Option<(usize, &str)>; 2] = [None, None];
    for (k, game) in games.iter().enumerate() {
        game.about.drawable(font).map_err(Error::Invalid)?;
        for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
            let about = &game.about;
            let Some(given) = about.player_given(side) else {
                continue;
            };
            let name = given.value.as_str();
            match named[i] {
                None => named[i] = Some((k + 1, name)),
                Some((board, first)) if first != name => {
                    let (line, column) = about.source.place(&given.referenced);
                    return Err(Error::Usage(
                        Phrase::new(
                            "board {k}: {file}:{line}:{column} has {name} as {side}, but board \
                             {board}'s record has {first}: a sheet's name lines and evening \
                             total are by colour, so it holds one evening of two players, each \
                             keeping a colour (who places first alternates, ruling S3); make \
                             one sheet for each pair",
                        )
                        .with("k", k + 1)
                        .with("file", crate::diagnostic::shown_path(&about.source.path))
                        .with("line", line)
                        .with("column", column)
                        .with("name", name)
                        .word("side", side.name())
                        .with("board", board)
                        .with("first", first),
                    ));
                }
                Some(_) => {}
            }
        }
    }
    if let [Some((_, black)), Some((board, white))] = named {
        if black == white {
            return Err(Error::Usage(
                Phrase::new(
                    "board {board}: {name} plays both colours in the sheet's records; a sheet's \
                     name lines and evening total are by colour, each player keeping one",
                )
                .with("board", board)
                .with("name", white),
            ));
        }
    }
    Ok(named.map(|n| n.map(|(_, name)| name.to_string())))
}

/// Title, subtitle and the two name lines; returns the y where the header ends.
fn header(
    font: &Font,
    page: &mut Group,
    t: &Template,
    content: Rect,
    names: &[Option<String>; 2],
) -> Result<f64, Error> {
    let l = &t.layout;
    let mut group = Group::new("header");
    // Title and subtitle wrap rather than run past the page.
    let title = &t.title.value;
    let first = fit(font, title, l.title_pt.value, content.width);
    let y = content.y + font.ink_extent(title, first).0;
    let span = |y| (content.x, y, content.width);
    let (y, _) = crate::layout::text_lines(font, &mut group, title, l.title_pt.value, span(y));
    let y = y + line_height(l.text_pt.value) * 1.2;
    let subtitle = &t.subtitle.value;
    let (mut y, _) =
        crate::layout::text_lines(font, &mut group, subtitle, l.text_pt.value, span(y));
    y += line_height(l.text_pt.value) * 2.0;

    // "Black ● ________      White ○ ________"
    let half = (content.width - 10.0) / 2.0;
    for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
        let x = content.x + i as f64 * (half + 10.0);
        let label = fill(&t.name_line, "{side}", side_name(t, side));
        let what = if t.name_line.value.contains("{side}") {
            Phrase::new("the template's `name_line` with `sides.{side}`")
                .with("side", ["black", "white"][i])
        } else {
            template_key("name_line")
        };
        // The error points at the longer of the two texts the line is made of.
        let side_label = [&t.sides.black, &t.sides.white][i];
        let longer = t.name_line.value.contains("{side}")
            && side_label.value.chars().count() > t.name_line.value.chars().count();
        let at = Some(if longer { side_label } else { &t.name_line });
        let size = one_line(font, t, (what, at), &label, l.text_pt.value, half / 2.0)?;
        group.text(Text::new(Point::new(x, y), &label, size, Anchor::Start));
        let line_start = x + font.text_width(&label, size) + 2.0;
        if let Some(name) = &names[i] {
            let field =
                Phrase::new("the record's `players: {side}`").with("side", ["black", "white"][i]);
            let name_size = one_line(
                font,
                t,
                (field, None),
                name,
                l.text_pt.value,
                x + half - line_start - 2.0,
            )?;
            group.text(Text::new(
                Point::new(line_start + 2.0, y),
                name,
                name_size,
                Anchor::Start,
            ));
        }
        group.shape(
            Shape::Line(
                Point::new(line_start, y + 0.8),
                Point::new(x + half, y + 0.8),
            ),
            Paint::stroke(Stroke::solid(INK, LINE_WIDTH)),
        );
    }
    page.group(group);
    Ok(y + font.descent(l.text_pt.value))
}

/// The evening's total at the foot of the page; returns the y where it starts.
/// The key to the run marks on the filled boards, one line whose text ends above `bottom`;
/// returns it and its top. None when no board holds a run.
fn run_legend(options: &SheetOptions, x: f64, bottom: f64) -> Option<(Group, f64)> {
    let font = &*options.font;
    let games = &options.games;
    let runs: Vec<_> = games.iter().flat_map(|g| g.play.score().runs).collect();
    let scoring = games.first()?.play.rules.scoring;
    let pt = diagram::LABEL_PT;
    let baseline = bottom - font.descent(pt);
    let (legend, _) = diagram::legend(
        font,
        crate::figure::Point::new(x, baseline),
        // One line: the sheet keeps one line's room for it above the footer.
        (f64::INFINITY, pt),
        scoring,
        &runs,
        false,
        &options.words,
    );
    // The samples' casing reaches a little above the letters.
    legend.map(|legend| (legend, baseline - font.cap_height(pt) - 1.0))
}

fn total_row(
    font: &Font,
    page: &mut Group,
    t: &Template,
    content: Rect,
    total: Option<(u32, u32)>,
) -> Result<f64, Error> {
    let l = &t.layout;
    let mut group = Group::new("total");
    let height = SCORE_BOX_HEIGHT + 2.0;
    let top = content.bottom() - height;
    let row = Rect::new(content.x, top, content.width.min(150.0), height);
    score_row(
        font,
        &mut group,
        t,
        ("total", &t.total),
        row,
        l.text_pt.value,
        total,
    )?;
    page.group(group);
    Ok(top)
}

/// The short rules, word-wrapped in a framed box above `bottom`; returns the box's top.
fn rules_box(
    font: &Font,
    page: &mut Group,
    t: &Template,
    content: Rect,
    bottom: f64,
) -> Result<f64, Error> {
    let (group, top) = t.rules.draw(
        font,
        t.layout.label_pt.value,
        (content.x, content.width),
        bottom - t.layout.gap_mm.value,
    );
    page.group(group);
    Ok(top)
}

/// "Score" and one captioned box per side, filling `row`, with the scores written in when
/// they are known.
fn score_row(
    font: &Font,
    group: &mut Group,
    t: &Template,
    (key, label): (&str, &Label),
    row: Rect,
    size: f64,
    scores: Option<(u32, u32)>,
) -> Result<(), Error> {
    let at = (template_key(key), Some(label));
    let label = label.value.as_str();
    let label_size = one_line(font, t, at, label, size, row.width * 0.3)?;
    let label_w = font.text_width(label, label_size) + 2.5;
    let baseline = row.y + row.height / 2.0 + font.cap_height(label_size) / 2.0;
    group.text(Text::new(
        Point::new(row.x, baseline),
        label,
        label_size,
        Anchor::Start,
    ));
    let box_w = (row.width - label_w - 2.0) / 2.0;
    for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
        let frame = Rect::new(
            row.x + label_w + i as f64 * (box_w + 2.0),
            row.y,
            box_w,
            row.height,
        );
        group.group(score_box(font, t, side, frame, scores)?);
    }
    Ok(())
}

/// "Score" over one box per side, stacked in `column`: beside a board whose cell is wide.
fn score_column(
    font: &Font,
    group: &mut Group,
    t: &Template,
    column: Rect,
    scores: Option<(u32, u32)>,
) -> Result<(), Error> {
    let size = one_line(
        font,
        t,
        (template_key("board.score"), Some(&t.board.score)),
        &t.board.score.value,
        t.layout.text_pt.value,
        column.width,
    )?;
    let baseline = column.y + font.cap_height(size);
    group.text(Text::new(
        Point::new(column.x, baseline),
        &t.board.score.value,
        size,
        Anchor::Start,
    ));
    let mut y = baseline + SCORE_GAP;
    for side in [Side::Black, Side::White] {
        let frame = Rect::new(column.x, y, column.width, SCORE_BOX_HEIGHT);
        group.group(score_box(font, t, side, frame, scores)?);
        y += SCORE_BOX_HEIGHT + SCORE_GAP;
    }
    Ok(())
}

/// One side's score box: its caption in the corner, the score written in when known.
fn score_box(
    font: &Font,
    t: &Template,
    side: Side,
    frame: Rect,
    scores: Option<(u32, u32)>,
) -> Result<Group, Error> {
    let room = frame.width - 2.0 * CAPTION_INSET;
    let pt = t.layout.label_pt.value * 0.8;
    // A box too narrow for the side's name and its stone (`Schwarz ●` in nine landscape
    // boards) gives the name alone, so that it stays inside the box.
    let full = side_name(t, side);
    let name = full.trim_end_matches(['●', '○']).trim_end();
    let caption = if fits(font, full, fit(font, full, pt, room), room) || name.is_empty() {
        full
    } else {
        name
    };
    let key = match side {
        Side::Black => (template_key("sides.black"), Some(&t.sides.black)),
        Side::White => (template_key("sides.white"), Some(&t.sides.white)),
    };
    let caption_pt = one_line(font, t, key, caption, pt, room)?;
    let mut score = Group::new(match side {
        Side::Black => "score black",
        Side::White => "score white",
    });
    score.shape(
        Shape::Rect(frame),
        Paint::stroke(Stroke::solid(INK, LINE_WIDTH)),
    );
    let corner = Point::new(
        frame.x + CAPTION_INSET,
        frame.y + CAPTION_INSET + font.cap_height(caption_pt),
    );
    score.text(Text::new(corner, caption, caption_pt, Anchor::Start));
    if let Some((black, white)) = scores {
        let value = if side == Side::Black { black } else { white };
        let value_pt = (frame.height * 0.55 / font::MM_PER_PT).min(16.0);
        let baseline = Point::new(
            frame.right() - 2.0 * CAPTION_INSET,
            frame.bottom() - (frame.height - font.cap_height(value_pt)) / 2.0 + CAPTION_INSET / 2.0,
        );
        score.text(Text::new(
            baseline,
            value.to_string(),
            value_pt,
            Anchor::End,
        ));
    }
    Ok(score)
}

/// [`crate::layout::one_line`]: a text the sheet cannot fit is refused, never cut or run
/// past its box.
/// `text` on one line at `size`, shrunk to fit `width` if need be. A text that cannot fit
/// is refused, naming `what`; at its key's line and column when it is the template's `at`.
fn one_line(
    font: &Font,
    t: &Template,
    (what, at): (Phrase, Option<&Label>),
    text: &str,
    size: f64,
    width: f64,
) -> Result<f64, Error> {
    crate::layout::one_line(font, what, text, size, width).map_err(|why| match at {
        Some(label) => misfit(&t.source, label, why),
        None => Error::Render(why),
    })
}

/// The template key `key`, named in a refusal.
fn template_key(key: &str) -> Phrase {
    Phrase::new("the template's `{key}`").with("key", key)
}

/// The width of a board with its score column, if beside it.
fn content_width(font: &Font, cell: &Cell, label_pt: f64) -> f64 {
    let board = BoardLayout::at(font, Point::new(0.0, 0.0), cell.spacing, label_pt)
        .extent()
        .width;
    if cell.beside {
        board + SCORE_GAP + SCORE_COLUMN_WIDTH
    } else {
        board
    }
}

/// The size of every board's heading: the text size, shrunk (the same on every board) so
/// that the longest heading fits its board's width.
fn heading_size(font: &Font, t: &Template, cell: &Cell, boards: usize) -> Result<f64, Error> {
    let l = &t.layout;
    let board_width = content_width(font, cell, l.label_pt.value);
    let widest = [Side::Black, Side::White]
        .into_iter()
        .map(|side| {
            let heading = fill(&t.board.heading, "{n}", &boards.to_string());
            let first = fill(&t.board.first, "{side}", side_name(t, side));
            font.text_width(&heading, l.text_pt.value)
                + font.text_width(&first, l.text_pt.value)
                + 3.0
        })
        .fold(0.0, f64::max);
    if widest <= board_width {
        return Ok(l.text_pt.value);
    }
    let size = l.text_pt.value * board_width / widest;
    if size < MIN_TEXT_PT.min(l.text_pt.value) {
        let why = Phrase::new(
            "the template's `board.heading` and `board.first`: side by side they are {wide} mm \
             wide at {size} pt, and a board is {room} mm wide; shorten them",
        )
        .with(
            "wide",
            format_args!("{:.0}", widest * MIN_TEXT_PT / l.text_pt.value),
        )
        .with("size", MIN_TEXT_PT)
        .with("room", format_args!("{board_width:.0}"));
        return Err(misfit(&t.source, &t.board.heading, why));
    }
    Ok(size)
}

/// One board with its heading and score row, at the top of `cell` and centred across it,
/// filled from `game` if given; with the rectangle it takes.
fn board_cell(
    font: &Font,
    t: &Template,
    cell: &Cell,
    size: f64,
    number: usize,
    first: Side,
    game: Option<&Record>,
) -> Result<(Group, Rect), Error> {
    let (spacing, beside) = (cell.spacing, cell.beside);
    let l = &t.layout;
    let label_pt = l.label_pt.value;
    let board_size = BoardLayout::at(font, Point::new(0.0, 0.0), spacing, label_pt).extent();
    let total_h = cell_overhead(t, beside) + board_size.height;
    let width = content_width(font, cell, label_pt);
    let cell = cell.rect;
    let left = cell.x + (cell.width - width) / 2.0;
    // Rows start at the top of their cells: the page's spare room goes to the foot, once.
    let top = cell.y;

    let mut group = Group::new(format!("cell board-{number}"));
    // Heading: "Board 1" on the left, "Black ● places first" on the right.
    let heading = fill(&t.board.heading, "{n}", &number.to_string());
    let first_text = fill(&t.board.first, "{side}", side_name(t, first));
    let baseline = top + font.ink_extent("Bb●○", size).0;
    group.text(Text::new(
        Point::new(left, baseline),
        heading,
        size,
        Anchor::Start,
    ));
    group.text(Text::new(
        Point::new(left + width, baseline),
        first_text,
        size,
        Anchor::End,
    ));

    let board_top = top + line_height(l.text_pt.value) + HEADING_GAP;
    let board = BoardLayout::at(font, Point::new(left, board_top), spacing, label_pt);
    group.group(board.draw());
    let score = game.map(|game| {
        let score = game.play.score();
        group.group(diagram::runs(&board, &score.runs));
        group.group(diagram::stones(
            &board,
            game.play.rules.first,
            &game.play.moves,
            false,
            None,
        ));
        (score.black, score.white)
    });

    if beside {
        let column = Rect::new(
            left + board_size.width + SCORE_GAP,
            board_top,
            SCORE_COLUMN_WIDTH,
            board_size.height,
        );
        score_column(font, &mut group, t, column, score)?;
    } else {
        let score_top = board.extent().bottom() + SCORE_GAP;
        let row = Rect::new(left, score_top, board_size.width, SCORE_BOX_HEIGHT);
        let label = ("board.score", &t.board.score);
        score_row(font, &mut group, t, label, row, l.text_pt.value, score)?;
    }
    Ok((group, Rect::new(left, top, width, total_h)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::Paper;

    fn options(boards: usize, paper: Paper, landscape: bool, rules: bool) -> SheetOptions {
        SheetOptions {
            boards,
            page: PageSetup { paper, landscape },
            first: Side::Black,
            rules,
            cut_marks: false,
            template: Template::builtin(),
            games: Vec::new(),
            words: Default::default(),
            font: Font::builtin(),
        }
    }

    #[test]
    fn s3_the_first_player_alternates_from_board_to_board() {
        let doc = sheet(&options(4, Paper::A4, false, false)).unwrap();
        let texts: Vec<String> = doc.pages[0]
            .root
            .texts()
            .iter()
            .map(|t| t.content.clone())
            .filter(|c| c.ends_with("places first"))
            .collect();
        assert_eq!(
            texts,
            [
                "Black ● places first",
                "White ○ places first",
                "Black ● places first",
                "White ○ places first"
            ]
        );
        let mut white_first = options(2, Paper::A4, false, false);
        white_first.first = Side::White;
        let doc = sheet(&white_first).unwrap();
        assert!(
            doc.pages[0]
                .description
                .contains("board 1: White ○ places first")
        );
    }

    #[test]
    fn every_score_box_caption_stays_inside_its_box() {
        use crate::figure::{Item, Shape};
        use crate::words::Lang;
        // `Schwarz ●` ran 0.3 mm past its box on nine and six landscape boards.
        for lang in [Lang::En, Lang::De, Lang::Fr, Lang::Zh] {
            let (text, _) =
                crate::games::template::translated(&super::super::template::BUILTIN, lang);
            let source = crate::input::SourceFile::new("t.yaml", &text);
            let template = Template::parse(&source, &Font::builtin()).unwrap();
            for boards in 1..=MAX_BOARDS {
                for (paper, landscape) in
                    [(Paper::A4, true), (Paper::A4, false), (Paper::Letter, true)]
                {
                    let mut o = options(boards, paper, landscape, false);
                    o.template = template.clone();
                    let doc = sheet(&o).unwrap();
                    let scores = doc.pages[0].root.groups_with_class("score");
                    let boxes: Vec<_> = scores.iter().filter(|g| g.class != "score").collect();
                    assert!(!boxes.is_empty(), "{lang:?} {boards}");
                    for group in boxes {
                        let Some(Item::Shape(Shape::Rect(frame), _)) = group.items.first() else {
                            continue;
                        };
                        for text in group.texts() {
                            let b = text.bounds(&Font::builtin());
                            assert!(
                                frame.contains(&b),
                                "{lang:?}, {boards} boards, landscape {landscape}: {:?} {b:?} leaves {frame:?}",
                                text.content
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn one_board_has_no_evening_total_and_every_heading_has_one_size() {
        let one = sheet(&options(1, Paper::A4, false, false)).unwrap();
        assert!(one.pages[0].root.groups_with_class("total").is_empty());
        for boards in 2..=MAX_BOARDS {
            let doc = sheet(&options(boards, Paper::A4, true, false)).unwrap();
            assert_eq!(doc.pages[0].root.groups_with_class("total").len(), 1);
            let sizes: Vec<f64> = doc.pages[0]
                .root
                .groups_with_class("cell")
                .iter()
                .flat_map(|cell| cell.texts().into_iter().take(2).map(|t| t.size))
                .collect();
            assert!(
                sizes.iter().all(|s| *s == sizes[0]),
                "{boards} boards: {sizes:?}"
            );
        }
    }

    #[test]
    fn cut_marks_keep_3_mm_from_everything_printed_on_every_page() {
        use crate::figure::{Item, Shape};
        for boards in [2, 4, 6, 9] {
            for paper in [Paper::A4, Paper::Letter] {
                for landscape in [false, true] {
                    let opts = SheetOptions {
                        cut_marks: true,
                        ..options(boards, paper, landscape, false)
                    };
                    let Ok(doc) = sheet(&opts) else { continue };
                    let root = &doc.pages[0].root;
                    let marks = &root.groups_with_class("cut-marks")[0];
                    // Everything else printed: each text's and shape's own box.
                    let font = &opts.font;
                    let mut printed = root.ink_boxes(font);
                    for mark in marks.ink_boxes(font) {
                        let at = printed.iter().position(|r| *r == mark).unwrap();
                        printed.remove(at);
                    }
                    let mut seen = 0;
                    for item in &marks.items {
                        let Item::Shape(Shape::Line(a, b), _) = item else {
                            continue;
                        };
                        seen += 1;
                        for r in &printed {
                            let dx = (r.x - a.x.max(b.x)).max(a.x.min(b.x) - r.right()).max(0.0);
                            let dy = (r.y - a.y.max(b.y)).max(a.y.min(b.y) - r.bottom()).max(0.0);
                            let gap = dx.hypot(dy);
                            assert!(
                                gap >= 3.0 - 1e-9,
                                "{boards} boards {paper:?} landscape {landscape}: the mark \
                                 {a:?}-{b:?} is {gap:.2} mm from {r:?}"
                            );
                        }
                    }
                    assert!(seen >= 4 * boards, "{boards} boards: {seen} marks");
                }
            }
        }
    }

    #[test]
    fn every_board_count_and_page_lays_out_without_overlap() {
        for paper in [Paper::A4, Paper::Letter] {
            for landscape in [false, true] {
                for rules in [false, true] {
                    for boards in 1..=MAX_BOARDS {
                        let opts = options(boards, paper, landscape, rules);
                        match sheet(&opts) {
                            Ok(doc) => check_layout(&doc.pages[0], &opts),
                            // The rules box takes room: the most crowded sheets may refuse.
                            Err(e) if rules && boards > 6 => {
                                assert!(e.to_string().contains("do not fit"), "{e}")
                            }
                            Err(e) => panic!(
                                "{boards} boards, {paper:?}, landscape {landscape}, rules {rules}: {e}"
                            ),
                        }
                    }
                }
            }
        }
    }

    /// Boards and texts lie inside the printable area; boards, cells and the texts within
    /// each region do not overlap; points are far enough apart.
    fn check_layout(figure: &Figure, opts: &SheetOptions) {
        let margin = opts.template.layout.margin_mm.value;
        let printable = Rect::new(
            margin,
            margin,
            figure.width - 2.0 * margin,
            figure.height - 2.0 * margin,
        );
        let cells = figure.root.groups_with_class("cell");
        assert_eq!(cells.len(), opts.boards);
        let boards = figure.root.groups_with_class("board");
        assert_eq!(boards.len(), opts.boards);
        let regions: Vec<(String, Rect)> = ["header", "rules", "total", "cell", "scale-bar"]
            .iter()
            .flat_map(|class| figure.root.groups_with_class(class))
            .map(|g| (g.class.clone(), bounds(g)))
            .collect();
        for (i, (name, a)) in regions.iter().enumerate() {
            assert!(
                printable.contains(a),
                "{name} {a:?} leaves the printable area {printable:?}"
            );
            for (other, b) in &regions[i + 1..] {
                assert!(!a.overlaps(b), "{name} {a:?} overlaps {other} {b:?}");
            }
        }
        for group in cells.iter().chain(&figure.root.groups_with_class("header")) {
            let texts: Vec<Rect> = group
                .texts()
                .iter()
                .map(|t| t.bounds(&Font::builtin()))
                .collect();
            for (i, a) in texts.iter().enumerate() {
                for b in &texts[i + 1..] {
                    assert!(
                        !a.overlaps(b),
                        "labels collide in {}: {a:?} {b:?}",
                        group.class
                    );
                }
            }
        }
        for board in boards {
            let dots: Vec<Point> = board.groups_with_class("points")[0]
                .items
                .iter()
                .map(|item| match item {
                    crate::figure::Item::Shape(Shape::Circle { center, .. }, _) => *center,
                    other => panic!("{other:?}"),
                })
                .collect();
            assert_eq!(dots.len(), 25);
            let spacing = dots[1].y - dots[0].y;
            assert!(spacing.abs() >= opts.template.layout.min_point_spacing_mm.value);
        }
    }

    /// The bounding box of a group's shapes and texts.
    fn bounds(group: &Group) -> Rect {
        let mut rects: Vec<Rect> = group
            .texts()
            .iter()
            .map(|t| t.bounds(&Font::builtin()))
            .collect();
        collect_shape_bounds(group, &mut rects);
        let x0 = rects.iter().map(|r| r.x).fold(f64::MAX, f64::min);
        let y0 = rects.iter().map(|r| r.y).fold(f64::MAX, f64::min);
        let x1 = rects.iter().map(|r| r.right()).fold(f64::MIN, f64::max);
        let y1 = rects.iter().map(|r| r.bottom()).fold(f64::MIN, f64::max);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    fn collect_shape_bounds(group: &Group, out: &mut Vec<Rect>) {
        use crate::figure::Item;
        for item in &group.items {
            match item {
                Item::Shape(shape, _) => {
                    let points: Vec<Point> = match shape {
                        Shape::Line(a, b) => vec![*a, *b],
                        Shape::Lines(lines) => lines.iter().flat_map(|(a, b)| [*a, *b]).collect(),
                        Shape::Polyline(p) | Shape::Polygon(p) => p.clone(),
                        Shape::Rect(r) => {
                            vec![Point::new(r.x, r.y), Point::new(r.right(), r.bottom())]
                        }
                        Shape::Circle { center, radius } => vec![
                            Point::new(center.x - radius, center.y - radius),
                            Point::new(center.x + radius, center.y + radius),
                        ],
                    };
                    let clip = group.clip.unwrap_or(Rect::new(-1e9, -1e9, 2e9, 2e9));
                    for p in points {
                        let p = Point::new(
                            p.x.clamp(clip.x, clip.right()),
                            p.y.clamp(clip.y, clip.bottom()),
                        );
                        out.push(Rect::new(p.x, p.y, 0.0, 0.0));
                    }
                }
                Item::Group(child) => collect_shape_bounds(child, out),
                Item::Text(_) => {}
            }
        }
    }
}
