//! The booklet's pages as one column of content flowing down them: each part asks for the
//! height it needs and is put where the page has that room, or at the top of the next.

use std::sync::Arc;

use crate::error::Error;
use crate::figure::{Anchor, Group, Point, Rect, Text};
use crate::font::Font;
use crate::layout::{fitted_lines, line_height};
use crate::vocabulary::Phrase;

/// Where a paragraph went.
struct Placed {
    first: usize,
    last: usize,
    /// Its last line's baseline.
    baseline: f64,
}

/// Pages being filled, top to bottom.
pub(crate) struct Flow {
    /// Where content goes on every page (the page number sits under it).
    pub area: Rect,
    pages: Vec<Group>,
    /// Each page's text alternative, part by part; None for a diagram's, known once the
    /// diagram is drawn.
    descriptions: Vec<Vec<Option<String>>>,
    /// Where the next part starts on the last page.
    y: f64,
    /// The font every text is measured in, the booklet's.
    pub font: Arc<Font>,
}

impl Flow {
    pub fn new(area: Rect, font: Arc<Font>) -> Self {
        Self {
            area,
            font,
            pages: vec![Group::new("page-content")],
            descriptions: vec![Vec::new()],
            y: area.y,
        }
    }

    /// The last page's index.
    pub fn page(&self) -> usize {
        self.pages.len() - 1
    }

    /// Whether nothing is on the last page yet.
    fn at_top(&self) -> bool {
        self.y <= self.area.y
    }

    /// How far down the last page its content reaches.
    pub fn used(&self) -> f64 {
        self.y - self.area.y
    }

    /// Room left on the last page.
    pub fn room(&self) -> f64 {
        self.area.bottom() - self.y
    }

    /// Starts a new page, unless the last one is still empty.
    pub(crate) fn new_page(&mut self) {
        if !self.at_top() {
            self.pages.push(Group::new("page-content"));
            self.descriptions.push(Vec::new());
            self.y = self.area.y;
        }
    }

    /// Starts a new page unless this one has `height` of room left: keeps what belongs
    /// together (a heading and its first lines) on one page.
    pub(crate) fn new_page_unless_room(&mut self, height: f64) {
        if height > self.room() + 1e-6 {
            self.new_page();
        }
    }

    /// The page and top of a part `height` high: here, or at the top of a new page.
    /// `what` names the part, for the refusal when it is taller than a whole page.
    pub fn take(&mut self, height: f64, what: &str) -> Result<(usize, f64), Error> {
        if height > self.area.height + 1e-6 {
            return Err(Error::Usage(
                Phrase::new("{what} is {height} mm high and does not fit on a page ({page} mm)")
                    .with("what", what)
                    .with("height", format!("{height:.0}"))
                    .with("page", format!("{:.0}", self.area.height)),
            ));
        }
        if height > self.room() + 1e-6 {
            self.new_page();
        }
        let top = self.y;
        self.y += height;
        Ok((self.page(), top))
    }

    /// Room between parts; none at the top of a page.
    pub fn gap(&mut self, height: f64) {
        if !self.at_top() {
            self.y = (self.y + height).min(self.area.bottom());
        }
    }

    /// Adds `text` to page `page`'s text alternative.
    pub(crate) fn describe(&mut self, page: usize, text: impl Into<String>) {
        self.descriptions[page].push(Some(text.into()));
    }

    /// Leaves the next part of page `page`'s text alternative to a diagram drawn later.
    pub(crate) fn describe_later(&mut self, page: usize) {
        self.descriptions[page].push(None);
    }

    /// Draws `group` on page `page`; its index among the page's parts. Every page is held
    /// until the whole booklet is written: the group is kept without its lists' spare room.
    pub fn add(&mut self, page: usize, mut group: Group) -> usize {
        group.shrink_to_fit();
        self.pages[page].group(group);
        self.pages[page].items.len() - 1
    }

    /// `text` as lines of `size` points, `indent` in from the left and no wider than the
    /// rest of the column, in a group of class `class`, flowing onto the next page where
    /// the page ends; lines never shrink below `floor`. Returns the page of its first line.
    pub(crate) fn paragraph(
        &mut self,
        class: &str,
        text: &str,
        size: (f64, f64),
        indent: f64,
    ) -> Result<usize, Error> {
        Ok(self.lines(class, text, size, (indent, 0.0))?.first)
    }

    /// [`Flow::paragraph`] leaving `right` millimetres free at the right (for a page
    /// number); the page and baseline of its last line.
    pub(crate) fn paragraph_narrowed(
        &mut self,
        class: &str,
        text: &str,
        size: (f64, f64),
        right: f64,
    ) -> Result<(usize, f64), Error> {
        let placed = self.lines(class, text, size, (0.0, right))?;
        Ok((placed.last, placed.baseline))
    }

    fn lines(
        &mut self,
        class: &str,
        text: &str,
        (size, floor): (f64, f64),
        (indent, right): (f64, f64),
    ) -> Result<Placed, Error> {
        let width = self.area.width - indent - right;
        let mut placed = Placed {
            first: self.page(),
            last: self.page(),
            baseline: self.y,
        };
        let mut group = Group::new(class);
        for (k, (line, size)) in fitted_lines(&self.font, text, size, width, floor)
            .into_iter()
            .enumerate()
        {
            let (page, top) = self.take(line_height(size), class)?;
            if k == 0 {
                placed.first = page;
            } else if page != placed.last {
                // The paragraph goes on on a new page: the lines above stay on the last.
                self.add(
                    placed.last,
                    std::mem::replace(&mut group, Group::new(class)),
                );
            }
            placed.last = page;
            placed.baseline = top + line_height(size) - self.font.descent(size);
            self.describe(page, line.clone());
            group.text(Text::new(
                Point::new(self.area.x + indent, placed.baseline),
                line,
                size,
                Anchor::Start,
            ));
        }
        if !group.items.is_empty() {
            self.add(placed.last, group);
        }
        Ok(placed)
    }

    /// The pages' content and text alternatives, in order.
    pub(crate) fn into_pages(self) -> Vec<(Group, Vec<Option<String>>)> {
        self.pages.into_iter().zip(self.descriptions).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_go_on_the_next_page_when_this_one_is_full() {
        let mut flow = Flow::new(Rect::new(10.0, 10.0, 100.0, 50.0), Font::builtin());
        assert_eq!(flow.take(30.0, "a").unwrap(), (0, 10.0));
        assert_eq!(flow.take(30.0, "b").unwrap(), (1, 10.0));
        flow.gap(5.0);
        assert_eq!(flow.take(10.0, "c").unwrap(), (1, 45.0));
        let error = flow.take(60.0, "the title").unwrap_err().to_string();
        assert!(error.contains("the title is 60 mm high"), "{error}");
    }

    #[test]
    fn a_long_paragraph_flows_onto_the_next_page() {
        let mut flow = Flow::new(Rect::new(10.0, 10.0, 40.0, 30.0), Font::builtin());
        let first = flow.paragraph("moves", &"word ".repeat(200), (9.0, 7.0), 0.0);
        assert_eq!(first.unwrap(), 0);
        let pages = flow.into_pages();
        assert!(pages.len() > 2, "{}", pages.len());
        for (page, _) in &pages {
            let bounds = page.bounds(&Font::builtin()).unwrap();
            assert!(
                bounds.bottom() <= 40.0 + 1e-6 && bounds.right() <= 50.0,
                "{bounds:?}"
            );
        }
    }
}
