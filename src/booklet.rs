//! `sheetgen booklet`: record files (or a position) read, checked and laid out as a club's
//! bulletin by the core's [`sheetgen_core::booklet`], or, with `--format html`, as a season's
//! replay page.

use std::path::{Path, PathBuf};

use sheetgen_core::booklet::{BookletOptions, booklet_drawn_as_written};
use sheetgen_core::error::{Error, Problem};
use sheetgen_core::page::PageSetup;
use sheetgen_core::theme::Theme;
use sheetgen_core::vocabulary::Phrase;
use sheetgen_core::words::Words;

use crate::files::ThemeFile;
use crate::job::{Job, Made, Output, Records};

/// A checked `booklet` command.
#[derive(Debug, Clone)]
pub struct BookletJob {
    pub files: Vec<PathBuf>,
    /// A position to put in the booklet instead of files (`--game G --position TEXT`).
    pub position: Option<sheetgen_core::games::GivenPosition>,
    pub page: PageSetup,
    pub per_page: usize,
    pub every: Option<usize>,
    /// The theme's name or file, read when the job runs.
    pub theme: PathBuf,
    pub words: Words,
    /// `--text-size`, in points.
    pub text_size: Option<f64>,
    /// `--title` and `--date`.
    pub title: Option<String>,
    pub date: Option<String>,
    /// `--analysis`, with its `--nodes`.
    pub analysis: Option<u64>,
    pub output: Output,
}

impl Job for BookletJob {
    fn inputs(&self) -> Vec<&Path> {
        let theme_file = Some(&self.theme).filter(|t| !Theme::is_built_in(t));
        self.files
            .iter()
            .chain(theme_file)
            .map(PathBuf::as_path)
            .collect()
    }

    fn words(&self) -> sheetgen_core::words::Words {
        self.words.clone()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    /// Invalid games and unreadable files are left out and reported, with the status
    /// `check` would give them; the booklet holds the rest.
    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        for (option, text) in [("--title", &self.title), ("--date", &self.date)] {
            if let Some(text) = text {
                font.check(text).map_err(|m| {
                    Error::Usage(
                        Phrase::new("{option}: {why}")
                            .with("option", option)
                            .with("why", m),
                    )
                })?;
            }
        }
        let mut games = Vec::new();
        let mut problems = Vec::new();
        let mut notes = Vec::new();
        if let Some(position) = &self.position {
            match position.read() {
                Ok(game) => games.push(game),
                Err(d) => return Err(Error::Invalid(d)),
            }
        }
        let walk = records.files(&self.files);
        let mut seen = crate::twice::SeenGames::of_files(walk.files.len());
        for path in &walk.files {
            let shown = sheetgen_core::diagnostic::shown_path(path);
            match records.load(path, font).map_err(|e| walk.explain(path, e)) {
                Ok(entries) => {
                    for entry in entries {
                        notes.extend(
                            entry
                                .notes
                                .iter()
                                .map(sheetgen_core::diagnostic::Diagnostic::note),
                        );
                        // A game whose names the font cannot draw is left out of pages
                        // like an invalid one; a replay page's text is the browser's to draw.
                        let drawable = |game: &dyn sheetgen_core::games::GameRecord| {
                            if self.output.format == sheetgen_core::backend::Format::Html {
                                return Ok(());
                            }
                            game.about().drawable(font)
                        };
                        match entry.game.and_then(|game| drawable(&*game).map(|()| game)) {
                            Ok(game) => {
                                let place = || format!("{shown} #{}", entry.index);
                                notes.extend(seen.note(&*game, place));
                                games.push(game);
                            }
                            Err(d) => problems.push(Problem {
                                heading: format!("skipped {shown} #{}:", entry.index),
                                error: Error::Invalid(d),
                            }),
                        }
                    }
                }
                Err(error) => problems.push(Problem {
                    heading: format!("skipped {shown}:"),
                    error,
                }),
            }
        }
        for folder in &walk.cut {
            problems.push(Problem {
                heading: format!("{}:", sheetgen_core::diagnostic::shown_path(folder)),
                error: crate::folders::cut_error(folder),
            });
        }
        if games.is_empty() {
            return Err(Error::NothingLeft {
                problems,
                message: "no valid game to put in the booklet".into(),
            });
        }
        let theme = Theme::named_or_file(&self.theme)?;
        // `--format html`: the season's replay page (game_replay) instead of pages.
        let made = if self.output.format == sheetgen_core::backend::Format::Html {
            let named = (self.title.as_deref(), self.date.as_deref());
            let games: Vec<std::sync::Arc<dyn sheetgen_core::games::GameRecord>> =
                games.into_iter().map(Into::into).collect();
            let replay =
                sheetgen_core::game_replay::season_page(&games, named, theme, (&self.words, font))?;
            Made::replay(replay, &self.output)
        } else {
            let options = BookletOptions {
                page: self.page,
                per_page: self.per_page,
                every: self.every,
                theme,
                words: self.words.clone(),
                text_size: self.text_size,
                title: self.title.clone(),
                date: self.date.clone(),
                analysis: self.analysis,
                font: font.clone(),
            };
            Made::drawing(booklet_drawn_as_written(games, &options)?, &self.output)
        };
        let status = problems
            .iter()
            .map(|p| p.error.status())
            .max()
            .unwrap_or_default();
        let others = walk.others_line();
        let mut notes = [walk.notes, notes].concat();
        notes.extend(others);
        notes.extend(self.words.untranslated());
        Ok(Made {
            problems,
            notes,
            status,
            ..made
        })
    }
}
