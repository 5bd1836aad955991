//! `sheetgen render`: one game's diagram, with the command line's annotations, options,
//! theme and stylesheet.

use std::path::{Path, PathBuf};

use crate::files::{ReadFile, ThemeFile};
use crate::job::{Job, Records};
use crate::job::{Made, Output};
use sheetgen_core::error::Error;
use sheetgen_core::input::SourceFile;
use sheetgen_core::render::{RenderRequest, Rendered};
use sheetgen_core::theme::Theme;
use sheetgen_core::vocabulary::Phrase;

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
    /// What to draw; its theme and stylesheet are read from [`Self::theme`] and
    /// [`Self::css`] when the job runs.
    pub request: RenderRequest,
    /// The theme's name or file, read when the job runs.
    pub theme: PathBuf,
    /// A stylesheet file to embed in the SVG.
    pub css: Option<PathBuf>,
    /// The review `analyze --format json` wrote, to draw the review figure from.
    pub analysis_from: Option<PathBuf>,
    pub output: Output,
}

impl Job for RenderJob {
    fn inputs(&self) -> Vec<&Path> {
        let theme_file = Some(&self.theme).filter(|t| !Theme::is_built_in(t));
        self.record
            .iter()
            .chain(theme_file)
            .chain(&self.css)
            .chain(&self.analysis_from)
            .map(PathBuf::as_path)
            .collect()
    }

    fn words(&self) -> sheetgen_core::words::Words {
        self.request.figure.words.clone()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let (record, drew_which) = match (&self.position, &self.record) {
            (Some(position), _) => (position.read().map_err(Error::Invalid)?, None),
            (None, Some(path)) => {
                let shown = sheetgen_core::diagnostic::shown_path(path);
                if path.is_dir() {
                    return Err(Error::Io(sheetgen_core::io_error::IoError::ReadFolder {
                        path: path.clone(),
                        one_game: true,
                    }));
                }
                let entries = records.load(path, font)?;
                let held = entries.len();
                let record = sheetgen_core::games::nth(entries, self.game, |held| {
                    Phrase::new("--game {k}: {file} holds {games}")
                        .with("k", self.game)
                        .with("file", &shown)
                        .phrase("games", held)
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
        // The figure is measured in the font the job was given (`--font`).
        let figure = sheetgen_core::diagram::FigureSpec {
            font: font.clone(),
            review: self.review()?,
            ..self.request.figure.clone()
        };
        let request = RenderRequest {
            theme: Theme::named_or_file(&self.theme)?,
            css: self.css()?,
            figure,
            ..self.request.clone()
        };
        let mut made = match sheetgen_core::render::render(record.into(), &request)? {
            Rendered::Document(document) => Made::drawing(document, &self.output),
            Rendered::Replay(replay) => Made::replay(*replay, &self.output),
        };
        made.notes.extend(request.figure.words.untranslated());
        made.notes.extend(drew_which);
        Ok(made)
    }
}

impl RenderJob {
    /// `--analysis-from FILE`, read: the review of the game drawn.
    fn review(&self) -> Result<Option<sheetgen_core::games::ReadReview>, Error> {
        let Some(path) = &self.analysis_from else {
            return Ok(None);
        };
        let review = SourceFile::read_as(path, "JSON lines")?;
        Ok(Some(sheetgen_core::games::ReadReview {
            text: review.text,
            game: self.game,
        }))
    }

    /// `--css FILE`, read and checked.
    fn css(&self) -> Result<Option<String>, Error> {
        let Some(path) = &self.css else {
            return Ok(None);
        };
        let css = SourceFile::read_as(path, "CSS text")?;
        sheetgen_core::backend::svg::check_css(&css.text).map_err(|why| {
            let path = sheetgen_core::diagnostic::shown_path(path);
            Error::Usage(
                Phrase::new("--css {file}: {why}")
                    .with("file", path)
                    .with("why", why),
            )
        })?;
        Ok(Some(css.text.to_string()))
    }
}
