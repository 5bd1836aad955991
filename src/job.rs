//! What a command makes: a drawing for the backends, or finished bytes, with the problems
//! met on the way. (The jobs themselves are the games module's `Job`s.)

use crate::error::{Error, Problem, Status};
use crate::figure::Document;
use crate::output::Target;

/// Where a command's output goes and in what format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub target: Target,
    pub format: crate::backend::Format,
    /// `--font FILE`: the font all text is measured and drawn in, instead of sheetgen's own.
    pub font: Option<std::path::PathBuf>,
    /// `--width`: the whole figure's width (the height follows).
    pub width: Option<crate::backend::Length>,
}

/// What a job made.
#[derive(Debug)]
pub enum Product {
    /// A drawing, for the backends to write in the output's format.
    Drawing(Document, Output),
    /// Finished bytes (a report, a YAML record) for this target.
    Bytes(Vec<u8>, Target),
    /// Games to step through, for the HTML backend.
    Replay(Box<crate::replay::Replay>, Output),
}

/// What a job made, with the problems it met on the way (records it skipped), reported on
/// standard error after the output is written, and how it went.
#[derive(Debug)]
pub struct Made {
    pub product: Product,
    pub problems: Vec<Problem>,
    /// Notes for standard error that change no exit code (files of a folder left alone).
    pub notes: Vec<String>,
    pub status: Status,
}

impl Made {
    /// A play sheet, refused when a text runs past its paper
    /// ([`crate::page::texts_on_their_pages`], the net under every sheet's own checks).
    pub fn sheet(document: Document, output: &Output) -> Result<Self, Error> {
        crate::page::texts_on_their_pages(&document).map_err(Error::Render)?;
        Ok(Self::drawing(document, output))
    }

    pub fn drawing(document: Document, output: &Output) -> Self {
        Self {
            product: Product::Drawing(document, output.clone()),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }

    pub fn replay(replay: crate::replay::Replay, output: &Output) -> Self {
        Self {
            product: Product::Replay(Box::new(replay), output.clone()),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }

    pub fn bytes(bytes: Vec<u8>, target: Target) -> Self {
        Self {
            product: Product::Bytes(bytes, target),
            problems: Vec::new(),
            notes: Vec::new(),
            status: Status::Done,
        }
    }
}
