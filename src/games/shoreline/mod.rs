//! Shoreline (岸棋): everything about the game in one place. Rules: `shoreline.txt` and
//! RULINGS S1–S7.

pub mod analysis;
pub mod board;
pub mod book;
pub mod diagram;
pub mod puzzles;
pub mod record;
pub mod rules;
pub mod sheet;
pub mod solver;
pub mod template;

pub use record::Game;
pub use sheet::{MAX_BOARDS, SheetOptions, sheet};
pub use template::Template;

/// The sides are Black and White, as in every game sheetgen knows (ruling S3).
pub use crate::games::Side;
