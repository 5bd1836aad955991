//! PDF backend, built on printpdf (without its layout engine). Each figure becomes one page
//! of its own size; text is set in a per-document subset of the job's font (named
//! `ABCDEF+Name`, as subsets are), so every character really is in the file.

use printpdf::{
    Color as PdfColor, FontId, Line, LineCapStyle, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    ParsedFont, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Point as PdfPoint,
    Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};

use sheetgen_core::backend::{self, RenderError};
use sheetgen_core::figure::{
    Anchor, Color, Document, Figure, Group, Item, Paint, Point, Rect, Shape, Stroke, Text,
};
use sheetgen_core::font;
use sheetgen_core::vocabulary::Phrase;

/// The resource name of the embedded font. Fixed, because printpdf's own ids come from a
/// process-wide counter and would differ between the first and second PDF a process writes.
const FONT_ID: &str = "F1";

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Renders every page of `document`, each dropped once it is drawn, its deferred parts
/// ([`Document::later`]) drawn into it just before. Text must already be checked against
/// the font.
pub fn render(document: Document) -> Result<Vec<u8>, RenderError> {
    render_pages(document, Pages::OneAtATime)
}

/// Why the PDF writer cannot embed `font`, if it cannot: the smallest subset of it must read
/// back as printpdf reads fonts. Checked when a `--font` file is opened, beside the core's own
/// checks, so a font works in every format or is refused before anything is made.
pub fn check_font(font: &font::Font) -> Result<(), Phrase> {
    let smallest = font::subset(font.data(), &std::collections::BTreeSet::from([0]))
        .map_err(|why| font::unembeddable(Phrase::verbatim(why)))?;
    ParsedFont::from_bytes(&smallest.program, 0, &mut Vec::new())
        .ok_or_else(|| font::unembeddable(Phrase::new("the PDF writer cannot read its tables")))?;
    Ok(())
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

fn render_pages(document: Document, pages: Pages) -> Result<Vec<u8>, RenderError> {
    let mut pdf = PdfDocument::new(&document.title);
    pdf.metadata.info.producer = concat!("sheetgen ", env!("CARGO_PKG_VERSION")).to_string();
    pdf.metadata.info.creator = "sheetgen".to_string();
    let to_unicode = embed_font(&mut pdf, &document)?;

    let options = PdfSaveOptions {
        subset_fonts: false, // already subset above
        ..PdfSaveOptions::default()
    };
    let mut doc = match pages {
        Pages::OneAtATime => streamed(pdf, document, &options)?,
        #[cfg(test)]
        Pages::AllAtOnce => {
            let document = document.finished().map_err(RenderError::Page)?;
            pdf.with_pages(document.pages.iter().map(page).collect());
            pdf.to_lopdf_document(&options, &mut Vec::new())
        }
    };
    set_to_unicode(&mut doc, to_unicode);
    drop_empty_objects(&mut doc);
    compress(&mut doc);
    ask_for_actual_size(&mut doc);
    Ok(save(doc))
}

/// Embeds the subset of the document's font its texts use in `pdf`; returns the font's
/// ToUnicode map, which the file gets once its pages are drawn.
fn embed_font(pdf: &mut PdfDocument, document: &Document) -> Result<Vec<u8>, RenderError> {
    // What the pages show (a figure's title goes in the document information, not a glyph),
    // and what is drawn into them later.
    let later = document.later.as_ref().map(|later| later.chars.as_str());
    let texts = || {
        document
            .pages
            .iter()
            .flat_map(|page| page.root.texts())
            .map(|text| text.content.as_str())
            .chain(later)
    };
    // Every page was measured in one font ([`Figure::font`]), which the file embeds.
    let chosen = document.font().map_err(RenderError::Font)?;
    let glyphs = chosen.glyphs_of(texts());
    // A font is checked to come apart and read back when it is opened (font::Font::from_data);
    // one made some other way is refused here, never a panic.
    let unusable = |why: String| RenderError::Font(format!("{}: {why}", chosen.name));
    let subset = font::subset(chosen.data(), &glyphs).map_err(unusable)?;
    let mut parsed = ParsedFont::from_bytes(&subset.program, 0, &mut Vec::new())
        .ok_or_else(|| unusable("the PDF writer cannot read it".into()))?;
    parsed.font_name = Some(format!("{}+{}", subset_tag(&chosen, &glyphs), chosen.name));
    // The subset has no cmap (the PDF needs none): printpdf learns each character's glyph,
    // under its new id, from here.
    let face = chosen.face();
    parsed.codepoint_to_glyph = texts()
        .flat_map(str::chars)
        .filter_map(|c| Some((u32::from(c), *subset.new_ids.get(&face.glyph_index(c)?.0)?)))
        .collect();
    let to_unicode = to_unicode(&parsed.codepoint_to_glyph);
    pdf.resources
        .fonts
        .map
        .insert(FontId(FONT_ID.into()), PdfFont::new(parsed));
    Ok(to_unicode)
}

/// The file's bytes: `doc` with its identifier, its dictionaries in one object stream.
fn save(mut doc: lopdf::Document) -> Vec<u8> {
    // printpdf draws the file identifier from a process-wide counter; a hash of the content
    // makes it the same for the same document, however many files a process writes.
    // The identifier is a byte string: its 16 bytes as they are, not 32 hex digits.
    let id = lopdf::Object::String(
        content_hash(&doc).to_be_bytes().to_vec(),
        lopdf::StringFormat::Literal,
    );
    doc.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    // The dictionaries go into one compressed object stream, and the cross-reference table
    // becomes a stream of 7-byte entries (PDF 1.5): a fifth of the evening sheet.
    let save = lopdf::SaveOptions::builder()
        .use_object_streams(true)
        .use_xref_streams(true)
        .compression_level(9)
        .build();
    let mut out = Vec::new();
    doc.save_with_options(&mut out, save)
        .expect("writing a PDF into memory cannot fail");
    out
}

/// The document with each page's content stream made on its own (see [`page_streams`]).
fn streamed(
    mut pdf: PdfDocument,
    document: Document,
    options: &PdfSaveOptions,
) -> Result<lopdf::Document, RenderError> {
    let (streams, outlines) = page_streams(&pdf, document, options)?;
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
    Ok(doc)
}

/// Pages drawn into printpdf's operations at once, in each thread: few, because a page's
/// operations take ten times its figure's memory (a 1,000-diagram booklet's would be 65 MB),
/// yet enough that printpdf's work per document (the font's tables, once a call) is paid
/// once for several pages. 8 and 32 take the same time; 8 peaks 7 MB lower.
const PAGES_AT_ONCE: usize = 8;

/// Each page's content stream, deflated, and each page's outline for the whole document:
/// its size and its text only, which is all printpdf reads to embed the font and map its
/// glyphs (the streams replace the outlines' own). The pages go [`PAGES_AT_ONCE`] at a time
/// to every core ([`font::on_every_core`]: a booklet is mostly this work), each batch
/// dropped once drawn, so only the batches in hand have drawing operations in memory.
/// Every text is set in the one font, [`FONT_ID`]. The bytes are those printpdf writes for
/// the whole page, whatever the threads.
fn page_streams(
    pdf: &PdfDocument,
    mut document: Document,
    options: &PdfSaveOptions,
) -> Result<(Vec<Vec<u8>>, Vec<PdfPage>), RenderError> {
    let count = document.pages.len();
    let mut batches = Vec::with_capacity(count.div_ceil(PAGES_AT_ONCE));
    let mut pages = std::mem::take(&mut document.pages)
        .into_iter()
        .enumerate()
        .peekable();
    while pages.peek().is_some() {
        batches.push(pages.by_ref().take(PAGES_AT_ONCE).collect::<Vec<_>>());
    }
    let done = font::on_every_core(batches, |figures| {
        batch_streams(pdf.clone(), &document, figures, options)
    });
    let mut streams = Vec::with_capacity(count);
    let mut outlines = Vec::with_capacity(count);
    for batch in done {
        let (batch_streams, batch_outlines) = batch?;
        streams.extend(batch_streams);
        outlines.extend(batch_outlines);
    }
    Ok((streams, outlines))
}

/// One batch of pages (each with its index), made whole, in a copy of the document (its
/// font): each page's deflated content stream and its outline.
fn batch_streams(
    mut pdf: PdfDocument,
    document: &Document,
    figures: Vec<(usize, Figure)>,
    options: &PdfSaveOptions,
) -> Result<(Vec<Vec<u8>>, Vec<PdfPage>), RenderError> {
    let mut full = Vec::with_capacity(figures.len());
    for (index, figure) in figures {
        let figure = document
            .finish_page(index, figure)
            .map_err(RenderError::Page)?;
        if document.later.is_some() {
            drawn_later_fits(&pdf, index, &figure)?;
        }
        full.push(page(&figure));
    }
    let outlines = full.iter().map(outline).collect();
    pdf.with_pages(full);
    let some = pdf.to_lopdf_document(options, &mut Vec::new());
    // Page by page in order; the stream itself: `get_page_content` would add a line break.
    let streams = some
        .get_pages()
        .into_values()
        .map(|page_id| {
            let contents = some.get_page_contents(page_id);
            let stream = some
                .get_object(contents[0])
                .and_then(lopdf::Object::as_stream)
                .expect("printpdf writes one content stream a page");
            deflate(&stream.content, Strategy::Filtered)
        })
        .collect();
    Ok((streams, outlines))
}

/// Page `index`, with what was drawn into it as it is written, held to the same limits as
/// every page, and its characters ones the document named: the font's glyphs are chosen
/// before any page is drawn.
fn drawn_later_fits(pdf: &PdfDocument, index: usize, figure: &Figure) -> Result<(), RenderError> {
    backend::check_glyphs(figure)?;
    let font = pdf.resources.fonts.map.get(&FontId(FONT_ID.into()));
    let mapped =
        |c: char| font.is_some_and(|f| f.parsed_font.codepoint_to_glyph.contains_key(&c.into()));
    let texts = figure.root.texts();
    match texts
        .iter()
        .flat_map(|t| t.content.chars())
        .find(|c| !mapped(*c))
    {
        Some(c) => Err(RenderError::Page(format!(
            "page {} holds {c:?}, which its document did not name",
            index + 1
        ))),
        None => Ok(()),
    }
}

/// A page's size and all its text in one string, in order: what printpdf reads of it (glyph
/// by glyph, the last character of a glyph winning) is the same, and it takes less memory.
fn outline(full: &PdfPage) -> PdfPage {
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
    PdfPage {
        media_box: full.media_box.clone(),
        trim_box: full.trim_box.clone(),
        crop_box: full.crop_box.clone(),
        ops: text,
    }
}

/// A ToUnicode CMap (Adobe technical note 5411) from character → glyph id: runs of
/// consecutive glyphs for consecutive characters (digits, letters) take one line each.
/// printpdf's own lists every glyph on a line of its own, with comments.
fn to_unicode(glyphs: &std::collections::BTreeMap<u32, u16>) -> Vec<u8> {
    // One character per glyph (the first, if several share one), in glyph order.
    let mut by_glyph = std::collections::BTreeMap::new();
    for (&c, &gid) in glyphs {
        by_glyph.entry(gid).or_insert(c);
    }
    let mut runs: Vec<(u16, u16, u32)> = Vec::new(); // first glyph, last glyph, first char
    for (gid, c) in by_glyph {
        match runs.last_mut() {
            // A range changes only the last byte of its codes and of its characters.
            Some((first, last, start))
                if *last + 1 == gid
                    && *start + u32::from(gid - *first) == c
                    && gid >> 8 == *first >> 8
                    && c >> 8 == *start >> 8
                    && c <= 0xFFFF =>
            {
                *last = gid;
            }
            _ => runs.push((gid, gid, c)),
        }
    }
    let utf16 = |c: u32| -> String {
        let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
        c.encode_utf16(&mut [0; 2])
            .iter()
            .map(|u| format!("{u:04X}"))
            .collect()
    };
    let mut cmap = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    // At most 100 lines a block (ISO 32000-1, 9.10.3).
    for block in runs.chunks(100) {
        cmap += &format!("{} beginbfrange\n", block.len());
        for (first, last, c) in block {
            cmap += &format!("<{first:04X}> <{last:04X}> <{}>\n", utf16(*c));
        }
        cmap += "endbfrange\n";
    }
    cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
    cmap.into_bytes()
}

/// Puts `cmap` in place of the ToUnicode CMap printpdf wrote for the font.
fn set_to_unicode(doc: &mut lopdf::Document, cmap: Vec<u8>) {
    let ids: Vec<lopdf::ObjectId> = doc
        .objects
        .values()
        .filter_map(|o| {
            o.as_dict()
                .ok()?
                .get(b"ToUnicode")
                .ok()?
                .as_reference()
                .ok()
        })
        .collect();
    for id in ids {
        if let Ok(lopdf::Object::Stream(stream)) = doc.get_object_mut(id) {
            stream.dict.remove(b"Filter");
            stream.set_content(cmap.clone());
        }
    }
}

/// Removes what printpdf writes that says nothing: the empty XObject, ExtGState and Shading
/// resource dictionaries and the empty annotation list of every page, crop and trim boxes
/// equal to the media box and the page mode UseNone (their defaults), the empty strings of the document information
/// (author, subject, keywords…) and its dates (always 1970, to stay reproducible); ASCII
/// text strings are written as such instead of UTF-16.
fn drop_empty_objects(doc: &mut lopdf::Document) {
    use lopdf::Object;
    let empty: std::collections::BTreeSet<lopdf::ObjectId> = doc
        .objects
        .iter()
        .filter(|(_, o)| o.as_dict().is_ok_and(|d| d.is_empty()))
        .map(|(id, _)| *id)
        .collect();
    for object in doc.objects.values_mut() {
        if let Object::Dictionary(dict) = object {
            let said_nothing: Vec<Vec<u8>> = dict
                .iter()
                .filter(|(key, value)| match value {
                    Object::Reference(id) => empty.contains(id),
                    Object::String(text, _) => {
                        text.is_empty()
                            || key.as_slice() == b"CreationDate"
                            || key.as_slice() == b"ModDate"
                    }
                    Object::Name(name) => {
                        key.as_slice() == b"PageMode" && name.as_slice() == b"UseNone"
                    }
                    Object::Array(items) => {
                        items.is_empty()
                            || (key.as_slice() != b"MediaBox"
                                && dict.get(b"MediaBox").ok() == Some(*value))
                    }
                    _ => false,
                })
                .map(|(key, _)| key.clone())
                .collect();
            for key in said_nothing {
                dict.remove(&key);
            }
            for (_, value) in dict.iter_mut() {
                if let Object::String(text, format) = value {
                    if let Some(ascii) = plain_ascii(text) {
                        *text = ascii;
                        *format = lopdf::StringFormat::Literal;
                    }
                }
            }
        }
    }
    for id in &empty {
        doc.objects.remove(id);
    }
    doc.renumber_objects();
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

fn page(figure: &Figure) -> PdfPage {
    let mut writer = OpWriter {
        ops: Vec::new(),
        height: figure.height,
        state: State::default(),
        font: &figure.font,
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
    /// The font size: text state outlives BT/ET, so it is set only when it changes.
    font_size: Option<f64>,
}

struct OpWriter<'f> {
    ops: Vec<Op>,
    /// Page height in millimetres: PDF's y axis grows upwards.
    height: f64,
    state: State,
    /// The font the page's texts were measured in, which places them.
    font: &'f font::Font,
}

impl OpWriter<'_> {
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
            Shape::Lines(lines) => {
                for (a, b) in lines {
                    let op = self.open_path(&[*a, *b]);
                    self.ops.push(op);
                }
                return;
            }
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
        self.set_cap(LineCapStyle::Round);
        self.set_stroke(&Stroke::solid(fill, 2.0 * radius));
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
            self.set_stroke(stroke);
        }
    }

    /// Sets the stroke's colour, width and dashes, where they change (not the cap).
    fn set_stroke(&mut self, stroke: &Stroke) {
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

    fn set_fill(&mut self, fill: Color) {
        if self.state.fill != Some(fill) {
            self.ops.push(Op::SetFillColor { col: color(fill) });
            self.state.fill = Some(fill);
        }
    }

    fn text(&mut self, text: &Text) {
        let width = self.font.text_width(&text.content, text.size);
        let x = match text.anchor {
            Anchor::Start => text.position.x,
            Anchor::Middle => text.position.x - width / 2.0,
            Anchor::End => text.position.x - width,
        };
        let origin = self.point(Point::new(x, text.position.y));
        self.set_fill(text.color);
        self.ops.push(Op::StartTextSection);
        if self.state.font_size != Some(text.size) {
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(FontId(FONT_ID.into())),
                size: Pt(text.size as f32),
            });
            self.state.font_size = Some(text.size);
        }
        self.ops.extend([
            // At BT the text matrix is the identity: `x y Td` is `1 0 0 1 x y Tm`.
            Op::SetTextCursor { pos: origin },
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

/// Channels in three decimals: enough to give back every 8-bit value (steps of 1/255 are
/// four times wider), in half the digits of an f32. A grey or black is DeviceGray (`g`,
/// `G`), which a press prints with its black ink alone, where RGB black is four inks.
fn color(c: Color) -> PdfColor {
    let f = |v: u8| (f32::from(v) / 255.0 * 1000.0).round() / 1000.0;
    if c.r == c.g && c.g == c.b {
        return PdfColor::Greyscale(printpdf::Greyscale::new(f(c.r), None));
    }
    PdfColor::Rgb(Rgb::new(f(c.r), f(c.g), f(c.b), None))
}

/// The ASCII text of a UTF-16 string (byte-order mark first), when it is only letters,
/// digits, spaces and dots, which a literal string holds without escapes.
fn plain_ascii(text: &[u8]) -> Option<Vec<u8>> {
    let units = text.strip_prefix(&[0xFE, 0xFF])?.chunks(2);
    units
        .map(|unit| match unit {
            [0, b] if b.is_ascii_alphanumeric() || b" .-".contains(b) => Some(*b),
            _ => None,
        })
        .collect()
}

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

/// Deflates every stream at the best level. Page contents (text of numbers) compress 4 %
/// smaller with zlib's "filtered" strategy, which only takes matches of 5 bytes or more;
/// the font program and the ToUnicode CMap compress best with the default one. flate2 does
/// not offer the strategy: miniz_oxide, under it, does.
fn compress(doc: &mut lopdf::Document) {
    let contents: std::collections::BTreeSet<lopdf::ObjectId> = doc
        .page_iter()
        .flat_map(|page| doc.get_page_contents(page))
        .collect();
    for (id, object) in doc.objects.iter_mut() {
        if let lopdf::Object::Stream(stream) = object {
            if stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            let strategy = match contents.contains(id) {
                true => Strategy::Filtered,
                false => Strategy::Default,
            };
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(deflate(&stream.content, strategy));
        }
    }
}

/// How a stream is deflated: page contents with the "filtered" strategy, the rest as usual.
#[derive(Debug, Clone, Copy)]
enum Strategy {
    Default,
    Filtered,
}

/// `bytes` deflated at the best level, in the zlib wrapper /FlateDecode expects.
fn deflate(bytes: &[u8], strategy: Strategy) -> Vec<u8> {
    use miniz_oxide::deflate::core::{
        CompressionStrategy, CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output,
        create_comp_flags_from_zip_params,
    };
    let strategy = match strategy {
        Strategy::Default => CompressionStrategy::Default,
        Strategy::Filtered => CompressionStrategy::Filtered,
    };
    // Window bits above 0: the zlib wrapper.
    let flags = create_comp_flags_from_zip_params(9, 15, strategy as i32);
    let mut compressed = Vec::new();
    let (status, _) = compress_to_output(
        &mut CompressorOxide::new(flags),
        bytes,
        TDEFLFlush::Finish,
        |out| {
            compressed.extend_from_slice(out);
            true
        },
    );
    assert_eq!(
        status,
        TDEFLStatus::Done,
        "compressing into memory cannot fail"
    );
    compressed
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

    #[test]
    fn to_unicode_takes_consecutive_glyphs_and_characters_as_one_range() {
        let glyphs = [('0', 3), ('1', 4), ('2', 5), ('A', 7), ('岸', 8), ('𝄞', 9)]
            .into_iter()
            .map(|(c, gid)| (u32::from(c), gid))
            .collect();
        let cmap = String::from_utf8(to_unicode(&glyphs)).unwrap();
        assert!(cmap.contains("4 beginbfrange\n"), "{cmap}");
        assert!(cmap.contains("<0003> <0005> <0030>\n"), "{cmap}");
        assert!(cmap.contains("<0007> <0007> <0041>\n"), "{cmap}");
        assert!(cmap.contains("<0008> <0008> <5CB8>\n"), "{cmap}");
        assert!(
            cmap.contains("<0009> <0009> <D834DD1E>\n"),
            "beyond the BMP: {cmap}"
        );
    }

    fn page_with(title: &str, label: &str, font: &std::sync::Arc<font::Font>) -> Figure {
        let mut figure = Figure::new(100.0, 60.0, title, font.clone());
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
    fn pages_made_some_at_a_time_are_the_bytes_of_the_whole_document() {
        // Different glyphs on each page, one text without ink, a page without text; and
        // more pages than are made at once, so that the streams of several batches join.
        let font = font::Font::builtin();
        let mut pages = vec![
            page_with("1", "Board 1 – Black ●", &font),
            page_with("2", "White ○ 岸棋", &font),
            page_with("3", " ", &font),
            Figure::new(50.0, 50.0, "empty", font.clone()),
        ];
        for k in 0..2 * PAGES_AT_ONCE {
            pages.push(page_with(&format!("p{k}"), &format!("Page {k}"), &font));
        }
        let document = Document::new("booklet", pages);
        let streamed = render_pages(document.clone(), Pages::OneAtATime).unwrap();
        assert_eq!(streamed, render_pages(document, Pages::AllAtOnce).unwrap());
        assert!(streamed.starts_with(b"%PDF"));
    }

    /// The built-in font with its advance widths doubled: a font other than sheetgen's own.
    fn wide_font() -> std::sync::Arc<font::Font> {
        let mut data = font::font_data().to_vec();
        let raw = ttf_parser::RawFace::parse(font::font_data(), 0).unwrap();
        let head = raw
            .table_records
            .into_iter()
            .find(|r| &r.tag.to_bytes() == b"head");
        let head = head.unwrap().offset as usize;
        // Halving units per em (head offset 18) doubles every width.
        let upem = u16::from_be_bytes([data[head + 18], data[head + 19]]);
        data[head + 18..head + 20].copy_from_slice(&(upem / 2).to_be_bytes());
        std::sync::Arc::new(font::Font::from_data(data.into(), Some("wide.ttf".into())).unwrap())
    }

    #[test]
    fn pages_drawn_on_other_threads_are_measured_in_the_jobs_font() {
        // Centred text is placed by its width, which the wide font doubles: a batch drawn
        // in the built-in font would move every label.
        let wide = wide_font();
        let pages: Vec<Figure> = (0..3 * PAGES_AT_ONCE)
            .map(|k| page_with(&format!("p{k}"), &format!("Board {k}"), &wide))
            .collect();
        let document = Document::new("booklet", pages);
        let streamed = render_pages(document.clone(), Pages::OneAtATime).unwrap();
        assert_eq!(streamed, render_pages(document, Pages::AllAtOnce).unwrap());
    }

    #[test]
    fn pages_measured_in_two_fonts_are_refused() {
        let pages = vec![
            page_with("1", "Board 1", &font::Font::builtin()),
            page_with("2", "Board 2", &wide_font()),
        ];
        let err = render(Document::new("booklet", pages)).unwrap_err();
        assert!(matches!(err, RenderError::Font(_)), "{err}");
    }
}
