//! SVG backend, written with the streaming writer in `xml`. One figure becomes one SVG
//! document in millimetres (viewBox units are millimetres).
//!
//! Text is drawn as the font's glyph outlines (`<path>`s in `<defs>`, placed with `<use>`),
//! not as `<text>` in an embedded font: librsvg, Inkscape and many converters ignore
//! embedded fonts and fall back to a system font with other widths, and two figures inlined
//! in one web page that declare one font name with different subsets lose letters. Outlines
//! look the same in every consumer. The words stay in the file as well, as invisible
//! `<text>` over the glyphs, so a figure can be searched, selected and copied in a browser;
//! its `<title>` and `<desc>` (with `role="img"`) are what screen readers announce.

use std::collections::BTreeMap;
use std::ops::Range;

use super::xml::Writer;

use super::{Length, push_num, push_uint};
use crate::figure::{Anchor, Color, Figure, Group, Item, Paint, Point, Rect, Shape, Text};
use crate::font::{self, Font};

/// What goes into the file besides the drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Words {
    /// The invisible text layer for search and copy (SVG files).
    Searchable,
    /// Only the glyphs: for the PNG backend, whose pixels the text layer cannot change.
    GlyphsOnly,
}

/// Renders one figure as an SVG document. Text must already be checked against the font.
pub fn render(figure: &Figure) -> Vec<u8> {
    render_with(figure, None, Words::Searchable)
}

/// Renders one figure, `width` wide when given (the height follows; the viewBox stays in
/// millimetres, so only the `width` and `height` attributes change).
///
/// The drawing is written first, into its own buffer, collecting the glyphs and clips it
/// uses; the definitions of those come before it in the file.
pub fn render_with(figure: &Figure, width: Option<Length>, words: Words) -> Vec<u8> {
    let font = font::current();
    let mut defs = Defs::new(&font);
    let mut body = Writer::with_capacity(estimate(&figure.root, words));
    defs.group(&mut body, &figure.root, words);
    let body = body.finish();

    let outside = figure.title.len() + figure.description.len();
    let css = figure.css.as_ref().map_or(0, String::len);
    let definitions = defs.paths.len() + 64 * defs.glyphs.len() + 128 * defs.clips.len();
    let mut w = Writer::with_capacity(HEAD_BYTES + outside + css + definitions + body.len());
    w.out()
        .push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    w.start("svg");
    w.attr("xmlns").push_str("http://www.w3.org/2000/svg");
    match width {
        Some(given) => {
            given.push_to(w.attr("width"));
            let height = Length {
                value: given.value * figure.height / figure.width,
                unit: given.unit,
            };
            height.push_to(w.attr("height"));
        }
        None => {
            millimetres(w.attr("width"), figure.width);
            millimetres(w.attr("height"), figure.height);
        }
    }
    let view_box = w.attr("viewBox");
    view_box.push_str("0 0 ");
    push_num(view_box, figure.width);
    view_box.push(' ');
    push_num(view_box, figure.height);
    // xlink:href, not SVG 2's plain href: Inkscape 1.2 draws no glyph without it.
    w.attr("xmlns:xlink")
        .push_str("http://www.w3.org/1999/xlink");
    w.attr("role").push_str("img");
    inline(&mut w, "title", &figure.title);
    inline(&mut w, "desc", &figure.description);
    w.start("defs");
    if let Some(css) = &figure.css {
        inline(&mut w, "style", css);
    }
    defs.write(&mut w);
    w.end();
    w.element(&body);
    w.end();
    let mut out = w.finish();
    out.push('\n');
    out.into_bytes()
}

/// The bytes of the declaration, the `<svg>` start tag and the other fixed text.
const HEAD_BYTES: usize = 512;

/// About how many bytes `group` takes in the file (a little more, usually), so the buffer
/// is reserved once: measured on the diagrams and sheets of `examples/`.
fn estimate(group: &Group, words: Words) -> usize {
    let mut bytes = 16 + group.class.len();
    for item in &group.items {
        bytes += match item {
            Item::Shape(Shape::Polyline(points) | Shape::Polygon(points), _) => {
                96 + 16 * points.len()
            }
            Item::Shape(..) => 112,
            Item::Text(t) => {
                let glyphs = 120 + 40 * t.content.len();
                match words {
                    Words::Searchable => glyphs + 160 + t.content.len(),
                    Words::GlyphsOnly => glyphs,
                }
            }
            Item::Group(child) => estimate(child, words),
        };
    }
    bytes
}

/// `value` millimetres: `12.5mm`.
fn millimetres(out: &mut String, value: f64) {
    push_num(out, value);
    out.push_str("mm");
}

/// Whether XML 1.0 allows `c` in a document (its `Char` production): not the C0 controls
/// but tab and line ends, nor U+FFFE and U+FFFF (surrogates cannot occur in a `str`).
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
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

/// What the drawing refers to by id: glyph outlines and clipping paths. Ids are made from
/// what they name (the font's hash and the glyph, the clip's rectangle), so two figures in
/// one web page that share an id also share what it means.
struct Defs<'f> {
    font: &'f Font,
    /// Parsed once per render: parsing reads the table directory and a dozen headers.
    face: ttf_parser::Face<'f>,
    /// Glyph id → its outline in `paths` (font units, y up), `None` for a glyph without
    /// ink (a space).
    glyphs: BTreeMap<u16, Option<Range<usize>>>,
    paths: String,
    /// Clip id (a hash) → its rectangle.
    clips: BTreeMap<u32, Rect>,
    /// Glyph scales written for a text size (its bits): the same few sizes recur.
    scales: Vec<(u64, String)>,
    /// One text's glyphs and their advances along the line, reused from text to text.
    run: Vec<(u16, u32)>,
    scratch: String,
}

impl<'f> Defs<'f> {
    fn new(font: &'f Font) -> Self {
        Self {
            font,
            face: font.face(),
            glyphs: BTreeMap::new(),
            paths: String::new(),
            clips: BTreeMap::new(),
            scales: Vec::new(),
            run: Vec::new(),
            scratch: String::new(),
        }
    }

    /// Writes the definitions: glyph outlines, then clips, each sorted by id (the order
    /// their ids sort in as text, as earlier versions wrote them).
    fn write(&self, w: &mut Writer) {
        let mut glyphs: Vec<(u16, &Range<usize>)> = self
            .glyphs
            .iter()
            .filter_map(|(&gid, path)| Some((gid, path.as_ref()?)))
            .collect();
        glyphs.sort_by_cached_key(|&(gid, _)| gid.to_string());
        for (gid, path) in glyphs {
            w.start("path");
            w.attr("d").push_str(&self.paths[path.clone()]);
            self.glyph_id(w.attr("id"), gid);
            w.end();
        }
        for (&hash, rect) in &self.clips {
            w.start("clipPath");
            clip_id(w.attr("id"), hash);
            w.start("rect");
            push_rect(w, rect);
            w.end();
            w.end();
        }
    }

    /// The id of clip `rect`, added to the definitions on first use.
    fn clip(&mut self, rect: &Rect) -> u32 {
        let text = &mut self.scratch;
        text.clear();
        for (i, v) in [rect.x, rect.y, rect.width, rect.height]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                text.push(' ');
            }
            push_num(text, v);
        }
        let hash = font::fnv1a(text.as_bytes()) as u32;
        self.clips.entry(hash).or_insert(*rect);
        hash
    }

    /// Appends glyph `gid`'s id: the font's hash and the glyph id.
    fn glyph_id(&self, out: &mut String, gid: u16) {
        out.push('g');
        push_hex(out, self.font.hash);
        out.push('-');
        push_uint(out, u64::from(gid));
    }

    /// Whether glyph `gid` has ink, its outline added to the definitions on first use.
    fn has_ink(&mut self, gid: u16) -> bool {
        if let Some(known) = self.glyphs.get(&gid) {
            return known.is_some();
        }
        let from = self.paths.len();
        let builtin = self.font.file.is_none();
        let ink = super::glyph_paths::write(&self.face, builtin, gid, &mut self.paths);
        self.glyphs
            .insert(gid, ink.then_some(from..self.paths.len()));
        ink
    }

    fn group(&mut self, w: &mut Writer, g: &Group, words: Words) {
        w.start("g");
        if !g.class.is_empty() {
            w.attr_text("class", &g.class);
        }
        if let Some(rect) = &g.clip {
            let hash = self.clip(rect);
            let url = w.attr("clip-path");
            url.push_str("url(#");
            clip_id(url, hash);
            url.push(')');
        }
        for item in &g.items {
            match item {
                Item::Shape(shape, paint) => write_shape(w, shape, paint),
                Item::Text(t) => {
                    // Measured once: both the glyphs and the text layer need the width.
                    let width = font::text_width(&t.content, t.size);
                    self.text_glyphs(w, t, width);
                    if words == Words::Searchable {
                        text(w, t, width);
                    }
                }
                Item::Group(child) => self.group(w, child, words),
            }
        }
        w.end();
    }

    /// One text as its glyph outlines: a group scaled from font units to the text's size,
    /// its origin on the text's start, each glyph at its advance. Nothing for a text
    /// without ink.
    fn text_glyphs(&mut self, w: &mut Writer, t: &Text, width: f64) {
        let mut run = std::mem::take(&mut self.run);
        run.clear();
        let mut advance = 0u32;
        for c in t.content.chars().filter(|c| !c.is_control()) {
            let Some((id, width)) = self.font.glyph_advance(c) else {
                continue;
            };
            if self.has_ink(id) {
                run.push((id, advance));
            }
            advance += u32::from(width);
        }
        if !run.is_empty() {
            let start = match t.anchor {
                Anchor::Start => t.position.x,
                Anchor::Middle => t.position.x - width / 2.0,
                Anchor::End => t.position.x - width,
            };
            // Attributes in name order, the writer's cheapest.
            w.start("g");
            w.attr("aria-hidden").push_str("true");
            w.attr("class").push_str("glyphs");
            if t.color != Color::BLACK {
                push_color(w.attr("fill"), t.color);
            }
            let k = self.scale(t.size);
            let transform = w.attr("transform");
            transform.push_str("matrix(");
            transform.push_str(k);
            transform.push_str(" 0 0 -");
            transform.push_str(k);
            transform.push(' ');
            push_num(transform, start);
            transform.push(' ');
            push_num(transform, t.position.y);
            transform.push(')');
            for &(gid, advance) in &run {
                w.start("use");
                if advance != 0 {
                    push_uint(w.attr("x"), u64::from(advance));
                }
                let href = w.attr("xlink:href");
                href.push('#');
                self.glyph_id(href, gid);
                w.end();
            }
            w.end();
        }
        self.run = run;
    }

    /// The scale from font units to millimetres at `size` points, as written in a
    /// transform.
    fn scale(&mut self, size: f64) -> &str {
        let key = size.to_bits();
        let at = match self.scales.iter().position(|(bits, _)| *bits == key) {
            Some(at) => at,
            None => {
                let scale = size * font::MM_PER_PT / f64::from(self.face.units_per_em());
                // Eight decimals: the scale is tiny (a font unit is ~1/2000 em), and an
                // error in it grows with every advance along the line.
                let k = format!("{scale:.8}");
                self.scales.push((key, k.trim_end_matches('0').to_string()));
                self.scales.len() - 1
            }
        };
        &self.scales[at].1
    }
}

/// Appends a clip's id: `clip-` and its hash.
fn clip_id(out: &mut String, hash: u32) {
    out.push_str("clip-");
    push_hex(out, hash);
}

fn write_shape(w: &mut Writer, shape: &Shape, paint: &Paint) {
    let name = match shape {
        Shape::Line(..) => "line",
        Shape::Polyline(_) => "polyline",
        Shape::Polygon(_) => "polygon",
        Shape::Rect(_) => "rect",
        Shape::Circle { .. } => "circle",
    };
    w.start(name);
    // The paint first: a line's attributes then come in name order, the writer's cheapest.
    paint_attributes(w, paint);
    match shape {
        Shape::Line(a, b) => {
            push_num(w.attr("x1"), a.x);
            push_num(w.attr("x2"), b.x);
            push_num(w.attr("y1"), a.y);
            push_num(w.attr("y2"), b.y);
        }
        Shape::Polyline(points) | Shape::Polygon(points) => {
            push_points(w.attr("points"), points);
        }
        Shape::Rect(r) => push_rect(w, r),
        Shape::Circle { center, radius } => {
            push_num(w.attr("cx"), center.x);
            push_num(w.attr("cy"), center.y);
            push_num(w.attr("r"), *radius);
        }
    }
    w.end();
}

fn push_rect(w: &mut Writer, r: &Rect) {
    push_num(w.attr("x"), r.x);
    push_num(w.attr("y"), r.y);
    push_num(w.attr("width"), r.width);
    push_num(w.attr("height"), r.height);
}

/// `x,y x,y …`.
fn push_points(out: &mut String, points: &[Point]) {
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_num(out, p.x);
        out.push(',');
        push_num(out, p.y);
    }
}

fn paint_attributes(w: &mut Writer, paint: &Paint) {
    match paint.fill {
        Some(fill) => push_color(w.attr("fill"), fill),
        None => w.attr("fill").push_str("none"),
    }
    if let Some(stroke) = &paint.stroke {
        push_color(w.attr("stroke"), stroke.color);
        if !stroke.dash.is_empty() {
            let dash = w.attr("stroke-dasharray");
            for (i, &d) in stroke.dash.iter().enumerate() {
                if i > 0 {
                    dash.push(' ');
                }
                push_num(dash, d);
            }
        }
        push_num(w.attr("stroke-width"), stroke.width);
    }
}

/// An element whose only child is text, written without added line breaks around it (they
/// would become part of the text).
fn inline(w: &mut Writer, name: &'static str, content: &str) {
    w.start(name);
    w.text(content);
    w.end();
}

/// The invisible text layer over one text's glyphs, `width` its advance width.
fn text(w: &mut Writer, t: &Text, width: f64) {
    let anchor = match t.anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    w.start("text");
    push_num(w.attr("x"), t.position.x);
    push_num(w.attr("y"), t.position.y);
    push_num(w.attr("font-size"), t.size * font::MM_PER_PT);
    w.attr("text-anchor").push_str(anchor);
    // Invisible, but as wide as the glyphs under it, so a selection covers them.
    if width > 0.0 {
        push_num(w.attr("textLength"), width);
        w.attr("lengthAdjust").push_str("spacingAndGlyphs");
    }
    w.attr("fill-opacity").push('0');
    w.text(&t.content);
    w.end();
}

/// `#rrggbb`.
fn push_color(out: &mut String, c: Color) {
    out.push('#');
    for byte in [c.r, c.g, c.b] {
        push_hex_digits(out, u32::from(byte), 2);
    }
}

/// Eight lowercase hex digits.
fn push_hex(out: &mut String, n: u32) {
    push_hex_digits(out, n, 8);
}

fn push_hex_digits(out: &mut String, n: u32, digits: u32) {
    for i in (0..digits).rev() {
        let digit = (n >> (4 * i)) & 0xf;
        out.push(char::from_digit(digit, 16).unwrap_or('0'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{Point, Rect, Stroke};

    #[test]
    fn writes_classes_clips_and_escaped_text() {
        let mut figure = Figure::new(100.0, 50.0, "A & B");
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

    #[test]
    fn characters_xml_forbids_never_reach_the_file() {
        let bad = "a\u{1}b\u{1b}[31mc\u{fffe}d\u{ffff}";
        let mut figure = Figure::new(100.0, 50.0, bad);
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
    fn check_css_names_a_forbidden_character_and_its_line() {
        assert_eq!(check_css("text { fill: red; }\n\t/* é 岸 */\r\n"), Ok(()));
        let err = check_css("text {}\n/* \u{1b}[1m */").unwrap_err();
        assert!(err.starts_with("line 2: "), "{err}");
        assert!(err.contains("U+001B"), "{err}");
        assert!(check_css("a\u{fffe}").unwrap_err().contains("U+FFFE"));
    }
}
