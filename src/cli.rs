//! The command line: clap arguments become one checked job (the plan), conflicts refused
//! before any work starts, then one library call ([`crate::run::run`]). The exit code is
//! decided here, in one place, from how the command went. Nothing here draws or knows a
//! rule; the games add their own commands and diagram options from the registry.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Arg, ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::annotate::{Annotations, Written};
use crate::backend::Format;
use crate::booklet::BookletJob;
use crate::check::{CheckJob, ReportFormat};
use crate::diagram::Request;
use crate::error::{Error, Status};
use crate::games::{self, GivenOption, Job};
use crate::job::Output;
use crate::options::{OutputArgs, PageArgs, ReportArg};
use crate::output::{self, Target};
use crate::render::RenderJob;
use crate::run::Finished;

#[derive(Debug, Parser)]
#[command(
    name = "sheetgen",
    version,
    about = "Printable game sheets and scored diagrams for Shoreline, Towers and Lines of Action",
    after_help = "Examples:\n  sheetgen shoreline --boards 4 > sheet.pdf\n  sheetgen check examples/*.yaml\n  sheetgen render examples/shoreline-draw.yaml -o game.svg\n\nExit codes: 0 done, 1 an input is invalid, 2 the command could not do its work."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands every game shares; each game adds its own (see [`games::Game::commands`]).
#[derive(Debug, Subcommand)]
enum Command {
    /// Check game records against the rules: one report per game
    Check(CheckArgs),
    /// Draw a game's score diagram
    Render(RenderArgs),
    /// Many diagrams on A4 or Letter pages with captions and page numbers, or one game as a
    /// diagram every N moves
    Booklet(BookletArgs),
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

    /// The board, its coordinates and the annotations only: no title, players, legend,
    /// score text or caption, for books that set their own captions
    #[arg(long)]
    bare: bool,

    #[command(flatten)]
    output: OutputArgs,
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

/// The whole command line: the shared commands, each game's own, and the games' diagram
/// options on `render`.
fn command() -> clap::Command {
    let mut command = Cli::command();
    for game in games::GAMES {
        for game_command in game.commands() {
            command = command.subcommand((game_command.command)());
        }
    }
    command.mut_subcommand("render", |mut render| {
        for option in games::all_diagram_options() {
            let arg = Arg::new(option.name).long(option.name).help(option.help);
            render = render.arg(match option.value {
                None => arg.action(ArgAction::SetTrue),
                Some(value) => arg.value_name(value).action(ArgAction::Append),
            });
        }
        render
    })
}

/// The command line read into a checked job; `stdout_color` styles reports written to
/// standard output.
fn plan(matches: &clap::ArgMatches, stdout_color: bool) -> Result<Box<dyn Job>, Error> {
    let (name, sub) = matches
        .subcommand()
        .ok_or_else(|| Error::Usage("a command is needed; see sheetgen --help".into()))?;
    for game in games::GAMES {
        for game_command in game.commands() {
            if (game_command.command)().get_name() == name {
                return (game_command.plan)(sub);
            }
        }
    }
    Ok(match Cli::from_arg_matches(matches)?.command {
        Command::Check(args) => Box::new(CheckJob {
            files: args.files,
            format: match args.format {
                ReportArg::Text => ReportFormat::Text,
                ReportArg::Json => ReportFormat::Json,
            },
            color: stdout_color,
        }),
        Command::Render(args) => Box::new(render_plan(args, sub)?),
        Command::Booklet(args) => Box::new(BookletJob {
            output: args.output.output()?,
            page: args.page.setup(),
            per_page: args.per_page.parse().expect("clap allows 1, 2, 4 or 6"),
            every: args.every.map(|n| n as usize),
            theme: args.theme,
            files: args.files,
        }),
    })
}

fn render_plan(args: RenderArgs, matches: &clap::ArgMatches) -> Result<RenderJob, Error> {
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
        },
        output: args.output.output()?,
        game: args.game as usize,
        record: args.record,
        theme: args.theme,
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

/// Refuses, before any work, what the job cannot do: writing over one of its own inputs, or
/// pouring a PDF or PNG into a terminal.
fn refuse_impossible(job: &dyn Job, stdout_is_terminal: bool) -> Result<(), Error> {
    if let Some(Target::File(written)) = job.written() {
        refuse_writing_over_an_input(written, &job.inputs())?;
    }
    if let Some(output) = job.output() {
        check_terminal(output, stdout_is_terminal)?;
    }
    Ok(())
}

/// `-o` naming one of the command's own input files would replace that input with the
/// output.
fn refuse_writing_over_an_input(output: &str, inputs: &[&str]) -> Result<(), Error> {
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
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let color = |terminal: bool| terminal && std::env::var_os("NO_COLOR").is_none();
    let stdout_is_terminal = std::io::stdout().is_terminal();
    let stderr_color = color(std::io::stderr().is_terminal());
    let finished = plan(&matches, color(stdout_is_terminal))
        .and_then(|job| refuse_impossible(&*job, stdout_is_terminal).map(|()| job))
        .and_then(crate::run::run)
        .and_then(|finished| {
            // The output first: a report on a closed standard error never costs the file.
            output::write(&finished.target, &finished.bytes)?;
            Ok(finished)
        });
    let status = match finished {
        Ok(finished) => {
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
    let matches = command()
        .try_get_matches_from(args)
        .map_err(|e| Error::Usage(e.to_string()))?;
    let job = plan(&matches, false)?;
    refuse_impossible(&*job, false)?;
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
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn every_game_command_is_found_and_planned() {
        for game in games::GAMES {
            for game_command in game.commands() {
                let name = (game_command.command)().get_name().to_string();
                assert!(
                    command().find_subcommand(&name).is_some(),
                    "{name} is on the command line"
                );
            }
        }
    }

    #[test]
    fn a_pdf_is_never_poured_into_a_terminal() {
        let out = |target: Target, format| Output { target, format };
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
