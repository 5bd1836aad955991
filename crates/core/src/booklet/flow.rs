//! The booklet's pages as one column of content flowing down them: each part asks for the
//! height it needs and is put where the page has that room, or at the top of the next.

use std::sync::Arc;

use crate::error::Error;
use crate::figure::{Anchor, Group, Point, Rect, Text};
use crate::font::Font;
use crate::layout::{fitted_lines, line_height};
use crate::vocabulary::Phrase;

/// Between columns, in millimetres.
pub(crate) const COLUMN_GAP: f64 = super::style::GAP;

/// The width of each of `columns` columns across `width`.
pub(crate) fn column_width(width: f64, columns: usize) -> f64 {
    let columns = columns.max(1) as f64;
    (width - COLUMN_GAP * (columns - 1.0)) / columns
}

/// Where a paragraph went.
struct Placed {
    first: usize,
    last: usize,
    /// Its last line's baseline, and where that line's text ends.
    baseline: f64,
    end: f64,
}

/// Pages being filled, top to bottom; from [`Flow::columns`] on, down each of a page's
/// columns in turn, as a newspaper is.
pub(crate) struct Flow {
    /// Where content goes on every page (the page number sits under it).
    pub area: Rect,
    pages: Vec<Group>,
    /// Each page's text alternative, part by part; None for a diagram's, known once the
    /// diagram is drawn.
    descriptions: Vec<Vec<Option<String>>>,
    /// Where the next part starts in the column being filled.
    y: f64,
    /// How many columns the page is in, and the one being filled.
    columns: usize,
    column: usize,
    /// Where the columns start on the last page: under what spans the page above them.
    top: f64,
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
            columns: 1,
            column: 0,
            top: area.y,
        }
    }

    /// From here on, content flows down `columns` columns, `gap` apart, starting under
    /// what is on the page.
    pub(crate) fn columns(&mut self, columns: usize) {
        self.columns = columns.max(1);
        self.column = 0;
        self.top = self.y;
    }

    /// The column being filled: its left edge and width, from the page's top to its foot.
    pub fn column(&self) -> Rect {
        let width = column_width(self.area.width, self.columns);
        let x = self.area.x + self.column as f64 * (width + COLUMN_GAP);
        Rect::new(x, self.area.y, width, self.area.height)
    }

    /// The last page's index.
    pub fn page(&self) -> usize {
        self.pages.len() - 1
    }

    /// Whether nothing is in the column being filled yet.
    fn at_top(&self) -> bool {
        self.y <= self.top
    }

    /// How far down the column its content reaches.
    pub fn used(&self) -> f64 {
        self.y - self.area.y
    }

    /// Room left on the last page.
    pub fn room(&self) -> f64 {
        self.area.bottom() - self.y
    }

    /// Goes on in the next column, or at the top of a new page after the last one, unless
    /// the column is still empty.
    pub(crate) fn new_column(&mut self) {
        if self.at_top() {
            return;
        }
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.top;
            return;
        }
        self.new_page();
    }

    /// Goes on at the top of a new page, unless nothing is on the last one yet.
    pub(crate) fn new_page(&mut self) {
        if self.column == 0 && self.y <= self.area.y {
            return;
        }
        self.pages.push(Group::new("page-content"));
        self.descriptions.push(Vec::new());
        (self.column, self.top, self.y) = (0, self.area.y, self.area.y);
    }

    /// Goes on in the next column (or page) unless this one has `height` of room left:
    /// keeps what belongs together (a heading and its first lines) in one column.
    pub(crate) fn new_page_unless_room(&mut self, height: f64) {
        if height > self.room() + 1e-6 {
            self.new_column();
        }
        if height > self.room() + 1e-6 {
            // An empty column under a part spanning the page is short: a whole one is on
            // the next page.
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
            self.new_column();
        }
        if height > self.room() + 1e-6 {
            // An empty column under a part spanning the page is short: a whole one is on
            // the next page.
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
        let width = self.column().width - indent;
        let lines = fitted_lines(&self.font, text, size.0, width, size.1);
        Ok(self.lines(class, lines, indent)?.first)
    }

    /// [`Flow::paragraph`] leaving `right` millimetres free at the right (for a page
    /// number), wrapped so that no word stands alone on its last line; the page and
    /// baseline of its last line, and where that line's text ends.
    pub(crate) fn paragraph_narrowed(
        &mut self,
        class: &str,
        text: &str,
        (size, floor): (f64, f64),
        right: f64,
    ) -> Result<(usize, f64, f64), Error> {
        let width = self.column().width - right;
        let mut lines = fitted_lines(&self.font, text, size, width, floor);
        // Narrower, a word from the line above goes down to the lone one.
        for step in 1..=8 {
            let alone = lines.len() > 1 && lines.last().is_some_and(|(l, _)| !l.contains(' '));
            if !alone {
                break;
            }
            let narrower = width * (1.0 - 0.05 * step as f64);
            let again = fitted_lines(&self.font, text, size, narrower, floor);
            if again.len() == lines.len() {
                lines = again;
            }
        }
        let placed = self.lines(class, lines, 0.0)?;
        Ok((placed.last, placed.baseline, placed.end))
    }

    fn lines(
        &mut self,
        class: &str,
        lines: Vec<(String, f64)>,
        indent: f64,
    ) -> Result<Placed, Error> {
        let mut placed = Placed {
            first: self.page(),
            last: self.page(),
            baseline: self.y,
            end: self.column().x,
        };
        let mut group = Group::new(class);
        for (k, (line, size)) in lines.into_iter().enumerate() {
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
            // Its column's: the paragraph may go on in the next.
            let x = self.column().x + indent;
            placed.end = x + self.font.text_width(&line, size);
            self.describe(page, line.clone());
            group.text(Text::new(
                Point::new(x, placed.baseline),
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
    fn a_narrowed_paragraph_leaves_no_word_alone_on_its_last_line() {
        let font = Font::builtin();
        let (size, width) = ((9.0, 9.0), 60.0);
        // A text whose plain wrapping leaves its last word alone.
        let text = (1..80)
            .map(|k| format!("{}end", "word ".repeat(k)))
            .find(|text| {
                let lines = fitted_lines(&font, text, size.0, width, size.1);
                lines.len() > 1 && !lines.last().unwrap().0.contains(' ')
            })
            .unwrap();
        let mut flow = Flow::new(Rect::new(10.0, 10.0, width, 200.0), font);
        flow.paragraph_narrowed("contents", &text, size, 0.0)
            .unwrap();
        let (page, _) = flow.into_pages().remove(0);
        let lines: Vec<String> = page.texts().iter().map(|t| t.content.clone()).collect();
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.last().unwrap().contains(' '), "{lines:?}");
        assert_eq!(lines.join(" "), text);
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
