//! The command line's arguments: clap's derive structs for the commands every game shares,
//! and the whole command built from them and from the games' own commands and diagram
//! options (the registry).

use std::path::PathBuf;

use clap::{Arg, ArgAction, Args, CommandFactory, Parser, Subcommand, ValueHint};

use crate::options::{OutputArgs, PageArgs, ReportArg, counted_from_one};
use sheetgen_core::games;
use sheetgen_core::vocabulary::MoveRef;

#[derive(Debug, Parser)]
#[command(
    name = "sheetgen",
    version,
    about = "Printable game sheets and scored diagrams for Shoreline, Towers and Lines of Action",
    after_help = "Examples:\n  sheetgen shoreline --boards 4 > sheet.pdf\n  sheetgen check examples\n  sheetgen render examples/shoreline-draw.yaml -o game.svg\n\nExit codes: 0 done, 1 an input is invalid, 2 the command could not do its work.",
    subcommand_required = true,
    arg_required_else_help = true
)]
/// The top of the command line; its commands are added by [`command`].
pub struct Cli {
    /// The language sheetgen writes in, for every command that writes words: en, de, fr or
    /// zh [default: en]; a command's own --lang comes first
    #[arg(long, value_parser = crate::options::lang())]
    pub lang: Option<sheetgen_core::words::Lang>,
}

/// The commands every game shares; each game adds its own (see [`crate::commands`]).
/// Parsed from the matches here; their help and options are listed in [`SHARED`].
#[derive(Debug, Subcommand)]
pub enum Command {
    Check(CheckArgs),
    Render(RenderArgs),
    Booklet(BookletArgs),
    Rules(RulesArgs),
    Completions(CompletionsArgs),
    Man,
    Template(TemplateArgs),
}

/// What adds a command's options to it.
type AddArgs = fn(clap::Command) -> clap::Command;

/// The shared commands as they are listed: name, help line, and what adds their options.
const SHARED: [(&str, &str, AddArgs); 7] = [
    (
        "check",
        "Check game records against the rules: one report per game",
        CheckArgs::augment_args,
    ),
    (
        "render",
        "Draw a game's score diagram, or its replay page (--format html)",
        render_args,
    ),
    (
        "booklet",
        "A club's bulletin on A4 or Letter pages: title and date, the results (a crosstable \
         when every pair met), each game's heading, numbered move list with its comments and \
         diagrams, page numbers, contents past eight games; or one game as a diagram every N \
         moves; with --format html, one replay page of all the games",
        BookletArgs::augment_args,
    ),
    (
        "rules",
        "Print a game's rules, with every ruling the checks cite (from docs/rules/)",
        RulesArgs::augment_args,
    ),
    (
        "completions",
        "Print a shell completion script: sheetgen completions bash > \
         ~/.local/share/bash-completion/completions/sheetgen",
        CompletionsArgs::augment_args,
    ),
    (
        "man",
        "Print the manual page (roff): sheetgen man > sheetgen.1; man ./sheetgen.1",
        |man| man,
    ),
    (
        "template",
        "Print a game's built-in sheet template, with its comments, to copy and edit \
         (`sheetgen template towers > club.yaml`, then `sheetgen towers --template club.yaml`)",
        TemplateArgs::augment_args,
    ),
];

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The game: shoreline, towers or lines-of-action (loa)
    #[arg(value_name = "GAME", value_parser = game(), ignore_case = true)]
    pub game: String,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete sheetgen's commands and options in
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct TemplateArgs {
    /// The game whose sheet template to print
    #[arg(value_name = "GAME", value_parser = game_names())]
    pub game: String,

    /// The template with its texts in this language [default: en]
    #[arg(long, value_parser = crate::options::lang())]
    pub lang: Option<games::template::Lang>,
}

/// A game by its name or alias, as the registry names it (`loa` → `lines-of-action`); the
/// names are offered to shell completion.
fn game() -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(game_names()).map(|name| {
        let game = games::find(&name).expect("one of the registry's names");
        game.name().to_string()
    })
}

/// Every game's name and aliases, from the registry.
fn game_names() -> Vec<&'static str> {
    games::GAMES
        .iter()
        .flat_map(|g| std::iter::once(g.name()).chain(g.aliases().iter().copied()))
        .collect()
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Record files (YAML, one or more games each), or folders: every *.yaml and *.yml file
    /// in them, in sorted order
    #[arg(value_name = "FILE|DIR", required_unless_present = "position", value_hint = ValueHint::AnyPath)]
    pub files: Vec<PathBuf>,

    /// The language of the rules broken in the report: en, de, fr or zh [default: en]
    #[arg(long, value_parser = crate::options::lang())]
    pub lang: Option<sheetgen_core::words::Lang>,

    #[command(flatten)]
    pub position: PositionArgs,

    /// Report format: text, or one JSON object per game and line
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    pub format: ReportArg,
}

// A position instead of a record file: `--game G --position TEXT` (a plain comment: clap
// would take a doc comment for the commands' own description).
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The game of --position: shoreline, towers or lines-of-action (loa)
    #[arg(long, value_name = "GAME", value_parser = game(), ignore_case = true)]
    pub game: Option<String>,

    /// A position in the game's notation (see `sheetgen rules GAME`) instead of a record
    /// file, with --game: e.g. --game loa --position "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
}

/// `render --game`: which game of the file, or the game of a `--position`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameArg {
    Index(u32),
    Named(String),
}

fn game_arg(value: &str) -> Result<GameArg, String> {
    if value.starts_with(|c: char| c.is_ascii_digit()) {
        return counted_from_one(value).map(GameArg::Index);
    }
    game_name(value).map(GameArg::Named).map_err(|known| {
        format!("a number (the file's K-th game), or with --position a game: {known}")
    })
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Record file (YAML)
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub record: Option<PathBuf>,

    /// Which game of the file, counting from 1 [default: 1]; with --position, the game:
    /// shoreline, towers or lines-of-action (loa)
    #[arg(long, value_name = "K|GAME", value_parser = game_arg)]
    pub game: Option<GameArg>,

    /// A position in the game's notation (see `sheetgen rules GAME`) instead of a record
    /// file, with --game: e.g. --game loa --position "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,

    /// Draw the position after N moves and mark the last move. N counts half-moves (each
    /// player's move is one; Towers counts turns; 0 is the start), or names a numbered move
    /// as move lists write them: 6. (the first player's 6th move, so 11) or 6... (the
    /// second player's 6th, so 12); Towers numbers each turn, so 6. is turn 6. A replay page
    /// (--format html) opens there
    #[arg(long, value_name = "N", value_parser = crate::options::move_ref)]
    pub at: Option<MoveRef>,

    /// Draw the record's K-th entry of `diagrams` (its move, caption and figures)
    #[arg(long, value_name = "K", value_parser = counted_from_one)]
    pub diagram: Option<u32>,

    /// An arrow between two squares, e.g. b1:b3 (repeatable)
    #[arg(long, value_name = "FROM:TO")]
    pub arrow: Vec<String>,

    /// A mark on a square: triangle, circle, cross or square, e.g. c3:triangle (repeatable)
    #[arg(long, value_name = "SQ:SHAPE")]
    pub mark: Vec<String>,

    /// A label of up to 3 characters on a square, e.g. a1:A (repeatable)
    #[arg(long, value_name = "SQ:TEXT")]
    pub label: Vec<String>,

    /// Highlight a square (repeatable)
    #[arg(long, value_name = "SQ")]
    pub highlight: Vec<String>,

    /// A caption under the diagram (replaces the record diagram's own)
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,

    /// Colours: color (default), print (greys only), colorblind, or a theme file (see
    /// templates/theme.yaml)
    #[arg(long, value_name = "THEME", default_value = "color", value_hint = ValueHint::FilePath)]
    pub theme: PathBuf,

    /// A CSS stylesheet to embed in the SVG, for a rulebook's own styles
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub css: Option<PathBuf>,

    /// Lines of Action: draw the review figure (--analysis) from the review `sheetgen
    /// analyze RECORD --format json -o FILE` wrote, without searching again; it must be
    /// this game's review
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub analysis_from: Option<PathBuf>,

    /// The whole figure's width, with a unit: mm, cm, in or pt (e.g. 60mm, 2.5in); the
    /// height follows. Sets the SVG's width and height, the PDF page, the PNG's pixels
    #[arg(long, value_name = "LENGTH", value_parser = crate::options::parse_width)]
    pub width: Option<sheetgen_core::backend::Length>,

    /// Draw every text at least this large where the figure prints (at --width, if given),
    /// e.g. 7pt or 2.5mm: labels and coordinates grow and the layout makes room
    #[arg(long, value_name = "LENGTH", value_parser = crate::options::parse_text_size)]
    pub text_size: Option<f64>,
    /// Draw every text this many times its usual size (0.5 to 20), the layout making room:
    /// a replay page's boards are drawn at the scale its data-text-scale says
    #[arg(long, value_name = "X", value_parser = crate::options::parse_text_scale, conflicts_with = "text_size")]
    pub text_scale: Option<f64>,
    /// The board, its coordinates and the annotations only: no title, players, legend,
    /// score text or caption, for books that set their own captions
    #[arg(long)]
    pub bare: bool,

    /// With --bare, keep the key to the board's symbols and the annotations under the board
    #[arg(long, requires = "bare")]
    pub legend: bool,

    /// Language of the words sheetgen draws (legends, outcome lines, table headers)
    /// [default: en]; the record's own titles and captions are drawn as written
    #[arg(long, value_parser = crate::options::lang())]
    pub lang: Option<sheetgen_core::words::Lang>,

    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct BookletArgs {
    /// Record files; invalid games are reported and left out
    #[arg(value_name = "FILE", required_unless_present = "position", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub position: PositionArgs,

    /// The bulletin's title, on its first page and as the PDF's title [default: the games'
    /// events, else their games' names]
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// The bulletin's date, under its title [default: the games' dates, first to last]
    #[arg(long, value_name = "TEXT")]
    pub date: Option<String>,

    /// How large diagrams are drawn: as many as N would fill a page (each game's heading
    /// and move list take room too)
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    pub per_page: String,

    /// One diagram every N half-moves (each player's move is one; turns for Towers) of each
    /// game, the moves between listed under each in numbered pairs (12. f1-d3 c4-e6)
    #[arg(long, value_name = "N", value_parser = counted_from_one)]
    pub every: Option<u32>,

    /// Colours: color (default), print, colorblind, or a theme file
    #[arg(long, value_name = "THEME", default_value = "color", value_hint = ValueHint::FilePath)]
    pub theme: PathBuf,

    /// Language of the words sheetgen writes (captions, outcomes, legends) [default: en];
    /// the records' own titles and captions are printed as written
    #[arg(long, value_parser = crate::options::lang())]
    pub lang: Option<sheetgen_core::words::Lang>,

    /// Print every text at least this large, e.g. 8pt or 3mm [default: 7pt]; booklets
    /// refuse a page layout where it cannot be
    #[arg(long, value_name = "LENGTH", value_parser = crate::options::parse_text_size)]
    pub text_size: Option<f64>,

    /// After the diagrams, a review page for each Lines of Action game: its evaluation
    /// graph, its turning point and next costly move as `render --analysis` draws them
    #[arg(long)]
    pub analysis: bool,

    /// Search nodes a position for --analysis, the estimate's and the proof's together, and
    /// 200 times as many for a whole game (a budget, not a time, so every machine prints the
    /// same booklet)
    #[arg(long, value_name = "N", requires = "analysis",
          default_value_t = sheetgen_core::games::search::DEFAULT_NODES,
          value_parser = clap::value_parser!(u64).range(1..=sheetgen_core::games::search::MAX_NODES))]
    pub nodes: u64,

    #[command(flatten)]
    pub page: PageArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// The whole command line: the shared commands, each game's own, and the games' diagram
/// options on `render`. A command's options are added only when clap needs them (the
/// command runs, or help, completions or the manual page show it): building every
/// command's options took a tenth of a one-diagram run.
pub fn command() -> clap::Command {
    let mut command = Cli::command();
    for (name, about, args) in SHARED {
        command = command.subcommand(clap::Command::new(name).about(about).defer(args));
    }
    for game_command in crate::commands::all() {
        command = command.subcommand(game_command.command());
    }
    command
}

/// `render`'s options: its own, then the games' diagram options.
fn render_args(render: clap::Command) -> clap::Command {
    let mut render = RenderArgs::augment_args(render);
    for option in games::all_diagram_options() {
        let arg = Arg::new(option.name).long(option.name).help(option.help);
        render = render.arg(match option.value {
            None => arg.action(ArgAction::SetTrue),
            Some(value) => arg.value_name(value).action(ArgAction::Append),
        });
    }
    render
}

/// A game's name or alias, as `sheetgen rules` takes it.
fn game_name(value: &str) -> Result<String, String> {
    games::find(value)
        .map(|game| game.name().to_string())
        .ok_or_else(|| format!("sheetgen knows {}", games::names()))
}
