//! `booklet --analysis`: after the diagrams, a page for each game that has a review (Lines
//! of Action): its evaluation graph across the top and its review diagrams under it (the
//! turning point, and the next costly move), every text at least the booklet's smallest
//! size where it prints.

use super::{BookletOptions, MARGIN};
use crate::diagram::{FigureSpec, TextSize};
use crate::error::Error;
use crate::figure::{Anchor, Document, Figure, Group, Point, Rect, Text};
use crate::games::{GameRecord, GivenOption};
use crate::layout::line_height;
use crate::page::grid;

const GAP: f64 = 8.0;

/// The review pages of `games`, unnumbered; none without `--analysis`.
pub fn pages(
    games: &[Box<dyn GameRecord>],
    options: &BookletOptions,
) -> Result<Vec<Figure>, Error> {
    let Some(nodes) = options.analysis else {
        return Ok(Vec::new());
    };
    let mut pages = Vec::new();
    for (k, game) in games.iter().enumerate() {
        let searcher = crate::games::searcher(game.game());
        let review = searcher.and_then(|searcher| {
            searcher.booklet_review(&**game, k + 1, nodes, (&options.font, &options.words))
        });
        if let Some(review) = review {
            pages.push(page(&**game, review, nodes, options)?);
        }
    }
    Ok(pages)
}

/// The pages numbered on from the booklet's, `total` pages in all, and added to it.
pub fn append(document: &mut Document, pages: Vec<Figure>, total: usize, options: &BookletOptions) {
    for mut figure in pages {
        let p = document.pages.len() + 1;
        figure.title = options.words.fill(
            "Booklet, page {page} of {pages}",
            &[("page", &p), ("pages", &total)],
        );
        let mut footer = Group::new("page-number");
        footer.text(Text::new(
            Point::new(figure.width / 2.0, figure.height - MARGIN),
            format!("{p} / {total}"),
            options.caption_pt(),
            Anchor::Middle,
        ));
        figure.root.group(footer);
        document.pages.push(figure);
    }
}

/// One game's review page.
fn page(
    game: &dyn GameRecord,
    review: crate::games::BookletReview,
    nodes: u64,
    options: &BookletOptions,
) -> Result<Figure, Error> {
    let (width, height) = options.page.size();
    let mut figure = Figure::new(width, height, String::new(), options.font.clone());
    let content = Rect::new(
        MARGIN,
        MARGIN,
        width - 2.0 * MARGIN,
        height - 2.0 * MARGIN - line_height(options.caption_pt()) * 1.5,
    );
    // The graph at its own size (its words are 7 pt at least), narrower if it must be.
    let mut graph = review.graph;
    options.theme.apply(&mut graph);
    let scale = (content.width / graph.width).min(1.0);
    let x = content.x + (content.width - graph.width * scale) / 2.0;
    figure
        .root
        .group(graph.root.scaled(scale, Point::new(x, content.y)));
    let mut descriptions = vec![graph.description];
    let top = content.y + graph.height * scale + GAP;
    let below = Rect::new(content.x, top, content.width, content.bottom() - top);
    let cells = grid(below, review.diagrams.len().max(1), 1, GAP);
    for (at, cell) in review.diagrams.iter().zip(cells) {
        let (mut drawn, scale) = diagram(game, *at, nodes, cell, options)?;
        options.theme.apply(&mut drawn);
        let offset = Point::new(cell.x + (cell.width - drawn.width * scale) / 2.0, cell.y);
        figure.root.group(drawn.root.scaled(scale, offset));
        descriptions.push(drawn.description);
    }
    figure.description = descriptions.join("\n\n");
    Ok(figure)
}

/// The review diagram at `at` (the turning point if None), drawn so that its text prints
/// at least the booklet's smallest size at the scale that fits it into `cell`.
fn diagram(
    game: &dyn GameRecord,
    at: Option<usize>,
    nodes: u64,
    cell: Rect,
    options: &BookletOptions,
) -> Result<(Figure, f64), Error> {
    let mut printed = cell.width;
    let mut last = None;
    // Fitted to the cell's height the figure prints narrower than the cell: drawn again
    // for that width, its text larger (twice is enough: the layout changes little).
    for _ in 0..3 {
        let request = FigureSpec {
            at: at.map(crate::vocabulary::MoveRef::Count),
            options: vec![
                GivenOption {
                    name: "analysis".into(),
                    values: Vec::new(),
                },
                GivenOption {
                    name: "nodes".into(),
                    values: vec![nodes.to_string().as_str().into()],
                },
            ],
            text_size: Some(TextSize {
                points: options.min_pt(),
                width: Some(printed),
            }),
            words: options.words.clone(),
            font: options.font.clone(),
            ..FigureSpec::default()
        };
        let figure = crate::diagram::draw(game, &request)?.pages.remove(0);
        let scale = (cell.width / figure.width).min(cell.height / figure.height);
        let fits = figure.width * scale >= printed - 0.01;
        printed = figure.width * scale;
        last = Some((figure, scale));
        if fits {
            break;
        }
    }
    Ok(last.expect("drawn at least once"))
}
