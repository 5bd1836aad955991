//! Paper: sizes, orientation, and splitting a page area into a grid of equal cells.

use crate::figure::Rect;

/// The paper sizes sheets are laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn portrait_size(self) -> (f64, f64) {
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
pub fn grid(area: Rect, columns: usize, rows: usize, gap: f64) -> Vec<Rect> {
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
