//! The words that head the booklet and each of its games: the bulletin's title and date,
//! and a game's players, event, round and result.

use super::flow::Flow;
use super::results::result;
use super::style::{BODY_PT, BookletOptions, HEADING_PT, TITLE_PT};
use crate::error::Error;
use crate::games::GameRecord;
use crate::layout::line_height;
use crate::vocabulary::{Phrase, Side, Winner};
use crate::words::Words;

/// The bulletin's title: `--title`, else its games' events ("Autumn league"), else the
/// games' names ("Shoreline · Lines of Action").
pub(crate) fn booklet_title(games: &[&dyn GameRecord], options: &BookletOptions) -> String {
    if let Some(title) = &options.title {
        return title.clone();
    }
    let mut events: Vec<&str> = Vec::new();
    for game in games {
        if let Some(event) = &game.about().event {
            if !events.contains(&event.value.as_str()) {
                events.push(&event.value);
            }
        }
    }
    if !events.is_empty() {
        return events.join(" · ");
    }
    let mut names: Vec<String> = Vec::new();
    for game in games {
        let name = options.words.tr(game.game().title());
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join(" · ")
}

/// The first page's head: the title and the date (`--date`, else the games' dates, first
/// to last).
pub(crate) fn front(
    flow: &mut Flow,
    title: &str,
    games: &[&dyn GameRecord],
    options: &BookletOptions,
) -> Result<(), Error> {
    let floor = options.min_pt();
    let what = match options.title {
        Some(_) => Phrase::verbatim("--title"),
        None => Phrase::new("the title from the games' events"),
    };
    let size = (options.pt(TITLE_PT), floor);
    at_most_half_a_page(flow, what, title, size)?;
    flow.paragraph("booklet-title", title, size, 0.0)?;
    let date = options.date.clone().or_else(|| {
        let mut dates: Vec<&str> = games
            .iter()
            .filter_map(|g| g.about().date.as_ref().map(|d| d.value.as_str()))
            .collect();
        dates.sort_unstable();
        match (dates.first(), dates.last()) {
            (Some(a), Some(b)) if a == b => Some(a.to_string()),
            (Some(a), Some(b)) => Some(format!("{a} – {b}")),
            _ => None,
        }
    });
    if let Some(date) = date {
        let size = (options.pt(BODY_PT + 1.0), floor);
        let what = match options.date {
            Some(_) => Phrase::verbatim("--date"),
            None => Phrase::new("the games' dates"),
        };
        at_most_half_a_page(flow, what, &date, size)?;
        flow.paragraph("booklet-date", &date, size, 0.0)?;
    }
    flow.gap(6.0);
    Ok(())
}

/// Refuses a `what` that would fill more than half of the first page.
fn at_most_half_a_page(
    flow: &Flow,
    what: Phrase,
    text: &str,
    (size, floor): (f64, f64),
) -> Result<(), Error> {
    let lines = crate::layout::fitted_lines(&flow.font, text, size, flow.area.width, floor).len();
    let height = lines as f64 * line_height(size);
    if height > flow.area.height / 2.0 {
        return Err(Error::Usage(
            Phrase::new(
                "{what} takes {lines} lines at {size} pt, more than half the first page; \
                 shorten it",
            )
            .phrase("what", what)
            .with("lines", lines)
            .with("size", size),
        ));
    }
    Ok(())
}

/// A game's heading, numbered `number` when the booklet has several: its title (or its
/// players), the players, the game, event, round and date, and the result. Kept on one page with the first lines of its
/// moves. Returns the page it is on.
pub fn game(
    flow: &mut Flow,
    number: Option<usize>,
    game: &dyn GameRecord,
    options: &BookletOptions,
) -> Result<usize, Error> {
    let words = &options.words;
    let about = game.about();
    let players = players(game, words);
    let (first, byline) = match (&about.title, &players) {
        (Some(title), _) => (title.value.clone(), players),
        (None, Some(_)) => (vs(game).unwrap_or_default(), players),
        (None, None) => (words.tr(game.game().title()), None),
    };
    let mut lines = Vec::new();
    lines.extend(byline);
    lines.push(event_line(game, words));
    lines.push(outcome(game, words));
    let (heading_pt, body_pt, floor) = (
        options.pt(HEADING_PT),
        options.pt(BODY_PT),
        options.min_pt(),
    );
    let height = line_height(heading_pt) + (lines.len() + 2) as f64 * line_height(body_pt);
    flow.new_page_unless_room(height);
    let heading = match number {
        Some(number) => format!("{number}. {first}"),
        None => first,
    };
    let page = flow.paragraph("game-heading", &heading, (heading_pt, floor), 0.0)?;
    for line in lines {
        flow.paragraph("game-byline", &line, (body_pt, floor), 0.0)?;
    }
    flow.gap(2.0);
    Ok(page)
}

/// "Ann – Bo", Black first, when the record names both players.
pub(crate) fn vs(game: &dyn GameRecord) -> Option<String> {
    let about = game.about();
    Some(format!(
        "{} – {}",
        about.player(Side::Black)?,
        about.player(Side::White)?
    ))
}

/// "Black Ann – White Bo", as much as the record names.
fn players(game: &dyn GameRecord, words: &Words) -> Option<String> {
    let about = game.about();
    let named: Vec<String> = [Side::Black, Side::White]
        .into_iter()
        .filter_map(|side| {
            Some(format!(
                "{} {}",
                words.tr(side.label()),
                about.player(side)?
            ))
        })
        .collect();
    (!named.is_empty()).then(|| named.join(" – "))
}

/// "Lines of Action · Autumn league, round 2 · 2026-11-10", or as much of it as the record
/// gives.
fn event_line(game: &dyn GameRecord, words: &Words) -> String {
    let about = game.about();
    let mut parts = vec![words.tr(game.game().title())];
    parts.extend(about.event_and_round(words));
    parts.extend(about.date.as_ref().map(|d| d.value.clone()));
    parts.join(" · ")
}

/// "1–0 · Black wins: connected after 39 half-moves": the result the rules engine found, in
/// `words` ([`GameRecord::outcome_words`]).
pub fn outcome(game: &dyn GameRecord, words: &Words) -> String {
    let summary = game.summary();
    let said = game.outcome_words(words);
    match summary.winner {
        Some(Winner::Draw) => said,
        Some(winner) => format!("{} · {said}", result(Some(winner), words)),
        None => said,
    }
}
