//! The event's results, from the records' players, rounds and events and the winner the
//! rules engine found (never a result the record claims): a crosstable when every pair of
//! three or more players met, else the games by round.

use super::flow::Flow;
use super::style::{BODY_PT, BookletOptions, HEADING_PT};
use super::table::{self, Column};
use crate::error::Error;
use crate::games::GameRecord;
use crate::vocabulary::{Side, Winner};

/// One game as the results see it.
struct Played<'a> {
    event: Option<&'a str>,
    round: Option<&'a str>,
    black: &'a str,
    white: &'a str,
    winner: Option<Winner>,
    score: Option<(i32, i32)>,
}

/// The games whose records name both players, in booklet order.
fn played<'a>(games: &[&'a dyn GameRecord]) -> Vec<Played<'a>> {
    games
        .iter()
        .filter_map(|game| {
            let about = game.about();
            let summary = game.summary();
            Some(Played {
                event: about.event.as_ref().map(|t| t.value.as_str()),
                round: about.round.as_ref().map(|t| t.value.as_str()),
                black: about.player(Side::Black)?,
                white: about.player(Side::White)?,
                winner: summary.winner,
                score: summary.score,
            })
        })
        .collect()
}

/// "1–0", "0–1", "Draw", or "*" for a game not finished. (No "½": sheetgen's font draws
/// it without its 2.)
pub fn result(winner: Option<Winner>, words: &crate::words::Words) -> String {
    match winner {
        Some(Winner::Black) => "1–0".into(),
        Some(Winner::White) => "0–1".into(),
        Some(Winner::Draw) => words.tr("Draw"),
        None => "*".into(),
    }
}

/// A score in points and half points: "2", "1.5", "0.5".
fn points(halves: u32) -> String {
    match halves % 2 {
        1 => format!("{}.5", halves / 2),
        _ => (halves / 2).to_string(),
    }
}

/// A crosstable cell's result: "1", "0", "=" for a draw, "*" unfinished.
fn cell(halves: Option<u32>) -> String {
    match halves {
        Some(2) => "1".into(),
        Some(1) => "=".into(),
        Some(_) => "0".into(),
        None => "*".into(),
    }
}

/// The half points the side `side` of `game` scored, None while it is unfinished.
fn halves(game: &Played, side: Side) -> Option<u32> {
    Some(match (game.winner?, side) {
        (Winner::Draw, _) => 1,
        (Winner::Black, Side::Black) | (Winner::White, Side::White) => 2,
        _ => 0,
    })
}

/// The table of every pair of players: a row per player, best score first (then by name),
/// a column per opponent holding the row player's results against them, and the total.
#[derive(Debug, PartialEq)]
struct Crosstable {
    players: Vec<String>,
    /// `cells[i][j]`: player i's results against player j, in booklet order, "1 =".
    cells: Vec<Vec<String>>,
    totals: Vec<String>,
}

/// The crosstable, when three or more players each met every other.
fn crosstable(games: &[Played]) -> Option<Crosstable> {
    let mut names: Vec<&str> = Vec::new();
    for game in games {
        if game.black == game.white {
            return None;
        }
        for name in [game.black, game.white] {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    let met = |a: &str, b: &str| {
        games
            .iter()
            .any(|g| (g.black, g.white) == (a, b) || (g.black, g.white) == (b, a))
    };
    let every_pair = names
        .iter()
        .enumerate()
        .all(|(i, a)| names[i + 1..].iter().all(|b| met(a, b)));
    if names.len() < 3 || !every_pair {
        return None;
    }
    let total = |name: &str| -> u32 {
        games
            .iter()
            .filter_map(|g| match name {
                n if n == g.black => halves(g, Side::Black),
                n if n == g.white => halves(g, Side::White),
                _ => None,
            })
            .sum()
    };
    let mut order: Vec<(&str, u32)> = names.iter().map(|n| (*n, total(n))).collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let cells = order
        .iter()
        .map(|(row, _)| {
            order
                .iter()
                .map(|(column, _)| {
                    if row == column {
                        return "—".to_string();
                    }
                    let results: Vec<String> = games
                        .iter()
                        .filter_map(|g| match (g.black, g.white) {
                            (b, w) if (b, w) == (*row, *column) => Some(halves(g, Side::Black)),
                            (b, w) if (b, w) == (*column, *row) => Some(halves(g, Side::White)),
                            _ => None,
                        })
                        .map(cell)
                        .collect();
                    results.join(" ")
                })
                .collect()
        })
        .collect();
    Some(Crosstable {
        players: order.iter().map(|(n, _)| n.to_string()).collect(),
        cells,
        totals: order.iter().map(|(_, t)| points(*t)).collect(),
    })
}

/// Rounds in order: numbers by value ("2" before "10"), then the rest as written, then games
/// without a round; games of one round in booklet order.
fn round_key(round: Option<&str>) -> (u8, u64, String) {
    match round {
        Some(r) => match r.trim().parse::<u64>() {
            Ok(n) => (0, n, String::new()),
            Err(_) => (1, 0, r.to_string()),
        },
        None => (2, 0, String::new()),
    }
}

/// The results section, if any record names both its players: a heading and a table.
pub fn draw(
    flow: &mut Flow,
    games: &[&dyn GameRecord],
    options: &BookletOptions,
) -> Result<(), Error> {
    let games = played(games);
    if games.is_empty() {
        return Ok(());
    }
    let words = &options.words;
    let (pt, floor) = (options.pt(BODY_PT), options.min_pt());
    flow.new_page_unless_room(30.0);
    flow.paragraph(
        "results-heading",
        &words.tr("Results"),
        (options.pt(HEADING_PT), floor),
        0.0,
    )?;
    flow.gap(1.0);
    if let Some(table) = crosstable(&games) {
        let mut columns = vec![
            Column {
                header: String::new(),
                centred: true,
            },
            Column {
                header: words.tr("Name"),
                centred: false,
            },
        ];
        for k in 1..=table.players.len() {
            columns.push(Column {
                header: k.to_string(),
                centred: true,
            });
        }
        columns.push(Column {
            header: words.tr("Score"),
            centred: true,
        });
        let rows: Vec<Vec<String>> = table
            .players
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut row = vec![format!("{}", i + 1), name.clone()];
                row.extend(table.cells[i].iter().cloned());
                row.push(table.totals[i].clone());
                row
            })
            .collect();
        let widths = table::widths(&flow.font, &columns, &rows, pt, flow.area.width);
        // Too many players for a crosstable across the page: the games by round instead.
        if table::fits(&widths, flow) {
            return table::draw(flow, "crosstable", &columns, &rows, &widths, (pt, floor));
        }
    }
    by_round(flow, &games, options)
}

/// The games by round: round, Black, White, result (the event too if they differ; no
/// round if none is given).
fn by_round(flow: &mut Flow, games: &[Played], options: &BookletOptions) -> Result<(), Error> {
    let words = &options.words;
    let (pt, floor) = (options.pt(BODY_PT), options.min_pt());
    let mut order: Vec<&Played> = games.iter().collect();
    order.sort_by_key(|g| round_key(g.round));
    let mut events: Vec<Option<&str>> = games.iter().map(|g| g.event).collect();
    events.sort_unstable();
    events.dedup();
    let with_event = events.len() > 1;
    let column = |header: &str, centred| Column {
        header: words.tr(header),
        centred,
    };
    let mut columns = Vec::new();
    if with_event {
        columns.push(column("Event", false));
    }
    let with_round = games.iter().any(|g| g.round.is_some());
    if with_round {
        // Round numbers are centred; rounds in words (`Semi-final`) wrap as words do.
        let numbers = games
            .iter()
            .filter_map(|g| g.round)
            .all(crate::record::is_round_number);
        columns.push(column("Round", numbers));
    }
    columns.extend([
        column("Black", false),
        column("White", false),
        column("Result", true),
    ]);
    let rows: Vec<Vec<String>> = order
        .iter()
        .map(|g| {
            let mut row = Vec::new();
            if with_event {
                row.push(g.event.unwrap_or("").to_string());
            }
            let result = match g.score {
                Some((black, white)) => format!("{} ({black}–{white})", result(g.winner, words)),
                None => result(g.winner, words),
            };
            if with_round {
                row.push(g.round.unwrap_or("").to_string());
            }
            row.extend([g.black.to_string(), g.white.to_string(), result]);
            row
        })
        .collect();
    let widths = table::widths(&flow.font, &columns, &rows, pt, flow.area.width);
    table::draw(flow, "results", &columns, &rows, &widths, (pt, floor))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game<'a>(black: &'a str, white: &'a str, winner: Option<Winner>) -> Played<'a> {
        Played {
            event: None,
            round: None,
            black,
            white,
            winner,
            score: None,
        }
    }

    #[test]
    fn a_round_robin_of_three_is_a_crosstable_best_first() {
        let games = [
            game("Ann", "Bo", Some(Winner::Black)),
            game("Cy", "Ann", Some(Winner::Draw)),
            game("Bo", "Cy", Some(Winner::White)),
        ];
        let table = crosstable(&games).unwrap();
        assert_eq!(table.players, ["Ann", "Cy", "Bo"]);
        assert_eq!(table.totals, ["1.5", "1.5", "0"]);
        assert_eq!(table.cells[0], ["—", "=", "1"]);
        assert_eq!(table.cells[2], ["0", "0", "—"]);
    }

    #[test]
    fn no_crosstable_when_a_pair_never_met_or_for_two_players() {
        let games = [
            game("Ann", "Bo", Some(Winner::Black)),
            game("Cy", "Ann", None),
        ];
        assert_eq!(crosstable(&games), None);
        assert_eq!(crosstable(&games[..1]), None);
    }

    #[test]
    fn rounds_sort_by_number() {
        let mut rounds = vec![Some("10"), None, Some("final"), Some("2")];
        rounds.sort_by_key(|r| round_key(*r));
        assert_eq!(rounds, [Some("2"), Some("10"), Some("final"), None]);
        assert_eq!(points(3), "1.5");
        assert_eq!(points(1), "0.5");
        assert_eq!(result(None, &Default::default()), "*");
    }
}
