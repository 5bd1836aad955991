//! Lines of Action's commands: `loa` (the board or a scoresheet) and `import` (move text or
//! SGF into a checked record).

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum, ValueHint};

use crate::commands::template::SheetTemplateArgs;
use crate::files::{ReadFile, identity, within};
use crate::job::{GameCommand, Job, Records};
use crate::job::{Made, Output};
use crate::options::{OutputArgs, PageArgs, target};
use crate::output::{Folder, Target};
use sheetgen_core::error::{Error, Problem};
use sheetgen_core::games::Game;
use sheetgen_core::games::loa::game::{Rules, check_obstruction};
use sheetgen_core::games::loa::import::{Metadata, import_with};
use sheetgen_core::games::loa::rules::Setup;
use sheetgen_core::games::loa::sheet;
use sheetgen_core::games::loa::template::{BUILTIN, Template};
use sheetgen_core::input::{MAX_INPUT_BYTES, SourceFile};
use sheetgen_core::vocabulary::{Phrase, plural};

pub fn all() -> Vec<GameCommand> {
    vec![
        GameCommand {
            name: "loa",
            about: "A Lines of Action board with the start position, or a move-record scoresheet",
            args: SheetArgs::augment_args,
            plan: |m, _| {
                Ok(Box::new(SheetJob::plan(crate::job::parsed::<SheetArgs>(
                    m,
                )?)?))
            },
        },
        GameCommand {
            name: "import",
            about: "Turn Lines of Action games in move text or SGF (GM[9]) into checked YAML \
                     records, players, event, round, result and comments kept",
            args: ImportArgs::augment_args,
            plan: |m, _| {
                Ok(Box::new(ImportJob::plan(
                    crate::job::parsed::<ImportArgs>(m)?,
                )?))
            },
        },
    ]
}

#[derive(Debug, Args)]
struct SheetArgs {
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

    /// Print the template's short rules under the board (board sheet only)
    #[arg(long, conflicts_with = "scoresheet")]
    rules: bool,

    #[command(flatten)]
    sheet: SheetTemplateArgs,

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

struct SheetJob {
    args: SheetArgs,
    rules: Rules,
    output: Output,
}

impl SheetJob {
    fn plan(args: SheetArgs) -> Result<Self, Error> {
        let mut rules = Rules {
            size: usize::from(args.size),
            setup: match args.setup {
                SetupArg::Standard => Setup::Standard,
                SetupArg::ScrambledEggs => Setup::ScrambledEggs,
            },
            ..Rules::default()
        };
        for name in &args.obstructions {
            let square = check_obstruction(name, &rules)
                .map_err(|e| Error::Usage(Phrase::new("--obstructions: {why}").with("why", e)))?;
            rules.obstructions.push(square);
        }
        Ok(Self {
            output: args.output.output()?,
            rules,
            args,
        })
    }
}

impl Job for SheetJob {
    fn inputs(&self) -> Vec<&Path> {
        self.args
            .sheet
            .template
            .iter()
            .map(PathBuf::as_path)
            .collect()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    fn run(
        self: Box<Self>,
        _: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let page = self.args.page.setup();
        let (template, note) = self.args.sheet.choose(&BUILTIN, Template::parse, font)?;
        let document = if self.args.scoresheet {
            sheet::scoresheet(font, page, &self.rules, &template)?
        } else {
            let template_file = match &self.args.sheet.template {
                Some(file) => file.clone(),
                None => PathBuf::from(BUILTIN.path),
            };
            sheet::board_sheet(&sheet::SheetOptions {
                page,
                rules: self.rules.clone(),
                empty: self.args.empty,
                short_rules: self.args.rules,
                template,
                font: font.clone(),
            })
            .map_err(|why| {
                Error::Invalid(sheetgen_core::diagnostic::Diagnostic::file(
                    template_file,
                    why,
                ))
            })?
        };
        let mut made = Made::sheet(document, &self.output)?;
        made.notes.extend(note);
        Ok(made)
    }
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// Move text (`1. b1-b3 h3-e3 2. b3xe3 …`, tag headers like `[Event "Club night"]`
    /// allowed) or SGF files, or folders of them (their `.sgf` files and `.txt` files of move
    /// text)
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::AnyPath)]
    sources: Vec<PathBuf>,

    /// Write the records to FILE (one YAML file, a document per game), or into the folder
    /// DIR (an existing folder, or a name ending in `/`: one YAML file per input, named
    /// after it); standard output when not given
    #[arg(short = 'o', long = "output", value_name = "FILE|DIR", value_hint = ValueHint::AnyPath)]
    file: Option<PathBuf>,

    /// The title of every game imported (instead of the file's own: SGF GN)
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,

    /// The event (SGF EV, tag [Event])
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,

    /// The round (SGF RO, tag [Round])
    #[arg(long, value_name = "TEXT")]
    round: Option<String>,

    /// The date (SGF DT, tag [Date]), e.g. 2026-11-03
    #[arg(long, value_name = "TEXT")]
    date: Option<String>,

    /// Black's name (SGF PB, tag [Black])
    #[arg(long, value_name = "NAME")]
    black: Option<String>,

    /// White's name (SGF PW, tag [White])
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
}

struct ImportJob {
    sources: Vec<PathBuf>,
    /// Where the records go: one target, or a folder of one file per input.
    into: Into,
    metadata: Metadata,
}

enum Into {
    One(Target),
    Folder(PathBuf),
}

impl ImportJob {
    fn plan(args: ImportArgs) -> Result<Self, Error> {
        let metadata = Metadata {
            title: args.title,
            event: args.event,
            round: args.round,
            date: args.date,
            black: args.black,
            white: args.white,
        };
        metadata.check().map_err(Error::Usage)?;
        let into = match args.file {
            Some(dir) if dir.is_dir() || dir.as_os_str().as_encoded_bytes().ends_with(b"/") => {
                Into::Folder(dir)
            }
            file => Into::One(target(file.as_deref())),
        };
        Ok(Self {
            sources: args.sources,
            into,
            metadata,
        })
    }

    /// The files to import: a file as named, a folder's SGF and move text files (its YAML
    /// records are sheetgen's already, and left alone with the rest).
    fn files(&self, records: &dyn Records) -> (Vec<PathBuf>, Vec<String>) {
        let mut files = Vec::new();
        let mut notes = Vec::new();
        for path in &self.sources {
            if !path.is_dir() {
                files.push(path.clone());
                continue;
            }
            let walk = records.files(std::slice::from_ref(path));
            let others = walk.others;
            let mut records = Vec::new();
            for file in walk.files {
                let yaml = file
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "yaml" | "yml"));
                if yaml {
                    records.push(file);
                } else {
                    files.push(file);
                }
            }
            notes.extend(walk.notes);
            let shown = sheetgen_core::diagnostic::shown_path(path);
            // A YAML record needs no import, but a bulletin made from the imported folder
            // alone would miss it: say which.
            for record in records {
                notes.push(format!(
                    "{}: already a YAML record, not imported (give it to booklet beside the \
                     imported folder, or copy it there)",
                    sheetgen_core::diagnostic::shown_path(&record)
                ));
            }
            if others > 0 {
                notes.push(format!(
                    "{shown}: {others} other {} left alone",
                    if others == 1 { "file" } else { "files" }
                ));
            }
        }
        (files, notes)
    }
}

/// What import writes, sheetgen must read back: a record over the input limit is refused
/// here rather than written and then refused by `check`.
fn readable_back(path: &Path, bytes: usize) -> Result<(), Error> {
    if bytes as u64 > MAX_INPUT_BYTES {
        return Err(Error::Invalid(sheetgen_core::diagnostic::Diagnostic::file(
            path,
            format!(
                "its games would take {bytes} bytes as a record, more than the \
                 {MAX_INPUT_BYTES} bytes (4 MiB) sheetgen reads"
            ),
        )));
    }
    Ok(())
}

impl Job for ImportJob {
    fn inputs(&self) -> Vec<&Path> {
        self.sources.iter().map(PathBuf::as_path).collect()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn written(&self) -> Option<&Target> {
        match &self.into {
            Into::One(target) => Some(target),
            Into::Folder(_) => None,
        }
    }

    /// Each file imported whole or not at all: a file with a game that cannot be imported
    /// is named on standard error with the reason and left out; the others are written.
    fn run(
        self: Box<Self>,
        records: &dyn Records,
        _: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let (files, mut notes) = self.files(records);
        let mut imported: Vec<(PathBuf, String)> = Vec::new();
        let mut problems = Vec::new();
        for path in &files {
            let shown = sheetgen_core::diagnostic::shown_path(path);
            let read = SourceFile::read_as(path, "move text or SGF")
                .map_err(|e| match e {
                    Error::Config(d) => Error::Invalid(d),
                    other => other,
                })
                .and_then(|source| {
                    import_with(&source, &self.metadata).map_err(|d| {
                        Error::Invalid(sheetgen_core::games::loa::LinesOfAction.with_rules_page(d))
                    })
                });
            let read = read.and_then(|(yaml, dropped)| {
                readable_back(path, yaml.len())?;
                Ok((yaml, dropped))
            });
            match read {
                Ok((yaml, dropped)) => {
                    notes.extend(
                        dropped
                            .iter()
                            .map(sheetgen_core::diagnostic::Diagnostic::note),
                    );
                    imported.push((path.clone(), yaml));
                }
                Err(error) => problems.push(Problem {
                    heading: format!("skipped {shown}:"),
                    error,
                }),
            }
        }
        let status = problems
            .iter()
            .map(|p| p.error.status())
            .max()
            .unwrap_or_default();
        if imported.is_empty() {
            if problems.len() == 1 && self.sources.len() == 1 {
                return Err(problems.remove(0).error);
            }
            return Err(Error::NothingLeft {
                problems,
                message: "no file could be imported".into(),
            });
        }
        let made = match &self.into {
            Into::One(target) => {
                let yaml: Vec<String> = imported.into_iter().map(|(_, y)| y).collect();
                let yaml = yaml.join("---\n");
                if yaml.len() as u64 > MAX_INPUT_BYTES {
                    return Err(Error::Usage(
                        Phrase::new(
                            "-o: the imported records would take {bytes} bytes, more than the \
                             {most} bytes (4 MiB) sheetgen reads; import into a folder (`-o \
                             DIR/`, one file per input) or in parts",
                        )
                        .with("bytes", yaml.len())
                        .with("most", MAX_INPUT_BYTES),
                    ));
                }
                Made::bytes(yaml.into_bytes(), target.clone())
            }
            Into::Folder(dir) => {
                let outs: Vec<PathBuf> = imported
                    .iter()
                    .map(|(path, _)| {
                        let name = path.file_stem().unwrap_or(path.as_os_str());
                        dir.join(name).with_extension("yaml")
                    })
                    .collect();
                // Records written into a folder the import reads would be read again beside
                // the files they came from: a bulletin of the folder would hold every game
                // twice.
                if let Some(source) = self.sources.iter().find(|s| s.is_dir() && within(dir, s)) {
                    return Err(Error::Usage(
                        Phrase::new(
                            "-o {dir}: the records would go into {source}, which the import \
                             reads, and every game would be there twice; import into another \
                             folder",
                        )
                        .with("dir", sheetgen_core::diagnostic::shown_path(dir))
                        .with("source", sheetgen_core::diagnostic::shown_path(source)),
                    ));
                }
                let read: Vec<_> = files.iter().filter_map(|f| identity(f)).collect();
                for (k, out) in outs.iter().enumerate() {
                    let shown = sheetgen_core::diagnostic::shown_path(out);
                    if identity(out).is_some_and(|id| read.contains(&id)) {
                        return Err(Error::Usage(
                            Phrase::new("-o: {file} would be written over, and it is an input")
                                .with("file", &shown),
                        ));
                    }
                    if outs[..k].contains(out) {
                        return Err(Error::Usage(
                            Phrase::new(
                                "-o: two inputs would both be written to {file} (rename one, or \
                                 import into one file)",
                            )
                            .with("file", &shown),
                        ));
                    }
                }
                notes.push(format!(
                    "wrote {} into {}",
                    plural(outs.len(), "record file"),
                    sheetgen_core::diagnostic::shown_path(dir)
                ));
                // A name ending in `/` is a folder to make.
                let files = outs
                    .into_iter()
                    .zip(imported)
                    .map(|(out, (_, yaml))| (out, yaml.into_bytes()))
                    .collect();
                Made::folder(Folder {
                    dir: dir.clone(),
                    files,
                })
            }
        };
        Ok(Made {
            problems,
            notes,
            status,
            ..made
        })
    }
}
