//! Lines of Action: everything about the game in one place. Rules:
//! `docs/rules/lines-of-action.md` and rulings L1–L8.

pub mod analysis;
pub mod bits;
pub mod board;
#[cfg(feature = "cli")]
pub mod commands;
pub mod diagram;
pub mod game;
pub mod graph;
pub mod import;
pub mod palette;
pub mod position;
pub mod record;
pub mod rules;
pub mod search;
pub mod sheet;
pub mod solve;
pub mod template;

use crate::annotate::Cells;
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Figure;
#[cfg(feature = "cli")]
use crate::games::GameCommand;
use crate::games::{GameOption, GameRecord, View};
use crate::input::SourceFile;
use crate::record::About;
use crate::vocabulary::Summary;

pub use record::Game;

/// The canonical name records use; `loa` is accepted too.
pub const NAME: &str = "lines-of-action";

/// Lines of Action in the registry.
pub struct LinesOfAction;

const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "show",
        value: Some("WHAT:SQ"),
        help: "A rulebook figure for a Lines of Action piece: lines:SQ writes its four line \
               counts, moves:SQ draws its moves and the directions it cannot use (repeatable)",
    },
    GameOption {
        name: "flip",
        value: None,
        help: "Draw a Lines of Action board from White's side (a1 top right, labels following)",
    },
];

impl crate::games::Game for LinesOfAction {
    fn name(&self) -> &'static str {
        NAME
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["loa"]
    }

    fn title(&self) -> &'static str {
        "Lines of Action"
    }

    fn rules_text(&self) -> &'static str {
        include_str!("../../../docs/rules/lines-of-action.md")
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
        let start = position::parse(text)?;
        Ok(position::to_position(&start.board, &start.position))
    }

    fn diagram_options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn colour_roles(&self) -> &'static [crate::palette::Role] {
        palette::ROLES
    }

    #[cfg(feature = "cli")]
    fn commands(&self) -> Vec<GameCommand> {
        commands::all()
    }

    fn sheet_template(&self) -> &'static crate::games::template::Builtin {
        &template::BUILTIN
    }

    fn import(&self, source: &SourceFile) -> Option<Result<crate::games::Imported, Diagnostic>> {
        Some(import::import_games(source, &import::Metadata::default()))
    }
}

impl Game {
    /// The `--show` figures a view asks for, read and checked against the position after
    /// `n` moves; a figure written in the record is refused at its place.
    fn figures(&self, view: &View, replay: &game::Replay) -> Result<Vec<diagram::Show>, Error> {
        let refuse = |written: &crate::annotate::Written, message: String| match written.at {
            Some(at) => Error::Invalid(self.about.source.error_at(&at, message)),
            None => Error::Usage(message),
        };
        let mut figures = Vec::new();
        for written in view.values("show") {
            let show = diagram::parse_show(&written.text, self.rules.size)
                .map_err(|message| refuse(written, message))?;
            diagram::check(replay, &[show]).map_err(|message| refuse(written, message))?;
            figures.push(show);
        }
        Ok(figures)
    }
}

impl GameRecord for Game {
    fn game(&self) -> &'static dyn crate::games::Game {
        &LinesOfAction
    }

    fn about(&self) -> &About {
        &self.about
    }

    fn summary(&self) -> Summary {
        Game::summary(self)
    }

    fn move_list(&self) -> Vec<String> {
        self.notation()
    }

    fn length(&self) -> usize {
        self.plies.len()
    }

    fn mover(&self, before: usize) -> Option<crate::vocabulary::Side> {
        Some(self.replay_to(before).position.to_move)
    }

    fn check_view(&self, view: &View) -> Result<Cells, Error> {
        let n = crate::games::check_at(view.at, self.length(), "move")?;
        if view.values("show").next().is_some() {
            self.figures(view, &self.replay_to(n))?;
        }
        Ok(board::BoardLayout::fitting(
            crate::figure::Point::new(0.0, 0.0),
            100.0,
            self.rules.size,
            8.0,
        )
        .cells())
    }

    fn draw(&self, view: &View) -> (Figure, Cells) {
        let n = view.at.unwrap_or(self.plies.len());
        let replay = self.replay_to(n);
        let options = diagram::DiagramOptions {
            show: self
                .figures(view, &replay)
                .expect("check_view accepted the figures"),
            caption: view.caption.clone(),
            bare: view.bare,
            flip: view.flag("flip"),
            text_scale: view.text_scale,
            words: view.words.clone(),
        };
        diagram::diagram(
            &replay,
            self.plies.len(),
            &self.about.heading("Lines of Action", &view.words),
            &options,
        )
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
