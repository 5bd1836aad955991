//! Backends turn a [`Document`] into file bytes. They know figures, never games.

pub mod format;
mod glyph_paths;
#[cfg(feature = "pdf")]
pub mod pdf;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;
mod xml;

pub use format::Format;

use crate::figure::{Document, Figure};
use crate::font;

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
    /// The PNG asked for is larger than sheetgen makes: the options ask too much.
    TooLarge(String),
    /// The format's backend is not in this build (the core without the `pdf` or `png`
    /// feature).
    NotBuilt(&'static str),
    /// Plain text was asked of a document that has no plain-text form (a sheet, a booklet).
    NoPlainText,
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::MissingGlyph { text, missing } => {
                write!(f, "cannot draw \"{text}\": {missing}")
            }
            RenderError::SvgNeedsOnePage { pages } => write!(
                f,
                "an SVG or PNG file holds one page, but this document has {pages}; write a PDF instead"
            ),
            RenderError::Png(why) => write!(f, "cannot make the PNG: {why}"),
            RenderError::TooLarge(why) => write!(f, "cannot make the PNG: {why}"),
            RenderError::NotBuilt(format) => {
                write!(
                    f,
                    "this build of sheetgen has no {format} backend (feature `{format}`)"
                )
            }
            RenderError::NoPlainText => write!(
                f,
                "plain text is made for one diagram (render); write this document as a PDF, SVG or PNG"
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// A document that cannot be drawn is invalid input (exit 1); one the options make too
/// large or of too many pages for the format is a usage error (exit 2).
impl From<RenderError> for crate::error::Error {
    fn from(e: RenderError) -> Self {
        match e {
            RenderError::TooLarge(_)
            | RenderError::SvgNeedsOnePage { .. }
            | RenderError::NoPlainText
            | RenderError::NotBuilt(_) => crate::error::Error::Usage(e.to_string()),
            _ => crate::error::Error::Render(e.to_string()),
        }
    }
}

/// Writes `document` in `format`.
pub fn render(document: &Document, format: Format) -> Result<Vec<u8>, RenderError> {
    render_at(document, format, None)
}

/// Writes `document` in `format`, each page `width` wide when given (the height follows).
pub fn render_at(
    document: &Document,
    format: Format,
    width: Option<Length>,
) -> Result<Vec<u8>, RenderError> {
    for page in &document.pages {
        check_glyphs(page)?;
    }
    match format {
        // Not a copy of the document: a booklet's pages are large.
        #[cfg(feature = "pdf")]
        Format::Pdf => Ok(match width {
            Some(width) => pdf::render(&scaled_to(document, width.mm())),
            None => pdf::render(document),
        }),
        #[cfg(not(feature = "pdf"))]
        Format::Pdf => Err(RenderError::NotBuilt("pdf")),
        Format::Text => plain_text(document),
        Format::Svg | Format::Png(_) => match (document.pages.as_slice(), format) {
            #[cfg(feature = "png")]
            ([page], Format::Png(dpi)) => png::render(page, dpi, width),
            #[cfg(not(feature = "png"))]
            ([_], Format::Png(_)) => Err(RenderError::NotBuilt("png")),
            ([page], _) => Ok(svg::render_with(page, width, svg::Words::Searchable)),
            (pages, _) => Err(RenderError::SvgNeedsOnePage { pages: pages.len() }),
        },
    }
}

/// Every page scaled, drawing and all, to `width` millimetres: a PDF page has no viewBox.
#[cfg(feature = "pdf")]
fn scaled_to(document: &Document, width: f64) -> Document {
    let pages = document
        .pages
        .iter()
        .map(|page| {
            let scale = width / page.width;
            Figure {
                width,
                height: page.height * scale,
                root: page.root.scaled(scale, crate::figure::Point::new(0.0, 0.0)),
                ..page.clone()
            }
        })
        .collect();
    Document {
        title: document.title.clone(),
        pages,
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

impl Length {
    /// Reads `50mm`, `4.5cm`, `2in` or `144pt`; anything else is a message saying what is
    /// wrong.
    pub fn parse(text: &str) -> Result<Length, String> {
        let text = text.trim();
        let number_end = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(number_end);
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
        let length = Length { value, unit };
        if !value.is_finite() || value <= 0.0 {
            return Err(format!("`{text}`: a width must be more than zero"));
        }
        if length.mm() > MAX_WIDTH_MM {
            return Err(format!(
                "`{text}` is wider than sheetgen draws ({} m)",
                MAX_WIDTH_MM / 1000.0
            ));
        }
        Ok(length)
    }

    /// The length in millimetres.
    pub fn mm(self) -> f64 {
        self.value * self.unit.millimetres()
    }
}

impl Length {
    /// Appends the length as `Display` writes it (`2in`, `60.5mm`).
    pub(crate) fn push_to(self, out: &mut String) {
        push_num(out, self.value);
        out.push_str(self.unit.name());
    }
}

impl std::fmt::Display for Length {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        self.push_to(&mut text);
        f.write_str(&text)
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

fn check_glyphs(figure: &Figure) -> Result<(), RenderError> {
    for text in figure.text_content() {
        font::check(text).map_err(|missing| RenderError::MissingGlyph {
            text: text.to_string(),
            missing,
        })?;
    }
    Ok(())
}

/// A number in millimetres or points written compactly and the same way every time.
#[cfg(test)]
fn num(value: f64) -> String {
    let mut out = String::new();
    push_num(&mut out, value);
    out
}

/// Appends `value` to a thousandth, without trailing zeros (`-0` is `0`). The same text as
/// formatting the rounded value with `{:.3}`, from integer digits: Rust's exact float
/// formatting falls back to big-number arithmetic on most such values, and was a fifth of
/// one diagram's CPU time.
pub(crate) fn push_num(out: &mut String, value: f64) {
    let thousandths = value * 1000.0;
    // Below 1e12 the double nearest r/1000 is within far less than half a thousandth of it,
    // so `{:.3}` prints exactly r/1000: the integer digits are the same text.
    if thousandths.abs() < 1e15 {
        push_fixed(out, round_half_away(thousandths), 1000);
    } else {
        let text = format!("{:.3}", thousandths.round() / 1000.0);
        out.push_str(text.trim_end_matches('0').trim_end_matches('.'));
    }
}

/// `x.round()` (halves away from zero) for `|x| < 1e15`, without the libm call `round` is
/// on x86-64: the fraction `x - trunc(x)` of such a double is exact.
fn round_half_away(x: f64) -> i64 {
    let whole = x as i64;
    let fraction = x - whole as f64;
    if fraction >= 0.5 {
        whole + 1
    } else if fraction <= -0.5 {
        whole - 1
    } else {
        whole
    }
}

/// Appends `v` (a font-unit coordinate) to a tenth of a unit, without trailing zeros
/// (`-0` is `0`): the same text as `{:.1}`.
pub(crate) fn push_tenths(out: &mut String, v: f32) {
    // Glyph outlines are whole font units and the halves between them (a TrueType curve's
    // implied on-curve points): those are written directly.
    let halves = v * 2.0; // exact: a power of two
    let whole_halves = halves as i32;
    if whole_halves as f32 == halves && whole_halves.unsigned_abs() < 1 << 24 {
        if whole_halves < 0 {
            out.push('-');
        }
        push_uint(out, u64::from(whole_halves.unsigned_abs() / 2));
        if whole_halves % 2 != 0 {
            out.push_str(".5");
        }
        return;
    }
    let tenths = f64::from(v) * 10.0; // exact: 24 bits times 10 fit a double
    if tenths == tenths.trunc() && tenths.abs() < 1e15 {
        // A whole number of tenths: `{:.1}` has nothing to round.
        push_fixed(out, tenths as i64, 10);
    } else {
        let text = format!("{:.1}", f64::from(v));
        let text = text.trim_end_matches('0').trim_end_matches('.');
        out.push_str(if text == "-0" { "0" } else { text });
    }
}

/// Appends `n / scale` (`scale` a power of ten) in decimal without trailing zeros.
fn push_fixed(out: &mut String, n: i64, scale: u64) {
    if n < 0 {
        out.push('-');
    }
    let n = n.unsigned_abs();
    let (whole, mut frac) = (n / scale, n % scale);
    push_uint(out, whole);
    if frac != 0 {
        out.push('.');
        let mut digit = scale / 10;
        while frac != 0 {
            out.push(char::from(b'0' + (frac / digit) as u8));
            frac %= digit;
            digit /= 10;
        }
    }
}

/// Appends `n` in decimal: digits into a stack buffer, pushed one by one (without
/// `core::fmt`'s machinery, or a `memcpy` call for two or three bytes).
pub(crate) fn push_uint(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.34567), "12.346");
        assert_eq!(num(-0.0005), "-0.001");
        assert_eq!(num(-1.05), "-1.05");
        assert_eq!(num(0.007), "0.007");
    }

    /// What `num` and `push_tenths` replaced: float formatting, then trimming.
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
    fn numbers_from_integer_digits_match_float_formatting() {
        // A sweep of values of every size the figures use, and halves and tenths of font
        // units, both signs.
        let mut v = 1e-7_f64;
        while v < 1e13 {
            for x in [v, -v, v * 1.000_123_7, v + 0.0005, v - 0.0005] {
                let rounded = (x * 1000.0).round() / 1000.0;
                assert_eq!(num(x), formatted(rounded, 3), "{x}");
            }
            v *= 1.37;
        }
        for i in -40_000..40_000 {
            for v in [
                i as f32 / 2.0,
                i as f32 / 10.0,
                i as f32 * 0.37,
                i as f32 / 64.0,
            ] {
                let mut out = String::new();
                push_tenths(&mut out, v);
                assert_eq!(out, formatted(f64::from(v), 1), "{v}");
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
    }
}
