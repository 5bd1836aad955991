//! Towers: the 2003 game by Heinrich Glumpler, everything about it in one place. Rules:
//! `towers.txt` and RULINGS T1–T8.

pub mod board;
pub mod diagram;
pub mod record;
pub mod rules;
pub mod sheet;

pub use record::Game;
