//! One figure, as every caller asks for it: `sheetgen render`, the Typst plugin and any
//! program embedding the core build one typed [`RenderRequest`] (from their arguments, or
//! from JSON through [`crate::api::Request`]) and draw through [`render`], so the same request
//! is drawn, or refused, the same way and in the same words everywhere.

use crate::backend::{Format, Length};
use crate::diagram;
use crate::error::{Error, RequestError, RequestOption};
use crate::figure::Document;
use crate::game_replay::{self, ReplayOptions};
use crate::games::GameRecord;
use crate::replay::Replay;
use crate::theme::Theme;

/// What a figure shows and how: `render`'s options, typed.
#[derive(Debug, Clone)]
pub struct RenderRequest {
    /// What to draw: the position, the record's diagram entry, the game's options,
    /// annotations, caption, text size and language.
    pub figure: diagram::FigureSpec,
    pub format: Format,
    pub theme: Theme,
    /// The whole figure's width (the height follows); the backends scale to it.
    pub width: Option<Length>,
    /// A stylesheet for an SVG figure, checked ([`crate::backend::svg::check_css`]).
    pub css: Option<String>,
}

impl RenderRequest {
    /// The default figure of a record in `format`: its last position, colour theme.
    pub fn new(format: Format) -> Self {
        Self {
            figure: diagram::FigureSpec::default(),
            format,
            theme: Theme::color(),
            width: None,
            css: None,
        }
    }
}

/// What [`render`] drew: a document for the backends, or, for HTML, a replay page's games.
#[derive(Debug)]
pub enum Rendered {
    Document(Document),
    Replay(Box<Replay>),
}

/// The figure `request` asks of `record`, themed, ready for the backend of its format (a
/// replay page keeps the record, to draw its positions as the page is written).
pub fn render(
    record: std::sync::Arc<dyn GameRecord>,
    request: &RenderRequest,
) -> Result<Rendered, Error> {
    if request.format == Format::Html {
        return replay(record, request).map(|replay| Rendered::Replay(Box::new(replay)));
    }
    let mut document = diagram::draw(&*record, &request.figure)?;
    for page in &mut document.pages {
        request.theme.apply(page);
        page.css.clone_from(&request.css);
    }
    Ok(Rendered::Document(document))
}

/// The record's replay page, opening at the request's position when it names one.
fn replay(
    record: std::sync::Arc<dyn GameRecord>,
    request: &RenderRequest,
) -> Result<Replay, Error> {
    // What shapes one figure has no place on a page of every position.
    let figure = &request.figure;
    let refused = [
        (figure.diagram.is_some(), RequestOption::Diagram),
        (figure.caption.is_some(), RequestOption::Caption),
        (request.width.is_some(), RequestOption::Width),
        (!figure.annotations.is_empty(), RequestOption::Annotation),
    ];
    if let Some(&(_, option)) = refused.iter().find(|(given, _)| *given) {
        return Err(Error::Request(RequestError::ShapesOneFigure(option)));
    }
    // The page opens at a position the game has, as every other format checks it.
    let open_at = diagram::at_count(&*record, figure.at)?;
    if open_at.is_some() {
        crate::games::check_at(open_at, record.length(), record.game().numbering())?;
    }
    let options = ReplayOptions {
        request: figure.clone(),
        theme: request.theme.clone(),
        open_at,
    };
    game_replay::single(record, &options)
}
