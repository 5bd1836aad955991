//! What every sheet command shares about templates: `--template FILE` and `--lang L`
//! ([`SheetTemplateArgs`]), and `sheetgen template GAME` ([`TemplateJob`]), which prints a
//! game's built-in template to start one's own from.

use std::path::{Path, PathBuf};

use sheetgen_core::error::Error;
use sheetgen_core::games::template::{Builtin, Lang, translated, untranslated};
use sheetgen_core::input::SourceFile;

use crate::files::ReadFile;
use crate::job::{Job, Made, Output, Records};
use crate::output::Target;

// `--template FILE` and `--lang L`, the options every sheet command shares (a plain
// comment: clap would take a doc comment for the commands' own description).
#[derive(Debug, Clone, clap::Args)]
pub struct SheetTemplateArgs {
    /// Sheet template (YAML) to use instead of the built-in one; `sheetgen template GAME`
    /// prints the built-in one to start from
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub template: Option<PathBuf>,

    /// Language of the built-in template's texts [default: en] (a template of your own
    /// carries its own texts)
    #[arg(long, value_parser = crate::options::lang(), conflicts_with = "template")]
    pub lang: Option<Lang>,
}

impl SheetTemplateArgs {
    /// The template the sheet uses: the user's file, or the built-in one in `--lang`, with
    /// a note for texts left in English.
    pub fn choose<T>(
        &self,
        builtin: &Builtin,
        parse: impl Fn(&SourceFile, &sheetgen_core::font::Font) -> Result<T, Error>,
        font: &sheetgen_core::font::Font,
    ) -> Result<(T, Option<String>), Error> {
        if let Some(path) = &self.template {
            return Ok((parse(&SourceFile::read(path)?, font)?, None));
        }
        let lang = self.lang.unwrap_or_default();
        let (text, missing) = translated(builtin, lang);
        let template = parse(&SourceFile::new(builtin.path, &text), font)?;
        Ok((template, untranslated(lang, &missing)))
    }
}

/// `sheetgen template GAME`: the built-in template, comments and all, on standard output.
pub struct TemplateJob {
    pub builtin: &'static Builtin,
    pub lang: Lang,
}

impl Job for TemplateJob {
    fn inputs(&self) -> Vec<&Path> {
        Vec::new()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(
        self: Box<Self>,
        _: &dyn Records,
        _: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let (text, missing) = translated(self.builtin, self.lang);
        let mut made = Made::bytes(text.into_bytes(), Target::Stdout);
        made.notes.extend(untranslated(self.lang, &missing));
        Ok(made)
    }
}
