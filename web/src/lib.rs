//! sheetgen's core for the playground page (`scripts/playground.sh`): a record's text in,
//! `sheetgen check`'s report and `sheetgen render`'s SVG out. The text is read as the
//! command line reads a file of the same name (its extension says YAML, SGF or move text;
//! without one the text's start does), so the page's report and figure are the command
//! line's, byte for byte.
//!
//! Both functions take the record's name, its text and a request in JSON
//! ([`sheetgen_core::api::Request`]: `at`, `width`, `theme`, `lang`, `options`, `game`,
//! `position`). They are plain Rust for the native tests; [`exports`] puts them behind a
//! small C interface for the page's script.

use std::path::Path;

use serde::Serialize;
use sheetgen_core::api::{self, Request};
use sheetgen_core::diagnostic::{Diagnostic, shown_path};
use sheetgen_core::error::Error;
use sheetgen_core::games::{self, GameInFile, GivenPosition};
use sheetgen_core::input::{MAX_INPUT_BYTES, SourceFile};
use sheetgen_core::vocabulary::plural;
use sheetgen_core::words::{Lang, Words};

pub mod exports;

/// The most bytes a record's name and a request may hold, checked before any work (the
/// record itself is refused past [`MAX_INPUT_BYTES`], in the command line's words).
const MAX_NAME_BYTES: usize = 1024;
const MAX_REQUEST_BYTES: usize = 256 * 1024;

/// What `sheetgen check NAME` says of the record `text` (or, with the request's
/// `position`, `sheetgen check --game G --position TEXT`), as JSON: [`Checked`].
pub fn check(name: &str, text: &[u8], request: &str) -> Result<Vec<u8>, String> {
    let request = parse_request(name, request)?;
    let words = words(&request)?;
    let (shown, entries) = match &request.position {
        Some(position) => {
            if !String::from_utf8_lossy(text).trim().is_empty() {
                return Err(WITHOUT_A_RECORD.into());
            }
            (
                GivenPosition::NAME.to_string(),
                Ok(vec![given(position)?.entry()]),
            )
        }
        None => (shown_path(Path::new(name)), load(name, text.to_vec())),
    };
    let checked = report(&shown, entries, &words);
    serde_json::to_vec(&checked).map_err(|e| e.to_string())
}

/// The figure `sheetgen render NAME` draws of the request's game of `text` (or of its
/// `position`) with the request's options: SVG bytes, or the error's report.
pub fn render(name: &str, text: &[u8], request: &str) -> Result<Vec<u8>, String> {
    let request = parse_request(name, request)?;
    let text = std::str::from_utf8(text).map_err(|e| format!("the record is not UTF-8: {e}"))?;
    api::render(name, text, &request).map_err(|e| e.message())
}

/// What the page shows of a check: the report as the command line prints it, and each
/// game's part of it, with where an error stands.
#[derive(Debug, Serialize)]
pub struct Checked {
    /// `sheetgen check`'s standard output, byte for byte.
    pub report: String,
    /// Every game valid (`check` exits 0).
    pub valid: bool,
    /// The games of the record in order; one entry without an index when the text as a
    /// whole is no record.
    pub games: Vec<Game>,
}

/// One game of a check.
#[derive(Debug, Serialize)]
pub struct Game {
    /// Its place in the record, from 1; none for a text that is no record at all.
    pub index: Option<usize>,
    /// The game the record names, when it names one sheetgen knows.
    pub game: Option<&'static str>,
    pub ok: bool,
    /// Half-moves (turns for Towers) played, for a valid game.
    pub moves: Option<usize>,
    /// What `moves` counts: "half-move" or "turn".
    pub unit: Option<&'static str>,
    /// The report's line for the game: `record #1: ok, loa, 12 moves: black wins …` or
    /// `record #1: invalid`.
    pub heading: String,
    /// An invalid game's report under its heading (`error: …`, the place, the line).
    pub message: Option<String>,
    /// Where the error stands, from 1; none when it is the text as a whole.
    pub line: Option<usize>,
    pub column: Option<usize>,
}

const WITHOUT_A_RECORD: &str = "a position is checked without a record: send the record text empty, or leave out \
     `position`";

fn parse_request(name: &str, request: &str) -> Result<Request, String> {
    if name.len() > MAX_NAME_BYTES {
        return Err(format!(
            "the record's name is {} bytes, more than the {MAX_NAME_BYTES} sheetgen takes",
            name.len()
        ));
    }
    if request.len() > MAX_REQUEST_BYTES {
        return Err(format!(
            "the request is {} bytes, more than the {MAX_REQUEST_BYTES} sheetgen takes",
            request.len()
        ));
    }
    Request::from_json(request).map_err(|e| e.message())
}

/// The language the report words the rules broken in (`check --lang`).
fn words(request: &Request) -> Result<Words, String> {
    match request.lang.as_deref() {
        None => Ok(Words::default()),
        Some(code) => Lang::from_code(code)
            .map(Words::new)
            .ok_or_else(|| format!("error: lang {code:?}: sheetgen speaks en, de, fr and zh")),
    }
}

/// A request's position as `check --game G --position TEXT` takes it.
fn given(position: &api::Position) -> Result<GivenPosition, String> {
    let game = games::find(&position.game).ok_or_else(|| {
        format!(
            "error: position: unknown game {:?}; sheetgen knows {}",
            position.game,
            games::names()
        )
    })?;
    Ok(GivenPosition {
        game: game.name(),
        text: position.text.clone(),
    })
}

/// The record file's games, read as the command line reads a file of that name and those
/// bytes; a text that is no record (too large, binary, not UTF-8, not YAML) is one problem.
fn load(name: &str, bytes: Vec<u8>) -> Result<Vec<GameInFile>, Diagnostic> {
    // The command line refuses a file this large before reading it, in these words.
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(sheetgen_core::input::too_large(name, bytes.len() as u64));
    }
    let source = SourceFile::from_bytes(name, bytes).map_err(|e| match e {
        Error::Config(d) | Error::Invalid(d) => d,
        other => Diagnostic::file(name, other.to_string()),
    })?;
    // The playground draws in sheetgen's own font, which it checks the records against.
    sheetgen_core::load::read(&source, &sheetgen_core::font::Font::builtin())
}

/// The report `check` prints for one file (src/check.rs, text format): a line per valid
/// game, a heading and the located error per invalid one, and the count.
fn report(shown: &str, entries: Result<Vec<GameInFile>, Diagnostic>, words: &Words) -> Checked {
    let mut games = Vec::new();
    match entries {
        Ok(entries) => {
            for entry in entries {
                let place = format!("{shown} #{}", entry.index);
                games.push(match &entry.game {
                    Ok(game) => {
                        let summary = game.summary();
                        Game {
                            index: Some(entry.index),
                            game: Some(summary.game),
                            ok: true,
                            moves: Some(summary.moves),
                            unit: Some(summary.unit),
                            heading: format!("{place}: {}", summary.reported()),
                            message: None,
                            line: None,
                            column: None,
                        }
                    }
                    Err(d) => invalid(format!("{place}: invalid"), Some(entry.index), d, words)
                        .named(entry.name),
                });
            }
        }
        Err(d) => games.push(invalid(format!("{shown}: invalid"), None, &d, words)),
    }
    let valid = games.iter().filter(|g| g.ok).count();
    let mut text = String::new();
    for game in &games {
        text.push_str(&game.heading);
        text.push('\n');
        if let Some(message) = &game.message {
            text.push_str(message);
            text.push('\n');
        }
    }
    text.push_str(&format!(
        "{} in 1 file: {valid} valid, {} invalid\n",
        plural(games.len(), "game"),
        games.len() - valid
    ));
    Checked {
        report: text,
        valid: valid == games.len(),
        games,
    }
}

fn invalid(heading: String, index: Option<usize>, d: &Diagnostic, words: &Words) -> Game {
    Game {
        index,
        game: None,
        ok: false,
        moves: None,
        unit: None,
        heading,
        message: Some(d.render_in(false, words).trim_end().to_string()),
        line: (d.line > 0).then_some(d.line),
        column: (d.column > 0).then_some(d.column),
    }
}

impl Game {
    fn named(self, game: Option<&'static str>) -> Self {
        Self { game, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(name: &str, text: &str, request: &str) -> serde_json::Value {
        serde_json::from_slice(&check(name, text.as_bytes(), request).unwrap()).unwrap()
    }

    #[test]
    fn a_valid_record_is_reported_as_check_reports_it() {
        let text = "game: shoreline\nmoves: [A, E, A]\n";
        let c = checked("record.yaml", text, "{}");
        assert_eq!(c["valid"], true);
        let report = c["report"].as_str().unwrap();
        assert!(
            report.starts_with("record.yaml #1: ok, shoreline, 3 "),
            "{report}"
        );
        assert!(
            report.ends_with("\n1 game in 1 file: 1 valid, 0 invalid\n"),
            "{report}"
        );
        assert_eq!(c["games"][0]["moves"], 3);
        assert_eq!(c["games"][0]["game"], "shoreline");
    }

    #[test]
    fn an_illegal_move_is_located() {
        let text = "game: shoreline\nmoves: [A, A, A, A, A, A, A]\n";
        let c = checked("record.yaml", text, "{}");
        assert_eq!(c["valid"], false);
        let game = &c["games"][0];
        assert_eq!(game["heading"], "record.yaml #1: invalid");
        assert_eq!(game["line"], 2);
        assert!(game["column"].as_u64().unwrap() > 1);
        let message = game["message"].as_str().unwrap();
        assert!(message.starts_with("error: "), "{message}");
        assert!(message.contains("record.yaml:2:"), "{message}");
    }

    #[test]
    fn the_name_says_how_the_text_is_read() {
        let sgf = "(;GM[9]FF[4]SZ[8];B[bh]\n;W[ae])";
        // As SGF a wrong game number is said to be one; as YAML the text is no mapping.
        let as_sgf = checked("record.sgf", sgf, "{}");
        let as_yaml = checked("record.yaml", sgf, "{}");
        assert_ne!(as_sgf["report"], as_yaml["report"]);
        assert_eq!(checked("record", sgf, "{}")["report"], {
            let mut r = as_sgf["report"].as_str().unwrap().to_string();
            r = r.replace("record.sgf", "record");
            serde_json::Value::from(r)
        });
    }

    #[test]
    fn text_that_is_no_record_is_one_invalid_file() {
        let c = checked("record", "", "{}");
        assert_eq!(c["valid"], false);
        assert_eq!(c["games"][0]["index"], serde_json::Value::Null);
        let report = c["report"].as_str().unwrap();
        assert!(report.starts_with("record: invalid\nerror: "), "{report}");
        let binary = check("record", b"game: loa\0", "{}").unwrap();
        let binary: serde_json::Value = serde_json::from_slice(&binary).unwrap();
        assert!(
            binary["report"].as_str().unwrap().contains("binary file"),
            "{binary}"
        );
    }

    #[test]
    fn a_position_is_checked_and_drawn_without_a_record() {
        let request = r#"{"position": {"game": "loa", "text": "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"}}"#;
        let c = checked("record", "", request);
        assert_eq!(c["valid"], true, "{c}");
        assert!(
            c["report"]
                .as_str()
                .unwrap()
                .starts_with("--position #1: ok, lines-of-action, 0 "),
            "{c}"
        );
        let svg = render("record", b"", request).unwrap();
        assert!(String::from_utf8(svg).unwrap().contains("</svg>"));
        let err = check("record", b"game: loa\n", request).unwrap_err();
        assert!(err.contains("without a record"), "{err}");
        let bad = r#"{"position": {"game": "loa", "text": "8/8 b"}}"#;
        let c = checked("record", "", bad);
        assert_eq!(c["games"][0]["line"], 1, "{c}");
        assert!(
            c["report"].as_str().unwrap().contains("--position:1:"),
            "{c}"
        );
        let err = check(
            "record",
            b"",
            r#"{"position": {"game": "go", "text": "x"}}"#,
        );
        assert!(err.unwrap_err().contains("unknown game"));
    }

    #[test]
    fn the_figure_is_the_core_s_and_a_bad_request_is_refused() {
        let text = b"game: shoreline\nmoves: [A, E, A]\n";
        let request = r#"{"at": "2", "width": "60mm", "theme": "print", "lang": "de"}"#;
        let svg = render("record", text, request).unwrap();
        let core = api::render(
            "record",
            std::str::from_utf8(text).unwrap(),
            &Request::from_json(request).unwrap(),
        )
        .unwrap();
        assert_eq!(svg, core);
        assert!(
            render("record", text, r#"{"hue": 1}"#)
                .unwrap_err()
                .contains("hue")
        );
        assert!(render("record", text, r#"{"at": "9"}"#).is_err());
        let err = check("record", text, r#"{"lang": "xx"}"#).unwrap_err();
        assert!(err.contains("en, de, fr and zh"), "{err}");
    }

    #[test]
    fn the_rules_broken_are_worded_in_the_language_asked() {
        let text = "game: shoreline\nmoves: [A, A, A, A, A, A, A]\n";
        let en = checked("record", text, "{}");
        let de = checked("record", text, r#"{"lang": "de"}"#);
        assert_eq!(en["games"][0]["line"], de["games"][0]["line"]);
        assert_ne!(en["games"][0]["message"], de["games"][0]["message"]);
    }

    #[test]
    fn arguments_too_large_are_refused_before_any_work() {
        let name = "n".repeat(MAX_NAME_BYTES + 1);
        assert!(check(&name, b"", "{}").unwrap_err().contains("name"));
        let big = vec![b'#'; MAX_INPUT_BYTES as usize + 1];
        let c: serde_json::Value =
            serde_json::from_slice(&check("record", &big, "{}").unwrap()).unwrap();
        assert!(
            c["report"].as_str().unwrap().contains("too large"),
            "{}",
            c["report"]
        );
    }
}
