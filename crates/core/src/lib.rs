//! sheetgen's core: game records from text, the rules engines of Shoreline, Towers and Lines
//! of Action, the figure model, and the SVG, text and HTML backends, with sheetgen's words
//! and its built-in font. No files, process or terminal: it builds for
//! `wasm32-unknown-unknown`, and the Typst plugin embeds it whole.
//!
//! The pipeline: record (YAML, [`load`]) → rules engine (each game in [`games`]) →
//! [`figure`] (a drawing in millimetres) → [`backend`] (SVG, text, HTML; PDF and PNG in the
//! `sheetgen-backends` crate). Games know nothing about file formats; backends know nothing
//! about games. Programs that embed the core call [`api`]. See ARCHITECTURE.md.

// What callers use is public; how figures are laid out inside is not, so the compiler
// finds what nothing uses.
pub mod annotate;
pub mod api;
pub mod backend;
pub mod booklet;
pub mod diagnostic;
pub mod diagram;
pub mod error;
pub mod figure;
pub mod font;
pub mod formats;
mod frame;
pub mod game_replay;
pub mod games;
pub mod input;
pub mod io_error;
mod layout;
mod legend;
pub mod load;
mod packed;
pub mod page;
pub mod palette;
mod print_marks;
mod record;
pub mod render;
pub mod replay;
pub mod rng;
pub mod theme;
pub mod vocabulary;
pub mod words;
pub mod yaml;

pub use error::Error;
/// The smallest text sheetgen prints, and its line breaker, for callers that set their own
/// text beside its figures.
pub use layout::{MIN_TEXT_PT, wrap};
