//! Towers's command: `towers`, the play sheet.

use clap::{Args, FromArgMatches};

use super::sheet;
use super::template::{BUILTIN, Template};
use crate::error::Error;
use crate::games::template::TemplateArgs;
use crate::games::{GameCommand, Job, Records};
use crate::job::{Made, Output};
use crate::options::{OutputArgs, PageArgs};

pub fn all() -> Vec<GameCommand> {
    vec![GameCommand {
        name: "towers",
        about: "A Towers play sheet: the rhombus board, name and date lines and a scoring table",
        args: SheetArgs::augment_args,
        plan: |m| {
            let args = SheetArgs::from_arg_matches(m)?;
            Ok(Box::new(SheetJob {
                output: args.output.output()?,
                args,
            }))
        },
    }]
}

#[derive(Debug, Args)]
struct SheetArgs {
    /// Print the template's short rules under the board
    #[arg(long)]
    rules: bool,

    #[command(flatten)]
    sheet: TemplateArgs,

    #[command(flatten)]
    page: PageArgs,

    #[command(flatten)]
    output: OutputArgs,
}

struct SheetJob {
    args: SheetArgs,
    output: Output,
}

impl Job for SheetJob {
    fn inputs(&self) -> Vec<&std::path::Path> {
        self.args
            .sheet
            .template
            .iter()
            .map(std::path::PathBuf::as_path)
            .collect()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    fn run(self: Box<Self>, _: &dyn Records) -> Result<Made, Error> {
        let (template, note) = self.args.sheet.choose(&BUILTIN, Template::parse)?;
        let document = sheet::play_sheet(&sheet::SheetOptions {
            page: self.args.page.setup(),
            template,
            rules: self.args.rules,
        })?;
        let mut made = Made::sheet(document, &self.output)?;
        made.notes.extend(note);
        Ok(made)
    }
}
