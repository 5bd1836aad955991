//! Annotations drawn on any game's diagram, one mechanism for all three: arrows between
//! squares, marks (triangle, circle, cross, square), short labels and highlighted squares.
//! Each game's diagram says where its squares are ([`Cells`]); nothing here knows a game.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};

use crate::figure::{
    Anchor, Color, Group, Item, Paint, Point, Rect, Shape, Stroke, Text, cased_arrow,
    passing_under, trimmed,
};
use crate::font::{self, Font};
use crate::palette::{ANNOTATION, HIGHLIGHT, HIGHLIGHT_EDGE, PAPER};
/// A text written in a record, with its place.
type Located = crate::yaml::Spanned<String>;

/// Where a square (or Shoreline point) is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub center: Point,
    /// The square's width, in millimetres.
    pub size: f64,
    /// The square's outline.
    pub outline: Vec<Point>,
    /// The stone or piece standing there, which annotations draw on and never hide.
    pub piece: Option<Piece>,
    /// The radius of a sign the board draws on the square's centre (Lines of Action's cross
    /// where a capture happened), which annotations keep clear of as of a numeral; 0 for
    /// none.
    pub sign: f64,
}

/// A stone or piece as drawn: a disc of this fill and radius on the cell's centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub fill: Color,
    pub radius: f64,
    /// The radius of what the piece carries on its centre (a tower's height, a move
    /// number), which annotations keep clear of; 0 for a plain piece.
    pub numeral: f64,
}

impl Piece {
    /// A piece with nothing written on it.
    pub fn plain(fill: Color, radius: f64) -> Self {
        Self {
            fill,
            radius,
            numeral: 0.0,
        }
    }

    /// The colour that reads on the piece: paper on a dark piece, the annotation colour on
    /// a light one.
    fn ink(&self) -> Color {
        let c = self.fill;
        let luminance = 0.299 * c.r as f64 + 0.587 * c.g as f64 + 0.114 * c.b as f64;
        if luminance < 128.0 { PAPER } else { ANNOTATION }
    }
}

/// Something the board draws that highlights keep off: a coordinate, the water, the shore
/// line, a link between pieces.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Obstacle {
    Box(Rect),
    /// A line of this width.
    Stroke {
        from: Point,
        to: Point,
        width: f64,
    },
}

impl Obstacle {
    /// How far `p` is from the obstacle's ink (0 inside it).
    pub fn distance(&self, p: Point) -> f64 {
        match *self {
            Obstacle::Box(r) => {
                let dx = (r.x - p.x).max(p.x - r.right()).max(0.0);
                let dy = (r.y - p.y).max(p.y - r.bottom()).max(0.0);
                (dx * dx + dy * dy).sqrt()
            }
            Obstacle::Stroke { from, to, width } => {
                (segment_distance(p, from, to) - width / 2.0).max(0.0)
            }
        }
    }
}

/// The distance from `p` to the segment `a`–`b`.
pub(crate) fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length2 = dx * dx + dy * dy;
    let t = if length2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / length2).clamp(0.0, 1.0)
    };
    let (x, y) = (a.x + t * dx, a.y + t * dy);
    ((p.x - x).powi(2) + (p.y - y).powi(2)).sqrt()
}

/// The classes of the groups a game's diagrams draw that highlights keep off, beyond the
/// coordinates every board has (`Game::keep_clear`): areas, as their groups' clip (Shoreline's
/// hatched water), and lines (its shore line, Lines of Action's links between pieces).
#[derive(Debug, Clone, Copy, Default)]
pub struct KeepClear {
    pub areas: &'static [&'static str],
    pub lines: &'static [&'static str],
}

/// Something the board draws that a highlight passes under and marks keep off, with the
/// item that draws it (drawn again over a highlight that crosses it).
#[derive(Debug, Clone)]
pub struct BoardInk {
    pub obstacle: Obstacle,
    pub item: Item,
}

/// What highlights pass under and marks keep off in a drawn diagram: the coordinates (texts
/// of `label` groups), and the areas and lines the game names; the texts measured in
/// `font`, the figure's.
pub(crate) fn obstacles(font: &Font, root: &Group, keep_clear: KeepClear) -> Vec<BoardInk> {
    let mut found = Vec::new();
    for labels in root.groups_with_class("label") {
        found.extend(labels.texts().into_iter().map(|t| BoardInk {
            obstacle: Obstacle::Box(t.bounds(font)),
            item: Item::Text(t.clone()),
        }));
    }
    for class in keep_clear.areas {
        for area in root.groups_with_class(class) {
            found.extend(area.clip.map(|clip| BoardInk {
                obstacle: Obstacle::Box(clip),
                item: Item::Group(area.clone()),
            }));
        }
    }
    for class in keep_clear.lines {
        for group in root.groups_with_class(class) {
            for item in &group.items {
                if let Item::Shape(Shape::Line(from, to), paint) = item {
                    let width = paint.stroke.as_ref().map_or(0.0, |s| s.width);
                    found.push(BoardInk {
                        obstacle: Obstacle::Stroke {
                            from: *from,
                            to: *to,
                            width,
                        },
                        item: item.clone(),
                    });
                }
            }
        }
    }
    found
}

/// Records that `piece` stands on the square `name`, so annotations on it keep it visible.
pub fn place(cells: &mut Cells, name: &str, piece: Piece) {
    if let Some(cell) = cells.get_mut(name) {
        cell.piece = Some(piece);
    }
}

/// Records that the board draws a sign of `radius` on the centre of the square `name`.
pub(crate) fn sign(cells: &mut Cells, name: &str, radius: f64) {
    if let Some(cell) = cells.get_mut(name) {
        cell.sign = radius;
    }
}

/// Every square of a diagram by its lowercase name.
pub type Cells = BTreeMap<String, Cell>;

/// `key: value` pairs in the order written, each with its place in the file.
#[derive(Debug, Clone, Default)]
pub struct Pairs(pub Vec<(Located, Located)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = Pairs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping from squares to values, like { c3: triangle }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(entry) = map.next_entry::<Located, Located>()? {
                    pairs.push(entry);
                }
                Ok(Pairs(pairs))
            }
        }
        deserializer.deserialize_map(PairsVisitor)
    }
}

/// A name written in a record (with its place) or on the command line (without).
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub text: String,
    pub at: Option<serde_saphyr::Location>,
}

impl From<&Located> for Written {
    fn from(t: &Located) -> Self {
        Written {
            text: t.value.clone(),
            at: Some(t.referenced),
        }
    }
}

impl From<&str> for Written {
    fn from(t: &str) -> Self {
        Written {
            text: t.to_string(),
            at: None,
        }
    }
}

/// What to draw, from a record's `diagrams` entry and the command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotations {
    pub arrows: Vec<(Written, Written)>,
    pub marks: Vec<(Written, Written)>,
    pub labels: Vec<(Written, Written)>,
    pub highlight: Vec<Written>,
}

/// An annotation given as `FROM:TO`, `SQ:SHAPE` or `SQ:TEXT` without its two parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAPair {
    /// `arrow`, `mark` or `label`.
    pub kind: &'static str,
    pub value: String,
}

impl std::fmt::Display for NotAPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "write two parts joined by a colon, like {}",
            self.example()
        )
    }
}

impl NotAPair {
    /// A value of its kind written right: `b1:b3`.
    pub fn example(&self) -> &'static str {
        match self.kind {
            "arrow" => "b1:b3",
            "mark" => "c3:triangle",
            _ => "a1:A",
        }
    }
}

impl Annotations {
    /// Annotations as `render`'s options give them: arrows `b1:b3`, marks `c3:triangle`,
    /// labels `a1:A` and highlighted squares.
    pub fn from_options(
        arrows: &[String],
        marks: &[String],
        labels: &[String],
        highlights: &[String],
    ) -> Result<Self, NotAPair> {
        let pairs = |kind: &'static str, values: &[String]| {
            values
                .iter()
                .map(|value| match value.split_once(':') {
                    Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                        Ok((a.into(), b.into()))
                    }
                    _ => Err(NotAPair {
                        kind,
                        value: value.clone(),
                    }),
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Annotations {
            arrows: pairs("arrow", arrows)?,
            marks: pairs("mark", marks)?,
            labels: pairs("label", labels)?,
            highlight: highlights.iter().map(|v| v.as_str().into()).collect(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty()
            && self.marks.is_empty()
            && self.labels.is_empty()
            && self.highlight.is_empty()
    }

    pub fn extend(&mut self, other: Annotations) {
        self.arrows.extend(other.arrows);
        self.marks.extend(other.marks);
        self.labels.extend(other.labels);
        self.highlight.extend(other.highlight);
    }
}

/// An annotation that cannot be drawn, and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct AnnotationError {
    pub at: Option<serde_saphyr::Location>,
    pub message: String,
    /// The command-line option at fault (see [`crate::diagnostic::Diagnostic::option`]).
    pub option: Option<&'static str>,
}

const SHAPES: [&str; 4] = ["triangle", "circle", "cross", "square"];

/// Annotations one figure takes at most: four for each square of the largest board, and no
/// figure that more could draw stays readable. Bounds what a figure, and a page of them,
/// can cost (20,000 highlights made an 85 MB SVG).
pub(crate) const MAX_ANNOTATIONS: usize = 1_000;

/// Draws `annotations` on the squares of `cells`, highlights first and labels last,
/// highlights whole and under what the board draws on them (`obstacles`, see
/// [`obstacles`]), marks and labels off it. Nothing hides what it marks:
/// arrows end outside the pieces and marks they join, and a mark or label goes on a piece's
/// centre only when nothing else is there (no numeral, no other annotation); else it goes in
/// a small badge toward a free corner of the square, away from the arrows. Labels grow as
/// `text` asks, as the figure's other texts do (`--text-size`), and are measured in `font`.
pub fn annotate(
    font: &Font,
    cells: &Cells,
    annotations: &Annotations,
    obstacles: &[BoardInk],
    text: LabelText,
) -> Result<Group, AnnotationError> {
    check_count(annotations)?;
    let mut group = Group::new("annotations");
    for w in &annotations.highlight {
        group.group(highlight(cell(cells, w)?, obstacles));
    }
    // The directions arrows leave or reach each square in, which badges keep away from.
    let away = draw_arrows(&mut group, cells, annotations)?;
    let mut spots: BTreeMap<String, Spots> = BTreeMap::new();
    // What the board draws, and the marks and labels placed so far.
    let mut taken: Vec<Obstacle> = obstacles.iter().map(|o| o.obstacle).collect();
    // `grow`: how many times their usual size a centred and a badge's annotation are drawn.
    let mut spot = |w: &Written, c: &Cell, (centred, badge): (f64, f64)| {
        let directions = away.get(&key(w)).map_or(&[][..], |d| d.as_slice());
        let at = spots
            .entry(key(w))
            .or_default()
            .take(c, directions, &taken, badge);
        let (centre, r) = match at {
            Spot::Centre => (c.center, c.size * 0.36 * centred),
            Spot::Badge(centre, r) => (centre, r),
        };
        taken.push(Obstacle::Box(Rect::new(
            centre.x - r,
            centre.y - r,
            2.0 * r,
            2.0 * r,
        )));
        at
    };
    for (square, shape) in &annotations.marks {
        let c = cell(cells, square)?;
        let name = mark_name(shape)?;
        let at = spot(square, c, (1.0, 1.0));
        group.group(mark(c, at, &name));
    }
    for (square, label) in &annotations.labels {
        let c = cell(cells, square)?;
        check_label(font, square, label)?;
        let (centred, badge) = label_growth(font, c, &label.text, text);
        let at = spot(square, c, (centred, badge));
        group.group(text_label(font, c, at, &label.text, centred));
    }
    Ok(group)
}

/// Refuses more than [`MAX_ANNOTATIONS`] annotations on one figure.
fn check_count(annotations: &Annotations) -> Result<(), AnnotationError> {
    let count = annotations.arrows.len()
        + annotations.marks.len()
        + annotations.labels.len()
        + annotations.highlight.len();
    if count > MAX_ANNOTATIONS {
        return Err(AnnotationError {
            at: None,
            message: format!(
                "{count} annotations on one figure; a figure takes at most {MAX_ANNOTATIONS} \
                 (arrows, marks, labels and highlights together)"
            ),
            option: None,
        });
    }
    Ok(())
}

/// A written square's name as [`Cells`] keys it.
fn key(w: &Written) -> String {
    w.text.trim().to_ascii_lowercase()
}

/// The square `w` names, refused when the board has none of that name.
fn cell<'a>(cells: &'a Cells, w: &Written) -> Result<&'a Cell, AnnotationError> {
    cells.get(&key(w)).ok_or_else(|| AnnotationError {
        at: w.at,
        message: format!("`{}` is not a square of this board", w.text),
        option: None,
    })
}

/// Draws the arrows into `group`, refusing one from a square to itself; returns the
/// directions they leave or reach each square in, by the square's key.
fn draw_arrows(
    group: &mut Group,
    cells: &Cells,
    annotations: &Annotations,
) -> Result<BTreeMap<String, Vec<(f64, f64)>>, AnnotationError> {
    let mut away: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for (from, to) in &annotations.arrows {
        let (a, b) = (cell(cells, from)?, cell(cells, to)?);
        if a.center == b.center {
            return Err(AnnotationError {
                at: to.at,
                message: format!("an arrow from {} to itself", from.text),
                option: None,
            });
        }
        let towards = unit(a.center, b.center);
        away.entry(key(from)).or_default().push(towards);
        away.entry(key(to))
            .or_default()
            .push((-towards.0, -towards.1));
        group.group(annotation_arrow(a, b, cells));
    }
    Ok(away)
}

/// The mark `shape` names, lowercased; refused unless it is one of [`SHAPES`].
fn mark_name(shape: &Written) -> Result<String, AnnotationError> {
    let name = shape.text.trim().to_ascii_lowercase();
    if !SHAPES.contains(&name.as_str()) {
        return Err(AnnotationError {
            at: shape.at,
            message: format!(
                "`{}` is not a mark; the marks are {}",
                shape.text,
                SHAPES.join(", ")
            ),
            option: None,
        });
    }
    Ok(name)
}

/// Refuses a label on `square` that is empty, longer than 3 characters, or that `font`
/// cannot draw.
fn check_label(font: &Font, square: &Written, label: &Written) -> Result<(), AnnotationError> {
    if label.text.trim().is_empty() {
        return Err(AnnotationError {
            at: label.at,
            message: format!("the label on {} is empty", square.text),
            option: None,
        });
    }
    if label.text.chars().count() > 3 {
        return Err(AnnotationError {
            at: label.at,
            message: format!("label `{}` is longer than 3 characters", label.text),
            option: None,
        });
    }
    font.check(&label.text).map_err(|m| AnnotationError {
        at: label.at,
        message: m.to_string(),
        option: m.option(),
    })
}

/// How many times its usual size the label `content` on `c` is drawn, centred and in a
/// badge: grown as `text` asks. Grown with the figure's text, a centred label's disc stays
/// inside its square, clear of the coordinates beside an edge square, unless its text would
/// then print under the smallest size asked for (Towers' small squares at 50 mm).
fn label_growth(font: &Font, c: &Cell, content: &str, text: LabelText) -> (f64, f64) {
    let grow = |radius: f64| {
        let usual = label_size(font, radius, content);
        text.scale.max(text.at_least / usual).max(1.0)
    };
    let needed = (text.at_least / label_size(font, c.size * CENTRE_LABEL, content)).max(1.0);
    let inside = LARGEST_CENTRE_LABEL / CENTRE_LABEL;
    let centred = grow(c.size * CENTRE_LABEL).min(inside.max(needed));
    (centred, grow(c.size * BADGE))
}

/// How large labels' text is drawn: `scale` times its usual size (the figure's text scale),
/// and at least `at_least` points (the figure's smallest text, so that `--text-size` holds).
#[derive(Debug, Clone, Copy)]
pub struct LabelText {
    pub scale: f64,
    pub at_least: f64,
}

impl Default for LabelText {
    fn default() -> Self {
        Self {
            scale: 1.0,
            at_least: 0.0,
        }
    }
}

/// The unit vector from `a` towards `b`.
fn unit(a: Point, b: Point) -> (f64, f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    (dx / length, dy / length)
}

/// How far from a square's centre an arrow stops: past the piece's rim, or past a mark or
/// label on an empty square.
fn arrow_clearance(c: &Cell) -> f64 {
    let piece = c.piece.map_or(c.sign, |p| p.radius);
    piece.max(c.size * 0.3) + c.size * 0.04
}

/// An arrow between two squares' rims, cased in paper, its shaft passing under the pieces
/// of `cells` it crosses, so that it strikes no stone and no numeral.
fn annotation_arrow(a: &Cell, b: &Cell, cells: &Cells) -> Group {
    // Its head (four widths) fits between the target and a piece next to it.
    let width = a.size * 0.045;
    let (from, to) = trimmed(a.center, b.center, arrow_clearance(a), arrow_clearance(b));
    let crossed: Vec<(Point, f64)> = cells
        .values()
        .filter(|c| c.center != a.center && c.center != b.center)
        .filter_map(|c| match c.piece {
            Some(p) => Some((c.center, p.radius)),
            None => (c.sign > 0.0).then_some((c.center, c.sign)),
        })
        .collect();
    let arrow = cased_arrow(
        "annotation arrow",
        from,
        to,
        width,
        ANNOTATION,
        (PAPER, width * 0.45),
    );
    passing_under(arrow, &crossed)
}

/// Where a mark or label goes on its square.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Spot {
    Centre,
    /// A badge of this radius on this centre.
    Badge(Point, f64),
}

/// A badge's radius, in square sizes.
const BADGE: f64 = 0.17;
/// The radius a label on a square's centre keeps, in square sizes.
const CENTRE_LABEL: f64 = 0.26;
/// The most a centred label's disc grows to, in square sizes: just inside its square.
const LARGEST_CENTRE_LABEL: f64 = 0.46;

/// What a square already holds: its centre, its corners' badges.
#[derive(Debug, Default)]
struct Spots {
    centre: bool,
    corners: Vec<usize>,
}

impl Spots {
    /// The next free spot of `c`: its centre when neither a numeral nor another annotation
    /// is there, else a badge toward a free corner, clear of `obstacles` and away from the
    /// `away` directions if it can be.
    /// A badge is `grow` times its usual size.
    fn take(&mut self, c: &Cell, away: &[(f64, f64)], obstacles: &[Obstacle], grow: f64) -> Spot {
        let numeral = c.piece.map_or(c.sign, |p| p.numeral);
        if numeral == 0.0 && !self.centre {
            self.centre = true;
            return Spot::Centre;
        }
        let radius = c.size * BADGE * grow;
        // Clear of the numeral, or of the mark (with its casing) or label on the centre.
        let inner = if numeral > 0.0 {
            numeral
        } else {
            c.size * 0.36
        };
        let badge = |i: usize| {
            let vertex = c.outline[i];
            let (ux, uy) = unit(c.center, vertex);
            let reach = ((vertex.x - c.center.x).powi(2) + (vertex.y - c.center.y).powi(2)).sqrt();
            let d = (inner + radius + c.size * 0.05).min(reach - radius * 0.6);
            Point::new(c.center.x + ux * d, c.center.y + uy * d)
        };
        // Upper left first, then counter-clockwise: clear of LOA's captures (upper right).
        let order = |i: usize| {
            let (ux, uy) = unit(c.center, c.outline[i]);
            ((-uy).atan2(ux).to_degrees() - 135.0).rem_euclid(360.0)
        };
        // Within 30° of an arrow.
        let crowded = |i: usize| {
            let (ux, uy) = unit(c.center, c.outline[i]);
            away.iter()
                .any(|(ax, ay)| ux * ax + uy * ay > 30f64.to_radians().cos())
        };
        let blocked = |i: usize| obstacles.iter().any(|o| o.distance(badge(i)) < radius);
        let mut free: Vec<usize> = (0..c.outline.len())
            .filter(|i| !self.corners.contains(i))
            .collect();
        if free.is_empty() {
            // More annotations than corners: round again.
            free = (0..c.outline.len()).collect();
        }
        // The first best corner: unblocked, then uncrowded, then in `order`.
        let best = free.into_iter().min_by(|a, b| {
            (blocked(*a), crowded(*a))
                .cmp(&(blocked(*b), crowded(*b)))
                .then(order(*a).total_cmp(&order(*b)))
        });
        let Some(corner) = best else {
            return Spot::Centre;
        };
        self.corners.push(corner);
        Spot::Badge(badge(corner), radius)
    }
}

/// A highlight: a yellow band edged in dark amber, inset inside the square's edge, whole,
/// and under what the board draws where it crosses (a coordinate, the shore, a link), which
/// is drawn again over it. The edge keeps it visible on any square and in grey, where the
/// yellow alone fades.
fn highlight(c: &Cell, obstacles: &[BoardInk]) -> Group {
    let mut h = Group::new("annotation highlight");
    let width = c.size * 0.07;
    let corners: Vec<Point> = c
        .outline
        .iter()
        .map(|p| {
            Point::new(
                c.center.x + (p.x - c.center.x) * 0.86,
                c.center.y + (p.y - c.center.y) * 0.86,
            )
        })
        .collect();
    let mut ring = walk(&corners, width / 3.0);
    let reach = width / 2.0 + c.size * 0.02;
    let mut over = Vec::new();
    for (i, &a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let Some(strip) = band_side(c, (a, b), width) else {
            continue;
        };
        let side = walk(&[a, b], width / 3.0);
        let crossed: Vec<Item> = obstacles
            .iter()
            .filter(|o| side.iter().any(|p| o.obstacle.distance(*p) <= reach))
            .map(|o| o.item.clone())
            .collect();
        if !crossed.is_empty() {
            let mut g = Group::new("highlight-crossed");
            g.clip = Some(strip);
            g.items = crossed;
            over.push(Item::Group(g));
        }
    }
    ring.push(ring[0]);
    h.shape(
        Shape::Polyline(ring.clone()),
        Paint::stroke(Stroke::solid(HIGHLIGHT_EDGE, width)),
    );
    h.shape(
        Shape::Polyline(ring),
        Paint::stroke(Stroke::solid(HIGHLIGHT, width * 0.5)),
    );
    h.items.extend(over);
    h
}

/// The closed polygon `corners` walked in steps of about `step` (the corners kept).
fn walk(corners: &[Point], step: f64) -> Vec<Point> {
    let mut points = Vec::new();
    for (i, a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let length = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
        let n = (length / step.max(1e-3)).ceil().max(1.0) as usize;
        for k in 0..n {
            let t = k as f64 / n as f64;
            points.push(Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
        }
    }
    points
}

/// The part of a highlight's band along the side `a`–`b` of `c`'s ring that is not over
/// its piece: where what the band crosses (a link, the shore, a coordinate) is drawn again
/// over it. Only where the band is, so the board's drawing is not doubled elsewhere, and
/// off the piece, which a link passes under. The band's whole width along a slanting side.
fn band_side(c: &Cell, (a, b): (Point, Point), width: f64) -> Option<Rect> {
    let half = width / 2.0;
    let (left, right) = (a.x.min(b.x) - half, a.x.max(b.x) + half);
    let (top, bottom) = (a.y.min(b.y) - half, a.y.max(b.y) + half);
    let piece = c.piece.map_or(0.0, |p| p.radius);
    let (x, y) = (c.center.x, c.center.y);
    let (left, right, top, bottom) = if (a.y - b.y).abs() < 1e-9 && a.y < y {
        (left, right, top, bottom.min(y - piece))
    } else if (a.y - b.y).abs() < 1e-9 {
        (left, right, top.max(y + piece), bottom)
    } else if (a.x - b.x).abs() < 1e-9 && a.x < x {
        (left, right.min(x - piece), top, bottom)
    } else if (a.x - b.x).abs() < 1e-9 {
        (left.max(x + piece), right, top, bottom)
    } else {
        (left, right, top, bottom)
    };
    (right > left && bottom > top).then(|| Rect::new(left, top, right - left, bottom - top))
}

/// A mark: on an empty square's centre cased in paper to keep grid lines off it; on a
/// piece's centre drawn inside it in the colour that reads there, with no casing, so the
/// piece keeps its shape; in a badge, small in the annotation colour.
fn mark(c: &Cell, at: Spot, shape: &str) -> Group {
    let mut g = Group::new(format!("annotation mark {shape}"));
    let (centre, r, casing, ink) = match (at, c.piece) {
        (Spot::Badge(centre, radius), _) => {
            g.shape(
                Shape::Circle {
                    center: centre,
                    radius,
                },
                Paint::fill(PAPER),
            );
            (
                centre,
                radius * 0.62,
                None,
                Paint::stroke(Stroke::solid(ANNOTATION, c.size * 0.035)),
            )
        }
        (Spot::Centre, Some(piece)) => (
            c.center,
            (c.size * 0.3).min(piece.radius * 0.6),
            None,
            Paint::stroke(Stroke::solid(piece.ink(), c.size * 0.05)),
        ),
        (Spot::Centre, None) => (
            c.center,
            c.size * 0.3,
            Some(Paint::stroke(Stroke::solid(PAPER, c.size * 0.12))),
            Paint::stroke(Stroke::solid(ANNOTATION, c.size * 0.06)),
        ),
    };
    let (x, y) = (centre.x, centre.y);
    let shapes: Vec<Shape> = match shape {
        "triangle" => vec![Shape::Polygon(vec![
            Point::new(x, y - r),
            Point::new(x + r * 0.87, y + r * 0.5),
            Point::new(x - r * 0.87, y + r * 0.5),
        ])],
        "circle" => vec![Shape::Circle {
            center: centre,
            radius: r,
        }],
        "square" => vec![Shape::Polygon(vec![
            Point::new(x - r * 0.8, y - r * 0.8),
            Point::new(x + r * 0.8, y - r * 0.8),
            Point::new(x + r * 0.8, y + r * 0.8),
            Point::new(x - r * 0.8, y + r * 0.8),
        ])],
        _ => vec![
            Shape::Line(
                Point::new(x - r * 0.8, y - r * 0.8),
                Point::new(x + r * 0.8, y + r * 0.8),
            ),
            Shape::Line(
                Point::new(x + r * 0.8, y - r * 0.8),
                Point::new(x - r * 0.8, y + r * 0.8),
            ),
        ],
    };
    if let Some(casing) = casing {
        for s in &shapes {
            g.shape(s.clone(), casing.clone());
        }
    }
    for s in shapes {
        g.shape(s, ink.clone());
    }
    g
}

/// The mark `shape` as drawn on an empty square of `size` millimetres centred on `centre`:
/// the key's sample of it.
pub(crate) fn mark_sample(centre: Point, size: f64, shape: &str) -> Group {
    mark(&square_cell(centre, size), Spot::Centre, shape)
}

/// A label: on a piece's centre in the colour that reads there, the piece unchanged; on an
/// empty square's centre or in a badge on a small paper disc that keeps lines off it; on
/// the centre `grow` times its usual size (the disc with it), as the figure's other texts.
fn text_label(font: &Font, c: &Cell, at: Spot, content: &str, grow: f64) -> Group {
    let mut l = Group::new("annotation label");
    let centred = c.size * CENTRE_LABEL * grow;
    let (centre, radius, color) = match (at, c.piece) {
        (Spot::Centre, Some(piece)) => (c.center, centred, piece.ink()),
        (Spot::Centre, None) => (c.center, centred, ANNOTATION),
        (Spot::Badge(centre, radius), _) => (centre, radius, ANNOTATION),
    };
    if color == ANNOTATION {
        l.shape(
            Shape::Circle {
                center: centre,
                radius,
            },
            Paint::fill_and_stroke(PAPER, Stroke::solid(ANNOTATION, c.size * 0.03)),
        );
    }
    let size = label_size(font, radius, content);
    let mut text = Text::new(
        Point::new(centre.x, centre.y + font.cap_height(size) / 2.0),
        content,
        size,
        Anchor::Middle,
    );
    text.color = color;
    l.text(text);
    l
}

/// A label's text size in a disc of `radius`: as large as the disc allows, so a label stays
/// legible in a booklet's small boards; three characters keep clear of the ring (the text
/// spans at most 1.6 radii).
fn label_size(font: &Font, radius: f64, content: &str) -> f64 {
    let size = radius * 1.45 / font::MM_PER_PT;
    size.min(radius * 1.6 / font.text_width(content, 1.0).max(1e-9))
}

/// A square cell centred on `center`, `size` wide.
pub(crate) fn square_cell(center: Point, size: f64) -> Cell {
    let h = size / 2.0;
    Cell {
        center,
        size,
        outline: vec![
            Point::new(center.x - h, center.y - h),
            Point::new(center.x + h, center.y - h),
            Point::new(center.x + h, center.y + h),
            Point::new(center.x - h, center.y + h),
        ],
        piece: None,
        sign: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells() -> Cells {
        let mut cells = Cells::new();
        cells.insert("a1".into(), square_cell(Point::new(5.0, 5.0), 10.0));
        cells.insert("b2".into(), square_cell(Point::new(15.0, -5.0), 10.0));
        cells
    }

    #[test]
    fn a_grown_label_keeps_its_disc_inside_its_square_while_its_text_is_large_enough() {
        let mut cells = Cells::new();
        cells.insert("a1".into(), square_cell(Point::new(5.0, 5.0), 10.0));
        let a = Annotations {
            labels: vec![(Written::from("a1"), Written::from("A"))],
            ..Default::default()
        };
        // (the figure's text scale, the smallest text asked for, whether the disc may leave
        // its square for it)
        for (scale, at_least, inside) in [
            (1.0, 0.0, true),
            (3.0, 0.0, true),
            (10.0, 0.0, true),
            (1.0, 30.0, false),
        ] {
            let g = annotate(
                &Font::builtin(),
                &cells,
                &a,
                &[],
                LabelText { scale, at_least },
            )
            .unwrap();
            let label = &g.groups_with_class("label")[0];
            let radius = label
                .items
                .iter()
                .find_map(|item| match item {
                    Item::Shape(Shape::Circle { radius, .. }, _) => Some(*radius),
                    _ => None,
                })
                .expect("a disc on an empty square");
            assert_eq!(
                radius <= 5.0,
                inside,
                "scale {scale}, {at_least} pt: radius {radius}"
            );
            let text = label.texts()[0];
            assert!(
                text.size >= at_least * 0.999,
                "scale {scale}: {} pt",
                text.size
            );
            assert!(
                text.bounds(&Font::builtin()).width <= 2.0 * radius,
                "scale {scale}: the letter in its disc"
            );
        }
    }

    #[test]
    fn every_kind_lands_on_its_square() {
        let a = Annotations {
            arrows: vec![("a1".into(), "B2".into())],
            marks: vec![("b2".into(), "triangle".into())],
            labels: vec![("a1".into(), "A".into())],
            highlight: vec!["a1".into()],
        };
        let g = annotate(&Font::builtin(), &cells(), &a, &[], LabelText::default()).unwrap();
        assert_eq!(g.groups_with_class("annotation").len(), 4);
        let label = g.groups_with_class("label")[0].texts()[0];
        assert_eq!(label.position.x, 5.0);
    }

    #[test]
    fn on_a_piece_labels_and_marks_add_ink_and_never_paint_over_it() {
        let mut cells = cells();
        let dark = Piece::plain(Color::grey(28), 3.8);
        place(&mut cells, "a1", dark);
        let a = Annotations {
            labels: vec![("a1".into(), "A".into())],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells, &a, &[], LabelText::default()).unwrap();
        let label = g.groups_with_class("label")[0];
        assert_eq!(label.texts()[0].color, PAPER, "paper reads on a dark piece");
        let a = Annotations {
            marks: vec![("a1".into(), "square".into())],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells, &a, &[], LabelText::default()).unwrap();
        for group in g.groups_with_class("annotation") {
            for item in &group.items {
                if let crate::figure::Item::Shape(shape, paint) = item {
                    assert_eq!(paint.fill, None, "nothing filled over the piece: {shape:?}");
                    let stroke = paint.stroke.as_ref().unwrap();
                    assert_eq!(stroke.color, PAPER, "no casing, only ink: {shape:?}");
                    if let Shape::Polygon(points) = shape {
                        for p in points {
                            let d = ((p.x - 5.0).powi(2) + (p.y - 5.0).powi(2)).sqrt();
                            assert!(d < dark.radius, "the mark stays inside the piece");
                        }
                    }
                }
            }
        }
        // On an empty square the label keeps its paper disc.
        let empty = annotate(
            &Font::builtin(),
            &cells,
            &Annotations {
                labels: vec![("b2".into(), "B".into())],
                ..Annotations::default()
            },
            &[],
            LabelText::default(),
        )
        .unwrap();
        assert_eq!(empty.groups_with_class("label")[0].items.len(), 2);
    }

    #[test]
    fn a_highlight_is_a_ring_inside_the_square() {
        let a = Annotations {
            highlight: vec!["a1".into()],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells(), &a, &[], LabelText::default()).unwrap();
        let crate::figure::Item::Shape(Shape::Polyline(ring), paint) =
            &g.groups_with_class("highlight")[0].items[0]
        else {
            panic!()
        };
        assert_eq!(
            ring.first(),
            ring.last(),
            "closed where nothing is in the way"
        );
        let half_width = paint.stroke.as_ref().unwrap().width / 2.0;
        for p in ring {
            // Square a1 spans 0..10; the ring's outer edge stays inside it.
            assert!(p.x - half_width > 0.0 && p.x + half_width < 10.0, "{p:?}");
        }
    }

    #[test]
    fn a_second_annotation_on_a_point_goes_in_a_badge_clear_of_the_first() {
        let a = Annotations {
            marks: vec![("a1".into(), "cross".into())],
            labels: vec![("a1".into(), "A".into())],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells(), &a, &[], LabelText::default()).unwrap();
        let label = g.groups_with_class("label")[0];
        let Item::Shape(Shape::Circle { center, radius }, _) = &label.items[0] else {
            panic!("{label:?}")
        };
        let d = ((center.x - 5.0).powi(2) + (center.y - 5.0).powi(2)).sqrt();
        // The cross spans 0.24 sizes from the centre, with its casing 0.3.
        assert!(d - radius > 3.0, "{d} {radius}");
        assert!(
            center.x < 5.0 && center.y < 5.0,
            "upper left first: {center:?}"
        );
    }

    #[test]
    fn arrows_stop_at_the_rims_and_highlights_pass_whole_under_obstacles() {
        let mut cells = cells();
        place(&mut cells, "b2", Piece::plain(Color::grey(28), 3.8));
        let a = Annotations {
            arrows: vec![("a1".into(), "b2".into())],
            highlight: vec!["a1".into()],
            ..Annotations::default()
        };
        let text = Text::new(Point::new(0.0, 5.5), "1", 7.0, Anchor::Middle);
        let coordinate = BoardInk {
            obstacle: Obstacle::Box(Rect::new(-1.0, 4.0, 2.0, 2.0)),
            item: Item::Text(text.clone()),
        };
        let far = BoardInk {
            obstacle: Obstacle::Box(Rect::new(40.0, 40.0, 2.0, 2.0)),
            item: Item::Text(Text::new(Point::new(41.0, 41.5), "9", 7.0, Anchor::Middle)),
        };
        let g = annotate(
            &Font::builtin(),
            &cells,
            &a,
            &[coordinate, far],
            LabelText::default(),
        )
        .unwrap();
        let arrow = g.groups_with_class("arrow")[0];
        let Some(Item::Shape(Shape::Polygon(head), _)) = arrow.items.last() else {
            panic!()
        };
        for p in head {
            let d = ((p.x - 15.0).powi(2) + (p.y + 5.0).powi(2)).sqrt();
            assert!(d > 3.8, "the head stays off the piece: {p:?}");
        }
        let highlight = g.groups_with_class("highlight")[0];
        assert_eq!(
            highlight.items.len(),
            3,
            "its edge, its band, what it passes under"
        );
        let Item::Shape(Shape::Polyline(ring), _) = &highlight.items[0] else {
            panic!()
        };
        assert_eq!(ring.first(), ring.last(), "whole: a closed ring");
        let Item::Group(over) = &highlight.items[2] else {
            panic!()
        };
        // The coordinate it crosses drawn again over it, clipped to the band's side it
        // crosses; not the far one.
        assert_eq!(over.items, vec![Item::Text(text)]);
        let clip = over.clip.unwrap();
        let inside = |p: &Point| {
            clip.x <= p.x && p.x <= clip.right() && clip.y <= p.y && p.y <= clip.bottom()
        };
        let on_side: Vec<&Point> = ring.iter().filter(|p| inside(p)).collect();
        assert!(on_side.len() > 3, "{clip:?}");
        let width = clip.width.min(clip.height);
        assert!(width < 1.0, "a strip as wide as the band: {clip:?}");
    }

    #[test]
    fn a_line_a_highlight_crosses_is_drawn_again_off_the_piece_it_passes_under() {
        let mut cells = cells();
        // a1's piece (centre 5, 5), and a link leaving it upward through the band.
        place(&mut cells, "a1", Piece::plain(Color::grey(28), 4.0));
        let link = Item::Shape(
            Shape::Line(Point::new(5.0, 5.0), Point::new(5.0, -5.0)),
            Paint::stroke(Stroke::solid(Color::grey(60), 1.0)),
        );
        let ink = BoardInk {
            obstacle: Obstacle::Stroke {
                from: Point::new(5.0, 5.0),
                to: Point::new(5.0, -5.0),
                width: 1.0,
            },
            item: link.clone(),
        };
        let a = Annotations {
            highlight: vec!["a1".into()],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells, &a, &[ink], LabelText::default()).unwrap();
        let over = g.groups_with_class("highlight-crossed");
        assert_eq!(over.len(), 1, "the top side only");
        assert_eq!(over[0].items, vec![link]);
        let clip = over[0].clip.unwrap();
        assert!(clip.bottom() <= 5.0 - 4.0 + 1e-9, "off the piece: {clip:?}");
        assert!(clip.y < 5.0 - 4.3, "over the band's outer half: {clip:?}");
    }

    #[test]
    fn an_arrow_passes_under_the_pieces_it_crosses_and_strikes_none() {
        let mut cells = Cells::new();
        for (i, name) in ["a1", "a2", "a3", "a4"].iter().enumerate() {
            cells.insert(
                name.to_string(),
                square_cell(Point::new(5.0, 5.0 - 10.0 * i as f64), 10.0),
            );
        }
        // A numbered stone on a2 and a plain piece on a3 between the arrow's ends.
        let stone = Piece {
            numeral: 2.0,
            ..Piece::plain(Color::WHITE, 4.0)
        };
        place(&mut cells, "a2", stone);
        place(&mut cells, "a3", Piece::plain(Color::grey(28), 3.5));
        let a = Annotations {
            arrows: vec![("a1".into(), "a4".into())],
            ..Annotations::default()
        };
        let g = annotate(&Font::builtin(), &cells, &a, &[], LabelText::default()).unwrap();
        let arrow = g.groups_with_class("arrow")[0];
        let lines: Vec<(Point, Point, f64)> = arrow
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Shape(Shape::Line(p, q), paint) => {
                    Some((*p, *q, paint.stroke.as_ref().unwrap().width / 2.0))
                }
                _ => None,
            })
            .collect();
        // Casing and ink, each in three runs: before a2, between a2 and a3, after a3.
        assert_eq!(lines.len(), 6, "{lines:?}");
        for (p, q, half) in lines {
            for (centre, radius) in [(Point::new(5.0, -5.0), 4.0), (Point::new(5.0, -15.0), 3.5)] {
                let d = segment_distance(centre, p, q);
                assert!(
                    d >= radius + half - 1e-9,
                    "{p:?}-{q:?} strikes the piece at {centre:?}"
                );
            }
        }
    }

    #[test]
    fn unknown_squares_and_shapes_are_refused() {
        let bad = Annotations {
            highlight: vec!["z9".into()],
            ..Annotations::default()
        };
        assert!(
            annotate(&Font::builtin(), &cells(), &bad, &[], LabelText::default())
                .unwrap_err()
                .message
                .contains("`z9` is not a square")
        );
        let bad = Annotations {
            marks: vec![("a1".into(), "star".into())],
            ..Annotations::default()
        };
        assert!(
            annotate(&Font::builtin(), &cells(), &bad, &[], LabelText::default())
                .unwrap_err()
                .message
                .contains("`star` is not a mark")
        );
    }
}
