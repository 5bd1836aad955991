//! The Lines of Action score diagram and rulebook figures: the position after the last move
//! (or move N), the last move as an arrow, the squares where captures happened, every group
//! of each side linked so a connected side is one cluster, group counts, the outcome; and on
//! request a piece's four line counts and its moves, legal and refused.

use super::bits::{Bits, Wide};
use super::board::BoardLayout;
use super::game::{Play, rules_caption};
use super::rules::{DIRECTIONS, Move, Position, axis, parse_square, square_name};
use crate::figure::{
    Anchor, Color, Figure, Group, Item, Paint, Point, Shape, Stroke, Text, arrow, cased_arrow,
    passing_under, trimmed,
};
use crate::font;
use crate::frame::{self, Frame, Line, MARGIN};
use crate::layout::{Heading, line_height};
use crate::legend::{self, KeyEntry};
use crate::vocabulary::{Side, capitalised};
use crate::words::{Lang, Words};

const BOARD_WIDTH: f64 = 110.0;
const LABEL_PT: f64 = 8.0;

use super::palette::{
    LAST_MOVE, LAST_MOVE_SQUARE, LINK_BLACK, LINK_WHITE, MOVE, REFUSED as BLOCKED,
};
use crate::palette::WARNING as CAPTURE;

/// A rulebook figure for one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// The four line counts of the piece on the square.
    Lines(usize),
    /// Every legal move of the piece, and the directions it cannot use.
    Moves(usize),
}

/// Reads `lines:b8` or `moves:b8` for a board of `size`.
pub(crate) fn parse_show(text: &str, size: usize) -> Result<Show, String> {
    let (kind, square) = text.split_once(':').ok_or_else(|| {
        format!("show `{text}`: write lines:SQUARE or moves:SQUARE, like lines:b8")
    })?;
    let sq = parse_square(square.trim(), size).ok_or_else(|| {
        format!("show `{text}`: `{square}` is not a square of the {size}×{size} board")
    })?;
    match kind.trim().to_ascii_lowercase().as_str() {
        "lines" => Ok(Show::Lines(sq)),
        "moves" => Ok(Show::Moves(sq)),
        other => Err(format!("show `{text}`: `{other}` is not lines or moves")),
    }
}

/// What to draw besides the position.
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    pub show: Vec<Show>,
    /// A caption from the record's `diagrams`, written under the board.
    pub caption: Option<String>,
    /// The board and its marks only: no header, counts, outcome or notes.
    pub bare: bool,
    /// With `bare`, the key to the board's symbols is kept under it (`--legend`).
    pub legend: bool,
    /// The board seen from White's side.
    pub flip: bool,
    /// Every text this many times its size (booklets, `--text-size`); 0 is taken as 1.
    pub text_scale: f64,
    /// The language of the words drawn (the record's own title and caption as written).
    pub words: Words,
    /// The font the texts are measured in, which the figure carries (the view's).
    pub font: std::sync::Arc<crate::font::Font>,
    /// A review diagram (`--analysis`): the move from this position and the best one as
    /// arrows, the verdicts under the board; with the record's move list for numbering.
    pub review: Option<(super::analysis::Marked, Vec<String>)>,
}

/// Nothing shown but the position, in sheetgen's own font.
impl Default for DiagramOptions {
    fn default() -> Self {
        Self {
            show: Vec::new(),
            caption: None,
            bare: false,
            legend: false,
            flip: false,
            text_scale: 0.0,
            words: Words::default(),
            font: crate::font::Font::builtin(),
            review: None,
        }
    }
}

/// Why a direction has no move (for `moves:` figures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    OffBoard,
    BlockedByEnemy,
    BlockedByObstruction,
    OwnPiece,
}

/// What happens to a piece on `from` in each of the eight directions.
pub fn directions(replay: &Play, from: usize) -> [(usize, Result<Move, Refusal>); 8] {
    let board = &replay.board;
    let p = &replay.position;
    let side = p.at(from).expect("a piece stands on the square");
    std::array::from_fn(|d| {
        let k = board.line_count(p.occupied(), from, axis(d));
        let result = match board.step(from, d, k) {
            None => Err(Refusal::OffBoard),
            Some(to) => {
                let path: Vec<usize> = (1..k).filter_map(|i| board.step(from, d, i)).collect();
                if path.iter().chain([&to]).any(|s| board.blocked.has(*s)) {
                    Err(Refusal::BlockedByObstruction)
                } else if path.iter().any(|s| p.at(*s) == Some(side.other())) {
                    Err(Refusal::BlockedByEnemy)
                } else if p.at(to) == Some(side) {
                    Err(Refusal::OwnPiece)
                } else {
                    Ok(Move {
                        from: from as u8,
                        to: to as u8,
                        capture: p.at(to).is_some(),
                    })
                }
            }
        };
        (d, result)
    })
}

/// Checks `--show` against the position: each square it names holds a piece.
pub fn check(replay: &Play, show: &[Show]) -> Result<(), String> {
    let n = replay.plies.len();
    for show in show {
        let (Show::Lines(sq) | Show::Moves(sq)) = *show;
        if replay.position.at(sq).is_none() {
            return Err(format!(
                "show: {} is empty after {n} half-moves; show a square with a piece on it",
                square_name(sq, replay.rules.size)
            ));
        }
    }
    Ok(())
}

/// The diagram of the game replayed to move `n` of `total` (`replay`), and where its squares
/// are; `options.show` must already be checked with [`check`].
pub fn diagram(
    replay: &Play,
    total: usize,
    heading: &Heading,
    options: &DiagramOptions,
) -> (Figure, crate::annotate::Cells) {
    let words = &options.words;
    let font = &options.font;
    let k = frame::text_scale(options.text_scale);
    let frame = Frame {
        class: "diagram lines-of-action",
        game: words.tr("Lines of Action"),
        heading,
        width: BOARD_WIDTH,
        header_gap: 3.0,
        bare: options.bare,
        legend: options.legend,
        caption: options.caption.clone(),
        text_scale: k,
        font,
    };
    frame.draw(|top| {
        let size = replay.rules.size;
        let mut board = BoardLayout::fitting(
            font,
            Point::new(MARGIN, top),
            BOARD_WIDTH,
            size,
            LABEL_PT * k,
        );
        if options.flip {
            board = board.flipped();
        }
        let under = Under::of(replay, total, options);
        let marked = options.review.as_ref().map(|(m, _)| m);
        let groups = board_marks(&board, replay, &options.show, marked, k);
        let mut entries = key_entries(&groups, &board, words);
        if let Some(marked) = marked {
            entries.extend(super::costly::key_entries(&board, marked, words));
        }
        let key: frame::Block = Box::new(move |y| {
            let at = Point::new(MARGIN, y + 2.0 + line_height(LABEL_PT * k));
            let (group, bottom) = legend::key(font, at, BOARD_WIDTH, LABEL_PT * k, entries);
            (group, bottom.max(y + font.descent(frame::TEXT_PT)))
        });
        frame::FramedBoard {
            groups,
            extent: board.extent(),
            cells: piece_cells(&board, replay),
            lines: under.lines,
            blocks: vec![key],
            key: Some(0),
            plain_text: under.plain_text,
            description: describe(heading, replay, &under.written),
        }
    })
}

/// What is written under the board, and in the plain text and the text alternative.
struct Under {
    /// The lines under the board: group counts, outcome, review verdicts, notes, rules.
    lines: Vec<Line>,
    /// The plain-text diagram: the board, the caption and the status.
    plain_text: String,
    /// Everything written, for the text alternative.
    written: Vec<String>,
}

impl Under {
    fn of(replay: &Play, total: usize, options: &DiagramOptions) -> Under {
        let words = &options.words;
        let status = [
            group_counts(replay, words),
            outcome_line(total, replay, words),
        ];
        let notes = figure_notes(replay, &options.show, words);
        let review_lines = match &options.review {
            Some((marked, moves)) => super::costly::lines(marked, moves, replay.rules.size, words),
            None => Vec::new(),
        };
        let rules = rules_caption(&replay.rules, words);
        let mut lines: Vec<Line> = status
            .iter()
            .chain(&review_lines)
            .chain(&notes)
            .map(Line::text)
            .collect();
        // The rules in small print.
        lines.push(Line {
            text: rules.clone(),
            size: LABEL_PT,
        });
        // The plain text holds the caption and the status; the text alternative all of it.
        let mut written: Vec<String> = options
            .caption
            .iter()
            .chain(&status)
            .chain(&review_lines)
            .cloned()
            .collect();
        let plain_text = plain_text(replay, options.flip, &written, words);
        written.extend(notes);
        written.push(rules);
        Under {
            lines,
            plain_text,
            written,
        }
    }
}

/// The board, the last move, the groups' links, the captures, the pieces, the `show`
/// figures and the review's arrows, each a group.
fn board_marks(
    board: &BoardLayout,
    replay: &Play,
    show: &[Show],
    review: Option<&super::analysis::Marked>,
    k: f64,
) -> Vec<Group> {
    let mut groups = vec![board.draw(replay.board.blocked)];
    let last_move = match replay.plies.last() {
        Some(super::game::Ply::Move(m)) => Some(*m),
        _ => None,
    };
    // Beside other arrows, the last move is its squares tinted.
    let with_figures = !show.is_empty() || review.is_some();
    if let (Some(m), true) = (last_move, with_figures) {
        groups.push(last_move_squares(board, m));
    }
    groups.push(group_links(board, replay));
    groups.push(board.pieces(&replay.position));
    let crossed = crossed_by_arrows(board, replay);
    if let (Some(m), false) = (last_move, with_figures) {
        groups.push(last_move_arrow(board, m, &crossed));
    }
    if let Some(marked) = review {
        groups.push(super::costly::arrows(board, marked, &crossed));
    }
    // Over the links and the move arrows, which may pass through a square's corner: no
    // line hides a capture.
    groups.push(captured_squares(board, replay));
    // Arrows first, so the line counts sit on top of the shafts they label.
    for figure in show {
        if let Show::Moves(sq) = *figure {
            groups.push(move_arrows(board, replay, sq));
        }
    }
    for figure in show {
        if let Show::Lines(sq) = *figure {
            let with_moves = show.contains(&Show::Moves(sq));
            groups.push(line_counts(board, replay, sq, with_moves, k));
        }
    }
    groups
}

/// Beside move arrows the last move is its two squares tinted, not another arrow.
fn last_move_squares(board: &BoardLayout, m: Move) -> Group {
    let mut last = Group::new("last-move squares");
    for sq in [m.from, m.to] {
        let square = board.square(sq as usize);
        last.shape(
            Shape::Rect(square.inset(0.2)),
            Paint::fill(LAST_MOVE_SQUARE),
        );
        // A dashed frame: the tint alone fades on a photocopy.
        let w = (board.cell * 0.04).max(0.35);
        last.shape(
            Shape::Rect(square.inset(w)),
            Paint::stroke(Stroke::dashed(LAST_MOVE, w, &[w * 3.0, w * 2.0])),
        );
    }
    last
}

/// The last move as an arrow: from the emptied square's centre to just past the piece's
/// rim, so the head lies on the board, cased in paper, and passing under the pieces it
/// jumps, so it strikes none of them.
fn last_move_arrow(board: &BoardLayout, m: Move, crossed: &[(usize, Point, f64)]) -> Group {
    let mut last = Group::new("last-move");
    let (from, to) = trimmed(
        board.center(m.from as usize),
        board.center(m.to as usize),
        board.cell * 0.15,
        board.piece_radius() + board.cell * 0.03,
    );
    last.group(passing_under(
        last_move_shaft(from, to, last_move_width(board)),
        &super::board::between(crossed, m),
    ));
    last
}

/// What a move's arrow passes under rather than strike: every piece (to its rim) and, on
/// an empty square, a capture's cross; each with its square.
pub(crate) fn crossed_by_arrows(board: &BoardLayout, replay: &Play) -> Vec<(usize, Point, f64)> {
    let mut crossed = board.piece_discs(&replay.position);
    let occupied = occupied(replay);
    for sq in captures(replay).filter(|&sq| !occupied.has(sq)) {
        crossed.push((sq, board.center(sq), centred_cross_reach(board)));
    }
    crossed
}

/// The last move's arrow from `from` to `to`, `width` wide, cased in paper: on the board
/// and in the key alike. Its shaft is dashed where an annotation's arrow is solid, so the
/// two differ in shape, not in grey alone (a photocopy keeps one, not the other).
fn last_move_shaft(from: Point, to: Point, width: f64) -> Group {
    let mut arrow = cased_arrow(
        "arrow",
        from,
        to,
        width,
        LAST_MOVE,
        (crate::palette::PAPER, 0.3),
    );
    for item in &mut arrow.items {
        if let Item::Shape(
            Shape::Line(..),
            Paint {
                stroke: Some(stroke),
                ..
            },
        ) = item
        {
            if stroke.color == LAST_MOVE {
                stroke.dash = vec![width * 2.0, width * 1.2];
            }
        }
    }
    arrow
}

/// Whether a group of `groups` (or one inside them) of class `class` draws anything.
fn drawn(groups: &[Group], class: &str) -> bool {
    let has = |g: &Group| g.class.split(' ').any(|c| c == class) && !g.items.is_empty();
    groups
        .iter()
        .any(|g| has(g) || g.groups_with_class(class).into_iter().any(has))
}

/// The key to every symbol the board's `groups` draw, sampled as the board draws it.
fn key_entries<'a>(groups: &[Group], board: &BoardLayout, words: &Words) -> Vec<KeyEntry<'a>> {
    let mut entries: Vec<KeyEntry> = Vec::new();
    let top = |class: &str| groups.iter().any(|g| g.class == class);
    if top("last-move") {
        let last = last_move_width(board);
        entries.push(KeyEntry {
            kind: "last-move",
            sample: Box::new(move |a, b| last_move_shaft(a, b, last)),
            words: words.tr("the last move"),
        });
    }
    if top("last-move squares") {
        entries.push(KeyEntry {
            kind: "last-move squares",
            sample: Box::new(last_move_squares_sample),
            words: words.tr("the last move's squares"),
        });
    }
    entries.extend(link_entries(groups, board, words));
    if drawn(groups, "obstruction") {
        entries.push(KeyEntry {
            kind: "obstruction",
            sample: Box::new(|a, b| {
                let side = 3.6;
                let at = crate::figure::Rect::new(
                    (a.x + b.x - side) / 2.0,
                    a.y - side / 2.0,
                    side,
                    side,
                );
                super::board::obstruction(at, side)
            }),
            words: words.tr("an obstructed square"),
        });
    }
    if drawn(groups, "capture") && drawn(groups, "captured") {
        entries.push(KeyEntry {
            kind: "capture",
            sample: Box::new(capture_sample),
            words: words.tr("a capture happened here"),
        });
    }
    if groups.iter().any(|g| g.class.starts_with("moves ")) {
        entries.extend(move_entries(board, words));
    }
    entries
}

/// The key's sample of the last move's two tinted squares.
fn last_move_squares_sample(a: Point, b: Point) -> Group {
    let mut g = Group::new("");
    let side = 3.2;
    for x in [a.x, b.x - side] {
        let r = crate::figure::Rect::new(x, a.y - side / 2.0, side, side);
        g.shape(Shape::Rect(r), Paint::fill(LAST_MOVE_SQUARE));
        g.shape(
            Shape::Rect(r.inset(0.2)),
            Paint::stroke(Stroke::dashed(LAST_MOVE, 0.35, &[1.05, 0.7])),
        );
    }
    g
}

/// The key's entries for each side whose groups the board links.
fn link_entries<'a>(groups: &[Group], board: &BoardLayout, words: &Words) -> Vec<KeyEntry<'a>> {
    let link = board.cell * 0.12;
    let mut entries = Vec::new();
    for (class, kind, color, english) in [
        (
            "black",
            "links black",
            LINK_BLACK,
            "Black's pieces of one group",
        ),
        (
            "white",
            "links white",
            LINK_WHITE,
            "White's pieces of one group",
        ),
    ] {
        let linked = groups
            .iter()
            .flat_map(|g| g.groups_with_class("links"))
            .any(|g| g.class.split(' ').any(|c| c == class) && !g.items.is_empty());
        if linked {
            entries.push(KeyEntry {
                kind,
                sample: Box::new(move |a, b| {
                    let mut g = Group::new("");
                    group_link(&mut g, (a, b), color, link);
                    g
                }),
                words: words.tr(english),
            });
        }
    }
    entries
}

/// The key's sample of a capture's cross.
fn capture_sample(a: Point, b: Point) -> Group {
    let mut g = Group::new("");
    let (x, y, s) = ((a.x + b.x) / 2.0, a.y, 1.1);
    let stroke = Paint::stroke(Stroke::solid(CAPTURE, 0.4));
    g.shape(
        Shape::Line(Point::new(x - s, y - s), Point::new(x + s, y + s)),
        stroke.clone(),
    );
    g.shape(
        Shape::Line(Point::new(x + s, y - s), Point::new(x - s, y + s)),
        stroke,
    );
    g
}

/// The key to a `moves:` figure: a move, a capture, a refused direction.
fn move_entries<'a>(board: &BoardLayout, words: &Words) -> [KeyEntry<'a>; 3] {
    let width = (board.cell * 0.05).max(0.45);
    [
        KeyEntry {
            kind: "move",
            sample: Box::new(move |a, b| arrow("", a, b, width, MOVE)),
            words: words.tr("a move"),
        },
        KeyEntry {
            kind: "capture",
            sample: Box::new(move |a, b| arrow("", a, b, width, CAPTURE)),
            words: words.tr("a move that captures"),
        },
        KeyEntry {
            kind: "refused",
            sample: Box::new(move |a, b| {
                let mut g = Group::new("");
                let m = Point::new((a.x + b.x) / 2.0 - 0.5, a.y);
                let n = Point::new(m.x + 1.0, a.y);
                g.shape(
                    Shape::Line(a, m),
                    Paint::stroke(Stroke::solid(BLOCKED, width)),
                );
                g.shape(
                    Shape::Line(n, b),
                    Paint::stroke(Stroke::dashed(BLOCKED, width, &[1.0, 0.7])),
                );
                g
            }),
            words: words.tr("a direction it cannot use"),
        },
    ]
}

/// The last-move arrow's width: its head (four widths) fits between the piece it ends at and
/// a piece next to that one.
fn last_move_width(board: &BoardLayout) -> f64 {
    (board.cell * 0.045).min(0.7)
}

/// What the `show` figures say under the board: each piece's line counts, and the key to
/// the move arrows.
fn figure_notes(replay: &Play, show: &[Show], words: &Words) -> Vec<String> {
    let mut notes = Vec::new();
    for figure in show {
        if let Show::Lines(sq) = *figure {
            notes.push(lines_note(replay, sq, words));
        }
    }
    if show.iter().any(|s| matches!(s, Show::Moves(_))) {
        notes.push(words.tr(
            "Arrows: a move; ringed at its end, a capture. Tinted squares: the last move. Short stubs mark the directions a piece cannot use: \
             ending in a bar, blocked by an enemy piece or an obstruction; in a ring, onto its own piece; \
             in a cross, off the board.",
        ));
    }
    notes
}

/// The board's squares, each with the piece standing on it, for annotations; and the
/// crosses of obstructions and, on empty squares, of captures, which annotations keep off.
fn piece_cells(board: &BoardLayout, replay: &Play) -> crate::annotate::Cells {
    let mut cells = board.cells();
    let name = |sq: usize| square_name(sq, board.size);
    for side in [Side::Black, Side::White] {
        let fill = match side {
            Side::Black => crate::palette::STONE_BLACK,
            Side::White => Color::WHITE,
        };
        for sq in replay.position.pieces(side).squares() {
            let piece = crate::annotate::Piece::plain(fill, board.piece_radius());
            crate::annotate::place(&mut cells, &name(sq), piece);
        }
    }
    let occupied = occupied(replay);
    for sq in captures(replay).filter(|&sq| !occupied.has(sq)) {
        crate::annotate::sign(&mut cells, &name(sq), centred_cross_reach(board));
    }
    // An obstruction's cross reaches 0.3 of a square from its centre each way (L2).
    for sq in replay.board.blocked.squares() {
        crate::annotate::sign(
            &mut cells,
            &name(sq),
            board.cell * 0.3 * std::f64::consts::SQRT_2,
        );
    }
    cells
}

/// "Black 1 group, White 3 groups".
fn group_counts(replay: &Play, words: &Words) -> String {
    let count = |side| {
        let n = replay.board.groups(replay.position.pieces(side)).len();
        counted(n, "1 group", "{n} groups", words)
    };
    words.fill(
        "Black {black}, White {white}",
        &[
            ("black", &count(Side::Black)),
            ("white", &count(Side::White)),
        ],
    )
}

/// "1 half-move" or "12 half-moves", in `words`.
fn counted(n: usize, one: &str, many: &str, words: &Words) -> String {
    words.fill(if n == 1 { one } else { many }, &[("n", &n)])
}

fn outcome_line(total: usize, replay: &Play, words: &Words) -> String {
    let n = replay.plies.len();
    let moves = counted(n, "1 half-move", "{n} half-moves", words);
    let text = match (n == total, replay.outcome) {
        (_, Some(outcome)) => outcome_words(outcome, n, words),
        (_, None) if replay.rules.start.is_some() => {
            let english = match (n, replay.position.to_move) {
                (0, Side::Black) => "the position; black to move",
                (0, Side::White) => "the position; white to move",
                (_, Side::Black) => "{n} of {total} half-moves after the position; black to move",
                (_, Side::White) => "{n} of {total} half-moves after the position; white to move",
            };
            words.fill(english, &[("n", &n), ("total", &total)])
        }
        (true, None) => words.fill("unfinished after {moves}", &[("moves", &moves)]),
        (false, None) if n == 0 => {
            let english = match replay.position.to_move {
                Side::Black => "after {n} of {total} half-moves; black to move",
                Side::White => "after {n} of {total} half-moves; white to move",
            };
            words.fill(english, &[("n", &n), ("total", &total)])
        }
        (false, None) => {
            // The move as move lists number it (`6... c4-e6`), and how far into the game.
            let last: Vec<String> = replay
                .plies
                .last()
                .map(|p| super::game::notation(*p, replay.rules.size))
                .into_iter()
                .collect();
            let played = crate::vocabulary::Numbering::Pairs.moves_from(&last, n - 1);
            let english = match replay.position.to_move {
                Side::Black => "after {move}, {n} of {total} half-moves; black to move",
                Side::White => "after {move}, {n} of {total} half-moves; white to move",
            };
            words.fill(english, &[("move", &played), ("n", &n), ("total", &total)])
        }
    };
    capitalised(&text)
}

/// How the game ended after `n` moves, in `words`: in English the engine's own words,
/// which `check` prints too; in another language each kind in one sentence.
pub(crate) fn outcome_words(outcome: super::game::Outcome, n: usize, words: &Words) -> String {
    match words.lang() {
        Lang::En => capitalised(&outcome.describe(n)),
        _ => outcome_in(
            outcome,
            &counted(n, "1 half-move", "{n} half-moves", words),
            words,
        ),
    }
}

/// The outcome in another language than English, each kind in one sentence.
fn outcome_in(outcome: super::game::Outcome, moves: &str, words: &Words) -> String {
    use super::game::Outcome;
    let side = |s: Side| words.tr(&capitalised(s.name()));
    let (english, winner, other) = match outcome {
        Outcome::Connected { winner, mover } if winner == mover => {
            ("{winner} wins: connected after {moves}", winner, mover)
        }
        Outcome::Connected { winner, mover } => (
            "{winner} wins: connected after {moves}, by {other}'s capture",
            winner,
            mover,
        ),
        Outcome::BothConnected { draw: true, mover } => {
            ("Draw: both connected after {moves}", mover, mover)
        }
        Outcome::BothConnected { mover, draw: false } => (
            "{winner} wins: both connected after {moves}, the mover wins",
            mover,
            mover,
        ),
        Outcome::Repetition => (
            "Draw: third repetition after {moves}",
            Side::Black,
            Side::Black,
        ),
        Outcome::Resigned { side: loser } => (
            "{winner} wins: {other} resigned after {moves}",
            loser.other(),
            loser,
        ),
    };
    words.fill(
        english,
        &[
            ("winner", &side(winner)),
            ("other", &side(other)),
            ("moves", &moves),
        ],
    )
}

/// A red cross on every square where a capture happened: on its centre when the square is
/// empty now, so it plainly belongs to that square; in its upper right corner, clear of the
/// piece, when one stands there.
fn captured_squares(board: &BoardLayout, replay: &Play) -> Group {
    let mut group = Group::new("captured");
    let occupied = occupied(replay);
    for square in captures(replay) {
        let r = board.square(square);
        let (x, y, s) = if occupied.has(square) {
            // The same inset from the top and the right edge, clear of the frame.
            let (s, inset) = (board.cell * 0.16, board.cell * 0.08);
            (r.right() - inset - s, r.y + inset, s)
        } else {
            let s = board.cell * CENTRED_CROSS;
            (r.x + (r.width - s) / 2.0, r.y + (r.height - s) / 2.0, s)
        };
        let width = (board.cell * 0.04).max(0.3);
        let arms = [
            Shape::Line(Point::new(x, y), Point::new(x + s, y + s)),
            Shape::Line(Point::new(x + s, y), Point::new(x, y + s)),
        ];
        let mut cross = Group::new("capture");
        // Cased in paper, so it reads over a link or an arrow.
        for (color, w) in [(crate::palette::PAPER, width * 2.6), (CAPTURE, width)] {
            for arm in &arms {
                cross.shape(arm.clone(), Paint::stroke(Stroke::solid(color, w)));
            }
        }
        group.group(cross);
    }
    group
}

/// The capture cross's size on an empty square's centre, in squares.
const CENTRED_CROSS: f64 = 0.3;

/// How far a centred capture cross reaches from its square's centre: its half-diagonal.
fn centred_cross_reach(board: &BoardLayout) -> f64 {
    board.cell * CENTRED_CROSS * std::f64::consts::FRAC_1_SQRT_2
}

/// Every square where a capture happened in the game so far, each once, in the game's order.
fn captures(replay: &Play) -> impl Iterator<Item = usize> + '_ {
    let mut seen = Vec::new();
    replay.plies.iter().filter_map(move |ply| match ply {
        super::game::Ply::Move(m) if m.capture && !seen.contains(&m.to) => {
            seen.push(m.to);
            Some(m.to as usize)
        }
        _ => None,
    })
}

/// The squares a piece stands on.
fn occupied(replay: &Play) -> Wide {
    let p = &replay.position;
    p.pieces(Side::Black).or(p.pieces(Side::White))
}

/// A thick link between every two touching pieces of a side, so each group reads as one
/// shape and a connected side as a single one.
fn group_links(board: &BoardLayout, replay: &Play) -> Group {
    let mut group = Group::new("groups");
    for (side, color) in [(Side::Black, LINK_BLACK), (Side::White, LINK_WHITE)] {
        let pieces = replay.position.pieces(side);
        let mut links = Group::new(match side {
            Side::Black => "links black",
            Side::White => "links white",
        });
        for sq in pieces.squares() {
            // Each pair once: link to the neighbours east, north-east, north and north-west.
            for d in [0, 4, 2, 7] {
                if let Some(t) = replay.board.step(sq, d, 1) {
                    if pieces.has(t) {
                        let ends = (board.center(sq), board.center(t));
                        group_link(&mut links, ends, color, board.cell * 0.18);
                    }
                }
            }
        }
        group.group(links);
    }
    group
}

/// A link of `color` between two pieces' centres, `width` wide. White's light grey, which
/// stands out neither from paper nor from the dark squares, is edged in ink like White's
/// pieces: it is the pattern, not its grey, that keeps it visible on any square and in grey.
fn group_link(group: &mut Group, (a, b): (Point, Point), color: Color, width: f64) {
    if color == LINK_WHITE {
        let edge = (width * 0.12).max(0.2);
        group.shape(
            Shape::Line(a, b),
            Paint::stroke(Stroke::solid(crate::palette::INK, width)),
        );
        group.shape(
            Shape::Line(a, b),
            Paint::stroke(Stroke::solid(color, width - 2.0 * edge)),
        );
    } else {
        group.shape(
            Shape::Line(a, b),
            Paint::stroke(Stroke::solid(color, width)),
        );
    }
}

/// The four counts (L3) in small discs beside the piece, each on one of its line's two
/// directions: inside the piece's square, or, when its moves are drawn too, out on a move's
/// shaft or past a refused direction's stub.
fn line_counts(
    board: &BoardLayout,
    replay: &Play,
    sq: usize,
    with_moves: bool,
    text_scale: f64,
) -> Group {
    let mut group = Group::new(format!("line-counts {}", square_name(sq, board.size)));
    let c = board.center(sq);
    // Larger for a booklet, but never wider than a quarter of the square.
    let radius = (board.cell * 0.15 * text_scale).min(board.cell * 0.25);
    // Two digits at most: they stay inside the disc.
    let size = radius * 1.45 / font::MM_PER_PT;
    // An empty square has line counts too, but no moves.
    let ways = replay.position.at(sq).map(|_| directions(replay, sq));
    let can_move = |d: usize| ways.as_ref().is_some_and(|w| w[d].1.is_ok());
    for a in 0..4 {
        let count = replay.board.line_count(replay.position.occupied(), sq, a);
        // Each line has two directions: the count goes on one the piece can move along (it
        // then sits on that arrow's shaft), else on one that stays on the board.
        let [d1, d2] = [2 * a, 2 * a + 1];
        let on_board = |d: usize| replay.board.step(sq, d, 1).is_some();
        let d = [d1, d2]
            .into_iter()
            .find(|d| can_move(*d))
            .or_else(|| [d1, d2].into_iter().find(|d| on_board(*d)))
            .unwrap_or(d1);
        let (ux, uy) = unit(d);
        // Outside the piece, never on it: on the arrow's shaft, or past the refused
        // direction's stub and its end mark.
        let clear = board.piece_radius() + radius + board.cell * 0.03;
        let offset = match (with_moves, can_move(d)) {
            (true, false) => square_edge(board, d) + radius + board.cell * 0.1,
            _ => clear,
        };
        let at = Point::new(c.x + ux * offset, c.y + uy * offset);
        let mut label =
            Group::new(["count rank", "count file", "count rising", "count falling"][a]);
        label.shape(
            Shape::Circle { center: at, radius },
            Paint::fill_and_stroke(Color::WHITE, Stroke::solid(MOVE, 0.35)),
        );
        let mut text = Text::new(
            Point::new(at.x, at.y + board.font.cap_height(size) / 2.0),
            count.to_string(),
            size,
            Anchor::Middle,
        );
        text.color = MOVE;
        label.text(text);
        group.group(label);
    }
    group
}

fn lines_note(replay: &Play, sq: usize, words: &Words) -> String {
    let occupied = replay.position.occupied();
    let count = |a| replay.board.line_count(occupied, sq, a);
    words.fill(
        "{square}: {rank} on its rank, {file} on its file, {rising} on its rising and {falling} on its falling diagonal.",
        &[
            ("square", &square_name(sq, replay.rules.size)),
            ("rank", &count(0)),
            ("file", &count(1)),
            ("rising", &count(2)),
            ("falling", &count(3)),
        ],
    )
}

/// Every legal move of the piece as an arrow (a capture also rings its target), and a short
/// stub with a mark for every direction it cannot use.
fn move_arrows(board: &BoardLayout, replay: &Play, sq: usize) -> Group {
    let mut group = Group::new(format!("moves {}", square_name(sq, board.size)));
    let from = board.center(sq);
    let width = (board.cell * 0.05).max(0.45);
    for (d, result) in directions(replay, sq) {
        match result {
            Ok(m) => {
                let color = if m.capture { CAPTURE } else { MOVE };
                let class = if m.capture { "capture" } else { "move" };
                // From the piece's rim; onto an empty square's centre, or a capture's ring.
                let end = if m.capture {
                    board.piece_radius() + 0.8 + width
                } else {
                    0.0
                };
                let (start, tip) =
                    trimmed(from, board.center(m.to as usize), board.piece_radius(), end);
                let mut one = arrow(class, start, tip, width, color);
                if m.capture {
                    one.shape(
                        Shape::Circle {
                            center: board.center(m.to as usize),
                            radius: board.piece_radius() + 0.8,
                        },
                        Paint::stroke(Stroke::solid(CAPTURE, width)),
                    );
                }
                group.group(one);
            }
            Err(refusal) => {
                group.group(stub(board, from, d, refusal, width));
            }
        }
    }
    group
}

/// A refused direction: a short stub from the piece ending in a mark that says why.
fn stub(board: &BoardLayout, from: Point, d: usize, refusal: Refusal, width: f64) -> Group {
    let (ux, uy) = unit(d);
    // From the piece's edge to the square's, so it never covers the piece nor reaches the
    // labels.
    let m = board.cell * 0.08;
    let edge = square_edge(board, d);
    let (inner, outer) = match refusal {
        // Its cross on the board's edge, clear of the labels; at least 1 mm long, so it
        // reads even on a small board.
        Refusal::OffBoard => ((board.piece_radius() + width / 2.0).min(edge - 1.0), edge),
        // Into the next square where this one leaves no room.
        _ => {
            let inner = board.piece_radius() + width / 2.0;
            (
                inner,
                (edge - m - width).max(inner + (board.cell * 0.15).max(1.2)),
            )
        }
    };
    let start = Point::new(from.x + ux * inner, from.y + uy * inner);
    let end = Point::new(from.x + ux * outer, from.y + uy * outer);
    let (class, stroke) = match refusal {
        Refusal::BlockedByEnemy => ("refused blocked", Stroke::solid(BLOCKED, width)),
        Refusal::BlockedByObstruction => ("refused obstructed", Stroke::solid(BLOCKED, width)),
        Refusal::OwnPiece => (
            "refused own-piece",
            Stroke::dashed(BLOCKED, width, &[1.0, 0.7]),
        ),
        Refusal::OffBoard => (
            "refused off-board",
            Stroke::dashed(BLOCKED, width, &[0.4, 0.6]),
        ),
    };
    let mut group = Group::new(class);
    group.shape(Shape::Line(start, end), Paint::stroke(stroke));
    stub_end(&mut group, refusal, end, (ux, uy), m, width);
    group
}

/// The mark at a refused direction's stub's `end` (`u` its direction) that says why: a bar
/// for a blocked line, a ring for the mover's own piece, a cross off the board.
fn stub_end(group: &mut Group, refusal: Refusal, end: Point, u: (f64, f64), m: f64, width: f64) {
    let (ux, uy) = u;
    let solid = Paint::stroke(Stroke::solid(BLOCKED, width));
    match refusal {
        Refusal::BlockedByEnemy | Refusal::BlockedByObstruction => {
            // A bar across the stub's end: ⊣
            group.shape(
                Shape::Line(
                    Point::new(end.x - uy * m, end.y + ux * m),
                    Point::new(end.x + uy * m, end.y - ux * m),
                ),
                solid,
            );
        }
        Refusal::OwnPiece => {
            group.shape(
                Shape::Circle {
                    center: end,
                    radius: m * 0.7,
                },
                Paint::fill_and_stroke(Color::WHITE, Stroke::solid(BLOCKED, width)),
            );
        }
        Refusal::OffBoard => {
            group.shape(
                Shape::Line(
                    Point::new(end.x - m * 0.7, end.y - m * 0.7),
                    Point::new(end.x + m * 0.7, end.y + m * 0.7),
                ),
                solid.clone(),
            );
            group.shape(
                Shape::Line(
                    Point::new(end.x + m * 0.7, end.y - m * 0.7),
                    Point::new(end.x - m * 0.7, end.y + m * 0.7),
                ),
                solid,
            );
        }
    }
}

/// The diagram as plain text under the frame's title: the board with files and ranks on every side
/// (from White's side when flipped), a key, and the lines under the board.
fn plain_text(replay: &Play, flip: bool, lines: &[String], words: &Words) -> String {
    let size = replay.rules.size;
    let mut out = String::new();
    let order = |i: usize| if flip { size - 1 - i } else { i };
    let files: String = (0..size)
        .map(|i| format!(" {}", (b'a' + order(i) as u8) as char))
        .collect();
    out.push_str(&format!("   {files}\n"));
    for row in 0..size {
        let rank = if flip { row } else { size - 1 - row };
        let cells: String = (0..size)
            .map(|i| {
                let sq = rank * size + order(i);
                let mark = match replay.position.at(sq) {
                    Some(Side::Black) => 'x',
                    Some(Side::White) => 'o',
                    None if replay.board.blocked.has(sq) => '#',
                    None => '.',
                };
                format!(" {mark}")
            })
            .collect();
        out.push_str(&format!("{:>2} {cells}  {}\n", rank + 1, rank + 1));
    }
    out.push_str(&format!("   {files}\n\n"));
    let mut key = words.tr("x Black, o White");
    if !replay.board.blocked.is_empty() {
        key.push_str(&words.tr(", # obstructed"));
    }
    out.push_str(&format!("{key}\n"));
    for line in lines {
        out.push_str(&format!("{line}\n"));
    }
    out
}

/// Direction `d` as a unit vector on the page (y grows downwards).
fn unit(d: usize) -> (f64, f64) {
    let (df, dr) = DIRECTIONS[d];
    let (ux, uy) = (df as f64, -(dr as f64));
    let norm = (ux * ux + uy * uy).sqrt();
    (ux / norm, uy / norm)
}

/// How far from a square's centre its edge is along direction `d`: half a square along a
/// rank or file, half a diagonal along a diagonal.
fn square_edge(board: &BoardLayout, d: usize) -> f64 {
    let (ux, uy) = unit(d);
    board.cell * 0.5 / ux.abs().max(uy.abs())
}

/// The text alternative: the position rank by rank, and the words under the board.
fn describe(heading: &Heading, replay: &Play, lines: &[String]) -> String {
    let size = replay.rules.size;
    let n = replay.plies.len();
    let title = heading.title.as_deref().unwrap_or("Lines of Action game");
    let mut out = match replay.rules.start {
        Some(_) => format!("{title}. Lines of Action, a set-up position and {n} moves after it.\n"),
        None => format!("{title}. Lines of Action, position after {n} half-moves.\n"),
    };
    for rank in (0..size).rev() {
        let row: String = (0..size)
            .map(|file| {
                let sq = rank * size + file;
                match replay.position.at(sq) {
                    Some(Side::Black) => 'x',
                    Some(Side::White) => 'o',
                    None if replay.board.blocked.has(sq) => '#',
                    None => '.',
                }
            })
            .collect();
        out.push_str(&format!("{:>2} {row}\n", rank + 1));
    }
    let pieces = |p: &Position<Wide>, side| {
        let names: Vec<String> = p
            .pieces(side)
            .squares()
            .map(|s| square_name(s, size))
            .collect();
        names.join(" ")
    };
    out.push_str(&format!(
        "Black: {}.\nWhite: {}.\n",
        pieces(&replay.position, Side::Black),
        pieces(&replay.position, Side::White)
    ));
    out.push_str(&lines.join("\n"));
    out
}
