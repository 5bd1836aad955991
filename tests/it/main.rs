//! The integration tests, one crate: `cargo test` links the library into one test binary
//! instead of one per file. Each module is what a file of tests/ used to be; tests run with
//! the package root as the working directory, so relative paths name repository files.
//! tests/README.md says how to run, add and regenerate them.

mod bad_input;
mod batch_check;
mod bulletin;
mod cases;
mod cli;
mod common;
mod diagram_words;
mod diagrams;
mod diff;
mod figures;
mod file_names;
mod fonts;
mod fuzz_corpus;
mod gallery;
mod hostile_fonts;
mod import_quirks;
mod legible;
mod loa;
mod loa_figures;
mod loa_review;
mod memory;
mod output;
mod positions;
mod print_ready;
mod proofs;
mod properties;
mod readme;
mod refusals;
mod replay_page;
mod results;
mod rules_pages;
mod sheet_texts;
mod shell;
mod shoreline_records;
mod shoreline_sheet;
mod solver;
mod streams;
mod test_binaries;
mod towers;
mod usage_words;
