//! File formats other than sheetgen's own YAML records and the drawing backends: SGF and
//! move text as other programs write them, and YAML records as sheetgen writes them.
//! Nothing here knows a game.

pub mod clean;
pub mod move_text;
pub mod report;
pub mod sgf;
pub mod yaml;
