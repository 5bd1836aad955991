//! sheetgen: printable game sheets and scored diagrams for Shoreline, Towers and Lines of
//! Action.
//!
//! The pipeline: record (YAML) → rules engine → [`figure`] (a drawing in millimetres) →
//! [`backend`] (SVG, PDF) → file. Games know nothing about file formats; backends know
//! nothing about games; the [`cli`] turns arguments into plain options and calls the library.

pub mod annotate;
pub mod backend;
pub mod booklet;
pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod error;
pub mod figure;
pub mod font;
pub mod games;
pub mod input;
pub mod layout;
pub mod output;
pub mod page;
pub mod palette;
pub mod record;
pub mod rng;
pub mod theme;

pub use error::Error;
