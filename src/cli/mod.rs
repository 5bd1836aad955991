//! The command line: clap arguments ([`args`]) become one checked job ([`plan`]), what
//! cannot work is refused before any work starts, then one library call
//! ([`crate::run::run`]) and the output written. The exit code is decided in [`main`], in
//! one place. Nothing here draws or knows a rule; the games add their own commands and
//! diagram options from the registry.

mod args;
mod plan;
mod print;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use crate::job::Job;
use crate::output;
use crate::run::Finished;
use sheetgen_core::error::Error;
use sheetgen_core::vocabulary::Phrase;
use sheetgen_core::words::{Lang, Words};

/// Runs sheetgen with the process's arguments; the exit code says how it went.
pub fn main() -> ExitCode {
    let stdout_is_terminal = std::io::stdout().is_terminal();
    let stderr_color = color(std::io::stderr().is_terminal());
    let finished = finish(std::env::args_os(), stdout_is_terminal).and_then(|finished| {
        // The output first: a report on a closed standard error never costs the file.
        let lang = finished.words.lang();
        let failed = |error| Stop::Ran(error, lang);
        output::write(&finished.target, &finished.bytes, finished.content).map_err(failed)?;
        if let Some(folder) = &finished.folder {
            output::write_folder(folder).map_err(failed)?;
        }
        Ok(finished)
    });
    let status = match finished {
        Ok(finished) => {
            for warning in &finished.warnings {
                say(warning);
            }
            for problem in &finished.problems {
                say(&problem.render_in(stderr_color, &finished.words));
            }
            finished.status
        }
        Err(stop) => {
            say(&stop.render(stderr_color));
            Error::from(stop).status()
        }
    };
    ExitCode::from(status.exit_code())
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
    finish(args, false).map_err(Error::from)
}

/// The command line `args` (the program's name first) parsed, planned into a job, checked
/// and run: what it made, not yet written.
fn finish<I, S>(args: I, stdout_is_terminal: bool) -> Result<Finished, Stop>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let stdout_color = color(stdout_is_terminal);
    let (job, lang): (Box<dyn Job>, Lang) = match args::command().try_get_matches_from(args) {
        Ok(matches) => {
            let lang = lang_asked(&matches);
            let refused = |error| Stop::Ran(error, lang);
            let job = plan::plan(&matches, stdout_color).map_err(refused)?;
            plan::refuse_impossible(&matches, &*job, stdout_is_terminal).map_err(refused)?;
            (job, lang)
        }
        // --help or --version: clap's text is the output.
        Err(e) if !e.use_stderr() => {
            let text = match stdout_color {
                true => e.render().ansi().to_string(),
                false => e.render().to_string(),
            };
            (Box::new(print::Print(text.into_bytes())), Lang::En)
        }
        Err(e) => return Err(Stop::CommandLine(e)),
    };
    let mut finished = crate::run::run(job).map_err(|error| Stop::Ran(error, lang))?;
    // A job that writes no words of its own (a play sheet, `solve`) reports what it left
    // out in the command line's language.
    if finished.words.lang() == Lang::En {
        finished.words = Words::new(lang);
    }
    Ok(finished)
}

/// The language the command line asks for: the command's own `--lang`, else sheetgen's
/// (`sheetgen --lang de shoreline …`), else English. Its errors are worded in it, as the
/// rules broken of `check --lang` are.
fn lang_asked(matches: &clap::ArgMatches) -> Lang {
    let own = matches
        .subcommand()
        .and_then(|(_, sub)| sub.try_get_one::<Lang>("lang").ok().flatten().copied());
    own.or(matches.get_one::<Lang>("lang").copied())
        .unwrap_or_default()
}

/// Why a run stopped before its output.
#[derive(Debug)]
enum Stop {
    /// clap refused the command line: said in clap's own words.
    CommandLine(clap::Error),
    /// The job could not be planned, was refused or failed, or its output could not be
    /// written: said in the language the command line asks for.
    Ran(Error, Lang),
}

impl Stop {
    fn render(&self, color: bool) -> String {
        match self {
            Stop::CommandLine(e) => e.render().to_string(),
            Stop::Ran(e, lang) => e.render_in(color, &Words::new(*lang)),
        }
    }
}

impl From<Stop> for Error {
    fn from(stop: Stop) -> Self {
        match stop {
            // clap's own words, which it has in English only.
            Stop::CommandLine(e) => Error::Usage(Phrase::verbatim(e.to_string())),
            Stop::Ran(e, _) => e,
        }
    }
}

/// Whether to style text for a terminal: it is one, and NO_COLOR is not set.
fn color(terminal: bool) -> bool {
    terminal && std::env::var_os("NO_COLOR").is_none()
}

/// Writes a report line on standard error; a closed standard error is not a reason to
/// panic or to change the exit code.
fn say(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", text.trim_end());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        args::command().debug_assert();
    }

    #[test]
    fn every_game_command_is_found_and_planned() {
        for game_command in crate::commands::all() {
            let name = game_command.command().get_name().to_string();
            assert!(
                args::command().find_subcommand(&name).is_some(),
                "{name} is on the command line"
            );
        }
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
    }

    #[test]
    fn help_is_output_and_a_refused_command_line_is_not() {
        let help = run_args(["--help"]).unwrap();
        assert!(
            String::from_utf8(help.bytes)
                .unwrap()
                .contains("Usage: sheetgen")
        );
        assert!(run_args(["render", "--gmae", "2"]).is_err());
    }
}
