//! Lines of Action: everything about the game in one place. Rules: `lines-of-action.txt`,
//! `lines-of-action-igfip.txt` and RULINGS L1–L8.

pub mod bits;
pub mod board;
pub mod diagram;
pub mod game;
pub mod import;
pub mod record;
pub mod rules;
pub mod sheet;

pub use record::Game;
