//! Command-line options every command that draws shares: the page and the output. Games'
//! own commands flatten these into their arguments, so each option is declared once.
//!
//! File names are `PathBuf`s (clap's derive reads them with `value_parser!(PathBuf)`), so a
//! name that is not UTF-8 (Latin-1 from an old archive) works like any other.

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum, ValueHint};

use crate::job::Output;
use crate::output::Target;
use sheetgen_core::backend::Length;
use sheetgen_core::backend::format::{DEFAULT_DPI, FORMATS, Format, Spec};
use sheetgen_core::error::Error;
use sheetgen_core::page::{PageSetup, Paper};
use sheetgen_core::vocabulary::Phrase;

#[derive(Debug, Clone, Args)]
pub struct PageArgs {
    /// Paper size
    #[arg(long, value_enum, default_value_t = PaperArg::A4, ignore_case = true)]
    pub page: PaperArg,

    /// Turn the page sideways
    #[arg(long)]
    pub landscape: bool,
}

impl PageArgs {
    pub fn setup(&self) -> PageSetup {
        PageSetup {
            paper: match self.page {
                PaperArg::A4 => Paper::A4,
                PaperArg::Letter => Paper::Letter,
            },
            landscape: self.landscape,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Write to FILE (replaced whole, or left untouched on error); without it, the output
    /// goes to standard output
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Output format [default: from the -o file's extension, else pdf]
    #[arg(long, value_name = "FORMAT", value_parser = format_names())]
    pub format: Option<&'static Spec>,

    /// Resolution of PNG output, in dots per inch (36 to 1200)
    #[arg(long, value_name = "DPI", default_value_t = DEFAULT_DPI,
          value_parser = clap::value_parser!(u32).range(36..=1200))]
    pub dpi: u32,

    /// Measure and draw all text in this TrueType or OpenType font instead of sheetgen's
    /// own (embedded as a subset in PDF, drawn as outlines in SVG and PNG)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub font: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

/// `--format`'s values: the names in the table of formats.
fn format_names() -> impl TypedValueParser<Value = &'static Spec> {
    let names = FORMATS.iter().map(|spec| {
        let name = PossibleValue::new(spec.name);
        match spec.help {
            Some(help) => name.help(help),
            None => name,
        }
    });
    PossibleValuesParser::new(names).map(|name| {
        FORMATS
            .iter()
            .find(|spec| spec.name == name)
            .expect("clap takes the table's names only")
    })
}

/// `text` or `json`, for the commands that write reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportArg {
    Text,
    Json,
}

impl OutputArgs {
    /// The output target and format: `--format` wins, else the file's extension, else PDF.
    pub fn output(&self) -> Result<Output, Error> {
        let from_extension = self
            .file
            .as_deref()
            .and_then(|file| Format::of_extension(file.extension()?.to_str()?, self.dpi));
        let chosen = self.format.map(|spec| spec.format.at_dpi(self.dpi));
        let format = match (chosen, from_extension) {
            (Some(chosen), Some(ext)) if chosen != ext => {
                let file = self.file.as_deref();
                return Err(Error::Usage(
                    Phrase::new("--format {format} does not match the file name {file}")
                        .with("format", chosen.name())
                        .with(
                            "file",
                            file.map(sheetgen_core::diagnostic::shown_path)
                                .unwrap_or_default(),
                        ),
                ));
            }
            (Some(format), _) | (None, Some(format)) => format,
            (None, None) => Format::Pdf,
        };
        Ok(Output {
            target: target(self.file.as_deref()),
            format,
            font: self.font.clone(),
            width: None,
        })
    }
}

/// Reads `--width LENGTH` for clap: a refused length is a usage error naming the option.
pub fn parse_width(text: &str) -> Result<Length, String> {
    Length::parse(text)
}

/// Reads `--text-size LENGTH` (`7pt`, `2.5mm`) for clap, in points: from 4 pt (the least
/// any printer sets) to 72 pt.
pub fn parse_text_size(text: &str) -> Result<f64, String> {
    sheetgen_core::backend::Length::text_size(text)
}

/// `--text-scale`: a factor from 0.5 to 20, as the layout can make room for.
pub fn parse_text_scale(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if (0.5..=20.0).contains(&x) => Ok(x),
        _ => Err(format!("`{text}` is not a number from 0.5 to 20")),
    }
}

/// A whole number counted from 1 (`--game`, `--diagram`, `--every`), refused in words
/// rather than as a range up to the type's largest number.
pub fn counted_from_one(value: &str) -> Result<u32, String> {
    match value.trim().parse::<u32>() {
        Ok(0) => Err("this counts from 1 (the first is 1)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{value}` is not a whole number of 1 or more")),
    }
}

/// `-o FILE`, or standard output when there is none or it is `-`.
pub fn target(file: Option<&Path>) -> Target {
    match file {
        Some(file) if file != Path::new("-") => Target::File(file.to_path_buf()),
        _ => Target::Stdout,
    }
}

/// `--lang`: a language sheetgen writes in, by its code.
pub fn lang() -> impl clap::builder::TypedValueParser<Value = sheetgen_core::words::Lang> {
    let codes = sheetgen_core::words::Lang::ALL.map(|lang| lang.name());
    clap::builder::PossibleValuesParser::new(codes)
        .map(|code| sheetgen_core::words::Lang::from_code(&code).expect("one of the codes offered"))
}

/// `--at`, as every command takes it: a count of half-moves (`12`) or a numbered move
/// (`6.`, `6...`).
pub fn move_ref(text: &str) -> Result<sheetgen_core::vocabulary::MoveRef, String> {
    use sheetgen_core::vocabulary::MoveRef;
    MoveRef::parse(text).ok_or_else(|| {
        format!(
            "`{text}` is no move: give a count of half-moves (12) or a numbered move (6. or 6...)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_comes_from_the_flag_or_the_extension() {
        let args = |file: Option<&str>, format| OutputArgs {
            file: file.map(PathBuf::from),
            format,
            dpi: 150,
            font: None,
        };
        let output = args(None, None).output().unwrap();
        assert_eq!(
            (output.target, output.format),
            (Target::Stdout, Format::Pdf)
        );
        assert_eq!(
            args(Some("b.SVG"), None).output().unwrap().format,
            Format::Svg
        );
        assert_eq!(
            args(Some("b.out"), Some(Format::Svg.spec()))
                .output()
                .unwrap()
                .format,
            Format::Svg
        );
        assert!(
            args(Some("b.pdf"), Some(Format::Svg.spec()))
                .output()
                .is_err()
        );
        assert_eq!(
            args(Some("b.txt"), None).output().unwrap().format,
            Format::Text
        );
    }
}
