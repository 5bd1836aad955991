//! Paper: sizes, orientation, and splitting a page area into a grid of equal cells.

use crate::figure::Rect;
use crate::vocabulary::Phrase;

/// The paper sizes sheets are laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub(crate) fn portrait_size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

/// A page: paper in an orientation.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PageSetup {
    pub paper: Paper,
    pub landscape: bool,
}

impl PageSetup {
    /// Width and height in millimetres.
    pub fn size(self) -> (f64, f64) {
        let (w, h) = self.paper.portrait_size();
        if self.landscape { (h, w) } else { (w, h) }
    }
}

/// The cells of a `columns` × `rows` grid over `area`, `gap` apart, row by row.
pub(crate) fn grid(area: Rect, columns: usize, rows: usize, gap: f64) -> Vec<Rect> {
    let width = (area.width - gap * (columns as f64 - 1.0)) / columns as f64;
    let height = (area.height - gap * (rows as f64 - 1.0)) / rows as f64;
    (0..rows)
        .flat_map(|row| {
            (0..columns).map(move |column| {
                Rect::new(
                    area.x + column as f64 * (width + gap),
                    area.y + row as f64 * (height + gap),
                    width,
                    height,
                )
            })
        })
        .collect()
}

/// A text of a sheet found running past its paper, and the refusal in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastTheEdge {
    pub text: String,
    pub message: Phrase,
}

/// Refuses a sheet with a text that runs past its page: every text of a sheet is fitted,
/// wrapped or refused where it is laid out, and this is the net under all of them, so that
/// no text from a template or record is ever cut at the paper's edge in silence.
pub fn texts_on_their_pages(document: &crate::figure::Document) -> Result<(), PastTheEdge> {
    // A hair of slack: a text fitted exactly to the margin may round past it.
    const SLACK: f64 = 0.05;
    for (p, page) in document.pages.iter().enumerate() {
        for text in page.root.texts() {
            let b = text.bounds(&page.font);
            let inside = b.x >= -SLACK
                && b.y >= -SLACK
                && b.right() <= page.width + SLACK
                && b.bottom() <= page.height + SLACK;
            if !inside {
                let message = match document.pages.len() {
                    1 => Phrase::new(
                        "the text \"{text}\" runs past the paper's edge (it spans x \
                         {left}–{right} mm, y {top}–{bottom} mm of a {width} × {height} mm \
                         page): a template or record text is too long for its place; shorten it",
                    ),
                    _ => Phrase::new(
                        "the text \"{text}\" runs past the paper's edge on page {page} (it spans \
                         x {left}–{right} mm, y {top}–{bottom} mm of a {width} × {height} mm \
                         page): a template or record text is too long for its place; shorten it",
                    )
                    .with("page", p + 1),
                };
                let mm = |value: f64| format!("{value:.0}");
                let message = message
                    .with("text", crate::diagnostic::gist(&text.content))
                    .with("left", mm(b.x))
                    .with("right", mm(b.right()))
                    .with("top", mm(b.y))
                    .with("bottom", mm(b.bottom()))
                    .with("width", mm(page.width))
                    .with("height", mm(page.height));
                return Err(PastTheEdge {
                    text: text.content.clone(),
                    message,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letter_landscape_swaps_the_sides() {
        let setup = PageSetup {
            paper: Paper::Letter,
            landscape: true,
        };
        assert_eq!(setup.size(), (279.4, 215.9));
    }

    #[test]
    fn grid_cells_tile_the_area_with_gaps() {
        let cells = grid(Rect::new(10.0, 10.0, 100.0, 50.0), 3, 2, 5.0);
        assert_eq!(cells.len(), 6);
        assert_eq!(cells[0], Rect::new(10.0, 10.0, 30.0, 22.5));
        assert_eq!(cells[5].right(), 110.0);
        assert_eq!(cells[5].bottom(), 60.0);
    }
}
