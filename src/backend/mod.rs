//! Backends turn a [`Document`] into file bytes. They know figures, never games.

pub mod pdf;
pub mod png;
pub mod svg;

use crate::figure::{Document, Figure};
use crate::font;

/// The file formats sheetgen writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Svg,
    /// At this many dots per inch.
    Png(u32),
    /// The figure's plain-text form, for forums and e-mail.
    Text,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Svg => "svg",
            Format::Png(_) => "png",
            Format::Text => "text",
        }
    }
}

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// A text holds a character the embedded font lacks (never drawn as `?`).
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
            | RenderError::NoPlainText => crate::error::Error::Usage(e.to_string()),
            _ => crate::error::Error::Render(e.to_string()),
        }
    }
}

/// Writes `document` in `format`.
pub fn render(document: &Document, format: Format) -> Result<Vec<u8>, RenderError> {
    for page in &document.pages {
        check_glyphs(page)?;
    }
    match format {
        Format::Pdf => Ok(pdf::render(document)),
        Format::Text => plain_text(document),
        Format::Svg | Format::Png(_) => match (document.pages.as_slice(), format) {
            ([page], Format::Png(dpi)) => png::render(page, dpi),
            ([page], _) => Ok(svg::render(page)),
            (pages, _) => Err(RenderError::SvgNeedsOnePage { pages: pages.len() }),
        },
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
pub(crate) fn num(value: f64) -> String {
    let rounded = (value * 1000.0).round() / 1000.0;
    let text = format!("{rounded:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
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
    }
}
