//! Booklets: a club's bulletin of many games on A4 or Letter pages. Its title and date, the
//! event's results (a crosstable or the games by round), a contents list past eight games,
//! then each game: a heading (players, event, round, result), its moves in numbered pairs
//! with the record's comments, and its diagrams (the ones the record names in `diagrams`,
//! one every N moves, or the final position), with page numbers throughout.
//!
//! `booklet` lays the parts out one after another ([`flow`]); each game's part is
//! [`game_section`], where further per-game pages or blocks go. The diagrams are measured
//! for the layout and drawn into their pages afterwards ([`ToDraw`]): at once by
//! [`booklet`], or as each page is written by [`booklet_drawn_as_written`], what the
//! `booklet` command writes.

mod contents;
mod diagrams;
mod flow;
mod heading;
mod movelist;
mod results;
mod review;
mod style;
mod table;

use std::collections::BTreeSet;

use crate::error::Error;
use crate::figure::{Anchor, Document, Figure, Group, Item, Later, Point, Rect, Text};
use crate::games::GameRecord;
use crate::layout::line_height;
use crate::theme::Theme;
use crate::vocabulary::Phrase;
use diagrams::{BookletDiagram, Cells, Fitted, Placed, not_laid_out};
use flow::Flow;
pub use style::BookletOptions;
use style::{GAP, Grid, MARGIN};

/// Diagrams in one booklet, at most: each is drawn twice (measured for the layout, then
/// drawn as its page is written), and a thousand already make a 170-page booklet.
pub(crate) const MAX_DIAGRAMS: usize = 1_000;

/// Games past which the booklet lists them in a contents list.
pub(crate) const CONTENTS_FROM: usize = 9;

/// The booklet of `games`, every page whole.
pub fn booklet(games: &[Box<dyn GameRecord>], options: &BookletOptions) -> Result<Document, Error> {
    let (mut document, to_draw) = laid_out(games, options)?;
    for (index, page) in document.pages.iter_mut().enumerate() {
        to_draw.draw(games, index, page)?;
    }
    Ok(document)
}

/// The booklet of `games`, each page's diagrams drawn only as the page is written
/// ([`Document::later`]): a bulletin of a thousand games never holds its thousand diagrams
/// at once.
pub fn booklet_drawn_as_written(
    games: Vec<Box<dyn GameRecord>>,
    options: &BookletOptions,
) -> Result<Document, Error> {
    let (mut document, to_draw) = laid_out(&games, options)?;
    let chars = to_draw.chars.iter().collect();
    let draw = move |index: usize, page: &mut Figure| {
        to_draw.draw(&games, index, page).map_err(|e| e.to_string())
    };
    document.later = Some(Later {
        draw: std::sync::Arc::new(draw),
        chars,
    });
    Ok(document)
}

/// The booklet's pages laid out, with what is left to draw on them.
fn laid_out(
    games: &[Box<dyn GameRecord>],
    options: &BookletOptions,
) -> Result<(Document, ToDraw), Error> {
    refuse_undrawable(games, options)?;
    let reviews = review::pages(games, options)?;
    let games: Vec<&dyn GameRecord> = games.iter().map(|g| &**g).collect();
    if games.is_empty() {
        return Err(Error::Usage(Phrase::new(
            "no valid game to put in the booklet",
        )));
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
    let (options, grid, heads, (measured, chars)) = measured_legibly(&games, area, options)?;
    let options = &options;
    let columns = grid.columns;
    let mut flow = Flow::new(area, options.font.clone());
    heading::front(&mut flow, &title, &games, options)?;
    results::draw(&mut flow, &games, options)?;
    let contents = match games.len() >= CONTENTS_FROM {
        true => Some(contents::reserve(&mut flow, &games, options)?),
        false => None,
    };
    // The games follow one another down the columns, under the parts that span the page.
    flow.gap(GAP);
    flow.columns(columns);
    let (first_pages, placed) = flow_games(&mut flow, &games, (measured, heads), options)?;
    if let Some(contents) = contents {
        contents.fill(&mut flow, &first_pages, options);
    }
    let (pages, descriptions) = pages(flow, (width, height), reviews.len(), options);
    let mut to_draw = ToDraw {
        title: title.clone(),
        pages: descriptions
            .into_iter()
            .map(|description| PageToDraw {
                diagrams: Vec::new(),
                description,
            })
            .collect(),
        theme: options.theme.clone(),
        chars,
    };
    for (page, diagram) in placed {
        to_draw.pages[page].diagrams.push(diagram);
    }
    let mut document = Document::new(title, pages);
    let total = document.pages.len() + reviews.len();
    review::append(&mut document, reviews, total, options);
    Ok((document, to_draw))
}

/// Refuses a booklet before anything is laid out: a game whose texts the font cannot draw,
/// or more diagrams than a booklet holds.
fn refuse_undrawable(games: &[Box<dyn GameRecord>], options: &BookletOptions) -> Result<(), Error> {
    for game in games {
        game.about()
            .drawable(&options.font)
            .map_err(Error::Invalid)?;
    }
    let count: usize = games
        .iter()
        .map(|game| diagrams::count(&**game, options.every))
        .sum();
    if count > MAX_DIAGRAMS {
        return Err(Error::Usage(
            Phrase::new(
                "the booklet would hold {count} diagrams; sheetgen draws at most {most} in one \
                 booklet (fewer files, or a larger --every)",
            )
            .with("count", count)
            .with("most", MAX_DIAGRAMS),
        ));
    }
    Ok(())
}

/// Each diagram with the page it is on.
type PlacedDiagrams = Vec<(usize, Placed)>;

/// The games one after another down `flow`'s columns: each game's first page, and each
/// diagram with the page it is on.
fn flow_games(
    flow: &mut Flow,
    games: &[&dyn GameRecord],
    (measured, heads): (Vec<GameDiagrams>, Vec<Option<f64>>),
    options: &BookletOptions,
) -> Result<(Vec<usize>, PlacedDiagrams), Error> {
    let mut first_pages = Vec::new();
    let mut placed = Vec::new();
    for (k, ((game, measured), head)) in games.iter().zip(measured).zip(heads).enumerate() {
        flow.gap(GAP / 2.0);
        let number = (games.len() > 1).then_some(k + 1);
        // A game starts where its heading, moves and first diagram fit, if a column holds
        // them.
        let whole =
            head.map(|h| h + 2.0 + diagrams::first_height(&measured.sizes, measured.fitted));
        if let Some(height) = whole.filter(|h| *h <= flow.area.height) {
            flow.new_page_unless_room(height);
        }
        let (first, diagrams) = game_section(flow, (k, number), *game, measured, options)?;
        first_pages.push(first);
        placed.extend(diagrams);
    }
    Ok((first_pages, placed))
}

/// The games' heads and diagrams measured for `--per-page`, the way its diagrams stand that
/// draws them larger; or, where their text would print under the smallest size even in a
/// column as high as the page, for fewer diagrams (and columns) a page; with the options
/// and the grid they were measured for.
fn measured_legibly<'a>(
    games: &[&'a dyn GameRecord],
    area: Rect,
    options: &BookletOptions,
) -> Result<(BookletOptions, Grid, Heads, Measurements<'a>), Error> {
    let mut options = options.clone();
    let mut refused = None;
    loop {
        let mut best: Option<(f64, Grid, Heads, Measurements)> = None;
        let mut error = None;
        for grid in options.grids() {
            let width = flow::column_width(area.width, grid.columns);
            let heads = head_heights(games, width, area, &options)?;
            match measure_diagrams(games, area, &heads, grid, &options) {
                Ok(measured) => {
                    let size = smallest_width(&measured.0);
                    // Another way stands them only if it draws them larger.
                    if best.as_ref().is_none_or(|(most, ..)| size > most + 0.01) {
                        best = Some((size, grid, heads, measured));
                    }
                }
                Err(e @ Error::Usage(_)) => error = error.or(Some(e)),
                Err(e) => return Err(e),
            }
        }
        if let Some((_, grid, heads, measured)) = best {
            return Ok((options, grid, heads, measured));
        }
        // The refusal names what was asked for.
        let first = refused.take().or(error).unwrap_or_else(not_laid_out);
        match [4, 2, 1].into_iter().find(|n| *n < options.per_page) {
            Some(fewer) => (options.per_page, refused) = (fewer, Some(first)),
            None => return Err(first),
        }
    }
}

/// Each game's heading and moves' height, where they fit in a column.
type Heads = Vec<Option<f64>>;

/// The width the smallest game's first diagram is printed at, in millimetres.
fn smallest_width(games: &[GameDiagrams]) -> f64 {
    games
        .iter()
        .filter_map(|g| g.sizes.first().map(|(width, _)| width * g.fitted.scale))
        .fold(f64::INFINITY, f64::min)
}

/// Every game's diagrams measured, and every character they hold.
type Measurements<'a> = (Vec<GameDiagrams<'a>>, BTreeSet<char>);

/// What is left to draw on each laid-out page: its diagrams, and its description, which
/// holds theirs.
struct ToDraw {
    /// The booklet's title, which every page's description starts with.
    title: String,
    /// The booklet's own pages (the review pages after them are whole).
    pages: Vec<PageToDraw>,
    theme: Theme,
    /// Every character the diagrams hold.
    chars: BTreeSet<char>,
}

struct PageToDraw {
    diagrams: Vec<Placed>,
    /// The page's description, part by part; None for each diagram's, in order.
    description: Vec<Option<String>>,
}

impl ToDraw {
    /// Draws page `index`'s diagrams (of `games`, the booklet's) into it, and its
    /// description.
    fn draw<G>(&self, games: &[G], index: usize, page: &mut Figure) -> Result<(), Error>
    where
        G: std::ops::Deref<Target = dyn GameRecord>,
    {
        let Some(to_draw) = self.pages.get(index) else {
            return Ok(());
        };
        // The page's content, as `pages` wrapped it.
        let content = match page.root.items.first_mut() {
            Some(Item::Group(themed)) => match themed.items.first_mut() {
                Some(Item::Group(content)) => content,
                _ => return Err(not_laid_out()),
            },
            _ => return Err(not_laid_out()),
        };
        let mut drawn = Vec::with_capacity(to_draw.diagrams.len());
        for diagram in &to_draw.diagrams {
            let game = games.get(diagram.game).ok_or_else(not_laid_out)?;
            drawn.push(diagram.draw_into(&**game, content, &self.theme)?);
        }
        let mut drawn = drawn.into_iter();
        let parts: Vec<String> = to_draw
            .description
            .iter()
            .map(|part| part.clone().or_else(|| drawn.next()).unwrap_or_default())
            .collect();
        page.description = format!("{}\n\n{}", self.title, parts.join("\n\n"));
        Ok(())
    }
}

/// One game's diagrams, measured at its kind's scale, and how they are placed.
struct GameDiagrams<'a> {
    entries: Vec<BookletDiagram<'a>>,
    sizes: Vec<(f64, f64)>,
    fitted: Fitted,
}

/// Every game's diagrams measured, each game's at one scale and text size throughout the
/// booklet, whichever page they are on; captions take the same room everywhere, so boards
/// in a row line up. With them, every character they hold.
fn measure_diagrams<'a>(
    games: &[&'a dyn GameRecord],
    area: Rect,
    heads: &[Option<f64>],
    grid: Grid,
    options: &BookletOptions,
) -> Result<Measurements<'a>, Error> {
    let per_game: Vec<Vec<BookletDiagram>> = games
        .iter()
        .map(|g| diagrams::entries(*g, options))
        .collect();
    let width = flow::column_width(area.width, grid.columns);
    let lines = per_game
        .iter()
        .map(|e| Cells::caption_lines(e, width, options))
        .max()
        .unwrap_or(0);
    // Each cell leaves room for the tallest game's heading and moves.
    let head = heads.iter().flatten().fold(0.0, |a: f64, h| a.max(*h));
    let cells = Cells::new(area, options, lines, head, grid);
    let unmeasured = Fitted {
        cells,
        scale: 1.0,
        text_scale: 1.0,
    };
    let mut measured: Vec<(Vec<(f64, f64)>, Fitted)> =
        (0..games.len()).map(|_| (Vec::new(), unmeasured)).collect();
    let mut chars = BTreeSet::new();
    let mut kinds: Vec<&str> = games.iter().map(|g| g.game().name()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let same: Vec<(usize, &BookletDiagram)> = per_game
            .iter()
            .enumerate()
            .filter(|(k, _)| games[*k].game().name() == kind)
            .flat_map(|(k, entries)| entries.iter().map(move |e| (k, e)))
            .collect();
        let entries: Vec<&BookletDiagram> = same.iter().map(|(_, e)| *e).collect();
        let kind_measured = diagrams::measure_all(&entries, cells, options)?;
        chars.extend(kind_measured.chars);
        for ((k, _), size) in same.iter().zip(kind_measured.sizes) {
            measured[*k].0.push(size);
            measured[*k].1 = kind_measured.fitted;
        }
    }
    let games = per_game
        .into_iter()
        .zip(measured)
        .map(|(entries, (sizes, fitted))| GameDiagrams {
            entries,
            sizes,
            fitted,
        })
        .collect();
    Ok((games, chars))
}

/// Game `k`'s part of the booklet (`number` as [`heading::game`] numbers it): its heading,
/// its moves and comments, its diagrams. Returns the page it starts on, and where each
/// diagram went, to be drawn when its page is written.
fn game_section(
    flow: &mut Flow,
    (k, number): (usize, Option<usize>),
    game: &dyn GameRecord,
    measured: GameDiagrams,
    options: &BookletOptions,
) -> Result<(usize, Vec<(usize, Placed)>), Error> {
    let first = heading::game(flow, number, game, options)?;
    movelist::draw(flow, game, options)?;
    flow.gap(2.0);
    let entries: Vec<&BookletDiagram> = measured.entries.iter().collect();
    let (sizes, fitted) = (&measured.sizes, measured.fitted);
    let placed = diagrams::place(flow, k, &entries, sizes, fitted, options)?;
    // Further per-game parts (an analysis's pages) go here, after the diagrams.
    Ok((first, placed))
}

/// How high each game's heading and moves are in a column `width` wide, for those that fit
/// in one.
fn head_heights(
    games: &[&dyn GameRecord],
    width: f64,
    area: Rect,
    options: &BookletOptions,
) -> Result<Vec<Option<f64>>, Error> {
    let column = Rect::new(area.x, area.y, width, area.height);
    let mut heights = Vec::with_capacity(games.len());
    for (k, game) in games.iter().enumerate() {
        let number = (games.len() > 1).then_some(k + 1);
        let mut trial = Flow::new(column, options.font.clone());
        heading::game(&mut trial, number, *game, options)?;
        movelist::draw(&mut trial, *game, options)?;
        heights.push((trial.page() == 0).then(|| trial.used()));
    }
    Ok(heights)
}

/// The flowed content as pages of the paper's size, each numbered at its foot, counting the
/// `after` pages that follow them (the review pages).
/// The pages' descriptions, part by part, are returned beside them: they are written when
/// each page's diagrams are drawn.
fn pages(
    flow: Flow,
    (width, height): (f64, f64),
    after: usize,
    options: &BookletOptions,
) -> (Vec<Figure>, Vec<Vec<Option<String>>>) {
    let content = flow.into_pages();
    let count = content.len() + after;
    let mut pages = Vec::new();
    let mut descriptions = Vec::new();
    for (p, (group, description)) in content.into_iter().enumerate() {
        let page_title = options.words.fill(
            "Booklet, page {page} of {pages}",
            &[("page", &(p + 1)), ("pages", &count)],
        );
        let mut figure = Figure::new(width, height, page_title, options.font.clone());
        descriptions.push(description);
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
    (pages, descriptions)
}
