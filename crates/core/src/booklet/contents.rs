//! The contents list of a booklet of many games: one line per game (its number, players or
//! title, round) and the page it starts on, which is known only once the games are laid
//! out: the lines are drawn first, their page numbers filled in after.

use super::flow::Flow;
use super::style::{BODY_PT, BookletOptions, HEADING_PT};
use crate::error::Error;
use crate::figure::{Anchor, Group, Point, Text};
use crate::font::Font;
use crate::games::GameRecord;
use crate::layout::line_height;

/// Where each game's page number goes: the page, the baseline of its line's last line, and
/// where that line's text ends (the dots lead from there to the number).
pub(crate) struct Contents {
    numbers: Vec<(usize, f64, f64)>,
}

/// What a game's line says: "3. Ann – Bo · round 2".
fn line(number: usize, game: &dyn GameRecord, options: &BookletOptions) -> String {
    let words = &options.words;
    let about = game.about();
    let name = about
        .title
        .as_ref()
        .map(|t| t.value.clone())
        .or_else(|| super::heading::vs(game))
        .unwrap_or_else(|| words.tr(game.game().title()));
    match &about.round {
        Some(round) => format!(
            "{number}. {name} · {}",
            words.fill("Round {round}", &[("round", &round.value)])
        ),
        None => format!("{number}. {name}"),
    }
}

/// Room between a leader and the words on either side of it, in millimetres.
const LEADER_GAP: f64 = 1.5;

/// Spaced dots as wide as fit `width` at `pt` points; none if not two.
fn leader_dots(font: &Font, pt: f64, width: f64) -> String {
    let dot = font.text_width(" .", pt);
    let count = (width / dot).floor().max(0.0) as usize;
    match count {
        0 | 1 => String::new(),
        _ => ". ".repeat(count).trim_end().to_string(),
    }
}

/// The room page numbers take at the line's end.
fn number_width(font: &Font, pt: f64) -> f64 {
    font.text_width("0000", pt) + 2.0
}

/// Draws the list's heading and lines, leaving room for the page numbers.
pub fn reserve(
    flow: &mut Flow,
    games: &[&dyn GameRecord],
    options: &BookletOptions,
) -> Result<Contents, Error> {
    let (pt, floor) = (options.pt(BODY_PT), options.min_pt());
    // The whole list on one page where a page holds it: no line of it alone on the next.
    let height = line_height(options.pt(HEADING_PT)) + 1.0 + games.len() as f64 * line_height(pt);
    flow.new_page_unless_room(height.min(flow.area.height / 2.0));
    flow.paragraph(
        "contents-heading",
        &options.words.tr("Contents"),
        (options.pt(HEADING_PT), floor),
        0.0,
    )?;
    flow.gap(1.0);
    let mut numbers = Vec::new();
    for (k, game) in games.iter().enumerate() {
        let text = line(k + 1, *game, options);
        // Each line narrower by the page number's room, so the number never meets it.
        let (page, baseline, end) =
            flow.paragraph_narrowed("contents", &text, (pt, floor), number_width(&flow.font, pt))?;
        numbers.push((page, baseline, end));
    }
    Ok(Contents { numbers })
}

impl Contents {
    /// Writes each game's first page (from 0) at the end of its line.
    pub fn fill(self, flow: &mut Flow, first_pages: &[usize], options: &BookletOptions) {
        let pt = options.pt(BODY_PT);
        let right = flow.area.right();
        for ((page, baseline, end), first) in self.numbers.into_iter().zip(first_pages) {
            let number = (first + 1).to_string();
            let start = right - flow.font.text_width(&number, pt);
            // Dots lead the eye from the line to its number; not read aloud.
            let dots = leader_dots(&flow.font, pt, start - end - 2.0 * LEADER_GAP);
            if !dots.is_empty() {
                let mut leader = Group::new("contents-leader");
                let at = Point::new(start - LEADER_GAP, baseline);
                leader.text(Text::new(at, dots, pt, Anchor::End));
                flow.add(page, leader);
            }
            let mut group = Group::new("contents-page");
            flow.describe(page, number.clone());
            group.text(Text::new(
                Point::new(right, baseline),
                number,
                pt,
                Anchor::End,
            ));
            flow.add(page, group);
        }
    }
}
