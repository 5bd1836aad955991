//! The formats sheetgen writes, in one table: what the command line knows of each (its
//! `--format` name, file extensions, whether it is fit for a terminal, the options only it
//! reads, the commands that write it). A new format is a variant here, a row of
//! [`FORMATS`], and its arm in [`super::render_at`].

use std::mem::discriminant;

/// A file format sheetgen writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Svg,
    /// At this many dots per inch.
    Png(u32),
    /// The figure's plain-text form, for forums and e-mail.
    Text,
    /// A replay page: one self-contained HTML file to step through the game or games.
    Html,
}

/// What the command line knows of a format.
#[derive(Debug, PartialEq, Eq)]
pub struct Spec {
    /// The format (a PNG's resolution here is a placeholder: `--dpi` gives it).
    pub format: Format,
    /// Its `--format` value.
    pub name: &'static str,
    /// How a message names it: "a PDF", "plain text".
    pub called: &'static str,
    /// Its help line among `--format`'s values, if it needs one.
    pub help: Option<&'static str>,
    /// The file extensions that stand for it, the usual one first.
    pub extensions: &'static [&'static str],
    /// Binary, so never poured into a terminal.
    pub binary: bool,
    /// The options only this format reads; given for another, they are refused.
    pub options: &'static [OwnOption],
    /// The commands that write it.
    pub written_by: WrittenBy,
}

/// An option only one format reads (`--dpi` for PNG, `--css` for SVG).
#[derive(Debug, PartialEq, Eq)]
pub struct OwnOption {
    /// Its long name.
    pub name: &'static str,
    /// What it does, said after the option: "styles SVG output only".
    pub does: &'static str,
    /// Whether a refusal repeats the option's value (a file's name).
    pub repeat_value: bool,
}

/// Which commands write a format.
#[derive(Debug, PartialEq, Eq)]
pub enum WrittenBy {
    /// Every command that draws.
    Every,
    /// These commands only.
    Only(&'static [&'static str]),
}

/// Every format, in the order `--format` lists them.
pub const FORMATS: [Spec; 5] = [
    Spec {
        format: Format::Pdf,
        name: "pdf",
        called: "a PDF",
        help: None,
        extensions: &["pdf"],
        binary: true,
        options: &[],
        written_by: WrittenBy::Every,
    },
    Spec {
        format: Format::Svg,
        name: "svg",
        called: "an SVG",
        help: None,
        extensions: &["svg"],
        binary: false,
        options: &[OwnOption {
            name: "css",
            does: "styles SVG output only",
            repeat_value: true,
        }],
        written_by: WrittenBy::Every,
    },
    Spec {
        format: Format::Png(DEFAULT_DPI),
        name: "png",
        called: "a PNG",
        help: None,
        extensions: &["png"],
        binary: true,
        options: &[OwnOption {
            name: "dpi",
            does: "sets the resolution of PNG output",
            repeat_value: false,
        }],
        written_by: WrittenBy::Every,
    },
    Spec {
        format: Format::Text,
        name: "text",
        called: "plain text",
        help: Some(
            "Plain text (render only): the board, its pieces and the score, for forums and e-mail",
        ),
        extensions: &["txt"],
        binary: false,
        options: &[],
        written_by: WrittenBy::Only(&["render"]),
    },
    Spec {
        format: Format::Html,
        name: "html",
        called: "an HTML replay page",
        help: Some(
            "A replay page (render, booklet): one self-contained HTML file that steps through \
             the game, or a season's games, with the keys, the wheel and the move list",
        ),
        extensions: &["html", "htm"],
        binary: false,
        options: &[],
        written_by: WrittenBy::Only(&["render", "booklet"]),
    },
];

/// A PNG's resolution unless `--dpi` says otherwise.
pub const DEFAULT_DPI: u32 = 150;

impl Format {
    /// This format's row of [`FORMATS`].
    pub fn spec(self) -> &'static Spec {
        FORMATS
            .iter()
            .find(|spec| discriminant(&spec.format) == discriminant(&self))
            .expect("every format has its row in FORMATS")
    }

    /// Its `--format` value.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The format an extension stands for (in any case), a PNG at `dpi`.
    pub fn of_extension(extension: &str, dpi: u32) -> Option<Format> {
        let extension = extension.to_ascii_lowercase();
        FORMATS
            .iter()
            .find(|spec| spec.extensions.contains(&extension.as_str()))
            .map(|spec| spec.format.at_dpi(dpi))
    }

    /// The same format, a PNG at `dpi`.
    pub fn at_dpi(self, dpi: u32) -> Format {
        match self {
            Format::Png(_) => Format::Png(dpi),
            other => other,
        }
    }

    /// Whether two formats are the same kind, whatever a PNG's resolution.
    pub fn is(self, other: Format) -> bool {
        discriminant(&self) == discriminant(&other)
    }
}

impl Spec {
    /// Whether the command `command` writes this format.
    pub fn written_by(&self, command: &str) -> bool {
        match self.written_by {
            WrittenBy::Every => true,
            WrittenBy::Only(commands) => commands.contains(&command),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_its_own_format_and_names_differ() {
        for spec in &FORMATS {
            assert_eq!(spec.format.spec(), spec, "{}", spec.name);
            assert!(!spec.extensions.is_empty(), "{}", spec.name);
        }
        let mut names: Vec<_> = FORMATS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FORMATS.len());
    }

    #[test]
    fn extensions_name_their_formats_in_any_case() {
        assert_eq!(Format::of_extension("SVG", 150), Some(Format::Svg));
        assert_eq!(Format::of_extension("png", 300), Some(Format::Png(300)));
        assert_eq!(Format::of_extension("txt", 150), Some(Format::Text));
        assert_eq!(Format::of_extension("HTML", 150), Some(Format::Html));
        assert_eq!(Format::of_extension("jpeg", 150), None);
    }

    #[test]
    fn plain_text_is_written_by_render_alone() {
        assert!(Format::Text.spec().written_by("render"));
        assert!(!Format::Text.spec().written_by("booklet"));
        assert!(Format::Pdf.spec().written_by("booklet"));
    }
}
