//! A Lines of Action game reviewed by the searcher (`sheetgen analyze`): every position's
//! verdict, every move weighed, as text or JSON lines (the graph module draws the
//! evaluation graph from it).
//!
//! How a move is judged, from the mover's view, before it and after it:
//! - a proven win before and a proven loss after: "threw away a proven win";
//! - a proven win before and, after it, a proven draw, or a proof (a second search with
//!   up to [`RECHECK`] times a position's budget) that the mover no longer wins within the
//!   distance left:
//!   "missed a win in N", with the winning ply;
//! - a proven win before and neither a win nor its absence proven after: "win no longer
//!   proven" (a position unproven within a budget proves nothing);
//! - no proof before and a proven loss after: "walked into a proven loss";
//! - otherwise, by how much the mover's win probability ([`calibration`]) falls from the
//!   position before the move to the position after it, each estimated from its own side to
//!   move: 10 points or more an inaccuracy, 20 a mistake, 30 a blunder.

use serde::Serialize;

use super::bits::Wide;
use super::calibration::{self, win_probability};
use super::game::{Outcome, Ply, Rules, notation};
use super::rules::Position;
use super::search::{Engine, Value, Verdict, eval::WIN};
use crate::formats::report::{Column, json_line, table};
pub use crate::games::search::Budget;
use crate::vocabulary::Side;

/// The budget of the second look at a move that left a proven win for an unproven position,
/// in times the review's budget a position (taken from what the game's budget has left).
pub(crate) const RECHECK: u64 = 4;

/// One position of a game and what is known of it.
#[derive(Debug, Clone)]
pub struct Stand {
    pub ply: usize,
    pub position: Position<Wide>,
    pub verdict: Verdict,
    /// The game is over here.
    pub over: bool,
    /// Searched: false where the game's budget ran out before this position.
    pub reviewed: bool,
    /// The estimate of the move played from here, for the mover (None at the end, or
    /// where the move ended the game).
    pub played_score: Option<i32>,
}

/// One move and how it was judged.
#[derive(Debug, Clone)]
pub struct Judged {
    pub ply: usize,
    pub mover: Side,
    pub played: Ply,
    /// The estimate of the move played, for the mover, searched like the best move's.
    pub played_score: i32,
    pub note: Option<Note>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    ThrewAwayWin {
        win: u32,
        loss: u32,
    },
    MissedWin {
        win: u32,
        best: String,
    },
    /// A proven win before the move, and after it neither a win nor its absence proven.
    WinNotProven {
        win: u32,
        best: String,
    },
    WalkedIntoLoss {
        loss: u32,
    },
    /// The mover's win probability fell by `drop` percentage points, from the position
    /// before the move to the position after it (30 or more; a mistake 20, an inaccuracy 10).
    Blunder {
        drop: u32,
        best: String,
    },
    Mistake {
        drop: u32,
        best: String,
    },
    Inaccuracy {
        drop: u32,
        best: String,
    },
}

impl Note {
    pub(crate) fn describe(&self) -> String {
        match self {
            Note::ThrewAwayWin { win, loss } => {
                format!("threw away a proven win (win in {win} → loss in {loss})")
            }
            Note::MissedWin { win, best } => format!("missed a win in {win}: {best}"),
            Note::WinNotProven { win, best } => {
                format!("win no longer proven (win in {win}: {best})")
            }
            Note::WalkedIntoLoss { loss: 0 } => {
                "lost at once: the move connected the other side".into()
            }
            Note::WalkedIntoLoss { loss } => format!("walked into a proven loss (loss in {loss})"),
            Note::Blunder { drop, best } => format!("blunder (−{drop}%); best {best}"),
            Note::Mistake { drop, best } => format!("mistake (−{drop}%); best {best}"),
            Note::Inaccuracy { drop, best } => format!("inaccuracy (−{drop}%); best {best}"),
        }
    }

    /// Every kind of note, its data empty, in the order a refusal of an unknown verdict
    /// lists their [`Note::word`]s: what reads the words back finds them here.
    pub(crate) const KINDS: [Note; 7] = [
        Note::Inaccuracy {
            drop: 0,
            best: String::new(),
        },
        Note::Mistake {
            drop: 0,
            best: String::new(),
        },
        Note::Blunder {
            drop: 0,
            best: String::new(),
        },
        Note::MissedWin {
            win: 0,
            best: String::new(),
        },
        Note::ThrewAwayWin { win: 0, loss: 0 },
        Note::WinNotProven {
            win: 0,
            best: String::new(),
        },
        Note::WalkedIntoLoss { loss: 0 },
    ];

    /// The kind of note the verdict word `word` names ([`Note::KINDS`]), its data empty.
    pub(crate) fn kind_of(word: &str) -> Option<Note> {
        Note::KINDS.into_iter().find(|kind| kind.word() == word)
    }

    /// The verdict word the JSON lines give: "blunder", "missed win", ….
    pub fn word(&self) -> &'static str {
        match self {
            Note::ThrewAwayWin { .. } => "threw away win",
            Note::MissedWin { .. } => "missed win",
            Note::WinNotProven { .. } => "win not proven",
            Note::WalkedIntoLoss { .. } => "walked into loss",
            Note::Blunder { .. } => "blunder",
            Note::Mistake { .. } => "mistake",
            Note::Inaccuracy { .. } => "inaccuracy",
        }
    }

    /// How far the mover's chance fell, for the notes judged by it.
    pub fn drop(&self) -> Option<u32> {
        match self {
            Note::Blunder { drop, .. }
            | Note::Mistake { drop, .. }
            | Note::Inaccuracy { drop, .. } => Some(*drop),
            _ => None,
        }
    }

    /// A costly move: one a review diagram shows.
    pub(crate) fn is_costly(&self) -> bool {
        !matches!(self, Note::Mistake { .. } | Note::Inaccuracy { .. })
    }
}

/// A reviewed game.
#[derive(Debug, Clone)]
pub struct Review {
    pub rules: Rules,
    pub stands: Vec<Stand>,
    pub moves: Vec<Judged>,
    /// Nodes spent, never more than the budget's `game`.
    pub nodes: u64,
    pub budget: Budget,
    /// Positions 0 to this (excluded) were not reviewed: the game's budget ran out first
    /// (positions are reviewed from the end).
    pub unreviewed: usize,
    /// The winner: the record's result, else the proven result of its last position.
    pub winner: Option<Side>,
}

/// The verdict on a position where the game ended, for the side to move.
fn final_verdict(outcome: Outcome, to_move: Side) -> Verdict {
    let value = match outcome.winner() {
        Some(side) if side == to_move => Value::Win,
        Some(_) => Value::Loss,
        None => Value::Draw,
    };
    Verdict {
        value: Some(value),
        plies: Some(0),
        best: None,
        score: match value {
            Value::Win => WIN,
            Value::Loss => -WIN,
            Value::Draw => 0,
        },
        estimate: 0,
        nodes: 0,
    }
}

/// Reviews `game` within `budget`. Positions are searched from the last to the first, so
/// what the later ones proved helps the earlier ones; a position is searched only while
/// the game's budget still holds a whole position's, so the first ones of a long game may
/// be left unreviewed ([`Review::unreviewed`]).
pub fn review(rules: &Rules, plies: &[Ply], budget: Budget) -> Review {
    let (history, twice) = replayed(rules, plies);
    let history: Vec<_> = history
        .into_iter()
        .map(|(position, stood, outcome)| (position, &twice[..stood], outcome))
        .collect();
    // A resignation ends the game off the board: its last position is searched.
    let ended = |i: usize| {
        history[i]
            .2
            .filter(|o| !matches!(o, Outcome::Resigned { .. }))
    };
    let mut engine = Engine::new(rules, budget.position);
    let mut stands = Vec::with_capacity(history.len());
    let mut total = 0;
    let mut unreviewed = 0;
    for (ply, (position, drawn, _)) in history.iter().enumerate().rev() {
        let out_of_budget = budget.game - total < budget.position;
        let (verdict, played_score) = match ended(ply) {
            Some(o) => (final_verdict(o, position.to_move), None),
            None if out_of_budget || unreviewed > 0 => {
                unreviewed = unreviewed.max(ply + 1);
                (unsearched(), None)
            }
            None => {
                // The move played from here, unless it ended the game (judged by its end).
                let played = plies.get(ply).filter(|_| ended(ply + 1).is_none());
                engine.set_drawn(drawn);
                engine.verdict_with(position, played.copied())
            }
        };
        total += verdict.nodes;
        stands.push(Stand {
            ply,
            position: *position,
            verdict,
            over: ended(ply).is_some(),
            reviewed: unreviewed == 0,
            played_score,
        });
    }
    stands.reverse();
    let moves = plies
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let (before, after) = (&stands[i], &stands[i + 1]);
            if !before.reviewed {
                return unjudged(before, *ply);
            }
            let left = budget.game - total;
            let still_wins = recheck(&mut engine, (before, after), history[i + 1].1, left, budget);
            total += still_wins.1;
            judge(rules, before, after, *ply, still_wins.0)
        })
        .collect();
    let winner = winner_of(history[history.len() - 1].2, &stands[stands.len() - 1]);
    Review {
        rules: rules.clone(),
        stands,
        moves,
        nodes: total,
        budget,
        unreviewed,
        winner,
    }
}

/// The winner: by the record's result (`outcome`), else by the proven verdict on its last
/// position (`last`), if either says.
pub(super) fn winner_of(outcome: Option<Outcome>, last: &Stand) -> Option<Side> {
    match outcome {
        Some(outcome) => outcome.winner(),
        None => match last.verdict.value {
            Some(Value::Win) => Some(last.position.to_move),
            Some(Value::Loss) => Some(last.position.to_move.other()),
            _ => None,
        },
    }
}

/// Every position of the game with how it ended there, and the positions that stood twice
/// (L6) in the order they came to: after ply `i` the first `stood` of them. Linear in the
/// game, where asking the replay for its positions standing twice at every ply was not.
pub(super) type Stood = (Position<Wide>, usize, Option<Outcome>);

pub(super) fn replayed(rules: &Rules, plies: &[Ply]) -> (Vec<Stood>, Vec<Position<Wide>>) {
    let mut replay = super::game::Play::new(rules.clone());
    let mut times = std::collections::HashMap::from([(replay.position, 1u32)]);
    let mut twice = Vec::new();
    let mut history = vec![(replay.position, 0, None)];
    for ply in plies {
        replay.apply(*ply);
        let n = times.entry(replay.position).or_insert(0);
        *n += 1;
        if *n == 2 {
            twice.push(replay.position);
        }
        history.push((replay.position, twice.len(), replay.outcome));
    }
    (history, twice)
}

/// The verdict of a position left unsearched: nothing proven, no estimate.
fn unsearched() -> Verdict {
    Verdict {
        value: None,
        plies: None,
        best: None,
        score: 0,
        estimate: 0,
        nodes: 0,
    }
}

/// A move from a position left unreviewed: played, not judged.
fn unjudged(before: &Stand, played: Ply) -> Judged {
    Judged {
        ply: before.ply,
        mover: before.position.to_move,
        played,
        played_score: 0,
        note: None,
    }
}

/// The second look at a move from a proven win (in `w`) to an unproven position: does the
/// mover still win within `w - 1` from there? Searched alone with [`RECHECK`] times the
/// budget a position, at most what the game's has `left`, with the repetitions standing
/// after the move (`drawn`). None where no second look is due or it ran out too; and the
/// nodes spent.
fn recheck(
    engine: &mut Engine,
    (before, after): (&Stand, &Stand),
    drawn: &[Position<Wide>],
    left: u64,
    budget: Budget,
) -> (Option<bool>, u64) {
    let (Some(Value::Win), Some(win), None) = (
        before.verdict.value,
        before.verdict.plies,
        after.verdict.value,
    ) else {
        return (None, 0);
    };
    let plies = u8::try_from(win - 1).unwrap_or(u8::MAX);
    engine.set_drawn(drawn);
    let mover = before.position.to_move;
    let nodes = budget.position.saturating_mul(RECHECK).min(left);
    let (found, spent) = engine.wins_within(&after.position, mover, plies, nodes);
    (found.map(|(won, _)| won), spent)
}

/// Judges `played`, the move from `before` to `after`; `still_wins` is [`recheck`]'s
/// answer where one was due.
fn judge(
    rules: &Rules,
    before: &Stand,
    after: &Stand,
    played: Ply,
    still_wins: Option<bool>,
) -> Judged {
    let mover = before.position.to_move;
    let b = before.verdict;
    // The position after, from the mover's view.
    let a_value = after.verdict.value.map(Value::flipped);
    // Plies counted from the position after the move, as its own verdict counts them.
    let a_plies = after.verdict.plies;
    let best = b.best.map(|p| notation(p, rules.size)).unwrap_or_default();
    // Out of budget, the move's estimate is unknown: taken as the best move's (no swing).
    let played_score = match (after.over, before.played_score) {
        (true, _) => -after.verdict.score,
        (false, Some(score)) => score,
        (false, None) => b.score,
    };
    let note = match (b.value, b.plies, a_value, a_plies) {
        (Some(Value::Win), Some(win), Some(Value::Loss), Some(loss)) => {
            Some(Note::ThrewAwayWin { win, loss })
        }
        (Some(Value::Win), Some(win), Some(Value::Draw), _) => Some(Note::MissedWin { win, best }),
        // Unproven after: only the second look can say the win is gone.
        (Some(Value::Win), Some(win), None, _) => match still_wins {
            Some(false) => Some(Note::MissedWin { win, best }),
            Some(true) => None,
            None => Some(Note::WinNotProven { win, best }),
        },
        (None, _, Some(Value::Loss), Some(loss)) => Some(Note::WalkedIntoLoss { loss }),
        // As lichess does: the fall from the position's chance to the next position's
        // (each searched alike from its own side to move, as the graph draws them). The
        // best move's estimate against the move played's, both from here, overstated the
        // cost: the best of many noisy estimates is too high.
        (None, _, None, _) if Some(played) != b.best => by_drop(
            win_probability(b.score) - (1.0 - win_probability(after.verdict.score)),
            best,
        ),
        _ => None,
    };
    Judged {
        ply: before.ply,
        mover,
        played,
        played_score,
        note,
    }
}

/// The note for a fall of the mover's win probability by `drop` (0 to 1), if it is one:
/// the calibration's thresholds, in whole percentage points as the report shows them.
fn by_drop(drop: f64, best: String) -> Option<Note> {
    let points = (drop * 100.0).round().max(0.0) as u32;
    let at_least = |threshold: f64| points >= (threshold * 100.0).round() as u32;
    if at_least(calibration::BLUNDER) {
        Some(Note::Blunder { drop: points, best })
    } else if at_least(calibration::MISTAKE) {
        Some(Note::Mistake { drop: points, best })
    } else if at_least(calibration::INACCURACY) {
        Some(Note::Inaccuracy { drop: points, best })
    } else {
        None
    }
}

/// "win in 5", "loss in 8", "draw", or the estimate "+35".
pub fn verdict_text(v: &Verdict) -> String {
    match (v.value, v.plies) {
        (Some(Value::Draw), _) => "draw".into(),
        (Some(Value::Win), Some(0)) => "won".into(),
        (Some(Value::Loss), Some(0)) => "lost".into(),
        (Some(value), Some(n)) => format!("{} in {n}", value.name()),
        _ => crate::formats::report::signed(v.score),
    }
}

/// The verdict as the other side sees it.
fn flipped(v: &Verdict) -> Verdict {
    Verdict {
        value: v.value.map(Value::flipped),
        score: -v.score,
        estimate: -v.estimate,
        ..*v
    }
}

/// The first ply from which the result stays proven to the end, and the winner, if any.
pub fn proven_from(review: &Review) -> Option<(usize, Option<Side>)> {
    let winner_at = |s: &Stand| match s.verdict.value? {
        Value::Win => Some(Some(s.position.to_move)),
        Value::Loss => Some(Some(s.position.to_move.other())),
        Value::Draw => Some(None),
    };
    let last = winner_at(review.stands.last()?)?;
    let mut from = review.stands.len() - 1;
    while from > 0 && winner_at(&review.stands[from - 1]) == Some(last) {
        from -= 1;
    }
    Some((from, last))
}

/// What the report's before and after say, and what its percentages mean.
const COLUMNS_KEY: &str = "before, after: the position before the move and after it, for \
    the player who moved: a proof, or the chance to win\n\
    %: the chance to win by the engine's estimate, calibrated on real games: of positions \
    estimated at 70%, the side to move won 7 in 10; a move whose after falls 10, 20 or 30 \
    points below its before is an inaccuracy, a mistake or a blunder\n";

/// A verdict as the table gives it: a proof ("win in 5"), or the chance to win ("62%").
fn chance_text(v: &Verdict) -> String {
    match v.value {
        Some(_) => verdict_text(v),
        None => percent(win_probability(v.score)),
    }
}

/// A probability in whole percent: "62%".
fn percent(p: f64) -> String {
    format!("{}%", (p * 100.0).round() as u32)
}

/// "14... e3-f4": the move after `ply` plies, numbered as the move list numbers it.
pub fn numbered(ply: usize, played: Ply, size: usize) -> String {
    format!(
        "{} {}",
        crate::vocabulary::Numbering::Pairs.number(ply),
        notation(played, size)
    )
}

/// The text report of one game: a line per move, then what each side did.
pub(crate) fn text_report(index: usize, title: &str, review: &Review) -> String {
    let size = review.rules.size;
    let column = Column::new;
    let columns = [
        column("move", 12, false, 0),
        column("player", 6, false, 1),
        column("before", 10, true, 1),
        column("after", 10, true, 1),
        column("note", 0, false, 2),
    ];
    let rows: Vec<Vec<String>> = review
        .moves
        .iter()
        .map(|m| {
            if !review.stands[m.ply].reviewed {
                return unreviewed_row(m, size);
            }
            let before = &review.stands[m.ply].verdict;
            let after = flipped(&review.stands[m.ply + 1].verdict);
            vec![
                numbered(m.ply, m.played, size),
                m.mover.name().into(),
                chance_text(before),
                chance_text(&after),
                m.note.as_ref().map(Note::describe).unwrap_or_default(),
            ]
        })
        .collect();
    let mut out = format!("#{index} {title}\n");
    out.push_str(&table(&columns, &rows));
    out.push_str(COLUMNS_KEY);
    for side in [Side::Black, Side::White] {
        out.push_str(&side_line(review, side));
    }
    match proven_from(review) {
        Some((ply, Some(side))) => out.push_str(&format!(
            "proven: {} wins from {} on\n",
            side.name(),
            position_after(review, ply)
        )),
        Some((ply, None)) => out.push_str(&format!(
            "proven: a draw from {} on\n",
            position_after(review, ply)
        )),
        None => out.push_str("proven: no result before the end\n"),
    }
    let budget = review.budget;
    out.push_str(&format!(
        "nodes: {} of the game's {} ({} a position)\n",
        review.nodes, budget.game, budget.position
    ));
    if let Some(line) = unreviewed_line(review) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// What one side did, counted: "black: 0 wins thrown away or missed, …".
fn side_line(review: &Review, side: Side) -> String {
    let mine = review.moves.iter().filter(|m| m.mover == side);
    let count = |f: fn(&Note) -> bool| {
        mine.clone()
            .filter(|m| m.note.as_ref().is_some_and(f))
            .count()
    };
    format!(
        "{}: {} wins thrown away or missed, {} proven losses walked into, {} blunders, {} \
         mistakes, {} inaccuracies\n",
        side.name(),
        count(|n| matches!(n, Note::ThrewAwayWin { .. } | Note::MissedWin { .. })),
        count(|n| matches!(n, Note::WalkedIntoLoss { .. })),
        count(|n| matches!(n, Note::Blunder { .. })),
        count(|n| matches!(n, Note::Mistake { .. })),
        count(|n| matches!(n, Note::Inaccuracy { .. })),
    )
}

/// A row of the table for a move from a position left unreviewed.
fn unreviewed_row(m: &Judged, size: usize) -> Vec<String> {
    vec![
        numbered(m.ply, m.played, size),
        m.mover.name().into(),
        "-".into(),
        "-".into(),
        "not reviewed".into(),
    ]
}

/// Why the review left the first positions out, naming them; None when it did not.
pub fn unreviewed_line(review: &Review) -> Option<String> {
    let k = review.unreviewed;
    let which = match k {
        0 => return None,
        1 => "the start".to_string(),
        _ => format!("the start to {}", position_after(review, k - 1)),
    };
    Some(format!(
        "not reviewed: {} ({which}): {}",
        crate::vocabulary::plural(k, "position"),
        unreviewed_reason(review)
    ))
}

/// Why a position was left unreviewed.
fn unreviewed_reason(review: &Review) -> String {
    format!(
        "the game's budget of {} nodes ran out (positions are reviewed from the end, {} nodes \
         each; raise --total-nodes)",
        review.budget.game, review.budget.position
    )
}

/// The position after `ply` half-moves, named by the move that led to it as the table
/// numbers it: "the start", "the position after 8. b1-b3".
fn position_after(review: &Review, ply: usize) -> String {
    match ply.checked_sub(1).and_then(|last| review.moves.get(last)) {
        None => "the start".into(),
        Some(m) => format!(
            "the position after {}",
            numbered(m.ply, m.played, review.rules.size)
        ),
    }
}

/// A position's verdict as a JSON line writes it: `analyze`'s for every position, `solve`'s
/// for one.
#[derive(Serialize)]
pub(super) struct JsonVerdict {
    ply: usize,
    to_move: &'static str,
    value: Option<&'static str>,
    plies: Option<u32>,
    best: Option<String>,
    score: i32,
}

impl JsonVerdict {
    pub(super) fn new(ply: usize, to_move: Side, verdict: &Verdict, size: usize) -> Self {
        Self {
            ply,
            to_move: to_move.name(),
            value: verdict.value.map(Value::name),
            plies: verdict.plies,
            best: verdict.best.map(|p| notation(p, size)),
            score: verdict.score,
        }
    }
}

#[derive(Serialize)]
struct JsonStand {
    index: usize,
    #[serde(flatten)]
    position: JsonVerdict,
    /// The side to move's chance to win: 1 or 0 proven, else the calibrated estimate, to
    /// three decimals; null where the position was not reviewed.
    win_probability: Option<f64>,
    /// The move played from here, in the record's notation; null at the end.
    #[serde(rename = "move")]
    played: Option<String>,
    /// Its number as the move list writes it: "14." or "14...".
    number: Option<String>,
    /// What the review says of it: "blunder", "missed win", …, or null.
    verdict: Option<&'static str>,
    /// For an inaccuracy, a mistake or a blunder, how far the mover's chance to win fell,
    /// in percentage points (as the report's "−35%"); else null.
    drop: Option<u32>,
    /// Why the position was not searched, where it was not.
    #[serde(skip_serializing_if = "Option::is_none")]
    unreviewed: Option<String>,
}

/// One JSON object a position, ply 0 the start.
pub(crate) fn json_report(index: usize, review: &Review) -> String {
    let size = review.rules.size;
    review
        .stands
        .iter()
        .map(|s| {
            let judged = review.moves.get(s.ply);
            let chance = (calibration::of_verdict(&s.verdict) * 1000.0).round() / 1000.0;
            json_line(&JsonStand {
                index,
                position: JsonVerdict::new(s.ply, s.position.to_move, &s.verdict, size),
                win_probability: s.reviewed.then_some(chance),
                played: judged.map(|m| notation(m.played, size)),
                number: judged.map(|_| crate::vocabulary::Numbering::Pairs.number(s.ply)),
                verdict: judged.and_then(|m| m.note.as_ref()).map(Note::word),
                drop: judged.and_then(|m| m.note.as_ref()).and_then(Note::drop),
                unreviewed: (!s.reviewed).then(|| unreviewed_reason(review)),
            })
        })
        .collect()
}

/// A record's title for reports: its `title`, else its players, else "game K".
pub fn title(index: usize, about: &crate::record::About) -> String {
    if let Some(title) = &about.title {
        return title.value.clone();
    }
    match (&about.black, &about.white) {
        (Some(b), Some(w)) => format!("{} – {}", b.value, w.value),
        _ => format!("game {index}"),
    }
}

/// One reviewed game of a file: its place there, its title and the review.
pub struct Reviewed {
    pub index: usize,
    pub title: String,
    pub review: Review,
}

/// The text report of every game, a blank line between them; or the JSON lines of all.
pub fn report(reviews: &[Reviewed], json: bool) -> String {
    let parts: Vec<String> = reviews
        .iter()
        .map(|r| {
            if json {
                json_report(r.index, &r.review)
            } else {
                text_report(r.index, &r.title, &r.review)
            }
        })
        .collect();
    parts.join(if json { "" } else { "\n" })
}

/// One move as a review diagram marks it: the position before it (after `ply` plies), the
/// move played there and the best one, and the verdicts before and after it, both from the
/// mover's view.
#[derive(Debug, Clone)]
pub struct Marked {
    pub ply: usize,
    pub mover: Side,
    /// None at the end of the record: no move was played from here.
    pub played: Option<Ply>,
    pub best: Option<Ply>,
    pub before: Verdict,
    /// The verdict on the position after the move, from the mover's view.
    pub after: Option<Verdict>,
    pub note: Option<Note>,
    /// Chosen as the game's turning point ([`Review::turning_point`]), not asked for.
    pub turning: bool,
}

impl Review {
    /// The game's turning point: the ply before the eventual loser's decisive move (each
    /// verdict from the side to move's view, as `analyze --format json` gives them):
    /// 1. the loser's move into the stretch of positions proven lost to the end;
    /// 2. else the loser's move (either side's, when the game has no winner) by which its
    ///    win probability falls the most, from the position before to the position after
    ///    (`win_probability` there, from the other side's view), at least a mistake's
    ///    [`calibration::MISTAKE`]; the earliest of equals.
    ///
    /// None when no move qualifies.
    pub fn turning_point(&self) -> Option<usize> {
        let loser = self.winner.map(Side::other);
        let mover = |i: usize| self.stands[i].position.to_move;
        // Moves from unreviewed positions were not judged.
        let plies = self.unreviewed..self.moves.len();
        let into_loss = proven_from(self)
            .filter(|(_, winner)| winner.is_some() && *winner == self.winner)
            .and_then(|(from, _)| from.checked_sub(1))
            .filter(|&i| plies.contains(&i) && Some(mover(i)) == loser);
        let largest_drop = || {
            let chance = |i: usize| calibration::of_verdict(&self.stands[i].verdict);
            let drops = plies
                .clone()
                .filter(|&i| loser.is_none_or(|side| side == mover(i)))
                .map(|i| (chance(i) - (1.0 - chance(i + 1)), i));
            // The largest drop, and of equals the earliest ply.
            let (drop, i) = drops.fold(None, |best: Option<(f64, usize)>, (d, i)| match best {
                Some((b, _)) if b >= d => best,
                _ => Some((d, i)),
            })?;
            (drop >= calibration::MISTAKE).then_some(i)
        };
        into_loss.or_else(largest_drop)
    }

    /// The costly moves a review diagram is worth drawing for: the turning point first,
    /// then the other moves with a costly [`Note`] in the game's order.
    pub(crate) fn costly_plies(&self) -> Vec<usize> {
        let mut plies: Vec<usize> = self.turning_point().into_iter().collect();
        for m in &self.moves {
            if m.note.as_ref().is_some_and(Note::is_costly) && !plies.contains(&m.ply) {
                plies.push(m.ply);
            }
        }
        plies
    }

    /// The move from the position after `ply` plies as a review diagram marks it (at the
    /// record's end, no move: the verdict and the best move only).
    pub fn marked(&self, ply: usize, turning: bool) -> Option<Marked> {
        let stand = self.stands.get(ply)?;
        let judged = self.moves.get(ply);
        // The position's own estimate, as the graph and the JSON lines give it.
        let after = judged.map(|_| flipped(&self.stands[ply + 1].verdict));
        Some(Marked {
            ply,
            mover: stand.position.to_move,
            played: judged.map(|m| m.played),
            best: stand.verdict.best.filter(|_| !stand.over),
            before: stand.verdict,
            after,
            note: judged.and_then(|m| m.note.clone()),
            turning,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::loa::rules::AnyBoard;

    fn stand(
        ply: usize,
        position: Position<Wide>,
        value: Option<Value>,
        plies: Option<u32>,
    ) -> Stand {
        Stand {
            ply,
            position,
            verdict: Verdict {
                value,
                plies,
                best: None,
                score: 0,
                estimate: 0,
                nodes: 0,
            },
            over: false,
            reviewed: true,
            played_score: None,
        }
    }

    /// The standard 8×8 start, its first legal move and the position after it.
    fn first_move() -> (Rules, Position<Wide>, Ply, Position<Wide>) {
        let board = AnyBoard::shared(8, &[]);
        let start = board.start(crate::games::loa::rules::Setup::Standard);
        let m = board.moves(&start)[0];
        (Rules::default(), start, Ply::Move(m), board.play(&start, m))
    }

    /// From a proven win in 5, a move to a position unproven within the budget: only the
    /// second look's answer decides what is said (issue 39, hole 3).
    #[test]
    fn a_win_left_unproven_is_missed_only_when_the_second_look_proves_it_gone() {
        let (rules, start, played, after) = first_move();
        let before = stand(0, start, Some(Value::Win), Some(5));
        let unproven = stand(1, after, None, None);
        let said = |still_wins| judge(&rules, &before, &unproven, played, still_wins).note;
        assert!(matches!(
            said(None),
            Some(Note::WinNotProven { win: 5, .. })
        ));
        assert!(matches!(
            said(Some(false)),
            Some(Note::MissedWin { win: 5, .. })
        ));
        assert_eq!(said(Some(true)), None);
        let described = Note::WinNotProven {
            win: 5,
            best: "b1-b3".into(),
        }
        .describe();
        assert_eq!(described, "win no longer proven (win in 5: b1-b3)");
    }

    /// Issue 39.3: a move is labelled by how far the mover's calibrated chance falls from
    /// the position before it to the one after (10, 20, 30 points); a proof after the move
    /// overrides the estimate.
    #[test]
    fn a_move_is_labelled_by_the_fall_of_the_movers_chance_and_proofs_override_it() {
        let (rules, start, played, after) = first_move();
        let before = stand(0, start, None, None);
        // The opponent's estimate after the move that leaves the mover `drop` below ½.
        let score = |drop: f64| {
            let p: f64 = 0.5 + drop;
            (calibration::K * (p / (1.0 - p)).ln()).round() as i32
        };
        let said = |drop: f64| {
            let mut next = stand(1, after, None, None);
            next.verdict.score = score(drop);
            judge(&rules, &before, &next, played, None).note
        };
        assert_eq!(said(0.09), None);
        assert!(matches!(
            said(0.11),
            Some(Note::Inaccuracy { drop: 11, .. })
        ));
        assert!(matches!(said(0.21), Some(Note::Mistake { drop: 21, .. })));
        assert!(matches!(said(0.31), Some(Note::Blunder { drop: 31, .. })));
        // A small fall into a proven loss is named by the proof.
        let mut lost = stand(1, after, Some(Value::Win), Some(7));
        lost.verdict.score = score(0.05);
        let note = judge(&rules, &before, &lost, played, None).note;
        assert_eq!(note, Some(Note::WalkedIntoLoss { loss: 7 }));
    }

    /// A game of 2,000 plies: the pieces of both sides shuttle back and forth, which only
    /// `repetition: off` allows.
    fn shuttling(plies: usize) -> (Rules, Vec<Ply>) {
        let rules = Rules {
            repetition: crate::games::loa::game::Repetition::Off,
            ..Rules::default()
        };
        let mut replay = crate::games::loa::game::Play::new(rules.clone());
        let tokens = ["b1-b3", "a2-c2", "b3-b1", "c2-a2"];
        let plies = (0..plies)
            .map(|i| replay.play(tokens[i % 4]).expect("a legal shuttle"))
            .collect();
        (rules, plies)
    }

    /// Issue 42.13: a long game is reviewed within the game's budget, from its end; the
    /// positions it does not reach are left unreviewed and named, and no position and no
    /// game spends more than its budget.
    #[test]
    fn a_long_game_is_cut_off_where_the_games_budget_runs_out() {
        let (rules, plies) = shuttling(2_000);
        let budget = Budget::per_position(300);
        let review = review(&rules, &plies, budget);
        assert!(
            review.nodes <= budget.game,
            "{} of {}",
            review.nodes,
            budget.game
        );
        for s in &review.stands {
            assert!(
                s.verdict.nodes <= budget.position,
                "ply {}: {}",
                s.ply,
                s.verdict.nodes
            );
        }
        let k = review.unreviewed;
        assert!((1_801..2_001).contains(&k), "{k} unreviewed");
        assert!(review.stands[..k].iter().all(|s| !s.reviewed));
        assert!(review.stands[k..].iter().all(|s| s.reviewed));
        let text = text_report(1, "long", &review);
        let named = format!(
            "not reviewed: {k} positions (the start to the position after {} ",
            crate::vocabulary::Numbering::Pairs.number(k - 2)
        );
        assert!(
            text.contains(&named),
            "{named}\n{}",
            &text[text.len() - 600..]
        );
        assert!(text.contains("the game's budget of 60000 nodes ran out"));
        let json = json_report(1, &review);
        let lines: Vec<&str> = json.lines().collect();
        assert!(lines[k - 1].contains("\"unreviewed\":\"the game's budget"));
        assert!(!lines[k].contains("unreviewed"), "{}", lines[k]);
    }

    /// The positions standing twice after each ply, as the review tracks them in one pass,
    /// are the replay's own (L6), on a game that comes back to its positions often.
    #[test]
    fn the_positions_standing_twice_are_the_replays_at_every_ply() {
        let rules = Rules::default();
        let mut replay = crate::games::loa::game::Play::new(rules.clone());
        let mut plies = Vec::new();
        let mut expected = vec![replay.seen_twice()];
        for i in 0..300 {
            let quiet: Vec<_> = replay.board.moves(&replay.position);
            let quiet: Vec<_> = quiet.into_iter().filter(|m| !m.capture).collect();
            // Back and forth mostly, now and then elsewhere: many positions stand twice.
            let pick = quiet.iter().rev().cycle().skip(i / 4 % 3).find(|m| {
                let mut next = replay.clone();
                next.apply(Ply::Move(**m));
                next.outcome.is_none()
            });
            let ply = Ply::Move(*pick.expect("a quiet move that does not end the game"));
            replay.apply(ply);
            plies.push(ply);
            expected.push(replay.seen_twice());
        }
        let (history, twice) = replayed(&rules, &plies);
        assert!(!twice.is_empty());
        for (i, (position, stood, _)) in history.iter().enumerate() {
            let mut mine = twice[..*stood].to_vec();
            let mut theirs = expected[i].clone();
            mine.sort_by_key(|p| format!("{p:?}"));
            theirs.sort_by_key(|p| format!("{p:?}"));
            assert_eq!(mine, theirs, "after ply {i} ({position:?})");
        }
    }
}
