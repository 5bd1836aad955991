//! The Shoreline sheet template: every text and size on the sheet, from a YAML file a user
//! can copy and edit (`templates/shoreline.yaml` is the default, compiled in).

use crate::yaml::Spanned;
use serde::Deserialize;

use crate::error::Error;
pub(crate) use crate::games::template::Label;
use crate::games::template::{Builtin, Rules, check_range, check_text};
use crate::input::SourceFile;
use crate::packed::{Packed, packed};
use crate::print_marks::ScaleUnit;

/// The shipped template, the default for `sheetgen shoreline`.
pub(crate) const DEFAULT_PATH: &str = "templates/shoreline.yaml";
static TEXT: Packed = packed!("shoreline.yaml");

pub static BUILTIN: Builtin = Builtin {
    sheet: "shoreline",
    path: DEFAULT_PATH,
    packed: &TEXT,
};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Which sheet the template is for; a template without it is taken to be this one's.
    #[serde(default)]
    pub sheet: Option<Label>,
    pub title: Label,
    pub subtitle: Label,
    pub sides: Sides,
    pub name_line: Label,
    pub board: BoardTexts,
    pub total: Label,
    pub rules: Rules,
    pub layout: Layout,
    /// The file it was read from, for errors at its keys found where the sheet is laid out.
    #[serde(skip)]
    pub source: Option<SourceFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    pub black: Label,
    pub white: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTexts {
    pub heading: Label,
    pub first: Label,
    pub score: Label,
}

/// Sizes: text in points, lengths in millimetres.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    pub margin_mm: Spanned<f64>,
    pub gap_mm: Spanned<f64>,
    pub title_pt: Spanned<f64>,
    pub text_pt: Spanned<f64>,
    pub label_pt: Spanned<f64>,
    pub min_point_spacing_mm: Spanned<f64>,
    /// 100 mm, 4 in, or auto (4 in on Letter).
    #[serde(default)]
    pub scale_bar: ScaleUnit,
}

impl Template {
    /// The shipped template, in English.
    pub fn builtin() -> Template {
        crate::games::template::parsed_builtin(&BUILTIN, Self::parse)
    }

    /// A template from `source`, its texts checked against `font`, the job's.
    pub fn parse(source: &SourceFile, font: &crate::font::Font) -> Result<Template, Error> {
        crate::games::template::parse_checked(source, &BUILTIN, font)
    }

    /// The placeholders a text may use: a mistyped one ("Board {m}") would print as written.
    fn placeholders(&self, label: &Label) -> &'static [&'static str] {
        if std::ptr::eq(label, &self.board.heading) {
            &["{n}"]
        } else if std::ptr::eq(label, &self.name_line) || std::ptr::eq(label, &self.board.first) {
            &["{side}"]
        } else {
            &[]
        }
    }

    fn labels(&self) -> impl Iterator<Item = &Label> {
        [
            &self.title,
            &self.subtitle,
            &self.sides.black,
            &self.sides.white,
            &self.name_line,
            &self.board.heading,
            &self.board.first,
            &self.board.score,
            &self.total,
            &self.rules.heading,
        ]
        .into_iter()
        .chain(&self.rules.lines)
    }
}

impl crate::games::template::Checked for Template {
    /// Every text must be drawable and every size sensible; errors point into the file.
    fn keep_source(&mut self, source: &SourceFile) {
        self.source = Some(source.clone());
    }

    fn check(
        &self,
        source: &SourceFile,
        font: &crate::font::Font,
    ) -> Result<(), crate::diagnostic::Diagnostic> {
        for label in self.labels() {
            check_text(label, self.placeholders(label), source, font)?;
        }
        let l = &self.layout;
        check_range(&l.margin_mm, (5.0, 50.0), "margin_mm", source)?;
        check_range(&l.gap_mm, (0.0, 50.0), "gap_mm", source)?;
        check_range(&l.title_pt, (7.0, 72.0), "title_pt", source)?;
        check_range(&l.text_pt, (7.0, 36.0), "text_pt", source)?;
        check_range(&l.label_pt, (7.0, 36.0), "label_pt", source)?;
        check_range(
            &l.min_point_spacing_mm,
            (3.0, 60.0),
            "min_point_spacing_mm",
            source,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Template, Error> {
        Template::parse(
            &SourceFile::new("t.yaml", text),
            &crate::font::Font::builtin(),
        )
    }

    #[test]
    fn the_shipped_template_is_valid() {
        let t = parse(BUILTIN.text()).unwrap();
        assert_eq!(t.title.value, "Shoreline 岸棋");
        assert_eq!(t.rules.lines.len(), 4);
    }

    #[test]
    fn an_unknown_key_names_the_key_and_its_place() {
        let text = BUILTIN.text().replace("subtitle:", "subtitel:");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("subtitel"), "{d}");
        assert_eq!(
            d.line,
            BUILTIN
                .text()
                .lines()
                .position(|l| l.starts_with("subtitle"))
                .unwrap()
                + 1
        );
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn a_character_outside_the_font_is_refused_where_it_stands() {
        let text = BUILTIN.text().replace("Shoreline 岸棋", "Shoreline 象棋");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("'象' (U+8C61)"), "{d}");
        let line = text.lines().position(|l| l.starts_with("title")).unwrap() + 1;
        assert_eq!((d.line, d.column), (line, 8));
    }

    #[test]
    fn a_mistyped_placeholder_is_refused_where_it_stands() {
        let shipped = include_str!("../../../templates/shoreline.yaml");
        let text = shipped.replace("heading: \"Board {n}\"", "heading: \"Board {m}\"");
        let Err(Error::Config(d)) = parse(&text) else {
            panic!("a mistyped placeholder must be refused")
        };
        assert!(
            d.message.contains("`{m}` is not a placeholder"),
            "{}",
            d.message
        );
        assert!(d.message.contains("this text may use {n}"), "{}", d.message);
        let line = text.lines().position(|l| l.contains("{m}")).unwrap() + 1;
        assert_eq!(d.line, line);
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        let text = BUILTIN.text().replace("title_pt: 22", "title_pt: 500");
        let err = parse(&text).unwrap_err();
        assert!(
            err.to_string()
                .contains("title_pt must be between 7 and 72"),
            "{err}"
        );
    }

    #[test]
    fn a_wrong_type_is_located() {
        let text = BUILTIN.text().replace("gap_mm: 7", "gap_mm: wide");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        let line = BUILTIN
            .text()
            .lines()
            .position(|l| l.contains("gap_mm"))
            .unwrap()
            + 1;
        assert_eq!((d.line, d.column), (line, 11), "{d}");
    }
}
