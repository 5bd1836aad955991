//! The `sheetgen` command line, on top of the core (`sheetgen-core`: records, rules, figures,
//! SVG) and the PDF and PNG backends (`sheetgen-backends`). The command line (`cli`) turns
//! arguments into one checked `job::Job` and calls `run::run`; `output` writes what it made,
//! whole or not at all. Only this crate opens files (`files`, `folders`) or touches the
//! terminal. Its modules are its own: the binary, the tests and the benches call what is
//! re-exported below. See ARCHITECTURE.md.

mod booklet;
mod check;
mod cli;
mod commands;
mod files;
mod folders;
mod job;
mod options;
mod output;
mod render;
mod run;
mod twice;

// What the binary, the tests and the benches call; everything else is the crate's own.
pub use check::{ReportFormat, Style, check};
pub use cli::{main, run_args};
pub use files::load;
pub use folders::record_files;
pub use job::Files;
pub use output::note_stdout_at_start;
