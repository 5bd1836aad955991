//! Shoreline's command: `shoreline` (the play sheet, filled from records, or a puzzle
//! sheet), which turns its arguments into a checked job.

use std::path::{Path, PathBuf};

use clap::{Args, ValueHint};

use crate::commands::template::SheetTemplateArgs;
use crate::job::{GameCommand, Job, Records};
use crate::job::{Made, Output};
use crate::options::{OutputArgs, PageArgs};
use sheetgen_core::error::{Error, Problem};
use sheetgen_core::games::shoreline::{Side, puzzles, sheet};
use sheetgen_core::vocabulary::Phrase;

pub fn all() -> Vec<GameCommand> {
    vec![GameCommand {
        name: "shoreline",
        about: "A Shoreline (岸棋) play sheet: boards to play on with score boxes, empty or \
                     filled from game records",
        args: SheetArgs::augment_args,
        plan: |m, _| {
            Ok(Box::new(SheetJob::plan(crate::job::parsed::<SheetArgs>(
                m,
            )?)?))
        },
    }]
}

#[derive(Debug, Args)]
struct SheetArgs {
    /// Game records to fill the boards with, in order (finished or not)
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,

    /// Number of boards on the page, 1 to 9
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=sheet::MAX_BOARDS as i64))]
    boards: u8,

    /// Who places first on board 1 of a blank sheet; later boards alternate (ruling S3).
    /// Filled boards follow their records' `rules: first` [default: black]
    #[arg(long, value_enum)]
    first: Option<SideArg>,

    /// Print the template's short rules under the boards
    #[arg(long)]
    rules: bool,

    /// A puzzle sheet instead: N positions (1 to 12) with one best move, solutions on page 2
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=sheetgen_core::games::shoreline::puzzles::MAX_PUZZLES as i64),
          conflicts_with_all = ["boards", "rules", "template"])]
    puzzles: Option<u8>,

    /// Which set of puzzles: the same seed gives the same puzzles
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,

    /// Cut marks at the corners of each board, for cutting the boards apart
    #[arg(long)]
    cut_marks: bool,

    #[command(flatten)]
    sheet: SheetTemplateArgs,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SideArg {
    Black,
    White,
}

/// The play sheet or the puzzle sheet, checked.
struct SheetJob {
    args: SheetArgs,
    output: Output,
}

impl SheetJob {
    fn plan(args: SheetArgs) -> Result<Self, Error> {
        if args.puzzles.is_some() && !args.files.is_empty() {
            return Err(Error::Usage(Phrase::new(
                "--puzzles makes its own positions; leave out the record files",
            )));
        }
        if args.puzzles.is_some() && (args.sheet.template.is_some() || args.cut_marks) {
            return Err(Error::Usage(Phrase::new(
                "--template and --cut-marks are for the play sheet, not --puzzles (the puzzle \
                 sheet has no template; --lang gives its words in another language)",
            )));
        }
        if args.first.is_some() && !args.files.is_empty() {
            return Err(Error::Usage(Phrase::new(
                "--first is for blank sheets: each record says who placed first (`rules: \
                 first`), and blank boards after the games go on alternating",
            )));
        }
        Ok(Self {
            output: args.output.output()?,
            args,
        })
    }

    /// The records' Shoreline games, in order, each with where it came from (`a.yaml #2`);
    /// any other game is refused, and every invalid record is reported, as `check` does.
    fn games(
        &self,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Vec<(sheetgen_core::games::shoreline::Record, String)>, Error> {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        for path in &records.files(&self.args.files).files {
            let shown = sheetgen_core::diagnostic::shown_path(path);
            let entries = match records.load(path, font) {
                Ok(entries) => entries,
                Err(error) => {
                    problems.push(Problem {
                        heading: format!("{shown}:"),
                        error,
                    });
                    continue;
                }
            };
            for entry in entries {
                let place = format!("{shown} #{}", entry.index);
                let record = match entry.game {
                    Ok(record) => record,
                    Err(d) => {
                        problems.push(Problem {
                            heading: format!("{place}: invalid"),
                            error: Error::Invalid(d),
                        });
                        continue;
                    }
                };
                match record
                    .as_any()
                    .downcast_ref::<sheetgen_core::games::shoreline::Record>()
                {
                    Some(game) => games.push((game.clone(), place)),
                    None => problems.push(Problem {
                        heading: format!("{place}:"),
                        error: Error::Usage(Phrase::new(
                            "a Shoreline sheet takes Shoreline games only",
                        )),
                    }),
                }
            }
        }
        if !problems.is_empty() {
            let message = format!(
                "{} of the records cannot fill the sheet; it is not drawn",
                problems.len()
            );
            return Err(Error::NothingLeft { problems, message });
        }
        Ok(games)
    }
}

/// Each board's record that does not name who placed first, read as the sheet's
/// alternation gives it (ruling S3), as the people filling the sheet in alternate: boards from
/// one file already are (`Game::read_following`), boards from several files are here. A note
/// for each such board.
fn take_the_alternation(
    games: &mut [(sheetgen_core::games::shoreline::Record, String)],
) -> Result<Vec<String>, Error> {
    for k in 1..games.len() {
        let previous = games[k - 1].0.play.rules.first;
        if let Some(read) = games[k].0.following(previous) {
            games[k].0 = read.map_err(Error::Invalid)?;
        }
    }
    Ok(games
        .iter()
        .filter_map(|(game, _)| game.alternation_note())
        .map(|note| note.note())
        .collect())
}

/// A note for each board whose record says another player placed first than the sheet's
/// alternation gives it (ruling S3): the empty sheet alternates, and a record that leaves
/// out `rules: { first: white }` on board 2 would silently swap the evening's colours.
fn alternation_notes(games: &[(sheetgen_core::games::shoreline::Record, String)]) -> Vec<String> {
    let Some(((first, _), rest)) = games.split_first() else {
        return Vec::new();
    };
    let mut expected = first.play.rules.first;
    let mut notes = Vec::new();
    for (k, (game, place)) in rest.iter().enumerate() {
        expected = expected.other();
        let written = game.play.rules.first;
        if written != expected {
            notes.push(format!(
                "warning: board {}: {place} says {} placed first, but the sheet alternates \
                 and board {} gives {} the first stone (ruling S3); if {} did, write \
                 rules: {{ first: {} }} in the record",
                k + 2,
                written.name(),
                k + 2,
                expected.name(),
                expected.name(),
                expected.name()
            ));
        }
    }
    notes
}

impl Job for SheetJob {
    fn inputs(&self) -> Vec<&Path> {
        self.args
            .files
            .iter()
            .chain(&self.args.sheet.template)
            .map(PathBuf::as_path)
            .collect()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let args = &self.args;
        if let Some(count) = args.puzzles {
            let found = puzzles::find(usize::from(count), args.seed);
            let words = sheetgen_core::words::Words::new(args.sheet.lang.unwrap_or_default());
            let document = puzzles::sheet(font, &found, args.seed, args.page.setup(), &words);
            let mut made = Made::sheet(document, &self.output)?;
            made.notes.extend(words.untranslated());
            return Ok(made);
        }
        let (template, note) = args.sheet.choose(
            &sheetgen_core::games::shoreline::template::BUILTIN,
            sheetgen_core::games::shoreline::Template::parse,
            font,
        )?;
        let mut games = self.games(records, font)?;
        let taken = take_the_alternation(&mut games)?;
        let alternation = alternation_notes(&games);
        let options = sheet::SheetOptions {
            boards: usize::from(args.boards),
            page: args.page.setup(),
            first: match args.first {
                None | Some(SideArg::Black) => Side::Black,
                Some(SideArg::White) => Side::White,
            },
            rules: args.rules,
            cut_marks: args.cut_marks,
            template,
            games: games.into_iter().map(|(game, _)| game).collect(),
            words: sheetgen_core::words::Words::new(args.sheet.lang.unwrap_or_default()),
            font: font.clone(),
        };
        let document = sheet::sheet(&options)?;
        let mut made = Made::sheet(document, &self.output)?;
        made.notes.extend(note);
        made.notes.extend(options.words.untranslated());
        made.notes.extend(taken);
        made.notes.extend(alternation);
        Ok(made)
    }
}
