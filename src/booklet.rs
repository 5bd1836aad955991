//! Booklets: many diagrams laid out on A4 or Letter pages with captions and page numbers,
//! for a club bulletin (one per game, or the figures a record names in `diagrams`, each with
//! its caption); or one game as a diagram every N moves, the moves between them listed under
//! each.

#[cfg(feature = "cli")]
use std::path::{Path, PathBuf};

use crate::diagram::Request;
use crate::error::Error;
#[cfg(feature = "cli")]
use crate::error::Problem;
use crate::figure::{Anchor, Document, Figure, Group, Point, Rect, Text};
use crate::font;
use crate::games::GameRecord;
#[cfg(feature = "cli")]
use crate::games::{Job, Records};
#[cfg(feature = "cli")]
use crate::job::{Made, Output};
use crate::layout::{fit, line_height, wrap};
use crate::page::{PageSetup, grid};
use crate::theme::Theme;
use crate::vocabulary::{Winner, capitalised};
use crate::words::Words;

const MARGIN: f64 = 14.0;
const GAP: f64 = 8.0;
const CAPTION_PT: f64 = 8.5;

/// How the booklet is laid out.
#[derive(Debug, Clone)]
pub struct BookletOptions {
    pub page: PageSetup,
    /// Diagrams per page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// A diagram every this many moves (turns for Towers) instead of one per game.
    pub every: Option<usize>,
    pub theme: Theme,
    /// The booklet's own words (captions, page titles) and its diagrams', in `--lang`.
    pub words: Words,
    /// The smallest text the booklet prints, in points (`--text-size`; 7 if None).
    pub text_size: Option<f64>,
}

impl BookletOptions {
    /// The smallest text the booklet prints, in points.
    fn min_pt(&self) -> f64 {
        self.text_size.unwrap_or(MIN_PRINT_PT)
    }

    /// The captions' size: their own, or the smallest the booklet prints if that is larger.
    fn caption_pt(&self) -> f64 {
        CAPTION_PT.max(self.min_pt())
    }
}

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
        let mut games = Vec::new();
        let mut problems = Vec::new();
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
            let replay = crate::game_replay::season_page(&games, theme, &self.words)?;
            Made::replay(replay, &self.output)
        } else {
            let options = BookletOptions {
                page: self.page,
                per_page: self.per_page,
                every: self.every,
                theme,
                words: self.words.clone(),
                text_size: self.text_size,
            };
            Made::drawing(booklet(&games, &options)?, &self.output)
        };
        problems.extend(self.words.untranslated());
        let status = problems
            .iter()
            .map(|p| p.error.status())
            .max()
            .unwrap_or_default();
        let others = walk.others_line();
        let mut notes = walk.notes;
        notes.extend(others);
        Ok(Made {
            problems,
            notes,
            status,
            ..made
        })
    }
}

/// One diagram of the booklet and the words under it. The diagram is drawn when its page
/// is laid out, with its board text as large as that page's scale needs.
struct Entry<'a> {
    game: &'a dyn GameRecord,
    request: Request,
    caption: Vec<String>,
}

impl Entry<'_> {
    /// The bare diagram (the caption says the rest, once), its board text `text_scale`
    /// times its usual size.
    fn draw(&self, text_scale: f64) -> Result<Figure, Error> {
        let request = Request {
            bare: true,
            text_scale: Some(text_scale),
            ..self.request.clone()
        };
        Ok(crate::diagram::draw(self.game, &request)?.pages.remove(0))
    }
}

/// Diagrams in one booklet, at most: each is drawn in memory before the pages are laid
/// out, and a thousand already make a 170-page booklet.
pub const MAX_DIAGRAMS: usize = 1_000;

/// How many diagrams `game` gives.
fn diagram_count(game: &dyn GameRecord, every: Option<usize>) -> usize {
    match every {
        None => game.about().diagrams.len().max(1),
        Some(every) => game.length().div_ceil(every.max(1)).max(1),
    }
}

/// The booklet of `games`.
pub fn booklet(games: &[Box<dyn GameRecord>], options: &BookletOptions) -> Result<Document, Error> {
    let count: usize = games
        .iter()
        .map(|game| diagram_count(&**game, options.every))
        .sum();
    if count > MAX_DIAGRAMS {
        return Err(Error::Usage(format!(
            "the booklet would hold {count} diagrams; sheetgen draws at most {MAX_DIAGRAMS} \
             in one booklet (fewer files, or a larger --every)"
        )));
    }
    let mut entries = Vec::new();
    for game in games {
        let game = &**game;
        match options.every {
            None if !game.about().diagrams.is_empty() => {
                entries.extend(annotated(game, &options.words)?)
            }
            None => entries.push(Entry {
                game,
                request: Request {
                    words: options.words.clone(),
                    ..Request::default()
                },
                caption: caption(game, &options.words),
            }),
            Some(every) => entries.extend(sequence(game, every, &options.words)?),
        }
    }
    if entries.is_empty() {
        return Err(Error::Usage("no valid game to put in the booklet".into()));
    }
    let (width, height) = options.page.size();
    let content = Rect::new(
        MARGIN,
        MARGIN,
        width - 2.0 * MARGIN,
        height - 2.0 * MARGIN - line_height(options.caption_pt()) * 1.5,
    );
    let (columns, rows) = match options.per_page {
        1 => (1, 1),
        2 if options.page.landscape => (2, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ if options.page.landscape => (3, 2),
        _ => (2, 3),
    };
    let cells = grid(content, columns, rows, GAP);
    let pages = entries.len().div_ceil(cells.len());
    // Named by its games, in the booklet's words: "Shoreline · Lines of Action".
    let mut names: Vec<String> = Vec::new();
    for game in games {
        let name = options.words.tr(game.game().title());
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut document = Document {
        title: names.join(" · "),
        pages: Vec::new(),
    };
    // Each game's diagrams at one scale and text size throughout the booklet, whichever
    // page they are on and whatever stands beside them; captions take the same room on
    // every page, so boards in a row line up.
    let caption_pt = options.caption_pt();
    let lines = entries
        .iter()
        .map(|e| caption_lines(&e.caption, caption_pt, cells[0].width).len())
        .max()
        .unwrap_or(0);
    let mut drawn: Vec<Option<(Figure, f64)>> = vec![None; entries.len()];
    let mut caption_height = 0.0;
    let mut kinds: Vec<&str> = entries.iter().map(|e| e.game.game().name()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let (indices, same): (Vec<usize>, Vec<&Entry>) = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.game.game().name() == kind)
            .unzip();
        let layout = page_layout(&same, cells[0], lines, options)?;
        caption_height = layout.caption_height;
        for (i, figure) in indices.into_iter().zip(layout.figures) {
            drawn[i] = Some((figure, layout.scale));
        }
    }
    let drawn: Vec<(Figure, f64)> = drawn.into_iter().flatten().collect();
    for (p, chunk) in entries.chunks(cells.len()).enumerate() {
        let page_title = options.words.fill(
            "Booklet, page {page} of {pages}",
            &[("page", &(p + 1)), ("pages", &pages)],
        );
        let mut figure = Figure::new(width, height, page_title);
        let mut descriptions = Vec::new();
        let first = p * cells.len();
        for ((entry, (drawn, scale)), cell) in chunk.iter().zip(&drawn[first..]).zip(&cells) {
            let layout = Placing {
                scale: *scale,
                caption_height,
                caption_pt,
            };
            figure
                .root
                .group(place(entry, drawn, *cell, &layout, &options.theme));
            descriptions.push(drawn.description.clone());
        }
        let number = format!("{} / {pages}", p + 1);
        let mut footer = Group::new("page-number");
        footer.text(Text::new(
            Point::new(width / 2.0, height - MARGIN),
            number,
            options.caption_pt(),
            Anchor::Middle,
        ));
        figure.root.group(footer);
        figure.description = descriptions.join("\n\n");
        document.pages.push(figure);
    }
    Ok(document)
}

/// One game's diagrams drawn at one scale, and the room their captions take.
struct PageLayout {
    figures: Vec<Figure>,
    scale: f64,
    caption_height: f64,
}

/// How one diagram is placed in its cell.
struct Placing {
    scale: f64,
    caption_height: f64,
    caption_pt: f64,
}

/// The smallest text a booklet prints, in points: the smallest anyone reads on paper.
const MIN_PRINT_PT: f64 = crate::layout::MIN_TEXT_PT;

/// Draws one game's diagrams so that one scale fits them all in cells like `cell` above
/// their captions, with every text at least [`MIN_PRINT_PT`] at print size: the board's
/// text is drawn larger until it is, and a layout where it cannot be is refused.
fn page_layout(
    entries: &[&Entry],
    cell: Rect,
    lines: usize,
    options: &BookletOptions,
) -> Result<PageLayout, Error> {
    let caption_height = line_height(options.caption_pt()) * lines as f64 + 2.0;
    // What prints smallest at `text_scale`, and which game's diagram holds it.
    let draw = |text_scale: f64| -> Result<(f64, &'static str, PageLayout), Error> {
        let figures = entries
            .iter()
            .map(|e| e.draw(text_scale))
            .collect::<Result<Vec<_>, _>>()?;
        let scale = figures
            .iter()
            .map(|f| (cell.width / f.width).min((cell.height - caption_height) / f.height))
            .fold(f64::INFINITY, f64::min);
        let (mut smallest, mut game) = (f64::INFINITY, "");
        for (entry, figure) in entries.iter().zip(&figures) {
            for text in figure.root.texts() {
                if text.size * scale < smallest {
                    (smallest, game) = (text.size * scale, entry.game.game().title());
                }
            }
        }
        let layout = PageLayout {
            figures,
            scale,
            caption_height,
        };
        Ok((smallest, game, layout))
    };
    let min_pt = options.min_pt();
    let legible = |smallest: f64| smallest >= min_pt - 0.01;
    // Larger text changes the figure's size and so its scale: first a guess from how small
    // the text prints, then, where text sized from the squares shrinks as labels grow, the
    // smallest text scale up to 3 that is legible.
    let (smallest, game, layout) = draw(1.0)?;
    if legible(smallest) {
        return Ok(layout);
    }
    let mut best = (smallest, game);
    let guess = (min_pt + 0.05) / smallest;
    let scales = std::iter::once(guess).chain((1..=20).map(|step| 1.0 + step as f64 * 0.1));
    for text_scale in scales {
        let (smallest, game, layout) = draw(text_scale)?;
        if legible(smallest) {
            return Ok(layout);
        }
        if smallest > best.0 {
            best = (smallest, game);
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

/// A caption's lines wrapped to `width`, none cut: every word is printed.
fn caption_lines(caption: &[String], pt: f64, width: f64) -> Vec<String> {
    caption
        .iter()
        .flat_map(|line| wrap(line, pt, width))
        .collect()
}

/// The figures a record names in `diagrams`, annotations drawn, each captioned with the
/// game's title and the entry's own caption.
fn annotated<'a>(game: &'a dyn GameRecord, words: &Words) -> Result<Vec<Entry<'a>>, Error> {
    let title = title(game, words);
    let mut entries = Vec::new();
    for (k, spec) in game.about().diagrams.iter().enumerate() {
        let request = Request {
            diagram: Some(k + 1),
            omit_caption: true,
            words: words.clone(),
            ..Request::default()
        };
        let at = spec.at.unwrap_or(game.length());
        let mut caption = vec![after(&title, at, game.summary().unit, words)];
        caption.extend(spec.caption.as_ref().map(|c| c.value.clone()));
        entries.push(Entry {
            game,
            request,
            caption,
        });
    }
    Ok(entries)
}

/// The record's title, or the game's name.
fn title(game: &dyn GameRecord, words: &Words) -> String {
    game.about()
        .title
        .as_ref()
        .map_or_else(|| words.tr(game.game().title()), |t| t.value.clone())
}

/// "Title: after 12 moves", in the booklet's language.
fn after(title: &str, at: usize, unit: &str, words: &Words) -> String {
    let english = match (unit, at) {
        ("turn", 1) => "{title}: after 1 turn",
        ("turn", _) => "{title}: after {n} turns",
        (_, 1) => "{title}: after 1 move",
        _ => "{title}: after {n} moves",
    };
    words.fill(english, &[("title", &title), ("n", &at)])
}

/// The game's outcome: the engine's own words in English; in another language the winner
/// and the score, which every game's summary gives.
fn outcome(game: &dyn GameRecord, words: &Words) -> String {
    let summary = game.summary();
    if words.lang() == crate::words::Lang::En {
        return capitalised(&summary.reason);
    }
    let verdict = match summary.winner {
        Some(Winner::Black) => words.tr("Black wins"),
        Some(Winner::White) => words.tr("White wins"),
        Some(Winner::Draw) => words.tr("Draw"),
        None if summary.unit == "turn" => {
            words.fill("Unfinished after {n} turns", &[("n", &summary.moves)])
        }
        None => words.fill("Unfinished after {n} moves", &[("n", &summary.moves)]),
    };
    match summary.score {
        Some((black, white)) => {
            let points = words.fill(
                "Black {black} · White {white}",
                &[("black", &black), ("white", &white)],
            );
            format!("{verdict}, {}", points.replace('-', "−"))
        }
        None => verdict,
    }
}

/// Title, players and the outcome.
fn caption(game: &dyn GameRecord, words: &Words) -> Vec<String> {
    let about = game.about();
    let title = title(game, words);
    let mut players = Vec::new();
    for (side, name) in [("Black", &about.black), ("White", &about.white)] {
        if let Some(name) = name {
            players.push(format!("{} {}", words.tr(side), name.value));
        }
    }
    let mut lines = vec![title];
    if !players.is_empty() {
        lines.push(players.join(" – "));
    }
    lines.extend(event_line(game, words));
    lines.push(outcome(game, words));
    lines
}

/// "Autumn league, round 2 · 2026-11-10", or as much of it as the record gives.
fn event_line(game: &dyn GameRecord, words: &Words) -> Option<String> {
    let about = game.about();
    let mut parts = Vec::new();
    match (&about.event, &about.round) {
        (Some(event), Some(round)) => parts.push(words.fill(
            "{event}, round {round}",
            &[("event", &event.value), ("round", &round.value)],
        )),
        (Some(event), None) => parts.push(event.value.clone()),
        (None, Some(round)) => parts.push(words.fill("Round {round}", &[("round", &round.value)])),
        (None, None) => {}
    }
    parts.extend(about.date.as_ref().map(|d| d.value.clone()));
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// A diagram every `every` moves and one at the end, each listing the moves since the last.
fn sequence<'a>(
    game: &'a dyn GameRecord,
    every: usize,
    words: &Words,
) -> Result<Vec<Entry<'a>>, Error> {
    let moves = game.move_list();
    let unit = game.summary().unit;
    let title = title(game, words);
    let mut stops: Vec<usize> = (every..game.length()).step_by(every.max(1)).collect();
    stops.push(game.length());
    let mut entries = Vec::new();
    let mut from = 0;
    for at in stops {
        let mut caption = vec![after(&title, at, unit, words)];
        if at > from {
            // The moves since the last diagram, numbered as every move list is (`6... c4-e6
            // 7. f1-d3`), so a reader can tell who played what.
            caption.push(crate::vocabulary::numbered_moves(&moves, from, at));
        }
        if at == game.length() {
            // The outcome, said once: under the last diagram.
            caption.push(outcome(game, words));
        }
        entries.push(Entry {
            game,
            request: Request {
                at: Some(at),
                words: words.clone(),
                ..Request::default()
            },
            caption,
        });
        from = at;
    }
    Ok(entries)
}

/// The entry's diagram, drawn for its page, scaled into `cell` and centred, its caption
/// centred under it, every line of it.
fn place(entry: &Entry, figure: &Figure, cell: Rect, layout: &Placing, theme: &Theme) -> Group {
    let mut group = Group::new("booklet-entry");
    let scale = layout.scale;
    let (width, height) = (figure.width * scale, figure.height * scale);
    let room = cell.height - layout.caption_height;
    let offset = Point::new(
        cell.x + (cell.width - width) / 2.0,
        cell.y + (room - height) / 2.0,
    );
    let mut themed = figure.clone();
    theme.apply(&mut themed);
    group.group(themed.root.scaled(scale, offset));
    let mut captions = Group::new("caption");
    let mut y = offset.y + height + 2.0;
    let centre = cell.x + cell.width / 2.0;
    let pt = layout.caption_pt;
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
    group
}
