//! The HTML backend: a [`Replay`] as one self-contained web page to step through.
//!
//! The page needs nothing outside itself: its style and script are inline, and its
//! Content-Security-Policy allows those two blocks only, by their SHA-256 hashes, so it
//! loads nothing (and works from `file://`). Each position is the SVG backend's drawing
//! of its figure (the same elements and classes as the SVG file), kept small: the SVG
//! backend writes one element a line, every distinct line is stored once for the whole
//! page, and a position is the list of its lines, runs of consecutive ones as ranges. The
//! last position a game opens at is also in the page as plain SVG, for readers without
//! scripts. Glyph outlines are defined once, in a hidden SVG the boards all use. Under each
//! board, the same at every position: the key to every symbol its positions draw (written
//! once a game, each sample a small SVG, its words text), and Towers' scoring table.
//!
//! The page's data block is serde's; its few HTML escapes are written here, a few lines.

mod codec;

use serde::Serialize;
use std::fmt::Write as _;

use super::RenderError;
use super::svg::{self, TextLayer};
use crate::packed::{Packed, packed};
use crate::replay::{Replay, ReplayGame};

/// The page's style (`html/replay.css`), hashed into its Content-Security-Policy.
fn style() -> &'static str {
    static STYLE: Packed = packed!("replay.css");
    STYLE.text()
}

/// The page's script (`html/replay.js`): steps through the positions the data block holds.
fn script() -> &'static str {
    static SCRIPT: Packed = packed!("replay.js");
    SCRIPT.text()
}

/// Writes `replay` as one HTML page. Each position is drawn, written and dropped in turn
/// ([`crate::replay::Frames`]): what the page keeps of it is its line numbers.
pub fn render(replay: &Replay) -> Result<Vec<u8>, RenderError> {
    let mut writer = svg::FrameWriter::new(TextLayer::GlyphsOnly);
    let mut lines = codec::Lines::default();
    let mut games = Vec::new();
    let mut drawn = Vec::new();
    for game in &replay.games {
        let (data, game_drawn) = game_data(game, &mut writer, &mut lines)?;
        games.push(data);
        drawn.push(game_drawn);
    }
    let (defs, key) = writer.finish();
    let keyed = |text: &str| svg::with_key(text, &key);
    for game in &mut drawn {
        game.open.0 = keyed(&game.open.0);
        game.key = keyed(&game.key);
    }
    let (templates, shapes) = codec::tables(&lines, keyed);
    let data = script_data(&PageData {
        season: replay.season,
        games,
        templates,
        lines: shapes,
    });

    let mut page = String::with_capacity(data.len() * 2 + defs.len() + 8192);
    page.push_str("<!DOCTYPE html>\n<html lang=\"");
    page.push_str(&attr(&replay.lang));
    page.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(
        page,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        policy()
    );
    page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(page, "<title>{}</title>", text(&replay.title));
    let _ = writeln!(page, "<style>{}</style>\n</head>\n<body>", style());
    page.push_str(
        "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\" \
         xmlns:xlink=\"http://www.w3.org/1999/xlink\"><defs>\n",
    );
    page.push_str(&defs);
    page.push_str("\n</defs></svg>\n<main>\n");
    let _ = writeln!(page, "<h1>{}</h1>", text(&replay.title));
    if let Some(date) = &replay.date {
        let _ = writeln!(page, "<p class=\"date\">{}</p>", text(date));
    }
    if replay.season {
        contents(&mut page, replay);
    }
    for (k, game) in replay.games.iter().enumerate() {
        section(&mut page, replay, k, game, &drawn[k]);
    }
    page.push_str("</main>\n<script type=\"application/json\" id=\"replay-data\">");
    page.push_str(&data);
    let _ = writeln!(
        page,
        "</script>\n<script>{}</script>\n</body>\n</html>",
        script()
    );
    Ok(page.into_bytes())
}

/// The page's Content-Security-Policy: nothing but the one style and the one script, named
/// by their SHA-256 hashes (build.rs hashes the two files).
fn policy() -> String {
    format!(
        "default-src 'none'; style-src 'sha256-{}'; script-src 'sha256-{}'; img-src data:; \
         base-uri 'none'; form-action 'none'",
        include_str!(concat!(env!("OUT_DIR"), "/replay.css.sha256")),
        include_str!(concat!(env!("OUT_DIR"), "/replay.js.sha256")),
    )
}

/// The page's data block, which `replay.js` reads (one-letter keys: a season of games
/// holds many).
#[derive(Serialize)]
struct PageData<'a> {
    #[serde(rename = "s")]
    season: bool,
    #[serde(rename = "g")]
    games: Vec<GameData<'a>>,
    /// The line templates and the lines ([`codec`]).
    #[serde(rename = "T")]
    templates: Vec<String>,
    #[serde(rename = "L")]
    lines: Vec<String>,
}

/// One game of the data block: its positions (as [`codec`] lines), what each announces,
/// its comments, where it opens and its viewBoxes.
#[derive(Serialize)]
struct GameData<'a> {
    #[serde(rename = "f")]
    frames: Vec<String>,
    #[serde(rename = "a")]
    announces: Vec<&'a str>,
    #[serde(rename = "c")]
    comments: Vec<&'a str>,
    #[serde(rename = "n")]
    open_at: usize,
    /// One viewBox when all are alike, as they are for a game's boards.
    #[serde(rename = "v")]
    view_boxes: Vec<String>,
}

/// What the page writes of a game as HTML, its ids' key still [`svg::ID_KEY`] until every
/// drawing is made: the position it opens at (its drawing and viewBox), and its key.
struct GameDrawn {
    open: (String, String),
    /// The key to every symbol any of its positions draws, as a list (empty: none).
    key: String,
}

/// `game`'s data, each position drawn, coded into `lines` and dropped; and what the page
/// writes of it as HTML.
fn game_data<'a>(
    game: &'a ReplayGame,
    writer: &mut svg::FrameWriter,
    lines: &mut codec::Lines,
) -> Result<(GameData<'a>, GameDrawn), RenderError> {
    let open = game.open_at.min(game.frames.count.saturating_sub(1));
    let mut frames = Vec::with_capacity(game.frames.count);
    let mut boxes: Vec<String> = Vec::new();
    let mut opened = (String::new(), "0 0 1 1".to_string());
    let mut key = crate::legend::GameKey::default();
    let mut font = None;
    for n in 0..game.frames.count {
        let mut figure = game.frames.draw(n).map_err(RenderError::Page)?;
        super::check_glyphs(&figure)?;
        // Each position's key adds what it draws that no position before it did.
        if let Some(drawn) = figure.key.take() {
            key.add(&drawn);
        }
        font.get_or_insert_with(|| figure.font.clone());
        let (body, view_box) = writer.add(&figure)?;
        frames.push(lines.code(&body));
        if n == open {
            opened = (body, view_box.clone());
        }
        boxes.push(view_box);
    }
    // One viewBox when all are alike.
    if boxes.iter().all(|b| *b == boxes[0]) {
        boxes.truncate(1);
    }
    let data = GameData {
        frames,
        announces: std::iter::once(game.start.as_str())
            .chain(game.plies.iter().map(|p| p.announce.as_str()))
            .collect(),
        // The game's comment stands above the board; the start has none of its own.
        comments: std::iter::once("")
            .chain(
                game.plies
                    .iter()
                    .map(|p| p.comment.as_deref().unwrap_or("")),
            )
            .collect(),
        open_at: game.open_at,
        view_boxes: boxes,
    };
    let key = match font {
        Some(font) => key_list(&key, &font, writer)?,
        None => String::new(),
    };
    Ok((data, GameDrawn { open: opened, key }))
}

/// Room around a key's sample, in millimetres: its strokes' widths are not in its bounds.
const SAMPLE_PAD: f64 = 1.0;

/// The key's entries as list items, each its sample as a small SVG drawing (sized in `em`
/// against its words as the diagram's key sizes it against its text, so it grows with the
/// page's text) and its words as text, which wraps as the page's width asks.
fn key_list(
    key: &crate::legend::GameKey,
    font: &std::sync::Arc<crate::font::Font>,
    writer: &mut svg::FrameWriter,
) -> Result<String, RenderError> {
    let mut out = String::new();
    for entry in &key.entries {
        let Some(bounds) = entry.sample.bounds(font) else {
            continue;
        };
        let offset = crate::figure::Point::new(SAMPLE_PAD - bounds.x, SAMPLE_PAD - bounds.y);
        let (width, height) = (
            bounds.width + 2.0 * SAMPLE_PAD,
            bounds.height + 2.0 * SAMPLE_PAD,
        );
        let mut sample = crate::figure::Figure::new(width, height, "", font.clone());
        sample.root = entry.sample.clone().scaled(1.0, offset);
        let (body, view_box) = writer.add(&sample)?;
        let em = entry.pt * crate::font::MM_PER_PT;
        let _ = writeln!(
            out,
            "<li><svg class=\"sample\" viewBox=\"{view_box}\" width=\"{:.2}em\" \
             height=\"{:.2}em\" aria-hidden=\"true\" focusable=\"false\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\">{body}</svg><span>{}</span></li>",
            width / em,
            height / em,
            text(&entry.words)
        );
    }
    Ok(out)
}

/// A season's list of games, each a link to its last position.
fn contents(page: &mut String, replay: &Replay) {
    let _ = writeln!(
        page,
        "<nav aria-labelledby=\"games\">\n<h2 id=\"games\">{}</h2>\n<ol class=\"games\">",
        text(&replay.words.games)
    );
    for (k, game) in replay.games.iter().enumerate() {
        let mut about = vec![game.byline.as_str(), game.result.as_str()];
        about.retain(|s| !s.is_empty());
        let _ = writeln!(
            page,
            "<li><a href=\"#g{}\">{}</a> <span class=\"about\">{}</span></li>",
            k + 1,
            text(&game.title),
            parts(&about.join(" · "))
        );
    }
    page.push_str("</ol>\n</nav>\n");
}

/// One game: its heading, the board with its buttons and key, and beside it what was
/// played.
fn section(page: &mut String, replay: &Replay, k: usize, game: &ReplayGame, drawn: &GameDrawn) {
    let id = format!("g{}", k + 1);
    let _ = writeln!(
        page,
        "<section class=\"game\" id=\"{id}\" data-text-scale=\"{}\">",
        game.text_scale
    );
    game_heading(page, replay, game);
    board_box(page, replay, (&drawn.open.0, &drawn.open.1));
    // Under the board, the same at every position: the key, and the scoring table.
    if !drawn.key.is_empty() {
        let _ = write!(
            page,
            "<ul class=\"legend\" aria-label=\"{}\">\n{}</ul>\n",
            attr(&replay.words.key),
            drawn.key
        );
    }
    if let Some(table) = &game.table {
        score_table(page, table);
    }
    page.push_str("</div>\n");
    let n = game.open_at.min(game.plies.len());
    played(page, replay, &id, game, n);
    page.push_str("</ol>\n</div>\n</div>\n</section>\n");
}

/// Writes a game's title (in a season), its byline, result and comment.
fn game_heading(page: &mut String, replay: &Replay, game: &ReplayGame) {
    if replay.season {
        let _ = writeln!(page, "<h2>{}</h2>", text(&game.title));
    }
    for (class, line) in [("byline", &game.byline), ("result", &game.result)] {
        if !line.is_empty() {
            let _ = writeln!(page, "<p class=\"{class}\">{}</p>", parts(line));
        }
    }
    if let Some(comment) = &game.comment {
        let _ = writeln!(page, "<p class=\"game-comment\">{}</p>", text(comment));
    }
}

/// Opens the board's box and writes the board (`open`: its drawing and view box) with its
/// step buttons and the keys that step it; the caller closes the box.
fn board_box(page: &mut String, replay: &Replay, open: (&str, &str)) {
    let words = &replay.words;
    let _ = writeln!(
        page,
        "<div class=\"replay\">\n<div class=\"board-box\">\n<svg class=\"board\" viewBox=\"{}\" \
         role=\"img\" aria-label=\"{}\" tabindex=\"0\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">",
        attr(open.1),
        attr(&words.board)
    );
    page.push_str(open.0);
    page.push_str("\n</svg>\n<div class=\"controls\">");
    let steps = ["first", "back", "forward", "last"];
    let signs = ["\u{ab}", "\u{2039}", "\u{203a}", "\u{bb}"];
    for ((step, sign), label) in steps.iter().zip(signs).zip(&words.buttons) {
        let _ = write!(
            page,
            "<button type=\"button\" data-step=\"{step}\" aria-label=\"{}\">{sign}</button>",
            attr(label)
        );
    }
    let _ = writeln!(page, "</div>\n<p class=\"keys\">{}</p>", text(&words.keys));
}

/// A game's scoring table as the diagram draws it at the game's end: the players' columns,
/// a row each line of the score.
fn score_table(page: &mut String, table: &crate::replay::ScoreTable) {
    let _ = write!(
        page,
        "<table class=\"score\">\n<caption>{}</caption>\n<thead><tr><td></td>",
        text(&table.caption)
    );
    for head in &table.head {
        let _ = write!(page, "<th scope=\"col\">{}</th>", text(head));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (label, values) in &table.rows {
        // `Combinations 1+2 = 4` wraps before its sum, never inside it.
        let label = label.replace(" = ", "\u{a0}=\u{a0}");
        let _ = write!(page, "<tr><th scope=\"row\">{}</th>", text(&label));
        for value in values {
            // A narrow column wraps a sum between its terms, never inside `2 × 9` or `= 18`.
            let value = value
                .replace(" × ", "\u{a0}×\u{a0}")
                .replace("= ", "=\u{a0}");
            let _ = write!(page, "<td>{}</td>", text(&value));
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n");
}

/// Writes what was played beside the board, open after `n` plies: the move just played
/// and its comment, then the moves, each a link to the position after it (in the game
/// `id`), up to the open list the caller closes.
fn played(page: &mut String, replay: &Replay, id: &str, game: &ReplayGame, n: usize) {
    let href = |n: usize| {
        if replay.season {
            format!("#{id}-{n}")
        } else {
            format!("#{n}")
        }
    };
    let announce = match n {
        0 => &game.start,
        n => &game.plies[n - 1].announce,
    };
    let comment = match n {
        0 => None,
        n => game.plies[n - 1].comment.as_deref(),
    };
    let _ = writeln!(
        page,
        "<div class=\"side\">\n<p class=\"now\" aria-live=\"polite\" aria-atomic=\"true\">{}</p>\n\
         <p class=\"comment\" aria-live=\"polite\">{}</p>\n<h3>{}</h3>\n<ol class=\"moves\">",
        text(announce),
        text(comment.unwrap_or("")),
        text(&replay.words.moves)
    );
    // Each numbered move opens a list item, as move lists print them: `12. f1-d3 c4-e6`
    // (the reply in the same item), or a Towers turn alone.
    for (i, ply) in game.plies.iter().enumerate() {
        let after = i + 1;
        match &ply.number {
            // A no-break space: a wrapped list never ends a line on a number.
            Some(number) => {
                let _ = write!(page, "<li><span class=\"no\">{}</span>\u{a0}", text(number));
            }
            None => page.push(' '),
        }
        let current = if after == n {
            " aria-current=\"step\""
        } else {
            ""
        };
        let commented = if ply.comment.is_some() {
            " class=\"commented\""
        } else {
            ""
        };
        let _ = write!(
            page,
            "<a href=\"{}\"{current}{commented}>{}</a>",
            href(after),
            text(&ply.text)
        );
        let next_numbered = game.plies.get(after).is_none_or(|p| p.number.is_some());
        if next_numbered {
            page.push_str("</li>\n");
        }
    }
}

/// A byline or a result line (`Black ● Ana – White ○ Ben · 2026-11-29`) as text whose
/// parts a narrow screen moves to the next line whole, rather than parting a name from its
/// ● or a date at its hyphen: each part between ` – ` and ` · ` is a `part` span.
fn parts(line: &str) -> String {
    let mut out = String::new();
    for (i, dotted) in line.split(" · ").enumerate() {
        if i > 0 {
            out.push_str(" · ");
        }
        for (j, part) in dotted.split(" – ").enumerate() {
            if j > 0 {
                out.push_str(" – ");
            }
            let _ = write!(out, "<span class=\"part\">{}</span>", text(part));
        }
    }
    out
}

/// Text for an element's content: `&`, `<` and `>` escaped, the characters XML forbids
/// (the C0 controls) left out.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().filter(|&c| svg::is_xml_char(c)) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// Text for a quoted attribute: as [`text`], quotes escaped too.
fn attr(s: &str) -> String {
    text(s).replace('"', "&quot;").replace('\'', "&#39;")
}

/// `data` as JSON for a script data block, written by serde_json, with `</` and `<!` as
/// `\u003c/` and `\u003c!` (and the two line separators escaped), so no text ends the block
/// or opens a comment in it. JSON has `<` and those separators only inside strings, where
/// the escapes read back the same.
fn script_data(data: &impl Serialize) -> String {
    serde_json::to_string(data)
        .expect("the page's data is always JSON")
        .replace("</", "\\u003c/")
        .replace("<!", "\\u003c!")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_never_end_their_script_block() {
        let out = script_data(&"a</script><!-- \"q\" \\ \n\u{1}");
        assert_eq!(out, r#""a\u003c/script>\u003c!-- \"q\" \\ \n\u0001""#);
        let back: String = serde_json::from_str(&out).unwrap();
        assert_eq!(back, "a</script><!-- \"q\" \\ \n\u{1}");
    }

    #[test]
    fn text_and_attributes_cannot_break_out() {
        assert_eq!(text("<b>&</b>\u{1}"), "&lt;b&gt;&amp;&lt;/b&gt;");
        assert_eq!(attr("\"'"), "&quot;&#39;");
    }
}
