//! The one font sheetgen draws text with, embedded in the binary.
//!
//! Every backend uses it: the PDF and SVG backends embed a subset of it (only the glyphs a
//! page uses), and layout code measures text with it, so a label measured here has the same
//! width in every output. Text with a character the font lacks is refused, never replaced.

mod subset;

use std::collections::BTreeSet;
use std::sync::OnceLock;

pub use subset::subset;

/// The font program: a subset of WenQuanYi Micro Hei (Apache-2.0), see `assets/fonts/`.
pub const FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/sheetgen-sans.ttf");

/// The family name under which the SVG backend declares the embedded font.
pub const FAMILY: &str = "Sheetgen Sans";

/// Millimetres per typographic point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

fn face() -> &'static ttf_parser::Face<'static> {
    static FACE: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| {
        ttf_parser::Face::parse(FONT_DATA, 0).expect("the embedded font is a valid TrueType file")
    })
}

/// A character the embedded font cannot draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingGlyph(pub char);

impl std::fmt::Display for MissingGlyph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the character '{}' (U+{:04X}) is not in sheetgen's font; \
             scripts/make-font.sh lists the characters it has and how to add one",
            self.0, self.0 as u32
        )
    }
}

/// Checks that every character of `text` has a glyph (control characters never do).
pub fn check(text: &str) -> Result<(), MissingGlyph> {
    match text.chars().find(|&c| glyph(c).is_none()) {
        Some(c) => Err(MissingGlyph(c)),
        None => Ok(()),
    }
}

/// The glyph id of `c`, if the font can draw it.
pub fn glyph(c: char) -> Option<u16> {
    if c.is_control() {
        return None;
    }
    face().glyph_index(c).map(|g| g.0)
}

/// The glyph ids `text` needs, with .notdef (0), which every font program must keep.
pub fn glyphs_of<'a>(texts: impl IntoIterator<Item = &'a str>) -> BTreeSet<u16> {
    let mut ids = BTreeSet::from([0]);
    ids.extend(texts.into_iter().flat_map(str::chars).filter_map(glyph));
    ids
}

fn units_per_em() -> f64 {
    f64::from(face().units_per_em())
}

/// The advance width of `text` set at `size_pt` points, in millimetres.
pub fn text_width(text: &str, size_pt: f64) -> f64 {
    let units: u32 = text
        .chars()
        .filter_map(|c| face().glyph_index(c))
        .map(|g| u32::from(face().glyph_hor_advance(g).unwrap_or(0)))
        .sum();
    f64::from(units) / units_per_em() * size_pt * MM_PER_PT
}

/// How far the ink of `text` reaches above and below the baseline at `size_pt`, in
/// millimetres (both positive), from the glyphs' real outlines: what checks that text sits
/// inside its box need. Empty text has no extent.
pub fn ink_extent(text: &str, size_pt: f64) -> (f64, f64) {
    let (mut top, mut bottom) = (0i32, 0i32);
    for c in text.chars() {
        if let Some(bbox) = face()
            .glyph_index(c)
            .and_then(|g| face().glyph_bounding_box(g))
        {
            top = top.max(i32::from(bbox.y_max));
            bottom = bottom.min(i32::from(bbox.y_min));
        }
    }
    let scale = size_pt * MM_PER_PT / units_per_em();
    (f64::from(top) * scale, -f64::from(bottom) * scale)
}

/// Height of capital letters above the baseline at `size_pt`, in millimetres: what
/// centring a label on a point or in a box needs.
pub fn cap_height(size_pt: f64) -> f64 {
    let units = face()
        .capital_height()
        .map_or(0.7 * units_per_em(), f64::from);
    units / units_per_em() * size_pt * MM_PER_PT
}

/// Depth of descenders below the baseline at `size_pt`, in millimetres (positive).
pub fn descent(size_pt: f64) -> f64 {
    -f64::from(face().descender()) / units_per_em() * size_pt * MM_PER_PT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_the_shoreline_title_and_refuses_what_it_lacks() {
        assert_eq!(check("Shoreline 岸棋 – Black ● White ○"), Ok(()));
        assert_eq!(check("象棋"), Err(MissingGlyph('象')));
        assert_eq!(check("tab\there"), Err(MissingGlyph('\t')));
    }

    #[test]
    fn widths_grow_with_text_and_size() {
        let w = text_width("Board 1", 10.0);
        assert!(w > 10.0 && w < 20.0, "{w}");
        assert!((text_width("Board 1", 20.0) - 2.0 * w).abs() < 1e-9);
        assert!(text_width("岸", 10.0) > text_width("i", 10.0));
    }
}
