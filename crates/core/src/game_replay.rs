//! Records as a [`Replay`]: every position of each game drawn as `render --at N --bare`
//! draws it, with the moves numbered as move lists number them, what a screen reader
//! announces at each, and the record's comments. `backend::html` makes the page.

use crate::diagram::FigureSpec;
use crate::error::Error;
use crate::games::GameRecord;
use std::sync::Arc;

use crate::replay::{Frames, PageWords, Ply, Replay, ReplayGame};
use crate::theme::Theme;
use crate::vocabulary::Phrase;
use crate::words::Words;

/// Positions one page holds, at most, over all its games: each is drawn as the page is
/// written, and a season of a hundred long games stays under it.
pub(crate) const MAX_POSITIONS: usize = 20_000;

/// The least size of a board's text on the narrowest screen a page is read on (issue 41.6):
/// 9 CSS pixels where the board is 296 pixels wide (a 320-pixel phone less the page's
/// padding), in points and millimetres as `--text-size` takes them.
const PHONE_TEXT: crate::diagram::TextSize = crate::diagram::TextSize {
    points: 9.0 * 72.0 / 96.0,
    width: Some(296.0 * 25.4 / 96.0),
};

/// What every position of a replay is drawn with.
#[derive(Debug, Clone, Default)]
pub struct ReplayOptions {
    /// The game's own options (`--numbers`, `--flip`), for every position.
    pub request: FigureSpec,
    pub theme: Theme,
    /// The position a single game's page opens at (`--at`); the end if None.
    pub open_at: Option<usize>,
}

/// One game's replay page; its positions are drawn from `record` as the page is written.
pub fn single(record: Arc<dyn GameRecord>, options: &ReplayOptions) -> Result<Replay, Error> {
    let words = page_words(&options.request.words, &[&*record]);
    let game = replay_game(record, options)?;
    Ok(Replay {
        title: game.title.clone(),
        date: None,
        lang: options.request.words.lang().name().to_string(),
        words,
        games: vec![game],
        season: false,
    })
}

/// A season's page: every game, with a list of them, titled `title`.
pub fn season(
    records: &[Arc<dyn GameRecord>],
    title: &str,
    options: &ReplayOptions,
) -> Result<Replay, Error> {
    let positions: usize = records.iter().map(|r| r.length() + 1).sum();
    if positions > MAX_POSITIONS {
        return Err(Error::Usage(
            Phrase::new(
                "the page would hold {positions} positions; a replay page holds at most {most} \
                 (fewer games in one page)",
            )
            .with("positions", positions)
            .with("most", MAX_POSITIONS),
        ));
    }
    let options = ReplayOptions {
        open_at: None,
        ..options.clone()
    };
    let games = records
        .iter()
        .map(|record| replay_game(Arc::clone(record), &options))
        .collect::<Result<Vec<_>, _>>()?;
    let records: Vec<&dyn GameRecord> = records.iter().map(|r| &**r).collect();
    Ok(Replay {
        title: title.to_string(),
        date: None,
        lang: options.request.words.lang().name().to_string(),
        words: page_words(&options.request.words, &records),
        games,
        season: true,
    })
}

/// A season's page as `booklet --format html` makes it: every game at the end, titled
/// `title` (`--title`), else by the event the games share, else "Games"; drawn in `font`.
pub fn season_page(
    records: &[Arc<dyn GameRecord>],
    (title, date): (Option<&str>, Option<&str>),
    theme: Theme,
    (words, font): (&Words, &std::sync::Arc<crate::font::Font>),
) -> Result<Replay, Error> {
    let events: Vec<Option<&str>> = records
        .iter()
        .map(|r| r.about().event.as_ref().map(|t| t.value.as_str()))
        .collect();
    let title = match (title, events.first()) {
        (Some(title), _) => title.to_string(),
        (None, Some(Some(event))) if events.iter().all(|e| e == &Some(*event)) => event.to_string(),
        _ => words.tr("Games"),
    };
    let options = ReplayOptions {
        request: FigureSpec {
            words: words.clone(),
            font: font.clone(),
            ..FigureSpec::default()
        },
        theme,
        open_at: None,
    };
    let mut replay = season(records, &title, &options)?;
    replay.date = date.map(str::to_string);
    Ok(replay)
}

fn replay_game(shared: Arc<dyn GameRecord>, options: &ReplayOptions) -> Result<ReplayGame, Error> {
    let record = &*shared;
    let length = record.length();
    if length + 1 > MAX_POSITIONS {
        return Err(Error::Usage(
            Phrase::new(
                "the game has {length} moves; a replay page holds at most {most} positions",
            )
            .with("length", length)
            .with("most", MAX_POSITIONS),
        ));
    }
    let words = &options.request.words;
    let about = record.about();
    let position = |at: usize| FigureSpec {
        at: Some(crate::vocabulary::MoveRef::Count(at)),
        bare: true,
        diagram: None,
        caption: None,
        annotations: Default::default(),
        ..options.request.clone()
    };
    // One text scale for every position, found on the last: legible on a phone.
    let scale = match options.request.text_scale {
        Some(asked) => asked,
        None => crate::diagram::legible_text_scale(record, &position(length), PHONE_TEXT)?,
    };
    let request = FigureSpec {
        text_scale: Some(scale),
        text_size: None,
        ..position(length)
    };
    // The first and last positions drawn now, so that what stops a position from being
    // drawn is refused here, as an error of its kind, before the page is begun.
    for at in [0, length] {
        draw_frame(record, &request, &options.theme, at)?;
    }
    let theme = options.theme.clone();
    let kept = Arc::clone(&shared);
    let draw = move |at| draw_frame(&*kept, &request, &theme, at).map_err(|e| e.to_string());
    let frames = Frames {
        count: length + 1,
        draw: Arc::new(draw),
    };
    Ok(ReplayGame {
        title: game_title(record),
        byline: about.byline(words),
        result: record.outcome_words(words),
        comment: about.comment.as_ref().map(|t| t.value.clone()),
        frames,
        text_scale: scale,
        plies: plies(record, words),
        start: words.tr("Start"),
        open_at: options.open_at.unwrap_or(length).min(length),
        table: record.end_table(words),
    })
}

/// Each move of the game as the page lists it: its number, its text, what a screen reader
/// announces, and its comment.
fn plies(record: &dyn GameRecord, words: &Words) -> Vec<Ply> {
    let about = record.about();
    let numbering = record.game().numbering();
    let moves = record.move_list(words);
    moves
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let comment = about
                .comments
                .iter()
                .find(|(n, _)| *n == i + 1)
                .map(|(_, t)| t.value.clone());
            Ply {
                number: numbering.written_number(i),
                text: text.clone(),
                announce: announce(record, i, text, words),
                comment,
            }
        })
        .collect()
}

/// The game's heading. Untitled: the players, as a season's list tells games apart, else
/// the game's name.
fn game_title(record: &dyn GameRecord) -> String {
    let about = record.about();
    match (&about.title, &about.black, &about.white) {
        (Some(title), _, _) => title.value.clone(),
        (None, Some(black), Some(white)) => format!("{} – {}", black.value, white.value),
        _ => record.game().title().to_string(),
    }
}

/// The board after `at` moves as the page shows it: `request` (the game's, for any
/// position) drawn there, bare, themed.
fn draw_frame(
    record: &dyn GameRecord,
    request: &FigureSpec,
    theme: &Theme,
    at: usize,
) -> Result<crate::figure::Figure, Error> {
    let request = FigureSpec {
        at: Some(crate::vocabulary::MoveRef::Count(at)),
        ..request.clone()
    };
    let mut document = crate::diagram::draw(record, &request)?;
    let mut figure = document.pages.remove(0);
    theme.apply(&mut figure);
    Ok(figure)
}

/// "Move 12: f1-d3, Black" for the `i`-th move (from 0), the side named where the game's
/// moves are one side's each; else "12. f1-d3".
fn announce(record: &dyn GameRecord, i: usize, text: &str, words: &Words) -> String {
    match record.mover(i) {
        Some(side) => {
            let side = words.tr(crate::vocabulary::capitalised(side.name()).as_str());
            words.fill(
                "Move {n}: {move}, {side}",
                &[("n", &(i / 2 + 1)), ("move", &text), ("side", &side)],
            )
        }
        None => format!("{} {text}", record.game().numbering().number(i)),
    }
}

/// The page's words; its keys step by a move, or by a turn where every game on the page
/// (Towers) numbers turns.
fn page_words(words: &Words, records: &[&dyn GameRecord]) -> PageWords {
    use crate::vocabulary::Numbering;
    let turns = |r: &&dyn GameRecord| r.game().numbering() == Numbering::Turns;
    let keys = match (records.iter().all(turns), records.iter().any(turns)) {
        (true, _) => "← → a turn, Page Up / Page Down ten, Home / End the start or end",
        (false, true) => "← → a move or turn, Page Up / Page Down ten, Home / End the start or end",
        (false, false) => "← → a move, Page Up / Page Down ten, Home / End the start or end",
    };
    PageWords {
        moves: words.tr("Moves"),
        // Not "Games": the page's own title is that when nothing names the season.
        games: words.tr("Contents"),
        keys: words.tr(keys),
        buttons: [
            words.tr("Start"),
            words.tr("Back"),
            words.tr("Forward"),
            words.tr("End"),
        ],
        board: words.tr("Board"),
        key: words.tr("Key"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> Arc<dyn GameRecord> {
        let source = crate::input::SourceFile::new("g.yaml", text);
        let mut entries = crate::load::read(&source, &crate::font::Font::builtin()).unwrap();
        Arc::from(entries.remove(0).game.unwrap())
    }

    #[test]
    fn every_position_is_drawn_and_each_move_announced_with_its_mover() {
        let game = record(
            "game: shoreline\nrules: { first: white }\nmoves: [A, B, C]\ncomments: { 2: fine }\n",
        );
        let replay = single(game, &ReplayOptions::default()).unwrap();
        let only = &replay.games[0];
        assert_eq!(only.frames.count, 4);
        let announced: Vec<&str> = only.plies.iter().map(|p| p.announce.as_str()).collect();
        assert_eq!(
            announced,
            [
                "Move 1: A1, White",
                "Move 1: B1, Black",
                "Move 2: C1, White"
            ]
        );
        let numbers: Vec<Option<&str>> = only.plies.iter().map(|p| p.number.as_deref()).collect();
        assert_eq!(numbers, [Some("1."), None, Some("2.")]);
        assert_eq!(only.plies[1].comment.as_deref(), Some("fine"));
        assert_eq!((only.open_at, replay.season), (3, false));
    }

    #[test]
    fn towers_turns_are_announced_without_a_mover() {
        let game = record(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/towers-complete.yaml"
            ))
            .unwrap(),
        );
        let length = game.length();
        let replay = single(game, &ReplayOptions::default()).unwrap();
        let first = &replay.games[0].plies[0];
        assert!(first.announce.starts_with("1. "), "{}", first.announce);
        assert!(first.announce.ends_with(&first.text), "{}", first.announce);
        // Both players move in a turn: every turn is its own numbered item.
        let numbers: Vec<String> = replay.games[0]
            .plies
            .iter()
            .flat_map(|p| p.number.clone())
            .collect();
        let turns: Vec<String> = (1..=length).map(|n| format!("{n}.")).collect();
        assert_eq!(numbers, turns);
    }

    #[test]
    fn the_keys_step_by_a_turn_where_every_game_numbers_turns() {
        let towers = record(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/towers-complete.yaml"
            ))
            .unwrap(),
        );
        let shoreline = record("game: shoreline\nmoves: [A, B, C]\n");
        let keys = |games: &[Arc<dyn GameRecord>]| {
            let replay = season(games, "Season", &ReplayOptions::default()).unwrap();
            replay.words.keys
        };
        assert!(keys(std::slice::from_ref(&towers)).starts_with("← → a turn,"));
        assert!(keys(std::slice::from_ref(&shoreline)).starts_with("← → a move,"));
        assert!(keys(&[shoreline, towers]).starts_with("← → a move or turn,"));
    }
}
