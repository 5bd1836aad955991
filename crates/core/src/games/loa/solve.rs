//! `sheetgen solve loa`: the verdict on one position and a principal variation. The position
//! comes as a [`Play`]: a record played to `--at N`, which carries the positions that
//! stood twice (L6), or `--position TEXT` read as a record that starts there
//! (`games::GivenPosition`), replayed to its start.

use serde::Serialize;

use super::analysis::{JsonVerdict, verdict_text};
use super::game::{Play, notation};
use super::proof::{Claim, certificate};
use super::search::{Engine, Open, Value, Verdict};
use crate::formats::report::json_line;

/// The most plies of a principal variation shown.
const PV_PLIES: usize = 40;

#[derive(Serialize)]
struct JsonSolve {
    #[serde(flatten)]
    verdict: JsonVerdict,
    pv: Vec<String>,
    /// Nodes the position took, within `--nodes`.
    nodes: u64,
    /// Nodes the line's later positions took, each within `--nodes` too.
    line_nodes: u64,
    /// Where an unproven search stopped: the question it was on, and the root's proof and
    /// disproof numbers for it; null when proven.
    question: Option<JsonQuestion>,
    proof_number: Option<u32>,
    disproof_number: Option<u32>,
}

/// "Does `winner` win within `plies`?", the question the proof search stopped on.
#[derive(Serialize)]
struct JsonQuestion {
    winner: &'static str,
    plies: u8,
}

/// The verdict at `replay`'s position with `nodes` proof-search nodes, and the best line:
/// for a proven result the winner's shortest and the loser's longest, else the estimate's
/// first move.
pub fn report(replay: &Play, nodes: u64, json: bool) -> String {
    solve(replay, nodes, json, false).0
}

/// [`report`], and with `proof` the certificate of the proven result ([`super::proof`]),
/// or why there is none: the game is over there, the position is not proven won or lost
/// within the budget, or its proof could not be walked again.
pub fn solve(
    replay: &Play,
    nodes: u64,
    json: bool,
    proof: bool,
) -> (String, Option<Result<String, String>>) {
    let size = replay.rules.size;
    let to_move = replay.position.to_move;
    if let Some(outcome) = replay.outcome {
        let text = format!("the game is over: {}", outcome.describe(replay.plies.len()));
        let report = if json {
            json_line(&serde_json::json!({ "ply": replay.plies.len(), "over": text }))
        } else {
            format!("{text}\n")
        };
        let why = format!("{text}; there is nothing to prove");
        return (report, proof.then_some(Err(why)));
    }
    let mut engine = Engine::new(&replay.rules, nodes);
    let twice = replay.seen_twice();
    engine.set_drawn(&twice);
    let verdict = engine.verdict(&replay.position);
    let open = engine.open();
    // Before the line below changes the positions standing twice (and so the table).
    let certificate = match (proof, verdict.value, verdict.plies) {
        (false, ..) => None,
        (true, Some(value @ (Value::Win | Value::Loss)), Some(plies)) => {
            let claim = Claim {
                rules: &replay.rules,
                position: replay.position,
                winner: if value == Value::Win {
                    to_move
                } else {
                    to_move.other()
                },
                plies,
                twice: &twice,
            };
            Some(certificate(&mut engine, &claim, nodes))
        }
        (true, ..) => Some(Err(format!(
            "no win or loss is proven within {nodes} nodes; raise --nodes"
        ))),
    };
    let mut pv = Vec::new();
    let mut line_nodes = 0;
    if verdict.value.is_some() {
        let mut line = replay.clone();
        let mut next = verdict;
        while let Some(ply) = next.best {
            pv.push(notation(ply, size));
            line.apply(ply);
            if line.outcome.is_some() || pv.len() >= PV_PLIES {
                break;
            }
            engine.set_drawn(&line.seen_twice());
            next = engine.verdict(&line.position);
            line_nodes += next.nodes;
            if next.value.is_none() {
                break;
            }
        }
    } else if let Some(ply) = verdict.best {
        pv.push(notation(ply, size));
    }
    let report = if json {
        json_line(&JsonSolve {
            verdict: JsonVerdict::new(replay.plies.len(), to_move, &verdict, size),
            pv,
            nodes: verdict.nodes,
            line_nodes,
            question: open.map(|o| JsonQuestion {
                winner: o.attacker.name(),
                plies: o.plies,
            }),
            proof_number: open.map(|o| o.proof),
            disproof_number: open.map(|o| o.disproof),
        })
    } else {
        text_report(replay, nodes, &verdict, &pv, line_nodes) + &open_text(open)
    };
    (report, certificate)
}

/// The text report: the verdict, the line and the nodes: the position's, within `nodes`,
/// and the line's later positions', each within `nodes` too.
fn text_report(
    replay: &Play,
    nodes: u64,
    verdict: &Verdict,
    pv: &[String],
    line_nodes: u64,
) -> String {
    let to_move = replay.position.to_move;
    let what = match verdict.value {
        Some(_) => format!("{} to move: {}", to_move.name(), verdict_text(verdict)),
        None => format!(
            "{} to move: not proven within {nodes} nodes; estimate {}",
            to_move.name(),
            verdict_text(verdict)
        ),
    };
    let place = match (replay.plies.len(), replay.rules.start) {
        (0, Some(_)) => "the position".to_string(),
        (n, _) => format!("after ply {n}"),
    };
    let line = if pv.is_empty() {
        "-".into()
    } else {
        pv.join(" ")
    };
    let mut text = format!(
        "{place}: {what}\nline: {line}\nnodes: {} of {nodes}",
        verdict.nodes
    );
    if line_nodes > 0 {
        text.push_str(&format!(
            " (the line's later positions: {line_nodes} more, {nodes} at most each)"
        ));
    }
    text + "\n"
}

/// Where an unproven search stopped, a line of the text report: the question it was on and
/// the root's proof and disproof numbers for it (how far it got); nothing when proven.
fn open_text(open: Option<Open>) -> String {
    match open {
        Some(o) => format!(
            "stopped at: does {} win within {} plies? proof number {}, disproof number {} at \
             the root (the fewest positions still to prove it, and to refute it)\n",
            o.attacker.name(),
            o.plies,
            o.proof,
            o.disproof
        ),
        None => String::new(),
    }
}
