//! The library call every command ends in: a checked job is run, and a drawing it made is
//! written by the backend its output names.

use crate::error::{Error, Problem, Status};
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
pub fn run(job: Box<dyn Job>) -> Result<Finished, Error> {
    let made = job.run(&crate::load::Files)?;
    let (target, bytes) = match made.product {
        Product::Drawing(document, output) => (
            output.target,
            crate::backend::render(&document, output.format)?,
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
