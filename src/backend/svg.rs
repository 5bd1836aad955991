//! SVG backend, built on the `svg` crate. One figure becomes one SVG document in millimetres
//! (viewBox units are millimetres).
//!
//! Text is drawn as the font's glyph outlines (`<path>`s in `<defs>`, placed with `<use>`),
//! not as `<text>` in an embedded font: librsvg, Inkscape and many converters ignore
//! embedded fonts and fall back to a system font with other widths, and two figures inlined
//! in one web page that declare one font name with different subsets lose letters. Outlines
//! look the same in every consumer. The words stay in the file as well, as invisible
//! `<text>` over the glyphs, so a figure can be searched, selected and copied in a browser;
//! its `<title>` and `<desc>` (with `role="img"`) are what screen readers announce.

use std::collections::BTreeMap;

use super::xml::Element;

use super::{Length, num, push_tenths};
use crate::figure::{Anchor, Color, Figure, Group, Item, Paint, Shape, Text};
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
pub fn render_with(figure: &Figure, width: Option<Length>, words: Words) -> Vec<u8> {
    let font = font::current();
    let mut defs = Defs::new(&font);
    let body = defs.group(&figure.root, words);

    let mut definitions = Element::new("defs");
    if let Some(css) = &figure.css {
        definitions = definitions.add(inline("style", css));
    }
    for (id, path) in defs.glyphs {
        definitions = definitions.add(Element::new("path").set("id", id).set("d", path));
    }
    for clip in defs.clips.into_values() {
        definitions = definitions.add(clip);
    }
    let (width_attr, height_attr) = match width {
        Some(w) => (
            w.to_string(),
            Length {
                value: w.value * figure.height / figure.width,
                unit: w.unit,
            }
            .to_string(),
        ),
        None => (
            format!("{}mm", num(figure.width)),
            format!("{}mm", num(figure.height)),
        ),
    };
    let document = Element::new("svg")
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("width", width_attr)
        .set("height", height_attr)
        .set(
            "viewBox",
            format!("0 0 {} {}", num(figure.width), num(figure.height)),
        )
        // xlink:href, not SVG 2's plain href: Inkscape 1.2 draws no glyph without it.
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .set("role", "img")
        .add(inline("title", &figure.title))
        .add(inline("desc", &figure.description))
        .add(definitions)
        .add(body);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    document.write(&mut out);
    out.push('\n');
    // XML cannot hold some characters even escaped: a stylesheet or a text holding one
    // would make the whole file unreadable, so they are left out wherever they stand.
    if !out.chars().all(is_xml_char) {
        out.retain(is_xml_char);
    }
    out.into_bytes()
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
    face: ttf_parser::Face<'f>,
    /// Glyph id → outline path, in font units (y up).
    glyphs: BTreeMap<String, String>,
    clips: BTreeMap<String, Element>,
}

impl<'f> Defs<'f> {
    fn new(font: &'f Font) -> Self {
        Self {
            font,
            face: font.face(),
            glyphs: BTreeMap::new(),
            clips: BTreeMap::new(),
        }
    }

    fn clip(&mut self, rect: &crate::figure::Rect) -> String {
        let (x, y, w, h) = (num(rect.x), num(rect.y), num(rect.width), num(rect.height));
        let id = format!(
            "clip-{:08x}",
            font::fnv1a(format!("{x} {y} {w} {h}").as_bytes()) as u32
        );
        self.clips.entry(id.clone()).or_insert_with(|| {
            Element::new("clipPath").set("id", id.clone()).add(
                Element::new("rect")
                    .set("x", x)
                    .set("y", y)
                    .set("width", w)
                    .set("height", h),
            )
        });
        id
    }

    /// The id of glyph `gid`'s outline, added to the definitions on first use; `None` for
    /// a glyph without ink (a space).
    fn glyph(&mut self, gid: u16) -> Option<String> {
        let id = format!("g{:08x}-{gid}", self.font.hash);
        if !self.glyphs.contains_key(&id) {
            let mut path = PathData(String::new());
            self.face
                .outline_glyph(ttf_parser::GlyphId(gid), &mut path)?;
            self.glyphs.insert(id.clone(), path.0);
        }
        Some(id)
    }

    fn group(&mut self, g: &Group, words: Words) -> Element {
        let mut out = Element::new("g");
        if !g.class.is_empty() {
            out = out.set("class", g.class.clone());
        }
        if let Some(rect) = &g.clip {
            out = out.set("clip-path", format!("url(#{})", self.clip(rect)));
        }
        for item in &g.items {
            out = match item {
                Item::Shape(shape, paint) => add_shape(out, shape, paint),
                Item::Text(t) => {
                    if let Some(glyphs) = self.text_glyphs(t) {
                        out = out.add(glyphs);
                    }
                    match words {
                        Words::Searchable => out.add(text(t)),
                        Words::GlyphsOnly => out,
                    }
                }
                Item::Group(child) => out.add(self.group(child, words)),
            };
        }
        out
    }

    /// One text as its glyph outlines: a group scaled from font units to the text's size,
    /// its origin on the text's start, each glyph at its advance.
    fn text_glyphs(&mut self, t: &Text) -> Option<Element> {
        let width = font::text_width(&t.content, t.size);
        let start = match t.anchor {
            Anchor::Start => t.position.x,
            Anchor::Middle => t.position.x - width / 2.0,
            Anchor::End => t.position.x - width,
        };
        let scale = t.size * font::MM_PER_PT / f64::from(self.face.units_per_em());
        let mut run = Element::new("g")
            .set("class", "glyphs")
            .set("aria-hidden", "true");
        let mut advance = 0u32;
        let mut any = false;
        for c in t.content.chars().filter(|c| !c.is_control()) {
            let Some(gid) = self.face.glyph_index(c) else {
                continue;
            };
            if let Some(id) = self.glyph(gid.0) {
                let mut glyph = Element::new("use").set("xlink:href", format!("#{id}"));
                if advance != 0 {
                    glyph = glyph.set("x", advance.to_string());
                }
                run = run.add(glyph);
                any = true;
            }
            advance += u32::from(self.face.glyph_hor_advance(gid).unwrap_or(0));
        }
        if !any {
            return None;
        }
        // Eight decimals: the scale is tiny (a font unit is ~1/2000 em), and an error in it
        // grows with every advance along the line.
        let k = format!("{scale:.8}");
        let k = k.trim_end_matches('0');
        run = run.set(
            "transform",
            format!("matrix({k} 0 0 -{k} {} {})", num(start), num(t.position.y)),
        );
        if t.color != Color::BLACK {
            run = run.set("fill", hex(t.color));
        }
        Some(run)
    }
}

/// SVG path data from a glyph outline, in font units.
struct PathData(String);

impl PathData {
    /// A command letter and its points.
    fn command(&mut self, letter: char, points: &[f32]) {
        self.0.push(letter);
        for (i, &v) in points.iter().enumerate() {
            if i > 0 {
                self.0.push(' ');
            }
            push_tenths(&mut self.0, v);
        }
    }
}

impl ttf_parser::OutlineBuilder for PathData {
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

fn add_shape(out: Element, shape: &Shape, paint: &Paint) -> Element {
    match shape {
        Shape::Line(a, b) => out.add(painted(
            Element::new("line")
                .set("x1", num(a.x))
                .set("y1", num(a.y))
                .set("x2", num(b.x))
                .set("y2", num(b.y)),
            paint,
        )),
        Shape::Polyline(points) => out.add(painted(
            Element::new("polyline").set("points", points_attr(points)),
            paint,
        )),
        Shape::Polygon(points) => out.add(painted(
            Element::new("polygon").set("points", points_attr(points)),
            paint,
        )),
        Shape::Rect(r) => out.add(painted(
            Element::new("rect")
                .set("x", num(r.x))
                .set("y", num(r.y))
                .set("width", num(r.width))
                .set("height", num(r.height)),
            paint,
        )),
        Shape::Circle { center, radius } => out.add(painted(
            Element::new("circle")
                .set("cx", num(center.x))
                .set("cy", num(center.y))
                .set("r", num(*radius)),
            paint,
        )),
    }
}

fn points_attr(points: &[crate::figure::Point]) -> String {
    points
        .iter()
        .map(|p| format!("{},{}", num(p.x), num(p.y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn painted(mut node: Element, paint: &Paint) -> Element {
    node.assign("fill", paint.fill.map_or("none".to_string(), hex));
    if let Some(stroke) = &paint.stroke {
        node.assign("stroke", hex(stroke.color));
        node.assign("stroke-width", num(stroke.width));
        if !stroke.dash.is_empty() {
            let dash: Vec<String> = stroke.dash.iter().map(|d| num(*d)).collect();
            node.assign("stroke-dasharray", dash.join(" "));
        }
    }
    node
}

/// An element whose only child is text, written without added line breaks around it (they
/// would become part of the text).
fn inline(name: &'static str, content: &str) -> Element {
    Element::new(name).text(content)
}

fn text(t: &Text) -> Element {
    let anchor = match t.anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let mut node = inline("text", &t.content);
    node.assign("x", num(t.position.x));
    node.assign("y", num(t.position.y));
    node.assign("font-size", num(t.size * font::MM_PER_PT));
    node.assign("text-anchor", anchor);
    // Invisible, but as wide as the glyphs under it, so a selection covers them.
    let width = font::text_width(&t.content, t.size);
    if width > 0.0 {
        node.assign("textLength", num(width));
        node.assign("lengthAdjust", "spacingAndGlyphs");
    }
    node.assign("fill-opacity", "0");
    node
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
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
