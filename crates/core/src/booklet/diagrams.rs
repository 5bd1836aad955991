//! A game's diagrams in the booklet: the ones its record names in `diagrams` (with their
//! captions), one every N moves, or its final position; each drawn with its key and the
//! game's lines under the board (the scoring mode, the score), captioned with the move it
//! follows (`After 12... c4-e6`), and every game's diagrams at one scale throughout the
//! booklet.
//!
//! A diagram is drawn twice: once when the booklet is laid out, to learn its size and the
//! scale every diagram of its kind is placed at, and again when its page is written
//! ([`Placed::draw_into`]), so a bulletin of a thousand games never holds its thousand
//! diagrams at once.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::flow::Flow;
use super::style::{BookletOptions, GAP, Grid, MIN_PRINT_PT};
use crate::diagram::FigureSpec;
use crate::error::Error;
use crate::figure::{Anchor, Figure, Group, Item, Point, Rect, Text};
use crate::font::Font;
use crate::games::GameRecord;
use crate::layout::{fit, line_height, wrap};
use crate::theme::Theme;
use crate::vocabulary::{MoveRef, Phrase};
use crate::words::Words;

/// One diagram of the booklet and the words under it, with its text as large as the
/// booklet's scale needs.
pub(crate) struct BookletDiagram<'a> {
    pub game: &'a dyn GameRecord,
    request: FigureSpec,
    caption: Vec<String>,
}

impl BookletDiagram<'_> {
    /// What draws the diagram, its text `text_scale` times its usual size.
    fn request_at(&self, text_scale: f64) -> FigureSpec {
        FigureSpec {
            text_scale: Some(text_scale),
            ..self.request.clone()
        }
    }

    fn draw(&self, text_scale: f64) -> Result<Figure, Error> {
        draw(self.game, &self.request_at(text_scale))
    }
}

/// The diagram of `game` that `request` asks for, without its header (the game's heading
/// above says it, once).
fn draw(game: &dyn GameRecord, request: &FigureSpec) -> Result<Figure, Error> {
    let mut figure = crate::diagram::draw(game, request)?.pages.remove(0);
    without_header(&mut figure);
    Ok(figure)
}

/// `figure` with the title and players above its board taken out and the rest moved up.
fn without_header(figure: &mut Figure) {
    let is_header = |item: &Item| matches!(item, Item::Group(g) if g.class == "header");
    if !figure.root.items.iter().any(is_header) {
        return;
    }
    figure.root.items.retain(|item| !is_header(item));
    let Some(drawn) = figure.root.bounds(&figure.font) else {
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
pub fn entries<'a>(game: &'a dyn GameRecord, options: &BookletOptions) -> Vec<BookletDiagram<'a>> {
    let (words, font) = (&options.words, &options.font);
    match options.every {
        None if !game.about().diagrams.is_empty() => annotated(font, game, words),
        None => vec![final_position(font, game, words)],
        Some(every) => sequence(font, game, every, words),
    }
}

/// The request every booklet diagram starts from: the record's own caption is set under
/// the diagram, not in it; it is drawn in `font`, the booklet's.
fn request(font: &Arc<Font>, words: &Words) -> FigureSpec {
    FigureSpec {
        omit_caption: true,
        words: words.clone(),
        font: font.clone(),
        ..FigureSpec::default()
    }
}

/// The figures a record names in `diagrams`, annotations drawn, each captioned with the
/// move it follows and the entry's own caption.
fn annotated<'a>(
    font: &Arc<Font>,
    game: &'a dyn GameRecord,
    words: &Words,
) -> Vec<BookletDiagram<'a>> {
    let mut entries = Vec::new();
    for (k, spec) in game.about().diagrams.iter().enumerate() {
        let at = spec.at.unwrap_or(game.length());
        let mut caption = vec![after(game, at, words)];
        match &spec.caption {
            Some(own) => caption.push(own.value.clone()),
            None => caption.extend(comment(game, at)),
        }
        entries.push(BookletDiagram {
            game,
            request: FigureSpec {
                diagram: Some(k + 1),
                ..request(font, words)
            },
            caption,
        });
    }
    entries
}

/// The final position, captioned with the last move and its comment.
fn final_position<'a>(
    font: &Arc<Font>,
    game: &'a dyn GameRecord,
    words: &Words,
) -> BookletDiagram<'a> {
    let at = game.length();
    let mut caption = vec![after(game, at, words)];
    caption.extend(comment(game, at));
    BookletDiagram {
        game,
        request: request(font, words),
        caption,
    }
}

/// A diagram every `every` moves and one at the end, each listing the moves since the last.
fn sequence<'a>(
    font: &Arc<Font>,
    game: &'a dyn GameRecord,
    every: usize,
    words: &Words,
) -> Vec<BookletDiagram<'a>> {
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
        entries.push(BookletDiagram {
            game,
            request: FigureSpec {
                at: Some(MoveRef::Count(at)),
                ..request(font, words)
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

/// The diagrams of one kind of game, drawn and measured at the one scale they are placed
/// at (and then dropped).
pub(crate) struct Measured {
    /// Each diagram's width and height, unscaled.
    pub sizes: Vec<(f64, f64)>,
    pub fitted: Fitted,
    /// Every character their texts hold.
    pub chars: BTreeSet<char>,
}

/// How one kind of game's diagrams are placed: in which cells, at what scale, their text
/// how many times its usual size.
#[derive(Clone, Copy)]
pub(crate) struct Fitted {
    /// The cells they fit: the booklet's, or one across the page.
    pub cells: Cells,
    pub scale: f64,
    pub text_scale: f64,
}

/// The cell a diagram is drawn in (one of a column's rows, less the room of a game's
/// heading), and the room under it every caption takes.
#[derive(Clone, Copy)]
pub struct Cells {
    pub cell: Rect,
    pub caption_height: f64,
    /// The page's room for content: a diagram too small in its cell may be as high.
    pub page_height: f64,
    /// What they were made of, for [`Cells::fewer`].
    area: Rect,
    lines: usize,
    head: f64,
    grid: Grid,
}

impl Cells {
    /// Cells for `grid`'s diagrams on a page of `area`, captions of `lines` lines, each
    /// with room above it for a game's heading and moves `head` high (a third of the cell
    /// at most): so many fit a page, each with its caption and a heading where a game starts.
    pub(crate) fn new(
        area: Rect,
        options: &BookletOptions,
        lines: usize,
        head: f64,
        grid: Grid,
    ) -> Self {
        let row = crate::page::grid(area, grid.columns, grid.rows, GAP)[0];
        let room = head.min(row.height / 3.0) + 2.0;
        Self {
            cell: Rect::new(row.x, row.y, row.width, row.height - room),
            caption_height: line_height(options.caption_pt()) * lines as f64 + 2.0,
            page_height: area.height,
            area,
            lines,
            head,
            grid,
        }
    }

    /// The cells of one diagram fewer down each column, if more than one.
    fn fewer(self, options: &BookletOptions) -> Option<Self> {
        let (area, lines, head, grid) = (self.area, self.lines, self.head, self.grid);
        (grid.rows > 1).then(|| {
            let fewer = Grid {
                rows: grid.rows - 1,
                ..grid
            };
            Self::new(area, options, lines, head, fewer)
        })
    }

    /// The most caption lines any of `entries` needs in a column `width` wide.
    pub(crate) fn caption_lines(
        entries: &[BookletDiagram],
        width: f64,
        options: &BookletOptions,
    ) -> usize {
        entries
            .iter()
            .map(|e| caption_lines(&options.font, &e.caption, options.caption_pt(), width).len())
            .max()
            .unwrap_or(0)
    }
}

/// Measures one game's diagrams (all of one kind of game) so that one scale fits them all in
/// `cells` above their captions, with every text at least the booklet's smallest size at
/// print size: their text is drawn up to half as large again until it is; where the cell
/// is too small for that, they are drawn as small as their text allows (as high as the page
/// at most); and a layout where even that is too small is refused.
pub(crate) fn measure_all(
    entries: &[&BookletDiagram],
    cells: Cells,
    options: &BookletOptions,
) -> Result<Measured, Error> {
    let cell = cells.cell;
    if cell.height - cells.caption_height < cell.height / 3.0 {
        return Err(Error::Usage(
            Phrase::new(
                "a caption of the {game} diagrams takes {caption} mm of their {cell}-mm cells; \
                 shorten it or use fewer diagrams per page",
            )
            .with("game", entries[0].game.game().title())
            .with("caption", format!("{:.0}", cells.caption_height))
            .with("cell", format!("{:.0}", cell.height)),
        ));
    }
    // As many down a column as the text allows, at most those `--per-page` asks for.
    let plain = Drawn::new(entries, 1.0)?;
    let mut best = (0.0, "");
    let mut next = Some(cells);
    while let Some(cells) = next {
        match legible(entries, &plain, cells, options)? {
            Ok(measured) => return Ok(measured),
            Err(smallest) if smallest.0 > best.0 => best = smallest,
            Err(_) => {}
        }
        next = cells.fewer(options);
    }
    let (smallest, game) = best;
    if let Some(measured) = smallest_legible(entries, &plain, cells, options)? {
        return Ok(measured);
    }
    let orientation = match options.page.landscape {
        true => Phrase::new("landscape"),
        false => Phrase::new("portrait"),
    };
    let least = match options.text_size {
        Some(pt) => Phrase::new("the --text-size of {pt} pt").with("pt", pt),
        None => Phrase::new("the {pt} pt anyone can read").with("pt", MIN_PRINT_PT),
    };
    Err(Error::Usage(
        Phrase::new(
            "booklet --per-page {n} on {paper} {orientation}: the {game} diagrams' text would \
             print at {smallest} pt, under {least}; use fewer diagrams per page",
        )
        .with("n", options.per_page)
        .with("paper", options.page.paper.name())
        .phrase("orientation", orientation)
        .with("game", game)
        .with("smallest", format!("{smallest:.1}"))
        .phrase("least", least),
    ))
}

/// The smallest size text printed at, and the game whose diagram holds it.
type Smallest = (f64, &'static str);

/// One kind of game's diagrams drawn with their text `text_scale` times its size, and
/// dropped: their sizes, unscaled, the smallest text they hold and which game's diagram
/// holds it, and every character. Each is drawn again when its page is written.
#[derive(Clone)]
struct Drawn {
    text_scale: f64,
    sizes: Vec<(f64, f64)>,
    smallest: Smallest,
    chars: BTreeSet<char>,
}

impl Drawn {
    fn new(entries: &[&BookletDiagram], text_scale: f64) -> Result<Self, Error> {
        let mut sizes = Vec::with_capacity(entries.len());
        let mut chars = BTreeSet::new();
        let (mut smallest, mut game) = (f64::INFINITY, "");
        for entry in entries {
            let figure = entry.draw(text_scale)?;
            sizes.push((figure.width, figure.height));
            for text in figure.root.texts() {
                chars.extend(text.content.chars());
                if text.size < smallest {
                    (smallest, game) = (text.size, entry.game.game().title());
                }
            }
        }
        Ok(Self {
            text_scale,
            sizes,
            smallest: (smallest, game),
            chars,
        })
    }

    /// Measured at the one scale that fits them all in `cells` above their captions; with
    /// the size their smallest text prints at.
    fn fitted(self, cells: Cells) -> (f64, Measured) {
        let (width, room) = (cells.cell.width, cells.cell.height - cells.caption_height);
        let scale = self
            .sizes
            .iter()
            .map(|(w, h)| (width / w).min(room / h))
            .fold(f64::INFINITY, f64::min);
        let fitted = Fitted {
            cells,
            scale,
            text_scale: self.text_scale,
        };
        let printed = self.smallest.0 * scale;
        let (sizes, chars) = (self.sizes, self.chars);
        (
            printed,
            Measured {
                sizes,
                fitted,
                chars,
            },
        )
    }
}

/// The most a diagram's text is enlarged to fit its cell legibly: past that, the notes
/// under a board outgrow it, and the diagram is drawn larger than its cell instead.
const MOST_TEXT_SCALE_IN_CELL: f64 = 2.0;

/// The diagrams (`plain`, drawn with their text at its size) measured at one scale that
/// fits them all in `cells` above their captions, their text enlarged (at most
/// [`MOST_TEXT_SCALE_IN_CELL`] times) until it prints at the smallest size; or the smallest
/// text it came to, and which game's diagram holds it.
fn legible(
    entries: &[&BookletDiagram],
    plain: &Drawn,
    cells: Cells,
    options: &BookletOptions,
) -> Result<Result<Measured, Smallest>, Error> {
    let min_pt = options.min_pt();
    let legible = |printed: f64| printed >= min_pt - 0.01;
    let game = plain.smallest.1;
    let (printed, measured) = plain.clone().fitted(cells);
    if legible(printed) {
        return Ok(Ok(measured));
    }
    let mut best = (printed, game);
    // Larger text changes the figure's size and so its scale: first a guess from how small
    // the text prints, then, where text sized from the squares shrinks as labels grow, the
    // larger text scales up to the most, the first legible one.
    let guess = ((min_pt + 0.05) / printed).min(MOST_TEXT_SCALE_IN_CELL);
    let steps = ((MOST_TEXT_SCALE_IN_CELL - 1.0) / 0.1).round() as usize;
    let larger = (1..=steps)
        .map(|k| 1.0 + k as f64 * 0.1)
        .filter(|s| *s > guess + 0.01);
    for text_scale in std::iter::once(guess).chain(larger) {
        let drawn = Drawn::new(entries, text_scale)?;
        let game = drawn.smallest.1;
        let (printed, measured) = drawn.fitted(cells);
        if legible(printed) {
            return Ok(Ok(measured));
        }
        if printed > best.0 {
            best = (printed, game);
        }
    }
    Ok(Err(best))
}

/// The diagrams as small as their text allows, with their text at most three times its
/// size: the scale at which it prints at the booklet's smallest size, where that fits them
/// in their column and on a page. None if no text scale does.
fn smallest_legible(
    entries: &[&BookletDiagram],
    plain: &Drawn,
    cells: Cells,
    options: &BookletOptions,
) -> Result<Option<Measured>, Error> {
    let tall = Cells {
        cell: Rect::new(
            cells.cell.x,
            cells.cell.y,
            cells.cell.width,
            cells.page_height,
        ),
        ..cells
    };
    let room = tall.cell.height - tall.caption_height;
    for step in 0..=20 {
        let drawn = match step {
            0 => plain.clone(),
            _ => Drawn::new(entries, 1.0 + step as f64 * 0.1)?,
        };
        // A hair over the smallest size, so that rounding never prints it under.
        let scale = (options.min_pt() + 0.005) / drawn.smallest.0;
        let (_, mut measured) = drawn.fitted(tall);
        let fits = |&(w, h): &(f64, f64)| w * scale <= tall.cell.width && h * scale <= room;
        if measured.sizes.iter().all(fits) {
            measured.fitted.scale = scale;
            return Ok(Some(measured));
        }
    }
    Ok(None)
}

/// A caption's lines wrapped to `width`, none cut: every word is printed.
fn caption_lines(font: &Font, caption: &[String], pt: f64, width: f64) -> Vec<String> {
    caption
        .iter()
        .flat_map(|line| wrap(font, line, pt, width))
        .collect()
}

/// How high the first of diagrams of these `sizes` is placed, with its caption.
pub(crate) fn first_height(sizes: &[(f64, f64)], fitted: Fitted) -> f64 {
    match sizes.first() {
        Some((_, height)) => height * fitted.scale + fitted.cells.caption_height,
        None => 0.0,
    }
}

/// The refusal of a page whose parts are not where the layout put them (never met: the
/// layout and the drawing are made from one record).
pub(crate) fn not_laid_out() -> Error {
    Error::Render(crate::vocabulary::Phrase::new(
        "a booklet page is not as laid out",
    ))
}

/// A diagram placed on a page, drawn when the page is written.
pub(crate) struct Placed {
    /// Its game's index among the booklet's games.
    pub game: usize,
    request: FigureSpec,
    scale: f64,
    /// Where its top left corner goes, once scaled.
    offset: Point,
    /// Its `booklet-entry` group's index among the page's content.
    entry: usize,
}

impl Placed {
    /// Draws the diagram of `game` (its record) into its entry among `content`, the page's
    /// content; its description.
    pub(crate) fn draw_into(
        &self,
        game: &dyn GameRecord,
        content: &mut Group,
        theme: &Theme,
    ) -> Result<String, Error> {
        let mut figure = draw(game, &self.request)?;
        theme.apply(&mut figure);
        let drawn = figure.root.scaled(self.scale, self.offset);
        match content.items.get_mut(self.entry) {
            Some(Item::Group(entry)) => entry.items.insert(0, Item::Group(drawn)),
            _ => return Err(not_laid_out()),
        }
        Ok(figure.description)
    }
}

/// Places a game's diagrams (game `game` of the booklet) into `flow`, one under another
/// down its columns, each scaled and centred in its column, its caption centred under it;
/// where each went, to be drawn when its page is written.
pub fn place(
    flow: &mut Flow,
    game: usize,
    entries: &[&BookletDiagram],
    sizes: &[(f64, f64)],
    fitted: Fitted,
    options: &BookletOptions,
) -> Result<Vec<(usize, Placed)>, Error> {
    let (cells, scale) = (fitted.cells, fitted.scale);
    let pt = options.caption_pt();
    let mut placed = Vec::with_capacity(entries.len());
    for (entry, (width, height)) in entries.iter().zip(sizes) {
        let (width, height) = (width * scale, height * scale);
        // The diagram and its caption are one part: never a page apart.
        let (page, top) = flow.take(height + cells.caption_height, "a diagram")?;
        let column = flow.column();
        let cell = Rect::new(column.x, top, column.width, height);
        let offset = Point::new(cell.x + (cell.width - width) / 2.0, cell.y);
        let group = captions(&options.font, entry, offset.y + height, cell, pt);
        let request = entry.request_at(fitted.text_scale);
        let index = flow.add(page, group);
        flow.describe_later(page);
        placed.push((
            page,
            Placed {
                game,
                request,
                scale,
                offset,
                entry: index,
            },
        ));
        flow.gap(GAP / 2.0);
    }
    Ok(placed)
}

/// A diagram's entry, as laid out: its caption centred in `cell` under `bottom`. Its
/// diagram goes in first when its page is written ([`Placed::draw_into`]).
fn captions(font: &Font, entry: &BookletDiagram, bottom: f64, cell: Rect, pt: f64) -> Group {
    let mut group = Group::new("booklet-entry");
    let mut captions = Group::new("caption");
    let mut y = bottom + 1.0;
    let centre = cell.x + cell.width / 2.0;
    for line in caption_lines(font, &entry.caption, pt, cell.width) {
        y += line_height(pt);
        // A character wider than the cell alone on its line: smaller, never under 7 pt.
        let size = fit(font, &line, pt, cell.width);
        captions.text(Text::new(
            Point::new(centre, y - font.descent(size)),
            line,
            size,
            Anchor::Middle,
        ));
    }
    group.group(captions);
    group
}
