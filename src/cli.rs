//! The command line: clap arguments become plain option values, then one library call.
//! Nothing here draws or knows a rule.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::backend::{self, Format};
use crate::check::{self, ReportFormat};
use crate::error::Error;
use crate::games::{Game, RenderOptions, shoreline};
use crate::output::{self, Target};
use crate::page::{PageSetup, Paper};
use crate::record;

#[derive(Debug, Parser)]
#[command(
    name = "sheetgen",
    version,
    about = "Printable game sheets and scored diagrams for Shoreline, Towers and Lines of Action",
    after_help = "Examples:\n  sheetgen shoreline --boards 4 > sheet.pdf\n  sheetgen check games/*.yaml\n  sheetgen render game.yaml -o game.svg\n\nExit codes: 0 done, 1 an input is invalid, 2 the command could not do its work."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// A Shoreline (岸棋) play sheet: boards to play on with score boxes, empty or filled
    /// from game records
    Shoreline(ShorelineArgs),
    /// A Lines of Action board with the start position, or a move-record scoresheet
    Loa(LoaArgs),
    /// A Towers play sheet: the rhombus board and a scoring table
    Towers(TowersArgs),
    /// Check game records against the rules: one report per game
    Check(CheckArgs),
    /// Draw a game's score diagram
    Render(RenderArgs),
    /// Turn a Lines of Action game in move text or SGF (GM[9]) into a checked YAML record
    Import(ImportArgs),
    /// Many diagrams on A4 or Letter pages with captions and page numbers, or one game as a
    /// diagram every N moves
    Booklet(BookletArgs),
    /// Solve a game exactly: the value of the empty board under perfect play
    Solve(SolveArgs),
    /// Weigh every move of a Shoreline game against perfect play
    Analyze(AnalyzeArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// The game to solve (only Shoreline is small enough)
    #[arg(value_parser = ["shoreline"])]
    game: String,

    /// Report format: text, or one JSON object per scoring option and first player
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,
}

#[derive(Debug, Args)]
struct AnalyzeArgs {
    /// Record file (YAML)
    #[arg(value_name = "FILE")]
    record: String,

    /// Which game of the file, counting from 1
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,

    /// Report format: text, or one JSON object
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,
}

#[derive(Debug, Args)]
struct BookletArgs {
    /// Record files; invalid games are reported and left out
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Diagrams per page
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    per_page: String,

    /// One diagram every N moves (turns for Towers) of each game, the moves between listed
    /// under each
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    every: Option<u32>,

    /// Colours: color (default), print, colorblind, or a theme file
    #[arg(long, value_name = "THEME", default_value = "color")]
    theme: String,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// Move text (`1. b1-b3 h3-e3 2. b3xe3 …`) or an SGF file
    #[arg(value_name = "FILE")]
    source: String,

    /// Write the record to FILE instead of standard output
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    file: Option<String>,
}

#[derive(Debug, Args)]
struct LoaArgs {
    /// Board size, 5 to 12 (ruling L1)
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u8).range(5..=12))]
    size: u8,

    /// Start position (ruling L1)
    #[arg(long, value_enum, default_value_t = SetupArg::Standard)]
    setup: SetupArg,

    /// Obstructed squares, comma-separated (ruling L2), e.g. c3,d4
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    obstructions: Vec<String>,

    /// Draw the board without the start position
    #[arg(long)]
    empty: bool,

    /// A move-record scoresheet instead of the board
    #[arg(long)]
    scoresheet: bool,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Args)]
struct TowersArgs {
    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SetupArg {
    Standard,
    ScrambledEggs,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Record files (YAML, one or more games each)
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Report format: text, or one JSON object per game and line
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// Record file (YAML)
    #[arg(value_name = "FILE")]
    record: String,

    /// Which game of the file, counting from 1
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,

    /// Draw the position after N moves (0 is the empty board) and mark the last move
    #[arg(long, value_name = "N")]
    at: Option<usize>,

    /// Write the placement order on the stones (Shoreline)
    #[arg(long)]
    numbers: bool,

    /// Weigh every move against perfect play and mark the costly ones (Shoreline)
    #[arg(long)]
    analysis: bool,

    /// A rulebook figure for a Lines of Action piece: lines:SQ writes its four line counts,
    /// moves:SQ draws its moves and the directions it cannot use (repeatable)
    #[arg(long, value_name = "WHAT:SQ")]
    show: Vec<String>,

    /// Draw the record's K-th entry of `diagrams` (its move, caption and figures)
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    diagram: Option<u32>,

    /// An arrow between two squares, e.g. b1:b3 (repeatable)
    #[arg(long, value_name = "FROM:TO")]
    arrow: Vec<String>,

    /// A mark on a square: triangle, circle, cross or square, e.g. c3:triangle (repeatable)
    #[arg(long, value_name = "SQ:SHAPE")]
    mark: Vec<String>,

    /// A label of up to 3 characters on a square, e.g. a1:A (repeatable)
    #[arg(long, value_name = "SQ:TEXT")]
    label: Vec<String>,

    /// Highlight a square (repeatable)
    #[arg(long, value_name = "SQ")]
    highlight: Vec<String>,

    /// A caption under the diagram (replaces the record diagram's own)
    #[arg(long, value_name = "TEXT")]
    caption: Option<String>,

    /// Colours: color (default), print (greys only), colorblind, or a theme file (see
    /// templates/theme.yaml)
    #[arg(long, value_name = "THEME", default_value = "color")]
    theme: String,

    /// A CSS stylesheet to embed in the SVG, for a rulebook's own styles
    #[arg(long, value_name = "FILE")]
    css: Option<String>,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Args)]
struct ShorelineArgs {
    /// Game records to fill the boards with, in order (finished or not)
    #[arg(value_name = "FILE")]
    files: Vec<String>,

    /// Number of boards on the page, 1 to 9
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=shoreline::MAX_BOARDS as i64))]
    boards: u8,

    /// Who places first on board 1 of a blank sheet; later boards alternate (ruling S3).
    /// Filled boards follow their records' `rules: first` [default: black]
    #[arg(long, value_enum)]
    first: Option<SideArg>,

    /// Print the template's short rules under the boards
    #[arg(long)]
    rules: bool,

    /// A puzzle sheet instead: N positions (1 to 12) with one best move, solutions on page 2
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=12))]
    puzzles: Option<u8>,

    /// Which set of puzzles: the same seed gives the same puzzles
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,

    /// Sheet template (YAML) to use instead of the built-in one; start from a copy of
    /// templates/shoreline.yaml
    #[arg(long, value_name = "FILE")]
    template: Option<String>,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Args)]
struct PageArgs {
    /// Paper size
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    page: PaperArg,

    /// Turn the page sideways
    #[arg(long)]
    landscape: bool,
}

#[derive(Debug, Args)]
struct OutputArgs {
    /// Write to FILE (replaced whole, or left untouched on error); without it, the output
    /// goes to standard output
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    file: Option<String>,

    /// Output format [default: from the -o file's extension, else pdf]
    #[arg(long, value_enum)]
    format: Option<FormatArg>,

    /// Resolution of PNG output, in dots per inch (36 to 1200)
    #[arg(long, value_name = "DPI", default_value_t = 150,
          value_parser = clap::value_parser!(u32).range(36..=1200))]
    dpi: u32,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SideArg {
    Black,
    White,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ReportArg {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormatArg {
    Pdf,
    Svg,
    Png,
}

/// What a command produced and where it goes.
#[derive(Debug)]
pub struct Job {
    pub target: Target,
    pub bytes: Vec<u8>,
    /// Inputs that were skipped, reported on standard error; they make the exit code 1.
    pub skipped: Vec<String>,
}

/// What a command produced.
#[derive(Debug)]
pub enum Outcome {
    /// A file to write.
    Job(Job),
    /// A report for standard output, with its exit code.
    Report(check::Report),
}

/// Runs sheetgen with the process's arguments; the exit code says how it went.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let color =
        |stream_is_terminal: bool| stream_is_terminal && std::env::var_os("NO_COLOR").is_none();
    let result =
        refuse_terminal(&cli).and_then(|()| execute(cli, color(std::io::stdout().is_terminal())));
    let result = result.and_then(|outcome| match outcome {
        Outcome::Job(job) => {
            for problem in &job.skipped {
                eprintln!("{}", problem.trim_end());
            }
            output::write(&job.target, &job.bytes).map(|()| u8::from(!job.skipped.is_empty()))
        }
        Outcome::Report(report) => {
            output::write(&Target::Stdout, report.text.as_bytes()).map(|()| report.exit_code)
        }
    });
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!(
                "{}",
                e.render(color(std::io::stderr().is_terminal())).trim_end()
            );
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs sheetgen in-process on `args` (without the program name) and returns what it would
/// write, without writing it: for tests and the gallery.
pub fn run_args<I, S>(args: I) -> Result<Job, Error>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    match run_args_outcome(args)? {
        Outcome::Job(job) => Ok(job),
        Outcome::Report(_) => Err(Error::Usage(
            "this command writes a report, not a file".into(),
        )),
    }
}

/// Like [`run_args`], for any command.
pub fn run_args_outcome<I, S>(args: I) -> Result<Outcome, Error>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let args = std::iter::once(std::ffi::OsString::from("sheetgen"))
        .chain(args.into_iter().map(Into::into));
    let cli = Cli::try_parse_from(args).map_err(|e| Error::Usage(e.to_string()))?;
    execute(cli, false)
}

/// `-o` naming one of the command's own input files would replace that input with the
/// output: refused before anything is read.
fn refuse_writing_over_an_input(cli: &Cli) -> Result<(), Error> {
    let (output, inputs): (Option<&String>, Vec<&String>) = match &cli.command {
        Command::Shoreline(a) => (
            a.output.file.as_ref(),
            a.files.iter().chain(&a.template).collect(),
        ),
        Command::Render(a) => (
            a.output.file.as_ref(),
            [&a.record, &a.theme].into_iter().chain(&a.css).collect(),
        ),
        Command::Booklet(a) => (
            a.output.file.as_ref(),
            a.files.iter().chain([&a.theme]).collect(),
        ),
        Command::Import(a) => (a.file.as_ref(), vec![&a.source]),
        _ => return Ok(()),
    };
    let Some(output) = output.filter(|o| o.as_str() != "-") else {
        return Ok(());
    };
    let Ok(written) = std::fs::canonicalize(output) else {
        return Ok(()); // a new file is nobody's input
    };
    for input in inputs {
        if std::fs::canonicalize(input).is_ok_and(|read| read == written) {
            return Err(Error::Usage(format!(
                "-o {output} is the input file {input}: sheetgen does not write over its input"
            )));
        }
    }
    Ok(())
}

fn execute(cli: Cli, color: bool) -> Result<Outcome, Error> {
    refuse_writing_over_an_input(&cli)?;
    match cli.command {
        Command::Shoreline(args) => shoreline_sheet(args).map(Outcome::Job),
        Command::Loa(args) => loa_sheet(args).map(Outcome::Job),
        Command::Towers(args) => {
            let (target, format) = destination(&args.output)?;
            let document = crate::games::towers::sheet::play_sheet(page(&args.page));
            let bytes = backend::render(&document, format)?;
            Ok(Outcome::Job(Job {
                target,
                bytes,
                skipped: Vec::new(),
            }))
        }
        Command::Check(args) => {
            let format = match args.format {
                ReportArg::Text => ReportFormat::Text,
                ReportArg::Json => ReportFormat::Json,
            };
            Ok(Outcome::Report(check::check(&args.files, format, color)))
        }
        Command::Render(args) => render(args).map(Outcome::Job),
        Command::Import(args) => import(args).map(Outcome::Job),
        Command::Booklet(args) => booklet(args, color).map(Outcome::Job),
        Command::Solve(args) => Ok(Outcome::Report(check::Report {
            text: shoreline::analysis::solve_report(matches!(args.format, ReportArg::Json)),
            exit_code: 0,
        })),
        Command::Analyze(args) => {
            let game = match pick_game(&args.record, args.game)? {
                Game::Shoreline(game) => game,
                _ => {
                    return Err(Error::Usage(format!(
                        "{}: analyze weighs Shoreline games; this is another game",
                        args.record
                    )));
                }
            };
            Ok(Outcome::Report(check::Report {
                text: shoreline::analysis::analyze_report(
                    &game,
                    matches!(args.format, ReportArg::Json),
                ),
                exit_code: 0,
            }))
        }
    }
}

fn booklet(args: BookletArgs, color: bool) -> Result<Job, Error> {
    let (target, format) = destination(&args.output)?;
    let mut games = Vec::new();
    let mut skipped = Vec::new();
    let mut code = 1;
    for path in &args.files {
        match record::load(path) {
            Ok(entries) => {
                for entry in entries {
                    match entry.game {
                        Ok(game) => games.push((format!("{path} #{}", entry.index), game)),
                        Err(d) => skipped.push(format!(
                            "skipped {path} #{}:\n{}",
                            entry.index,
                            d.render(color)
                        )),
                    }
                }
            }
            Err(e) => {
                code = code.max(e.exit_code());
                skipped.push(format!("skipped {path}:\n{}", e.render(color)));
            }
        }
    }
    if games.is_empty() {
        skipped.push("error: no valid game to put in the booklet".into());
        return Err(Error::Report {
            text: skipped.join("\n"),
            code,
        });
    }
    let options = crate::booklet::BookletOptions {
        page: page(&args.page),
        per_page: args.per_page.parse().expect("clap allows 1, 2, 4 or 6"),
        every: args.every.map(|n| n as usize),
        theme: crate::theme::Theme::named_or_file(&args.theme)?,
    };
    let document = crate::booklet::booklet(&games, &options)?;
    let bytes = backend::render(&document, format)?;
    Ok(Job {
        target,
        bytes,
        skipped,
    })
}

fn import(args: ImportArgs) -> Result<Job, Error> {
    let source = crate::input::SourceFile::read(&args.source).map_err(|e| match e {
        Error::Config(d) => Error::Invalid(d),
        other => other,
    })?;
    let yaml = crate::games::loa::import::import(&source).map_err(Error::Invalid)?;
    let target = match args.file {
        Some(file) if file != "-" => Target::File(file),
        _ => Target::Stdout,
    };
    Ok(Job {
        target,
        bytes: yaml.into_bytes(),
        skipped: Vec::new(),
    })
}

fn shoreline_sheet(args: ShorelineArgs) -> Result<Job, Error> {
    let (target, format) = destination(&args.output)?;
    if let Some(count) = args.puzzles {
        if !args.files.is_empty() {
            return Err(Error::Usage(
                "--puzzles makes its own positions; leave out the record files".into(),
            ));
        }
        let puzzles = shoreline::puzzles::find(usize::from(count), args.seed);
        let document = shoreline::puzzles::sheet(&puzzles, args.seed, page(&args.page));
        let bytes = backend::render(&document, format)?;
        return Ok(Job {
            target,
            bytes,
            skipped: Vec::new(),
        });
    }
    let template = match &args.template {
        Some(path) => shoreline::Template::load(path)?,
        None => shoreline::Template::builtin(),
    };
    if args.first.is_some() && !args.files.is_empty() {
        return Err(Error::Usage(
            "--first is for blank sheets: each record says who placed first (`rules: first`), \
             and blank boards after the games go on alternating"
                .into(),
        ));
    }
    let mut games = Vec::new();
    for path in &args.files {
        for entry in record::load(path)? {
            match entry.game.map_err(Error::Invalid)? {
                Game::Shoreline(game) => {
                    game.about.check_text().map_err(Error::Invalid)?;
                    games.push(game);
                }
                _ => {
                    return Err(Error::Usage(format!(
                        "{path} #{}: a Shoreline sheet takes Shoreline games only",
                        entry.index
                    )));
                }
            }
        }
    }
    let options = shoreline::SheetOptions {
        boards: usize::from(args.boards),
        page: page(&args.page),
        first: match args.first {
            None | Some(SideArg::Black) => shoreline::Side::Black,
            Some(SideArg::White) => shoreline::Side::White,
        },
        rules: args.rules,
        template,
        games,
    };
    let document = shoreline::sheet(&options)?;
    let bytes = backend::render(&document, format)?;
    Ok(Job {
        target,
        bytes,
        skipped: Vec::new(),
    })
}

fn loa_sheet(args: LoaArgs) -> Result<Job, Error> {
    use crate::games::loa::{game::Rules, rules::Setup, sheet};
    let (target, format) = destination(&args.output)?;
    let mut rules = Rules {
        size: usize::from(args.size),
        setup: match args.setup {
            SetupArg::Standard => Setup::Standard,
            SetupArg::ScrambledEggs => Setup::ScrambledEggs,
        },
        ..Rules::default()
    };
    for name in &args.obstructions {
        let square = crate::games::loa::game::check_obstruction(name, &rules)
            .map_err(|e| Error::Usage(format!("--obstructions: {e}")))?;
        rules.obstructions.push(square);
    }
    let page = page(&args.page);
    let document = if args.scoresheet {
        sheet::scoresheet(page, &rules)
    } else {
        sheet::board_sheet(&sheet::SheetOptions {
            page,
            rules,
            empty: args.empty,
        })
    };
    let bytes = backend::render(&document, format)?;
    Ok(Job {
        target,
        bytes,
        skipped: Vec::new(),
    })
}

fn render(args: RenderArgs) -> Result<Job, Error> {
    let (target, format) = destination(&args.output)?;
    let game = pick_game(&args.record, args.game)?;
    let options = RenderOptions {
        at: args.at,
        numbers: args.numbers,
        show: args.show.clone(),
        diagram: args.diagram.map(|k| k as usize),
        annotations: annotations(&args)?,
        analysis: args.analysis,
        caption: args.caption.clone(),
        omit_caption: false,
    };
    let mut document = game.diagram(&options)?;
    let theme = crate::theme::Theme::named_or_file(&args.theme)?;
    let css = match &args.css {
        Some(path) => Some(crate::input::SourceFile::read(path)?.text.to_string()),
        None => None,
    };
    for page in &mut document.pages {
        theme.apply(page);
        page.css.clone_from(&css);
    }
    let bytes = backend::render(&document, format)?;
    Ok(Job {
        target,
        bytes,
        skipped: Vec::new(),
    })
}

/// The `--arrow`, `--mark`, `--label` and `--highlight` options as annotations.
fn annotations(args: &RenderArgs) -> Result<crate::annotate::Annotations, Error> {
    let pair = |option: &str, value: &str| {
        let example = match option {
            "arrow" => "b1:b3",
            "mark" => "c3:triangle",
            _ => "a1:A",
        };
        match value.split_once(':') {
            Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                Ok((a.into(), b.into()))
            }
            _ => Err(Error::Usage(format!(
                "--{option} {value}: write two parts joined by a colon, like {example}"
            ))),
        }
    };
    Ok(crate::annotate::Annotations {
        arrows: args
            .arrow
            .iter()
            .map(|v| pair("arrow", v))
            .collect::<Result<_, _>>()?,
        marks: args
            .mark
            .iter()
            .map(|v| pair("mark", v))
            .collect::<Result<_, _>>()?,
        labels: args
            .label
            .iter()
            .map(|v| pair("label", v))
            .collect::<Result<_, _>>()?,
        highlight: args.highlight.iter().map(|v| v.as_str().into()).collect(),
    })
}

/// The `k`-th game (from 1) of a record file.
fn pick_game(path: &str, k: u32) -> Result<Game, Error> {
    let entries = record::load(path)?;
    let count = entries.len();
    let wanted = k as usize;
    let entry = entries.into_iter().nth(wanted - 1).ok_or_else(|| {
        Error::Usage(format!(
            "--game {wanted}: {path} holds {count} game{}",
            if count == 1 { "" } else { "s" }
        ))
    })?;
    entry.game.map_err(Error::Invalid)
}

/// A PDF is binary: refuse to pour it into a terminal.
fn refuse_terminal(cli: &Cli) -> Result<(), Error> {
    let output = match &cli.command {
        Command::Shoreline(args) => &args.output,
        Command::Loa(args) => &args.output,
        Command::Towers(args) => &args.output,
        Command::Render(args) => &args.output,
        Command::Booklet(args) => &args.output,
        Command::Check(_) | Command::Import(_) | Command::Solve(_) | Command::Analyze(_) => {
            return Ok(());
        }
    };
    let (target, format) = destination(output)?;
    check_terminal(&target, format, std::io::stdout().is_terminal())
}

fn check_terminal(target: &Target, format: Format, stdout_is_terminal: bool) -> Result<(), Error> {
    if *target == Target::Stdout && format != Format::Svg && stdout_is_terminal {
        return Err(Error::Usage(format!(
            "standard output is a terminal; write the {} with -o FILE or redirect it (> out.{})",
            format.name().to_uppercase(),
            format.name()
        )));
    }
    Ok(())
}

fn page(args: &PageArgs) -> PageSetup {
    PageSetup {
        paper: match args.page {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        landscape: args.landscape,
    }
}

/// The output target and format: `--format` wins, else the file's extension, else PDF.
fn destination(args: &OutputArgs) -> Result<(Target, Format), Error> {
    let from_extension = args.file.as_deref().and_then(|file| {
        let extension = std::path::Path::new(file)
            .extension()?
            .to_str()?
            .to_ascii_lowercase();
        match extension.as_str() {
            "pdf" => Some(Format::Pdf),
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png(args.dpi)),
            _ => None,
        }
    });
    let chosen = args.format.map(|f| match f {
        FormatArg::Pdf => Format::Pdf,
        FormatArg::Svg => Format::Svg,
        FormatArg::Png => Format::Png(args.dpi),
    });
    let format = match (chosen, from_extension) {
        (Some(chosen), Some(ext)) if chosen != ext => {
            return Err(Error::Usage(format!(
                "--format {} does not match the file name {}",
                chosen.name(),
                args.file.as_deref().unwrap_or_default()
            )));
        }
        (Some(format), _) | (None, Some(format)) => format,
        (None, None) => Format::Pdf,
    };
    let target = match &args.file {
        Some(file) if file != "-" => Target::File(file.clone()),
        _ => Target::Stdout,
    };
    Ok((target, format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn a_pdf_is_never_poured_into_a_terminal() {
        let err = check_terminal(&Target::Stdout, Format::Pdf, true).unwrap_err();
        assert!(
            err.to_string().contains("use -o") || err.to_string().contains("-o FILE"),
            "{err}"
        );
        assert_eq!(err.exit_code(), 2);
        assert!(check_terminal(&Target::Stdout, Format::Pdf, false).is_ok());
        assert!(
            check_terminal(&Target::Stdout, Format::Svg, true).is_ok(),
            "SVG is text"
        );
        assert!(check_terminal(&Target::File("a.pdf".into()), Format::Pdf, true).is_ok());
    }

    #[test]
    fn format_comes_from_the_flag_or_the_extension() {
        let args = |file: Option<&str>, format| OutputArgs {
            file: file.map(String::from),
            format,
            dpi: 150,
        };
        assert_eq!(
            destination(&args(None, None)).unwrap(),
            (Target::Stdout, Format::Pdf)
        );
        assert_eq!(
            destination(&args(Some("b.SVG"), None)).unwrap().1,
            Format::Svg
        );
        assert_eq!(
            destination(&args(Some("b.out"), Some(FormatArg::Svg)))
                .unwrap()
                .1,
            Format::Svg
        );
        assert!(destination(&args(Some("b.pdf"), Some(FormatArg::Svg))).is_err());
    }
}
