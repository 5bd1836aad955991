//! Lines of Action's commands: `loa` (the board or a scoresheet) and `import` (move text or
//! SGF into a checked record).

use std::path::{Path, PathBuf};

use clap::{Args, FromArgMatches, ValueEnum, ValueHint};

use super::game::{Rules, check_obstruction};
use super::rules::Setup;
use super::sheet;
use super::template::{BUILTIN, Template};
use crate::error::Error;
use crate::games::template::TemplateArgs;
use crate::games::{Game, GameCommand, Job, Records};
use crate::input::SourceFile;
use crate::job::{Made, Output};
use crate::options::{OutputArgs, PageArgs, target};
use crate::output::Target;

pub fn all() -> Vec<GameCommand> {
    vec![
        GameCommand {
            name: "loa",
            about: "A Lines of Action board with the start position, or a move-record scoresheet",
            args: SheetArgs::augment_args,
            plan: |m| Ok(Box::new(SheetJob::plan(SheetArgs::from_arg_matches(m)?)?)),
        },
        GameCommand {
            name: "import",
            about: "Turn a Lines of Action game in move text or SGF (GM[9]) into a checked YAML \
                     record",
            args: ImportArgs::augment_args,
            plan: |m| {
                let args = ImportArgs::from_arg_matches(m)?;
                Ok(Box::new(ImportJob {
                    target: target(args.file.as_deref()),
                    source: args.source,
                }))
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
    sheet: TemplateArgs,

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
                .map_err(|e| Error::Usage(format!("--obstructions: {e}")))?;
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

    fn run(self: Box<Self>, _: &dyn Records) -> Result<Made, Error> {
        let page = self.args.page.setup();
        let (template, note) = self.args.sheet.choose(&BUILTIN, Template::parse)?;
        let document = if self.args.scoresheet {
            sheet::scoresheet(page, &self.rules, &template)
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
            })
            .map_err(|why| {
                Error::Invalid(crate::diagnostic::Diagnostic::file(template_file, why))
            })?
        };
        let mut made = Made::drawing(document, &self.output);
        made.problems.extend(note);
        Ok(made)
    }
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// Move text (`1. b1-b3 h3-e3 2. b3xe3 …`) or an SGF file
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    source: PathBuf,

    /// Write the record to FILE instead of standard output
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = ValueHint::FilePath)]
    file: Option<PathBuf>,
}

struct ImportJob {
    source: PathBuf,
    target: Target,
}

impl Job for ImportJob {
    fn inputs(&self) -> Vec<&Path> {
        vec![&self.source]
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn written(&self) -> Option<&Target> {
        Some(&self.target)
    }

    fn run(self: Box<Self>, _: &dyn Records) -> Result<Made, Error> {
        let source =
            SourceFile::read_as(&self.source, "move text or SGF").map_err(|e| match e {
                Error::Config(d) => Error::Invalid(d),
                other => other,
            })?;
        let yaml = super::import::import(&source)
            .map_err(|d| Error::Invalid(super::LinesOfAction.with_rules_page(d)))?;
        Ok(Made::bytes(yaml.into_bytes(), self.target))
    }
}
