//! The core's entry point for programs that embed sheetgen (a Typst plugin, a web page):
//! a record's text and a request in, the figure's bytes or a located error out. Nothing
//! here touches files, a terminal or the process, so it builds for WebAssembly.
//!
//! ```text
//! let svg = sheetgen::api::render("game.yaml", &text, &Request::default())?;
//! ```
//!
//! A request is what `sheetgen render`'s options say; programs that speak JSON send it as
//! JSON ([`Request::from_json`]), with the options' names as keys (`"at": 12`,
//! `"arrows": ["b1:b3"]`, `"options": {"flip": true}`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::annotate::{Annotations, Written};
use crate::backend::{Format, Length};
use crate::diagram;
use crate::error::{Edge, Error};
use crate::games::{GameRecord, GivenOption};
use crate::input::SourceFile;
use crate::render::{RenderRequest, Rendered};
use crate::theme::Theme;
use crate::vocabulary::{Phrase, Winner};
use crate::words::{Lang, Words};

/// What a figure shows and how, as `render`'s options say it.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Request {
    /// `svg` (the default), `text`, or `html` (the game's replay page, opening at `at`).
    pub format: Option<String>,
    /// Which game of the record text, from 1 (the first if unset).
    pub game: Option<usize>,
    /// The position after this many moves (turns for Towers), or after a numbered move
    /// (`"6."`, `"6..."`), as `render --at` takes it; the end if unset.
    pub at: Option<At>,
    /// The record's K-th entry of `diagrams`, from 1.
    pub diagram: Option<usize>,
    pub arrows: Vec<String>,
    pub marks: Vec<String>,
    pub labels: Vec<String>,
    pub highlights: Vec<String>,
    pub caption: Option<String>,
    pub bare: bool,
    /// With `bare`, keep the key under the board, as `render --bare --legend`.
    pub legend: bool,
    /// `en`, `de`, `fr` or `zh`.
    pub lang: Option<String>,
    /// A built-in theme: `color` (the default), `print` or `colorblind`.
    pub theme: Option<String>,
    /// The figure's width with a unit (`60mm`, `2.5in`); the height follows.
    pub width: Option<String>,
    /// Every text at least this large where the figure prints (`7pt`, `2.5mm`), as
    /// `render --text-size` (`text-size`, or `text_size`).
    #[serde(alias = "text_size")]
    pub text_size: Option<String>,
    /// The game's own options by name (`flip`, `numbers`, `analysis`: `true`; `show`: a
    /// list of `WHAT:SQ`; `nodes`: Lines of Action's `--analysis` budget, a number).
    pub options: BTreeMap<String, OptionValue>,
    /// A Lines of Action review figure drawn from this review rather than searched, as
    /// `render --analysis-from FILE`: the JSON lines `sheetgen analyze RECORD --format json`
    /// wrote (the Typst package's `analysis: read("review.json")`), checked against the
    /// record's game.
    pub analysis: Option<String>,
    /// A position to draw instead of a record's game, as `render --game G --position
    /// TEXT`: `{"game": "loa", "text": "1bbbbbb1/… b"}`; the record text is then empty.
    pub position: Option<Position>,
}

/// `at`: a count of moves, or a numbered move as the move lists write it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum At {
    Count(usize),
    Written(String),
}

impl At {
    fn move_ref(&self) -> Result<crate::vocabulary::MoveRef, ApiError> {
        match self {
            At::Count(n) => Ok(crate::vocabulary::MoveRef::Count(*n)),
            At::Written(text) => crate::vocabulary::MoveRef::parse(text).ok_or_else(|| {
                ApiError::usage(
                    Phrase::new(
                        "at: {text} is no move: give a count of moves (12) or a numbered move \
                         (\"6.\" or \"6...\")",
                    )
                    .with("text", format!("{text:?}")),
                )
            }),
        }
    }
}

/// A position of a game, in the game's notation (`docs/rules/<game>.md`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The game's name or alias: `shoreline`, `towers`, `lines-of-action` or `loa`.
    pub game: String,
    pub text: String,
}

/// A game option's value: a flag, or its values.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Flag(bool),
    Number(u64),
    One(String),
    Many(Vec<String>),
}

impl Request {
    /// A request from its JSON form; unknown keys are refused.
    pub fn from_json(json: &str) -> Result<Self, ApiError> {
        // serde_json places its errors in the JSON text ("at line 1 column 128"), which the
        // package's user never wrote.
        serde_json::from_str(json).map_err(|e| {
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or_default();
            ApiError::usage(Phrase::new("the arguments: {why}").with("why", message))
        })
    }
}

/// Why an embedding program's call failed: the message `sheetgen` would print, without
/// terminal colours, in the request's language, and its kind.
#[derive(Debug)]
pub struct ApiError {
    error: Box<Error>,
    /// The language the message is worded in: the request's `lang`, once it was read.
    lang: Lang,
}

impl ApiError {
    fn usage(message: Phrase) -> Self {
        Self::from(Error::Usage(message))
    }

    /// The error worded in the language `request` asks for (English when it asks for
    /// none, or for one sheetgen does not speak).
    fn worded_for(self, request: &Request) -> Self {
        let lang = request.lang.as_deref().and_then(Lang::from_code);
        Self {
            lang: lang.unwrap_or_default(),
            ..self
        }
    }

    /// The whole report: the located snippet of the record, the move and what is wrong,
    /// a request's options named as the request names them (`caption`, not `--caption`);
    /// the rules broken and the usage errors in the request's language.
    pub fn message(&self) -> String {
        match &*self.error {
            Error::Request(e) => format!(
                "error: {}",
                e.phrase(Edge::Embedded).in_words(&Words::new(self.lang))
            ),
            error => error.render_in(false, &Words::new(self.lang)),
        }
    }

    /// The error as sheetgen's own type, for its kind.
    pub fn error(&self) -> &Error {
        &self.error
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ApiError {}

impl From<Error> for ApiError {
    fn from(error: Error) -> Self {
        Self {
            error: Box::new(error),
            lang: Lang::default(),
        }
    }
}

/// The figure `request` asks of the record `text` (named `name` in errors), as `sheetgen
/// render` writes it: the same bytes for the same record and options.
pub fn render(name: &str, text: &str, request: &Request) -> Result<Vec<u8>, ApiError> {
    drawn(name, text, request).map_err(|e| e.worded_for(request))
}

fn drawn(name: &str, text: &str, request: &Request) -> Result<Vec<u8>, ApiError> {
    let record = match &request.position {
        Some(position) => given_position(position, text)?,
        None => pick(name, text, request.game)?,
    };
    let typed = request.typed()?;
    let bytes = match crate::render::render(record.into(), &typed)? {
        Rendered::Replay(replay) => crate::backend::html::render(&replay),
        Rendered::Document(document) => {
            crate::backend::render_at(document, typed.format, typed.width)
        }
    };
    Ok(bytes.map_err(Error::from)?)
}

impl Request {
    /// The request typed, as the command line's options make it: every value checked.
    pub fn typed(&self) -> Result<RenderRequest, ApiError> {
        let format = match self.format.as_deref() {
            None | Some("svg") => Format::Svg,
            Some("text") => Format::Text,
            Some("html") => Format::Html,
            Some(other) => {
                return Err(ApiError::usage(
                    Phrase::new("format {format}: the core writes svg, text or html")
                        .with("format", format!("{other:?}")),
                ));
            }
        };
        let width = match &self.width {
            Some(w) => {
                let width = Length::parse(w)
                    .map_err(|why| ApiError::usage(Phrase::new("width: {why}").with("why", why)))?;
                Some(width)
            }
            None => None,
        };
        // `default` is the Typst package's word for sheetgen's default theme.
        let name = match self.theme.as_deref() {
            None | Some("default") => "color",
            Some(name) => name,
        };
        let theme = Theme::built_in(name).ok_or_else(|| {
            ApiError::usage(
                Phrase::new("theme {theme}: the built-in themes are default, print and colorblind")
                    .with("theme", format!("{name:?}")),
            )
        })?;
        let mut figure = diagram_request(self)?;
        if let Some(size) = &self.text_size {
            let points = Length::text_size(size)
                .map_err(|why| ApiError::usage(Phrase::new("text-size: {why}").with("why", why)))?;
            figure.text_size = Some(diagram::TextSize {
                points,
                width: width.map(Length::mm),
            });
        }
        Ok(RenderRequest {
            figure,
            format,
            theme,
            width,
            css: None,
        })
    }
}

/// A game of a record, as `sheetgen check --format json` reports it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    pub game: &'static str,
    pub title: Option<String>,
    pub players: Players,
    /// `black`, `white` or `draw`; none while unfinished.
    pub winner: Option<&'static str>,
    /// Black's and White's points, for games scored by points.
    pub score: Option<(i32, i32)>,
    /// Moves played (turns for Towers).
    pub moves: usize,
    /// The outcome in words: "black wins 2–1".
    pub outcome: String,
}

/// The players' names, where the record gives them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Players {
    pub black: Option<String>,
    pub white: Option<String>,
}

/// What the record `text` says of its game `game` (from 1; the first if None).
pub fn summary(name: &str, text: &str, game: Option<usize>) -> Result<GameReport, ApiError> {
    let record = pick(name, text, game)?;
    let summary = record.summary();
    let about = record.about();
    Ok(GameReport {
        game: summary.game,
        title: about.title.as_ref().map(|t| t.value.clone()),
        players: Players {
            black: about.black.as_ref().map(|p| p.value.clone()),
            white: about.white.as_ref().map(|p| p.value.clone()),
        },
        winner: summary.winner.as_ref().map(Winner::name),
        score: summary.score,
        moves: summary.moves,
        outcome: summary.reason,
    })
}

/// The game's moves (turns for Towers) in its own notation.
pub fn moves(name: &str, text: &str, game: Option<usize>) -> Result<Vec<String>, ApiError> {
    Ok(pick(name, text, game)?.move_list(&crate::words::Words::default()))
}

/// A request's position as a checked game of its own; it comes without a record.
fn given_position(position: &Position, text: &str) -> Result<Box<dyn GameRecord>, ApiError> {
    if !text.trim().is_empty() {
        return Err(ApiError::usage(Phrase::new(
            "a position is drawn without a record: send the record text empty, or leave out \
             `position`",
        )));
    }
    let game = crate::games::find(&position.game).ok_or_else(|| {
        ApiError::usage(
            Phrase::new("position: unknown game {game}; sheetgen knows {games}")
                .with("game", format!("{:?}", position.game))
                .with("games", crate::games::names()),
        )
    })?;
    let given = crate::games::GivenPosition {
        game: game.name(),
        text: position.text.clone(),
    };
    Ok(given.read().map_err(Error::Invalid)?)
}

/// The `k`-th game of the record text, checked against the rules.
fn pick(name: &str, text: &str, k: Option<usize>) -> Result<Box<dyn GameRecord>, ApiError> {
    let k = k.unwrap_or(1);
    let source = SourceFile::from_bytes(name, text.as_bytes().to_vec())?;
    // An embedding program draws in sheetgen's own font, which it checks the record against.
    let entries =
        crate::load::read(&source, &crate::font::Font::builtin()).map_err(Error::Invalid)?;
    let game = crate::games::nth(entries, k, |held| {
        Phrase::new("game {k}: the record holds {games}")
            .with("k", k)
            .phrase("games", held)
    })?;
    Ok(game)
}

fn diagram_request(request: &Request) -> Result<diagram::FigureSpec, ApiError> {
    let lang = match request.lang.as_deref() {
        None => Lang::default(),
        Some(code) => Lang::from_code(code).ok_or_else(|| {
            ApiError::usage(
                Phrase::new("lang {code}: sheetgen speaks en, de, fr and zh")
                    .with("code", format!("{code:?}")),
            )
        })?,
    };
    let options = request
        .options
        .iter()
        .filter_map(|(name, value)| {
            let values: Vec<Written> = match value {
                OptionValue::Flag(false) => return None,
                OptionValue::Flag(true) => Vec::new(),
                OptionValue::Number(n) => vec![n.to_string().as_str().into()],
                OptionValue::One(v) => vec![v.as_str().into()],
                OptionValue::Many(vs) => vs.iter().map(|v| v.as_str().into()).collect(),
            };
            Some(GivenOption {
                name: name.clone(),
                values,
            })
        })
        .collect();
    Ok(diagram::FigureSpec {
        at: request.at.as_ref().map(At::move_ref).transpose()?,
        diagram: request.diagram,
        options,
        annotations: Annotations::from_options(
            &request.arrows,
            &request.marks,
            &request.labels,
            &request.highlights,
        )
        .map_err(|bad| {
            ApiError::usage(
                Phrase::new("{kind} {value}: write two parts joined by a colon, like {example}")
                    .with("kind", bad.kind)
                    .with("value", format!("{:?}", bad.value))
                    .with("example", bad.example()),
            )
        })?,
        caption: request.caption.clone(),
        omit_caption: false,
        bare: request.bare,
        legend: request.legend,
        text_scale: None,
        text_size: None,
        words: Words::new(lang),
        // An embedding program (the Typst package, the playground) draws in sheetgen's own.
        font: crate::font::Font::builtin(),
        review: request
            .analysis
            .as_deref()
            .map(|text| crate::games::ReadReview {
                text: text.into(),
                game: request.game.unwrap_or(1),
            }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "game: shoreline\ntitle: An evening\nplayers: { black: Ann, white: Ben }\nmoves: [A, E, A]\n";

    #[test]
    fn a_request_in_json_draws_the_svg() {
        let request =
            Request::from_json(r#"{"at": 2, "marks": ["a1:circle"], "bare": true}"#).unwrap();
        assert_eq!(request.at, Some(At::Count(2)));
        let svg = String::from_utf8(render("g.yaml", GAME, &request).unwrap()).unwrap();
        assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
        assert!(svg.contains("</svg>"));
    }

    #[test]
    fn the_core_writes_the_replay_page_too() {
        let request = Request::from_json(r#"{"format": "html", "at": 2}"#).unwrap();
        let page = String::from_utf8(render("g.yaml", GAME, &request).unwrap()).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains("\"n\":2,"), "opens at `at`");
        assert!(page.contains("<title>An evening</title>"));
        let other = Request::from_json(r#"{"format": "pdf"}"#).unwrap();
        let err = render("g.yaml", GAME, &other).unwrap_err();
        assert!(
            err.message().contains("svg, text or html"),
            "{}",
            err.message()
        );
    }

    #[test]
    fn a_position_is_drawn_without_a_record() {
        let request = Request::from_json(
            r#"{"position": {"game": "loa", "text": "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"}}"#,
        )
        .unwrap();
        let svg = String::from_utf8(render("position", "", &request).unwrap()).unwrap();
        assert!(svg.contains("</svg>"));
        let err = render("position", GAME, &request).unwrap_err();
        assert_ne!(
            err.error().exit_code(),
            1,
            "a usage error: {}",
            err.message()
        );
        let bad = Request::from_json(r#"{"position": {"game": "loa", "text": "8/8 b"}}"#).unwrap();
        let err = render("position", "", &bad).unwrap_err();
        assert_eq!(err.error().exit_code(), 1);
        assert!(err.message().contains("--position:1:"), "{}", err.message());
    }

    #[test]
    fn a_lines_of_action_review_is_drawn_as_render_analysis_draws_it() {
        let text = include_str!("../../../examples/loa-6x6.yaml");
        let request =
            Request::from_json(r#"{"at": 15, "options": {"analysis": true, "nodes": 3000}}"#)
                .unwrap();
        let svg = String::from_utf8(render("loa-6x6.yaml", text, &request).unwrap()).unwrap();
        assert!(svg.contains("class=\"played-move arrow\""), "{svg}");
        assert!(svg.contains("class=\"best-move arrow\""), "{svg}");
        // The budget is the review's: without --analysis it is refused.
        let request = Request::from_json(r#"{"options": {"nodes": 3000}}"#).unwrap();
        let err = render("loa-6x6.yaml", text, &request).unwrap_err();
        assert!(err.message().contains("--analysis"), "{}", err.message());
    }

    #[test]
    fn unknown_request_keys_are_refused() {
        let err = Request::from_json(r#"{"hue": 3}"#).unwrap_err().message();
        assert!(err.contains("hue"), "{err}");
    }

    #[test]
    fn an_illegal_move_is_a_located_error() {
        let text = "game: shoreline\nmoves: [A, A, A, A, A, A, A]\n";
        let err = render("bad.yaml", text, &Request::default()).unwrap_err();
        assert_eq!(err.error().exit_code(), 1);
        assert!(err.message().contains("bad.yaml:2"), "{}", err.message());
    }

    #[test]
    fn the_summary_and_moves_come_from_the_checked_game() {
        let summary = summary("g.yaml", GAME, None).unwrap();
        assert_eq!(summary.game, "shoreline");
        assert_eq!(summary.title.as_deref(), Some("An evening"));
        assert_eq!(summary.players.black.as_deref(), Some("Ann"));
        assert_eq!(summary.players.white.as_deref(), Some("Ben"));
        assert_eq!(summary.moves, 3);
        assert_eq!(moves("g.yaml", GAME, None).unwrap(), ["A1", "E1", "A2"]);
        let err = moves("g.yaml", GAME, Some(2)).unwrap_err().message();
        assert!(err.contains("holds 1 game"), "{err}");
    }

    #[test]
    fn a_usage_error_is_worded_in_the_request_s_language() {
        let asked = |lang: &str| Request {
            lang: Some(lang.into()),
            arrows: vec!["b1".into()],
            ..Request::default()
        };
        let said = |lang| render("g.yaml", GAME, &asked(lang)).unwrap_err().message();
        assert_eq!(
            said("en"),
            "error: arrow \"b1\": write two parts joined by a colon, like b1:b3"
        );
        assert_eq!(
            said("de"),
            "error: arrow \"b1\": schreibe zwei Teile, durch einen Doppelpunkt verbunden, \
             etwa b1:b3"
        );
        let game = Request {
            game: Some(3),
            ..asked("fr")
        };
        let err = render("g.yaml", GAME, &game).unwrap_err().message();
        assert_eq!(err, "error: game 3 : le relevé contient 1 partie");
        // A figure request's refusal too, its option named as the request names it.
        let past = |lang: &str| Request {
            lang: Some(lang.into()),
            at: Some(At::Count(9)),
            ..Request::default()
        };
        let said = |lang| render("g.yaml", GAME, &past(lang)).unwrap_err().message();
        assert_eq!(said("en"), "error: at: 9 is past the game's 3 half-moves");
        assert_eq!(
            said("de"),
            "error: at: 9 liegt nach dem Ende der Partie (3 Halbzüge)"
        );
    }
}
