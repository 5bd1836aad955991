//! `sheetgen render`: one game's diagram, with the command line's annotations, options,
//! theme and stylesheet.

use std::path::{Path, PathBuf};

use crate::files::{ReadFile, ThemeFile};
use crate::job::{Job, Records};
use crate::job::{Made, Output};
use sheetgen_core::diagram::Request;
use sheetgen_core::error::Error;
use sheetgen_core::theme::Theme;

/// A checked `render` command.
#[derive(Debug, Clone)]
pub struct RenderJob {
    /// The record file, or none for a `position`.
    pub record: Option<PathBuf>,
    /// A position to draw instead of a record's game (`--game G --position TEXT`).
    pub position: Option<sheetgen_core::games::GivenPosition>,
    /// Which game of the file, from 1.
    pub game: usize,
    /// Whether `--game` chose it: else a file of several games says which one was drawn.
    pub game_chosen: bool,
    pub request: Request,
    /// The theme's name or file, read when the job runs.
    pub theme: PathBuf,
    /// A stylesheet file to embed in the SVG.
    pub css: Option<PathBuf>,
    pub output: Output,
}

impl Job for RenderJob {
    fn inputs(&self) -> Vec<&Path> {
        let theme_file = Some(&self.theme).filter(|t| !Theme::is_built_in(t));
        self.record
            .iter()
            .chain(theme_file)
            .chain(&self.css)
            .map(PathBuf::as_path)
            .collect()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    fn run(self: Box<Self>, records: &dyn Records) -> Result<Made, Error> {
        let (record, drew_which) = match (&self.position, &self.record) {
            (Some(position), _) => (position.read().map_err(Error::Invalid)?, None),
            (None, Some(path)) => {
                let shown = sheetgen_core::diagnostic::shown_path(path);
                if path.is_dir() {
                    return Err(Error::Io(format!(
                        "cannot read {shown}: it is a directory, not a file; render draws one \
                         game of one file (booklet takes folders)"
                    )));
                }
                let entries = records.load(path)?;
                let held = entries.len();
                let record = sheetgen_core::games::nth(entries, self.game, |held| {
                    format!("--game {}: {shown} holds {held}", self.game)
                })?;
                let drew_which = (held > 1 && !self.game_chosen).then(|| {
                    format!(
                        "note: {shown} holds {held} games; this is game {} (choose another \
                         with --game N, or draw them all with booklet)",
                        self.game
                    )
                });
                (record, drew_which)
            }
            (None, None) => unreachable!("the plan gives a record or a position"),
        };
        let theme = Theme::named_or_file(&self.theme)?;
        if self.output.format == sheetgen_core::backend::Format::Html {
            return self.replay(&*record, theme, drew_which);
        }
        let mut document = sheetgen_core::diagram::draw(&*record, &self.request)?;
        let css = match &self.css {
            Some(path) => {
                let css = sheetgen_core::input::SourceFile::read_as(path, "CSS text")?;
                sheetgen_core::backend::svg::check_css(&css.text).map_err(|why| {
                    let path = sheetgen_core::diagnostic::shown_path(path);
                    Error::Usage(format!("--css {path}: {why}"))
                })?;
                Some(css.text.to_string())
            }
            None => None,
        };
        for page in &mut document.pages {
            theme.apply(page);
            page.css.clone_from(&css);
        }
        let mut made = Made::drawing(document, &self.output);
        made.notes.extend(self.request.words.untranslated());
        made.notes.extend(drew_which);
        Ok(made)
    }
}

impl RenderJob {
    /// The record's replay page, opening at `--at` when given.
    fn replay(
        &self,
        record: &dyn sheetgen_core::games::GameRecord,
        theme: Theme,
        drew_which: Option<String>,
    ) -> Result<Made, Error> {
        // What shapes one figure has no place on a page of every position.
        let refused = [
            (self.request.diagram.is_some(), "--diagram"),
            (self.request.caption.is_some(), "--caption"),
            (self.output.width.is_some(), "--width"),
            (!self.request.annotations.is_empty(), "an annotation"),
        ];
        if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
            return Err(Error::Usage(format!(
                "{option} shapes one figure; a replay page (--format html) shows every \
                 position of the game, its board as wide as the screen: leave {option} out, \
                 or open the page at a move with --at"
            )));
        }
        let options = sheetgen_core::game_replay::ReplayOptions {
            request: self.request.clone(),
            theme,
            open_at: sheetgen_core::diagram::at_count(record, self.request.at)?,
        };
        let replay = sheetgen_core::game_replay::single(record, &options)?;
        let mut made = Made::replay(replay, &self.output);
        made.notes.extend(self.request.words.untranslated());
        made.notes.extend(drew_which);
        Ok(made)
    }
}
