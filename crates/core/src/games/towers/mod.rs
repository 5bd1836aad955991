//! Towers: the 2003 game by Heinrich Glumpler, everything about it in one place. Rules:
//! `docs/rules/towers.md` and rulings T1–T8.

pub mod board;
pub mod diagram;
pub mod palette;
pub mod position;
pub mod record;
pub mod rules;
pub mod sheet;
pub mod table;
pub mod template;

use crate::annotate::Cells;
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Figure;
use crate::games::{CheckedView, GameRecord, View};
use crate::input::SourceFile;
use crate::record::About;
use crate::vocabulary::Summary;

pub use record::Record;

/// The name records give: `game: towers`.
pub const NAME: &str = "towers";

/// Towers in the registry.
pub struct Towers;

impl crate::games::Game for Towers {
    fn name(&self) -> &'static str {
        NAME
    }

    fn title(&self) -> &'static str {
        "Towers"
    }

    fn numbering(&self) -> crate::vocabulary::Numbering {
        // Both players reveal and place in a turn (ruling T4): each turn is numbered.
        crate::vocabulary::Numbering::Turns
    }

    fn canonical_position(
        &self,
        text: &str,
    ) -> Result<String, crate::games::position::PositionError> {
        Ok(position::to_position(&position::parse(text)?))
    }

    fn record_keys(&self) -> &'static [&'static str] {
        record::RawRecord::KEYS
    }

    fn read(&self, document: &str, source: &SourceFile) -> Result<Box<dyn GameRecord>, Diagnostic> {
        Ok(Box::new(record::read(document, source)?))
    }

    fn colour_roles(&self) -> &'static [crate::palette::Role] {
        palette::ROLES
    }

    fn sheet_template(&self) -> &'static crate::games::template::Builtin {
        &template::BUILTIN
    }
}

impl GameRecord for Record {
    fn game(&self) -> &'static dyn crate::games::Game {
        &Towers
    }

    fn about(&self) -> &About {
        &self.about
    }

    fn summary(&self) -> Summary {
        Record::summary(self)
    }

    fn move_list(&self, words: &crate::words::Words) -> Vec<String> {
        self.turns.iter().map(|t| t.notation(words)).collect()
    }

    fn length(&self) -> usize {
        self.turns.len()
    }

    fn check_view(&self, view: &View) -> Result<CheckedView, Error> {
        crate::games::check_at(view.at, self.length(), crate::vocabulary::Numbering::Turns)?;
        Ok(CheckedView::new(view, diagram::cells(&view.font)))
    }

    fn draw(&self, checked: &CheckedView) -> (Figure, Cells) {
        let view = checked.view();
        let n = view.at.unwrap_or(self.turns.len());
        diagram::diagram(
            &self.board_after(n),
            n,
            self.turns.len(),
            &self.about.heading("Towers", &view.words),
            &diagram::DiagramOptions {
                caption: view.caption.clone(),
                set_up: self.start.is_some(),
                bare: view.bare,
                legend: view.legend,
                text_scale: view.text_scale,
                words: view.words.clone(),
                font: view.font.clone(),
            },
        )
    }

    fn end_table(&self, words: &crate::words::Words) -> Option<crate::replay::ScoreTable> {
        let n = self.turns.len();
        Some(diagram::score_table(&self.board_after(n), n, words))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
