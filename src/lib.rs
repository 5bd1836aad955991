//! The `sheetgen` command line, on top of the core (`sheetgen-core`: records, rules, figures,
//! SVG) and the PDF and PNG backends (`sheetgen-backends`). The [`cli`] turns arguments into
//! one checked [`job::Job`] and calls [`run::run`]; [`output`] writes what it made, whole or
//! not at all. Only this crate opens files ([`files`], [`folders`]) or touches the terminal.
//! See ARCHITECTURE.md.

pub mod booklet;
pub mod check;
pub mod cli;
pub mod commands;
pub mod files;
pub mod folders;
pub mod job;
pub mod options;
pub mod output;
pub mod render;
pub mod run;
pub mod twice;
