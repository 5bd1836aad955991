//! A key under a diagram: each symbol the board draws, as a small sample drawn the way the
//! board draws it, followed by its words; entries run left to right and wrap at the width.

use crate::figure::{Anchor, Group, Item, Paint, Point, Shape, Stroke, Text, cased_arrow};
use crate::font::Font;
use crate::layout::line_height;
use crate::palette::{ANNOTATION, HIGHLIGHT, HIGHLIGHT_EDGE, PAPER};

/// How wide a sample is, in millimetres.
pub(crate) const SAMPLE: f64 = 8.0;

/// One entry: its kind (a class the sample group gets after `legend-sample`), a drawing of
/// the sample between a left and a right point on the text's middle line, and its words.
pub(crate) struct KeyEntry<'a> {
    pub kind: &'static str,
    pub sample: Box<dyn Fn(Point, Point) -> Group + 'a>,
    pub words: String,
}

/// The key from `at` (the first line's baseline), `width` wide, its words at `pt` in `font`;
/// and the y under its last line. None when there is nothing to explain.
pub fn key(
    font: &Font,
    at: Point,
    width: f64,
    pt: f64,
    entries: Vec<KeyEntry>,
) -> (Option<Group>, f64) {
    if entries.is_empty() {
        return (None, at.y);
    }
    let mut group = Group::new("legend");
    let (mut x, mut baseline) = (at.x, at.y);
    for entry in entries {
        let words = font.text_width(&entry.words, pt);
        let draw = |x: f64, baseline: f64| {
            let y = baseline - font.cap_height(pt) / 2.0;
            (entry.sample)(Point::new(x, y), Point::new(x + SAMPLE, y))
        };
        // A sample may run past the usual width (each mark's shape side by side).
        let sample_width = |sample: &Group, x: f64| {
            sample
                .bounds(font)
                .map_or(SAMPLE, |r| (r.right() - x).max(SAMPLE))
        };
        let mut sample = draw(x, baseline);
        let mut needed = sample_width(&sample, x) + 2.0 + words;
        if x > at.x && x + needed > at.x + width {
            (x, baseline) = (at.x, baseline + line_height(pt) + 1.0);
            sample = draw(x, baseline);
            needed = sample_width(&sample, x) + 2.0 + words;
        }
        sample.class = format!("legend-sample {}", entry.kind);
        group.group(sample);
        group.text(Text::new(
            Point::new(x + needed - words, baseline),
            &entry.words,
            pt,
            Anchor::Start,
        ));
        x += needed + 5.0;
    }
    (Some(group), baseline + font.descent(pt))
}

/// The key to the annotations drawn: their samples as they are drawn on a square of
/// `size` millimetres (the arrow, each mark's shape), and their words (sending the
/// reader to the caption only when the figure has one).
pub fn annotations<'a>(
    annotations: &crate::annotate::Annotations,
    size: f64,
    captioned: bool,
    words: &crate::words::Words,
) -> Vec<KeyEntry<'a>> {
    let mut entries = Vec::new();
    let arrows = !annotations.arrows.is_empty();
    let mut shapes: Vec<String> = Vec::new();
    for (_, shape) in &annotations.marks {
        let shape = shape.text.trim().to_ascii_lowercase();
        if !shapes.contains(&shape) {
            shapes.push(shape);
        }
    }
    // Labels are their own sample: the key only sends the reader to the caption.
    if arrows || !shapes.is_empty() || !annotations.labels.is_empty() {
        entries.push(KeyEntry {
            kind: "annotation",
            sample: Box::new(move |a, b| {
                let mut g = Group::new("");
                let mut x = a.x;
                if arrows {
                    let width = size * 0.045;
                    g.group(cased_arrow(
                        "",
                        a,
                        b,
                        width,
                        ANNOTATION,
                        (PAPER, width * 0.45),
                    ));
                    x = b.x + 1.0;
                }
                // Each shape on a square of its own, a little larger than a capital letter.
                let cell = 4.0;
                for shape in &shapes {
                    let centre = Point::new(x + cell / 2.0, a.y);
                    g.group(crate::annotate::mark_sample(centre, cell, shape));
                    x += cell + 0.6;
                }
                g
            }),
            words: words.tr(match captioned {
                true => "annotations (see the caption)",
                false => "annotations",
            }),
        });
    }
    if !annotations.highlight.is_empty() {
        entries.push(KeyEntry {
            kind: "highlight",
            sample: Box::new(move |a, b| {
                let width = (size * 0.07).min(1.2);
                let mut g = Group::new("");
                g.shape(
                    Shape::Line(a, b),
                    Paint::stroke(Stroke::solid(HIGHLIGHT_EDGE, width)),
                );
                g.shape(
                    Shape::Line(a, b),
                    Paint::stroke(Stroke::solid(HIGHLIGHT, width * 0.5)),
                );
                g
            }),
            words: words.tr("a highlighted square"),
        });
    }
    entries
}

/// One entry of a key as a diagram drew it: its sample (every sample group before its
/// words, as drawn), its words, and their size in points.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawnEntry {
    pub sample: Group,
    pub words: String,
    pub pt: f64,
}

/// The entries of a drawn key (each game's key draws an entry as its samples, then its
/// words, wrapped over one text or more), in its order.
pub fn drawn_entries(key: &Group) -> Vec<DrawnEntry> {
    let mut entries: Vec<DrawnEntry> = Vec::new();
    let mut sample: Option<Group> = None;
    let mut words: Vec<&Text> = Vec::new();
    let mut close = |sample: &mut Option<Group>, words: &mut Vec<&Text>| {
        if let (Some(s), Some(first)) = (sample.take(), words.first()) {
            let text: Vec<&str> = words.iter().map(|t| t.content.trim()).collect();
            entries.push(DrawnEntry {
                sample: s,
                words: text.join(" "),
                pt: first.size,
            });
        }
        words.clear();
    };
    for item in &key.items {
        if let Item::Text(text) = item {
            words.push(text);
            continue;
        }
        if !words.is_empty() {
            close(&mut sample, &mut words);
        }
        let into = sample.get_or_insert_with(|| Group::new("legend-entry"));
        into.items.push(item.clone());
    }
    close(&mut sample, &mut words);
    entries
}

/// The key to every position of a game: each entry any position's key has, once (by its
/// words), in the order the keys give them.
#[derive(Debug, Clone, Default)]
pub struct GameKey {
    pub entries: Vec<DrawnEntry>,
}

impl GameKey {
    /// Adds what `key` (one position's) has that the key lacks, each new entry after the
    /// one it follows in `key`.
    pub fn add(&mut self, key: &Group) {
        let mut after: Option<usize> = None;
        for entry in drawn_entries(key) {
            let at = match self.entries.iter().position(|e| e.words == entry.words) {
                Some(i) => i,
                None => {
                    let i = after.map_or(0, |a| a + 1);
                    self.entries.insert(i, entry);
                    i
                }
            };
            after = Some(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawn key of entries, each a sample group and its words (the last over two texts).
    fn drawn(words: &[&str]) -> Group {
        let mut key = Group::new("legend");
        for w in words {
            let mut sample = Group::new(format!("legend-sample {w}"));
            let a = Point::new(0.0, 0.0);
            sample.shape(Shape::Line(a, a), Paint::stroke(Stroke::solid(PAPER, 1.0)));
            key.group(sample);
            for part in w.split('|') {
                key.text(Text::new(a, part, 9.0, Anchor::Start));
            }
        }
        key
    }

    #[test]
    fn a_game_s_key_holds_every_position_s_entries_once_in_their_order() {
        let mut key = GameKey::default();
        key.add(&drawn(&["links", "obstruction"]));
        key.add(&drawn(&["last move", "links", "capture", "obstruction"]));
        key.add(&drawn(&["links", "wrapped|words"]));
        let words: Vec<&str> = key.entries.iter().map(|e| e.words.as_str()).collect();
        assert_eq!(
            words,
            [
                "last move",
                "links",
                "wrapped words",
                "capture",
                "obstruction"
            ]
        );
        assert!(
            key.entries
                .iter()
                .all(|e| e.pt == 9.0 && e.sample.items.len() == 1)
        );
    }
}
