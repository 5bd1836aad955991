//! The review diagram's marks (`render --analysis`): the move played from the position
//! drawn and the best move there as two arrows, and the verdicts in words under the board.
//! Which move is drawn is the review's choice ([`super::analysis::Review::turning_point`])
//! or the reader's (`--at N`).

use super::analysis::{Marked, Note, verdict_text};
use super::board::BoardLayout;
use super::game::{Ply, notation};
use super::search::{Value, Verdict};
use crate::figure::{Color, Group, Item, Point, Stroke, cased_arrow, passing_under, trimmed};
use crate::legend::KeyEntry;
use crate::palette::{PAPER, WARNING as PLAYED};
use crate::vocabulary::{Side, capitalised};
use crate::words::Words;

/// The best move's colour: the legal moves' blue, and a dashed shaft, so the two arrows
/// differ in grey too.
use super::palette::MOVE as BEST;

/// The arrows' width: as the last move's, whose head fits between two pieces.
fn width(board: &BoardLayout) -> f64 {
    (board.cell * 0.05).min(0.75)
}

/// An arrow for `ply` from its piece's rim to its square (to the rim of a piece it
/// captures), moved `shift` millimetres to its left, so two arrows along one line lie side
/// by side instead of one over the other.
/// Its shaft passes under the pieces and capture crosses of `crossed` it meets.
fn move_arrow(
    board: &BoardLayout,
    ply: Ply,
    (class, color): (&str, Color),
    shift: f64,
    crossed: &[(usize, Point, f64)],
) -> Group {
    let Ply::Move(m) = ply else {
        return Group::new(class);
    };
    let (a, b) = (board.center(m.from as usize), board.center(m.to as usize));
    let end = if m.capture {
        board.piece_radius() + board.cell * 0.03
    } else {
        0.0
    };
    let (from, to) = trimmed(a, b, board.piece_radius() + board.cell * 0.02, end);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (nx, ny) = (dy / length * shift, -dx / length * shift);
    let moved = |p: Point| Point::new(p.x + nx, p.y + ny);
    let w = width(board);
    let arrow = cased_arrow(class, moved(from), moved(to), w, color, (PAPER, w * 0.5));
    passing_under(arrow, &super::board::between(crossed, m))
}

/// The ink of a cased arrow's shaft dashed (its casing stays whole).
fn dashed(mut arrow: Group, width: f64) -> Group {
    let shafts = arrow
        .items
        .iter()
        .enumerate()
        .filter(|(_, item)| matches!(item, Item::Shape(crate::figure::Shape::Line(..), _)))
        .map(|(i, _)| i)
        .collect::<Vec<_>>();
    if let Some(&ink) = shafts.last() {
        if let Item::Shape(_, paint) = &mut arrow.items[ink] {
            let color = paint.stroke.as_ref().map_or(BEST, |s| s.color);
            paint.stroke = Some(Stroke::dashed(color, width, &[width * 2.5, width * 1.5]));
        }
    }
    arrow
}

/// Whether two moves leave one square in one direction, so their arrows would overlap.
fn along_one_line(a: Ply, b: Ply, size: usize) -> bool {
    let (Ply::Move(a), Ply::Move(b)) = (a, b) else {
        return false;
    };
    let step = |from: u8, to: u8| {
        let (f, t) = (from as i32, to as i32);
        let (df, dr) = (
            t % size as i32 - f % size as i32,
            t / size as i32 - f / size as i32,
        );
        (df.signum(), dr.signum())
    };
    a.from == b.from && step(a.from, a.to) == step(b.from, b.to)
}

/// The played move's arrow (red) and the best move's (blue, dashed); one arrow when they
/// are the same move.
pub fn arrows(board: &BoardLayout, marked: &Marked, crossed: &[(usize, Point, f64)]) -> Group {
    let mut group = Group::new("review");
    let w = width(board);
    let same = marked.played.is_some() && marked.played == marked.best;
    let beside = match (marked.played, marked.best) {
        (Some(p), Some(b)) if !same && along_one_line(p, b, board.size) => w * 1.6,
        _ => 0.0,
    };
    if let (Some(best), false) = (marked.best, same) {
        group.group(dashed(
            move_arrow(board, best, ("best-move arrow", BEST), -beside, crossed),
            w,
        ));
    }
    if let Some(played) = marked.played {
        let class = if same {
            "played-move best-move arrow"
        } else {
            "played-move arrow"
        };
        group.group(move_arrow(board, played, (class, PLAYED), beside, crossed));
    }
    group
}

/// The key to the arrows `arrows` drew.
pub(crate) fn key_entries<'a>(
    board: &BoardLayout,
    marked: &Marked,
    words: &Words,
) -> Vec<KeyEntry<'a>> {
    let w = width(board);
    let same = marked.played.is_some() && marked.played == marked.best;
    let mut entries = Vec::new();
    if marked.played.is_some() {
        entries.push(KeyEntry {
            kind: "played-move",
            sample: Box::new(move |a, b| cased_arrow("arrow", a, b, w, PLAYED, (PAPER, w * 0.5))),
            words: words.tr(if same {
                "the move played, a best move"
            } else {
                "the move played"
            }),
        });
    }
    if marked.best.is_some() && !same {
        entries.push(KeyEntry {
            kind: "best-move",
            sample: Box::new(move |a, b| {
                dashed(cased_arrow("arrow", a, b, w, BEST, (PAPER, w * 0.5)), w)
            }),
            words: words.tr("the best move"),
        });
    }
    entries
}

/// A verdict in words for `side`: "White wins in 5", "Black has lost", "a draw", or the
/// calibrated estimate "White's chance to win 55% (estimate +35)".
fn verdict_for(side: Side, v: &Verdict, words: &Words) -> String {
    let name = words.tr(&capitalised(side.name()));
    let english = match (v.value, v.plies) {
        (Some(Value::Draw), _) => return words.tr("a draw"),
        (Some(Value::Win), Some(0)) => "{side} has won",
        (Some(Value::Loss), Some(0)) => "{side} has lost",
        (Some(Value::Win), _) => "{side} wins in {n}",
        (Some(Value::Loss), _) => "{side} loses in {n}",
        (None, _) => "{side}'s chance to win {chance} (estimate {score})",
    };
    let chance = (super::calibration::win_probability(v.score) * 100.0).round();
    words.fill(
        english,
        &[
            ("side", &name),
            ("n", &v.plies.unwrap_or(0)),
            ("score", &verdict_text(v)),
            ("chance", &format!("{chance}%")),
        ],
    )
}

/// The lines under the board: which move, the verdicts before and after it, what it did
/// (the note `analyze` gives it) and the best move. `moves` is the record's move list.
pub fn lines(marked: &Marked, moves: &[String], size: usize, words: &Words) -> Vec<String> {
    let side = words.tr(&capitalised(marked.mover.name()));
    let mut lines = Vec::new();
    let before = verdict_for(marked.mover, &marked.before, words);
    match (marked.played, &marked.after) {
        (Some(_), Some(after)) => {
            let played =
                crate::vocabulary::Numbering::Pairs.moves(moves, marked.ply, marked.ply + 1);
            let english = if marked.turning {
                "Decisive move: {move} ({side})"
            } else {
                "Move played: {move} ({side})"
            };
            lines.push(words.fill(english, &[("move", &played), ("side", &side)]));
            let after = verdict_for(marked.mover, after, words);
            lines.push(words.fill(
                "Before it: {before}; after it: {after}",
                &[("before", &before), ("after", &after)],
            ));
        }
        _ => {
            if marked.turning {
                lines.push(
                    words.tr("No costly move: no proven result was lost, no estimate fell far."),
                );
            }
            lines.push(words.fill("Now: {before}", &[("before", &before)]));
        }
    }
    if let Some(note) = &marked.note {
        lines.push(capitalised(&note_words(note, words)));
    }
    // The English note names the best move where it matters to it.
    let named = words.lang() == crate::words::Lang::En
        && matches!(
            marked.note,
            Some(
                Note::MissedWin { .. }
                    | Note::WinNotProven { .. }
                    | Note::Blunder { .. }
                    | Note::Mistake { .. }
                    | Note::Inaccuracy { .. }
            )
        );
    match (marked.best, marked.played) {
        _ if named => {}
        (Some(best), Some(played)) if best == played => {
            lines.push(words.tr("The move played was a best move."))
        }
        (Some(best), _) => {
            lines.push(words.fill("Best move: {move}", &[("move", &notation(best, size))]))
        }
        _ => {}
    }
    lines
}

/// The note in the diagram's language: English as `analyze` words it.
fn note_words(note: &Note, words: &Words) -> String {
    if words.lang() == crate::words::Lang::En {
        return note.describe();
    }
    let english = match note {
        Note::ThrewAwayWin { .. } => "threw away a proven win",
        Note::MissedWin { .. } => "missed a proven win",
        Note::WinNotProven { .. } => "win no longer proven",
        Note::WalkedIntoLoss { .. } => "walked into a proven loss",
        Note::Blunder { .. } => "a blunder",
        Note::Mistake { .. } => "a mistake",
        Note::Inaccuracy { .. } => "an inaccuracy",
    };
    words.tr(english)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::loa::rules::{Move, parse_square};

    fn ply(from: &str, to: &str) -> Ply {
        Ply::Move(Move {
            from: parse_square(from, 8).unwrap() as u8,
            to: parse_square(to, 8).unwrap() as u8,
            capture: false,
        })
    }

    fn marked(played: Ply, best: Ply) -> Marked {
        let verdict = Verdict {
            value: None,
            plies: None,
            best: Some(best),
            score: 0,
            estimate: 0,
            nodes: 0,
        };
        Marked {
            ply: 0,
            mover: Side::Black,
            played: Some(played),
            best: Some(best),
            before: verdict,
            after: Some(verdict),
            note: None,
            turning: false,
        }
    }

    /// Each arrow's shaft starts and its head ends on the line between its move's squares,
    /// off the piece it leaves.
    fn ends(group: &Group, class: &str) -> (Point, Point) {
        let arrow = group.groups_with_class(class)[0];
        let mut points = Vec::new();
        for item in &arrow.items {
            match item {
                Item::Shape(crate::figure::Shape::Line(a, _), _) => points.push(*a),
                Item::Shape(crate::figure::Shape::Polygon(p), _) => points.push(p[0]),
                _ => {}
            }
        }
        (points[0], *points.last().unwrap())
    }

    #[test]
    fn the_played_and_the_best_move_are_two_arrows_from_and_to_their_squares() {
        let font = crate::font::Font::builtin();
        let board = BoardLayout::fitting(&font, Point::new(0.0, 0.0), 80.0, 8, 8.0);
        let group = arrows(&board, &marked(ply("b1", "b3"), ply("c1", "e3")), &[]);
        for (class, from, to) in [("played-move", "b1", "b3"), ("best-move", "c1", "e3")] {
            let (start, tip) = ends(&group, class);
            let (a, b) = (
                board.center(parse_square(from, 8).unwrap()),
                board.center(parse_square(to, 8).unwrap()),
            );
            let off = crate::annotate::segment_distance(start, a, b);
            assert!(off < 1e-6, "{class}: starts on its line");
            let gap = ((start.x - a.x).powi(2) + (start.y - a.y).powi(2)).sqrt();
            assert!(
                gap > board.piece_radius(),
                "{class}: off the piece it leaves"
            );
            let d = ((tip.x - b.x).powi(2) + (tip.y - b.y).powi(2)).sqrt();
            assert!(d < 1e-6, "{class}: ends on its empty square's centre");
        }
        let keys = key_entries(
            &board,
            &marked(ply("b1", "b3"), ply("c1", "e3")),
            &Words::default(),
        );
        let kinds: Vec<&str> = keys.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, ["played-move", "best-move"]);
    }

    #[test]
    fn two_moves_along_one_line_lie_side_by_side_and_one_move_is_one_arrow() {
        let font = crate::font::Font::builtin();
        let board = BoardLayout::fitting(&font, Point::new(0.0, 0.0), 80.0, 8, 8.0);
        let group = arrows(&board, &marked(ply("b1", "b3"), ply("b1", "b5")), &[]);
        let (p, _) = ends(&group, "played-move");
        let (b, _) = ends(&group, "best-move");
        assert!(
            (p.x - b.x).abs() > width(&board) * 2.0,
            "apart by more than their widths: {p:?} {b:?}"
        );
        let same = arrows(&board, &marked(ply("b1", "b3"), ply("b1", "b3")), &[]);
        assert_eq!(same.groups_with_class("arrow").len(), 1);
        assert_eq!(same.groups_with_class("best-move").len(), 1);
    }

    #[test]
    fn the_best_move_is_named_once_in_english_and_in_every_language() {
        let mut m = marked(ply("b1", "b3"), ply("c1", "e3"));
        m.note = Some(Note::MissedWin {
            win: 3,
            best: "c1-e3".into(),
        });
        let moves = vec!["b1-b3".to_string()];
        let english = lines(&m, &moves, 8, &Words::default()).join("\n");
        assert_eq!(english.matches("c1-e3").count(), 1, "{english}");
        let german = lines(&m, &moves, 8, &Words::new(crate::words::Lang::De)).join("\n");
        assert_eq!(german.matches("c1-e3").count(), 1, "{german}");
    }
}
