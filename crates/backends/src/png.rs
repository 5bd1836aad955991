//! PNG backend: the SVG backend's drawing rasterised by resvg. Text is already glyph
//! outlines in that SVG, so a PNG looks the same on every machine and run, and no font is
//! looked up.

use std::sync::OnceLock;

use sheetgen_core::backend::{Length, RenderError, svg};
use sheetgen_core::figure::Figure;
use sheetgen_core::vocabulary::Phrase;

/// Resolutions `--dpi` accepts.
pub const DPI: std::ops::RangeInclusive<u32> = 36..=1200;
/// The most pixels one PNG may have (a 6×6 inch figure at 1200 dpi is about 52 million; an
/// A4 sheet at 1066 dpi is 109.9 million). The pixmap takes 4 bytes a pixel, which keeps the
/// peak memory of the largest PNG under 512 MB with its compressed copy (issue 17).
const MAX_PIXELS: u64 = 110_000_000;

fn options() -> &'static resvg::usvg::Options<'static> {
    static OPTIONS: OnceLock<resvg::usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(resvg::usvg::Options::default)
}

/// Renders one figure at `dpi` pixels per inch on a white background, `width` wide when
/// given (the height follows).
pub fn render(figure: &Figure, dpi: u32, width: Option<Length>) -> Result<Vec<u8>, RenderError> {
    let svg = svg::render_with(figure, None, svg::TextLayer::GlyphsOnly);
    let tree = resvg::usvg::Tree::from_data(&svg, options())
        .map_err(|e| RenderError::Png(e.to_string()))?;
    let scale = width.map_or(1.0, |w| w.mm() / figure.width);
    let size = |dpi: u32| {
        let px = |mm: f64| (mm / 25.4 * f64::from(dpi)).round().max(1.0) as u32;
        (px(figure.width * scale), px(figure.height * scale))
    };
    let fits = |(width, height): (u32, u32)| u64::from(width) * u64::from(height) <= MAX_PIXELS;
    let (width, height) = size(dpi);
    if !fits((width, height)) {
        let hint = match (*DPI.start()..dpi).rev().find(|&lower| fits(size(lower))) {
            Some(lower) => Phrase::new("--dpi {dpi} or lower fits").with("dpi", lower),
            None => Phrase::new("use a smaller --width"),
        };
        return Err(RenderError::TooLarge(
            Phrase::new(
                "{width}×{height} pixels is more than a PNG of sheetgen's may have ({most}); \
                 {hint}",
            )
            .with("width", width)
            .with("height", height)
            .with("most", MAX_PIXELS)
            .phrase("hint", hint),
        ));
    }
    room_for(width, height)?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| RenderError::Png("the image is empty".into()))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let size = tree.size();
    let transform = resvg::tiny_skia::Transform::from_scale(
        width as f32 / size.width(),
        height as f32 / size.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    encode(&pixmap, dpi).map_err(|e| RenderError::Png(e.to_string()))
}

/// Whether the memory for a `width` × `height` image's pixels can be had: asked of the
/// allocator first, so that a machine or a `ulimit` without it gives a refusal, not an
/// abort (issue 42.7).
fn room_for(width: u32, height: u32) -> Result<(), RenderError> {
    let bytes = u64::from(width) * u64::from(height) * 4;
    let mut probe: Vec<u8> = Vec::new();
    match usize::try_from(bytes).map(|bytes| probe.try_reserve_exact(bytes)) {
        Ok(Ok(())) => Ok(()),
        _ => Err(RenderError::TooLarge(
            Phrase::new(
                "{width}×{height} pixels need {mb} MB, more memory than sheetgen can have here; \
                 use a lower --dpi or a smaller --width",
            )
            .with("width", width)
            .with("height", height)
            .with("mb", bytes / 1_000_000),
        )),
    }
}

/// The pixmap as an 8-bit RGBA PNG, the bytes tiny-skia's `encode_png` writes, without its
/// copy of the whole image (for un-premultiplying alpha): on the opaque white background
/// every pixel's alpha is 255, so the premultiplied pixels are the plain ones. That copy
/// was 4 bytes a pixel, two fifths of the peak memory at the largest size. A pHYs chunk says
/// the resolution, so a page layout places the figure at its size.
fn encode(pixmap: &resvg::tiny_skia::Pixmap, dpi: u32) -> Result<Vec<u8>, png::EncodingError> {
    debug_assert!(pixmap.pixels().iter().all(|p| p.alpha() == 255));
    let mut data = Vec::new();
    let mut encoder = png::Encoder::new(&mut data, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    encoder.write_header()?.write_image_data(pixmap.data())?;
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sheetgen_core::figure::{Color, Item, Paint, Point, Shape, Stroke};

    fn figure(width: f64, height: f64) -> Figure {
        let mut figure = Figure::new(width, height, "test", sheetgen_core::font::Font::builtin());
        let line = Shape::Line(Point::new(1.0, 1.0), Point::new(width - 1.0, height / 2.0));
        let paint = Paint::stroke(Stroke::solid(Color::BLACK, 0.7));
        figure.root.items.push(Item::Shape(line, paint));
        figure
    }

    #[test]
    fn encodes_the_bytes_tiny_skia_does_without_its_copy() {
        let mut pixmap = resvg::tiny_skia::Pixmap::new(40, 30).unwrap();
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        let svg = svg::render_with(&figure(10.0, 8.0), None, svg::TextLayer::GlyphsOnly);
        let tree = resvg::usvg::Tree::from_data(&svg, options()).unwrap();
        resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
        // The same chunks and pixels, and the resolution chunk tiny-skia does not write.
        let ours = encode(&pixmap, 96).unwrap();
        let theirs = pixmap.encode_png().unwrap();
        let phys = ours.windows(4).position(|w| w == b"pHYs").unwrap() - 4;
        let without: Vec<u8> = [&ours[..phys], &ours[phys + 21..]].concat();
        assert_eq!(without, theirs);
    }

    #[test]
    fn the_png_says_its_resolution() {
        // Without pHYs a 300-dpi figure is placed at 72 dpi, four times too big (issue 24.6).
        let png = render(&figure(20.0, 10.0), 300, None).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().unwrap();
        let dims = reader.info().pixel_dims.expect("a pHYs chunk");
        assert_eq!(
            (dims.xppu, dims.yppu),
            (11811, 11811),
            "300 dpi in pixels a metre"
        );
        assert_eq!(dims.unit, png::Unit::Meter);
    }

    #[test]
    fn a_refusal_names_the_largest_dpi_that_fits() {
        let a4 = figure(210.0, 297.0);
        let err = render(&a4, 1200, None).unwrap_err().to_string();
        assert!(err.contains("9921×14031 pixels"), "{err}");
        assert!(err.contains("--dpi 1066 or lower fits"), "{err}");
    }
}
