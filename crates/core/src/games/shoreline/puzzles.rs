//! Shoreline puzzles: positions from realistic play where the side to move has exactly one
//! best move and every other loses at least a point; the boards on page 1, the solutions and
//! the value of each alternative on page 2.

use std::sync::Arc;

use super::Side;
use super::bitboard::Bitboard;
use super::board::BoardLayout;
use super::diagram;
use super::rules::{Point, Position, Scoring};
use super::solver::Solver;
use crate::figure::{Anchor, Document, Figure, Group, Point as At, Rect, Text};
use crate::font::Font;
use crate::layout::{fit, line_height, wrap};
use crate::page::{PageSetup, grid};
use crate::rng::Rng;
use crate::words::Words;

/// The most puzzles a sheet holds (`--puzzles`).
pub const MAX_PUZZLES: usize = 12;

/// One puzzle: the moves that lead to it, the solution and every move's value.
#[derive(Debug, Clone)]
pub struct Puzzle {
    pub moves: Vec<Point>,
    pub to_move: Side,
    pub solution: Point,
    pub value: i32,
    /// Every legal move with the value it leads to.
    pub values: Vec<(Point, i32)>,
}

/// `count` puzzles from games played by two fair players (a best move three times in four,
/// any move otherwise), the same for the same seed.
pub fn find(count: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(Scoring::Exact);
    let mut puzzles = Vec::new();
    let mut games = 0;
    while puzzles.len() < count && games < 1000 {
        games += 1;
        let first = if rng.below(2) == 0 {
            Side::Black
        } else {
            Side::White
        };
        let mut position = Position::new(first);
        let mut moves = Vec::new();
        // Look for a puzzle from a random point of the middle game on.
        let from = 8 + rng.below(8);
        while !position.is_over() {
            let board = Bitboard::from_position(&position);
            if position.placed() >= from {
                if let Some(puzzle) = puzzle_at(&mut solver, &position, &board, &moves) {
                    puzzles.push(puzzle);
                    break;
                }
            }
            let column = if rng.below(4) < 3 {
                let best = solver.best(&board);
                best[rng.below(best.len())]
            } else {
                let legal = position.legal_columns();
                legal[rng.below(legal.len())]
            };
            moves.push(position.place_in(column).expect("a legal column"));
        }
    }
    puzzles
}

/// The puzzle at `position`, if exactly one move is best and the rest lose a point or more.
fn puzzle_at(
    solver: &mut Solver,
    position: &Position,
    board: &Bitboard,
    moves: &[Point],
) -> Option<Puzzle> {
    let values = solver.moves(board);
    let sign = if position.to_move() == Side::Black {
        1
    } else {
        -1
    };
    let best = values.iter().map(|(_, v)| v * sign).max()?;
    let winners: Vec<&(usize, i32)> = values.iter().filter(|(_, v)| v * sign == best).collect();
    if winners.len() != 1 || values.len() < 3 {
        return None;
    }
    let (column, value) = *winners[0];
    let point_of = |c: usize| position.landing(c).expect("a legal column");
    Some(Puzzle {
        moves: moves.to_vec(),
        to_move: position.to_move(),
        solution: point_of(column),
        value,
        values: values.iter().map(|(c, v)| (point_of(*c), *v)).collect(),
    })
}

const MARGIN: f64 = 14.0;
const TITLE_PT: f64 = 18.0;
const TEXT_PT: f64 = 10.0;
const LABEL_PT: f64 = 9.0;

/// The two-page puzzle sheet: the puzzles, with the scale bar under them, then their
/// solutions, all in `words`, measured and drawn in `font`.
pub fn sheet(
    font: &Arc<Font>,
    puzzles: &[Puzzle],
    seed: u64,
    page: PageSetup,
    words: &Words,
) -> Document {
    let (width, height) = page.size();
    let content = Rect::new(MARGIN, MARGIN, width - 2.0 * MARGIN, height - 2.0 * MARGIN);
    let mut first = puzzle_page(font, puzzles, seed, content, (width, height), words);
    let unit = crate::print_marks::ScaleUnit::Auto;
    first
        .root
        .group(crate::print_marks::scale_bar(font, content, page, unit));
    let solutions = solutions_page(font, puzzles, content, (width, height), words);
    Document::new(words.tr("Shoreline puzzles"), vec![first, solutions])
}

/// The first page: a heading, and the puzzles' boards in a grid.
fn puzzle_page(
    font: &Arc<Font>,
    puzzles: &[Puzzle],
    seed: u64,
    content: Rect,
    (width, height): (f64, f64),
    words: &Words,
) -> Figure {
    let mut boards = Figure::new(width, height, words.tr("Shoreline puzzles"), font.clone());
    let mut header = Group::new("header");
    let title = words.tr("Shoreline 岸棋 puzzles");
    let mut y = content.y + font.ink_extent(&title, TITLE_PT).0;
    header.text(Text::new(
        At::new(content.x, y),
        &title,
        TITLE_PT,
        Anchor::Start,
    ));
    y += line_height(TEXT_PT) * 1.2;
    let intro = words.fill(
        "Find the one best move: every other loses at least a point. Exact scoring. Set {seed}; solutions overleaf.",
        &[("seed", &seed)],
    );
    header.text(Text::new(
        At::new(content.x, y),
        &intro,
        fit(font, &intro, TEXT_PT, content.width),
        Anchor::Start,
    ));
    boards.root.group(header);
    // The foot of the page is the scale bar's.
    let area = Rect::new(
        content.x,
        y + 6.0,
        content.width,
        content.bottom() - y - 6.0 - crate::print_marks::SCALE_STRIP,
    );
    let columns = if puzzles.len() <= 2 {
        1
    } else if puzzles.len() <= 6 {
        2
    } else {
        3
    };
    let rows = puzzles.len().div_ceil(columns).max(1);
    for (i, (puzzle, cell)) in puzzles
        .iter()
        .zip(grid(area, columns, rows, 8.0))
        .enumerate()
    {
        boards
            .root
            .group(puzzle_cell(font, i + 1, puzzle, cell, words));
    }
    boards.description = words.fill(
        "{n} Shoreline puzzles (set {seed}).",
        &[("n", &puzzles.len()), ("seed", &seed)],
    );
    boards
}

/// The second page: each puzzle's best move and what the others lose.
fn solutions_page(
    font: &Arc<Font>,
    puzzles: &[Puzzle],
    content: Rect,
    (width, height): (f64, f64),
    words: &Words,
) -> Figure {
    let mut answers = Figure::new(
        width,
        height,
        words.tr("Shoreline puzzles: solutions"),
        font.clone(),
    );
    let mut list = Group::new("solutions");
    let heading = words.tr("Solutions");
    let mut y = content.y + font.ink_extent(&heading, TITLE_PT).0;
    list.text(Text::new(
        At::new(content.x, y),
        &heading,
        TITLE_PT,
        Anchor::Start,
    ));
    y += line_height(TEXT_PT);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let text = solution(i + 1, puzzle, words);
        for line in wrap(font, &text, TEXT_PT, content.width) {
            y += line_height(TEXT_PT);
            list.text(Text::new(
                At::new(content.x, y),
                line,
                TEXT_PT,
                Anchor::Start,
            ));
        }
        y += 2.0;
    }
    y += line_height(TEXT_PT);
    list.text(Text::new(
        At::new(content.x, y),
        words.tr("Values are Black's final score minus White's under perfect play."),
        TEXT_PT,
        Anchor::Start,
    ));
    answers.root.group(list);
    answers.description = words.tr("Solutions to the Shoreline puzzles.");
    answers
}

/// Puzzle `number`'s solution as the solutions page writes it: who plays, the best move
/// and its value, and what each other move loses.
fn solution(number: usize, puzzle: &Puzzle, words: &Words) -> String {
    let signed = |v: i32| {
        if v > 0 {
            format!("+{v}")
        } else {
            v.to_string().replace('-', "−")
        }
    };
    let sign = if puzzle.to_move == Side::Black { 1 } else { -1 };
    let others: Vec<String> = puzzle
        .values
        .iter()
        .filter(|(p, _)| *p != puzzle.solution)
        .map(|(p, v)| {
            words.fill(
                "{point} {value} (loses {loss})",
                &[
                    ("point", &p.name()),
                    ("value", &signed(*v)),
                    ("loss", &((puzzle.value - v) * sign)),
                ],
            )
        })
        .collect();
    words.fill(
        "{n}. {side} to play: {point} (value {value}). Others: {others}.",
        &[
            ("n", &number),
            ("side", &words.tr(puzzle.to_move.label())),
            ("point", &puzzle.solution.name()),
            ("value", &signed(puzzle.value)),
            ("others", &others.join(", ")),
        ],
    )
}

fn puzzle_cell(font: &Font, number: usize, puzzle: &Puzzle, cell: Rect, words: &Words) -> Group {
    let mut group = Group::new(format!("puzzle puzzle-{number}"));
    let heading = words.fill(
        "{n}. {side} to play",
        &[("n", &number), ("side", &words.tr(puzzle.to_move.label()))],
    );
    let baseline = cell.y + font.ink_extent(&heading, TEXT_PT).0;
    let top = baseline + 3.0;
    let spacing = BoardLayout::spacing_to_fit(font, cell.width, cell.bottom() - top, LABEL_PT);
    // A board narrower than its cell (the height limits it) stands in the cell's middle,
    // its heading above its left edge, so the page is centred.
    let width = BoardLayout::at(font, At::new(0.0, 0.0), spacing, LABEL_PT)
        .extent()
        .width;
    let left = cell.x + ((cell.width - width) / 2.0).max(0.0);
    group.text(Text::new(
        At::new(left, baseline),
        &heading,
        fit(font, &heading, TEXT_PT, cell.right() - left),
        Anchor::Start,
    ));
    let board = BoardLayout::at(font, At::new(left, top), spacing, LABEL_PT);
    group.group(board.draw());
    group.group(diagram::stones(
        &board,
        first_of(puzzle),
        &puzzle.moves,
        false,
        None,
    ));
    group
}

/// Who placed first, from who is to move after the moves.
fn first_of(puzzle: &Puzzle) -> Side {
    if puzzle.moves.len() % 2 == 0 {
        puzzle.to_move
    } else {
        puzzle.to_move.other()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_has_one_best_move_and_the_others_lose() {
        let puzzles = find(4, 7);
        assert_eq!(puzzles.len(), 4);
        for puzzle in &puzzles {
            // Re-verify from scratch with a fresh solver.
            let mut position = Position::new(first_of(puzzle));
            for p in &puzzle.moves {
                position.place_at(*p).unwrap();
            }
            assert_eq!(position.to_move(), puzzle.to_move);
            let board = Bitboard::from_position(&position);
            let mut solver = Solver::without_book(Scoring::Exact);
            let best: Vec<Point> = solver
                .best(&board)
                .into_iter()
                .map(|c| position.landing(c).unwrap())
                .collect();
            assert_eq!(best, [puzzle.solution]);
            let sign = if puzzle.to_move == Side::Black { 1 } else { -1 };
            for (p, v) in &puzzle.values {
                if *p != puzzle.solution {
                    assert!((puzzle.value - v) * sign >= 1, "{p} loses at least a point");
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzles() {
        let a: Vec<Vec<Point>> = find(3, 11).into_iter().map(|p| p.moves).collect();
        let b: Vec<Vec<Point>> = find(3, 11).into_iter().map(|p| p.moves).collect();
        assert_eq!(a, b);
        let c: Vec<Vec<Point>> = find(3, 12).into_iter().map(|p| p.moves).collect();
        assert_ne!(a, c);
    }
}
