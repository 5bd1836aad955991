//! Shoreline (岸棋): everything about the game in one place. Rules: `docs/rules/shoreline.md`
//! and rulings S1–S7.

pub mod analysis;
pub mod bitboard;
pub mod board;
pub mod book;
pub mod diagram;
pub mod palette;
pub mod position;
pub mod puzzles;
pub mod record;
pub mod rules;
pub mod searcher;
pub mod sheet;
pub mod solver;
pub mod template;

use crate::annotate::Cells;
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Figure;
use crate::games::{CheckedView, GameOption, GameRecord, View};
use crate::input::SourceFile;
use crate::record::About;
use crate::vocabulary::Summary;

pub use record::Record;
pub use sheet::{MAX_BOARDS, SheetOptions, sheet};
pub use template::Template;

/// The sides are Black and White, as in every game sheetgen knows (ruling S3).
pub use crate::vocabulary::Side;

/// The name records give: `game: shoreline`.
pub const NAME: &str = "shoreline";

/// Shoreline in the registry.
pub struct Shoreline;

const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "numbers",
        value: None,
        help: "Write the placement order on the stones (Shoreline)",
    },
    super::ANALYSIS,
];

impl crate::games::Game for Shoreline {
    fn name(&self) -> &'static str {
        NAME
    }

    fn title(&self) -> &'static str {
        "Shoreline"
    }

    fn record_keys(&self) -> &'static [&'static str] {
        record::RawRecord::KEYS
    }

    fn read(&self, document: &str, source: &SourceFile) -> Result<Box<dyn GameRecord>, Diagnostic> {
        Ok(Box::new(record::read(document, source)?))
    }

    fn canonical_position(
        &self,
        text: &str,
    ) -> Result<String, crate::games::position::PositionError> {
        // A position given alone is of a game Black started (S3's default).
        let start = position::parse(text, Side::Black)?;
        Ok(position::to_position(&start))
    }

    fn diagram_options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn colour_roles(&self) -> &'static [crate::palette::Role] {
        palette::ROLES
    }

    /// The first player alternates from board to board (ruling S3): a record that does
    /// not name its own is read as the alternation gives it.
    fn read_following(
        &self,
        text: &str,
        source: &SourceFile,
        previous: &dyn GameRecord,
        read: Option<&dyn GameRecord>,
    ) -> Option<Result<Box<dyn GameRecord>, Diagnostic>> {
        let previous = previous.as_any().downcast_ref::<Record>()?;
        let first = previous.play.rules.first.other();
        // A valid record that names its first player, or was read with the right one, is
        // not read again: most of an evening's records are not.
        let read = read.and_then(|r| r.as_any().downcast_ref::<Record>());
        if read.is_some_and(|r| r.unnamed_first.is_none() || r.play.rules.first == first) {
            return None;
        }
        (first != crate::vocabulary::Side::default()).then(|| {
            record::read_with(text, source, first).map(|game| Box::new(game) as Box<dyn GameRecord>)
        })
    }

    /// The hatched water and the shore line.
    fn keep_clear(&self) -> crate::annotate::KeepClear {
        crate::annotate::KeepClear {
            areas: &["hatch"],
            lines: &["water"],
        }
    }

    fn sheet_template(&self) -> &'static crate::games::template::Builtin {
        &template::BUILTIN
    }
}

impl GameRecord for Record {
    fn game(&self) -> &'static dyn crate::games::Game {
        &Shoreline
    }

    fn about(&self) -> &About {
        &self.about
    }

    fn summary(&self) -> Summary {
        Record::summary(self)
    }

    fn move_list(&self, _words: &crate::words::Words) -> Vec<String> {
        self.play.move_names()
    }

    fn length(&self) -> usize {
        self.play.moves.len()
    }

    fn mover(&self, before: usize) -> Option<crate::vocabulary::Side> {
        Some(self.play.position_after(before).to_move())
    }

    fn check_view(&self, view: &View) -> Result<CheckedView, Error> {
        crate::games::check_at(view.at, self.length(), crate::vocabulary::Numbering::Pairs)?;
        Ok(CheckedView::new(view, diagram::cells(&view.font)))
    }

    fn draw(&self, checked: &CheckedView) -> (Figure, Cells) {
        let view = checked.view();
        let analysis = view.flag("analysis").then(|| {
            let mut solver = solver::Solver::new(self.play.rules.scoring);
            solver::analyze(&self.play, &mut solver)
        });
        let options = diagram::DiagramOptions {
            at: view.at,
            numbers: view.flag("numbers"),
            caption: view.caption.clone(),
            analysis,
            bare: view.bare,
            legend: view.legend,
            text_scale: view.text_scale,
            words: view.words.clone(),
            font: view.font.clone(),
        };
        diagram::diagram(
            &self.play,
            &self.about.heading("Shoreline", &view.words),
            &options,
        )
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn reading_notes(&self) -> Vec<Diagnostic> {
        self.alternation_note().into_iter().collect()
    }
}
