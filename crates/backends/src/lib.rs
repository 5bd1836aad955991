//! sheetgen's PDF and PNG backends, on top of the core's SVG, text and HTML: [`render`] writes
//! a document in any format. Like the core's backends they know figures, never games; they
//! sit in a crate of their own so that the core (and the Typst plugin, which embeds it)
//! carries neither printpdf nor resvg.

pub mod pdf;
pub mod png;

use sheetgen_core::backend::{self, Format, Length, RenderError};
use sheetgen_core::figure::Document;

/// Writes `document` in `format`. The document is taken: a booklet's pages are large, and
/// each is dropped once it is written.
pub fn render(document: Document, format: Format) -> Result<Vec<u8>, RenderError> {
    render_at(document, format, None)
}

/// Writes `document` in `format`, each page `width` wide when given (the height follows).
pub fn render_at(
    document: Document,
    format: Format,
    width: Option<Length>,
) -> Result<Vec<u8>, RenderError> {
    match format {
        Format::Pdf => {
            let mut document = backend::checked(document, format, width)?;
            if let Some(width) = width {
                backend::scale_to(&mut document, width.mm());
            }
            pdf::render(document)
        }
        Format::Png(dpi) => {
            let document = backend::checked(document, format, width)?;
            png::render(backend::one_page(&document)?, dpi, width)
        }
        Format::Svg | Format::Text | Format::Html => backend::render_at(document, format, width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sheetgen_core::backend::MAX_PAGE_CHARS;
    use sheetgen_core::figure::Figure;

    #[test]
    fn a_page_of_more_text_than_a_page_can_hold_is_refused_before_it_is_drawn() {
        // A 3.9 MB title took 1 GB to rasterise before resvg gave up (issue 27.7).
        let mut figure = Figure::new(100.0, 100.0, "long", sheetgen_core::font::Font::builtin());
        let text = |content: String| {
            let at = sheetgen_core::figure::Point::new(1.0, 1.0);
            let anchor = sheetgen_core::figure::Anchor::Start;
            sheetgen_core::figure::Item::Text(sheetgen_core::figure::Text::new(
                at, content, 3.0, anchor,
            ))
        };
        figure.root.items.push(text("x".repeat(MAX_PAGE_CHARS)));
        let one = |figure: Figure| Document::new("long", vec![figure]);
        let document = one(figure.clone());
        assert!(
            render(document, Format::Svg).is_ok(),
            "as much as a page holds"
        );
        figure.root.items.push(text("y".to_string()));
        let document = one(figure);
        for format in [Format::Svg, Format::Png(36), Format::Pdf] {
            let err = render(document.clone(), format).unwrap_err();
            assert_eq!(
                err,
                RenderError::TooMuchText {
                    chars: MAX_PAGE_CHARS + 1
                }
            );
            let error = sheetgen_core::error::Error::from(err);
            assert_eq!(error.exit_code(), 1, "{error}");
            assert!(error.to_string().contains("characters of text"), "{error}");
        }
    }

    fn text(content: &str) -> sheetgen_core::figure::Item {
        let at = sheetgen_core::figure::Point::new(1.0, 10.0);
        let anchor = sheetgen_core::figure::Anchor::Start;
        sheetgen_core::figure::Item::Text(sheetgen_core::figure::Text::new(
            at, content, 9.0, anchor,
        ))
    }

    /// A one-page document whose text "later" is drawn into the page as it is written.
    fn drawn_later(chars: &str, draw: fn(usize, &mut Figure) -> Result<(), String>) -> Document {
        let mut page = Figure::new(50.0, 30.0, "p", sheetgen_core::font::Font::builtin());
        page.root.items.push(text("now"));
        let mut document = Document::new("d", vec![page]);
        document.later = Some(sheetgen_core::figure::Later {
            draw: std::sync::Arc::new(draw),
            chars: chars.into(),
        });
        document
    }

    #[test]
    fn parts_drawn_into_a_page_as_it_is_written_are_drawn_and_held_to_every_check() {
        let mut whole = Figure::new(50.0, 30.0, "p", sheetgen_core::font::Font::builtin());
        whole.root.items.extend([text("now"), text("later")]);
        let whole = Document::new("d", vec![whole]);
        let later = drawn_later("aelrt", |_, page| {
            page.root.items.push(text("later"));
            Ok(())
        });
        for format in [Format::Svg, Format::Png(36), Format::Pdf] {
            let (drawn, expected) = (render(later.clone(), format), render(whole.clone(), format));
            assert_eq!(drawn, expected, "{format:?}");
        }
        assert_eq!(later.finished().unwrap(), whole);

        // A part that cannot be drawn is an error, never a page without it.
        let failing = drawn_later("", |_, _| Err("the record is gone".into()));
        for format in [Format::Svg, Format::Png(36), Format::Pdf] {
            let err = render(failing.clone(), format).unwrap_err();
            assert_eq!(err, RenderError::Page("the record is gone".into()));
            assert_eq!(sheetgen_core::error::Error::from(err).exit_code(), 1);
        }

        // Characters the font lacks, named or drawn, are refused as on any page.
        let lacking = |_: usize, page: &mut Figure| {
            page.root.items.push(text("☃"));
            Ok(())
        };
        for (chars, format) in [("☃", Format::Pdf), ("", Format::Svg), ("", Format::Pdf)] {
            let err = render(drawn_later(chars, lacking), format).unwrap_err();
            assert!(
                matches!(err, RenderError::MissingGlyph { .. }),
                "{chars:?} {format:?}: {err}"
            );
        }

        // A PDF embeds its glyphs before it draws a page: a part drawing a character its
        // document did not name is refused, not printed without it.
        let unnamed = drawn_later("l", |_, page| {
            page.root.items.push(text("later"));
            Ok(())
        });
        let err = render(unnamed, Format::Pdf).unwrap_err().to_string();
        assert!(err.contains("page 1 holds 'a'"), "{err}");
    }
}
