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
    /// The board's text this many times its size (see [`View::text_scale`]); None is 1.
    pub text_scale: Option<f64>,
    /// The language of the words the diagram draws; clones share what was left in English.
    pub words: crate::words::Words,
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
    if view.caption.is_none() && !request.bare && !request.omit_caption {
        view.caption = move_comment(record, view.at);
    }
    annotations.extend(request.annotations.clone());
    refuse_other_games_options(record, &view)?;
    let cells = record.check_view(&view)?;
    Ok((view, annotations, cells))
}

/// The record's comment on the move that led to the position after `at` moves (the end
/// when None), with that move as move lists write it: `6... c4-e6: a fine move`.
pub fn move_comment(record: &dyn GameRecord, at: Option<usize>) -> Option<String> {
    let n = at.unwrap_or(record.length());
    let about = record.about();
    let (_, text) = about.comments.iter().find(|(m, _)| *m == n)?;
    let moves = record.move_list();
    let played = crate::vocabulary::numbered_moves(&moves, n - 1, n);
    let text = text.value.lines().collect::<Vec<_>>().join(" ");
    Some(format!("{played}: {text}"))
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
    let (view, annotations, _) = resolve(record, request)?;
    let (mut figure, cells) = record.draw(&view);
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
