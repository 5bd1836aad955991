//! `sheetgen solve loa`: the verdict on one position and a principal variation. The position
//! comes as a [`Replay`]: a record played to `--at N`, which carries the positions that
//! stood twice (L6), or `--position TEXT` read as a record that starts there
//! (`games::GivenPosition`), replayed to its start.

use serde::Serialize;

use super::analysis::{JsonVerdict, verdict_text};
use super::game::{Replay, notation};
use super::search::Engine;
use crate::formats::report::json_line;

/// The most plies of a principal variation shown.
const PV_PLIES: usize = 40;

#[derive(Serialize)]
struct JsonSolve {
    #[serde(flatten)]
    verdict: JsonVerdict,
    pv: Vec<String>,
    nodes: u64,
}

/// The verdict at `replay`'s position with `nodes` proof-search nodes, and the best line:
/// for a proven result the winner's shortest and the loser's longest, else the estimate's
/// first move.
pub fn report(replay: &Replay, nodes: u64, json: bool) -> String {
    let size = replay.rules.size;
    let to_move = replay.position.to_move;
    if let Some(outcome) = replay.outcome {
        let text = format!("the game is over: {}", outcome.describe(replay.plies.len()));
        return if json {
            json_line(&serde_json::json!({ "ply": replay.plies.len(), "over": text }))
        } else {
            text + "\n"
        };
    }
    let mut engine = Engine::new(&replay.rules, nodes);
    engine.set_drawn(&replay.seen_twice());
    let verdict = engine.verdict(&replay.position);
    let mut pv = Vec::new();
    let mut spent = verdict.nodes;
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
            spent += next.nodes;
            if next.value.is_none() {
                break;
            }
        }
    } else if let Some(ply) = verdict.best {
        pv.push(notation(ply, size));
    }
    if json {
        return json_line(&JsonSolve {
            verdict: JsonVerdict::new(replay.plies.len(), to_move, &verdict, size),
            pv,
            nodes: spent,
        });
    }
    let what = match verdict.value {
        Some(_) => format!("{} to move: {}", to_move.name(), verdict_text(&verdict)),
        None => format!(
            "{} to move: not proven within {nodes} nodes; estimate {}",
            to_move.name(),
            verdict_text(&verdict)
        ),
    };
    let place = match (replay.plies.len(), replay.rules.start) {
        (0, Some(_)) => "the position".to_string(),
        (n, _) => format!("after ply {n}"),
    };
    format!(
        "{place}: {what}\nline: {}\nnodes: {spent}\n",
        if pv.is_empty() {
            "-".into()
        } else {
            pv.join(" ")
        }
    )
}
