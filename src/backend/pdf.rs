//! PDF backend, built on printpdf (without its layout engine). Each figure becomes one page
//! of its own size; text is set in a per-document subset of the job's font (named
//! `ABCDEF+Name`, as subsets are), so every character really is in the file.

use printpdf::{
    Color as PdfColor, FontId, Line, LineCapStyle, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    ParsedFont, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Point as PdfPoint,
    Polygon, PolygonRing, Pt, Rgb, TextItem, TextMatrix, WindingOrder,
};

use crate::figure::{
    Anchor, Color, Document, Figure, Group, Item, Paint, Point, Rect, Shape, Stroke, Text,
};
use crate::font;

/// The resource name of the embedded font. Fixed, because printpdf's own ids come from a
/// process-wide counter and would differ between the first and second PDF a process writes.
const FONT_ID: &str = "F1";

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Renders every page of `document`. Text must already be checked against the font.
pub fn render(document: &Document) -> Vec<u8> {
    render_pages(document, Pages::OneAtATime)
}

/// How the pages reach printpdf.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pages {
    /// Drawn and deflated one at a time ([`page_streams`]): what sheetgen writes.
    OneAtATime,
    /// All at once, as printpdf is meant to be used: the tests check that both give the
    /// same bytes.
    #[cfg(test)]
    AllAtOnce,
}

fn render_pages(document: &Document, pages: Pages) -> Vec<u8> {
    let mut pdf = PdfDocument::new(&document.title);
    pdf.metadata.info.producer = concat!("sheetgen ", env!("CARGO_PKG_VERSION")).to_string();
    pdf.metadata.info.creator = "sheetgen".to_string();

    let texts = document.pages.iter().flat_map(Figure::text_content);
    let glyphs = font::glyphs_of(texts);
    let chosen = font::current();
    let (program, name) = match font::subset(chosen.data(), &glyphs) {
        Some(subset) => (
            subset,
            format!("{}+{}", subset_tag(&chosen, &glyphs), chosen.name),
        ),
        // Without glyf outlines to strip, the whole font goes in, and its name says so.
        None => (chosen.data().to_vec(), chosen.name.clone()),
    };
    let mut parsed = ParsedFont::from_bytes(&program, 0, &mut Vec::new())
        .expect("a font that parsed with ttf-parser parses");
    parsed.font_name = Some(name);
    pdf.resources
        .fonts
        .map
        .insert(FontId(FONT_ID.into()), PdfFont::new(parsed));

    let options = PdfSaveOptions {
        subset_fonts: false, // already subset above
        ..PdfSaveOptions::default()
    };
    let mut doc = match pages {
        Pages::OneAtATime => streamed(pdf, document, &options),
        #[cfg(test)]
        Pages::AllAtOnce => {
            pdf.with_pages(document.pages.iter().map(page).collect());
            pdf.to_lopdf_document(&options, &mut Vec::new())
        }
    };
    compress(&mut doc);
    ask_for_actual_size(&mut doc);
    // printpdf draws the file identifier from a process-wide counter; a hash of the content
    // makes it the same for the same document, however many files a process writes.
    let id = format!("{:032x}", content_hash(&doc));
    doc.trailer.set(
        "ID",
        lopdf::Object::Array(vec![
            lopdf::Object::string_literal(id.clone()),
            lopdf::Object::string_literal(id),
        ]),
    );
    let mut out = Vec::new();
    doc.save_to(&mut out)
        .expect("writing a PDF into memory cannot fail");
    out
}

/// The six capital letters a subset font's name starts with (ISO 32000-1, 9.6.4), from the
/// font and the glyphs kept: the same subset always gets the same tag, and readers can tell
/// different subsets of one font apart.
fn subset_tag(font: &font::Font, glyphs: &std::collections::BTreeSet<u16>) -> String {
    let mut bytes = font.hash.to_be_bytes().to_vec();
    bytes.extend(glyphs.iter().flat_map(|g| g.to_be_bytes()));
    let mut hash = font::fnv1a(&bytes);
    (0..6)
        .map(|_| {
            let letter = char::from(b'A' + (hash % 26) as u8);
            hash /= 26;
            letter
        })
        .collect()
}

/// The document with each page's content stream made on its own (see [`page_streams`]).
fn streamed(
    mut pdf: PdfDocument,
    document: &Document,
    options: &PdfSaveOptions,
) -> lopdf::Document {
    let (streams, outlines) = page_streams(&mut pdf, document, options);
    pdf.with_pages(outlines);
    let mut doc = pdf.to_lopdf_document(options, &mut Vec::new());
    for (page_id, stream) in doc.get_pages().into_values().zip(streams) {
        let contents = doc.get_page_contents(page_id);
        let object = doc
            .get_object_mut(contents[0])
            .and_then(lopdf::Object::as_stream_mut)
            .expect("printpdf writes one content stream a page");
        // As `compress` would: the dictionary's keys in the same order.
        object.dict.set("Filter", "FlateDecode");
        object.set_content(stream);
    }
    doc
}

/// Each page's content stream, deflated, made one page at a time so that only one page's
/// drawing operations are in memory at once (a 1,000-diagram booklet held 65 MB of them),
/// and each page's outline for the whole document: its size and its text only, which is
/// all printpdf reads to embed the font and map its glyphs (the streams replace the
/// outlines' own). Every text is set in the one font, [`FONT_ID`]. The bytes are those printpdf writes for the whole page.
fn page_streams(
    pdf: &mut PdfDocument,
    document: &Document,
    options: &PdfSaveOptions,
) -> (Vec<Vec<u8>>, Vec<PdfPage>) {
    let mut streams = Vec::with_capacity(document.pages.len());
    let mut outlines = Vec::with_capacity(document.pages.len());
    for figure in &document.pages {
        let full = page(figure);
        // All its text in one string, in order: what printpdf reads of it (glyph by glyph,
        // the last character of a glyph winning) is the same, and it takes less memory.
        let text = full
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::ShowText { items } => Some(items),
                _ => None,
            })
            .flatten()
            .filter_map(|item| match item {
                TextItem::Text(text) => Some(text.as_str()),
                _ => None,
            })
            .collect::<String>();
        let text = vec![
            Op::SetFont {
                font: PdfFontHandle::External(FontId(FONT_ID.into())),
                size: Pt(10.0),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text)],
            },
        ];
        outlines.push(PdfPage {
            media_box: full.media_box.clone(),
            trim_box: full.trim_box.clone(),
            crop_box: full.crop_box.clone(),
            ops: text,
        });
        pdf.with_pages(vec![full]);
        let one = pdf.to_lopdf_document(options, &mut Vec::new());
        // The stream itself: `get_page_content` would add a line break.
        let contents = one.get_page_contents(one.get_pages()[&1]);
        let stream = one
            .get_object(contents[0])
            .and_then(lopdf::Object::as_stream)
            .expect("printpdf writes one content stream a page");
        streams.push(deflate(&stream.content));
    }
    (streams, outlines)
}

fn page(figure: &Figure) -> PdfPage {
    let mut writer = OpWriter {
        ops: Vec::new(),
        height: figure.height,
        state: State::default(),
    };
    writer.group(&figure.root);
    PdfPage::new(
        Mm(figure.width as f32),
        Mm(figure.height as f32),
        writer.ops,
    )
}

/// The graphics state last set, so unchanged colours and widths are not written again.
#[derive(Debug, Clone, Default, PartialEq)]
struct State {
    fill: Option<Color>,
    stroke: Option<Color>,
    width: Option<f64>,
    dash: Option<Vec<f64>>,
    round_cap: bool,
}

struct OpWriter {
    ops: Vec<Op>,
    /// Page height in millimetres: PDF's y axis grows upwards.
    height: f64,
    state: State,
}

impl OpWriter {
    fn point(&self, p: Point) -> PdfPoint {
        PdfPoint {
            x: pt(p.x),
            y: pt(self.height - p.y),
        }
    }

    fn group(&mut self, group: &Group) {
        let saved = group.clip.map(|clip| {
            self.ops.push(Op::SaveGraphicsState);
            let corners = rect_corners(&clip);
            self.ops.push(Op::DrawPolygon {
                polygon: self.polygon(&corners, PaintMode::Clip),
            });
            self.state.clone()
        });
        for item in &group.items {
            match item {
                Item::Shape(shape, paint) => self.shape(shape, paint),
                Item::Text(text) => self.text(text),
                Item::Group(child) => self.group(child),
            }
        }
        if let Some(state) = saved {
            self.ops.push(Op::RestoreGraphicsState);
            self.state = state;
        }
    }

    fn shape(&mut self, shape: &Shape, paint: &Paint) {
        if let (Shape::Circle { center, radius }, Some(fill), None) =
            (shape, paint.fill, &paint.stroke)
        {
            return self.dot(*center, *radius, fill);
        }
        self.paint(paint);
        let mode = match (paint.fill.is_some(), paint.stroke.is_some()) {
            (true, true) => PaintMode::FillStroke,
            (true, false) => PaintMode::Fill,
            (false, true) => PaintMode::Stroke,
            (false, false) => return,
        };
        let op = match shape {
            Shape::Line(a, b) => self.open_path(&[*a, *b]),
            Shape::Polyline(points) => self.open_path(points),
            Shape::Polygon(points) => Op::DrawPolygon {
                polygon: self.polygon(points, mode),
            },
            Shape::Rect(rect) => Op::DrawPolygon {
                polygon: self.polygon(&rect_corners(rect), mode),
            },
            Shape::Circle { center, radius } => Op::DrawPolygon {
                polygon: self.circle(*center, *radius, mode),
            },
        };
        self.ops.push(op);
    }

    /// A filled circle as a zero-length line with round caps as wide as the circle: the
    /// PDF specification (8.5.3.2) paints exactly that disc, in a sixth of the bytes of four
    /// Bézier arcs. Board points are hundreds of such dots.
    fn dot(&mut self, center: Point, radius: f64, fill: Color) {
        self.paint(&Paint::stroke(Stroke::solid(fill, 2.0 * radius)));
        self.set_cap(LineCapStyle::Round);
        let op = self.open_path(&[center, center]);
        self.ops.push(op);
    }

    fn set_cap(&mut self, cap: LineCapStyle) {
        let round = cap == LineCapStyle::Round;
        if self.state.round_cap != round {
            self.ops.push(Op::SetLineCapStyle { cap });
            self.state.round_cap = round;
        }
    }

    /// An open path is only ever stroked.
    fn open_path(&self, points: &[Point]) -> Op {
        Op::DrawLine {
            line: Line {
                points: points
                    .iter()
                    .map(|p| LinePoint {
                        p: self.point(*p),
                        bezier: false,
                    })
                    .collect(),
                is_closed: false,
            },
        }
    }

    fn polygon(&self, points: &[Point], mode: PaintMode) -> Polygon {
        let points = points
            .iter()
            .map(|p| LinePoint {
                p: self.point(*p),
                bezier: false,
            })
            .collect();
        Polygon {
            rings: vec![PolygonRing { points }],
            mode,
            winding_order: WindingOrder::NonZero,
        }
    }

    /// A circle as four cubic Bézier arcs (the usual 0.5523 control-point ratio).
    fn circle(&self, c: Point, r: f64, mode: PaintMode) -> Polygon {
        const K: f64 = 0.552_284_749_8;
        let k = K * r;
        let spec = [
            (r, 0.0, false),
            (r, k, true),
            (k, r, true),
            (0.0, r, false),
            (-k, r, true),
            (-r, k, true),
            (-r, 0.0, false),
            (-r, -k, true),
            (-k, -r, true),
            (0.0, -r, false),
            (k, -r, true),
            (r, -k, true),
            (r, 0.0, false),
        ];
        let points = spec
            .iter()
            .map(|&(dx, dy, bezier)| LinePoint {
                p: self.point(Point::new(c.x + dx, c.y + dy)),
                bezier,
            })
            .collect();
        Polygon {
            rings: vec![PolygonRing { points }],
            mode,
            winding_order: WindingOrder::NonZero,
        }
    }

    fn paint(&mut self, paint: &Paint) {
        if let Some(fill) = paint.fill {
            self.set_fill(fill);
        }
        if let Some(stroke) = &paint.stroke {
            self.set_cap(LineCapStyle::Butt);
            if self.state.stroke != Some(stroke.color) {
                self.ops.push(Op::SetOutlineColor {
                    col: color(stroke.color),
                });
                self.state.stroke = Some(stroke.color);
            }
            if self.state.width != Some(stroke.width) {
                self.ops.push(Op::SetOutlineThickness {
                    pt: pt(stroke.width),
                });
                self.state.width = Some(stroke.width);
            }
            if self.state.dash.as_ref() != Some(&stroke.dash) {
                let pattern: Vec<f32> = stroke.dash.iter().map(|d| pt(*d).0).collect();
                self.ops.push(Op::SetLineDashPattern {
                    dash: LineDashPattern::new(0.0, &pattern),
                });
                self.state.dash = Some(stroke.dash.clone());
            }
        }
    }

    fn set_fill(&mut self, fill: Color) {
        if self.state.fill != Some(fill) {
            self.ops.push(Op::SetFillColor { col: color(fill) });
            self.state.fill = Some(fill);
        }
    }

    fn text(&mut self, text: &Text) {
        let width = font::text_width(&text.content, text.size);
        let x = match text.anchor {
            Anchor::Start => text.position.x,
            Anchor::Middle => text.position.x - width / 2.0,
            Anchor::End => text.position.x - width,
        };
        let origin = self.point(Point::new(x, text.position.y));
        self.set_fill(text.color);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::External(FontId(FONT_ID.into())),
                size: Pt(text.size as f32),
            },
            Op::SetTextMatrix {
                matrix: TextMatrix::Translate(origin.x, origin.y),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.content.clone())],
            },
            Op::EndTextSection,
        ]);
    }
}

fn rect_corners(r: &Rect) -> [Point; 4] {
    [
        Point::new(r.x, r.y),
        Point::new(r.right(), r.y),
        Point::new(r.right(), r.bottom()),
        Point::new(r.x, r.bottom()),
    ]
}

/// Millimetres to points, rounded to 1/100 pt (3.5 µm): shorter numbers make smaller,
/// faster files, and no printer resolves the difference.
fn pt(mm: f64) -> Pt {
    Pt(((mm * PT_PER_MM * 100.0).round() / 100.0) as f32)
}

fn color(c: Color) -> PdfColor {
    let f = |v: u8| f32::from(v) / 255.0;
    PdfColor::Rgb(Rgb::new(f(c.r), f(c.g), f(c.b), None))
}

/// Deflates every stream. lopdf's own `compress` always uses level 9; level 2 makes the
/// four-board sheet 4 % larger than level 6 and keeps it under a millisecond (benches/sheet.rs).
/// Viewers default to "fit to page", which shrinks a sheet's boards and scale bar:
/// `/PrintScaling /None` in the catalog's viewer preferences asks them to print at 100 %.
fn ask_for_actual_size(doc: &mut lopdf::Document) {
    let preferences =
        lopdf::dictionary! { "PrintScaling" => lopdf::Object::Name(b"None".to_vec()) };
    let catalog = doc
        .catalog_mut()
        .expect("printpdf always writes a document catalog");
    catalog.set("ViewerPreferences", preferences);
}

fn compress(doc: &mut lopdf::Document) {
    for object in doc.objects.values_mut() {
        if let lopdf::Object::Stream(stream) = object {
            if stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(deflate(&stream.content));
        }
    }
}

fn deflate(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(2));
    encoder
        .write_all(bytes)
        .and_then(|()| encoder.finish())
        .expect("compressing into memory cannot fail")
}

/// FNV-1a over every stream (pages, font), in object-number order: the dictionaries around
/// them follow from the same content, so equal streams mean an equal document.
fn content_hash(doc: &lopdf::Document) -> u128 {
    let mut hash: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u128::from(*b);
            hash = hash.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013B);
        }
    };
    for object in doc.objects.values() {
        if let lopdf::Object::Stream(stream) = object {
            eat(&stream.content);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{Anchor, Paint, Shape, Stroke};

    fn page_with(title: &str, label: &str) -> Figure {
        let mut figure = Figure::new(100.0, 60.0, title);
        let mut group = Group::new("board");
        group.shape(
            Shape::Circle {
                center: Point::new(20.0, 20.0),
                radius: 5.0,
            },
            Paint::stroke(Stroke::dashed(Color::BLACK, 0.3, &[1.0, 0.5])),
        );
        group.text(Text::new(
            Point::new(50.0, 30.0),
            label,
            10.0,
            Anchor::Middle,
        ));
        figure.root.group(group);
        figure
    }

    #[test]
    fn pages_made_one_at_a_time_are_the_bytes_of_the_whole_document() {
        // Different glyphs on each page, one text without ink, a page without text.
        let document = Document {
            title: "booklet".into(),
            pages: vec![
                page_with("1", "Board 1 – Black ●"),
                page_with("2", "White ○ 岸棋"),
                page_with("3", " "),
                Figure::new(50.0, 50.0, "empty"),
            ],
        };
        let streamed = render_pages(&document, Pages::OneAtATime);
        assert_eq!(streamed, render_pages(&document, Pages::AllAtOnce));
        assert!(streamed.starts_with(b"%PDF"));
    }
}
