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
use crate::vocabulary::{Numbering, Phrase, Side};

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

/// Why a text is no review of the record's game, with what it names; worded where it is
/// shown ([`ReviewFileError::phrase`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewFileError {
    /// The text has no line but blank ones.
    Empty,
    /// A line (from 1) is no JSON line: serde_json's words, and the column it names.
    Malformed {
        line: usize,
        column: usize,
        why: String,
    },
    /// No line reviews game `game` (from 1) of the record file; the games the lines do.
    NoSuchGame { game: usize, held: Vec<usize> },
    /// The lines review `review` positions, where the record's game has `game`.
    Positions { review: usize, game: usize },
    /// A line (from 1) says what the record's game does not have.
    Line { line: usize, why: LineError },
}

/// What one line of a review says that the record's game does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// The review's move of ply `ply` (from 0) is `theirs`, where the record's is `ours`.
    OtherMove {
        ply: usize,
        theirs: String,
        ours: String,
    },
    /// The review goes on with `theirs`, ply `ply`, after the record's last move.
    MoveAfterTheEnd { ply: usize, theirs: String },
    /// The review ends after `ply` half-moves, where the record's game goes on with `ours`.
    EndsEarly { ply: usize, ours: String },
    /// The line is of ply `ply` with `to_move` to move, where the game has ply `game_ply`
    /// with `side` to move.
    OtherPosition {
        ply: usize,
        to_move: String,
        game_ply: usize,
        side: Side,
    },
    /// The best move is no legal move of the position.
    IllegalBest { best: String },
    /// A value none of "win", "loss", "draw" or null.
    UnknownValue { value: String },
    /// A verdict word no review gives.
    UnknownVerdict { verdict: String },
    /// A verdict without what its note says.
    VerdictLacks { verdict: &'static str, lacks: Lacks },
}

/// What a verdict's note says that its line lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lacks {
    /// The plies of the win proven before the move.
    WinPlies,
    /// The plies of the loss proven after it.
    LossPlies,
    /// How far the mover's chance fell.
    Drop,
}

impl ReviewFileError {
    /// Why, in words put in the reader's language where they are shown.
    pub fn phrase(&self) -> Phrase {
        match self {
            ReviewFileError::Empty => {
                Phrase::new("the review is empty; {write}").phrase("write", write_it())
            }
            ReviewFileError::Malformed { line, column, why } => Phrase::new(
                "line {line}, column {column}: {why}; this is no review as `sheetgen analyze \
                 --format json` writes one ({write})",
            )
            .with("line", line)
            .with("column", column)
            .with("why", why)
            .phrase("write", write_it()),
            ReviewFileError::NoSuchGame { game, held } => Phrase::counted(
                held.len(),
                "the review holds no game {game} (it reviews game {held}); {write}",
                "the review holds no game {game} (it reviews games {held}); {write}",
            )
            .with("game", game)
            .with("held", listed(held.iter()))
            .phrase("write", write_it()),
            ReviewFileError::Positions { review, game } => Phrase::counted(
                *review,
                "the review has 1 position, where the record's game has {game}: it is the \
                 review of another game",
                "the review has {n} positions, where the record's game has {game}: it is the \
                 review of another game",
            )
            .with("game", game),
            ReviewFileError::Line { line, why } => Phrase::new("line {line}: {why}")
                .with("line", line)
                .phrase("why", why.phrase()),
        }
    }
}

/// Why, in English.
impl std::fmt::Display for ReviewFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.phrase().fmt(f)
    }
}

impl LineError {
    /// Why, in words put in the reader's language where they are shown.
    fn phrase(&self) -> Phrase {
        let numbered =
            |ply: usize, token: &str| format!("{} {token}", Numbering::Pairs.number(ply));
        match self {
            LineError::OtherMove { ply, theirs, ours } => Phrase::new(
                "the review's move {theirs} is not the record's {ours}: it is the review of \
                 another game",
            )
            .with("theirs", numbered(*ply, theirs))
            .with("ours", numbered(*ply, ours)),
            LineError::MoveAfterTheEnd { ply, theirs } => Phrase::new(
                "the review goes on with {theirs} after the record's last move: it is the review \
                 of another game",
            )
            .with("theirs", numbered(*ply, theirs)),
            LineError::EndsEarly { ply, ours } => Phrase::counted(
                *ply,
                "the review ends after 1 half-move, the record's game goes on with {ours}: it is \
                 the review of another game",
                "the review ends after {n} half-moves, the record's game goes on with {ours}: it \
                 is the review of another game",
            )
            .with("ours", numbered(*ply, ours)),
            LineError::OtherPosition {
                ply,
                to_move,
                game_ply,
                side,
            } => other_position(*ply, to_move, *game_ply, *side),
            LineError::IllegalBest { best } => {
                Phrase::new("best move {best} is no legal move of the position")
                    .with("best", format!("{best:?}"))
            }
            LineError::UnknownValue { value } => {
                Phrase::new("value {value}: a value is \"win\", \"loss\", \"draw\" or null")
                    .with("value", format!("{value:?}"))
            }
            LineError::UnknownVerdict { verdict } => {
                let words = Note::KINDS.map(|kind| format!("{:?}", kind.word()));
                Phrase::new("verdict {verdict} is none a review gives ({verdicts})")
                    .with("verdict", format!("{verdict:?}"))
                    .with("verdicts", listed(words.iter()))
            }
            LineError::VerdictLacks { verdict, lacks } => match lacks {
                Lacks::WinPlies => Phrase::new("verdict {verdict} needs the plies of a proven win"),
                Lacks::LossPlies => {
                    Phrase::new("verdict {verdict} needs the plies of the loss after it")
                }
                Lacks::Drop => Phrase::new("verdict {verdict} needs its drop"),
            }
            .with("verdict", format!("{verdict:?}")),
        }
    }
}

/// [`LineError::OtherPosition`] in words.
fn other_position(ply: usize, to_move: &str, game_ply: usize, side: Side) -> Phrase {
    let phrase = Phrase::new(
        "ply {ply} with {to_move} to move, where the game has ply {game_ply} with {side} to \
         move; {write}",
    )
    .with("ply", ply)
    .with("game_ply", game_ply)
    .word("side", side.name())
    .phrase("write", write_it());
    // The file's side is sheetgen's word when it is one, else shown as written.
    match [Side::Black, Side::White]
        .into_iter()
        .find(|s| s.name() == to_move)
    {
        Some(named) => phrase.word("to_move", named.name()),
        None => phrase.with("to_move", to_move),
    }
}

/// How the file is written, for every refusal of a file that is not one.
fn write_it() -> Phrase {
    Phrase::new("write it with `sheetgen analyze RECORD --format json -o review.json`")
}

/// The items, joined by commas.
fn listed<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// A line's refusal, at its number.
fn at(line: usize) -> impl Fn(LineError) -> ReviewFileError {
    move |why| ReviewFileError::Line { line, why }
}

/// The review of the file's game `game` (its `index`, from 1) in `text`, checked against
/// the record's game (`rules`, `plies`); or why it cannot be.
pub fn read(
    text: &str,
    game: usize,
    rules: &Rules,
    plies: &[Ply],
) -> Result<Review, ReviewFileError> {
    let lines = parse(text)?;
    let ours: Vec<&(usize, Line)> = lines.iter().filter(|(_, l)| l.index == game).collect();
    if ours.is_empty() {
        let mut held: Vec<usize> = lines.iter().map(|(_, l)| l.index).collect();
        held.dedup();
        return Err(ReviewFileError::NoSuchGame { game, held });
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
) -> Result<Vec<Stand>, ReviewFileError> {
    let board = AnyBoard::shared(rules.size, &rules.obstructions);
    let mut stands = Vec::with_capacity(ours.len());
    for (i, (number, line)) in ours.iter().enumerate() {
        let (position, _, outcome) = history[i];
        let refused = at(*number);
        if line.ply != i || line.to_move != position.to_move.name() {
            return Err(refused(LineError::OtherPosition {
                ply: line.ply,
                to_move: line.to_move.clone(),
                game_ply: i,
                side: position.to_move,
            }));
        }
        let best = match &line.best {
            None => None,
            Some(best) => Some(
                legal(&board, &position, best, rules.size)
                    .ok_or_else(|| refused(LineError::IllegalBest { best: best.clone() }))?,
            ),
        };
        stands.push(Stand {
            ply: i,
            position,
            verdict: Verdict {
                value: value(line.value.as_deref()).map_err(&refused)?,
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
) -> Result<Vec<Judged>, ReviewFileError> {
    let mut moves = Vec::with_capacity(plies.len());
    for (i, played) in plies.iter().enumerate() {
        let (number, line) = ours[i];
        let note = match &line.verdict {
            None => None,
            Some(word) => Some(
                note(word, line.drop, (&stands[i], &stands[i + 1]), size).map_err(at(*number))?,
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
fn parse(text: &str) -> Result<Vec<(usize, Line)>, ReviewFileError> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Line = serde_json::from_str(line).map_err(|e| {
            // serde_json places the error in the line it was given: its column is ours.
            let message = e.to_string();
            ReviewFileError::Malformed {
                line: i + 1,
                column: e.column(),
                why: message.split(" at line ").next().unwrap_or_default().into(),
            }
        })?;
        lines.push((i + 1, parsed));
    }
    if lines.is_empty() {
        return Err(ReviewFileError::Empty);
    }
    Ok(lines)
}

/// The review's moves against the record's, the first that differs named; then their count.
fn check_moves(ours: &[&(usize, Line)], plies: &[Ply], size: usize) -> Result<(), ReviewFileError> {
    for (i, (number, line)) in ours.iter().enumerate() {
        let record = plies.get(i).map(|p| notation(*p, size));
        if line.played == record {
            continue;
        }
        let why = match (&line.played, record) {
            (Some(theirs), Some(ours)) => LineError::OtherMove {
                ply: i,
                theirs: theirs.clone(),
                ours,
            },
            (Some(theirs), None) => LineError::MoveAfterTheEnd {
                ply: i,
                theirs: theirs.clone(),
            },
            (None, ours) => LineError::EndsEarly {
                ply: i,
                ours: ours.unwrap_or_default(),
            },
        };
        return Err(at(*number)(why));
    }
    if ours.len() != plies.len() + 1 {
        return Err(ReviewFileError::Positions {
            review: ours.len(),
            game: plies.len() + 1,
        });
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
fn value(written: Option<&str>) -> Result<Option<Value>, LineError> {
    let Some(written) = written else {
        return Ok(None);
    };
    [Value::Win, Value::Loss, Value::Draw]
        .into_iter()
        .find(|v| v.name() == written)
        .map(Some)
        .ok_or_else(|| LineError::UnknownValue {
            value: written.into(),
        })
}

/// The note the review's `verdict` word names, with what it says taken from the positions
/// before and after the move, as the review judged it ([`super::analysis`]). The words are
/// [`Note::word`]'s, found through [`Note::KINDS`].
fn note(
    word: &str,
    drop: Option<u32>,
    (before, after): (&Stand, &Stand),
    size: usize,
) -> Result<Note, LineError> {
    let Some(kind) = Note::kind_of(word) else {
        return Err(LineError::UnknownVerdict {
            verdict: word.into(),
        });
    };
    let best = before
        .verdict
        .best
        .map(|p| notation(p, size))
        .unwrap_or_default();
    let verdict = kind.word();
    let lacks = |lacks| LineError::VerdictLacks { verdict, lacks };
    let win = || before.verdict.plies.ok_or_else(|| lacks(Lacks::WinPlies));
    let loss = || after.verdict.plies.ok_or_else(|| lacks(Lacks::LossPlies));
    let drop = || drop.ok_or_else(|| lacks(Lacks::Drop));
    Ok(match kind {
        Note::ThrewAwayWin { .. } => Note::ThrewAwayWin {
            win: win()?,
            loss: loss()?,
        },
        Note::MissedWin { .. } => Note::MissedWin { win: win()?, best },
        Note::WinNotProven { .. } => Note::WinNotProven { win: win()?, best },
        Note::WalkedIntoLoss { .. } => Note::WalkedIntoLoss { loss: loss()? },
        Note::Blunder { .. } => Note::Blunder {
            drop: drop()?,
            best,
        },
        Note::Mistake { .. } => Note::Mistake {
            drop: drop()?,
            best,
        },
        Note::Inaccuracy { .. } => Note::Inaccuracy {
            drop: drop()?,
            best,
        },
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
                assert!(!why.to_string().is_empty());
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
        assert!(
            matches!(why, ReviewFileError::Malformed { line: 1, .. }),
            "{why}"
        );
        let why = read(&text.replacen("\"index\":1", "\"index\":2", usize::MAX)).unwrap_err();
        let held = vec![2];
        assert_eq!(why, ReviewFileError::NoSuchGame { game: 1, held });
        assert!(
            why.to_string()
                .starts_with("the review holds no game 1 (it reviews game 2); write it with"),
            "{why}"
        );
        let why = read(&text.replacen("\"best\":\"", "\"best\":\"z9", 1)).unwrap_err();
        assert!(
            matches!(&why, ReviewFileError::Line { why: LineError::IllegalBest { best }, .. }
                if best.starts_with("z9")),
            "{why}"
        );
    }

    /// Every note's verdict word is read back as that note, and a word no note has is
    /// refused naming every one: the words are the notes' own, listed once.
    #[test]
    fn every_verdict_word_reads_back_as_its_note_and_no_other() {
        for kind in Note::KINDS {
            assert_eq!(Note::kind_of(kind.word()), Some(kind.clone()));
        }
        let mut words: Vec<&str> = Note::KINDS.iter().map(Note::word).collect();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), Note::KINDS.len(), "each word is one note's");
        let (game, searched) = reviewed();
        let text =
            json_report(1, &searched).replacen("\"verdict\":null", "\"verdict\":\"a pity\"", 1);
        let why = read(&text, 1, &game.rules, &game.plies).unwrap_err();
        let ReviewFileError::Line {
            line,
            why: LineError::UnknownVerdict { verdict },
        } = &why
        else {
            panic!("an unknown verdict: {why}")
        };
        assert_eq!((*line, verdict.as_str()), (1, "a pity"));
        assert_eq!(
            why.to_string(),
            "line 1: verdict \"a pity\" is none a review gives (\"inaccuracy\", \"mistake\", \
             \"blunder\", \"missed win\", \"threw away win\", \"win not proven\", \"walked into \
             loss\")"
        );
    }

    /// A review cut after one position or one move says so in the singular: "1 position",
    /// "after 1 half-move".
    #[test]
    fn a_count_of_one_is_worded_in_the_singular() {
        let (game, searched) = reviewed();
        let text = json_report(1, &searched);
        let lines: Vec<&str> = text.lines().collect();
        let read = |text: String| read(&text, 1, &game.rules, &game.plies).unwrap_err();
        let one = read(format!("{}\n", lines[0]));
        assert_eq!(
            one,
            ReviewFileError::Positions {
                review: 1,
                game: 23
            }
        );
        assert!(
            one.to_string().starts_with("the review has 1 position, "),
            "{one}"
        );
        let ends = read(format!("{}\n{}\n", lines[0], lines[lines.len() - 1]));
        assert!(
            ends.to_string()
                .starts_with("line 2: the review ends after 1 half-move, "),
            "{ends}"
        );
    }
}
