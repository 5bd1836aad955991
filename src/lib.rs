//! sheetgen: printable game sheets and scored diagrams for Shoreline, Towers and Lines of
//! Action.
//!
//! The pipeline: record (YAML, [`load`]) → rules engine (each game in [`games`]) →
//! [`figure`] (a drawing in millimetres) → [`backend`] (SVG, PDF, PNG) → file ([`output`]).
//! Games know nothing about file formats; backends know nothing about games; the [`cli`]
//! turns arguments into one checked job and calls [`run::run`]. See ARCHITECTURE.md.

pub mod annotate;
pub mod api;
pub mod backend;
pub mod booklet;
#[cfg(feature = "cli")]
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostic;
pub mod diagram;
pub mod error;
pub mod figure;
#[cfg(feature = "cli")]
pub mod folders;
pub mod font;
pub mod formats;
pub mod frame;
pub mod game_replay;
pub mod games;
pub mod input;
#[cfg(feature = "cli")]
pub mod job;
pub mod layout;
pub mod legend;
pub mod load;
#[cfg(feature = "cli")]
pub mod options;
#[cfg(feature = "cli")]
pub mod output;
pub mod page;
pub mod palette;
pub mod print_marks;
pub mod record;
#[cfg(feature = "cli")]
pub mod render;
pub mod replay;
pub mod rng;
#[cfg(feature = "cli")]
pub mod run;
pub mod theme;
pub mod vocabulary;
pub mod words;

pub use error::Error;
