//! Booklets: a club's bulletin of many games on A4 or Letter pages. Its title and date, the
//! event's results (a crosstable or the games by round), a contents list past eight games,
//! then each game: a heading (players, event, round, result), its moves in numbered pairs
//! with the record's comments, and its diagrams (the ones the record names in `diagrams`,
//! one every N moves, or the final position), with page numbers throughout.
//!
//! `booklet` lays the parts out one after another ([`flow`]); each game's part is
//! [`game_section`], where further per-game pages or blocks go.

mod contents;
mod diagrams;
mod flow;
mod heading;
mod movelist;
mod results;
mod review;
mod style;
mod table;

#[cfg(feature = "cli")]
use std::path::{Path, PathBuf};

use crate::error::Error;
#[cfg(feature = "cli")]
use crate::error::Problem;
use crate::figure::{Anchor, Document, Figure, Group, Point, Rect, Text};
#[cfg(feature = "cli")]
use crate::font;
use crate::games::GameRecord;
#[cfg(feature = "cli")]
use crate::games::{Job, Records};
#[cfg(feature = "cli")]
use crate::job::{Made, Output};
use crate::layout::line_height;
#[cfg(feature = "cli")]
use crate::page::PageSetup;
#[cfg(feature = "cli")]
use crate::theme::Theme;
#[cfg(feature = "cli")]
use crate::words::Words;
use diagrams::{Cells, Drawn, Entry};
use flow::Flow;
pub use style::BookletOptions;
use style::{GAP, MARGIN};

#[cfg(feature = "cli")]
/// A checked `booklet` command.
#[derive(Debug, Clone)]
pub struct BookletJob {
    pub files: Vec<PathBuf>,
    /// A position to put in the booklet instead of files (`--game G --position TEXT`).
    pub position: Option<crate::games::GivenPosition>,
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

#[cfg(feature = "cli")]
impl Job for BookletJob {
    fn inputs(&self) -> Vec<&Path> {
        let theme_file = Some(&self.theme).filter(|t| !Theme::is_built_in(t));
        self.files
            .iter()
            .chain(theme_file)
            .map(PathBuf::as_path)
            .collect()
    }

    fn output(&self) -> Option<&Output> {
        Some(&self.output)
    }

    /// Invalid games and unreadable files are left out and reported, with the status
    /// `check` would give them; the booklet holds the rest.
    fn run(self: Box<Self>, records: &dyn Records) -> Result<Made, Error> {
        for (option, text) in [("--title", &self.title), ("--date", &self.date)] {
            if let Some(text) = text {
                font::check(text).map_err(|m| Error::Usage(format!("{option}: {m}")))?;
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
        for path in &walk.files {
            let shown = crate::diagnostic::shown_path(path);
            match records.load(path) {
                Ok(entries) => {
                    for entry in entries {
                        notes.extend(entry.notes.iter().map(crate::diagnostic::Diagnostic::note));
                        match entry.game {
                            Ok(game) => games.push(game),
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
        if games.is_empty() {
            return Err(Error::NothingLeft {
                problems,
                message: "no valid game to put in the booklet".into(),
            });
        }
        let theme = Theme::named_or_file(&self.theme)?;
        // `--format html`: the season's replay page (game_replay) instead of pages.
        let made = if self.output.format == crate::backend::Format::Html {
            let named = (self.title.as_deref(), self.date.as_deref());
            let replay = crate::game_replay::season_page(&games, named, theme, &self.words)?;
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
            };
            Made::drawing(booklet(&games, &options)?, &self.output)
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

/// Diagrams in one booklet, at most: each is drawn in memory before the pages are laid
/// out, and a thousand already make a 170-page booklet.
pub const MAX_DIAGRAMS: usize = 1_000;

/// Games past which the booklet lists them in a contents list.
pub const CONTENTS_FROM: usize = 9;

/// The booklet of `games`.
pub fn booklet(games: &[Box<dyn GameRecord>], options: &BookletOptions) -> Result<Document, Error> {
    let count: usize = games
        .iter()
        .map(|game| diagrams::count(&**game, options.every))
        .sum();
    if count > MAX_DIAGRAMS {
        return Err(Error::Usage(format!(
            "the booklet would hold {count} diagrams; sheetgen draws at most {MAX_DIAGRAMS} \
             in one booklet (fewer files, or a larger --every)"
        )));
    }
    let reviews = review::pages(games, options)?;
    let games: Vec<&dyn GameRecord> = games.iter().map(|g| &**g).collect();
    if games.is_empty() {
        return Err(Error::Usage("no valid game to put in the booklet".into()));
    }
    let (width, height) = options.page.size();
    let footer = line_height(options.caption_pt()) * 1.5;
    let area = Rect::new(
        MARGIN,
        MARGIN,
        width - 2.0 * MARGIN,
        height - 2.0 * MARGIN - footer,
    );
    let title = heading::booklet_title(&games, options);
    let drawn = draw_diagrams(&games, area, options)?;
    let mut flow = Flow::new(area);
    heading::front(&mut flow, &title, &games, options)?;
    results::draw(&mut flow, &games, options)?;
    let contents = match games.len() >= CONTENTS_FROM {
        true => Some(contents::reserve(&mut flow, &games, options)?),
        false => None,
    };
    let mut first_pages = Vec::new();
    for (k, (game, drawn)) in games.iter().zip(drawn).enumerate() {
        if k == 0 && contents.is_some() {
            flow.new_page();
        } else {
            flow.gap(GAP);
        }
        let number = (games.len() > 1).then_some(k + 1);
        // A game that fits on a page starts where all of its head and first diagrams fit.
        if let Some(height) = head_height(area, number, *game, &drawn, options)? {
            flow.new_page_unless_room(height);
        }
        first_pages.push(game_section(&mut flow, number, *game, drawn, options)?);
    }
    if let Some(contents) = contents {
        contents.fill(&mut flow, &first_pages, options);
    }
    let mut document = Document {
        title: title.clone(),
        pages: pages(flow, &title, (width, height), reviews.len(), options),
    };
    let total = document.pages.len() + reviews.len();
    review::append(&mut document, reviews, total, options);
    Ok(document)
}

/// One game's diagrams, drawn at its kind's scale, and the cells they are placed in.
struct GameDiagrams<'a> {
    entries: Vec<Entry<'a>>,
    figures: Vec<Figure>,
    cells: Cells,
    scale: f64,
}

/// Every game's diagrams, each game's at one scale and text size throughout the booklet,
/// whichever page they are on; captions take the same room everywhere, so boards in a row
/// line up.
fn draw_diagrams<'a>(
    games: &[&'a dyn GameRecord],
    area: Rect,
    options: &BookletOptions,
) -> Result<Vec<GameDiagrams<'a>>, Error> {
    let per_game: Vec<Vec<Entry>> = games
        .iter()
        .map(|g| diagrams::entries(*g, options))
        .collect();
    let lines = per_game
        .iter()
        .map(|e| Cells::caption_lines(e, area, options))
        .max()
        .unwrap_or(0);
    let cells = Cells::new(area, options, lines);
    let mut drawn: Vec<Option<Drawn>> = (0..games.len()).map(|_| None).collect();
    let mut kinds: Vec<&str> = games.iter().map(|g| g.game().name()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let same: Vec<(usize, &Entry)> = per_game
            .iter()
            .enumerate()
            .filter(|(k, _)| games[*k].game().name() == kind)
            .flat_map(|(k, entries)| entries.iter().map(move |e| (k, e)))
            .collect();
        let entries: Vec<&Entry> = same.iter().map(|(_, e)| *e).collect();
        let mut kind_drawn = diagrams::draw_all(&entries, cells, options)?;
        let (scale, fitted) = (kind_drawn.scale, kind_drawn.cells);
        let mut figures = std::mem::take(&mut kind_drawn.figures).into_iter();
        for (k, _) in &same {
            let slot = drawn[*k].get_or_insert_with(|| Drawn {
                figures: Vec::new(),
                scale,
                cells: fitted,
            });
            slot.figures.extend(figures.next());
        }
    }
    Ok(per_game
        .into_iter()
        .zip(drawn)
        .map(|(entries, drawn)| {
            let drawn = drawn.unwrap_or(Drawn {
                figures: Vec::new(),
                scale: 1.0,
                cells,
            });
            GameDiagrams {
                entries,
                figures: drawn.figures,
                cells: drawn.cells,
                scale: drawn.scale,
            }
        })
        .collect())
}

/// A game's part of the booklet (`number` as [`heading::game`] numbers it): its heading,
/// its moves and comments, its diagrams. Returns the page it starts on. The diagrams are
/// taken: each is dropped once its scaled copy is placed, not kept beside it to the end.
fn game_section(
    flow: &mut Flow,
    number: Option<usize>,
    game: &dyn GameRecord,
    drawn: GameDiagrams,
    options: &BookletOptions,
) -> Result<usize, Error> {
    let first = heading::game(flow, number, game, options)?;
    movelist::draw(flow, game, options)?;
    flow.gap(2.0);
    let entries: Vec<&Entry> = drawn.entries.iter().collect();
    diagrams::place(
        flow,
        &entries,
        drawn.figures,
        (drawn.cells, drawn.scale),
        options,
    )?;
    // Further per-game parts (an analysis's pages) go here, after the diagrams.
    Ok(first)
}

/// How high a game's heading, moves and first row of diagrams are, if they
/// fit on one page.
fn head_height(
    area: Rect,
    number: Option<usize>,
    game: &dyn GameRecord,
    drawn: &GameDiagrams,
    options: &BookletOptions,
) -> Result<Option<f64>, Error> {
    let mut trial = Flow::new(area);
    heading::game(&mut trial, number, game, options)?;
    movelist::draw(&mut trial, game, options)?;
    let height =
        trial.used() + 2.0 + diagrams::first_row_height(&drawn.figures, (drawn.cells, drawn.scale));
    Ok((trial.page() == 0 && height <= area.height).then_some(height))
}

/// The flowed content as pages of the paper's size, each numbered at its foot, counting the
/// `after` pages that follow them (the review pages).
fn pages(
    flow: Flow,
    title: &str,
    (width, height): (f64, f64),
    after: usize,
    options: &BookletOptions,
) -> Vec<Figure> {
    let content = flow.into_pages();
    let count = content.len() + after;
    let mut pages = Vec::new();
    for (p, (group, description)) in content.into_iter().enumerate() {
        let page_title = options.words.fill(
            "Booklet, page {page} of {pages}",
            &[("page", &(p + 1)), ("pages", &count)],
        );
        let mut figure = Figure::new(width, height, page_title);
        figure.description = format!("{title}\n\n{}", description.join("\n\n"));
        let mut themed = Group::new("booklet-page");
        themed.group(group);
        figure.root.group(themed);
        let pt = options.caption_pt();
        let mut footer = Group::new("page-number");
        footer.text(Text::new(
            Point::new(width / 2.0, height - MARGIN),
            format!("{} / {count}", p + 1),
            pt,
            Anchor::Middle,
        ));
        figure.root.group(footer);
        pages.push(figure);
    }
    pages
}
