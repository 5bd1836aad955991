//! A game's diagram as `render` and `booklet` ask for it, for every game alike: the record's
//! `diagrams` entry and the command line merged into one [`View`], the game's own options
//! checked against what the game declares, and the annotations drawn on the game's squares.

use crate::annotate::{self, Annotations, Written};
use crate::diagnostic::Diagnostic;
use crate::error::{AnalysisError, Error, RequestError};
use crate::figure::Document;
use crate::games::{self, CheckedView, GameRecord, GivenOption, View};
use crate::vocabulary::{MoveRef, Phrase};
use crate::words::Words;

/// What is asked of a diagram besides the record.
#[derive(Debug, Clone)]
pub struct FigureSpec {
    /// The position after this many moves (or turns), or after a numbered move; the end if
    /// None.
    pub at: Option<MoveRef>,
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
    /// With `bare`, keep the key (see [`View::legend`]).
    pub legend: bool,
    /// Every text this many times its size (see [`View::text_scale`]); None is 1, or what
    /// `text_size` needs.
    pub text_scale: Option<f64>,
    /// Every text at least this large where the figure is printed (`--text-size`).
    pub text_size: Option<TextSize>,
    /// The language of the words the diagram draws; clones share what was left in English.
    pub words: crate::words::Words,
    /// The font the diagram is measured and drawn in (see [`View::font`]).
    pub font: std::sync::Arc<crate::font::Font>,
    /// The review figure drawn from a review read back instead of searched (see
    /// [`games::ReadReview`]).
    pub review: Option<games::ReadReview>,
}

impl Default for FigureSpec {
    fn default() -> Self {
        Self {
            at: None,
            diagram: None,
            options: Vec::new(),
            annotations: Annotations::default(),
            caption: None,
            omit_caption: false,
            bare: false,
            legend: false,
            text_scale: None,
            text_size: None,
            words: Words::default(),
            font: crate::font::Font::builtin(),
            review: None,
        }
    }
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
    request: &FigureSpec,
) -> Result<(CheckedView, Annotations), Error> {
    let about = record.about();
    about.drawable(&request.font).map_err(Error::Invalid)?;
    let mut view = View {
        at: at_count(record, request.at)?,
        caption: None,
        options: Vec::new(),
        bare: request.bare,
        legend: request.legend,
        text_scale: request.text_scale.unwrap_or(1.0),
        words: request.words.clone(),
        font: request.font.clone(),
        review: request.review.clone(),
    };
    if request.review.is_some() && !record.game().reads_reviews() {
        return Err(Error::Request(RequestError::Analysis(
            AnalysisError::NotReviewed {
                title: record.game().title(),
            },
        )));
    }
    let mut annotations = Annotations::default();
    if let Some(k) = request.diagram {
        let count = about.diagrams.len();
        let spec = about.diagrams.get(k.wrapping_sub(1)).ok_or_else(|| {
            Error::Usage(
                Phrase::new("--diagram {k}: the record has {diagrams}")
                    .with("k", k)
                    .phrase(
                        "diagrams",
                        Phrase::counted(count, "1 diagram", "{n} diagrams"),
                    ),
            )
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
            return Err(Error::Usage(Phrase::new(
                "--caption and --bare: a bare figure has no caption; set it in your book",
            )));
        }
        view.caption = None;
    }
    if let Some(text) = &request.caption {
        request
            .font
            .check(text)
            .map_err(|m| Error::Usage(Phrase::new("--caption: {why}").with("why", m)))?;
        view.caption = Some(text.clone());
    }
    if view.caption.is_none() && !request.bare && !request.omit_caption {
        view.caption = move_comment(record, view.at, &view.words);
    }
    annotations.extend(request.annotations.clone());
    refuse_other_games_options(record, &view)?;
    Ok((record.check_view(&view)?, annotations))
}

/// The moves before the position `at` names, as the record's game numbers its moves
/// (`--at 6.` is move 11 of Lines of Action, turn 6 of Towers); the end if None.
pub fn at_count(record: &dyn GameRecord, at: Option<MoveRef>) -> Result<Option<usize>, Error> {
    let Some(at) = at else {
        return Ok(None);
    };
    let n = record
        .game()
        .numbering()
        .count(at)
        .map_err(|no_turn| Error::Request(RequestError::NoSuchMove(no_turn)))?;
    let length = record.length();
    if n > length && length > 0 && !matches!(at, MoveRef::Count(_)) {
        // Said as it was asked: by the game's last numbered move, not by a count.
        let last = record.numbered_moves(length - 1, length, &Words::default());
        return Err(Error::Request(RequestError::PastTheLastMove {
            at,
            last: last.replace('\u{a0}', " "),
        }));
    }
    Ok(Some(n))
}

/// The record's comment on the move that led to the position after `at` moves (the end
/// when None), with that move as move lists write it: `6... c4-e6: a fine move`.
pub(crate) fn move_comment(
    record: &dyn GameRecord,
    at: Option<usize>,
    words: &Words,
) -> Option<String> {
    let n = at.unwrap_or(record.length());
    let about = record.about();
    let (_, text) = about.comments.iter().find(|(m, _)| *m == n)?;
    let played = record.numbered_moves(n - 1, n, words);
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
        let english = match owners.is_empty() {
            true => Phrase::new("--{option} is no game's option; this is a {game} game"),
            false => Phrase::new("--{option} is {games} diagrams' option; this is a {game} game"),
        };
        // A record's `diagrams` entry carries only its own game's keys (an unknown key is
        // refused when it is read): the option came from the command line.
        return Err(Error::Usage(
            english
                .with("option", &option.name)
                .with("games", owners.join(" and "))
                .with("game", game.title()),
        ));
    }
    Ok(())
}

/// The text scale at which `record`'s diagram (as `request` asks it) prints its smallest
/// text at `wanted`, found as `--text-size` finds it: for drawings that share one scale
/// (a replay page's positions).
pub(crate) fn legible_text_scale(
    record: &dyn GameRecord,
    request: &FigureSpec,
    wanted: TextSize,
) -> Result<f64, Error> {
    let (mut checked, _) = resolve(record, request)?;
    let drawn = record.draw(&checked);
    legible(record, &mut checked, wanted, drawn);
    Ok(checked.view().text_scale)
}

/// The diagram `request` asks of `record`, as a one-page document.
pub fn draw(record: &dyn GameRecord, request: &FigureSpec) -> Result<Document, Error> {
    let (mut checked, annotations) = resolve(record, request)?;
    let (mut figure, mut cells) = record.draw(&checked);
    if let (Some(wanted), None) = (request.text_size, request.text_scale) {
        (figure, cells) = legible(record, &mut checked, wanted, (figure, cells));
    }
    let view = checked.view();
    if !annotations.is_empty() {
        // Labels grow with the figure's text, and with `--text-size` to its smallest text.
        let labels = annotate::LabelText {
            scale: crate::frame::text_scale(view.text_scale),
            at_least: match request.text_size {
                Some(_) => TextSize::smallest(&figure, None),
                None => 0.0,
            },
        };
        let font = figure.font.clone();
        figure.root.group(drawn_annotations(
            record,
            &font,
            &cells,
            &annotations,
            &figure.root,
            labels,
        )?);
        if !view.bare || view.legend {
            let pt = 8.0 * crate::frame::text_scale(view.text_scale);
            let margin = match view.bare {
                true => crate::layout::BARE_MARGIN,
                false => crate::frame::MARGIN,
            };
            let key = (&annotations, pt, margin, view.caption.is_some());
            annotation_key(&mut figure, &cells, key, &request.words);
        }
    }
    Ok(Document::new(figure.title.clone(), vec![figure]))
}

/// The key to the annotations, one more line under the figure (whose `margin` stays).
fn annotation_key(
    figure: &mut crate::figure::Figure,
    cells: &annotate::Cells,
    (annotations, pt, margin, captioned): (&Annotations, f64, f64, bool),
    words: &crate::words::Words,
) {
    let size = cells.values().next().map_or(10.0, |c| c.size);
    let at = crate::figure::Point::new(
        margin,
        figure.height - margin + 1.0 + crate::layout::line_height(pt),
    );
    let entries = crate::legend::annotations(annotations, size, captioned, words);
    let width = figure.width - 2.0 * margin;
    if let (Some(key), bottom) = crate::legend::key(&figure.font, at, width, pt, entries) {
        figure.root.group(key);
        figure.height = bottom + margin;
    }
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
    view: &mut CheckedView,
    wanted: TextSize,
    drawn: (crate::figure::Figure, annotate::Cells),
) -> (crate::figure::Figure, annotate::Cells) {
    // A hair more than asked, so the figure's rounded sizes are not a hair under it.
    let target = wanted.points * 1.001;
    let mut best = drawn;
    let mut smallest = TextSize::smallest(&best.0, wanted.width);
    let mut best_scale = view.view().text_scale;
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
        let scale = scale.min(MAX_TEXT_SCALE);
        view.set_text_scale(scale);
        let next = record.draw(view);
        let now = TextSize::smallest(&next.0, wanted.width);
        if now > smallest * (1.0 + 1e-9) {
            (best, smallest, best_scale) = (next, now, scale);
        } else if now < smallest * (1.0 - 1e-9) {
            too_far = Some(scale);
        } else {
            // A plateau (text fitted to its line): past it, not back.
            (best, best_scale) = (next, scale);
        }
    }
    view.set_text_scale(best_scale);
    best
}

fn drawn_annotations(
    record: &dyn GameRecord,
    font: &crate::font::Font,
    cells: &annotate::Cells,
    annotations: &Annotations,
    drawn: &crate::figure::Group,
    labels: annotate::LabelText,
) -> Result<crate::figure::Group, Error> {
    let obstacles = annotate::obstacles(font, drawn, record.game().keep_clear());
    annotate::annotate(font, cells, annotations, &obstacles, labels).map_err(
        |problem| match problem.at {
            Some(at) => Error::Invalid(
                record
                    .about()
                    .source
                    .error_at(&at, problem.message)
                    .blaming(problem.option),
            ),
            None => Error::Usage(Phrase::verbatim(problem.message)),
        },
    )
}

/// Every entry of the record's `diagrams` can be drawn (squares of the board, known marks,
/// the game's own options), so `check` refuses what `render` and `booklet` would. Nothing
/// is drawn but the annotations, their labels checked against `font`, the job's.
pub(crate) fn check_record_diagrams(
    record: &dyn GameRecord,
    font: &std::sync::Arc<crate::font::Font>,
) -> Result<(), Diagnostic> {
    for k in 1..=record.about().diagrams.len() {
        let request = FigureSpec {
            diagram: Some(k),
            font: font.clone(),
            ..FigureSpec::default()
        };
        let checked = resolve(record, &request).and_then(|(checked, annotations)| {
            let cells = checked.cells();
            let nothing = crate::figure::Group::default();
            let labels = annotate::LabelText::default();
            drawn_annotations(record, font, cells, &annotations, &nothing, labels).map(|_| ())
        });
        checked.map_err(|e| match e {
            Error::Invalid(d) | Error::Config(d) => d,
            other => Diagnostic::file(&record.about().source.path, format!("diagram {k}: {other}")),
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Geometry checks on the figures of every example, annotated on occupied and empty
    //! points alike: nothing an annotation draws hides what it marks, and every symbol the
    //! figure draws has a key entry.
    use super::*;
    use crate::annotate::{Cell, Obstacle, segment_distance};
    use crate::figure::{Color, Figure, Group, Item, Point, Rect, Shape};
    use crate::input::SourceFile;
    use crate::palette::{INK, PAPER, STONE_BLACK};

    fn records() -> Vec<(String, Box<dyn GameRecord>)> {
        let mut paths: Vec<_> =
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
                .collect();
        paths.sort();
        let mut found = Vec::new();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let source = SourceFile::new(&path, &text);
            for entry in crate::load::read(&source, &crate::font::Font::builtin()).unwrap() {
                if let Ok(game) = entry.game {
                    found.push((path.display().to_string(), game));
                }
            }
        }
        found
    }

    fn written(values: &[&str]) -> Vec<Written> {
        values.iter().map(|v| (*v).into()).collect()
    }

    /// Annotations on occupied and empty points: arrows between them, two annotations on
    /// one point, a label beside a numeral, and every square highlighted.
    fn generated(cells: &annotate::Cells) -> Annotations {
        let occupied: Vec<&String> = cells.keys().filter(|k| cells[*k].piece.is_some()).collect();
        let empty: Vec<&String> = cells.keys().filter(|k| cells[*k].piece.is_none()).collect();
        let numerals: Vec<&String> = occupied
            .iter()
            .copied()
            .filter(|k| cells[*k].piece.is_some_and(|p| p.numeral > 0.0))
            .take(3)
            .collect();
        let pair = |a: &str, b: &str| (Written::from(a), Written::from(b));
        let (o, e) = (
            |i: usize| occupied[i % occupied.len()].as_str(),
            |i: usize| empty[i % empty.len()].as_str(),
        );
        let mut a = Annotations::default();
        if occupied.len() >= 4 && empty.len() >= 2 {
            a.arrows = vec![pair(o(0), o(1)), pair(e(0), o(2)), pair(o(3), e(1))];
            a.marks = vec![
                pair(o(0), "circle"),
                pair(o(2), "cross"),
                pair(e(0), "triangle"),
                pair(e(1), "square"),
            ];
            a.labels = vec![
                pair(o(0), "A"),
                pair(o(1), "B"),
                pair(e(1), "C"),
                pair(e(0), "D"),
            ];
        }
        for k in numerals {
            a.labels.push(pair(k, "W"));
            a.marks.push(pair(k, "triangle"));
        }
        a.highlight = written(&cells.keys().map(|k| k.as_str()).collect::<Vec<_>>());
        a
    }

    /// Every example at its end and half-way, annotated, plus LOA's `moves` figure for a
    /// piece on the board's edge; with the cells they were drawn on.
    fn figures() -> Vec<(String, Figure, annotate::Cells)> {
        let mut out = Vec::new();
        for (name, record) in records() {
            let mut requests = vec![FigureSpec::default()];
            let half = record.length() / 2;
            let game = record.game().name();
            let mut midway = FigureSpec {
                at: Some(MoveRef::Count(half.max(1))),
                ..FigureSpec::default()
            };
            if game == "shoreline" {
                midway.options.push(GivenOption {
                    name: "numbers".into(),
                    values: Vec::new(),
                });
            }
            requests.push(midway);
            // The cells as drawn, with their pieces (`resolve` gives only the squares).
            let drawn_cells = |request: &FigureSpec| {
                let (checked, _) = resolve(&*record, request).unwrap();
                record.draw(&checked).1
            };
            for base in requests.clone() {
                let cells = drawn_cells(&base);
                if game == "lines-of-action" {
                    if let Some(edge) = cells.keys().find(|k| {
                        cells[*k].piece.is_some() && (k.starts_with('a') || k.ends_with('1'))
                    }) {
                        let mut show = base.clone();
                        show.options.push(GivenOption {
                            name: "show".into(),
                            values: written(&[&format!("moves:{edge}"), &format!("lines:{edge}")]),
                        });
                        requests.push(show);
                    }
                }
            }
            for mut request in requests {
                let cells = drawn_cells(&request);
                request.annotations = generated(&cells);
                let figure = draw(&*record, &request).unwrap().pages.remove(0);
                let label = format!("{name} at {:?} {}", request.at, request.options.len());
                out.push((label, figure, cells));
            }
        }
        assert!(out.len() > 30, "{}", out.len());
        let annotated = out
            .iter()
            .filter(|(_, f, _)| !f.root.groups_with_class("mark").is_empty());
        assert!(
            annotated.count() > 30,
            "annotations on pieces and empty points"
        );
        out
    }

    /// Every shape of `group` and below, with its paint, skipping groups whose classes
    /// include one of `skip`.
    fn shapes<'a>(
        group: &'a Group,
        skip: &[&str],
        out: &mut Vec<(&'a Shape, &'a crate::figure::Paint)>,
    ) {
        for item in &group.items {
            match item {
                Item::Shape(shape, paint) => out.push((shape, paint)),
                Item::Group(g) if !g.class.split(' ').any(|c| skip.contains(&c)) => {
                    shapes(g, skip, out)
                }
                _ => {}
            }
        }
    }

    fn bounds(group: &Group) -> Rect {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let mut add = |p: Point, r: f64| {
            (x0, y0, x1, y1) = (
                x0.min(p.x - r),
                y0.min(p.y - r),
                x1.max(p.x + r),
                y1.max(p.y + r),
            );
        };
        let mut all = Vec::new();
        shapes(group, &[], &mut all);
        for (shape, paint) in all {
            // Half the line's width lies outside the shape.
            let w = paint.stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
            match shape {
                Shape::Line(a, b) => [a, b].into_iter().for_each(|p| add(*p, w)),
                Shape::Lines(lines) => lines.iter().for_each(|(a, b)| {
                    add(*a, w);
                    add(*b, w);
                }),
                Shape::Polyline(ps) | Shape::Polygon(ps) => ps.iter().for_each(|p| add(*p, w)),
                Shape::Rect(r) => [Point::new(r.x, r.y), Point::new(r.right(), r.bottom())]
                    .into_iter()
                    .for_each(|p| add(p, w)),
                Shape::Circle { center, radius } => add(*center, *radius + w),
            }
        }
        for text in group.texts() {
            let b = text.bounds(&crate::font::Font::builtin());
            add(Point::new(b.x, b.y), 0.0);
            add(Point::new(b.right(), b.bottom()), 0.0);
        }
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    fn pieces(cells: &annotate::Cells) -> Vec<(Point, f64)> {
        cells
            .values()
            .filter_map(|c: &Cell| c.piece.map(|p| (c.center, p.radius)))
            .collect()
    }

    /// Whether the polygon and the disc share area.
    fn polygon_meets_disc(polygon: &[Point], center: Point, radius: f64) -> bool {
        let n = polygon.len();
        let mut inside = false;
        for i in 0..n {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            if segment_distance(center, a, b) < radius - 1e-6 {
                return true;
            }
            if (a.y > center.y) != (b.y > center.y)
                && center.x < (b.x - a.x) * (center.y - a.y) / (b.y - a.y) + a.x
            {
                inside = !inside;
            }
        }
        inside
    }

    #[test]
    fn arrowheads_lie_outside_every_piece() {
        let mut bad = Vec::new();
        for (name, figure, cells) in figures() {
            let mut arrows = figure.root.groups_with_class("arrow");
            arrows.retain(|g| !g.class.contains("legend-sample"));
            for arrow in arrows {
                let Some(Item::Shape(Shape::Polygon(head), _)) = arrow.items.last() else {
                    continue;
                };
                for (center, radius) in pieces(&cells) {
                    if polygon_meets_disc(head, center, radius) {
                        bad.push(format!(
                            "{name}: {} head {head:?} on the piece at {center:?}",
                            arrow.class
                        ));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{}: {bad:#?}", bad.len());
    }

    #[test]
    fn labels_and_marks_never_cover_numerals_or_each_other() {
        let mut bad = Vec::new();
        for (name, figure, _) in figures() {
            // Tower heights and move numbers.
            let mut numerals: Vec<Rect> = Vec::new();
            for class in ["tower", "stone"] {
                for g in figure.root.groups_with_class(class) {
                    numerals.extend(
                        g.texts()
                            .iter()
                            .map(|t| t.bounds(&crate::font::Font::builtin())),
                    );
                }
            }
            let mut boxes: Vec<(String, Rect)> = Vec::new();
            for class in ["mark", "label"] {
                for g in figure.root.groups_with_class(class) {
                    if g.class.starts_with("annotation") {
                        boxes.push((g.class.clone(), bounds(g)));
                    }
                }
            }
            for (i, (class, b)) in boxes.iter().enumerate() {
                if let Some(n) = numerals.iter().find(|n| n.overlaps(b)) {
                    bad.push(format!("{name}: {class} {b:?} on the numeral at {n:?}"));
                }
                // Two annotations' round footprints (marks and badges are round or fit a
                // circle), so a badge may sit in the corner of a mark's box.
                let disc = |r: &Rect| (r.center(), r.width.max(r.height) / 2.0);
                for (other, c) in &boxes[i + 1..] {
                    let ((p, r), (q, s)) = (disc(b), disc(c));
                    if ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt() < r + s {
                        bad.push(format!("{name}: {class} {b:?} and {other} {c:?}"));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{}: {bad:#?}", bad.len());
    }

    #[test]
    fn highlights_are_whole_and_pass_under_coordinates_the_shore_and_links() {
        let mut bad = Vec::new();
        let mut crossing = 0;
        for (name, figure, _) in figures() {
            let root = &figure.root;
            let mut keep_off: Vec<(&str, Obstacle)> = Vec::new();
            for g in root.groups_with_class("label") {
                if !g.class.contains("annotation") {
                    keep_off.extend(g.texts().iter().map(|t| {
                        (
                            "coordinate",
                            Obstacle::Box(t.bounds(&crate::font::Font::builtin())),
                        )
                    }));
                }
            }
            for g in root.groups_with_class("hatch") {
                keep_off.extend(g.clip.map(|c| ("water", Obstacle::Box(c))));
            }
            for class in ["water", "links"] {
                for g in root.groups_with_class(class) {
                    for item in &g.items {
                        if let Item::Shape(Shape::Line(from, to), paint) = item {
                            let width = paint.stroke.as_ref().unwrap().width;
                            keep_off.push((
                                class,
                                Obstacle::Stroke {
                                    from: *from,
                                    to: *to,
                                    width,
                                },
                            ));
                        }
                    }
                }
            }
            let mut highlights = root.groups_with_class("highlight");
            highlights.retain(|g| !g.class.contains("legend-sample"));
            assert!(!highlights.is_empty());
            for h in highlights {
                let Some(Item::Shape(Shape::Polyline(ring), paint)) = h.items.first() else {
                    panic!("{name}: a highlight is a ring: {h:?}")
                };
                if ring.first() != ring.last() {
                    bad.push(format!("{name}: a highlight cut open"));
                }
                let half = paint.stroke.as_ref().unwrap().width / 2.0;
                // What the ring crosses is drawn again over it, within the band.
                let over = h.groups_with_class("highlight-crossed");
                crossing += over.len();
                for p in ring {
                    if let Some((what, _)) =
                        keep_off.iter().find(|(_, o)| o.distance(*p) < half - 1e-6)
                    {
                        let redrawn = over.iter().any(|g| {
                            g.clip.is_some_and(|c| {
                                c.x <= p.x && p.x <= c.right() && c.y <= p.y && p.y <= c.bottom()
                            })
                        });
                        if !redrawn {
                            bad.push(format!("{name}: highlight at {p:?} covers a {what}"));
                        }
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{}: {bad:#?}", bad.len());
        assert!(crossing > 0, "no highlight crosses anything");
    }

    #[test]
    fn refused_stubs_are_visible_and_point_away_from_their_piece() {
        let mut seen = 0;
        for (name, figure, cells) in figures() {
            let mut stubs = figure.root.groups_with_class("refused");
            stubs.retain(|g| !g.class.contains("legend-sample"));
            for g in stubs {
                let Some(Item::Shape(Shape::Line(start, end), _)) = g.items.first() else {
                    panic!("{name}: {g:?}")
                };
                let length = ((end.x - start.x).powi(2) + (end.y - start.y).powi(2)).sqrt();
                assert!(length >= 0.9, "{name}: a {length:.2} mm stub");
                let (piece, _) = pieces(&cells)
                    .into_iter()
                    .min_by(|a, b| {
                        let d = |c: Point| (c.x - start.x).powi(2) + (c.y - start.y).powi(2);
                        d(a.0).total_cmp(&d(b.0))
                    })
                    .unwrap();
                let outward = (end.x - start.x) * (start.x - piece.x)
                    + (end.y - start.y) * (start.y - piece.y);
                assert!(
                    outward > 0.0,
                    "{name}: a stub {start:?}–{end:?} pointing into its piece at {piece:?}"
                );
                seen += 1;
            }
        }
        assert!(
            seen > 0,
            "{:?}",
            figures().iter().map(|f| f.0.clone()).collect::<Vec<_>>()
        );
    }

    /// A symbol's look: its colour, and whether its line is dashed (None for a fill).
    type Look = (Color, Option<bool>);

    fn looks(group: &Group, skip: &[&str]) -> Vec<Look> {
        let mut all = Vec::new();
        shapes(group, skip, &mut all);
        let mut found = Vec::new();
        for (_, paint) in all {
            found.extend(paint.fill.map(|c| (c, None)));
            found.extend(
                paint
                    .stroke
                    .as_ref()
                    .map(|s| (s.color, Some(!s.dash.is_empty()))),
            );
        }
        // Paper, ink and the pieces' own colours need no key.
        found.retain(|(c, _)| ![PAPER, INK, STONE_BLACK].contains(c));
        found.sort_by_key(|(c, d)| (c.r, c.g, c.b, *d));
        found.dedup();
        found
    }

    #[test]
    fn every_symbol_drawn_has_a_key_entry() {
        // What is not a symbol: the board itself (and what of it a highlight's band passes
        // under, drawn again over it), the pieces, the words around it, the key.
        let base = [
            "board",
            "highlight-crossed",
            "pieces",
            "stones",
            "header",
            "score",
            "legend",
            "scoring-table",
        ];
        let mut bad = Vec::new();
        for (name, figure, _) in figures() {
            let keyed: Vec<Look> = figure
                .root
                .groups_with_class("legend-sample")
                .into_iter()
                .flat_map(|g| looks(g, &[]))
                .collect();
            for look in looks(&figure.root, &base) {
                if !keyed.contains(&look) {
                    bad.push(format!("{name}: {look:?}"));
                }
            }
        }
        bad.dedup();
        assert!(bad.is_empty(), "{}: {bad:#?}", bad.len());
    }
}
