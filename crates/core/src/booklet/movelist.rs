//! A game's moves as a bulletin prints them: numbered pairs (`1. f1-d3 c4-e6 2. …`, the one
//! convention of every move list), each comment after the move it is on, and the list going
//! on after it from that move's number (`4... h6-e6`).

use super::flow::Flow;
use super::style::{BODY_PT, BookletOptions};
use crate::error::Error;
use crate::games::GameRecord;
use crate::words::Words;

/// One paragraph of the list.
#[derive(Debug, PartialEq)]
pub(crate) enum Paragraph {
    Moves(String),
    Comment(String),
}

/// The game's comment, then its moves broken after each commented move by the comment.
pub(crate) fn paragraphs(game: &dyn GameRecord, words: &Words) -> Vec<Paragraph> {
    let about = game.about();
    let length = game.length();
    let mut out = Vec::new();
    if let Some(comment) = &about.comment {
        out.push(Paragraph::Comment(one_line(&comment.value)));
    }
    let mut from = 0;
    for (n, text) in &about.comments {
        let n = (*n).min(length);
        if n > from {
            out.push(Paragraph::Moves(game.numbered_moves(from, n, words)));
        }
        out.push(Paragraph::Comment(one_line(&text.value)));
        from = n;
    }
    if length > from {
        out.push(Paragraph::Moves(game.numbered_moves(from, length, words)));
    }
    out
}

/// A comment's lines as one paragraph: its line breaks are where it was typed, not where
/// the page wraps it.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Comments stand indented under the moves they are on.
const COMMENT_INDENT: f64 = 5.0;

/// Draws the game's move list into `flow`.
pub fn draw(flow: &mut Flow, game: &dyn GameRecord, options: &BookletOptions) -> Result<(), Error> {
    let size = (options.pt(BODY_PT), options.min_pt());
    for paragraph in paragraphs(game, &options.words) {
        match paragraph {
            Paragraph::Moves(text) => flow.paragraph("move-list", &text, size, 0.0)?,
            Paragraph::Comment(text) => {
                flow.paragraph("move-comment", &text, size, COMMENT_INDENT)?
            }
        };
        flow.gap(1.0);
    }
    Ok(())
}
