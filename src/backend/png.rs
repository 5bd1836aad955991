//! PNG backend: the SVG backend's drawing rasterised by resvg. Text is already glyph
//! outlines in that SVG, so a PNG looks the same on every machine and run, and no font is
//! looked up.

use std::sync::OnceLock;

use super::{Length, RenderError};
use crate::figure::Figure;

/// Resolutions `--dpi` accepts.
pub const DPI: std::ops::RangeInclusive<u32> = 36..=1200;
/// The most pixels one PNG may have (a 6×6 inch figure at 1200 dpi is about 52 million).
const MAX_PIXELS: u64 = 120_000_000;

fn options() -> &'static resvg::usvg::Options<'static> {
    static OPTIONS: OnceLock<resvg::usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(resvg::usvg::Options::default)
}

/// Renders one figure at `dpi` pixels per inch on a white background, `width` wide when
/// given (the height follows).
pub fn render(figure: &Figure, dpi: u32, width: Option<Length>) -> Result<Vec<u8>, RenderError> {
    let svg = super::svg::render_with(figure, None, super::svg::Words::GlyphsOnly);
    let tree = resvg::usvg::Tree::from_data(&svg, options())
        .map_err(|e| RenderError::Png(e.to_string()))?;
    let px = |mm: f64| (mm / 25.4 * f64::from(dpi)).round().max(1.0) as u32;
    let scale = width.map_or(1.0, |w| w.mm() / figure.width);
    let (width, height) = (px(figure.width * scale), px(figure.height * scale));
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RenderError::TooLarge(format!(
            "{width}×{height} pixels is more than a PNG of sheetgen's may have ({MAX_PIXELS}); use a lower --dpi"
        )));
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| RenderError::Png("the image is empty".into()))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let size = tree.size();
    let transform = resvg::tiny_skia::Transform::from_scale(
        width as f32 / size.width(),
        height as f32 / size.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
