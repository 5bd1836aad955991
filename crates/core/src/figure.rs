//! The renderer-neutral drawing model every game draws into and every backend reads.
//!
//! Units are millimetres, the origin is the top-left corner and y grows downwards (as on a
//! printed page and in SVG). Text sizes are in points, as typographers give them. A figure
//! knows nothing of games; groups carry a semantic class (`board`, `label`, `water`, …) that
//! the SVG backend writes as a CSS class so a stylesheet can restyle a diagram.

use std::sync::Arc;

use crate::font::Font;

/// A point in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

/// An axis-aligned rectangle in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        Self {
            x,
            y,
            width,
            height,
        }
    }

    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }

    pub fn center(&self) -> Point {
        Point::new(self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// True when the two rectangles share interior area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }

    /// True when `other` lies wholly inside this rectangle (within a rounding tolerance).
    pub fn contains(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.right() <= self.right() + EPS
            && other.bottom() <= self.bottom() + EPS
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        let right = self.right().max(other.right());
        let bottom = self.bottom().max(other.bottom());
        Rect::new(x, y, right - x, bottom - y)
    }

    /// What the two share, if anything.
    pub(crate) fn intersection(&self, other: &Rect) -> Option<Rect> {
        let (x, y) = (self.x.max(other.x), self.y.max(other.y));
        let right = self.right().min(other.right());
        let bottom = self.bottom().min(other.bottom());
        (x <= right && y <= bottom).then(|| Rect::new(x, y, right - x, bottom - y))
    }

    /// The rectangle shrunk by `d` on every side.
    pub fn inset(&self, d: f64) -> Rect {
        Rect::new(
            self.x + d,
            self.y + d,
            self.width - 2.0 * d,
            self.height - 2.0 * d,
        )
    }
}

/// A colour; backends write it as RGB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Color {
    pub const BLACK: Color = Color::grey(0);
    pub const WHITE: Color = Color::grey(255);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b }
    }

    pub const fn grey(level: u8) -> Self {
        Self::rgb(level, level, level)
    }
}

/// How a shape's outline is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub color: Color,
    /// Line width in millimetres.
    pub width: f64,
    /// Dash and gap lengths in millimetres; empty for a solid line.
    pub dash: Vec<f64>,
}

impl Stroke {
    pub fn solid(color: Color, width: f64) -> Self {
        Self {
            color,
            width,
            dash: Vec::new(),
        }
    }

    pub fn dashed(color: Color, width: f64, dash: &[f64]) -> Self {
        Self {
            color,
            width,
            dash: dash.to_vec(),
        }
    }
}

/// Fill and outline of a shape; either may be absent.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Paint {
    pub fill: Option<Color>,
    pub stroke: Option<Stroke>,
}

impl Paint {
    pub fn fill(color: Color) -> Self {
        Self {
            fill: Some(color),
            stroke: None,
        }
    }

    pub fn stroke(stroke: Stroke) -> Self {
        Self {
            fill: None,
            stroke: Some(stroke),
        }
    }

    pub(crate) fn fill_and_stroke(fill: Color, stroke: Stroke) -> Self {
        Self {
            fill: Some(fill),
            stroke: Some(stroke),
        }
    }
}

/// A geometric shape in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Line(Point, Point),
    /// Separate straight lines in one paint (hatching, a grid): one shape, not one each.
    Lines(Vec<(Point, Point)>),
    Polyline(Vec<Point>),
    Polygon(Vec<Point>),
    Rect(Rect),
    Circle {
        center: Point,
        radius: f64,
    },
}

impl Shape {
    /// The box the shape's geometry spans (line widths left out); None for a shape of no
    /// points.
    pub fn bounds(&self) -> Option<Rect> {
        let span = |points: &mut dyn Iterator<Item = Point>| {
            let point = |p: Point| Rect::new(p.x, p.y, 0.0, 0.0);
            points.map(point).reduce(|a, b| a.union(&b))
        };
        match self {
            Shape::Line(a, b) => span(&mut [*a, *b].into_iter()),
            Shape::Lines(lines) => span(&mut lines.iter().flat_map(|(a, b)| [*a, *b])),
            Shape::Polyline(points) | Shape::Polygon(points) => span(&mut points.iter().copied()),
            Shape::Rect(r) => Some(*r),
            Shape::Circle { center, radius } => Some(Rect::new(
                center.x - radius,
                center.y - radius,
                2.0 * radius,
                2.0 * radius,
            )),
        }
    }
}

/// Which point of the text its position names, horizontally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// One line of text. `position` is on the baseline; `anchor` says where along it.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub position: Point,
    pub content: String,
    /// Size in points.
    pub size: f64,
    pub anchor: Anchor,
    pub color: Color,
}

impl Text {
    pub fn new(position: Point, content: impl Into<String>, size: f64, anchor: Anchor) -> Self {
        Self {
            position,
            content: content.into(),
            size,
            anchor,
            color: Color::BLACK,
        }
    }

    /// The box the text's ink occupies: its advance width, and from its lowest to its
    /// highest glyph outline, in `font` (the one its figure is measured with).
    pub fn bounds(&self, font: &Font) -> Rect {
        let width = font.text_width(&self.content, self.size);
        let left = match self.anchor {
            Anchor::Start => self.position.x,
            Anchor::Middle => self.position.x - width / 2.0,
            Anchor::End => self.position.x - width,
        };
        let (above, below) = font.ink_extent(&self.content, self.size);
        Rect::new(left, self.position.y - above, width, above + below)
    }
}

/// A drawable element.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Shape(Shape, Paint),
    Text(Text),
    Group(Group),
}

/// Items drawn together, with a semantic class and an optional clipping rectangle.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Group {
    /// Space-separated semantic classes, e.g. `"stone black"`.
    pub class: String,
    pub clip: Option<Rect>,
    pub items: Vec<Item>,
}

impl Group {
    pub fn new(class: impl Into<String>) -> Self {
        Self {
            class: class.into(),
            clip: None,
            items: Vec::new(),
        }
    }

    pub fn shape(&mut self, shape: Shape, paint: Paint) -> &mut Self {
        self.items.push(Item::Shape(shape, paint));
        self
    }

    pub fn text(&mut self, text: Text) -> &mut Self {
        self.items.push(Item::Text(text));
        self
    }

    pub fn group(&mut self, group: Group) -> &mut Self {
        self.items.push(Item::Group(group));
        self
    }

    /// The group scaled by `scale` about the origin, then moved by `offset`: points, sizes,
    /// line widths, dashes, text sizes and clips alike. Booklets place whole diagrams this
    /// way, so backends need no transforms.
    pub fn scaled(mut self, scale: f64, offset: Point) -> Group {
        self.scale(scale, offset);
        self
    }

    /// Every line at least `min` millimetres wide (a thinner one would not print).
    pub(crate) fn floor_strokes(&mut self, min: f64) {
        for item in &mut self.items {
            match item {
                Item::Shape(
                    _,
                    Paint {
                        stroke: Some(stroke),
                        ..
                    },
                ) => {
                    stroke.width = stroke.width.max(min);
                }
                Item::Group(group) => group.floor_strokes(min),
                Item::Shape(..) | Item::Text(_) => {}
            }
        }
    }

    /// [`Group::scaled`] in place: a booklet's thousand diagrams are moved, not copied.
    pub fn scale(&mut self, scale: f64, offset: Point) {
        let p = |q: &mut Point| *q = Point::new(q.x * scale + offset.x, q.y * scale + offset.y);
        let r = |q: &mut Rect| {
            *q = Rect::new(
                q.x * scale + offset.x,
                q.y * scale + offset.y,
                q.width * scale,
                q.height * scale,
            )
        };
        for item in &mut self.items {
            match item {
                Item::Shape(shape, paint) => {
                    match shape {
                        Shape::Line(a, b) => {
                            p(a);
                            p(b);
                        }
                        Shape::Lines(lines) => {
                            for (a, b) in lines {
                                p(a);
                                p(b);
                            }
                        }
                        Shape::Polyline(points) | Shape::Polygon(points) => {
                            points.iter_mut().for_each(p)
                        }
                        Shape::Rect(rect) => r(rect),
                        Shape::Circle { center, radius } => {
                            p(center);
                            *radius *= scale;
                        }
                    }
                    if let Some(stroke) = &mut paint.stroke {
                        stroke.width *= scale;
                        stroke.dash.iter_mut().for_each(|d| *d *= scale);
                    }
                }
                Item::Text(text) => {
                    p(&mut text.position);
                    text.size *= scale;
                }
                Item::Group(group) => group.scale(scale, offset),
            }
        }
        if let Some(clip) = &mut self.clip {
            r(clip);
        }
    }

    /// Gives back the spare capacity of every list and string below: a booklet holds its
    /// thousand diagrams until the PDF is written, and a list grown by pushing can be four
    /// times as long as it needs be.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.class.shrink_to_fit();
        self.items.shrink_to_fit();
        for item in &mut self.items {
            match item {
                Item::Shape(shape, paint) => {
                    if let Shape::Lines(lines) = shape {
                        lines.shrink_to_fit();
                    }
                    if let Shape::Polyline(points) | Shape::Polygon(points) = shape {
                        points.shrink_to_fit();
                    }
                    if let Some(stroke) = &mut paint.stroke {
                        stroke.dash.shrink_to_fit();
                    }
                }
                Item::Text(text) => text.content.shrink_to_fit(),
                Item::Group(group) => group.shrink_to_fit(),
            }
        }
    }

    /// The box everything in this group and below draws in (line widths left out; a
    /// clipped group no further than its clip), or None when it draws nothing; its texts
    /// measured in `font`.
    pub fn bounds(&self, font: &Font) -> Option<Rect> {
        let mut found: Option<Rect> = None;
        let mut add = |r: Rect| found = Some(found.map_or(r, |f| f.union(&r)));
        for item in &self.items {
            match item {
                Item::Text(text) => add(text.bounds(font)),
                Item::Shape(shape, _) => shape.bounds().into_iter().for_each(&mut add),
                Item::Group(group) => group.bounds(font).into_iter().for_each(&mut add),
            }
        }
        match (found, self.clip) {
            (Some(f), Some(clip)) => f.intersection(&clip),
            (found, _) => found,
        }
    }

    /// The box of each text and shape in this group and below, each cut to its groups'
    /// clips, its texts measured in `font`: what must stay clear of marks drawn around it
    /// (a sheet's cut marks).
    pub(crate) fn ink_boxes(&self, font: &Font) -> Vec<Rect> {
        let mut boxes = Vec::new();
        self.collect_ink_boxes(font, None, &mut boxes);
        boxes
    }

    fn collect_ink_boxes(&self, font: &Font, clip: Option<Rect>, boxes: &mut Vec<Rect>) {
        let clip = match (clip, self.clip) {
            (Some(outer), Some(own)) => match outer.intersection(&own) {
                Some(both) => Some(both),
                None => return, // clipped away whole
            },
            (outer, own) => outer.or(own),
        };
        for item in &self.items {
            let found = match item {
                Item::Text(text) => text.bounds(font),
                Item::Shape(shape, _) => match shape.bounds() {
                    Some(found) => found,
                    None => continue,
                },
                Item::Group(group) => {
                    group.collect_ink_boxes(font, clip, boxes);
                    continue;
                }
            };
            match clip {
                Some(clip) => boxes.extend(found.intersection(&clip)),
                None => boxes.push(found),
            }
        }
    }

    /// Every text in this group and below, in drawing order.
    pub fn texts(&self) -> Vec<&Text> {
        let mut found = Vec::new();
        self.visit(&mut |item| {
            if let Item::Text(text) = item {
                found.push(text);
            }
        });
        found
    }

    /// Every group below this one (not itself) whose classes include `class`.
    pub fn groups_with_class(&self, class: &str) -> Vec<&Group> {
        let mut found = Vec::new();
        self.visit(&mut |item| {
            if let Item::Group(group) = item {
                if group.class.split(' ').any(|c| c == class) {
                    found.push(group);
                }
            }
        });
        found
    }

    fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Item)) {
        for item in &self.items {
            f(item);
            if let Item::Group(group) = item {
                group.visit(f);
            }
        }
    }
}

/// Parallel lines at 45° filling `area`, clipped to it: printpdf has no patterns, so hatching
/// is plain lines in a clipping group, which every backend draws alike.
pub(crate) fn hatch(class: &str, area: Rect, spacing: f64, stroke: Stroke) -> Group {
    let mut group = Group::new(class);
    group.clip = Some(area);
    // Lines run from lower left to upper right; start far enough left to cover the corner.
    let mut lines = Vec::new();
    let mut offset = -area.height;
    while offset < area.width {
        let from = Point::new(area.x + offset, area.bottom());
        let to = Point::new(area.x + offset + area.height, area.y);
        lines.push((from, to));
        offset += spacing;
    }
    group.shape(Shape::Lines(lines), Paint::stroke(stroke));
    group
}

/// An arrow from `from` to `to`: a shaft and a filled head whose tip is exactly at `to`.
pub fn arrow(class: &str, from: Point, to: Point, width: f64, color: Color) -> Group {
    let mut group = Group::new(class);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    let head = (width * 4.0).min(length * 0.6);
    let base = Point::new(to.x - ux * head, to.y - uy * head);
    group.shape(
        Shape::Line(from, base),
        Paint::stroke(Stroke::solid(color, width)),
    );
    let half = head * 0.5;
    group.shape(
        Shape::Polygon(vec![
            to,
            Point::new(base.x - uy * half, base.y + ux * half),
            Point::new(base.x + uy * half, base.y - ux * half),
        ]),
        Paint::fill(color),
    );
    group
}

/// The segment `from`–`to` with `start` cut off its start and `end` off its end, so an arrow
/// runs between two pieces' rims rather than their centres; where that leaves less than a
/// tenth of it, both cuts shrink alike to leave that tenth.
pub(crate) fn trimmed(from: Point, to: Point, start: f64, end: f64) -> (Point, Point) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let shrink = ((length * 0.9) / (start + end).max(1e-9)).min(1.0);
    let (a, b) = (start * shrink, length - end * shrink);
    let at = |t: f64| Point::new(from.x + dx * t / length, from.y + dy * t / length);
    (at(a), at(b))
}

/// An [`arrow`] on a casing of `casing.0` that is `casing.1` wide on each side, so it reads
/// on whatever it crosses: the casing's shapes first, then the arrow's shaft and head.
pub(crate) fn cased_arrow(
    class: &str,
    from: Point,
    to: Point,
    width: f64,
    color: Color,
    casing: (Color, f64),
) -> Group {
    let ink = arrow(class, from, to, width, color);
    let mut group = Group::new(class);
    for item in &ink.items {
        if let Item::Shape(shape, paint) = item {
            let stroke = paint.stroke.as_ref().map_or(0.0, |s| s.width);
            let under = Paint {
                fill: paint.fill.map(|_| casing.0),
                stroke: Some(Stroke::solid(casing.0, stroke + 2.0 * casing.1)),
            };
            group.shape(shape.clone(), under);
        }
    }
    group.items.extend(ink.items);
    group
}

/// `arrow` with its shaft passing under `discs` (centre, radius: the pieces and stones it
/// crosses): each straight line of the arrow, casing and ink alike, is broken where it would
/// cross a disc, so no piece, stone or numeral under the arrow is struck. The head stays
/// whole: where pieces hide the whole shaft it still shows the way.
pub(crate) fn passing_under(mut arrow: Group, discs: &[(Point, f64)]) -> Group {
    let items = std::mem::take(&mut arrow.items);
    // One margin for casing and ink alike (the casing's, the widest), so both break together.
    let margin = items
        .iter()
        .filter_map(|item| match item {
            Item::Shape(Shape::Line(..), paint) => paint.stroke.as_ref().map(|s| s.width / 2.0),
            _ => None,
        })
        .fold(0.0, f64::max);
    for item in items {
        match item {
            Item::Shape(Shape::Line(a, b), paint) => {
                for (from, to) in free_runs_of(a, b, discs, margin) {
                    arrow.shape(Shape::Line(from, to), paint.clone());
                }
            }
            other => arrow.items.push(other),
        }
    }
    arrow
}

/// The parts of the segment `a`–`b` that keep `margin` clear of every disc.
fn free_runs_of(a: Point, b: Point, discs: &[(Point, f64)], margin: f64) -> Vec<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1e-9 {
        return Vec::new();
    }
    let (ux, uy) = (dx / length, dy / length);
    // Each disc covers the interval of the segment within `radius + margin` of its centre.
    let mut covered: Vec<(f64, f64)> = discs
        .iter()
        .filter_map(|&(c, r)| {
            let along = (c.x - a.x) * ux + (c.y - a.y) * uy;
            let across = (c.x - a.x) * uy - (c.y - a.y) * ux;
            let reach = r + margin;
            (across.abs() < reach).then(|| {
                let half = (reach * reach - across * across).sqrt();
                (along - half, along + half)
            })
        })
        .collect();
    // Intervals that start together leave the same runs in either order.
    covered.sort_unstable_by(|p, q| p.0.total_cmp(&q.0));
    let mut runs = Vec::new();
    let mut start = 0.0;
    for (from, to) in covered {
        if from > start {
            runs.push((start, from.min(length)));
        }
        start = start.max(to);
    }
    if start < length {
        runs.push((start, length));
    }
    let at = |t: f64| Point::new(a.x + ux * t, a.y + uy * t);
    // A stub shorter than the line is wide reads as a dot, not as part of the arrow.
    runs.into_iter()
        .filter(|(from, to)| to - from > margin)
        .map(|(from, to)| (at(from), at(to)))
        .collect()
}

/// One page or one diagram: a sized drawing plus the text alternative for accessibility.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// Width in millimetres.
    pub width: f64,
    /// Height in millimetres.
    pub height: f64,
    /// A short title (SVG `<title>`, PDF document title).
    pub title: String,
    /// A text alternative for what the figure shows (SVG `<desc>`).
    pub description: String,
    /// A stylesheet the SVG backend embeds after its own, for a rulebook's styles.
    pub css: Option<String>,
    /// The same figure as plain text (board, coordinates, pieces, score), for forums and
    /// e-mail; None when the figure has no plain-text form (sheets, booklet pages).
    pub plain_text: Option<String>,
    pub root: Group,
    /// The key to the board's symbols that a bare figure leaves out (without `--legend`),
    /// kept beside it: a replay page keys all its positions once, under the board.
    pub key: Option<Group>,
    /// The font the figure's texts were measured with, which every backend draws them in.
    pub font: Arc<Font>,
}

/// The thinnest line sheetgen prints, 0.25 pt in millimetres: thinner hairlines vanish
/// or break up on paper, and print shops flag them.
pub(crate) const MIN_STROKE_MM: f64 = 0.25 * 25.4 / 72.0;

impl Figure {
    /// An empty figure whose texts are measured and drawn in `font`.
    pub fn new(width: f64, height: f64, title: impl Into<String>, font: Arc<Font>) -> Self {
        Self {
            width,
            height,
            title: title.into(),
            description: String::new(),
            css: None,
            plain_text: None,
            root: Group::new("page"),
            key: None,
            font,
        }
    }

    /// Every character the figure's texts need, for font checks and subsets.
    pub(crate) fn text_content(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.title.as_str()).chain(
            self.root
                .texts()
                .into_iter()
                .map(|text| text.content.as_str()),
        )
    }
}

/// One or more pages, each a figure, written as one file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub title: String,
    pub pages: Vec<Figure>,
    /// Parts of the pages drawn only as each page is written, so that a long document is
    /// never held whole (a booklet's diagrams); none when the pages are whole.
    pub later: Option<Later>,
}

/// What draws a page's deferred parts into it: page `index`, as laid out, made whole.
pub(crate) type DrawLater = dyn Fn(usize, &mut Figure) -> Result<(), String> + Send + Sync;

/// The parts a document draws into its pages as each is written ([`Document::later`]).
#[derive(Clone)]
pub struct Later {
    pub draw: std::sync::Arc<DrawLater>,
    /// Every character those parts hold, each once: the font must have them, and a PDF
    /// embeds its glyphs before it draws a page.
    pub chars: String,
}

impl std::fmt::Debug for Later {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Later")
            .field("chars", &self.chars)
            .finish_non_exhaustive()
    }
}

/// The same when they draw the same characters through the same function.
impl PartialEq for Later {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.draw, &other.draw) && self.chars == other.chars
    }
}

impl Document {
    /// A document of whole pages.
    pub fn new(title: impl Into<String>, pages: Vec<Figure>) -> Self {
        Self {
            title: title.into(),
            pages,
            later: None,
        }
    }

    /// The font every page was measured with, which a file of them all is drawn in (a PDF
    /// embeds one font): sheetgen's own for a document without pages; an error when two pages
    /// were measured in different fonts, which a layout never does.
    pub fn font(&self) -> Result<Arc<Font>, String> {
        one_font(&self.pages)
    }

    /// Page `index` (one of `pages`, taken out) with its deferred parts drawn in.
    pub fn finish_page(&self, index: usize, mut page: Figure) -> Result<Figure, String> {
        if let Some(later) = &self.later {
            (later.draw)(index, &mut page)?;
        }
        page.root.floor_strokes(MIN_STROKE_MM);
        Ok(page)
    }

    /// The document with every page whole, nothing left to draw later: for whatever reads
    /// the pages at once.
    pub fn finished(mut self) -> Result<Self, String> {
        let Some(later) = self.later.take() else {
            return Ok(self);
        };
        for (index, page) in self.pages.iter_mut().enumerate() {
            (later.draw)(index, page)?;
        }
        Ok(self)
    }
}

/// The one font `figures` were measured with, for a file or a page that draws them all with
/// one set of glyphs: sheetgen's own when there are none; an error naming both when two
/// differ.
pub(crate) fn one_font<'a>(
    figures: impl IntoIterator<Item = &'a Figure>,
) -> Result<Arc<Font>, String> {
    let mut figures = figures.into_iter();
    let Some(first) = figures.next() else {
        return Ok(Font::builtin());
    };
    match figures.find(|f| f.font != first.font) {
        Some(other) => Err(format!(
            "{}: some figures were measured in another font, {}, and one file draws in one",
            first.font.name, other.font.name
        )),
        None => Ok(first.font.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hatch_lines_cover_the_area_and_are_clipped_to_it() {
        let area = Rect::new(10.0, 20.0, 30.0, 5.0);
        let group = hatch("water", area, 2.0, Stroke::solid(Color::BLACK, 0.2));
        assert_eq!(group.clip, Some(area));
        let [Item::Shape(Shape::Lines(lines), _)] = group.items.as_slice() else {
            panic!("{group:?}")
        };
        // (width + height) / spacing lines, so no corner of the area is left bare.
        assert_eq!(lines.len(), 18);
    }

    #[test]
    fn an_arrow_ends_exactly_at_its_target() {
        let a = arrow(
            "move",
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            0.5,
            Color::BLACK,
        );
        let Item::Shape(Shape::Polygon(head), _) = &a.items[1] else {
            panic!("{a:?}")
        };
        assert_eq!(head[0], Point::new(10.0, 0.0));
        assert!(head[1].x < 10.0 && (head[1].y + head[2].y).abs() < 1e-9);
    }

    #[test]
    fn text_bounds_follow_the_anchor() {
        let font = Font::builtin();
        let start = Text::new(Point::new(50.0, 50.0), "Board", 10.0, Anchor::Start).bounds(&font);
        let end = Text::new(Point::new(50.0, 50.0), "Board", 10.0, Anchor::End).bounds(&font);
        assert_eq!(start.x, 50.0);
        assert!((end.right() - 50.0).abs() < 1e-9);
        assert!(start.y < 50.0 && start.bottom() > 50.0);
    }

    #[test]
    fn a_scaled_group_moves_and_sizes_everything_alike() {
        let mut g = Group::new("x");
        g.clip = Some(Rect::new(0.0, 0.0, 10.0, 10.0));
        g.shape(
            Shape::Circle {
                center: Point::new(2.0, 2.0),
                radius: 1.0,
            },
            Paint::stroke(Stroke::dashed(Color::BLACK, 0.5, &[1.0])),
        );
        g.text(Text::new(Point::new(4.0, 4.0), "A", 10.0, Anchor::Start));
        let s = g.scaled(0.5, Point::new(100.0, 200.0));
        assert_eq!(s.clip, Some(Rect::new(100.0, 200.0, 5.0, 5.0)));
        let Item::Shape(Shape::Circle { center, radius }, paint) = &s.items[0] else {
            panic!()
        };
        assert_eq!((*center, *radius), (Point::new(101.0, 201.0), 0.5));
        assert_eq!(paint.stroke.as_ref().unwrap().width, 0.25);
        assert_eq!(paint.stroke.as_ref().unwrap().dash, [0.5]);
        assert_eq!(s.texts()[0].size, 5.0);
    }

    #[test]
    fn a_shrunk_group_draws_the_same_in_lists_no_longer_than_their_items() {
        let mut stones = Group::new(String::with_capacity(40) + "stones");
        for k in 0..5 {
            let mut stone = Group::new("stone");
            stone.shape(
                Shape::Polygon(Vec::with_capacity(16)),
                Paint::fill(Color::BLACK),
            );
            stone.text(Text::new(
                Point::new(k as f64, 0.0),
                "1",
                8.0,
                Anchor::Middle,
            ));
            stones.group(stone);
        }
        let drawn = stones.clone();
        stones.shrink_to_fit();
        assert_eq!(stones, drawn);
        assert_eq!(stones.class.capacity(), "stones".len());
        assert_eq!(stones.items.capacity(), 5);
        let Item::Group(stone) = &stones.items[0] else {
            panic!()
        };
        assert_eq!(stone.items.capacity(), 2);
        let Item::Shape(Shape::Polygon(points), _) = &stone.items[0] else {
            panic!()
        };
        assert_eq!(points.capacity(), 0);
    }

    #[test]
    fn finds_groups_by_one_of_their_classes() {
        let mut root = Group::new("page");
        let mut board = Group::new("board shoreline");
        board.group(Group::new("grid"));
        root.group(board);
        assert_eq!(root.groups_with_class("board").len(), 1);
        assert_eq!(root.groups_with_class("grid").len(), 1);
        assert_eq!(root.groups_with_class("shore").len(), 0);
    }
}
