//! A game's diagrams in the booklet: the ones its record names in `diagrams` (with their
//! captions), one every N moves, or its final position; each drawn with its key and the
//! game's lines under the board (the scoring mode, the score), captioned with the move it
//! follows (`After 12... c4-e6`), and every game's diagrams at one scale throughout the
//! booklet.

use super::flow::Flow;
use super::style::{BookletOptions, GAP, MIN_PRINT_PT};
use crate::diagram::Request;
use crate::error::Error;
use crate::figure::{Anchor, Figure, Group, Item, Point, Rect, Text};
use crate::font;
use crate::games::GameRecord;
use crate::layout::{fit, line_height, wrap};
use crate::theme::Theme;
use crate::vocabulary::MoveRef;
use crate::words::Words;

/// One diagram of the booklet and the words under it. The diagram is drawn when the
/// booklet is laid out, with its text as large as the booklet's scale needs.
pub struct Entry<'a> {
    pub game: &'a dyn GameRecord,
    request: Request,
    caption: Vec<String>,
}

impl Entry<'_> {
    /// The diagram without its header (the game's heading above says it, once), its text
    /// `text_scale` times its usual size.
    fn draw(&self, text_scale: f64) -> Result<Figure, Error> {
        let request = Request {
            text_scale: Some(text_scale),
            ..self.request.clone()
        };
        let mut figure = crate::diagram::draw(self.game, &request)?.pages.remove(0);
        without_header(&mut figure);
        Ok(figure)
    }
}

/// `figure` with the title and players above its board taken out and the rest moved up.
fn without_header(figure: &mut Figure) {
    let is_header = |item: &Item| matches!(item, Item::Group(g) if g.class == "header");
    if !figure.root.items.iter().any(is_header) {
        return;
    }
    figure.root.items.retain(|item| !is_header(item));
    let Some(drawn) = figure.root.bounds() else {
        return;
    };
    let lift = (drawn.y - crate::frame::MARGIN).max(0.0);
    figure.root.scale(1.0, Point::new(0.0, -lift));
    figure.height -= lift;
}

/// How many diagrams `game` gives.
pub fn count(game: &dyn GameRecord, every: Option<usize>) -> usize {
    match every {
        None => game.about().diagrams.len().max(1),
        Some(every) => game.length().div_ceil(every.max(1)).max(1),
    }
}

/// The diagrams of `game` the options ask for.
pub fn entries<'a>(game: &'a dyn GameRecord, options: &BookletOptions) -> Vec<Entry<'a>> {
    let words = &options.words;
    match options.every {
        None if !game.about().diagrams.is_empty() => annotated(game, words),
        None => vec![final_position(game, words)],
        Some(every) => sequence(game, every, words),
    }
}

/// The request every booklet diagram starts from: the record's own caption is set under
/// the diagram, not in it.
fn request(words: &Words) -> Request {
    Request {
        omit_caption: true,
        words: words.clone(),
        ..Request::default()
    }
}

/// The figures a record names in `diagrams`, annotations drawn, each captioned with the
/// move it follows and the entry's own caption.
fn annotated<'a>(game: &'a dyn GameRecord, words: &Words) -> Vec<Entry<'a>> {
    let mut entries = Vec::new();
    for (k, spec) in game.about().diagrams.iter().enumerate() {
        let at = spec.at.unwrap_or(game.length());
        let mut caption = vec![after(game, at, words)];
        match &spec.caption {
            Some(own) => caption.push(own.value.clone()),
            None => caption.extend(comment(game, at)),
        }
        entries.push(Entry {
            game,
            request: Request {
                diagram: Some(k + 1),
                ..request(words)
            },
            caption,
        });
    }
    entries
}

/// The final position, captioned with the last move and its comment.
fn final_position<'a>(game: &'a dyn GameRecord, words: &Words) -> Entry<'a> {
    let at = game.length();
    let mut caption = vec![after(game, at, words)];
    caption.extend(comment(game, at));
    Entry {
        game,
        request: request(words),
        caption,
    }
}

/// A diagram every `every` moves and one at the end, each listing the moves since the last.
fn sequence<'a>(game: &'a dyn GameRecord, every: usize, words: &Words) -> Vec<Entry<'a>> {
    let mut stops: Vec<usize> = (every..game.length()).step_by(every.max(1)).collect();
    stops.push(game.length());
    let mut entries = Vec::new();
    let mut from = 0;
    for at in stops {
        let mut caption = vec![after(game, at, words)];
        if at > from + 1 {
            // The moves since the last diagram, numbered as every move list is (`6... c4-e6
            // 7. f1-d3`), so a reader can tell who played what.
            caption.push(game.numbered_moves(from, at, words));
        }
        caption.extend(comment(game, at));
        entries.push(Entry {
            game,
            request: Request {
                at: Some(MoveRef::Count(at)),
                ..request(words)
            },
            caption,
        });
        from = at;
    }
    entries
}

/// "After 12... c4-e6": the position after the `at`-th move, named by that move as move
/// lists number it; "Start" before any.
fn after(game: &dyn GameRecord, at: usize, words: &Words) -> String {
    if at == 0 {
        return words.tr("Start");
    }
    let played = game.numbered_moves(at - 1, at, words);
    words.fill("After {move}", &[("move", &played)])
}

/// The record's comment on the `at`-th move, on one line.
fn comment(game: &dyn GameRecord, at: usize) -> Option<String> {
    let about = game.about();
    let (_, text) = about.comments.iter().find(|(n, _)| *n == at)?;
    Some(text.value.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The diagrams of one kind of game drawn at one scale, and the room their captions take.
pub struct Drawn {
    pub figures: Vec<Figure>,
    pub scale: f64,
    /// The cells they fit: the booklet's, or one across the page.
    pub cells: Cells,
}

/// The cell a diagram is drawn in, and the room under it every caption takes.
#[derive(Clone, Copy)]
pub struct Cells {
    pub cell: Rect,
    pub columns: usize,
    pub caption_height: f64,
    /// The page's room for content, which a diagram too small in its cell may take.
    pub page_width: f64,
    pub page_height: f64,
}

impl Cells {
    /// Cells for `per_page` diagrams on a page of `area`, captions of `lines` lines.
    pub fn new(area: Rect, options: &BookletOptions, lines: usize) -> Self {
        let (columns, rows) = match options.per_page {
            1 => (1, 1),
            2 if options.page.landscape => (2, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ if options.page.landscape => (3, 2),
            _ => (2, 3),
        };
        let cell = crate::page::grid(area, columns, rows, GAP)[0];
        Self {
            cell,
            columns,
            caption_height: line_height(options.caption_pt()) * lines as f64 + 2.0,
            page_width: area.width,
            page_height: area.height,
        }
    }

    /// One cell across the page's width, as high as the page.
    fn across(self) -> Self {
        Self {
            cell: Rect::new(self.cell.x, self.cell.y, self.page_width, self.page_height),
            columns: 1,
            ..self
        }
    }

    /// The most caption lines any of `entries` needs in a cell.
    pub fn caption_lines(entries: &[Entry], area: Rect, options: &BookletOptions) -> usize {
        let width = Self::new(area, options, 0).cell.width;
        entries
            .iter()
            .map(|e| caption_lines(&e.caption, options.caption_pt(), width).len())
            .max()
            .unwrap_or(0)
    }
}

/// Draws one game's diagrams (all of one kind of game) so that one scale fits them all in
/// `cells` above their captions, with every text at least the booklet's smallest size at
/// print size: their text is drawn larger until it is; where the cell is too low for that
/// (a figure with long notes under its board), they may be as tall as the page; and a
/// layout where even that is too small is refused.
pub fn draw_all(
    entries: &[&Entry],
    cells: Cells,
    options: &BookletOptions,
) -> Result<Drawn, Error> {
    let cell = cells.cell;
    let room = cell.height - cells.caption_height;
    if room < cell.height / 3.0 {
        return Err(Error::Usage(format!(
            "a caption of the {} diagrams takes {:.0} mm of their {:.0}-mm cells; shorten it \
             or use fewer diagrams per page",
            entries[0].game.game().title(),
            cells.caption_height,
            cell.height
        )));
    }
    let mut best = (0.0, "");
    let tall = Cells {
        cell: Rect::new(cell.x, cell.y, cell.width, cells.page_height),
        ..cells
    };
    for cells in [cells, tall, cells.across()] {
        let room = cells.cell.height - cells.caption_height;
        match legible(entries, (cells.cell.width, room), options)? {
            Ok((figures, scale)) => {
                return Ok(Drawn {
                    figures,
                    scale,
                    cells,
                });
            }
            Err(smallest) if smallest.0 > best.0 => best = smallest,
            Err(_) => {}
        }
    }
    let (smallest, game) = best;
    Err(Error::Usage(format!(
        "booklet --per-page {} on {} {}: the {game} diagrams' text would print at \
         {smallest:.1} pt, under {}; use fewer diagrams per page",
        options.per_page,
        options.page.paper.name(),
        if options.page.landscape {
            "landscape"
        } else {
            "portrait"
        },
        match options.text_size {
            Some(pt) => format!("the --text-size of {pt} pt"),
            None => format!("the {MIN_PRINT_PT} pt anyone can read"),
        },
    )))
}

/// Figures and the one scale they are placed at.
type Scaled = (Vec<Figure>, f64);
/// The smallest size text printed at, and the game whose diagram holds it.
type Smallest = (f64, &'static str);

/// The diagrams drawn at one scale that fits them all in `width` × `room`, their text
/// enlarged until it prints at the smallest size; or the smallest text it came to, and
/// which game's diagram holds it.
fn legible(
    entries: &[&Entry],
    (width, room): (f64, f64),
    options: &BookletOptions,
) -> Result<Result<Scaled, Smallest>, Error> {
    // What prints smallest at `text_scale`, and which game's diagram holds it.
    let draw = |text_scale: f64| -> Result<(f64, &'static str, Scaled), Error> {
        // Every diagram of the booklet is held from here until the PDF is written: without
        // the spare room of lists grown by pushing, and without the plain-text board a
        // booklet never prints, they take half the memory.
        let compact = |mut figure: Figure| {
            figure.root.shrink_to_fit();
            figure.plain_text = None;
            figure
        };
        let figures = entries
            .iter()
            .map(|e| e.draw(text_scale).map(compact))
            .collect::<Result<Vec<_>, _>>()?;
        let scale = figures
            .iter()
            .map(|f| (width / f.width).min(room / f.height))
            .fold(f64::INFINITY, f64::min);
        let (mut smallest, mut game) = (f64::INFINITY, "");
        for (entry, figure) in entries.iter().zip(&figures) {
            for text in figure.root.texts() {
                if text.size * scale < smallest {
                    (smallest, game) = (text.size * scale, entry.game.game().title());
                }
            }
        }
        Ok((smallest, game, (figures, scale)))
    };
    let min_pt = options.min_pt();
    let legible = |smallest: f64| smallest >= min_pt - 0.01;
    // Larger text changes the figure's size and so its scale: first a guess from how small
    // the text prints, then, where text sized from the squares shrinks as labels grow, the
    // smallest text scale up to 3 that is legible.
    let (smallest, game, drawn) = draw(1.0)?;
    if legible(smallest) {
        return Ok(Ok(drawn));
    }
    // A booklet's diagrams, drawn again below: one set in memory at a time.
    drop(drawn);
    let mut best = (smallest, game);
    let guess = (min_pt + 0.05) / smallest;
    let scales = std::iter::once(guess).chain((1..=20).map(|step| 1.0 + step as f64 * 0.1));
    for text_scale in scales {
        let (smallest, game, drawn) = draw(text_scale)?;
        if legible(smallest) {
            return Ok(Ok(drawn));
        }
        if smallest > best.0 {
            best = (smallest, game);
        }
    }
    Ok(Err(best))
}

/// A caption's lines wrapped to `width`, none cut: every word is printed.
fn caption_lines(caption: &[String], pt: f64, width: f64) -> Vec<String> {
    caption
        .iter()
        .flat_map(|line| wrap(line, pt, width))
        .collect()
}

/// How high the first row of `figures` is placed.
pub fn first_row_height(figures: &[Figure], (cells, scale): (Cells, f64)) -> f64 {
    let row = &figures[..cells.columns.min(figures.len())];
    match row.is_empty() {
        true => 0.0,
        false => row.iter().map(|f| f.height * scale).fold(0.0, f64::max) + cells.caption_height,
    }
}

/// Places a game's diagrams into `flow` in rows of `cells.columns`, each diagram scaled
/// by `scale` and centred in its cell, its caption centred under it.
pub fn place(
    flow: &mut Flow,
    entries: &[&Entry],
    figures: Vec<Figure>,
    (cells, scale): (Cells, f64),
    options: &BookletOptions,
) -> Result<(), Error> {
    let pt = options.caption_pt();
    let mut figures = figures.into_iter();
    for row in entries.chunks(cells.columns) {
        let figures: Vec<Figure> = figures.by_ref().take(row.len()).collect();
        let tallest = figures.iter().map(|f| f.height * scale).fold(0.0, f64::max);
        let (page, top) = flow.take(tallest + cells.caption_height, "a row of diagrams")?;
        // A row short of diagrams is centred.
        let step = cells.cell.width + GAP;
        let left = flow.area.x + (cells.columns - row.len()) as f64 * step / 2.0;
        for (k, (entry, figure)) in row.iter().zip(figures).enumerate() {
            let x = left + k as f64 * step;
            let cell = Rect::new(x, top, cells.cell.width, tallest);
            let (group, description) = one(entry, figure, cell, (scale, pt), &options.theme);
            flow.add(page, group);
            flow.describe(page, description);
        }
        flow.gap(GAP / 2.0);
    }
    Ok(())
}

/// One diagram scaled into the top of `cell` and centred, its caption under it, and the
/// diagram's description.
fn one(
    entry: &Entry,
    mut figure: Figure,
    cell: Rect,
    (scale, pt): (f64, f64),
    theme: &Theme,
) -> (Group, String) {
    let mut group = Group::new("booklet-entry");
    let (width, height) = (figure.width * scale, figure.height * scale);
    let offset = Point::new(cell.x + (cell.width - width) / 2.0, cell.y);
    theme.apply(&mut figure);
    group.group(figure.root.scaled(scale, offset));
    let mut captions = Group::new("caption");
    let mut y = offset.y + height.max(cell.height) + 1.0;
    let centre = cell.x + cell.width / 2.0;
    for line in caption_lines(&entry.caption, pt, cell.width) {
        y += line_height(pt);
        // A character wider than the cell alone on its line: smaller, never under 7 pt.
        let size = fit(&line, pt, cell.width);
        captions.text(Text::new(
            Point::new(centre, y - font::descent(size)),
            line,
            size,
            Anchor::Middle,
        ));
    }
    group.group(captions);
    (group, figure.description)
}
