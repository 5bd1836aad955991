//! The library call every command ends in: a checked job is run, and a drawing it made is
//! written by the backend its output names.

use std::sync::Arc;

use crate::files::OpenFont;
use crate::job::Job;
use crate::job::Product;
use crate::output::{Content, Folder, Target};
use sheetgen_core::backend::RenderError;
use sheetgen_core::error::{Error, Problem, Status};
use sheetgen_core::font::Font;

/// What a command produced, ready to write.
#[derive(Debug, Default)]
pub struct Finished {
    pub target: Target,
    pub bytes: Vec<u8>,
    pub content: Content,
    /// Files for a folder, written after `bytes`.
    pub folder: Option<Folder>,
    /// Said on standard error after the output is written; they change no exit code.
    pub warnings: Vec<String>,
    /// What was left out, for standard error, in the job's language.
    pub problems: Vec<Problem>,
    pub words: sheetgen_core::words::Words,
    pub status: Status,
}

/// Runs `job`, reading record files from the file system, and writes its drawing in the
/// output's format.
///
/// A `--font` is read first and handed to the job, which measures its figures in it; each
/// figure carries it to the backend that draws it.
pub fn run(job: Box<dyn Job>) -> Result<Finished, Error> {
    let font = match job.output().and_then(|o| o.font.as_deref()) {
        Some(path) => Arc::new(Font::open(path)?),
        None => Font::builtin(),
    };
    let words = job.words();
    let made = job.run(&crate::job::Files, &font)?;
    let mut warnings = made.notes;
    let (target, bytes, content) = match made.product {
        Product::Drawing(mut document, output) => {
            if let Some(width) = output.width {
                // Every text is measured, so every page is drawn whole first.
                document = document.finished().map_err(RenderError::Page)?;
                warnings.extend(small_text(&document, width.mm()));
            }
            let bytes = sheetgen_backends::render_at(document, output.format, output.width)?;
            (output.target, bytes, Content::Drawing)
        }
        Product::Replay(replay, output) => {
            let bytes = sheetgen_core::backend::html::render(&replay)?;
            (output.target, bytes, Content::Drawing)
        }
        Product::Bytes(bytes, target) => (target, bytes, Content::Report),
        Product::Folder(folder) => {
            return Ok(Finished {
                folder: Some(folder),
                warnings,
                problems: made.problems,
                status: made.status,
                words,
                ..Finished::default()
            });
        }
    };
    Ok(Finished {
        target,
        bytes,
        content,
        folder: None,
        warnings,
        words,
        problems: made.problems,
        status: made.status,
    })
}

/// A warning when `--width` sets text smaller than 7 pt, the least that prints legibly:
/// the figure is still written as asked, but not without a word.
fn small_text(document: &sheetgen_core::figure::Document, width: f64) -> Option<String> {
    let smallest = document
        .pages
        .iter()
        .flat_map(|page| {
            let scale = width / page.width;
            page.root.texts().into_iter().map(move |t| t.size * scale)
        })
        .fold(f64::INFINITY, f64::min);
    (smallest < sheetgen_core::MIN_TEXT_PT).then(|| {
        format!(
            "warning: at {width:.0} mm wide the smallest text is {smallest:.1} pt, under the \
             {} pt that prints legibly; --text-size 7pt enlarges the text as far as the figure allows, or draw the \
             figure wider",
            sheetgen_core::MIN_TEXT_PT
        )
    })
}
