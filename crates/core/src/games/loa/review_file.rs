//! A review read back from the JSON lines `sheetgen analyze --format json` wrote, so a review
//! figure is drawn without searching again (`render --analysis-from FILE`, the Typst
//! package's `analysis: read("review.json")`): the search takes a minute where reading takes
//! a millisecond, and inside Typst's WebAssembly interpreter far longer.
//!
//! The file must be the review of this very game: every position's move must be the
//! record's move at that ply, and the positions as many as the game's; what does not match
//! is refused, naming the first move that differs, never drawn.

use serde::Deserialize;

use super::analysis::{Budget, Judged, Note, Review, Stand, replayed, winner_of};
use super::game::{Outcome, Ply, Rules, notation};
use super::rules::AnyBoard;
use super::search::{Value, Verdict};

/// One line as [`super::analysis`] writes it; keys it does not know are left alone.
#[derive(Deserialize)]
struct Line {
    index: usize,
    ply: usize,
    to_move: String,
    value: Option<String>,
    plies: Option<u32>,
    best: Option<String>,
    score: i32,
    #[serde(rename = "move")]
    played: Option<String>,
    verdict: Option<String>,
    drop: Option<u32>,
    unreviewed: Option<String>,
}

/// How the file is written, for every refusal of a file that is not one.
const WRITE_IT: &str = "write it with `sheetgen analyze RECORD --format json -o review.json`";

/// The review of the file's game `game` (its `index`, from 1) in `text`, checked against
/// the record's game (`rules`, `plies`); or why it cannot be, in words.
pub fn read(text: &str, game: usize, rules: &Rules, plies: &[Ply]) -> Result<Review, String> {
    let lines = parse(text)?;
    let ours: Vec<&(usize, Line)> = lines.iter().filter(|(_, l)| l.index == game).collect();
    if ours.is_empty() {
        let mut held: Vec<String> = lines.iter().map(|(_, l)| l.index.to_string()).collect();
        held.dedup();
        let games = if held.len() == 1 { "game" } else { "games" };
        return Err(format!(
            "the review holds no game {game} (it reviews {games} {}); {WRITE_IT}",
            held.join(", ")
        ));
    }
    check_moves(&ours, plies, rules.size)?;
    let (history, _) = replayed(rules, plies);
    let stands = stands(&ours, &history, rules)?;
    let moves = judged(&ours, &stands, plies, rules.size)?;
    let unreviewed = stands.iter().take_while(|s| !s.reviewed).count();
    let winner = winner_of(history[history.len() - 1].2, &stands[stands.len() - 1]);
    Ok(Review {
        rules: rules.clone(),
        stands,
        moves,
        // Read, not searched: no nodes were spent here.
        nodes: 0,
        budget: Budget {
            position: 0,
            game: 0,
        },
        unreviewed,
        winner,
    })
}

/// Each position of the game with the review's verdict on it, checked: the ply, the side
/// to move and the best move (legal there) as the game has them.
fn stands(
    ours: &[&(usize, Line)],
    history: &[super::analysis::Stood],
    rules: &Rules,
) -> Result<Vec<Stand>, String> {
    let board = AnyBoard::shared(rules.size, &rules.obstructions);
    let mut stands = Vec::with_capacity(ours.len());
    for (i, (number, line)) in ours.iter().enumerate() {
        let (position, _, outcome) = history[i];
        let at = |why: String| format!("line {number}: {why}");
        if line.ply != i || line.to_move != position.to_move.name() {
            return Err(at(format!(
                "ply {} with {} to move, where the game has ply {i} with {} to move; {WRITE_IT}",
                line.ply,
                line.to_move,
                position.to_move.name()
            )));
        }
        let best = match &line.best {
            None => None,
            Some(best) => Some(legal(&board, &position, best, rules.size).ok_or_else(|| {
                at(format!(
                    "best move {best:?} is no legal move of the position"
                ))
            })?),
        };
        stands.push(Stand {
            ply: i,
            position,
            verdict: Verdict {
                value: value(line.value.as_deref()).map_err(at)?,
                plies: line.plies,
                best,
                score: line.score,
                estimate: 0,
                nodes: 0,
            },
            // A resignation ends the game off the board, as the review has it.
            over: outcome.is_some_and(|o| !matches!(o, Outcome::Resigned { .. })),
            reviewed: line.unreviewed.is_none(),
            played_score: None,
        });
    }
    Ok(stands)
}

/// Each move of the game with the note the review gave it.
fn judged(
    ours: &[&(usize, Line)],
    stands: &[Stand],
    plies: &[Ply],
    size: usize,
) -> Result<Vec<Judged>, String> {
    let mut moves = Vec::with_capacity(plies.len());
    for (i, played) in plies.iter().enumerate() {
        let (number, line) = ours[i];
        let note = match &line.verdict {
            None => None,
            Some(word) => Some(
                note(word, line.drop, (&stands[i], &stands[i + 1]), size)
                    .map_err(|why| format!("line {number}: {why}"))?,
            ),
        };
        moves.push(Judged {
            ply: i,
            mover: stands[i].position.to_move,
            played: *played,
            played_score: 0,
            note,
        });
    }
    Ok(moves)
}

/// Every non-blank line as JSON, with its number from 1.
fn parse(text: &str) -> Result<Vec<(usize, Line)>, String> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Line = serde_json::from_str(line).map_err(|e| {
            // serde_json places the error in the line it was given: its column is ours.
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or_default();
            format!(
                "line {}, column {}: {message}; this is no review as `sheetgen analyze \
                 --format json` writes one ({WRITE_IT})",
                i + 1,
                e.column()
            )
        })?;
        lines.push((i + 1, parsed));
    }
    if lines.is_empty() {
        return Err(format!("the review is empty; {WRITE_IT}"));
    }
    Ok(lines)
}

/// The review's moves against the record's, the first that differs named; then their count.
fn check_moves(ours: &[&(usize, Line)], plies: &[Ply], size: usize) -> Result<(), String> {
    let numbered = |i: usize, token: &str| {
        let number = crate::vocabulary::Numbering::Pairs.number(i);
        format!("{number} {token}")
    };
    for (i, (number, line)) in ours.iter().enumerate() {
        let record = plies.get(i).map(|p| notation(*p, size));
        if line.played == record {
            continue;
        }
        let why = match (&line.played, &record) {
            (Some(theirs), Some(ours)) => format!(
                "line {number}: the review's move {} is not the record's {}: it is the \
                 review of another game",
                numbered(i, theirs),
                numbered(i, ours),
            ),
            (Some(theirs), None) => format!(
                "line {number}: the review goes on with {} after the record's last move: it \
                 is the review of another game",
                numbered(i, theirs)
            ),
            (None, _) => format!(
                "line {number}: the review ends after {i} half-moves, the record's game goes \
                 on with {}: it is the review of another game",
                numbered(i, record.as_deref().unwrap_or_default())
            ),
        };
        return Err(why);
    }
    if ours.len() != plies.len() + 1 {
        return Err(format!(
            "the review has {} positions, where the record's game has {}: it is the review \
             of another game",
            ours.len(),
            plies.len() + 1
        ));
    }
    Ok(())
}

/// The legal ply of `position` written `token`, as the review writes its best moves.
fn legal(
    board: &AnyBoard,
    position: &super::rules::Position<super::bits::Wide>,
    token: &str,
    size: usize,
) -> Option<Ply> {
    let moves = board.moves(position);
    if moves.is_empty() {
        return (token == notation(Ply::Pass, size)).then_some(Ply::Pass);
    }
    moves
        .into_iter()
        .map(Ply::Move)
        .find(|ply| notation(*ply, size) == token)
}

/// A proven value as the lines write it.
fn value(written: Option<&str>) -> Result<Option<Value>, String> {
    let Some(written) = written else {
        return Ok(None);
    };
    [Value::Win, Value::Loss, Value::Draw]
        .into_iter()
        .find(|v| v.name() == written)
        .map(Some)
        .ok_or_else(|| format!("value {written:?}: a value is \"win\", \"loss\", \"draw\" or null"))
}

/// The note the review's `verdict` word names, with what it says taken from the positions
/// before and after the move, as the review judged it ([`super::analysis`]).
fn note(
    word: &str,
    drop: Option<u32>,
    (before, after): (&Stand, &Stand),
    size: usize,
) -> Result<Note, String> {
    let best = before
        .verdict
        .best
        .map(|p| notation(p, size))
        .unwrap_or_default();
    let needs = |what: &str| format!("verdict {word:?} needs {what}");
    let win = || {
        before
            .verdict
            .plies
            .ok_or_else(|| needs("the plies of a proven win"))
    };
    let loss = || {
        after
            .verdict
            .plies
            .ok_or_else(|| needs("the plies of the loss after it"))
    };
    let drop = || drop.ok_or_else(|| needs("its drop"));
    Ok(match word {
        "threw away win" => Note::ThrewAwayWin {
            win: win()?,
            loss: loss()?,
        },
        "missed win" => Note::MissedWin { win: win()?, best },
        "win not proven" => Note::WinNotProven { win: win()?, best },
        "walked into loss" => Note::WalkedIntoLoss { loss: loss()? },
        "blunder" => Note::Blunder {
            drop: drop()?,
            best,
        },
        "mistake" => Note::Mistake {
            drop: drop()?,
            best,
        },
        "inaccuracy" => Note::Inaccuracy {
            drop: drop()?,
            best,
        },
        _ => {
            return Err(format!(
                "verdict {word:?} is none a review gives (\"inaccuracy\", \"mistake\", \
                 \"blunder\", \"missed win\", \"threw away win\", \"win not proven\", \
                 \"walked into loss\")"
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::loa::analysis::{Marked, json_report, review};

    /// A short game (the 6×6 example) and its review within a small budget.
    fn reviewed() -> (super::super::Record, Review) {
        let text = include_str!("../../../../../examples/loa-6x6.yaml");
        let source = crate::input::SourceFile::from_bytes("6x6.yaml", text.as_bytes().to_vec());
        let game = super::super::record::read(text, &source.unwrap()).unwrap();
        let review = review(&game.rules, &game.plies, Budget::per_position(500));
        (game, review)
    }

    /// What a review diagram draws of a marked move (the search's node counts aside).
    fn drawn(m: &Marked) -> String {
        let verdict = |v: &Verdict| format!("{:?} {:?} {}", v.value, v.plies, v.score);
        format!(
            "{} {:?} {:?} {:?} {:?} {} {} {:?}",
            m.ply,
            m.mover,
            m.played,
            m.best,
            m.note,
            m.turning,
            verdict(&m.before),
            m.after.as_ref().map(verdict),
        )
    }

    #[test]
    fn a_review_read_back_marks_every_move_as_the_search_did() {
        let (game, searched) = reviewed();
        let text = json_report(1, &searched);
        let read = read(&text, 1, &game.rules, &game.plies).unwrap();
        assert_eq!(read.turning_point(), searched.turning_point());
        assert_eq!(read.unreviewed, searched.unreviewed);
        assert_eq!(read.winner, searched.winner);
        for ply in 0..=game.plies.len() {
            for turning in [false, true] {
                let (a, b) = (read.marked(ply, turning), searched.marked(ply, turning));
                assert_eq!(a.as_ref().map(drawn), b.as_ref().map(drawn), "ply {ply}");
            }
        }
    }

    /// Every cut of a review, by lines and inside one, and every line dropped, is read or
    /// refused in words: never a panic, never another game's moves taken.
    #[test]
    fn a_cut_or_damaged_review_is_refused_never_drawn_wrong() {
        let (game, searched) = reviewed();
        let text = json_report(1, &searched);
        let read = |text: &str| read(text, 1, &game.rules, &game.plies).map(|_| ());
        for cut in (0..text.len())
            .step_by(7)
            .filter(|&i| text.is_char_boundary(i))
        {
            if let Err(why) = read(&text[..cut]) {
                assert!(!why.is_empty());
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        for dropped in 0..lines.len() {
            let mut kept = lines.clone();
            kept.remove(dropped);
            assert!(
                read(&kept.join("\n")).is_err(),
                "line {} dropped",
                dropped + 1
            );
        }
        let why = read(&text.replacen("\"ply\":0", "\"ply\":\"start\"", 1)).unwrap_err();
        assert!(why.starts_with("line 1, column "), "{why}");
        let why = read(&text.replacen("\"index\":1", "\"index\":2", usize::MAX)).unwrap_err();
        assert!(
            why.starts_with("the review holds no game 1 (it reviews game 2)"),
            "{why}"
        );
        let why = read(&text.replacen("\"best\":\"", "\"best\":\"z9", 1)).unwrap_err();
        assert!(why.contains("is no legal move of the position"), "{why}");
    }
}
