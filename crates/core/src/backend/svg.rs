//! SVG backend, built on the `svg` crate's element tree. One figure becomes one SVG document
//! in millimetres (viewBox units are millimetres).
//!
//! Text is drawn as the font's glyph outlines (`<path>`s in `<defs>`, placed with `<use>`),
//! not as `<text>` in an embedded font: librsvg, Inkscape and many converters ignore
//! embedded fonts and fall back to a system font with other widths, and two figures inlined
//! in one web page that declare one font name with different subsets lose letters. Outlines
//! look the same in every consumer. The words stay in the file as well, as invisible
//! `<text>` over the glyphs, so a figure can be searched, selected and copied in a browser;
//! its `<title>` and `<desc>` (with `role="img"`) are what screen readers announce.
//!
//! The crate escapes `&`, `<`, `>` (and in attributes `"` and `'`), but writes every
//! character it is given: text from outside sheetgen (texts, titles, classes, stylesheets)
//! goes through [`outside`] first, which leaves out what XML 1.0 cannot hold even escaped.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use svg::Node as _;
use svg::node::Blob;
use svg::node::Text as TextNode;
use svg::node::element::{self as el, Element};

use super::{Decimal, Length, mm};
use crate::figure::{Anchor, Color, Figure, Group, Item, Paint, Point, Rect, Shape, Text};
use crate::font::{self, Font};

/// What goes into the file besides the drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextLayer {
    /// The invisible text layer for search and copy (SVG files).
    Searchable,
    /// Only the glyphs: for the PNG backend, whose pixels the text layer cannot change.
    GlyphsOnly,
}

/// Renders one figure as an SVG document, its text drawn in the font it was measured with
/// ([`Figure::font`]). Text must already be checked against that font.
pub fn render(figure: &Figure) -> Vec<u8> {
    render_with(figure, None, TextLayer::Searchable)
}

/// Renders one figure, `width` wide when given (the height follows; the viewBox stays in
/// millimetres, so only the `width` and `height` attributes change).
///
/// The drawing is made first, collecting the glyphs and clips it uses; the definitions of
/// those come before it in the file.
pub fn render_with(figure: &Figure, width: Option<Length>, layer: TextLayer) -> Vec<u8> {
    let font = &figure.font;
    let mut defs = Defs::new(font);
    let body = defs.group(&figure.root, layer);
    // The figure's ids are made from what it draws (and in which font): two different
    // figures inlined in one web page share none.
    let key = format!("{:08x}", font::fnv1a(body.as_bytes()) as u32 ^ font.hash);

    let mut definitions = el::Definitions::new();
    // A stylesheet styles its own figure only, wherever the figure is inlined.
    let id = format!("sheetgen-{key}");
    if let Some(css) = &figure.css {
        definitions.append(inline("style", &super::css_scope::scoped(css, &id)));
    }
    // The file's size, about: written in one buffer, not grown a dozen times on the way.
    let capacity = 1024
        + figure.title.len()
        + figure.description.len()
        + figure.css.as_ref().map_or(0, String::len)
        + defs.outlines_len()
        + body.len();
    defs.add_to(&mut definitions, &key);
    let (width_attr, height_attr) = match width {
        Some(given) => {
            let height = Length {
                value: given.value * figure.height / figure.width,
                unit: given.unit,
            };
            (given.to_string(), height.to_string())
        }
        None => (
            format!("{}mm", mm(figure.width)),
            format!("{}mm", mm(figure.height)),
        ),
    };
    let mut document = svg::Document::new();
    if figure.css.is_some() {
        document = document.set("id", id);
    }
    let document = document
        .set("width", width_attr)
        .set("height", height_attr)
        .set(
            "viewBox",
            format!("0 0 {} {}", mm(figure.width), mm(figure.height)),
        )
        // xlink:href, not SVG 2's plain href: Inkscape 1.2 draws no glyph without it.
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .set("role", "img")
        .add(inline("title", &figure.title))
        .add(inline("desc", &figure.description))
        .add(definitions);
    let mut out = String::with_capacity(capacity);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    // Writing into a String cannot fail.
    let _ = write!(out, "{document}");
    // The drawing is the document's last child, on a line of its own before the end tag as
    // the crate writes children: put there with its key, not copied into a blob first.
    out.truncate(out.len() - "</svg>".len());
    push_with_key(&mut out, &body, &key);
    out.push_str("\n</svg>\n");
    out.into_bytes()
}

/// Several figures drawn for one web page (a replay's positions): one set of definitions
/// for them all, and each figure's drawing on its own, one element a line as in an SVG file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frames {
    /// The glyph outlines and clips every drawing uses, as the children of a `<defs>`.
    pub defs: String,
    /// Each figure's drawing (the content of its `<svg>`), in order.
    pub bodies: Vec<String>,
    /// Each figure's viewBox, `0 0 W H` in millimetres.
    pub view_boxes: Vec<String>,
}

/// Draws `figures` for one page: their ids share the key `key` (made from them all), so
/// that a drawing of one uses the definitions made for all. Each body is what
/// [`render_with`] writes inside `<svg>` after the definitions, but for the ids' key. The
/// figures share glyphs, so they must have been measured in one font.
pub fn frames<'a>(
    figures: impl IntoIterator<Item = &'a Figure>,
    layer: TextLayer,
) -> Result<Frames, super::RenderError> {
    let mut writer = FrameWriter::new(layer);
    let (mut bodies, mut view_boxes) = (Vec::new(), Vec::new());
    for figure in figures {
        let (body, view_box) = writer.add(figure)?;
        bodies.push(body);
        view_boxes.push(view_box);
    }
    let (defs, key) = writer.finish();
    Ok(Frames {
        defs,
        bodies: bodies.iter().map(|b| with_key(b, &key)).collect(),
        view_boxes,
    })
}

/// [`frames`] one figure at a time, so that each can be dropped once drawn (a replay
/// page's 10,000 positions): the definitions are gathered for all, and each body comes
/// with its ids' key left as [`ID_KEY`], the key being made from every body
/// ([`FrameWriter::finish`]). The figures share glyphs: all are measured in the first one's
/// font.
pub struct FrameWriter {
    /// The first figure's font, once one is added.
    font: Option<Arc<Font>>,
    layer: TextLayer,
    /// The definitions met so far ([`Defs`]' own, kept between figures).
    glyphs: BTreeMap<u16, Option<String>>,
    clips: BTreeMap<String, Rect>,
    scales: Vec<(u64, Decimal)>,
    hash: u32,
}

impl FrameWriter {
    pub fn new(layer: TextLayer) -> Self {
        Self {
            font: None,
            layer,
            glyphs: BTreeMap::new(),
            clips: BTreeMap::new(),
            scales: Vec::new(),
            hash: 0,
        }
    }

    /// `figure`'s body, its ids' key [`ID_KEY`], and its viewBox (`0 0 W H` in mm); an
    /// error when it was measured in another font than the figures before it.
    pub fn add(&mut self, figure: &Figure) -> Result<(String, String), super::RenderError> {
        let font = match &self.font {
            Some(font) if *font != figure.font => {
                return Err(super::RenderError::Font(format!(
                    "{}: the figures were measured in two fonts, {} and {}",
                    font.name, font.name, figure.font.name
                )));
            }
            Some(font) => font.clone(),
            None => {
                self.hash = figure.font.hash;
                self.font.insert(figure.font.clone()).clone()
            }
        };
        let mut defs = Defs::new(&font);
        defs.glyphs = std::mem::take(&mut self.glyphs);
        defs.clips = std::mem::take(&mut self.clips);
        defs.scales = std::mem::take(&mut self.scales);
        let body = defs.group(&figure.root, self.layer);
        (self.glyphs, self.clips, self.scales) = (defs.glyphs, defs.clips, defs.scales);
        self.hash ^= font::fnv1a(body.as_bytes()) as u32;
        self.hash = self.hash.rotate_left(5);
        let view_box = format!("0 0 {} {}", mm(figure.width), mm(figure.height));
        Ok((body, view_box))
    }

    /// The definitions of every figure added, as the children of a `<defs>`, and the key
    /// their ids and the bodies' hold in place of [`ID_KEY`].
    pub fn finish(self) -> (String, String) {
        let (font, hash) = match self.font {
            Some(font) => (font, self.hash),
            None => {
                let font = Font::builtin();
                let hash = font.hash;
                (font, hash)
            }
        };
        let key = format!("{hash:08x}");
        let mut defs = Defs::new(&font);
        (defs.glyphs, defs.clips) = (self.glyphs, self.clips);
        let mut definitions = el::Definitions::new();
        defs.add_to(&mut definitions, &key);
        // The element's children: its text without the `<defs>` and `</defs>` around them.
        let written = definitions.to_string();
        let defs = written
            .strip_prefix("<defs>")
            .and_then(|d| d.strip_suffix("</defs>"))
            .unwrap_or_default()
            .trim_matches('\n');
        (defs.to_string(), key)
    }
}

/// Stands for the figure's key in the drawing's ids until the drawing is written and the
/// key known. A control character: [`outside`] keeps every one out of the texts that reach
/// the file. One byte, which no other character's UTF-8 holds: [`with_key`] finds it with
/// memchr.
pub const ID_KEY: char = '\u{1}';

/// `text` with `key` in place of every [`ID_KEY`], found with the memchr crate, which scans
/// many bytes a step (`str::replace` took 51,000 more instructions on a 5×5 diagram).
pub(crate) fn with_key(text: &str, key: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    push_with_key(&mut out, text, key);
    out
}

/// [`with_key`], appended to `out`.
fn push_with_key(out: &mut String, text: &str, key: &str) {
    let mut start = 0;
    for at in memchr::memchr_iter(ID_KEY as u8, text.as_bytes()) {
        out.push_str(&text[start..at]);
        out.push_str(key);
        start = at + 1;
    }
    out.push_str(&text[start..]);
}

impl From<Decimal> for svg::node::Value {
    fn from(number: Decimal) -> Self {
        // Room for any length's digits: the text is not grown on the way.
        let mut text = String::with_capacity(24);
        number.write_to(&mut text);
        text.into()
    }
}

/// Whether XML 1.0 allows `c` in a document (its `Char` production): not the C0 controls
/// but tab and line ends, nor U+FFFE and U+FFFF (surrogates cannot occur in a `str`).
pub(crate) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Text from outside sheetgen without the characters XML 1.0 forbids (a file holding one is
/// unreadable as a whole); the svg crate escapes the rest.
fn outside(text: &str) -> String {
    if text.chars().all(is_xml_char) {
        text.to_string()
    } else {
        text.chars().filter(|&c| is_xml_char(c)).collect()
    }
}

/// Checks a `--css` stylesheet for characters an SVG file cannot hold, naming the first one
/// and its line (from 1), so the command can refuse it instead of writing them out.
pub fn check_css(text: &str) -> Result<(), String> {
    for (i, line) in text.split('\n').enumerate() {
        if let Some(c) = line.chars().find(|&c| !is_xml_char(c)) {
            return Err(format!(
                "line {}: the stylesheet holds the character U+{:04X}, which an SVG file \
                 (XML 1.0) cannot hold",
                i + 1,
                c as u32
            ));
        }
    }
    Ok(())
}

/// Room for a figure's drawing written out: a diagram's (a 5×5 board's is about 20 kB)
/// without growing the text on the way.
const BODY_BYTES: usize = 32 * 1024;

/// What the drawing refers to by id: glyph outlines and clipping paths. Every id in the
/// drawing holds [`ID_KEY`]; the definitions are written once the figure's key is known.
struct Defs<'f> {
    font: &'f Font,
    /// Parsed once per render: parsing reads the table directory and a dozen headers.
    face: ttf_parser::Face<'f>,
    /// Glyph id → its outline (font units, y up), read from the font on first use; `None`
    /// for a glyph without ink (a space).
    glyphs: BTreeMap<u16, Option<String>>,
    /// Clip id → its rectangle.
    clips: BTreeMap<String, Rect>,
    /// Glyph scales written for a text size (its bits): the same few sizes recur.
    scales: Vec<(u64, Decimal)>,
    /// Where each glyph's outline is written before it is kept.
    scratch: String,
}

impl<'f> Defs<'f> {
    fn new(font: &'f Font) -> Self {
        Self {
            font,
            face: font.face(),
            glyphs: BTreeMap::new(),
            clips: BTreeMap::new(),
            scales: Vec::new(),
            scratch: String::new(),
        }
    }

    /// About how many bytes the glyph outlines take written out, ids and all.
    fn outlines_len(&self) -> usize {
        let written = |path: &String| path.len() + "<path d=\"\" id=\"g-00000000-65535\"/>\n".len();
        self.glyphs.values().flatten().map(written).sum()
    }

    /// Adds the definitions, their ids holding `key`: glyph outlines, then clips, each
    /// sorted by id.
    fn add_to(self, definitions: &mut el::Definitions, key: &str) {
        // One blob, as the glyph runs are: outlines hold only numbers, command letters and
        // ids, nothing the crate's escaping (three copies of every path) would change.
        let mut outlines = String::with_capacity(self.outlines_len());
        for (gid, path) in self.glyphs {
            if let Some(path) = path {
                outlines.push_str("<path d=\"");
                outlines.push_str(&path);
                outlines.push_str("\" id=\"");
                push_glyph_id(&mut outlines, key, gid);
                outlines.push_str("\"/>\n");
            }
        }
        if !outlines.is_empty() {
            outlines.pop();
            definitions.append(Blob::new(outlines));
        }
        for (id, r) in self.clips {
            let id = with_key(&id, key);
            definitions.append(el::ClipPath::new().set("id", id).add(rectangle(&r)));
        }
    }

    /// The id of clip `rect`, added to the definitions on first use.
    fn clip(&mut self, rect: &Rect) -> String {
        let corners = format!(
            "{} {} {} {}",
            mm(rect.x),
            mm(rect.y),
            mm(rect.width),
            mm(rect.height)
        );
        let id = format!(
            "clip-{ID_KEY}-{:08x}",
            font::fnv1a(corners.as_bytes()) as u32
        );
        self.clips.entry(id.clone()).or_insert(*rect);
        id
    }

    /// The group written out: every element of it and of the groups in it written in turn
    /// into one text, the crate's tree (a hash map per element) of a whole figure never
    /// held, and no group's text copied into its parent's.
    fn group(&mut self, g: &Group, layer: TextLayer) -> String {
        let mut out = String::with_capacity(BODY_BYTES);
        self.group_into(g, layer, &mut out);
        out
    }

    /// Writes `g` at the end of `out` as the crate writes a group element: its start tag,
    /// each child on a line of its own, its end tag; `<g …/>` when it has no child.
    fn group_into(&mut self, g: &Group, layer: TextLayer, out: &mut String) {
        let mut tag = el::Group::new();
        if !g.class.is_empty() {
            tag.assign("class", outside(&g.class));
        }
        if let Some(rect) = &g.clip {
            tag.assign("clip-path", format!("url(#{})", self.clip(rect)));
        }
        // The start tag is the childless element's, `/>` made `>`: the crate writes an
        // element only with its children, and these are written here, straight into `out`.
        let at = out.len();
        let _ = write!(out, "{tag}");
        let empty = out.len();
        out.truncate(empty - "/>".len());
        out.push('>');
        let opened = out.len();
        for item in &g.items {
            match item {
                Item::Shape(shape, paint) => {
                    out.push('\n');
                    let _ = write!(out, "{}", shape_element(shape, paint));
                }
                Item::Text(t) => {
                    // Measured once: both the glyphs and the text layer need the width.
                    let width = self.font.text_width(&t.content, t.size);
                    self.text_glyphs(t, width, out);
                    if layer == TextLayer::Searchable {
                        out.push('\n');
                        let _ = write!(out, "{}", text(t, width));
                    }
                }
                Item::Group(child) => {
                    out.push('\n');
                    self.group_into(child, layer, out);
                }
            }
        }
        if out.len() == opened {
            // No child after all (texts without ink, and no text layer).
            out.truncate(at);
            let _ = write!(out, "{tag}");
        } else {
            out.push_str("\n</g>");
        }
    }

    /// One text as its glyph outlines, on a line of its own at the end of `out`: a group
    /// scaled from font units to the text's size, its origin on the text's start, each
    /// glyph placed at its advance. Nothing for a text without ink.
    ///
    /// Written out here rather than as elements: a figure has hundreds of glyphs, and the
    /// crate's element (a hash map of attributes, each escaped through three copies) was
    /// most of the cost of an SVG file. What it holds is numbers, ids and a colour.
    fn text_glyphs(&mut self, t: &Text, width: f64, out: &mut String) {
        let start = match t.anchor {
            Anchor::Start => t.position.x,
            Anchor::Middle => t.position.x - width / 2.0,
            Anchor::End => t.position.x - width,
        };
        let k = self.scale(t.size);
        let at = out.len();
        out.push_str("\n<g aria-hidden=\"true\" class=\"glyphs\"");
        if t.color != Color::BLACK {
            let _ = write!(out, " fill=\"{}\"", hex(t.color));
        }
        let _ = write!(
            out,
            " transform=\"matrix({k} 0 0 -{k} {} {})\">",
            mm(start),
            mm(t.position.y)
        );
        let opened = out.len();
        let mut advance = 0u32;
        for c in t.content.chars().filter(|c| !c.is_control()) {
            let Some((gid, width)) = self.font.glyph_advance(c) else {
                continue;
            };
            let (face, scratch) = (&self.face, &mut self.scratch);
            let inked = self
                .glyphs
                .entry(gid)
                .or_insert_with(|| outline(face, gid, scratch))
                .is_some();
            if inked {
                out.push_str("<use");
                if advance != 0 {
                    out.push_str(" x=\"");
                    out.push_str(itoa::Buffer::new().format(advance));
                    out.push('"');
                }
                out.push_str(" xlink:href=\"#");
                push_glyph_id(out, ID_KEY.encode_utf8(&mut [0; 4]), gid);
                out.push_str("\"/>");
            }
            advance += u32::from(width);
        }
        match out.len() == opened {
            true => out.truncate(at),
            false => out.push_str("</g>"),
        }
    }

    /// The scale from font units to millimetres at `size` points, as written in a
    /// transform.
    fn scale(&mut self, size: f64) -> Decimal {
        let key = size.to_bits();
        if let Some(&(_, k)) = self.scales.iter().find(|(bits, _)| *bits == key) {
            return k;
        }
        let scale = size * font::MM_PER_PT / f64::from(self.face.units_per_em());
        // Eight decimals: the scale is tiny (a font unit is ~1/2000 em), and an error in it
        // grows with every advance along the line.
        let k = Decimal::new(scale, 8);
        self.scales.push((key, k));
        k
    }
}

/// Appends glyph `gid`'s id in the figure whose key is `key` (or [`ID_KEY`] while it is
/// not known): a glyph is used hundreds of times a file.
fn push_glyph_id(out: &mut String, key: &str, gid: u16) {
    out.push('g');
    out.push_str(key);
    out.push('-');
    out.push_str(itoa::Buffer::new().format(gid));
}

/// Glyph `gid`'s outline as SVG path data in font units, read from the font; `None` for a
/// glyph without ink.
///
/// Written as text rather than through the crate's `path::Data`, which would hold a vector
/// per command and write `M1,2 L3,4`, longer than `M1 2L3 4` for every glyph of a file.
/// It is written into `scratch` and kept as a string of its own length: no buffer grows
/// once per glyph.
fn outline(face: &ttf_parser::Face<'_>, gid: u16, scratch: &mut String) -> Option<String> {
    scratch.clear();
    face.outline_glyph(ttf_parser::GlyphId(gid), &mut PathData(scratch))?;
    Some(scratch.as_str().to_owned())
}

/// SVG path data from a glyph outline, in font units.
struct PathData<'a>(&'a mut String);

impl PathData<'_> {
    fn command(&mut self, letter: char, points: &[f32]) {
        self.0.push(letter);
        write_numbers(self.0, points);
    }
}

impl ttf_parser::OutlineBuilder for PathData<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.command('M', &[x, y]);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.command('L', &[x, y]);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.command('Q', &[x1, y1, x, y]);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.command('C', &[x1, y1, x2, y2, x, y]);
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

/// Numbers of path data, separated by spaces, each to a tenth of a font unit (a 2000-unit
/// em at 72 pt is 0.013 mm a unit).
fn write_numbers(out: &mut String, numbers: &[f32]) {
    for (i, &v) in numbers.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        // TrueType outlines are whole font units but for a curve's implied points (halves),
        // so the number is written from its double, a whole number.
        let twice = v * 2.0;
        if twice.abs() < 1e9 && (twice as i32) as f32 == twice {
            let twice = twice as i32;
            if twice < 0 {
                out.push('-');
            }
            out.push_str(itoa::Buffer::new().format(twice.unsigned_abs() / 2));
            if twice % 2 != 0 {
                out.push_str(".5");
            }
        } else {
            Decimal::new(f64::from(v), 1).write_to(out);
        }
    }
}

/// One shape as its element.
fn shape_element(shape: &Shape, paint: &Paint) -> Element {
    match shape {
        Shape::Line(a, b) => Element::from(painted(
            el::Line::new()
                .set("x1", mm(a.x))
                .set("y1", mm(a.y))
                .set("x2", mm(b.x))
                .set("y2", mm(b.y)),
            paint,
        )),
        Shape::Lines(lines) => {
            Element::from(painted(el::Path::new().set("d", lines_data(lines)), paint))
        }
        Shape::Polyline(points) => Element::from(painted(
            el::Polyline::new().set("points", points_attr(points)),
            paint,
        )),
        Shape::Polygon(points) => Element::from(painted(
            el::Polygon::new().set("points", points_attr(points)),
            paint,
        )),
        Shape::Rect(r) => Element::from(painted(rectangle(r), paint)),
        Shape::Circle { center, radius } => Element::from(painted(
            el::Circle::new()
                .set("cx", mm(center.x))
                .set("cy", mm(center.y))
                .set("r", mm(*radius)),
            paint,
        )),
    }
}

fn painted<N: svg::Node>(mut node: N, paint: &Paint) -> N {
    node.assign("fill", paint.fill.map_or_else(|| "none".to_string(), hex));
    if let Some(stroke) = &paint.stroke {
        node.assign("stroke", hex(stroke.color));
        node.assign("stroke-width", mm(stroke.width));
        if !stroke.dash.is_empty() {
            let dash: Vec<String> = stroke.dash.iter().map(|&d| mm(d).to_string()).collect();
            node.assign("stroke-dasharray", dash.join(" "));
        }
    }
    node
}

fn rectangle(r: &Rect) -> el::Rectangle {
    el::Rectangle::new()
        .set("x", mm(r.x))
        .set("y", mm(r.y))
        .set("width", mm(r.width))
        .set("height", mm(r.height))
}

/// `x,y x,y …`.
fn points_attr(points: &[Point]) -> String {
    let mut out = String::new();
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        mm(p.x).write_to(&mut out);
        out.push(',');
        mm(p.y).write_to(&mut out);
    }
    out
}

/// Path data of separate lines: `M x y L x y` for each.
fn lines_data(lines: &[(Point, Point)]) -> String {
    let mut out = String::new();
    for (a, b) in lines {
        for (command, p) in [('M', a), ('L', b)] {
            out.push(command);
            mm(p.x).write_to(&mut out);
            out.push(' ');
            mm(p.y).write_to(&mut out);
        }
    }
    out
}

/// An element whose only child is text from outside, written without line breaks around
/// it (they would become part of the text): the crate's own `Style` and `Text` add them.
fn inline(name: &str, content: &str) -> Element {
    let mut element = Element::new(name);
    element.append(TextNode::new(outside(content)));
    element
}

/// The invisible text layer over one text's glyphs, `width` its advance width.
fn text(t: &Text, width: f64) -> Element {
    let anchor = match t.anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let mut node = inline("text", &t.content);
    node.assign("x", mm(t.position.x));
    node.assign("y", mm(t.position.y));
    node.assign("font-size", mm(t.size * font::MM_PER_PT));
    node.assign("text-anchor", anchor);
    // Invisible, but as wide as the glyphs under it, so a selection covers them.
    if width > 0.0 {
        node.assign("textLength", mm(width));
        node.assign("lengthAdjust", "spacingAndGlyphs");
    }
    node.assign("fill-opacity", "0");
    node
}

/// `#rrggbb`.
fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{Point, Rect, Stroke};

    #[test]
    fn writes_classes_clips_and_escaped_text() {
        let mut figure = Figure::new(100.0, 50.0, "A & B", Font::builtin());
        figure.description = "x < y".into();
        let mut board = Group::new("board");
        board.clip = Some(Rect::new(1.0, 2.0, 3.0, 4.0));
        board.shape(
            Shape::Line(Point::new(0.0, 0.0), Point::new(10.0, 10.0)),
            Paint::stroke(Stroke::dashed(Color::BLACK, 0.25, &[1.0, 0.5])),
        );
        board.text(Text::new(
            Point::new(5.0, 5.0),
            "<岸>",
            10.0,
            Anchor::Middle,
        ));
        figure.root.group(board);
        let out = String::from_utf8(render(&figure)).unwrap();
        assert!(out.contains(r#"viewBox="0 0 100 50""#), "{out}");
        assert!(out.contains("<title>A &amp; B</title>"));
        assert!(out.contains("<desc>x &lt; y</desc>"));
        assert!(out.contains(r#"class="board""#));
        assert!(out.contains(r#"clip-path="url(#clip-"#));
        // The words are drawn as outlines, and kept as invisible text for search.
        assert!(out.contains("<use xlink:href=\"#g"), "{out}");
        assert!(out.contains(r#"fill-opacity="0""#), "{out}");
        assert!(!out.contains("@font-face"), "{out}");
        assert!(out.contains(r#"stroke-dasharray="1 0.5""#));
        assert!(out.contains(">&lt;岸&gt;</text>"));
    }

    /// Every `#id` a file refers to (a glyph's `xlink:href`, a clip's `url(#…)`), and
    /// whether each names an element of `svg`.
    fn references(svg: &str) -> Vec<(String, bool)> {
        let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
        let ids: Vec<&str> = document
            .descendants()
            .filter_map(|n| n.attribute("id"))
            .collect();
        let mut found = Vec::new();
        for node in document.descendants() {
            for attribute in node.attributes() {
                let value = attribute.value();
                let target = value
                    .strip_prefix('#')
                    .or_else(|| value.strip_prefix("url(#")?.strip_suffix(')'));
                if let Some(id) = target {
                    found.push((id.to_string(), ids.contains(&id)));
                }
            }
        }
        found
    }

    #[test]
    fn every_reference_names_a_definition_with_the_figures_key() {
        let mut figure = Figure::new(30.0, 20.0, "t", Font::builtin());
        let mut board = Group::new("board");
        board.clip = Some(Rect::new(1.0, 2.0, 3.0, 4.0));
        board.text(Text::new(Point::new(5.0, 5.0), "AB A", 10.0, Anchor::Start));
        let mut inner = Group::new("inner");
        inner.clip = Some(Rect::new(0.0, 0.0, 9.0, 9.0));
        inner.text(Text::new(Point::new(5.0, 9.0), "BC", 8.0, Anchor::Middle));
        board.group(inner);
        figure.root.group(board);
        let out = String::from_utf8(render(&figure)).unwrap();
        let found = references(&out);
        // Five glyph uses (a space has no ink) and two clips, each naming a definition;
        // every id holds one key.
        assert_eq!(found.len(), 7, "{out}");
        assert!(found.iter().all(|(_, defined)| *defined), "{found:?}");
        // `g<key>-<glyph>` and `clip-<key>-<corners>`.
        let key = |id: &str| {
            let id = id.strip_prefix("clip-").or(id.strip_prefix('g'));
            id.and_then(|id| id.split('-').next()).map(str::to_string)
        };
        assert!(
            found.iter().all(|(id, _)| key(id) == key(&found[0].0)),
            "{found:?}"
        );
        assert!(!out.contains(ID_KEY), "{out}");

        // A page's drawings: one set of definitions for all, and each drawing's ids in it.
        let frames = frames([&figure, &figure], TextLayer::Searchable).unwrap();
        let page = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\"><defs>{}</defs>{}</svg>",
            frames.defs,
            frames.bodies.concat()
        );
        let found = references(&page);
        assert_eq!(found.len(), 14, "{page}");
        assert!(found.iter().all(|(_, defined)| *defined), "{found:?}");
        assert!(!page.contains(ID_KEY), "{page}");
    }

    #[test]
    fn characters_xml_forbids_never_reach_the_file() {
        let bad = "a\u{1}b\u{1b}[31mc\u{fffe}d\u{ffff}";
        let mut figure = Figure::new(100.0, 50.0, bad, Font::builtin());
        figure.description = bad.into();
        figure.css = Some(format!("text {{ fill: red; }} /* {bad} */"));
        let mut board = Group::new("board");
        board.text(Text::new(Point::new(5.0, 5.0), bad, 10.0, Anchor::Start));
        figure.root.group(board);
        let out = String::from_utf8(render(&figure)).unwrap();
        let document = roxmltree::Document::parse(&out).expect("the SVG is well-formed XML");
        assert_eq!(document.root_element().tag_name().name(), "svg");
        assert!(out.contains("<title>ab[31mcd</title>"), "{out}");
        assert!(out.contains(">ab[31mcd</text>"), "{out}");
    }

    #[test]
    fn quotes_in_an_attribute_are_escaped_and_forbidden_characters_left_out() {
        let mut figure = Figure::new(10.0, 10.0, "t", Font::builtin());
        let mut board = Group::new("a\"b'c<d&e\u{1}f");
        board.shape(
            Shape::Rect(Rect::new(0.0, 0.0, 1.0, 1.0)),
            Paint::fill(Color::BLACK),
        );
        figure.root.group(board);
        let out = String::from_utf8(render(&figure)).unwrap();
        assert!(
            out.contains(r#"<g class="a&quot;b&apos;c&lt;d&amp;ef">"#),
            "{out}"
        );
        let document = roxmltree::Document::parse(&out).expect("the SVG is well-formed XML");
        let class = document
            .descendants()
            .filter_map(|n| n.attribute("class"))
            .find(|c| c.starts_with('a'));
        assert_eq!(class, Some("a\"b'c<d&ef"));
    }

    #[test]
    fn path_numbers_are_whole_units_halves_or_tenths_with_their_sign() {
        let mut out = String::new();
        write_numbers(&mut out, &[-0.5, 3.5, -3.5, 2.0, -7.0, -0.0, 0.25, 1e10]);
        // Each as the general Decimal writes it, which the fast path for halves must match.
        let general: Vec<String> = [-0.5f64, 3.5, -3.5, 2.0, -7.0, -0.0, 0.25, 1e10]
            .iter()
            .map(|&v| {
                let mut s = String::new();
                Decimal::new(v, 1).write_to(&mut s);
                s
            })
            .collect();
        assert_eq!(out, general.join(" "));
        assert_eq!(out, "-0.5 3.5 -3.5 2 -7 0 0.3 10000000000");
    }

    #[test]
    fn glyph_outlines_are_read_from_the_font_in_font_units() {
        let face = ttf_parser::Face::parse(font::font_data(), 0).unwrap();
        let glyph = |c| face.glyph_index(c).unwrap().0;
        let scratch = &mut String::new();
        let a = outline(&face, glyph('A'), scratch).expect("A has ink");
        assert!(a.starts_with('M') && a.ends_with('Z'), "{a}");
        // Whole font units, and halves where a curve's on-curve point is implied.
        assert!(
            a.split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|n| !n.is_empty())
                .all(|n| n.parse::<f64>().is_ok_and(|v| (v * 2.0).fract() == 0.0)),
            "{a}"
        );
        assert_eq!(outline(&face, glyph(' '), scratch), None);
        // The same outline each time, after another glyph's, and the one the file holds.
        assert!(outline(&face, glyph('W'), scratch).is_some_and(|w| w != a));
        assert_eq!(outline(&face, glyph('A'), scratch), Some(a.clone()));
        let mut figure = Figure::new(10.0, 10.0, "t", Font::builtin());
        figure
            .root
            .text(Text::new(Point::new(1.0, 1.0), "A A", 10.0, Anchor::Start));
        let out = String::from_utf8(render(&figure)).unwrap();
        assert_eq!(out.matches(&format!("<path d=\"{a}\"")).count(), 1, "{out}");
        assert_eq!(out.matches("<use ").count(), 2, "{out}");
        // The second A is placed by the advance of "A ".
        let advance = |c| {
            face.glyph_hor_advance(ttf_parser::GlyphId(glyph(c)))
                .unwrap()
        };
        let shift = advance('A') + advance(' ');
        assert!(
            out.contains(&format!("<use x=\"{shift}\" xlink:href=")),
            "{out}"
        );
    }

    #[test]
    fn check_css_names_a_forbidden_character_and_its_line() {
        assert_eq!(check_css("text { fill: red; }\n\t/* é 岸 */\r\n"), Ok(()));
        let err = check_css("text {}\n/* \u{1b}[1m */").unwrap_err();
        assert!(err.starts_with("line 2: "), "{err}");
        assert!(err.contains("U+001B"), "{err}");
        assert!(check_css("a\u{fffe}").unwrap_err().contains("U+FFFE"));
    }
}
