//! Text layout helpers every sheet and diagram shares.
//!
//! Line breaks are found here, not by `unicode-linebreak`: UAX #14 breaks after a hyphen,
//! which would split move notation (`b1-` / `b3`); sheetgen's texts need only spaces and CJK.

use crate::font::{self, Font};
use crate::vocabulary::Phrase;

/// The smallest size, in points, [`fit`] shrinks text to: smaller print is unreadable on
/// paper (a 200 KB title shrank to 0.001 mm). Text asked for below it stays as asked.
pub const MIN_TEXT_PT: f64 = 7.0;

/// The largest size up to `size` (points) at which `text` fits in `width` millimetres, but
/// never below [`MIN_TEXT_PT`]: text that does not fit even then comes back at that size,
/// too wide, for the caller to wrap or refuse ([`fits`] tells).
pub fn fit(font: &Font, text: &str, size: f64, width: f64) -> f64 {
    fit_above(font, text, size, width, MIN_TEXT_PT)
}

/// [`fit`] with another floor than [`MIN_TEXT_PT`]: a figure drawn to be printed smaller
/// than its own size keeps its text at the size that prints legibly.
pub(crate) fn fit_above(font: &Font, text: &str, size: f64, width: f64, floor: f64) -> f64 {
    let w = font.text_width(text, size);
    if w <= width {
        size
    } else {
        (size * width / w).max(size.min(floor))
    }
}

/// The size at which `text`, one line with no room to wrap into (a sheet's name line, a
/// score box's caption), fits `width` millimetres: shrunk as [`fit`] does, and refused when
/// it is too wide even at [`MIN_TEXT_PT`], naming `what` (the template key or record field).
pub(crate) fn one_line(
    font: &Font,
    what: Phrase,
    text: &str,
    size: f64,
    width: f64,
) -> Result<f64, Phrase> {
    let fitted = fit(font, text, size, width);
    if fits(font, text, fitted, width) {
        return Ok(fitted);
    }
    Err(Phrase::new(
        "{what}: \"{text}\" is {wide} mm wide at {size} pt, and the sheet has {room} mm for it; \
         shorten it",
    )
    .phrase("what", what)
    .with("text", crate::diagnostic::gist(text))
    .with("wide", format_args!("{:.0}", font.text_width(text, fitted)))
    .with("size", fitted)
    .with("room", format_args!("{:.0}", width.max(0.0))))
}

/// Whether `text` at `size` points is no wider than `width` millimetres.
pub fn fits(font: &Font, text: &str, size: f64, width: f64) -> bool {
    font.text_width(text, size) <= width
}

/// Breaks `text` into lines no wider than `width` at spaces; a word wider than the line
/// is broken between its characters. No-break spaces (`12\u{a0}mm`) hold their words
/// together and stay as they are. Linear in the text's length: widths are sums of
/// advances, added up as the line grows.
pub fn wrap(font: &Font, text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_width = 0.0;
    for (gap, piece) in pieces(text) {
        let piece_width = font.text_width(piece, size);
        if !line.is_empty() {
            let joined = line_width + font.text_width(gap, size) + piece_width;
            if joined <= width {
                line.push_str(gap);
                line.push_str(piece);
                line_width = joined;
                continue;
            }
            lines.push(std::mem::take(&mut line));
        }
        if piece_width <= width {
            line.push_str(piece);
            line_width = piece_width;
            continue;
        }
        // Too wide for any line: as many characters on each line as fit (at least one).
        line_width = 0.0;
        for c in piece.chars() {
            let mut buffer = [0; 4];
            let advance = font.text_width(c.encode_utf8(&mut buffer), size);
            if !line.is_empty() && line_width + advance > width {
                lines.push(std::mem::take(&mut line));
                line_width = 0.0;
            }
            line.push(c);
            line_width += advance;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The pieces a line may break between, each with what joins it to the one before: words
/// joined by a space, and (Chinese has no spaces) single CJK characters joined by nothing.
/// CJK closing punctuation stays with the character before it, an opening bracket with the
/// one after.
fn pieces(text: &str) -> Vec<(&'static str, &str)> {
    let breaks = |c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}');
    let cjk = |c: char| matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    let closing = |c: char| matches!(c, '，' | '。' | '、' | '：' | '；' | '）' | '！' | '？');
    let mut out = Vec::new();
    for word in text.split(breaks).filter(|w| !w.is_empty()) {
        let mut gap = " ";
        let mut start = 0;
        let mut previous: Option<char> = None;
        for (i, c) in word.char_indices() {
            if let Some(p) = previous {
                if (cjk(p) || cjk(c)) && !closing(c) && p != '（' {
                    out.push((gap, &word[start..i]));
                    (gap, start) = ("", i);
                }
            }
            previous = Some(c);
        }
        out.push((gap, &word[start..]));
    }
    out
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
    /// The record's comment on the whole game, which the plain text writes under the
    /// players.
    pub comment: Option<String>,
}

/// Tall glyphs of the font, Latin and CJK, for placing a title's baseline.
const TALL_SAMPLE: &str = "Sholine 岸";

/// A diagram's header: the title, and under it the byline when there is one, both at
/// `x`, no wider than `width`, their sizes `scale` times their own. Returns it and the y
/// where it ends.
pub(crate) fn diagram_header(
    font: &Font,
    title: &str,
    byline: &str,
    (x, top, width): (f64, f64, f64),
    scale: f64,
) -> (crate::figure::Group, f64) {
    use crate::figure::{Anchor, Group, Point, Text};
    let title_pt = 13.0 * scale;
    let text_pt = 9.5 * scale;
    // Enlarged (`--text-size`), title and byline wrap rather than shrink: a byline shrunk to
    // its width stayed the figure's smallest text while the rest grew past the size asked.
    let floor = if scale > 1.0 {
        text_pt
    } else {
        MIN_TEXT_PT * scale
    };
    let title_floor = floor;
    let mut header = Group::new("header");
    // The first baseline sits below the tallest Latin and CJK glyphs a title may hold,
    // whatever this title holds, so headers of one kind line up.
    let mut y = top + font.ink_extent(TALL_SAMPLE, title_pt).0;
    for (i, line) in fitted_lines(font, title, title_pt, width, title_floor)
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            y += line_height(title_pt);
        }
        header.text(Text::new(Point::new(x, y), line.0, line.1, Anchor::Start));
    }
    if !byline.is_empty() {
        for line in fitted_lines(font, byline, text_pt, width, floor) {
            y += line_height(text_pt);
            header.text(Text::new(Point::new(x, y), line.0, line.1, Anchor::Start));
        }
    }
    (header, y + font.descent(text_pt))
}

/// `text` on one line, shrunk to fit `width` if need be; or, when it does not fit even at
/// `floor`, wrapped at `size` onto as many lines as it takes (a word wider than the line
/// broken between characters): never cut, never smaller than the floor, never wider than
/// `width`. Each line with its size.
pub(crate) fn fitted_lines(
    font: &Font,
    text: &str,
    size: f64,
    width: f64,
    floor: f64,
) -> Vec<(String, f64)> {
    let fitted = fit_above(font, text, size, width, floor);
    if fits(font, text, fitted, width) {
        return vec![(text.to_string(), fitted)];
    }
    wrap(font, text, size, width)
        .into_iter()
        .map(|line| {
            // A single character wider than the line: as small as the floor allows.
            let s = fit_above(font, &line, size, width, floor);
            (line, s)
        })
        .collect()
}

/// `text` from the baseline `y` at `x`, shrunk to fit `width` or wrapped onto further
/// lines ([`fitted_lines`]), added to `group`; the last line's baseline and its size.
pub(crate) fn text_lines(
    font: &Font,
    group: &mut crate::figure::Group,
    text: &str,
    size: f64,
    (x, y, width): (f64, f64, f64),
) -> (f64, f64) {
    use crate::figure::{Anchor, Point, Text};
    let (mut y, mut last) = (y, size);
    for (i, (line, size)) in fitted_lines(font, text, size, width, MIN_TEXT_PT)
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            y += line_height(size);
        }
        group.text(Text::new(Point::new(x, y), line, size, Anchor::Start));
        last = size;
    }
    (y, last)
}

/// Room around a bare figure's board, in millimetres: a book sets its own margins.
pub(crate) const BARE_MARGIN: f64 = 1.5;

/// A bare figure: `root` (drawn on a page) moved so that `extent`, what the board draws,
/// sits [`BARE_MARGIN`] from the figure's top-left corner, with its cells moved alike.
/// Returns the figure's width and height.
pub(crate) fn crop_to_board(
    figure: &mut crate::figure::Figure,
    cells: &mut crate::annotate::Cells,
    extent: crate::figure::Rect,
) {
    use crate::figure::Point;
    let (dx, dy) = (BARE_MARGIN - extent.x, BARE_MARGIN - extent.y);
    figure.root.scale(1.0, Point::new(dx, dy));
    for cell in cells.values_mut() {
        cell.center = Point::new(cell.center.x + dx, cell.center.y + dy);
        for p in &mut cell.outline {
            *p = Point::new(p.x + dx, p.y + dy);
        }
    }
    figure.width = extent.width + 2.0 * BARE_MARGIN;
    figure.height = extent.height + 2.0 * BARE_MARGIN;
}

/// The distance from one baseline to the next at `size` points, in millimetres.
pub(crate) fn line_height(size: f64) -> f64 {
    size * font::MM_PER_PT * 1.45
}

/// A framed box of short rules, word-wrapped to `width`, its foot at `bottom`: the heading,
/// then each rule as a bulleted paragraph. Returns the box and its top.
pub(crate) fn rules_box(
    font: &Font,
    heading: &str,
    rules: &[&str],
    size: f64,
    (x, width): (f64, f64),
    bottom: f64,
) -> (crate::figure::Group, f64) {
    use crate::figure::{Anchor, Color, Group, Paint, Point, Rect, Shape, Stroke, Text};
    let pad = 2.5;
    let bullet = "•";
    let indent = font.text_width("• ", size);
    let mut lines: Vec<(bool, String)> = Vec::new();
    for rule in rules {
        for (i, line) in wrap(font, rule, size, width - 2.0 * pad - indent)
            .into_iter()
            .enumerate()
        {
            lines.push((i == 0, line));
        }
    }
    let line_h = line_height(size);
    let height = pad * 2.0 + line_h * (lines.len() + 1) as f64;
    let frame = Rect::new(x, bottom - height, width, height);
    let mut group = Group::new("rules");
    group.shape(
        Shape::Rect(frame),
        Paint::stroke(Stroke::solid(Color::BLACK, 0.3)),
    );
    let left = frame.x + pad;
    let mut y = frame.y + pad + font.cap_height(size);
    group.text(Text::new(Point::new(left, y), heading, size, Anchor::Start));
    for (first, line) in lines {
        y += line_h;
        if first {
            group.text(Text::new(Point::new(left, y), bullet, size, Anchor::Start));
        }
        group.text(Text::new(
            Point::new(left + indent, y),
            line,
            size,
            Anchor::Start,
        ));
    }
    (group, frame.y)
}

/// "Label ________": a label and a line to write on, `width` long in all.
pub fn field(
    font: &Font,
    label: &str,
    size: f64,
    at: crate::figure::Point,
    width: f64,
) -> crate::figure::Group {
    use crate::figure::{Color, Group, Paint, Point, Shape, Stroke, Text};
    let mut group = Group::new("field");
    group.text(Text::new(at, label, size, crate::figure::Anchor::Start));
    let start = at.x + font.text_width(label, size) + 2.0;
    group.shape(
        Shape::Line(
            Point::new(start, at.y + 0.8),
            Point::new(at.x + width, at.y + 0.8),
        ),
        Paint::stroke(Stroke::solid(Color::BLACK, 0.3)),
    );
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> std::sync::Arc<Font> {
        Font::builtin()
    }

    #[test]
    fn chinese_wraps_between_characters_never_before_a_comma() {
        let text = "双方轮流在空点上落一子，各用自己的记号。每一子都必须连着岸。";
        let lines = wrap(&font(), text, 9.0, 30.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.concat(), text, "nothing lost, no spaces added");
        for line in &lines {
            assert!(font().text_width(line, 9.0) <= 30.0, "{line}");
            assert!(!line.starts_with(['，', '。']), "{line}");
        }
        // Latin text still breaks at spaces only.
        assert_eq!(wrap(&font(), "a bb ccc", 9.0, 1000.0), ["a bb ccc"]);
    }

    #[test]
    fn wrap_keeps_lines_within_the_width() {
        let text = "Every stone must touch the shore: place it on the shore row.";
        let lines = wrap(&font(), text, 10.0, 40.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        for line in &lines {
            assert!(font().text_width(line, 10.0) <= 40.0, "{line}");
        }
    }

    #[test]
    fn wrap_keeps_no_break_spaces() {
        let text = "Move 12\u{a0}b7 captures; 10\u{202f}mm of margin.";
        let lines = wrap(&font(), text, 10.0, 25.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("12\u{a0}b7")), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.contains("10\u{202f}mm")),
            "{lines:?}"
        );
    }

    #[test]
    fn fit_never_shrinks_below_the_floor() {
        let title = "A very long title ".repeat(1000);
        let size = fit(&font(), &title, 13.0, 180.0);
        assert_eq!(size, MIN_TEXT_PT);
        assert!(!fits(&font(), &title, size, 180.0));
        // Text asked for below the floor is not made larger.
        assert_eq!(fit(&font(), &title, 5.0, 180.0), 5.0);
        assert!(fits(
            &font(),
            "Board 1",
            fit(&font(), "Board 1", 9.5, 40.0),
            40.0
        ));
    }

    #[test]
    fn a_title_too_long_for_one_line_is_wrapped_not_shrunk_below_the_floor() {
        let title = "A very long title ".repeat(20);
        let (header, _) = diagram_header(&font(), title.trim(), "", (0.0, 0.0, 100.0), 1.0);
        let texts = header.texts();
        assert!(texts.len() > 1, "wrapped");
        let words: Vec<&str> = texts.iter().map(|t| t.content.as_str()).collect();
        assert_eq!(words.join(" "), title.trim(), "every word kept");
        for t in texts {
            assert!(
                t.size >= MIN_TEXT_PT && t.bounds(&font()).width <= 100.0 + 1e-9,
                "{t:?}"
            );
        }
        // A short one stays on one line, shrunk if need be.
        let (header, _) = diagram_header(&font(), "Board 1", "", (0.0, 0.0, 100.0), 1.0);
        assert_eq!(header.texts().len(), 1);
    }

    #[test]
    fn fit_shrinks_only_what_is_too_wide() {
        assert_eq!(fit(&font(), "A", 10.0, 100.0), 10.0);
        // Room for 8 of the 10 points: shrunk to fit exactly, above the floor.
        let width = font().text_width("A long heading", 8.0);
        let size = fit(&font(), "A long heading", 10.0, width);
        assert!((font().text_width("A long heading", size) - width).abs() < 1e-9);
    }
}
