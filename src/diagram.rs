//! A game's diagram as `render` and `booklet` ask for it, for every game alike: the record's
//! `diagrams` entry and the command line merged into one [`View`], the game's own options
//! checked against what the game declares, and the annotations drawn on the game's squares.

use crate::annotate::{self, Annotations, Written};
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Document;
use crate::games::{self, GameRecord, GivenOption, View};

/// What is asked of a diagram besides the record.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The position after this many moves (or turns); the end if None.
    pub at: Option<usize>,
    /// Draw the record's K-th entry of `diagrams` (from 1).
    pub diagram: Option<usize>,
    /// The game's own options from the command line (`--numbers`, `--show`).
    pub options: Vec<GivenOption>,
    /// Arrows, marks, labels and highlights from the command line.
    pub annotations: Annotations,
    /// A caption under the diagram, instead of the record diagram's own.
    pub caption: Option<String>,
    /// Leave the record diagram's caption out of the figure (a booklet sets it underneath).
    pub omit_caption: bool,
    /// The board and its marks only (see [`View::bare`]).
    pub bare: bool,
    /// Every text this many times its size (see [`View::text_scale`]); None is 1, or what
    /// `text_size` needs.
    pub text_scale: Option<f64>,
    /// Every text at least this large where the figure is printed (`--text-size`).
    pub text_size: Option<TextSize>,
    /// The language of the words the diagram draws; clones share what was left in English.
    pub words: crate::words::Words,
}

/// Every text of a figure at least `points` large where it is printed: at `width`
/// millimetres wide (`--width`), or at its own size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextSize {
    pub points: f64,
    pub width: Option<f64>,
}

impl TextSize {
    /// The size the smallest text of `figure` prints at, in points.
    pub fn smallest(figure: &crate::figure::Figure, width: Option<f64>) -> f64 {
        let scale = width.map_or(1.0, |w| w / figure.width);
        figure
            .root
            .texts()
            .into_iter()
            .filter(|t| !t.content.trim().is_empty())
            .map(|t| t.size * scale)
            .fold(f64::INFINITY, f64::min)
    }
}

/// The view and annotations `request` asks of `record`, checked without drawing.
fn resolve(
    record: &dyn GameRecord,
    request: &Request,
) -> Result<(View, Annotations, annotate::Cells), Error> {
    let about = record.about();
    let mut view = View {
        at: request.at,
        caption: None,
        options: Vec::new(),
        bare: request.bare,
        text_scale: request.text_scale.unwrap_or(1.0),
        words: request.words.clone(),
    };
    let mut annotations = Annotations::default();
    if let Some(k) = request.diagram {
        let count = about.diagrams.len();
        let spec = about.diagrams.get(k.wrapping_sub(1)).ok_or_else(|| {
            Error::Usage(format!(
                "--diagram {k}: the record has {}",
                crate::vocabulary::plural(count, "diagram")
            ))
        })?;
        view.at = view.at.or(spec.at);
        // The game's own keys, as its options: the game declared them (`diagram_keys`).
        for (name, values) in &spec.options {
            view.options.push(GivenOption {
                name: name.clone(),
                values: values.iter().map(Written::from).collect(),
            });
        }
        if !request.omit_caption {
            view.caption = spec.caption.as_ref().map(|t| t.value.clone());
        }
        annotations = spec.annotations.clone();
    }
    view.options.extend(request.options.iter().cloned());
    if request.bare {
        if request.caption.is_some() {
            return Err(Error::Usage(
                "--caption and --bare: a bare figure has no caption; set it in your book".into(),
            ));
        }
        view.caption = None;
    }
    if let Some(text) = &request.caption {
        crate::font::check(text).map_err(|m| Error::Usage(format!("--caption: {m}")))?;
        view.caption = Some(text.clone());
    }
    annotations.extend(request.annotations.clone());
    refuse_other_games_options(record, &view)?;
    let cells = record.check_view(&view)?;
    Ok((view, annotations, cells))
}

/// Options the record's game does not declare are refused with one message for all.
fn refuse_other_games_options(record: &dyn GameRecord, view: &View) -> Result<(), Error> {
    let game = record.game();
    for option in &view.options {
        if game.diagram_options().iter().any(|o| o.name == option.name) {
            continue;
        }
        let owners: Vec<&str> = games::games_with_option(&option.name)
            .iter()
            .map(|g| g.title())
            .collect();
        let theirs = match owners.as_slice() {
            [] => "no game's".to_string(),
            owners => format!("{} diagrams'", owners.join(" and ")),
        };
        // A record's `diagrams` entry carries only its own game's keys (an unknown key is
        // refused when it is read): the option came from the command line.
        return Err(Error::Usage(format!(
            "--{} is {theirs} option; this is a {} game",
            option.name,
            game.title()
        )));
    }
    Ok(())
}

/// The diagram `request` asks of `record`, as a one-page document.
pub fn draw(record: &dyn GameRecord, request: &Request) -> Result<Document, Error> {
    let (mut view, annotations, _) = resolve(record, request)?;
    let (mut figure, mut cells) = record.draw(&view);
    if let (Some(wanted), None) = (request.text_size, request.text_scale) {
        (figure, cells) = legible(record, &mut view, wanted, (figure, cells));
    }
    if !annotations.is_empty() {
        figure
            .root
            .group(drawn_annotations(record, &cells, &annotations)?);
    }
    Ok(Document {
        title: figure.title.clone(),
        pages: vec![figure],
    })
}

/// The most `--text-size` enlarges a figure's text: 20 times is a 7-pt label at 60 mm of a
/// poster-sized figure.
const MAX_TEXT_SCALE: f64 = 20.0;

/// The figure drawn with its texts enlarged until the smallest prints at `wanted`: the
/// text scale grows by what is missing, a few times over, as larger text widens the figure
/// (and so prints it smaller at a set width). Text that cannot grow further (a numeral
/// filling its piece) leaves the figure as close as it came; `run` warns of it.
fn legible(
    record: &dyn GameRecord,
    view: &mut View,
    wanted: TextSize,
    drawn: (crate::figure::Figure, annotate::Cells),
) -> (crate::figure::Figure, annotate::Cells) {
    // A hair more than asked, so the figure's rounded sizes are not a hair under it.
    let target = wanted.points * 1.001;
    let mut best = drawn;
    let mut smallest = TextSize::smallest(&best.0, wanted.width);
    let mut best_scale = view.text_scale;
    // The scale that made it worse, if one did: larger text can widen the figure faster
    // than it grows (a table as wide as its words), and the answer then lies between.
    let mut too_far: Option<f64> = None;
    for _ in 0..12 {
        if smallest >= target {
            break;
        }
        // Text shrunk to fit its line keeps its size as the scale grows, until the scale's
        // floor passes it and it wraps instead: so the scale grows a little at least.
        let mut scale = best_scale * (target / smallest).max(1.03);
        if let Some(far) = too_far {
            scale = scale.min((best_scale + far) / 2.0);
        }
        view.text_scale = scale.min(MAX_TEXT_SCALE);
        let next = record.draw(view);
        let now = TextSize::smallest(&next.0, wanted.width);
        if now > smallest * (1.0 + 1e-9) {
            (best, smallest, best_scale) = (next, now, view.text_scale);
        } else if now < smallest * (1.0 - 1e-9) {
            too_far = Some(view.text_scale);
        } else {
            // A plateau (text fitted to its line): past it, not back.
            (best, best_scale) = (next, view.text_scale);
        }
    }
    view.text_scale = best_scale;
    best
}

fn drawn_annotations(
    record: &dyn GameRecord,
    cells: &annotate::Cells,
    annotations: &Annotations,
) -> Result<crate::figure::Group, Error> {
    annotate::annotate(cells, annotations).map_err(|problem| match problem.at {
        Some(at) => Error::Invalid(
            record
                .about()
                .source
                .error_at(&at, problem.message)
                .blaming(problem.option),
        ),
        None => Error::Usage(problem.message),
    })
}

/// Every entry of the record's `diagrams` can be drawn (squares of the board, known marks,
/// the game's own options), so `check` refuses what `render` and `booklet` would. Nothing
/// is drawn but the annotations.
pub fn check_record_diagrams(record: &dyn GameRecord) -> Result<(), Diagnostic> {
    for k in 1..=record.about().diagrams.len() {
        let request = Request {
            diagram: Some(k),
            ..Request::default()
        };
        let checked = resolve(record, &request).and_then(|(_, annotations, cells)| {
            drawn_annotations(record, &cells, &annotations).map(|_| ())
        });
        checked.map_err(|e| match e {
            Error::Invalid(d) | Error::Config(d) => d,
            other => Diagnostic::file(&record.about().source.path, format!("diagram {k}: {other}")),
        })?;
    }
    Ok(())
}
