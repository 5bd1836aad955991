//! SVG backend, built on the `svg` crate. One figure becomes one SVG document in millimetres
//! (viewBox units are millimetres), with the used glyphs of the embedded font inlined so the
//! file looks the same everywhere.

use svg::Node;
use svg::node::element as el;

use super::num;
use crate::figure::{Anchor, Color, Figure, Group, Item, Paint, Shape, Text};
use crate::font;

/// Renders one figure as an SVG document. Text must already be checked against the font.
pub fn render(figure: &Figure) -> Vec<u8> {
    let mut clips = Clips::default();
    let body = group(&figure.root, &mut clips);

    let mut defs = el::Definitions::new().add(inline("style", &style(figure)));
    for clip in clips.paths {
        defs = defs.add(clip);
    }
    let document = el::SVG::new()
        .set("width", format!("{}mm", num(figure.width)))
        .set("height", format!("{}mm", num(figure.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(figure.width), num(figure.height)),
        )
        .set("role", "img")
        .add(inline("title", &figure.title))
        .add(inline("desc", &figure.description))
        .add(defs)
        .add(body);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&document.to_string());
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

/// The font subset as a data URL, and the default text style.
fn style(figure: &Figure) -> String {
    let subset = font::subset(font::FONT_DATA, &font::glyphs_of(figure.text_content()));
    let mut style = format!(
        "@font-face {{ font-family: \"{family}\"; src: url(data:font/ttf;base64,{data}); }}\n\
         text {{ font-family: \"{family}\", sans-serif; }}",
        family = font::FAMILY,
        data = base64(&subset),
    );
    if let Some(css) = &figure.css {
        style.push('\n');
        style.push_str(css);
    }
    style
}

/// Clipping paths, numbered in drawing order so the output is the same every time.
#[derive(Default)]
struct Clips {
    paths: Vec<el::ClipPath>,
}

impl Clips {
    fn add(&mut self, rect: &crate::figure::Rect) -> String {
        let id = format!("clip{}", self.paths.len() + 1);
        self.paths.push(
            el::ClipPath::new().set("id", id.clone()).add(
                el::Rectangle::new()
                    .set("x", num(rect.x))
                    .set("y", num(rect.y))
                    .set("width", num(rect.width))
                    .set("height", num(rect.height)),
            ),
        );
        id
    }
}

fn group(g: &Group, clips: &mut Clips) -> el::Group {
    let mut out = el::Group::new();
    if !g.class.is_empty() {
        out = out.set("class", g.class.clone());
    }
    if let Some(rect) = &g.clip {
        out = out.set("clip-path", format!("url(#{})", clips.add(rect)));
    }
    for item in &g.items {
        out = match item {
            Item::Shape(shape, paint) => add_shape(out, shape, paint),
            Item::Text(t) => out.add(text(t)),
            Item::Group(child) => out.add(group(child, clips)),
        };
    }
    out
}

fn add_shape(out: el::Group, shape: &Shape, paint: &Paint) -> el::Group {
    match shape {
        Shape::Line(a, b) => out.add(painted(
            el::Line::new()
                .set("x1", num(a.x))
                .set("y1", num(a.y))
                .set("x2", num(b.x))
                .set("y2", num(b.y)),
            paint,
        )),
        Shape::Polyline(points) => out.add(painted(
            el::Polyline::new().set("points", points_attr(points)),
            paint,
        )),
        Shape::Polygon(points) => out.add(painted(
            el::Polygon::new().set("points", points_attr(points)),
            paint,
        )),
        Shape::Rect(r) => out.add(painted(
            el::Rectangle::new()
                .set("x", num(r.x))
                .set("y", num(r.y))
                .set("width", num(r.width))
                .set("height", num(r.height)),
            paint,
        )),
        Shape::Circle { center, radius } => out.add(painted(
            el::Circle::new()
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

fn painted<N: svg::Node>(mut node: N, paint: &Paint) -> N {
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

/// An element whose only child is text, written without added line breaks: the svg crate's
/// own `Text`, `Title` and `Style` put a newline on each side of their content, which
/// becomes part of the text.
fn inline(name: &str, content: &str) -> el::Element {
    let mut element = el::Element::new(name);
    element.append(svg::node::Text::new(content));
    element
}

fn text(t: &Text) -> el::Element {
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
    if t.color != Color::BLACK {
        node.assign("fill", hex(t.color));
    }
    node
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}

/// Standard base64 (RFC 4648) with padding.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{Point, Rect, Stroke};

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

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
        assert!(out.contains(r#"clip-path="url(#clip1)""#));
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
