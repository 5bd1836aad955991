//! A table on the booklet's pages: a header row, a rule under it, and rows whose cells wrap
//! within their column (never cut, never under the smallest size), the header repeated on
//! each page the table goes on to.

use super::flow::Flow;
use crate::error::Error;
use crate::figure::{Anchor, Color, Group, Paint, Point, Shape, Stroke, Text};
use crate::font::Font;
use crate::layout::{fitted_lines, line_height};

/// Room on either side of a cell's text, in millimetres.
const PAD: f64 = 1.5;

/// A column: its header, and whether its cells are numbers (centred) or words (from the left).
pub struct Column {
    pub header: String,
    pub centred: bool,
}

/// The widths of `columns` holding `rows` at `pt`: each as wide as its widest text where the
/// columns fit `width`; otherwise the word columns share what the centred ones leave, as
/// browsers lay out tables: each at least as wide as its longest word, where they all can
/// be, the rest given in proportion to what each lacks of its widest text.
pub fn widths(
    font: &Font,
    columns: &[Column],
    rows: &[Vec<String>],
    pt: f64,
    width: f64,
) -> Vec<f64> {
    let texts = |k: usize| {
        rows.iter()
            .map(move |row| row[k].as_str())
            .chain([columns[k].header.as_str()])
    };
    let widest = |widths: &mut dyn Iterator<Item = f64>| widths.fold(0.0, f64::max) + 2.0 * PAD;
    let natural: Vec<f64> = (0..columns.len())
        .map(|k| widest(&mut texts(k).map(|t| font.text_width(t, pt))))
        .collect();
    if natural.iter().sum::<f64>() <= width {
        return natural;
    }
    let longest_word: Vec<f64> = (0..columns.len())
        .map(|k| {
            let words = texts(k).flat_map(str::split_whitespace);
            widest(&mut words.map(|w| font.text_width(w, pt)))
        })
        .collect();
    shared(columns, &natural, &longest_word, width)
}

/// `natural` widths with the word columns cut to share `width`: each keeps its longest
/// word (`least`) and gets the rest in proportion to what it lacks, or, when even the
/// longest words do not fit, equal shares.
fn shared(columns: &[Column], natural: &[f64], least: &[f64], width: f64) -> Vec<f64> {
    let fixed: f64 = columns
        .iter()
        .zip(natural)
        .filter(|(c, _)| c.centred)
        .map(|(_, w)| w)
        .sum();
    let words: Vec<usize> = (0..columns.len())
        .filter(|&k| !columns[k].centred)
        .collect();
    let left = width - fixed;
    let least_sum: f64 = words.iter().map(|&k| least[k]).sum();
    let lacking: f64 = words.iter().map(|&k| natural[k] - least[k]).sum();
    let mut widths = natural.to_vec();
    for &k in &words {
        widths[k] = if least_sum <= left && lacking > 0.0 {
            least[k] + (left - least_sum) * (natural[k] - least[k]) / lacking
        } else {
            (left / words.len() as f64).max(4.0 * PAD)
        };
    }
    widths
}

/// Whether `columns` at `widths` fit the flow's width.
pub fn fits(widths: &[f64], flow: &Flow) -> bool {
    widths.iter().sum::<f64>() <= flow.area.width + 1e-6
}

/// Draws the table into `flow`, in groups of class `class`, its texts at `pt` and never
/// under `floor`.
pub fn draw(
    flow: &mut Flow,
    class: &str,
    columns: &[Column],
    rows: &[Vec<String>],
    widths: &[f64],
    (pt, floor): (f64, f64),
) -> Result<(), Error> {
    let font = &*flow.font.clone();
    let headers: Vec<String> = columns.iter().map(|c| c.header.clone()).collect();
    let header = lay_out(font, &headers, widths, pt, floor);
    let mut page = None;
    for row in rows {
        let cells = lay_out(font, row, widths, pt, floor);
        let height = row_height(&cells, pt);
        if page.is_none() || height > flow.room() {
            flow.new_page_unless_room(row_height(&header, pt) + height + 1.0);
            let (p, top) = flow.take(row_height(&header, pt) + 1.0, class)?;
            let mut group = Group::new(format!("{class} table-header"));
            write_row(
                font,
                &mut group,
                &header,
                columns,
                widths,
                (flow.area.x, top),
                pt,
            );
            let y = top + row_height(&header, pt) + 0.5;
            let rule = Shape::Line(
                Point::new(flow.area.x, y),
                Point::new(flow.area.x + widths.iter().sum::<f64>(), y),
            );
            group.shape(rule, Paint::stroke(Stroke::solid(Color::BLACK, 0.25)));
            flow.add(p, group);
            page = Some(p);
        }
        let (p, top) = flow.take(height, class)?;
        let mut group = Group::new(format!("{class} table-row"));
        write_row(
            font,
            &mut group,
            &cells,
            columns,
            widths,
            (flow.area.x, top),
            pt,
        );
        flow.add(p, group);
        flow.describe(p, row.join(" · "));
    }
    Ok(())
}

/// Each cell's lines and their sizes.
type Cells = Vec<Vec<(String, f64)>>;

fn lay_out(font: &Font, row: &[String], widths: &[f64], pt: f64, floor: f64) -> Cells {
    // A column as wide as its widest text has that text's width plus the padding: taken
    // away again, the sum may come out a rounding error short, which would wrap the text.
    const ROUNDING: f64 = 1e-9;
    row.iter()
        .zip(widths)
        .map(|(text, width)| fitted_lines(font, text, pt, width - 2.0 * PAD + ROUNDING, floor))
        .collect()
}

fn row_height(cells: &Cells, pt: f64) -> f64 {
    let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
    lines as f64 * line_height(pt) + 0.5
}

fn write_row(
    font: &Font,
    group: &mut Group,
    cells: &Cells,
    columns: &[Column],
    widths: &[f64],
    (mut x, top): (f64, f64),
    pt: f64,
) {
    for ((lines, column), width) in cells.iter().zip(columns).zip(widths) {
        for (k, (line, size)) in lines.iter().enumerate() {
            let baseline = top + (k + 1) as f64 * line_height(pt) - font.descent(pt);
            let (at, anchor) = match column.centred {
                true => (x + width / 2.0, Anchor::Middle),
                false => (x + PAD, Anchor::Start),
            };
            group.text(Text::new(
                Point::new(at, baseline),
                line.clone(),
                *size,
                anchor,
            ));
        }
        x += width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_as_wide_as_its_widest_text_holds_it_on_one_line() {
        let columns = [
            Column {
                header: "Black".into(),
                centred: false,
            },
            Column {
                header: "White".into(),
                centred: false,
            },
        ];
        let names = [
            "Jonas", "Ines", "Grandpa", "Ella", "MIA", "Ana", "Yusuf", "Zoë",
        ];
        let font = &*Font::builtin();
        for pt in [6.0, 7.0, 8.0, 8.5, 9.0, 10.0, 11.0, 12.0] {
            for (i, a) in names.iter().enumerate() {
                let rows = vec![
                    vec![a.to_string(), names[(i + 1) % names.len()].to_string()],
                    vec!["Ana".to_string(), "Ben".to_string()],
                ];
                let widths = widths(font, &columns, &rows, pt, 180.0);
                for row in &rows {
                    let cells = lay_out(font, row, &widths, pt, pt);
                    assert!(
                        cells.iter().all(|lines| lines.len() == 1),
                        "{row:?} at {pt} pt in {widths:?}: {cells:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_word_column_keeps_its_longest_word_and_shares_the_rest_by_what_it_lacks() {
        let column = |centred| Column {
            header: String::new(),
            centred,
        };
        let columns = [column(false), column(false), column(true), column(false)];
        // 130 mm for 100: the 10-mm result column is fixed; the words (20, 20, 10) leave 40
        // mm, given as the word columns lack it (30, 35 and 5 of 70).
        let widths = shared(
            &columns,
            &[50.0, 55.0, 10.0, 15.0],
            &[20.0, 20.0, 10.0, 10.0],
            100.0,
        );
        let expected = [
            20.0 + 40.0 * 30.0 / 70.0,
            20.0 + 40.0 * 35.0 / 70.0,
            10.0,
            10.0 + 40.0 * 5.0 / 70.0,
        ];
        for (w, e) in widths.iter().zip(expected) {
            assert!((w - e).abs() < 1e-9, "{widths:?}");
        }
        assert!((widths.iter().sum::<f64>() - 100.0).abs() < 1e-9);
        // Longest words wider than the page: equal shares.
        let widths = shared(
            &columns,
            &[50.0, 55.0, 10.0, 60.0],
            &[40.0, 40.0, 10.0, 40.0],
            100.0,
        );
        assert_eq!(widths, [30.0, 30.0, 10.0, 30.0]);
    }
}
