//! Jobs: a command with its arguments checked ([`Job`]), the record files it reads
//! ([`Records`]), and what it makes ([`Made`]): a drawing for the backends, or finished
//! bytes, with the problems met on the way. [`GameCommand`] is a command a game adds.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sheetgen_core::error::{Error, Problem, Status};
use sheetgen_core::figure::Document;
use sheetgen_core::font::Font;
use sheetgen_core::games::{GameInFile, GameRecord, nth};
use sheetgen_core::vocabulary::Phrase;

use crate::output::Target;

/// A command with its arguments checked, ready to run: the validated plan the command
/// line makes before any work starts.
pub trait Job {
    /// The files the job reads, so that `-o` cannot name one of them.
    fn inputs(&self) -> Vec<&Path>;

    /// Where the job writes a drawing, if it makes one (a PDF is not poured into a
    /// terminal).
    fn output(&self) -> Option<&Output>;

    /// The file the job writes, if any, so that it is never one of the inputs.
    fn written(&self) -> Option<&Target> {
        self.output().map(|o| &o.target)
    }

    /// Does the work; record files are read through `records`. Every text is measured and
    /// drawn in `font` (`--font`, else sheetgen's own), which `run::run` opened.
    fn run(self: Box<Self>, records: &dyn Records, font: &Arc<Font>) -> Result<Made, Error>;

    /// The language the job writes in, which its errors are worded in too (`--lang`).
    fn words(&self) -> sheetgen_core::words::Words {
        sheetgen_core::words::Words::default()
    }
}

/// Record files read and checked, for the jobs that take them. Jobs ask for records
/// through this and never read record files themselves.
pub trait Records {
    /// The records of the file `path`, their texts checked against `font`, the job's.
    fn load(&self, path: &Path, font: &Arc<Font>) -> Result<Vec<GameInFile>, Error>;

    /// The record files `paths` name, folders walked ([`crate::folders`]).
    fn files(&self, paths: &[PathBuf]) -> crate::folders::Walk {
        crate::folders::record_files(paths)
    }
}

/// Reads record files from disk, for jobs.
pub struct Files;

impl Records for Files {
    fn load(&self, path: &Path, font: &Arc<Font>) -> Result<Vec<GameInFile>, Error> {
        crate::files::load(path, font)
    }
}

/// The `k`-th game (from 1) of a record file, checked against `font`.
pub fn pick(
    records: &dyn Records,
    path: &Path,
    k: usize,
    font: &Arc<Font>,
) -> Result<Box<dyn GameRecord>, Error> {
    let shown = sheetgen_core::diagnostic::shown_path(path);
    nth(records.load(path, font)?, k, |held| {
        Phrase::new("--game {k}: {file} holds {games}")
            .with("k", k)
            .with("file", shown)
            .phrase("games", held)
    })
}

/// The arguments clap parsed, read back into `T`: one that does not fit is a usage error.
pub fn parsed<T: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<T, Error> {
    // clap's own words, which it has in English only.
    T::from_arg_matches(matches).map_err(|e| Error::Usage(Phrase::verbatim(e.to_string())))
}

/// A game command's plan: its parsed arguments, and sheetgen's own `--lang`, to a job.
pub type Plan =
    fn(&clap::ArgMatches, Option<sheetgen_core::words::Lang>) -> Result<Box<dyn Job>, Error>;

/// A command a game adds to sheetgen: its arguments, and how they become a job.
pub struct GameCommand {
    /// The subcommand's name, so a run can find its command without building every game's.
    pub name: &'static str,
    /// Its one line in `sheetgen --help`.
    pub about: &'static str,
    /// Adds its arguments and their help to the subcommand: only when clap needs them (the
    /// command runs, or help, completions or the manual page show it), so that a run does not
    /// build every command's options.
    pub args: fn(clap::Command) -> clap::Command,
    /// The parsed arguments checked into a job, with sheetgen's own `--lang` (`sheetgen
    /// --lang de analyze …`) for a command that draws words; conflicts are refused here.
    pub plan: Plan,
}

impl GameCommand {
    /// The subcommand, with its arguments to be added when clap needs them.
    pub fn command(&self) -> clap::Command {
        clap::Command::new(self.name)
            .about(self.about)
            .defer(self.args)
    }
}

/// Where a command's output goes and in what format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub target: Target,
    pub format: sheetgen_core::backend::Format,
    /// `--font FILE`: the font all text is measured and drawn in, instead of sheetgen's own.
    pub font: Option<std::path::PathBuf>,
    /// `--width`: the whole figure's width (the height follows).
    pub width: Option<sheetgen_core::backend::Length>,
}

/// What a job made.
#[derive(Debug)]
pub enum Product {
    /// A drawing, for the backends to write in the output's format.
    Drawing(Document, Output),
    /// Finished bytes (a report, a YAML record) for this target.
    Bytes(Vec<u8>, Target),
    /// Games to step through, for the HTML backend.
    Replay(Box<sheetgen_core::replay::Replay>, Output),
    /// Files of finished bytes, each named, in a folder made if it is missing (`import -o
    /// DIR/`).
    Folder(crate::output::Folder),
}

/// What a job made, with the problems it met on the way (records it skipped), reported on
/// standard error after the output is written, and how it went.
#[derive(Debug)]
pub struct Made {
    pub product: Product,
    pub problems: Vec<Problem>,
    /// Notes for standard error that change no exit code (files of a folder left alone).
    pub notes: Vec<String>,
    pub status: Status,
}

impl Made {
    /// A play sheet, refused when a text runs past its paper
    /// ([`sheetgen_core::page::texts_on_their_pages`], the net under every sheet's own checks).
    pub fn sheet(document: Document, output: &Output) -> Result<Self, Error> {
        Self::sheet_refusing(document, output, |past| Error::Render(past.message))
    }

    /// [`Made::sheet`], a text past the paper refused by `refuse` (at its template key).
    pub fn sheet_refusing(
        document: Document,
        output: &Output,
        refuse: impl FnOnce(sheetgen_core::page::PastTheEdge) -> Error,
    ) -> Result<Self, Error> {
        sheetgen_core::page::texts_on_their_pages(&document).map_err(refuse)?;
        Ok(Self::drawing(document, output))
    }

    pub fn drawing(document: Document, output: &Output) -> Self {
        Self {
            product: Product::Drawing(document, output.clone()),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }

    /// Files written into a folder, nothing on standard output.
    pub fn folder(folder: crate::output::Folder) -> Self {
        Self {
            product: Product::Folder(folder),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }

    pub fn replay(replay: sheetgen_core::replay::Replay, output: &Output) -> Self {
        Self {
            product: Product::Replay(Box::new(replay), output.clone()),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }

    pub fn bytes(bytes: Vec<u8>, target: Target) -> Self {
        Self {
            product: Product::Bytes(bytes, target),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }
}
