//! The commands that weigh games against their searchers, for every game that has one:
//! `solve` (Shoreline's empty board; a Lines of Action position) and `analyze` (every move
//! of a record). Each routes to its game's reports.

use std::path::{Path, PathBuf};

use clap::{Args, ValueHint};

use crate::job::{GameCommand, Job, Records};
use crate::job::{Made, Output};
use crate::options::{OutputArgs, ReportArg};
use crate::output::Target;
use sheetgen_core::error::Error;
use sheetgen_core::games::{loa, shoreline};

pub fn solve_command() -> GameCommand {
    GameCommand {
        name: "solve",
        about: "Solve a game exactly: Shoreline's empty board under perfect play, or a Lines \
                of Action position, of a record or given as --position TEXT (the verdict and \
                a principal variation)",
        args: SolveArgs::augment_args,
        plan: |m| {
            Ok(Box::new(SolveJob::plan(crate::job::parsed::<SolveArgs>(
                m,
            )?)?))
        },
    }
}

pub fn analyze_command() -> GameCommand {
    GameCommand {
        name: "analyze",
        about: "Weigh every move of a game: Shoreline against perfect play, Lines of Action \
                against proofs where they can be found and an estimate where not",
        args: AnalyzeArgs::augment_args,
        plan: |m| {
            Ok(Box::new(AnalyzeJob::plan(crate::job::parsed::<
                AnalyzeArgs,
            >(m)?)?))
        },
    }
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// `shoreline`, or `lines-of-action` (`loa`) and a record file
    #[arg(value_name = "GAME [FILE]", num_args = 0..=2)]
    words: Vec<String>,

    /// The game, as an option: `solve --game loa FILE --at 30`
    #[arg(long = "game", value_name = "GAME")]
    game: Option<String>,

    /// Lines of Action: the position after this many plies of the record [default: its end]
    #[arg(long, value_name = "N", conflicts_with = "position")]
    at: Option<usize>,

    /// Lines of Action: a position in its notation instead of a record (`sheetgen rules
    /// loa`), e.g. --position "5/1b3/1w1b1/3w1/5 w"
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,

    /// Lines of Action: proof-search nodes per position (a budget, not a time, so every
    /// machine gives the same answer)
    #[arg(long, value_name = "N", default_value_t = loa::search::DEFAULT_NODES * 10)]
    nodes: u64,

    /// Report format: text, or JSON
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,
}

/// Where `solve loa`'s position comes from.
enum LoaSource {
    Record(PathBuf),
    /// `--position TEXT`, read as a record of its own.
    Position(sheetgen_core::games::GivenPosition),
}

enum SolveJob {
    Shoreline {
        json: bool,
    },
    Loa {
        source: LoaSource,
        at: Option<usize>,
        nodes: u64,
        json: bool,
    },
}

impl SolveJob {
    fn plan(args: SolveArgs) -> Result<Self, Error> {
        let mut words = args.words.into_iter();
        let game = match args.game {
            Some(game) => game,
            None => words
                .next()
                .ok_or_else(|| Error::Usage("solve: name the game (shoreline or loa)".into()))?,
        };
        let file = words.next();
        if words.next().is_some() {
            return Err(Error::Usage(
                "solve: give the game and at most one record file".into(),
            ));
        }
        let json = args.format == ReportArg::Json;
        match sheetgen_core::games::find(&game).map(|g| g.name()) {
            Some(shoreline::NAME) => {
                if file.is_some() || args.at.is_some() || args.position.is_some() {
                    return Err(Error::Usage(
                        "solve shoreline solves the empty board; it takes no record, --at or \
                         --position"
                            .into(),
                    ));
                }
                Ok(SolveJob::Shoreline { json })
            }
            Some(loa::NAME) => {
                let position = args
                    .position
                    .map(|text| sheetgen_core::games::GivenPosition {
                        game: loa::NAME,
                        text,
                    });
                let source = match (file, position) {
                    (None, None) => {
                        return Err(Error::Usage(
                            "solve loa: give a record file (and --at N), or --position TEXT".into(),
                        ));
                    }
                    (Some(file), Some(_)) => {
                        return Err(Error::Usage(format!(
                            "solve loa: the record file {file} or --position, not both"
                        )));
                    }
                    (Some(file), None) => LoaSource::Record(PathBuf::from(file)),
                    (None, Some(position)) => LoaSource::Position(position),
                };
                Ok(SolveJob::Loa {
                    source,
                    at: args.at,
                    nodes: args.nodes,
                    json,
                })
            }
            _ => Err(Error::Usage(format!(
                "solve: `{game}` is not a game sheetgen solves (shoreline or lines-of-action)"
            ))),
        }
    }
}

impl Job for SolveJob {
    fn inputs(&self) -> Vec<&Path> {
        match self {
            SolveJob::Shoreline { .. } => Vec::new(),
            SolveJob::Loa {
                source: LoaSource::Record(record),
                ..
            } => vec![record],
            SolveJob::Loa { .. } => Vec::new(),
        }
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(self: Box<Self>, records: &dyn Records) -> Result<Made, Error> {
        let report = match *self {
            SolveJob::Shoreline { json } => shoreline::analysis::solve_report(json),
            SolveJob::Loa {
                source,
                at,
                nodes,
                json,
            } => {
                // A position given is read as a record of its own, errors located in it.
                let (game, shown) = match &source {
                    LoaSource::Position(position) => (
                        position.read().map_err(Error::Invalid)?,
                        sheetgen_core::games::GivenPosition::NAME.to_string(),
                    ),
                    LoaSource::Record(record) => (
                        crate::job::pick(records, record, 1)?,
                        sheetgen_core::diagnostic::shown_path(record),
                    ),
                };
                let game = game.as_any().downcast_ref::<loa::Game>().ok_or_else(|| {
                    Error::Usage(format!("{shown}: solve loa takes a Lines of Action record"))
                })?;
                let plies = game.plies.len();
                let at = at.unwrap_or(plies);
                if at > plies {
                    return Err(Error::Usage(format!(
                        "--at {at}: the game has {}",
                        sheetgen_core::vocabulary::plural(plies, "move")
                    )));
                }
                let replay = game.replay_to(at);
                loa::solve::report(&replay, nodes, json)
            }
        };
        Ok(Made::bytes(report.into_bytes(), Target::Stdout))
    }
}

#[derive(Debug, Args)]
struct AnalyzeArgs {
    /// Record file (YAML)
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    record: PathBuf,

    /// Which game of the file, counting from 1 [default: Shoreline the first, Lines of
    /// Action every game]
    #[arg(long, value_name = "K", value_parser = crate::options::counted_from_one)]
    game: Option<u32>,

    /// Report format: text, or JSON (Lines of Action: one object a position)
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,

    /// Lines of Action: proof-search nodes per position (a budget, not a time, so every
    /// machine gives the same review)
    #[arg(long, value_name = "N", default_value_t = loa::search::DEFAULT_NODES)]
    nodes: u64,

    /// Lines of Action: write the evaluation graph to FILE (.svg, .pdf or .png) instead
    /// of the report
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = ValueHint::FilePath)]
    file: Option<PathBuf>,

    /// Resolution of a PNG graph, in dots per inch (36 to 1200)
    #[arg(long, value_name = "DPI", default_value_t = sheetgen_core::backend::format::DEFAULT_DPI,
          value_parser = clap::value_parser!(u32).range(36..=1200))]
    dpi: u32,
}

struct AnalyzeJob {
    args: AnalyzeArgs,
    graph: Option<Output>,
}

impl AnalyzeJob {
    fn plan(args: AnalyzeArgs) -> Result<Self, Error> {
        let graph = match &args.file {
            None => None,
            Some(file) => Some(
                OutputArgs {
                    file: Some(file.clone()),
                    format: None,
                    dpi: args.dpi,
                    font: None,
                }
                .output()?,
            ),
        };
        Ok(Self { args, graph })
    }
}

impl Job for AnalyzeJob {
    fn inputs(&self) -> Vec<&Path> {
        vec![&self.args.record]
    }

    fn output(&self) -> Option<&Output> {
        self.graph.as_ref()
    }

    fn run(self: Box<Self>, records: &dyn Records) -> Result<Made, Error> {
        let args = &self.args;
        let shown = sheetgen_core::diagnostic::shown_path(&args.record);
        let entries = records.load(&args.record)?;
        let json = args.format == ReportArg::Json;
        if entries.iter().any(|e| e.name == Some(loa::NAME)) {
            let mut games = Vec::new();
            for entry in entries {
                if args.game.is_some_and(|k| k as usize != entry.index) {
                    continue;
                }
                let record = entry.game.map_err(Error::Invalid)?;
                let game = record.as_any().downcast_ref::<loa::Game>().ok_or_else(|| {
                    Error::Usage(format!(
                        "{shown} #{}: analyze takes one game's records at a time",
                        entry.index
                    ))
                })?;
                games.push((entry.index, game.clone()));
            }
            if games.is_empty() {
                return Err(Error::Usage(format!(
                    "--game {}: {shown} holds fewer games",
                    args.game.unwrap_or(1)
                )));
            }
            let reviews: Vec<loa::analysis::Reviewed> = games
                .iter()
                .map(|(index, game)| loa::analysis::Reviewed {
                    index: *index,
                    title: loa::analysis::title(*index, &game.about),
                    review: game.review(args.nodes),
                })
                .collect();
            return Ok(match &self.graph {
                Some(output) => Made::drawing(loa::graph::document(&reviews), output),
                None => {
                    let report = loa::analysis::report(&reviews, json);
                    Made::bytes(report.into_bytes(), Target::Stdout)
                }
            });
        }
        if self.graph.is_some() {
            return Err(Error::Usage(
                "-o: the evaluation graph is drawn for Lines of Action games".into(),
            ));
        }
        let k = args.game.unwrap_or(1) as usize;
        let record = sheetgen_core::games::nth(entries, k, |held| {
            format!("--game {k}: {shown} holds {held}")
        })?;
        let game = record
            .as_any()
            .downcast_ref::<shoreline::Game>()
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{shown}: analyze weighs Shoreline and Lines of Action games; this is another game"
                ))
            })?;
        let report = shoreline::analysis::analyze_report(&game.play, json);
        Ok(Made::bytes(report.into_bytes(), Target::Stdout))
    }
}
