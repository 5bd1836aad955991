//! Text layout helpers every sheet and diagram shares.

use crate::font;

/// The largest size up to `size` at which `text` fits in `width` millimetres.
pub fn fit(text: &str, size: f64, width: f64) -> f64 {
    let w = font::text_width(text, size);
    if w <= width { size } else { size * width / w }
}

/// Breaks `text` into lines no wider than `width` at spaces (a word wider than the line
/// stands alone on its line).
pub fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && font::text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// What a diagram says about its game above the board: the record's title (or the game's
/// name), the players and date, and the figure's title for `<title>` and PDF metadata.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Heading {
    /// The record's title, if it has one.
    pub title: Option<String>,
    /// "Black ● Ana – White ○ Ben · 2026-11-29", or empty.
    pub byline: String,
    /// "Evening game (Shoreline)", or the game's name alone.
    pub figure_title: String,
}

/// Tall glyphs of the font, Latin and CJK, for placing a title's baseline.
const TALL_SAMPLE: &str = "Sholine 岸";

/// A diagram's header: the title, and under it the byline when there is one, both at
/// `x`, no wider than `width`. Returns it and the y where it ends.
pub fn diagram_header(
    title: &str,
    byline: &str,
    x: f64,
    top: f64,
    width: f64,
) -> (crate::figure::Group, f64) {
    use crate::figure::{Anchor, Group, Point, Text};
    const TITLE_PT: f64 = 13.0;
    const TEXT_PT: f64 = 9.5;
    let mut header = Group::new("header");
    // The first baseline sits below the tallest Latin and CJK glyphs a title may hold,
    // whatever this title holds, so headers of one kind line up.
    let mut y = top + font::ink_extent(TALL_SAMPLE, TITLE_PT).0;
    header.text(Text::new(
        Point::new(x, y),
        title,
        fit(title, TITLE_PT, width),
        Anchor::Start,
    ));
    if !byline.is_empty() {
        y += line_height(TEXT_PT);
        header.text(Text::new(
            Point::new(x, y),
            byline,
            fit(byline, TEXT_PT, width),
            Anchor::Start,
        ));
    }
    (header, y + font::descent(TEXT_PT))
}

/// The distance from one baseline to the next at `size` points, in millimetres.
pub fn line_height(size: f64) -> f64 {
    size * font::MM_PER_PT * 1.45
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_lines_within_the_width() {
        let text = "Every stone must touch the shore: place it on the shore row.";
        let lines = wrap(text, 10.0, 40.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        for line in &lines {
            assert!(font::text_width(line, 10.0) <= 40.0, "{line}");
        }
    }

    #[test]
    fn fit_shrinks_only_what_is_too_wide() {
        assert_eq!(fit("A", 10.0, 100.0), 10.0);
        let size = fit("A long heading", 10.0, 10.0);
        assert!((font::text_width("A long heading", size) - 10.0).abs() < 1e-9);
    }
}
