//! The games sheetgen knows. Each lives in its own module with its rules, records and
//! drawings; this registry is the one place that lists them.

pub mod loa;
pub mod shoreline;
pub mod towers;

use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Document;
use crate::input::SourceFile;
use crate::record::{RawRecord, error_at};

/// The two sides of every game sheetgen knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Side {
    #[default]
    Black,
    White,
}

impl Side {
    /// `black` or `white`, as records and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// "Black ●" or "White ○": the side with the mark its player draws on paper.
    pub fn label(self) -> &'static str {
        match self {
            Side::Black => "Black ●",
            Side::White => "White ○",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// A checked game record of any game.
#[derive(Debug, Clone)]
pub enum Game {
    Shoreline(shoreline::Game),
    Loa(loa::Game),
    Towers(towers::Game),
}

/// The outcome of a game as `check` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winner {
    Black,
    White,
    Draw,
}

impl Winner {
    pub fn name(&self) -> &'static str {
        match self {
            Winner::Black => "black",
            Winner::White => "white",
            Winner::Draw => "draw",
        }
    }
}

/// What `check` says about a valid game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The game's canonical name, as records write it.
    pub game: &'static str,
    /// Moves played, or turns for Towers (see `unit`).
    pub moves: usize,
    /// What `moves` counts: "moves" or "turns".
    pub unit: &'static str,
    pub finished: bool,
    /// Black's and White's scores now, for games scored by points.
    pub score: Option<(i32, i32)>,
    /// Towers: how many Towers of each height 1–8 Black and White have.
    pub towers: Option<[[u32; 8]; 2]>,
    /// None while the game is unfinished.
    pub winner: Option<Winner>,
    /// The outcome in words: "black wins 2–1", "unfinished after 20 of 24 moves".
    pub reason: String,
}

/// The games a record's `game` key may name, with the names they accept.
const GAMES: &[(&str, &[&str])] = &[
    ("shoreline", &["shoreline"]),
    ("towers", &["towers"]),
    ("lines-of-action", &["lines-of-action", "loa"]),
];

/// The canonical name of the game a record's `game` key names, if sheetgen knows it.
pub fn canonical_name(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    GAMES
        .iter()
        .find(|(_, aliases)| aliases.contains(&name.as_str()))
        .map(|(game, _)| *game)
}

/// The keys a record of `game` (a canonical name) may have.
pub fn record_keys(game: &str) -> &'static [&'static str] {
    match game {
        "shoreline" => shoreline::record::KEYS,
        loa::record::NAME => loa::record::KEYS,
        _ => towers::record::KEYS,
    }
}

/// Checks a raw record as the game it names.
pub fn from_record(raw: RawRecord, source: &SourceFile) -> Result<Game, Diagnostic> {
    let game = match canonical_name(&raw.game.value) {
        Some("shoreline") => shoreline::record::from_raw(raw, source).map(Game::Shoreline),
        Some(loa::record::NAME) => loa::record::from_raw(raw, source).map(Game::Loa),
        Some(towers::record::NAME) => towers::record::from_raw(raw, source).map(Game::Towers),
        _ => Err(error_at(
            source,
            &raw.game,
            format!(
                "unknown game `{}`; sheetgen knows shoreline, towers and lines-of-action (loa)",
                raw.game.value
            ),
        )),
    }?;
    drawable(&game)?;
    Ok(game)
}

/// What a record asks sheetgen to draw must be drawable: its texts in the font, and each entry
/// of `diagrams` (squares of the board, known marks), so `check` refuses what `render` and
/// `booklet` would.
fn drawable(game: &Game) -> Result<(), Diagnostic> {
    let about = game.about();
    about.check_text()?;
    for k in 1..=about.diagrams.len() {
        let options = RenderOptions {
            diagram: Some(k),
            ..RenderOptions::default()
        };
        game.diagram(&options).map_err(|e| match e {
            Error::Invalid(d) | Error::Config(d) => d,
            other => Diagnostic::file(&about.source.path, format!("diagram {k}: {other}")),
        })?;
    }
    Ok(())
}

/// What `render` draws besides the position, for every game alike.
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    /// The position after this many moves (or turns); the end if None.
    pub at: Option<usize>,
    /// Number the stones in placement order (Shoreline).
    pub numbers: bool,
    /// Rulebook figures, `lines:SQ` or `moves:SQ` (Lines of Action).
    pub show: Vec<String>,
    /// Draw the record's K-th entry of `diagrams` (from 1).
    pub diagram: Option<usize>,
    /// Arrows, marks, labels and highlights from the command line.
    pub annotations: crate::annotate::Annotations,
    /// Weigh every move against perfect play and mark the costly ones (Shoreline).
    pub analysis: bool,
    /// A caption under the diagram, instead of the record diagram's own.
    pub caption: Option<String>,
    /// Leave the record diagram's caption out of the figure (a booklet sets it underneath).
    pub omit_caption: bool,
}

impl Game {
    pub fn summary(&self) -> Summary {
        match self {
            Game::Shoreline(game) => game.summary(),
            Game::Loa(game) => game.summary(),
            Game::Towers(game) => game.summary(),
        }
    }

    /// The game's score diagram, one page.
    /// Each move (or Towers turn) in the record's notation, for lists under diagrams.
    pub fn move_list(&self) -> Vec<String> {
        match self {
            Game::Shoreline(game) => game.moves.iter().map(|p| p.name()).collect(),
            Game::Loa(game) => game.notation(),
            Game::Towers(game) => game
                .turns
                .iter()
                .map(|turn| {
                    let stones = |i: usize| {
                        let names: Vec<String> = turn.placed[i]
                            .iter()
                            .map(|s| towers::rules::square_name(*s))
                            .collect();
                        names.join(" ")
                    };
                    format!(
                        "{}–{}: black {}, white {}",
                        turn.reveal[0],
                        turn.reveal[1],
                        stones(0),
                        stones(1)
                    )
                })
                .collect(),
        }
    }

    /// How many moves (turns for Towers) `--at` and `--every` count.
    pub fn length(&self) -> usize {
        match self {
            Game::Shoreline(game) => game.moves.len(),
            Game::Loa(game) => game.plies.len(),
            Game::Towers(game) => game.turns.len(),
        }
    }

    pub fn about(&self) -> &crate::record::About {
        match self {
            Game::Shoreline(game) => &game.about,
            Game::Loa(game) => &game.about,
            Game::Towers(game) => &game.about,
        }
    }

    /// The game's score diagram, one page. With `options.diagram`, the record's K-th entry of
    /// `diagrams` gives the move, the caption and the figures; options given too win.
    pub fn diagram(&self, options: &RenderOptions) -> Result<Document, Error> {
        let about = self.about();
        about.check_text().map_err(Error::Invalid)?;
        let mut options = options.clone();
        let mut caption = None;
        if let Some(k) = options.diagram {
            let count = about.diagrams.len();
            let spec = about.diagrams.get(k.wrapping_sub(1)).ok_or_else(|| {
                Error::Usage(format!(
                    "--diagram {k}: the record has {count} diagram{}",
                    if count == 1 { "" } else { "s" }
                ))
            })?;
            options.at = options.at.or(spec.at);
            options
                .show
                .splice(0..0, spec.show.iter().map(|t| t.value.clone()));
            caption = spec
                .caption
                .as_ref()
                .filter(|_| !options.omit_caption)
                .map(|t| t.value.clone());
        }
        if let Some(text) = &options.caption {
            crate::font::check(text).map_err(|m| Error::Usage(format!("--caption: {m}")))?;
            caption = Some(text.clone());
        }
        let mut annotations = crate::annotate::Annotations::default();
        if let Some(k) = options.diagram {
            annotations = about.diagrams[k - 1].annotations.clone();
        }
        annotations.extend(options.annotations.clone());
        let (mut figure, cells) = match self {
            Game::Shoreline(game) => {
                if !options.show.is_empty() {
                    return Err(Error::Usage(
                        "--show draws Lines of Action figures, not Shoreline ones".into(),
                    ));
                }
                let at = shoreline::diagram::check_at(game, options.at).map_err(Error::Usage)?;
                let analysis = options.analysis.then(|| {
                    let mut solver = shoreline::solver::Solver::new(game.rules.scoring);
                    shoreline::solver::analyze(game, &mut solver)
                });
                shoreline::diagram::diagram(
                    game,
                    &shoreline::diagram::DiagramOptions {
                        at: Some(at).filter(|_| options.at.is_some()),
                        numbers: options.numbers,
                        caption,
                        analysis,
                    },
                )
            }
            Game::Loa(_) | Game::Towers(_) if options.analysis => {
                return Err(Error::Usage(
                    "--analysis weighs Shoreline games only".into(),
                ));
            }
            Game::Loa(game) => {
                if options.numbers {
                    return Err(Error::Usage(
                        "--numbers numbers Shoreline stones; Lines of Action pieces move".into(),
                    ));
                }
                let show = options
                    .show
                    .iter()
                    .map(|s| loa::diagram::parse_show(s, game.rules.size))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(Error::Usage)?;
                let options = loa::diagram::DiagramOptions {
                    at: options.at,
                    show,
                    caption,
                };
                loa::diagram::check(game, &options).map_err(Error::Usage)?;
                loa::diagram::diagram(game, &options)
            }
            Game::Towers(game) => {
                if options.numbers || !options.show.is_empty() {
                    return Err(Error::Usage(
                        "--numbers and --show are not for Towers diagrams".into(),
                    ));
                }
                let n = towers::diagram::check_at(game, options.at).map_err(Error::Usage)?;
                towers::diagram::diagram(game, n, caption)
            }
        };
        if !annotations.is_empty() {
            let drawn =
                crate::annotate::annotate(&cells, &annotations).map_err(
                    |problem| match problem.at {
                        Some(at) => Error::Invalid(about.source.error_at(&at, problem.message)),
                        None => Error::Usage(problem.message),
                    },
                )?;
            figure.root.group(drawn);
        }
        Ok(Document {
            title: figure.title.clone(),
            pages: vec![figure],
        })
    }
}
