//! The library call every command ends in: a checked job is run, and a drawing it made is
//! written by the backend its output names.

use std::sync::Arc;

use crate::error::{Error, Problem, Status};
use crate::font::Font;
use crate::games::Job;
use crate::job::Product;
use crate::output::Target;

/// What a command produced, ready to write.
#[derive(Debug)]
pub struct Finished {
    pub target: Target,
    pub bytes: Vec<u8>,
    /// What was left out, for standard error.
    pub problems: Vec<Problem>,
    pub status: Status,
}

/// Runs `job`, reading record files from the file system, and writes its drawing in the
/// output's format.
///
/// A `--font` is read first and is the font of this thread (and of the loader's workers)
/// while the job lays out its figures and the backend draws them; afterwards the thread's
/// font is what it was, so the next job in the process starts from sheetgen's own.
pub fn run(job: Box<dyn Job>) -> Result<Finished, Error> {
    let font = match job.output().and_then(|o| o.font.as_deref()) {
        Some(path) => Arc::new(Font::open(path).map_err(Error::Usage)?),
        None => Font::builtin(),
    };
    let chosen = font.file.is_some();
    crate::font::using(font, || run_in_font(job)).map_err(|e| match e {
        // A character the chosen font lacks is the option's fault, not the record's.
        Error::Render(why) if chosen => Error::Usage(why),
        other => other,
    })
}

fn run_in_font(job: Box<dyn Job>) -> Result<Finished, Error> {
    let made = job.run(&crate::load::Files)?;
    let (target, bytes) = match made.product {
        Product::Drawing(document, output) => (
            output.target,
            crate::backend::render_at(&document, output.format, output.width)?,
        ),
        Product::Bytes(bytes, target) => (target, bytes),
    };
    Ok(Finished {
        target,
        bytes,
        problems: made.problems,
        status: made.status,
    })
}
