//! Parsed arguments into one checked job, and the refusals before any work: options that
//! cannot work together, writing over an input, an option or file name of another format
//! than the one written (the table of formats says which), a binary format into a terminal.

use std::path::{Path, PathBuf};

use crate::booklet::BookletJob;
use crate::check::{CheckJob, ReportFormat};
use crate::job::Job;
use crate::job::Output;
use crate::options::ReportArg;
use crate::output::Target;
use crate::render::RenderJob;
use sheetgen_core::annotate::{Annotations, Written};
use sheetgen_core::backend::format::{FORMATS, Format, Spec};
use sheetgen_core::diagnostic::shown_path;
use sheetgen_core::diagram::FigureSpec;
use sheetgen_core::error::Error;
use sheetgen_core::games::{self, GivenOption, GivenPosition};
use sheetgen_core::render::RenderRequest;
use sheetgen_core::theme::Theme;
use sheetgen_core::vocabulary::Phrase;
use sheetgen_core::words::{Lang, Words};

use super::args::{Command, GameArg, PositionArgs, RenderArgs};
use super::print::{self, Print};

/// The command line read into a checked job; `stdout_color` styles reports written to
/// standard output.
pub fn plan(matches: &clap::ArgMatches, stdout_color: bool) -> Result<Box<dyn Job>, Error> {
    let (name, sub) = matches
        .subcommand()
        .ok_or_else(|| Error::Usage(Phrase::new("a command is needed; see sheetgen --help")))?;
    // `sheetgen --lang de check …`: the language of every command that writes words.
    let lang = matches.get_one::<Lang>("lang").copied();
    if let Some(game_command) = crate::commands::all().into_iter().find(|c| c.name == name) {
        return (game_command.plan)(sub, lang);
    }
    Ok(match crate::job::parsed::<Command>(matches)? {
        Command::Check(args) => Box::new(CheckJob {
            words: Words::new(args.lang.or(lang).unwrap_or_default()),
            position: given_position(&args.position, !args.files.is_empty())?,
            files: args.files,
            format: match args.format {
                ReportArg::Text => ReportFormat::Text,
                ReportArg::Json => ReportFormat::Json,
            },
            color: stdout_color,
        }),
        Command::Render(args) => Box::new(render_plan(args, sub, lang)?),
        Command::Rules(args) => Box::new(Print(print::rules(&args.game))),
        Command::Completions(args) => Box::new(Print(print::completions(args.shell))),
        Command::Man => Box::new(Print(print::man_page())),
        Command::Booklet(args) => Box::new(BookletJob {
            output: booklet_output(&args, sub)?,
            position: given_position(&args.position, !args.files.is_empty())?,
            theme: known_theme(args.theme)?,
            page: args.page.setup(),
            per_page: args.per_page.parse().expect("clap allows 1, 2, 4 or 6"),
            every: args.every.map(|n| n as usize),
            words: Words::new(args.lang.or(lang).unwrap_or_default()),
            text_size: args.text_size,
            analysis: args.analysis.then_some(args.nodes),
            title: args.title,
            date: args.date,
            files: args.files,
        }),
        Command::Template(args) => {
            let game = games::find(&args.game).expect("clap accepts the registry's names only");
            Box::new(crate::commands::template::TemplateJob {
                builtin: game.sheet_template(),
                lang: args.lang.or(lang).unwrap_or_default(),
            })
        }
    })
}

fn render_plan(
    args: RenderArgs,
    matches: &clap::ArgMatches,
    lang: Option<Lang>,
) -> Result<RenderJob, Error> {
    let output = Output {
        width: args.width,
        ..args.output.output()?
    };
    let mut options = Vec::new();
    for option in games::all_diagram_options() {
        let values: Vec<Written> = match option.value {
            None if matches.get_flag(option.name) => Vec::new(),
            None => continue,
            Some(_) => {
                let values: Vec<Written> = matches
                    .get_many::<String>(option.name)
                    .into_iter()
                    .flatten()
                    .map(|v| v.as_str().into())
                    .collect();
                if values.is_empty() {
                    continue;
                }
                values
            }
        };
        options.push(GivenOption {
            name: option.name.into(),
            values,
        });
    }
    let chosen = args.game.clone().unwrap_or(GameArg::Index(1));
    let (game, position) = match (&chosen, &args.position, &args.record) {
        (_, Some(_), Some(record)) => return Err(with_a_file(record)),
        (GameArg::Named(name), Some(text), None) => (1, Some(position(name, text))),
        (GameArg::Index(_), Some(_), None) => return Err(needs_a_game()),
        (GameArg::Named(name), None, _) => {
            return Err(Error::Usage(
                Phrase::new(
                    "--game {name} names the game of a --position; the K-th game of a record \
                     file is a number (--game 2)",
                )
                .with("name", name),
            ));
        }
        (GameArg::Index(_), None, None) => {
            return Err(Error::Usage(Phrase::new(
                "render needs a record file, or --game GAME --position TEXT",
            )));
        }
        (GameArg::Index(k), None, Some(_)) => (*k as usize, None),
    };
    let figure = FigureSpec {
        at: args.at,
        diagram: args.diagram.map(|k| k as usize),
        options,
        annotations: annotations(&args)?,
        caption: args.caption.clone(),
        omit_caption: false,
        bare: args.bare,
        legend: args.legend,
        text_scale: args.text_scale,
        text_size: args
            .text_size
            .map(|points| sheetgen_core::diagram::TextSize {
                points,
                width: args.width.map(|w| w.mm()),
            }),
        words: Words::new(args.lang.or(lang).unwrap_or_default()),
        // `--font` is opened when the job runs, which measures the figure in it.
        font: sheetgen_core::font::Font::builtin(),
        // `--analysis-from` is read when the job runs.
        review: None,
    };
    Ok(RenderJob {
        request: RenderRequest {
            figure,
            width: args.width,
            ..RenderRequest::new(output.format)
        },
        output,
        game,
        game_chosen: args.game.is_some(),
        position,
        record: args.record,
        theme: known_theme(args.theme)?,
        css: args.css,
        analysis_from: args.analysis_from,
    })
}

/// `--game G --position TEXT` of `check` and `booklet`: both or neither, and no file
/// with them.
fn given_position(args: &PositionArgs, files: bool) -> Result<Option<GivenPosition>, Error> {
    match (&args.game, &args.position) {
        (Some(game), Some(text)) if !files => Ok(Some(position(game, text))),
        (_, Some(_)) if files => Err(Error::Usage(Phrase::new(
            "--position is a game of its own: give it without record files, or the files \
             without it",
        ))),
        (None, Some(_)) => Err(needs_a_game()),
        (Some(game), None) => Err(Error::Usage(
            Phrase::new(
                "--game {game} names the game of a --position; give --position TEXT, or leave \
                 --game out (a record names its own game)",
            )
            .with("game", game),
        )),
        _ => Ok(None),
    }
}

fn position(game: &str, text: &str) -> GivenPosition {
    let game = games::find(game).expect("clap accepts the registry's names only");
    GivenPosition {
        game: game.name(),
        text: text.to_string(),
    }
}

fn needs_a_game() -> Error {
    Error::Usage(
        Phrase::new("--position needs --game GAME, the game it is a position of: {games}")
            .with("games", games::names()),
    )
}

fn with_a_file(record: &Path) -> Error {
    Error::Usage(
        Phrase::new(
            "--position with the record file {file}: draw the file's game, or the position, \
             not both",
        )
        .with("file", shown_path(record)),
    )
}

/// The `--arrow`, `--mark`, `--label` and `--highlight` options as annotations.
fn annotations(args: &RenderArgs) -> Result<Annotations, Error> {
    Annotations::from_options(&args.arrow, &args.mark, &args.label, &args.highlight).map_err(
        |bad| {
            Error::Usage(
                Phrase::new("--{kind} {value}: write two parts joined by a colon, like {example}")
                    .with("kind", bad.kind)
                    .with("value", &bad.value)
                    .with("example", bad.example()),
            )
        },
    )
}

/// A `--theme` value that is a built-in theme or names a file; else the built-in themes are
/// listed (a misspelt `greyscale` is not meant as a file name).
fn known_theme(theme: PathBuf) -> Result<PathBuf, Error> {
    if Theme::is_built_in(&theme) || theme.exists() {
        return Ok(theme);
    }
    Err(Error::Usage(
        Phrase::new(
            "--theme {theme}: there is no such built-in theme and no such file; the built-in \
             themes are {themes}, or give a theme file (start from a copy of \
             templates/theme.yaml)",
        )
        .with("theme", shown_path(&theme))
        .with("themes", Theme::BUILT_IN.join(", ")),
    ))
}

/// Refuses, before any work, what the job cannot do: writing over one of its own inputs,
/// options or a file name of another format than the one written (`--dpi` on a PDF,
/// `-o sheet.txt`), or pouring a PDF or PNG into a terminal.
pub fn refuse_impossible(
    matches: &clap::ArgMatches,
    job: &dyn Job,
    stdout_is_terminal: bool,
) -> Result<(), Error> {
    if let Some(Target::File(written)) = job.written() {
        if written.as_os_str().as_encoded_bytes().ends_with(b"/") {
            return Err(Error::Usage(
                Phrase::new(
                    "-o {file}: a name ending in `/` is a folder; name the file without the `/`",
                )
                .with("file", shown_path(written)),
            ));
        }
        let mut inputs = job.inputs();
        inputs.extend(job.output().and_then(|o| o.font.as_deref()));
        refuse_writing_over_an_input(written, &inputs)?;
    }
    if let (Some((name, sub)), Some(output)) = (matches.subcommand(), job.output()) {
        refuse_options_of_another_format(sub, output)?;
        refuse_extension_of_another_format(name, sub, output)?;
    }
    if let Some(output) = job.output() {
        check_terminal(output, stdout_is_terminal)?;
    }
    Ok(())
}

/// `-o` naming one of the command's own input files would replace that input with the
/// output: a file named, or one a named folder holds, compared by identity (after links,
/// through `..`, by another name).
fn refuse_writing_over_an_input(output: &Path, inputs: &[&Path]) -> Result<(), Error> {
    let Some(written) = crate::files::identity(output) else {
        return Ok(()); // a new file is nobody's input
    };
    for input in inputs {
        let read = match input.is_dir() {
            true => crate::folders::record_files(&[input.to_path_buf()]).files,
            false => vec![input.to_path_buf()],
        };
        if let Some(file) = read
            .iter()
            .find(|file| crate::files::identity(file) == Some(written))
        {
            return Err(Error::Usage(
                Phrase::new(
                    "-o {output} is the input file {file}: sheetgen does not write over its input",
                )
                .with("output", shown_path(output))
                .with("file", shown_path(file)),
            ));
        }
    }
    Ok(())
}

/// The booklet's output; a replay page (`--format html`) refuses what shapes printed
/// pages, which it has none of.
fn booklet_output(
    args: &super::args::BookletArgs,
    matches: &clap::ArgMatches,
) -> Result<Output, Error> {
    let output = args.output.output()?;
    if output.format == sheetgen_core::backend::Format::Html {
        let pages = [
            "per_page",
            "every",
            "page",
            "landscape",
            "text_size",
            "analysis",
        ];
        if let Some(id) = pages.iter().find(|id| given(matches, id)) {
            let option = format!("--{}", id.replace('_', "-"));
            return Err(Error::Usage(
                Phrase::new(
                    "{option} shapes printed pages; a replay page (--format html) steps \
                     through every game on one screen: leave {option} out, or make a PDF",
                )
                .with("option", option),
            ));
        }
    }
    Ok(output)
}

/// Whether `id` was given on the command line (not a default).
fn given(matches: &clap::ArgMatches, id: &str) -> bool {
    matches.ids().any(|known| known.as_str() == id)
        && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
}

/// An option only another format reads (`--dpi` on a PDF, `--css` on a PNG) would be left
/// out without a word.
fn refuse_options_of_another_format(
    matches: &clap::ArgMatches,
    output: &Output,
) -> Result<(), Error> {
    let other_formats = FORMATS.iter().filter(|spec| !spec.format.is(output.format));
    let Some((spec, option)) = other_formats
        .flat_map(|spec| spec.options.iter().map(move |option| (spec, option)))
        .find(|(_, option)| given(matches, option.name))
    else {
        return Ok(());
    };
    let value = match matches.get_raw(option.name).and_then(|mut v| v.next()) {
        Some(value) if option.repeat_value => format!(" {}", shown_path(Path::new(value))),
        _ => String::new(),
    };
    Err(Error::Usage(
        Phrase::new(
            "--{name}{value} {does}, and this writes {written}: leave out --{name}, or write \
             {called} (--format {format} or -o FILE.{extension})",
        )
        .with("name", option.name)
        .with("value", value)
        .word("does", option.does)
        .word("written", output.format.spec().called)
        .word("called", spec.called)
        .with("format", spec.name)
        .with("extension", spec.extensions[0]),
    ))
}

/// An `-o` file whose extension is not the format written (`-o sheet.txt` holding a PDF),
/// or names a format the command `name` does not write. An explicit `--format` may name any
/// file.
fn refuse_extension_of_another_format(
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
    let spec = output.format.spec();
    let writes = spec.written_by(name);
    let named = Format::of_extension(&extension, 0).is_some_and(|f| f.is(output.format));
    if writes && (named || given(matches, "format")) {
        return Ok(());
    }
    let file = shown_path(file);
    let written: Vec<&str> = FORMATS
        .iter()
        .filter(|spec| spec.written_by(name))
        .map(|spec| spec.name)
        .collect();
    let formats = match written.split_last() {
        Some((last, rest)) if !rest.is_empty() => Phrase::new("{some} or {last}")
            .with("some", rest.join(", "))
            .with("last", last),
        _ => Phrase::verbatim(written.join("")),
    };
    if !writes {
        return Err(Error::Usage(
            Phrase::new("-o {file}: a .{extension} file, but `sheetgen {name}` writes {formats}")
                .with("file", file)
                .with("extension", extension)
                .with("name", name)
                .phrase("formats", formats.clone()),
        ));
    }
    Err(Error::Usage(
        Phrase::new(
            "-o {file}: a .{extension} file, but `sheetgen {name}` writes {formats}; name the \
             file .{ours} for {called}, or choose the format with --format",
        )
        .with("file", file)
        .with("extension", extension)
        .with("name", name)
        .phrase("formats", formats)
        .with("ours", spec.extensions[0])
        .word("called", spec.called),
    ))
}

/// A PDF or PNG is binary: refuse to pour it into a terminal.
fn check_terminal(output: &Output, stdout_is_terminal: bool) -> Result<(), Error> {
    let spec: &Spec = output.format.spec();
    let (place, terminal) = match &output.target {
        Target::Stdout => (Phrase::new("standard output"), stdout_is_terminal),
        Target::File(path) => (
            Phrase::verbatim(format!("-o {}", shown_path(path))),
            crate::output::is_terminal(path),
        ),
    };
    if spec.binary && terminal {
        return Err(Error::Usage(
            Phrase::new(
                "{place} is a terminal; write the {format} with -o FILE or redirect it (> \
                 out.{extension})",
            )
            .phrase("place", place)
            .with("format", spec.name.to_uppercase())
            .with("extension", spec.extensions[0]),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::ThemeFile;

    #[test]
    fn every_built_in_theme_is_one() {
        for name in Theme::BUILT_IN {
            assert!(Theme::named_or_file(name).is_ok(), "{name}");
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
        assert!(check_terminal(&out(Target::Stdout, Format::Pdf), false).is_ok());
        assert!(
            check_terminal(&out(Target::Stdout, Format::Svg), true).is_ok(),
            "SVG is text"
        );
        assert!(check_terminal(&out(Target::File("a.pdf".into()), Format::Pdf), true).is_ok());
    }
}
