//! Towers's command: `towers`, the play sheet.

use clap::Args;

use crate::commands::template::SheetTemplateArgs;
use crate::job::{GameCommand, Job, Records};
use crate::job::{Made, Output};
use crate::options::{OutputArgs, PageArgs};
use sheetgen_core::error::Error;
use sheetgen_core::games::towers::sheet;
use sheetgen_core::games::towers::template::{BUILTIN, Template};

pub fn all() -> Vec<GameCommand> {
    vec![GameCommand {
        name: "towers",
        about: "A Towers play sheet: the rhombus board, name and date lines and a scoring table",
        args: SheetArgs::augment_args,
        plan: |m, _| {
            let args = crate::job::parsed::<SheetArgs>(m)?;
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
    sheet: SheetTemplateArgs,

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

    fn run(
        self: Box<Self>,
        _: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let (template, note) = self.args.sheet.choose(&BUILTIN, Template::parse, font)?;
        // A text past the paper is refused at its key: the template is kept for that.
        let kept = template.clone();
        let document = sheet::play_sheet(&sheet::SheetOptions {
            page: self.args.page.setup(),
            template,
            rules: self.args.rules,
            font: font.clone(),
        })?;
        let refuse = |past| kept.refuse_past_the_edge(past);
        let mut made = Made::sheet_refusing(document, &self.output, refuse)?;
        made.notes.extend(note);
        Ok(made)
    }
}
