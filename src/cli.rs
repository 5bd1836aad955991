//! The command line: clap arguments become one checked job (the plan), conflicts refused
//! before any work starts, then one library call ([`crate::run::run`]). The exit code is
//! decided here, in one place, from how the command went. Nothing here draws or knows a
//! rule; the games add their own commands and diagram options from the registry.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Arg, ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueHint};

use crate::annotate::{Annotations, Written};
use crate::backend::Format;
use crate::booklet::BookletJob;
use crate::check::{CheckJob, ReportFormat};
use crate::diagnostic::shown_path;
use crate::diagram::Request;
use crate::error::{Error, Status};
use crate::games::{self, GivenOption, Job};
use crate::job::Output;
use crate::options::{OutputArgs, PageArgs, ReportArg};
use crate::output::{self, Target};
use crate::render::RenderJob;
use crate::run::Finished;
use crate::theme::Theme;

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
struct Cli {}

/// The commands every game shares; each game adds its own (see [`games::Game::commands`]).
/// Parsed from the matches here; their help and options are listed in [`SHARED`].
#[derive(Debug, Subcommand)]
enum Command {
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
    ("render", "Draw a game's score diagram", render_args),
    (
        "booklet",
        "Many diagrams on A4 or Letter pages with captions and page numbers, or one game as a \
         diagram every N moves",
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
struct RulesArgs {
    /// The game: shoreline, towers or lines-of-action (loa)
    #[arg(value_name = "GAME", value_parser = game_name)]
    game: String,
}

#[derive(Debug, Args)]
struct CompletionsArgs {
    /// The shell to complete sheetgen's commands and options in
    #[arg(value_name = "SHELL", value_enum)]
    shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
struct TemplateArgs {
    /// The game whose sheet template to print
    #[arg(value_name = "GAME", value_parser = game_names())]
    game: String,

    /// The template with its texts in this language [default: en]
    #[arg(long, value_enum)]
    lang: Option<games::template::Lang>,
}

/// Every game's name and aliases, from the registry.
fn game_names() -> Vec<&'static str> {
    games::GAMES
        .iter()
        .flat_map(|g| std::iter::once(g.name()).chain(g.aliases().iter().copied()))
        .collect()
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Record files (YAML, one or more games each), or folders: every *.yaml and *.yml file
    /// in them, in sorted order
    #[arg(value_name = "FILE|DIR", required = true, value_hint = ValueHint::AnyPath)]
    files: Vec<PathBuf>,

    /// Report format: text, or one JSON object per game and line
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    format: ReportArg,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// Record file (YAML)
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    record: PathBuf,

    /// Which game of the file, counting from 1
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = counted_from_one)]
    game: u32,

    /// Draw the position after N moves (0 is the empty board) and mark the last move
    #[arg(long, value_name = "N")]
    at: Option<usize>,

    /// Draw the record's K-th entry of `diagrams` (its move, caption and figures)
    #[arg(long, value_name = "K", value_parser = counted_from_one)]
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
    #[arg(long, value_name = "THEME", default_value = "color", value_hint = ValueHint::FilePath)]
    theme: PathBuf,

    /// A CSS stylesheet to embed in the SVG, for a rulebook's own styles
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    css: Option<PathBuf>,

    /// The whole figure's width, with a unit: mm, cm, in or pt (e.g. 60mm, 2.5in); the
    /// height follows. Sets the SVG's width and height, the PDF page, the PNG's pixels
    #[arg(long, value_name = "LENGTH", value_parser = crate::options::parse_width)]
    width: Option<crate::backend::Length>,
    /// The board, its coordinates and the annotations only: no title, players, legend,
    /// score text or caption, for books that set their own captions
    #[arg(long)]
    bare: bool,

    /// Language of the words sheetgen draws (legends, outcome lines, table headers)
    /// [default: en]; the record's own titles and captions are drawn as written
    #[arg(long, value_enum)]
    lang: Option<crate::words::Lang>,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Args)]
struct BookletArgs {
    /// Record files; invalid games are reported and left out
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,

    /// Diagrams per page
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    per_page: String,

    /// One diagram every N moves (turns for Towers) of each game, the moves between listed
    /// under each
    #[arg(long, value_name = "N", value_parser = counted_from_one)]
    every: Option<u32>,

    /// Colours: color (default), print, colorblind, or a theme file
    #[arg(long, value_name = "THEME", default_value = "color", value_hint = ValueHint::FilePath)]
    theme: PathBuf,

    /// Language of the words sheetgen writes (captions, outcomes, legends) [default: en];
    /// the records' own titles and captions are printed as written
    #[arg(long, value_enum)]
    lang: Option<crate::words::Lang>,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

/// The whole command line: the shared commands, each game's own, and the games' diagram
/// options on `render`. A command's options are added only when clap needs them (the
/// command runs, or help, completions or the manual page show it): building every
/// command's options took a tenth of a one-diagram run.
fn command() -> clap::Command {
    let mut command = Cli::command();
    for (name, about, args) in SHARED {
        command = command.subcommand(clap::Command::new(name).about(about).defer(args));
    }
    for game in games::GAMES {
        for game_command in game.commands() {
            command = command.subcommand(game_command.command());
        }
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

/// The command line read into a checked job; `stdout_color` styles reports written to
/// standard output.
fn plan(matches: &clap::ArgMatches, stdout_color: bool) -> Result<Box<dyn Job>, Error> {
    let (name, sub) = matches
        .subcommand()
        .ok_or_else(|| Error::Usage("a command is needed; see sheetgen --help".into()))?;
    for game in games::GAMES {
        for game_command in game.commands() {
            if game_command.name == name {
                return (game_command.plan)(sub);
            }
        }
    }
    Ok(match Command::from_arg_matches(matches)? {
        Command::Check(args) => Box::new(CheckJob {
            files: args.files,
            format: match args.format {
                ReportArg::Text => ReportFormat::Text,
                ReportArg::Json => ReportFormat::Json,
            },
            color: stdout_color,
        }),
        Command::Render(args) => Box::new(render_plan(args, sub)?),
        Command::Rules(args) => Box::new(Print(rules_text(&args.game).into_bytes())),
        Command::Completions(args) => Box::new(Print(completions(args.shell))),
        Command::Man => Box::new(Print(man_page())),
        Command::Booklet(args) => Box::new(BookletJob {
            theme: known_theme(args.theme)?,
            output: args.output.output()?,
            page: args.page.setup(),
            per_page: args.per_page.parse().expect("clap allows 1, 2, 4 or 6"),
            every: args.every.map(|n| n as usize),
            words: crate::words::Words::new(args.lang.unwrap_or_default()),
            files: args.files,
        }),
        Command::Template(args) => {
            let game = games::GAMES
                .iter()
                .find(|g| g.name() == args.game || g.aliases().contains(&args.game.as_str()))
                .expect("clap accepts the registry's names only");
            Box::new(games::template::TemplateJob {
                builtin: game.sheet_template(),
                lang: args.lang.unwrap_or_default(),
            })
        }
    })
}

fn render_plan(args: RenderArgs, matches: &clap::ArgMatches) -> Result<RenderJob, Error> {
    let output = Output {
        width: args.width,
        ..args.output.output()?
    };
    refuse_css_outside_svg(args.css.as_deref(), &output)?;
    let mut options = Vec::new();
    for option in games::all_diagram_options() {
        match option.value {
            None if matches.get_flag(option.name) => options.push(GivenOption {
                name: option.name.into(),
                values: Vec::new(),
            }),
            None => {}
            Some(_) => {
                let values: Vec<Written> = matches
                    .get_many::<String>(option.name)
                    .into_iter()
                    .flatten()
                    .map(|v| v.as_str().into())
                    .collect();
                if !values.is_empty() {
                    options.push(GivenOption {
                        name: option.name.into(),
                        values,
                    });
                }
            }
        }
    }
    Ok(RenderJob {
        request: Request {
            at: args.at,
            diagram: args.diagram.map(|k| k as usize),
            options,
            annotations: annotations(&args)?,
            caption: args.caption.clone(),
            omit_caption: false,
            bare: args.bare,
            text_scale: None,
            words: crate::words::Words::new(args.lang.unwrap_or_default()),
        },
        output,
        game: args.game as usize,
        record: args.record,
        theme: known_theme(args.theme)?,
        css: args.css,
    })
}

/// The `--arrow`, `--mark`, `--label` and `--highlight` options as annotations.
fn annotations(args: &RenderArgs) -> Result<Annotations, Error> {
    let pairs = |option: &str, example: &str, values: &[String]| {
        values
            .iter()
            .map(|value| match value.split_once(':') {
                Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                    Ok((a.into(), b.into()))
                }
                _ => Err(Error::Usage(format!(
                    "--{option} {value}: write two parts joined by a colon, like {example}"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(Annotations {
        arrows: pairs("arrow", "b1:b3", &args.arrow)?,
        marks: pairs("mark", "c3:triangle", &args.mark)?,
        labels: pairs("label", "a1:A", &args.label)?,
        highlight: args.highlight.iter().map(|v| v.as_str().into()).collect(),
    })
}

/// A `--theme` value that is a built-in theme or names a file; else the built-in themes are
/// listed (a misspelt `greyscale` is not meant as a file name).
fn known_theme(theme: PathBuf) -> Result<PathBuf, Error> {
    if Theme::is_built_in(&theme) || theme.exists() {
        return Ok(theme);
    }
    Err(Error::Usage(format!(
        "--theme {}: there is no such built-in theme and no such file; the built-in \
         themes are {}, or give a theme file (start from a copy of templates/theme.yaml)",
        shown_path(&theme),
        Theme::BUILT_IN.join(", ")
    )))
}

/// `--css` styles an SVG; a PDF or PNG would leave it out without a word.
fn refuse_css_outside_svg(css: Option<&Path>, output: &Output) -> Result<(), Error> {
    match css {
        Some(css) if output.format != Format::Svg => Err(Error::Usage(format!(
            "--css {} styles SVG output only, and this writes {}: leave out --css, or \
             write an SVG (--format svg or -o FILE.svg)",
            shown_path(css),
            a_format(output.format.name())
        ))),
        _ => Ok(()),
    }
}

/// Whether `id` was given on the command line (not a default).
fn given(matches: &clap::ArgMatches, id: &str) -> bool {
    matches.ids().any(|known| known.as_str() == id)
        && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
}

/// `--dpi` sets a PNG's resolution; an SVG or PDF has none to set.
fn refuse_dpi_outside_png(matches: &clap::ArgMatches, output: &Output) -> Result<(), Error> {
    if !given(matches, "dpi") || matches!(output.format, Format::Png(_)) {
        return Ok(());
    }
    Err(Error::Usage(format!(
        "--dpi sets the resolution of PNG output, and this writes {}: leave out --dpi, or \
         write a PNG (--format png or -o FILE.png)",
        a_format(output.format.name())
    )))
}

/// An `-o` file whose extension is not the format written (`-o sheet.txt` holding a PDF).
/// The formats a command writes are its `--format` values, so a command that gains a format
/// gains its extension here too. An explicit `--format` may name any file.
fn refuse_extension_of_another_format(
    command: &clap::Command,
    name: &str,
    matches: &clap::ArgMatches,
    output: &Output,
) -> Result<(), Error> {
    let Target::File(file) = &output.target else {
        return Ok(());
    };
    let Some(extension) = file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    else {
        return Ok(()); // no extension: the format is --format's, else PDF
    };
    let file = shown_path(file);
    let format = output.format.name();
    let written = formats_written_by(command, name);
    let writes = written.iter().any(|f| f == format);
    if writes && (format_of_extension(&extension) == format || given(matches, "format")) {
        return Ok(());
    }
    let formats = match written.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => written.join(""),
    };
    if !writes {
        return Err(Error::Usage(format!(
            "-o {file}: a .{extension} file, but `sheetgen {name}` writes {formats}"
        )));
    }
    Err(Error::Usage(format!(
        "-o {file}: a .{extension} file, but `sheetgen {name}` writes {formats}; name the \
         file .{format} for {}, or choose the format with --format",
        a_format(format)
    )))
}

/// "a PDF", "an SVG": a format's name with its article, for messages.
fn a_format(name: &str) -> String {
    let article = if name.starts_with('s') { "an" } else { "a" }; // "es-vee-gee"
    format!("{article} {}", name.to_uppercase())
}

/// The format a file extension stands for (`txt` is text, `yml` YAML).
fn format_of_extension(extension: &str) -> &str {
    match extension {
        "txt" => "text",
        "yml" => "yaml",
        "jpg" => "jpeg",
        other => other,
    }
}

/// The values of a command's `--format`: the formats it writes. Plain text is a single
/// diagram's (`render`'s) alone, though every drawing command shares the option.
fn formats_written_by(command: &clap::Command, name: &str) -> Vec<String> {
    command
        .find_subcommand(name)
        .and_then(|sub| {
            let format = sub.get_arguments().find(|a| a.get_id() == "format")?;
            Some(
                format
                    .get_possible_values()
                    .iter()
                    .map(|v| v.get_name().to_string())
                    .filter(|f| f != "text" || name == "render")
                    .collect(),
            )
        })
        .unwrap_or_default()
}

/// A whole number counted from 1 (`--game`, `--diagram`, `--every`), refused in words.
fn counted_from_one(value: &str) -> Result<u32, String> {
    match value.trim().parse::<u32>() {
        Ok(0) => Err("this counts from 1 (the first is 1)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{value}` is not a whole number of 1 or more")),
    }
}

/// A game's name or alias, as `sheetgen rules` takes it.
fn game_name(value: &str) -> Result<String, String> {
    games::find(value)
        .map(|game| game.name().to_string())
        .ok_or_else(|| format!("sheetgen knows {}", games::names()))
}

/// The short rules of `game` for the terminal: the "The rules" part of its rules page, and
/// where the rest is.
fn rules_text(game: &str) -> String {
    let game = games::find(game).expect("clap checked the game's name");
    let page = game.rules_text();
    let rules = page
        .split_once("\n## The rules\n")
        .map_or(page, |(_, rest)| rest.split("\n## ").next().unwrap_or(rest));
    format!(
        "{}\n\n{}\n\nThe record format, worked examples and the sheets: {}\n",
        game.title().to_uppercase(),
        for_the_terminal(rules.trim()),
        game.rules_page()
    )
}

/// Markdown as plain text for a terminal: headings in capitals, no code fences, no bold
/// marks, links as their text with the address after it.
fn for_the_terminal(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            continue;
        }
        let line = match line.trim_start_matches('#') {
            heading if heading.len() < line.len() => heading.trim().to_uppercase(),
            _ => line.replace("**", ""),
        };
        out.push_str(&plain_links(&line));
        out.push('\n');
    }
    out
}

/// `[text](address)` as `text (address)`.
fn plain_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some((text, after)) = rest[open + 1..].split_once("](") else {
            break;
        };
        let Some((address, tail)) = after.split_once(')') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&format!("{text} ({address})"));
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// A completion script for `shell`.
fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), "sheetgen", &mut script);
    script
}

/// The manual page in roff: the command overview, then a section for each command with its
/// synopsis and options, so that `man` shows every option `--help` does.
fn man_page() -> Vec<u8> {
    let mut command = command().disable_help_subcommand(true);
    command.build();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut page)
        .expect("writing into memory does not fail");
    for sub in command.get_subcommands() {
        page.extend(man_section(sub));
    }
    page
}

/// One command's section of the manual page: its synopsis and options as subsections.
fn man_section(sub: &clap::Command) -> Vec<u8> {
    let man = clap_mangen::Man::new(sub.clone());
    let mut section = Vec::new();
    let heading = format!("sheetgen {}", sub.get_name()).to_uppercase();
    section.extend(format!(".SH \"{heading}\"\n").into_bytes());
    for render in [
        clap_mangen::Man::render_description_section,
        clap_mangen::Man::render_synopsis_section,
        clap_mangen::Man::render_options_section,
    ] {
        let mut part = Vec::new();
        render(&man, &mut part).expect("writing into memory does not fail");
        // A command's parts are subsections of its section, not sections of the page.
        let part = String::from_utf8_lossy(&part).replace(".SH ", ".SS ");
        section.extend(part.into_bytes());
    }
    section
}

/// A job that prints text it already holds: the rules, completions, the man page.
struct Print(Vec<u8>);

impl Job for Print {
    fn inputs(&self) -> Vec<&Path> {
        Vec::new()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(self: Box<Self>, _: &dyn games::Records) -> Result<crate::job::Made, Error> {
        Ok(crate::job::Made::bytes(self.0, Target::Stdout))
    }
}

/// A clap error in plain words: ranges as "1 to 9" rather than `1..=9`, and an unknown
/// command answered with the command nearest to it in spelling.
fn plain_words(error: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() == ErrorKind::InvalidSubcommand
        && let Some(ContextValue::String(typed)) = error.get(ContextKind::InvalidSubcommand)
    {
        let mut names: Vec<String> = command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        names.sort();
        let nearest = nearest(typed, &names)
            .map_or(String::new(), |name| format!("; did you mean `{name}`?"));
        return format!(
            "error: there is no command `{typed}`{nearest}\nThe commands are {}; see sheetgen --help",
            names.join(", ")
        );
    }
    plain_ranges(&error.render().to_string())
}

/// `5 is not in 1..=4` as `5 is not within 1 to 4`, and a range with no upper bound of its
/// own (`1..=4294967295`, the type's largest number) as `0 is not 1 or more`.
fn plain_ranges(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_inclusive(char::is_whitespace) {
        let bare = word.trim_end();
        let tail = &word[bare.len()..];
        match bare.split_once("..=") {
            Some((low, high)) if is_number(low) && is_number(high) => {
                if ["255", "65535", "4294967295", "18446744073709551615"].contains(&high) {
                    out.push_str(&format!("{low} or more{tail}"));
                } else {
                    out.push_str(&format!("{low} to {high}{tail}"));
                }
            }
            _ => out.push_str(word),
        }
    }
    // Said after the range is known: "not within 1 to 9", but "not 1 or more".
    out.replace(" is not in ", " is not within ")
        .replace(" is not within 1 or more", " is not 1 or more")
        .replace(" is not within 0 or more", " is not 0 or more")
}

/// Whether `word` is a whole number, perhaps negative.
fn is_number(word: &str) -> bool {
    let digits = word.strip_prefix('-').unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The name in `names` nearest to `typed` by edit distance, when it is near enough to be a
/// slip (a third of its letters or two, whichever is more).
fn nearest<'a>(typed: &str, names: &'a [String]) -> Option<&'a str> {
    let (distance, name) = names
        .iter()
        .map(|name| (edit_distance(typed, name), name.as_str()))
        .min()?;
    (distance <= (typed.chars().count() / 3).max(2)).then_some(name)
}

/// Levenshtein distance: letters inserted, removed or changed to turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replaced = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// Refuses, before any work, what the job cannot do: writing over one of its own inputs,
/// options for another format than the one written (`--dpi` on a PDF, `-o sheet.txt`), or
/// pouring a PDF or PNG into a terminal. `command` is the command line `matches` came from.
fn refuse_impossible(
    command: &clap::Command,
    matches: &clap::ArgMatches,
    job: &dyn Job,
    stdout_is_terminal: bool,
) -> Result<(), Error> {
    if let Some(Target::File(written)) = job.written() {
        let mut inputs = job.inputs();
        inputs.extend(job.output().and_then(|o| o.font.as_deref()));
        refuse_writing_over_an_input(written, &inputs)?;
    }
    if let (Some((name, sub)), Some(output)) = (matches.subcommand(), job.output()) {
        refuse_dpi_outside_png(sub, output)?;
        refuse_extension_of_another_format(command, name, sub, output)?;
    }
    if let Some(output) = job.output() {
        check_terminal(output, stdout_is_terminal)?;
    }
    Ok(())
}

/// `-o` naming one of the command's own input files would replace that input with the
/// output.
fn refuse_writing_over_an_input(output: &Path, inputs: &[&Path]) -> Result<(), Error> {
    let Ok(written) = std::fs::canonicalize(output) else {
        return Ok(()); // a new file is nobody's input
    };
    for input in inputs {
        if std::fs::canonicalize(input).is_ok_and(|read| read == written) {
            return Err(Error::Usage(format!(
                "-o {} is the input file {}: sheetgen does not write over its input",
                shown_path(output),
                shown_path(input)
            )));
        }
    }
    Ok(())
}

/// A PDF or PNG is binary: refuse to pour it into a terminal.
fn check_terminal(output: &Output, stdout_is_terminal: bool) -> Result<(), Error> {
    let is_text = matches!(output.format, Format::Svg | Format::Text);
    if output.target == Target::Stdout && !is_text && stdout_is_terminal {
        return Err(Error::Usage(format!(
            "standard output is a terminal; write the {} with -o FILE or redirect it (> out.{})",
            output.format.name().to_uppercase(),
            output.format.name()
        )));
    }
    Ok(())
}

/// Runs sheetgen with the process's arguments; the exit code says how it went.
pub fn main() -> ExitCode {
    // Built once: the checks before work read the command's own formats from it.
    let mut command = command();
    let matches = match command.try_get_matches_from_mut(std::env::args_os()) {
        Ok(matches) => matches,
        Err(e) if !e.use_stderr() => {
            let _ = e.print(); // --help or --version
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            say(&plain_words(&e));
            return ExitCode::from(2);
        }
    };
    let color = |terminal: bool| terminal && std::env::var_os("NO_COLOR").is_none();
    let stdout_is_terminal = std::io::stdout().is_terminal();
    let stderr_color = color(std::io::stderr().is_terminal());
    let finished = plan(&matches, color(stdout_is_terminal))
        .and_then(|job| {
            refuse_impossible(&command, &matches, &*job, stdout_is_terminal).map(|()| job)
        })
        .and_then(crate::run::run)
        .and_then(|finished| {
            // The output first: a report on a closed standard error never costs the file.
            output::write(&finished.target, &finished.bytes)?;
            Ok(finished)
        });
    let status = match finished {
        Ok(finished) => {
            for warning in &finished.warnings {
                say(warning);
            }
            for problem in &finished.problems {
                say(&problem.render(stderr_color));
            }
            finished.status
        }
        Err(e) => {
            say(&e.render(stderr_color));
            e.status()
        }
    };
    ExitCode::from(status.exit_code())
}

/// Writes a report line on standard error; a closed standard error is not a reason to
/// panic or to change the exit code.
fn say(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", text.trim_end());
}

/// Runs sheetgen in-process on `args` (without the program name) and returns what it would
/// write, without writing it: for tests and the gallery.
pub fn run_args<I, S>(args: I) -> Result<Finished, Error>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let args = std::iter::once(std::ffi::OsString::from("sheetgen"))
        .chain(args.into_iter().map(Into::into));
    let mut command = command();
    let matches = command
        .try_get_matches_from_mut(args)
        .map_err(|e| Error::Usage(plain_words(&e)))?;
    let job = plan(&matches, false)?;
    refuse_impossible(&command, &matches, &*job, false)?;
    crate::run::run(job)
}

/// How a run went, for tests: its status, or the error's.
pub fn status_of(result: &Result<Finished, Error>) -> Status {
    match result {
        Ok(finished) => finished.status,
        Err(e) => e.status(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_as_plain_text_in_a_terminal() {
        let text = for_the_terminal(
            "### Board (ruling S1)\n\nThe **shore row**, see [the index](README.md).\n```text\n. .\n```\n",
        );
        assert_eq!(
            text,
            "BOARD (RULING S1)\n\nThe shore row, see the index (README.md).\n. .\n"
        );
    }

    #[test]
    fn the_nearest_command_is_a_slip_away() {
        let names: Vec<String> = ["shoreline", "solve", "towers"].map(String::from).into();
        assert_eq!(nearest("shorline", &names), Some("shoreline"));
        assert_eq!(nearest("tower", &names), Some("towers"));
        assert_eq!(nearest("chess", &names), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn ranges_are_said_in_words() {
        assert_eq!(
            plain_ranges("error: 10 is not in 1..=9\n"),
            "error: 10 is not within 1 to 9\n"
        );
        assert_eq!(
            plain_ranges("'--game <K>': 0 is not in 1..=4294967295\n"),
            "'--game <K>': 0 is not 1 or more\n"
        );
    }

    #[test]
    fn every_built_in_theme_is_one() {
        for name in Theme::BUILT_IN {
            assert!(crate::theme::Theme::named_or_file(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn every_game_command_is_found_and_planned() {
        for game in games::GAMES {
            for game_command in game.commands() {
                let name = game_command.command().get_name().to_string();
                assert!(
                    command().find_subcommand(&name).is_some(),
                    "{name} is on the command line"
                );
            }
        }
    }

    #[test]
    fn a_pdf_is_never_poured_into_a_terminal() {
        let out = |target: Target, format| Output {
            target,
            format,
            font: None,
            width: None,
        };
        let err = check_terminal(&out(Target::Stdout, Format::Pdf), true).unwrap_err();
        assert!(err.to_string().contains("-o FILE"), "{err}");
        assert_eq!(err.exit_code(), 2);
        assert!(check_terminal(&out(Target::Stdout, Format::Pdf), false).is_ok());
        assert!(
            check_terminal(&out(Target::Stdout, Format::Svg), true).is_ok(),
            "SVG is text"
        );
        assert!(check_terminal(&out(Target::File("a.pdf".into()), Format::Pdf), true).is_ok());
    }

    #[test]
    fn a_game_option_is_refused_for_another_game_in_one_wording() {
        let err = run_args([
            "render",
            "examples/towers-example.yaml",
            "--numbers",
            "-o",
            "x.svg",
        ])
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "--numbers is Shoreline diagrams' option; this is a Towers game"
        );
        assert_eq!(err.exit_code(), 2);
    }
}
