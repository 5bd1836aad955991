//! Backends turn a [`Document`] into file bytes. They know figures, never games.

mod css_scope;
pub mod format;
pub mod html;
pub mod svg;

pub use format::Format;

use crate::figure::{Document, Figure};
use crate::font;
use crate::vocabulary::Phrase;

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// A text holds a character the job's font lacks (never drawn as `?`).
    MissingGlyph {
        text: String,
        missing: font::MissingGlyph,
    },
    /// SVG and PNG hold one page; the document has more.
    SvgNeedsOnePage { pages: usize },
    /// The PNG could not be made.
    Png(String),
    /// The font cannot be embedded in a PDF (one made without [`font::Font::from_data`]'s
    /// checks).
    Font(String),
    /// The PNG asked for is larger than sheetgen makes: the options ask too much, worded
    /// with the sizes where they are measured.
    TooLarge(Phrase),
    /// The format's backend is not in this build (the core without the
    /// `sheetgen-backends` crate).
    NotBuilt(&'static str),
    /// Plain text was asked of a document that has no plain-text form (a sheet, a booklet).
    NoPlainText,
    /// A page holds more characters of text than [`MAX_PAGE_CHARS`].
    TooMuchText { chars: usize },
    /// A page's deferred parts ([`crate::figure::Document::later`]) could not be drawn.
    Page(String),
    /// An HTML replay page was asked of a document: it is made from games (`render`,
    /// `booklet`), not from figures.
    NoReplay,
}

/// The most characters of text one page or figure may hold: ten times a dense printed page.
/// Each glyph is a drawn outline; a 3.9 MB title took 1 GB to rasterise before resvg gave up
/// (issue 27.7), and text this long cannot be read at any size on a page.
pub const MAX_PAGE_CHARS: usize = 50_000;

impl RenderError {
    /// Why, in words put in the reader's language where they are shown.
    pub fn phrase(&self) -> Phrase {
        match self {
            RenderError::MissingGlyph { text, missing } => {
                Phrase::new("cannot draw \"{text}\": {missing}")
                    .with("text", crate::diagnostic::excerpt(text))
                    .phrase("missing", missing.phrase())
            }
            RenderError::SvgNeedsOnePage { pages } => Phrase::new(
                "an SVG or PNG file holds one page, but this document has {pages}; write a PDF \
                 instead",
            )
            .with("pages", pages),
            RenderError::Png(why) => {
                Phrase::new("cannot make the PNG: {why}").phrase("why", Phrase::verbatim(why))
            }
            RenderError::Font(why) => {
                Phrase::new("cannot embed the font {why}").phrase("why", Phrase::verbatim(why))
            }
            RenderError::TooLarge(why) => {
                Phrase::new("cannot make the PNG: {why}").phrase("why", why.clone())
            }
            RenderError::NotBuilt(format) => Phrase::new(
                "this build of sheetgen has no {format} backend (it is in the sheetgen-backends \
                 crate)",
            )
            .with("format", format),
            RenderError::TooMuchText { chars } => Phrase::new(
                "a page holds {chars} characters of text, more than the {most} a page of \
                 sheetgen's may hold; shorten the title, names or captions",
            )
            .with("chars", chars)
            .with("most", MAX_PAGE_CHARS),
            RenderError::NoReplay => Phrase::new(
                "an HTML replay page is made of a record's games (render or booklet), not of \
                 this document; write it as a PDF, SVG or PNG",
            ),
            RenderError::Page(why) => {
                Phrase::new("cannot draw a page: {why}").phrase("why", Phrase::verbatim(why))
            }
            RenderError::NoPlainText => Phrase::new(
                "plain text is made for one diagram (render); write this document as a PDF, SVG \
                 or PNG",
            ),
        }
    }
}

/// The words in English.
impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.phrase().fmt(f)
    }
}

impl std::error::Error for RenderError {}

/// A document that cannot be drawn is invalid input (exit 1); one the options make too
/// large or of too many pages for the format is a usage error (exit 2). The words keep
/// their values, to be put in the reader's language at the edge (the error's layer may
/// not name this one's types).
impl From<RenderError> for crate::error::Error {
    fn from(e: RenderError) -> Self {
        match e {
            RenderError::TooLarge(_)
            | RenderError::SvgNeedsOnePage { .. }
            | RenderError::NoPlainText
            | RenderError::NoReplay
            | RenderError::NotBuilt(_) => crate::error::Error::Usage(e.phrase()),
            _ => crate::error::Error::Render(e.phrase()),
        }
    }
}

/// Writes `document` in `format`. The document is taken: a booklet's pages are large, and
/// each is dropped once it is written.
pub fn render(document: Document, format: Format) -> Result<Vec<u8>, RenderError> {
    render_at(document, format, None)
}

/// Writes `document` in `format`, each page `width` wide when given (the height follows).
/// PDF and PNG are the `sheetgen-backends` crate's (its `render_at` takes every format).
pub fn render_at(
    document: Document,
    format: Format,
    width: Option<Length>,
) -> Result<Vec<u8>, RenderError> {
    match format {
        Format::Pdf => Err(RenderError::NotBuilt("pdf")),
        Format::Png(_) => Err(RenderError::NotBuilt("png")),
        Format::Html => Err(RenderError::NoReplay),
        Format::Text => plain_text(&checked(document, format, width)?),
        Format::Svg => {
            let document = checked(document, format, width)?;
            Ok(svg::render_with(
                one_page(&document)?,
                width,
                svg::TextLayer::Searchable,
            ))
        }
    }
}

/// `document` ready for a backend: its text checked against the font and the page's limit,
/// and its deferred parts drawn, except for a PDF at its own size (the PDF backend draws each
/// page's deferred parts as it comes to the page; every other format, and a page scaled to a
/// width, takes whole pages).
pub fn checked(
    document: Document,
    format: Format,
    width: Option<Length>,
) -> Result<Document, RenderError> {
    let mut document = match (format, width) {
        (Format::Pdf, None) => document,
        _ => document.finished().map_err(RenderError::Page)?,
    };
    for page in &mut document.pages {
        check_glyphs(page)?;
        // No line under 0.25 pt where it is printed, at the width asked for.
        let scale = width.map_or(1.0, |w| w.mm() / page.width);
        page.root
            .floor_strokes(crate::figure::MIN_STROKE_MM / scale);
    }
    if let Some(later) = &document.later {
        let font = document.font().map_err(RenderError::Font)?;
        check_text(&font, &later.chars)?;
    }
    Ok(document)
}

/// The one page an SVG or PNG file holds.
pub fn one_page(document: &Document) -> Result<&Figure, RenderError> {
    match document.pages.as_slice() {
        [page] => Ok(page),
        pages => Err(RenderError::SvgNeedsOnePage { pages: pages.len() }),
    }
}

/// Every page scaled, drawing and all, to `width` millimetres: a PDF page has no viewBox.
pub fn scale_to(document: &mut Document, width: f64) {
    for page in &mut document.pages {
        let scale = width / page.width;
        page.root.scale(scale, crate::figure::Point::new(0.0, 0.0));
        page.height *= scale;
        page.width = width;
    }
}

/// A length with its unit, as `--width` gives it: millimetres, centimetres, inches or
/// points. Always finite and above zero.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Length {
    pub value: f64,
    pub unit: Unit,
}

/// Never NaN: [`Length::parse`] refuses it.
impl Eq for Length {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Mm,
    Cm,
    In,
    Pt,
}

impl Unit {
    const ALL: [(Unit, &'static str, f64); 4] = [
        (Unit::Mm, "mm", 1.0),
        (Unit::Cm, "cm", 10.0),
        (Unit::In, "in", 25.4),
        (Unit::Pt, "pt", 25.4 / 72.0),
    ];

    fn name(self) -> &'static str {
        Self::ALL.iter().find(|u| u.0 == self).map_or("mm", |u| u.1)
    }

    fn millimetres(self) -> f64 {
        Self::ALL.iter().find(|u| u.0 == self).map_or(1.0, |u| u.2)
    }
}

/// The widest figure `--width` makes: 10 m would be a poster no printer takes.
const MAX_WIDTH_MM: f64 = 5000.0;
/// The narrowest: below it lines and text round away (`0.0004mm` wrote `width="0mm"`, and a
/// PDF page smaller than a PDF reader takes).
const MIN_WIDTH_MM: f64 = 5.0;

impl Length {
    /// A text size (`7pt`, `2.5mm`) in points, from 4 pt (the least any printer sets) to
    /// 72 pt; anything else is a message saying what is wrong.
    pub fn text_size(text: &str) -> Result<f64, String> {
        let length =
            Length::read(text).map_err(|why| why.replace("a width must", "a text size must"))?;
        let points = length.mm() / crate::font::MM_PER_PT;
        if !(4.0 - 1e-9..=72.0 + 1e-9).contains(&points) {
            return Err(format!(
                "`{}` is {points:.1} pt; a text size is from 4pt to 72pt",
                text.trim()
            ));
        }
        Ok(points)
    }

    /// Reads a figure's width, `50mm`, `4.5cm`, `2in` or `144pt`, from 5 mm to what
    /// sheetgen draws; anything else is a message saying what is wrong.
    pub fn parse(text: &str) -> Result<Length, String> {
        let length = Length::read(text)?;
        let text = text.trim();
        if length.mm() < MIN_WIDTH_MM {
            return Err(format!(
                "`{text}` is narrower than the {MIN_WIDTH_MM} mm a figure may be"
            ));
        }
        if length.mm() > MAX_WIDTH_MM {
            return Err(format!(
                "`{text}` is wider than sheetgen draws ({} m)",
                MAX_WIDTH_MM / 1000.0
            ));
        }
        Ok(length)
    }

    /// Reads any length above zero: a number and its unit. The minus sign may be typeset
    /// (U+2212), as Typst writes a negative length.
    fn read(text: &str) -> Result<Length, String> {
        let text = text.trim();
        let number_end = text
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | '\u{2212}')))
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(number_end);
        let number = number.replace('\u{2212}', "-");
        let unit = Unit::ALL
            .iter()
            .find(|u| u.1 == unit.trim())
            .map(|u| u.0)
            .ok_or_else(|| {
                format!("`{text}` needs a unit: mm, cm, in or pt (for example 60mm or 2.5in)")
            })?;
        let value: f64 = number
            .parse()
            .map_err(|_| format!("`{text}` is not a number followed by mm, cm, in or pt"))?;
        if !value.is_finite() || value <= 0.0 {
            return Err(format!("`{text}`: a width must be more than zero"));
        }
        Ok(Length { value, unit })
    }

    /// The length in millimetres.
    pub fn mm(self) -> f64 {
        self.value * self.unit.millimetres()
    }
}

impl std::fmt::Display for Length {
    /// `2in`, `60.5mm`: the value as SVG numbers are written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", mm(self.value), self.unit.name())
    }
}

/// The one page's plain-text form, ending in a newline.
fn plain_text(document: &Document) -> Result<Vec<u8>, RenderError> {
    match document.pages.as_slice() {
        [page] => {
            let text = page.plain_text.as_ref().ok_or(RenderError::NoPlainText)?;
            let mut text = text.trim_end().to_string();
            text.push('\n');
            Ok(text.into_bytes())
        }
        _ => Err(RenderError::NoPlainText),
    }
}

pub fn check_glyphs(figure: &Figure) -> Result<(), RenderError> {
    let drawn = figure.root.texts();
    let chars: usize = drawn.iter().map(|t| t.content.chars().count()).sum();
    if chars > MAX_PAGE_CHARS {
        return Err(RenderError::TooMuchText { chars });
    }
    figure
        .text_content()
        .try_for_each(|text| check_text(&figure.font, text))
}

/// Refuses `text` when `font` (the job's) lacks one of its characters.
fn check_text(font: &font::Font, text: &str) -> Result<(), RenderError> {
    font.check(text)
        .map_err(|missing| RenderError::MissingGlyph {
            text: text.to_string(),
            missing,
        })
}

/// `value` (millimetres or points) to a thousandth, as SVG numbers are written.
pub(crate) fn mm(value: f64) -> Decimal {
    Decimal::new(value, 3)
}

/// A number rounded to a fixed count of decimals, halves away from zero, written without
/// trailing zeros and with `-0` as `0`: the same text every time.
///
/// Written by hand rather than as an `f64` through `{}`: std's shortest-text search was half
/// the cost of writing a diagram, and these numbers already have a known count of decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Decimal {
    /// The value times 10^places, rounded (saturating far beyond any figure's sizes).
    scaled: i64,
    places: u32,
}

impl Decimal {
    pub(crate) fn new(value: f64, places: u32) -> Self {
        let scale = 10f64.powi(places as i32);
        Self {
            scaled: (value * scale).round() as i64,
            places,
        }
    }
}

impl Decimal {
    /// Appends the number's text to `out`.
    pub(crate) fn write_to(self, out: &mut String) {
        if self.scaled < 0 {
            out.push('-');
        }
        let magnitude = self.scaled.unsigned_abs();
        let unit = 10u64.pow(self.places);
        let mut digits = itoa::Buffer::new();
        out.push_str(digits.format(magnitude / unit));
        let mut fraction = magnitude % unit;
        if fraction != 0 {
            let mut places = self.places as usize;
            while fraction % 10 == 0 {
                fraction /= 10;
                places -= 1;
            }
            let text = digits.format(fraction);
            out.push('.');
            out.extend(std::iter::repeat_n('0', places - text.len()));
            out.push_str(text);
        }
    }
}

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::with_capacity(24);
        self.write_to(&mut text);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(value: f64) -> String {
        mm(value).to_string()
    }

    /// A text the font lacks, worded in the job's language at the edge with the text and the
    /// character as they are; its exit code is an invalid input's, as in English.
    #[test]
    fn a_missing_glyph_is_worded_in_the_reader_s_language() {
        use crate::words::{Lang, Words};
        let missing = RenderError::MissingGlyph {
            text: "岸棋".into(),
            missing: font::MissingGlyph {
                character: '岸',
                font: None,
            },
        };
        let english = missing.to_string();
        assert!(english.starts_with("cannot draw \"岸棋\": the character '岸' (U+5CB8) is not"));
        let error = crate::error::Error::from(missing);
        assert_eq!(error.exit_code(), 1);
        assert_eq!(error.render(false), format!("error: {english}"));
        let german = error.render_in(false, &Words::new(Lang::De));
        assert!(
            german.starts_with(
                "error: \"岸棋\" kann nicht gezeichnet werden: das Zeichen '岸' (U+5CB8) ist \
                 nicht in der Schrift von sheetgen"
            ),
            "{german}"
        );
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.34567), "12.346");
        assert_eq!(num(-0.0005), "-0.001");
        assert_eq!(num(-1.05), "-1.05");
        assert_eq!(num(0.007), "0.007");
        assert_eq!(num(4999.9996), "5000");
        assert_eq!(Decimal::new(0.001763888, 8).to_string(), "0.00176389");
        assert_eq!(Decimal::new(-0.04, 1).to_string(), "0");
        assert_eq!(Decimal::new(1234.5, 1).to_string(), "1234.5");
        assert_eq!(Decimal::new(-1234.05, 1).to_string(), "-1234.1");
    }

    /// Fixed decimals by std, then trimmed: the number as it must be written.
    fn formatted(value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        if text == "-0" {
            "0".into()
        } else {
            text.into()
        }
    }

    #[test]
    fn a_rounded_number_is_written_in_at_most_its_decimals() {
        // Values of every size the figures use (millimetres, font units, glyph scales),
        // both signs, some a hair off a rounding boundary.
        for (places, up_to) in [(3u32, 1e10), (1, 1e10), (8, 1e5)] {
            let mut v = 1e-9_f64;
            while v < up_to {
                let half = 0.5 * 10f64.powi(-(places as i32));
                for x in [v, -v, v * 1.000_123_7, v + half, v - half] {
                    let written = Decimal::new(x, places).to_string();
                    let r: f64 = written.parse().unwrap();
                    assert_eq!(written, formatted(r, places as usize), "{x}");
                    assert!((r - x).abs() <= half * (1.0 + 1e-6), "{x} {r}");
                }
                v *= 1.37;
            }
        }
    }

    #[test]
    fn lengths_have_a_unit_and_are_above_zero() {
        let l = Length::parse("2in").unwrap();
        assert_eq!((l.mm(), l.to_string()), (50.8, "2in".to_string()));
        assert_eq!(Length::parse("60mm").unwrap().mm(), 60.0);
        assert_eq!(Length::parse("4.5cm").unwrap().mm(), 45.0);
        assert!((Length::parse("72pt").unwrap().mm() - 25.4).abs() < 1e-9);
        for bad in [
            "0mm", "-3cm", "NaNmm", "infmm", "3furlong", "60", "mm", "", "1e9mm",
        ] {
            assert!(Length::parse(bad).is_err(), "{bad}");
        }
        assert!(
            Length::parse("3furlong")
                .unwrap_err()
                .contains("mm, cm, in or pt")
        );
        // Typst writes a negative length with a typeset minus: negative, not unit-less.
        for negative in ["\u{2212}5mm", "-5mm"] {
            let why = Length::parse(negative).unwrap_err();
            assert!(why.contains("more than zero"), "{negative}: {why}");
            let why = Length::text_size(negative).unwrap_err();
            assert!(why.contains("more than zero"), "{negative}: {why}");
        }
    }
}
