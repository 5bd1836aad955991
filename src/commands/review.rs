//! The commands that weigh games against their searchers, for every game that has one
//! (`Game::searcher`): `solve` (a position, or a game's empty board) and `analyze` (every
//! move of a record). Each routes to its game's searcher, found by the game's name or the
//! record's game.

use std::path::{Path, PathBuf};

use clap::{Args, ValueHint};

use crate::files::ThemeFile;
use crate::job::{GameCommand, Job, Records};
use crate::job::{Made, Output, Product};
use crate::options::{OutputArgs, ReportArg};
use crate::output::Target;
use sheetgen_core::diagnostic::shown_path;
use sheetgen_core::error::Error;
use sheetgen_core::error::Problem;
use sheetgen_core::games::search::{Budget, DEFAULT_NODES, MAX_NODES, Searcher, Solves};
use sheetgen_core::games::{self, Game, GameRecord, GivenPosition, loa};
use sheetgen_core::theme::Theme;
use sheetgen_core::vocabulary::MoveRef;

pub fn solve_command() -> GameCommand {
    GameCommand {
        name: "solve",
        about: "Solve a game exactly: Shoreline's empty board under perfect play, or a Lines \
                of Action position, of a record or given as --position TEXT (the verdict and \
                a principal variation)",
        args: SolveArgs::augment_args,
        plan: |m, _| {
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
        plan: |m, lang| {
            let mut args = crate::job::parsed::<AnalyzeArgs>(m)?;
            // The graph's words: the command's --lang, else sheetgen's.
            args.lang = args.lang.or(lang);
            Ok(Box::new(AnalyzeJob::plan(args)?))
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

    /// Lines of Action: the position after this many moves of the record (`30`), or after a
    /// numbered move (`15.`, `15...`) [default: its end]
    #[arg(long, value_name = "N", conflicts_with = "position",
          value_parser = crate::options::move_ref)]
    at: Option<MoveRef>,

    /// Lines of Action: a position in its notation instead of a record (`sheetgen rules
    /// loa`), e.g. --position "5/1b3/1w1b1/3w1/5 w"
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,

    /// Lines of Action: search nodes for the position, 1 to 10,000,000,000, the estimate's and
    /// the proof's together, and as many for each later position of the line shown (a
    /// budget, not a time, so every machine gives the same answer)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES * 10,
          value_parser = clap::value_parser!(u64).range(1..=SOLVE_MAX_NODES))]
    nodes: u64,

    /// Report format: text, or JSON
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,

    /// Lines of Action: also write the proof of the proven win or loss to FILE, a
    /// certificate anyone can check (`sheetgen-verify-proof FILE`)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    proof: Option<PathBuf>,
}

/// `solve` weighs one position, where a review weighs every position of a game: its budget
/// goes a thousand times as high (5×5 from the start takes a million nodes and more on the
/// way to its proof; 6×6 from the start, half an hour's worth and more). Memory stays
/// bounded whatever the budget: the tables empty themselves at a fixed size, and the
/// search's stack is at most `MAX_PLIES` deep.
const SOLVE_MAX_NODES: u64 = 1_000 * MAX_NODES;

/// Where `solve`'s position comes from.
enum Source {
    /// The game's empty board, which its searcher solves without a position.
    EmptyBoard,
    Record(PathBuf),
    /// `--position TEXT`, read as a record of its own.
    Position(GivenPosition),
}

struct SolveJob {
    game: &'static dyn Game,
    /// The game's name as the command gave it (`loa`), for messages.
    named: String,
    source: Source,
    at: Option<MoveRef>,
    nodes: u64,
    json: bool,
    /// `--proof FILE`: where the certificate goes.
    proof: Option<PathBuf>,
}

impl SolveJob {
    fn plan(args: SolveArgs) -> Result<Self, Error> {
        let mut words = args.words.into_iter();
        let named = match args.game {
            Some(game) => game,
            None => words.next().ok_or_else(|| {
                Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new("solve: name the game ({games})")
                        .with("games", searched_games("or")),
                )
            })?,
        };
        let file = words.next();
        if words.next().is_some() {
            return Err(Error::Usage(sheetgen_core::vocabulary::Phrase::new(
                "solve: give the game and at most one record file",
            )));
        }
        let game = games::find(&named)
            .filter(|game| games::searcher(*game).is_some())
            .ok_or_else(|| {
                Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new(
                        "solve: `{named}` is not a game sheetgen solves ({games})",
                    )
                    .with("named", &named)
                    .with("games", searched_games("or")),
                )
            })?;
        let position = args.position.map(|text| GivenPosition {
            game: game.name(),
            text,
        });
        let source = match (searcher(game).solves(), file, position) {
            (Solves::TheEmptyBoard, None, None) if args.at.is_none() => Source::EmptyBoard,
            (Solves::TheEmptyBoard, ..) => {
                return Err(Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new(
                        "solve {named} solves the empty board; it takes no record, --at or \
                         --position",
                    )
                    .with("named", &named),
                ));
            }
            (Solves::Positions, None, None) => {
                return Err(Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new(
                        "solve {named}: give a record file (and --at N), or --position TEXT",
                    )
                    .with("named", &named),
                ));
            }
            (Solves::Positions, Some(file), Some(_)) => {
                return Err(Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new(
                        "solve {named}: the record file {file} or --position, not both",
                    )
                    .with("named", &named)
                    .with("file", file),
                ));
            }
            (Solves::Positions, Some(file), None) => Source::Record(PathBuf::from(file)),
            (Solves::Positions, None, Some(position)) => Source::Position(position),
        };
        if args.proof.is_some() && matches!(source, Source::EmptyBoard) {
            return Err(Error::Usage(
                sheetgen_core::vocabulary::Phrase::new(
                    "solve {named}: --proof writes the proof of a Lines of Action position",
                )
                .with("named", &named),
            ));
        }
        Ok(SolveJob {
            game,
            named,
            source,
            at: args.at,
            nodes: args.nodes,
            json: args.format == ReportArg::Json,
            proof: args.proof,
        })
    }
}

impl Job for SolveJob {
    fn inputs(&self) -> Vec<&Path> {
        match &self.source {
            Source::Record(record) => vec![record],
            Source::EmptyBoard | Source::Position(_) => Vec::new(),
        }
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        // A position given is read as a record of its own, errors located in it.
        let record = match &self.source {
            Source::EmptyBoard => None,
            Source::Position(position) => Some(position.read().map_err(Error::Invalid)?),
            Source::Record(path) => {
                let record = crate::job::pick(records, path, 1, font)?;
                if record.game().name() != self.game.name() {
                    return Err(Error::Usage(
                        sheetgen_core::vocabulary::Phrase::new(
                            "{file}: solve {named} takes a {game} record",
                        )
                        .with("file", shown_path(path))
                        .with("named", &self.named)
                        .with("game", self.game.title()),
                    ));
                }
                Some(record)
            }
        };
        let at = match &record {
            Some(record) => sheetgen_core::diagram::at_count(&**record, self.at)?,
            None => None,
        };
        if let (Some(file), Some(record)) = (&self.proof, &record) {
            let (report, certificate) =
                loa::searcher::solve_with_proof(&**record, at, self.nodes, self.json)?;
            crate::output::write_file(file, certificate.as_bytes())?;
            return Ok(Made::bytes(report.into_bytes(), Target::Stdout));
        }
        let searcher = searcher(self.game);
        let report = searcher.solve(record.as_deref(), at, self.nodes, self.json)?;
        Ok(Made::bytes(report.into_bytes(), Target::Stdout))
    }
}

/// The searcher of a game that has one.
fn searcher(game: &dyn Game) -> &'static dyn Searcher {
    games::searcher(game).expect("a game chosen for its searcher")
}

/// "shoreline or lines-of-action": the games sheetgen searches, from the registry.
fn searched_games(last: &str) -> String {
    joined(searched(|_| true).map(|game| game.name()), last)
}

#[derive(Debug, Args)]
struct AnalyzeArgs {
    /// Record files (YAML, SGF or move text), or folders: every record file in them
    #[arg(value_name = "FILE|DIR", value_hint = ValueHint::AnyPath, required = true)]
    records: Vec<PathBuf>,

    /// Which game of the file, counting from 1 [default: Shoreline the first, Lines of
    /// Action every game]
    #[arg(long, value_name = "K", value_parser = crate::options::counted_from_one)]
    game: Option<u32>,

    /// Report format: text, or JSON (Lines of Action: one object a position)
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,

    /// Lines of Action: search nodes per position, 1 to 10,000,000, the estimate's and the
    /// proof's together (a budget, not a time, so every machine gives the same review); a
    /// move that leaves a proven win unproven gets a second look of up to 4 times as many,
    /// from the game's budget
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES,
          value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    nodes: u64,

    /// Lines of Action: search nodes for each whole game, second looks included [default:
    /// 200 times --nodes]; positions are reviewed from the end, and those the budget does
    /// not reach are named in the report as not reviewed
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAME_NODES))]
    total_nodes: Option<u64>,

    /// Lines of Action: write the evaluation graph to FILE (.svg, .pdf or .png) instead
    /// of the report; with --format json (or a .json file), the report's JSON lines, which
    /// `render --analysis-from FILE` draws review figures from
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = ValueHint::FilePath)]
    file: Option<PathBuf>,

    /// Resolution of a PNG graph, in dots per inch (36 to 1200)
    #[arg(long, value_name = "DPI", default_value_t = sheetgen_core::backend::format::DEFAULT_DPI,
          value_parser = clap::value_parser!(u32).range(36..=1200))]
    dpi: u32,

    /// The graph's width, with a unit: mm, cm, in or pt (e.g. 120mm); the height follows
    #[arg(long, value_name = "LENGTH", value_parser = crate::options::parse_width,
          requires = "file")]
    width: Option<sheetgen_core::backend::Length>,

    /// The graph's colours: color (default), print (greys only), colorblind, or a theme
    /// file (see templates/theme.yaml)
    #[arg(long, value_name = "THEME", value_hint = ValueHint::FilePath, requires = "file")]
    theme: Option<PathBuf>,

    /// Language of the graph's words (its scale, key and description) [default: en]; the
    /// report itself is written in English
    #[arg(long, value_parser = crate::options::lang(), requires = "file")]
    lang: Option<sheetgen_core::words::Lang>,
}

/// The most `--total-nodes`: a thousand positions' worth of the most a position takes.
const MAX_GAME_NODES: u64 = 1_000 * MAX_NODES;

struct AnalyzeJob {
    args: AnalyzeArgs,
    graph: Option<Output>,
    /// Where the report goes: standard output, or `-o FILE` for JSON lines.
    report: Target,
    budget: Budget,
}

/// `-o FILE` of a JSON report: with `--format json`, or a `.json` or `.jsonl` file (which
/// asks for JSON). A graph's extension with `--format json` is refused: which is meant?
fn json_report_file(args: &AnalyzeArgs) -> Result<Option<PathBuf>, Error> {
    let Some(file) = &args.file else {
        return Ok(None);
    };
    let extension = file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let named_json = matches!(extension.as_deref(), Some("json" | "jsonl"));
    if !named_json && args.format != ReportArg::Json {
        return Ok(None);
    }
    let shown = shown_path(file);
    let graph = extension
        .as_deref()
        .and_then(|e| sheetgen_core::backend::Format::of_extension(e, args.dpi));
    if graph.is_some() {
        return Err(Error::Usage(
            sheetgen_core::vocabulary::Phrase::new(
                "-o {file} names a graph, and --format json writes the report's JSON lines: \
                 name the file .json, or leave out --format json to draw the graph",
            )
            .with("file", shown),
        ));
    }
    let drawn = [
        (args.width.is_some(), "--width"),
        (args.theme.is_some(), "--theme"),
        (args.lang.is_some(), "--lang"),
    ];
    if let Some((_, option)) = drawn.iter().find(|(given, _)| *given) {
        return Err(Error::Usage(
            sheetgen_core::vocabulary::Phrase::new(
                "{option} is the evaluation graph's, and -o {file} writes the report's JSON \
                 lines: leave out {option}, or name a graph file (.svg, .pdf or .png)",
            )
            .with("option", *option)
            .with("file", shown),
        ));
    }
    Ok(Some(file.clone()))
}

impl AnalyzeJob {
    fn plan(args: AnalyzeArgs) -> Result<Self, Error> {
        let mut budget = Budget::per_position(args.nodes);
        if let Some(total) = args.total_nodes {
            if total < args.nodes {
                return Err(Error::Usage(
                    sheetgen_core::vocabulary::Phrase::new(
                        "--total-nodes {total} is less than one position's --nodes {nodes}: \
                         give at least as many",
                    )
                    .with("total", total)
                    .with("nodes", args.nodes),
                ));
            }
            budget.game = total;
        }
        let json_file = json_report_file(&args)?;
        let report = crate::options::target(json_file.as_deref());
        let graph = match &args.file {
            None => None,
            Some(_) if json_file.is_some() => None,
            Some(file) => Some(Output {
                width: args.width,
                ..OutputArgs {
                    file: Some(file.clone()),
                    format: None,
                    dpi: args.dpi,
                    font: None,
                }
                .output()?
            }),
        };
        let mut args = args;
        if json_file.is_some() {
            args.format = ReportArg::Json;
        }
        Ok(Self {
            args,
            graph,
            report,
            budget,
        })
    }
}

impl Job for AnalyzeJob {
    fn inputs(&self) -> Vec<&Path> {
        let theme_file = self.args.theme.iter().filter(|t| !Theme::is_built_in(t));
        self.args
            .records
            .iter()
            .chain(theme_file)
            .map(PathBuf::as_path)
            .collect()
    }

    fn words(&self) -> sheetgen_core::words::Words {
        sheetgen_core::words::Words::new(self.args.lang.unwrap_or_default())
    }

    fn output(&self) -> Option<&Output> {
        self.graph.as_ref()
    }

    fn written(&self) -> Option<&Target> {
        match &self.graph {
            Some(graph) => Some(&graph.target),
            None => Some(&self.report),
        }
    }

    /// Each record file weighed in turn, as `check` reads them: a file that cannot be
    /// weighed is named with the reason, and the others are.
    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let walk = records.files(&self.args.records);
        let others = walk.others_line();
        if let [path] = walk.files.as_slice() {
            let mut made = self.analyze(path, (records, font))?;
            made.notes.extend(walk.notes);
            made.notes.extend(others);
            return Ok(made);
        }
        if self.graph.is_some() {
            return Err(Error::Usage(
                sheetgen_core::vocabulary::Phrase::new(
                    "-o draws the evaluation graph of one record file's games, and these are \
                     {files}: give one file",
                )
                .phrase(
                    "files",
                    sheetgen_core::vocabulary::Phrase::counted(
                        walk.files.len(),
                        "1 file",
                        "{n} files",
                    ),
                ),
            ));
        }
        let mut reports = Vec::new();
        let mut problems = Vec::new();
        for path in &walk.files {
            let shown = shown_path(path);
            match self.analyze(path, (records, font)) {
                Ok(Made {
                    product: Product::Bytes(report, _),
                    ..
                }) => reports.push(match self.args.format {
                    ReportArg::Json => String::from_utf8_lossy(&report).into_owned(),
                    ReportArg::Text => format!("{shown}:\n{}", String::from_utf8_lossy(&report)),
                }),
                Ok(_) => unreachable!("a report without -o"),
                Err(error) => problems.push(Problem {
                    heading: format!("skipped {shown}:"),
                    error: walk.explain(path, error),
                }),
            }
        }
        for folder in &walk.cut {
            problems.push(Problem {
                heading: format!("{}:", shown_path(folder)),
                error: crate::folders::cut_error(folder),
            });
        }
        if reports.is_empty() {
            return Err(Error::NothingLeft {
                problems,
                message: "no record file could be weighed".into(),
            });
        }
        let separator = if self.args.format == ReportArg::Text {
            "\n"
        } else {
            ""
        };
        let mut made = Made::bytes(reports.join(separator).into_bytes(), self.report.clone());
        made.status = problems
            .iter()
            .map(|p| p.error.status())
            .max()
            .unwrap_or_default();
        made.problems = problems;
        made.notes.extend(walk.notes);
        made.notes.extend(others);
        Ok(made)
    }
}

impl AnalyzeJob {
    /// One record file's games weighed: the report, or with `-o` the evaluation graph.
    fn analyze(
        &self,
        path: &Path,
        (records, font): (&dyn Records, &std::sync::Arc<sheetgen_core::font::Font>),
    ) -> Result<Made, Error> {
        let args = &self.args;
        let shown = shown_path(path);
        if path.is_dir() {
            return Err(Error::Usage(
                sheetgen_core::vocabulary::Phrase::new("{file}: the folder holds no record file")
                    .with("file", &shown),
            ));
        }
        let entries = records.load(path, font)?;
        let json = args.format == ReportArg::Json;
        // A game whose searcher reviews every game of a file at once takes the file whole.
        let every = entries
            .iter()
            .filter_map(|e| e.name.and_then(games::find))
            .find(|game| games::searcher(*game).is_some_and(|s| s.reviews_every_game()));
        let (game, records): (&dyn Game, Vec<Numbered>) = match every {
            Some(game) => {
                let mut chosen = Vec::new();
                for entry in entries {
                    if args.game.is_some_and(|k| k as usize != entry.index) {
                        continue;
                    }
                    let record = entry.game.map_err(Error::Invalid)?;
                    if record.game().name() != game.name() {
                        return Err(Error::Usage(
                            sheetgen_core::vocabulary::Phrase::new(
                                "{file} #{index}: analyze takes one game's records at a time",
                            )
                            .with("file", &shown)
                            .with("index", entry.index),
                        ));
                    }
                    chosen.push((entry.index, record));
                }
                if chosen.is_empty() {
                    return Err(Error::Usage(
                        sheetgen_core::vocabulary::Phrase::new(
                            "--game {k}: {file} holds fewer games",
                        )
                        .with("k", args.game.unwrap_or(1))
                        .with("file", &shown),
                    ));
                }
                (game, chosen)
            }
            None => {
                let k = args.game.unwrap_or(1) as usize;
                let record = games::nth(entries, k, |held| {
                    sheetgen_core::vocabulary::Phrase::new("--game {k}: {file} holds {games}")
                        .with("k", k)
                        .with("file", &shown)
                        .phrase("games", held)
                })?;
                let game = record.game();
                if games::searcher(game).is_none() {
                    return Err(Error::Usage(
                        sheetgen_core::vocabulary::Phrase::new(
                            "{file}: analyze weighs {games} games; this is a {game} game",
                        )
                        .with("file", &shown)
                        .with("games", searched_titles())
                        .with("game", game.title()),
                    ));
                }
                (game, vec![(k, record)])
            }
        };
        let searcher = searcher(game);
        let records: Vec<(usize, &dyn GameRecord)> =
            records.iter().map(|(k, r)| (*k, &**r)).collect();
        match &self.graph {
            Some(output) => self.graph(searcher, &records, font, output),
            None => {
                let report = searcher.analyze(&records, self.budget, json)?;
                Ok(Made::bytes(report.into_bytes(), self.report.clone()))
            }
        }
    }
}

impl AnalyzeJob {
    /// `-o`: the evaluation graph of `records`, in `--lang`'s words and `--theme`'s colours
    /// (`--width` is the output's).
    fn graph(
        &self,
        searcher: &dyn Searcher,
        records: &[(usize, &dyn GameRecord)],
        font: &std::sync::Arc<sheetgen_core::font::Font>,
        output: &Output,
    ) -> Result<Made, Error> {
        let words = self.words();
        let graph = searcher.graph(records, self.budget, (font, &words));
        let mut graph = graph.ok_or_else(|| {
            Error::Usage(
                sheetgen_core::vocabulary::Phrase::new(
                    "-o: the evaluation graph is drawn for {games} games; leave -o out for the \
                     report",
                )
                .with("games", titles(|searcher| searcher.draws_graph())),
            )
        })?;
        // The theme as `render --theme` applies it, page by page.
        let theme = match &self.args.theme {
            Some(theme) => Theme::named_or_file(theme)?,
            None => Theme::color(),
        };
        for page in &mut graph.pages {
            theme.apply(page);
        }
        let mut made = Made::drawing(graph, output);
        made.notes.extend(words.untranslated());
        Ok(made)
    }
}

/// A game of a record file, with its place in the file (from 1).
type Numbered = (usize, Box<dyn GameRecord>);

/// "Shoreline and Lines of Action": the games sheetgen weighs, from the registry.
fn searched_titles() -> String {
    titles(|_| true)
}

/// The titles of the games whose searcher is `with`, from the registry.
fn titles(with: fn(&'static dyn Searcher) -> bool) -> String {
    joined(searched(with).map(|game| game.title()), "and")
}

/// The registry's games whose searcher is `with`.
fn searched(with: fn(&'static dyn Searcher) -> bool) -> impl Iterator<Item = &'static dyn Game> {
    games::GAMES
        .iter()
        .copied()
        .filter(move |game| games::searcher(*game).is_some_and(with))
}

/// "a, b and c".
fn joined<'a>(words: impl Iterator<Item = &'a str>, last: &str) -> String {
    let words: Vec<&str> = words.collect();
    match words.split_last() {
        Some((end, [])) => end.to_string(),
        Some((end, rest)) => format!("{} {last} {end}", rest.join(", ")),
        None => String::new(),
    }
}
