//! The Towers sheet template: every text and size on the play sheet, from a YAML file a user
//! can copy and edit (`templates/towers.yaml` is the default, compiled in).

use crate::yaml::Spanned;
use serde::Deserialize;

use crate::error::Error;
use crate::games::template::{self, Builtin, Label, Rules, check_range, check_text};
use crate::input::SourceFile;
use crate::packed::{Packed, packed};
use crate::print_marks::ScaleUnit;

pub static BUILTIN: Builtin = Builtin {
    sheet: "towers",
    path: "templates/towers.yaml",
    packed: &TEXT,
};

static TEXT: Packed = packed!("towers.yaml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Which sheet the template is for; a template without it is taken to be this one's.
    #[serde(default)]
    pub sheet: Option<Label>,
    pub title: Label,
    pub subtitle: Label,
    pub sides: Sides,
    pub corners: Corners,
    pub name_line: Label,
    pub date: Label,
    pub table: TableTexts,
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
pub struct Corners {
    pub south: Label,
    pub north: Label,
    pub east: Label,
    pub west: Label,
}

/// The scoring table's row names.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableTexts {
    pub height: Label,
    pub combination: Label,
    pub unusable: Label,
    pub total: Label,
}

/// Sizes: text in points, lengths in millimetres.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    pub margin_mm: Spanned<f64>,
    pub title_pt: Spanned<f64>,
    pub text_pt: Spanned<f64>,
    pub label_pt: Spanned<f64>,
    pub table_width_mm: Spanned<f64>,
    #[serde(default)]
    pub scale_bar: ScaleUnit,
}

impl Template {
    /// The shipped template, in English.
    pub fn builtin() -> Template {
        template::parsed_builtin(&BUILTIN, Self::parse)
    }

    /// A template from `source`, its texts checked against `font`, the job's.
    pub fn parse(source: &SourceFile, font: &crate::font::Font) -> Result<Template, Error> {
        crate::games::template::parse_checked(source, &BUILTIN, font)
    }
}

impl Template {
    /// A sheet's text found running past its paper, refused at the key of the template text
    /// it is (the table's words, the corners), or as it is when no text of the template
    /// is it.
    pub fn refuse_past_the_edge(&self, past: crate::page::PastTheEdge) -> Error {
        let t = &self.table;
        let c = &self.corners;
        let labels = [
            &t.unusable,
            &t.total,
            &t.height,
            &t.combination,
            &c.south,
            &c.north,
            &c.east,
            &c.west,
            &self.title,
            &self.subtitle,
            &self.rules.heading,
        ];
        let own = labels
            .into_iter()
            .chain(&self.rules.lines)
            .find(|label| !label.value.is_empty() && past.text.contains(label.value.as_str()));
        match own {
            Some(label) => crate::games::template::misfit(&self.source, label, past.message),
            None => Error::Render(past.message),
        }
    }
}

impl crate::games::template::Checked for Template {
    fn keep_source(&mut self, source: &SourceFile) {
        self.source = Some(source.clone());
    }

    fn check(
        &self,
        source: &SourceFile,
        font: &crate::font::Font,
    ) -> Result<(), crate::diagnostic::Diagnostic> {
        let none: &[&str] = &[];
        let texts = [
            (&self.title, none),
            (&self.subtitle, none),
            (&self.sides.black, none),
            (&self.sides.white, none),
            (&self.corners.south, none),
            (&self.corners.north, none),
            (&self.corners.east, none),
            (&self.corners.west, none),
            (&self.name_line, &["{side}"]),
            (&self.date, none),
            (&self.table.height, &["{n}"]),
            (&self.table.combination, &["{c}"]),
            (&self.table.unusable, none),
            (&self.table.total, none),
            (&self.rules.heading, none),
        ];
        for (label, allowed) in texts {
            check_text(label, allowed, source, font)?;
        }
        for line in &self.rules.lines {
            check_text(line, none, source, font)?;
        }
        let l = &self.layout;
        check_range(&l.margin_mm, (5.0, 50.0), "margin_mm", source)?;
        check_range(&l.title_pt, (7.0, 72.0), "title_pt", source)?;
        check_range(&l.text_pt, (7.0, 36.0), "text_pt", source)?;
        check_range(&l.label_pt, (7.0, 36.0), "label_pt", source)?;
        check_range(&l.table_width_mm, (50.0, 120.0), "table_width_mm", source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_template_is_valid() {
        assert_eq!(Template::builtin().title.value, "Towers");
    }

    #[test]
    fn a_shoreline_template_is_refused_at_its_sheet_key() {
        let text = include_str!("../../../templates/shoreline.yaml");
        let err = Template::parse(
            &SourceFile::new("s.yaml", text),
            &crate::font::Font::builtin(),
        )
        .unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("template for `shoreline`"), "{d}");
        let line = text.lines().position(|l| l.starts_with("sheet:")).unwrap() + 1;
        assert_eq!(d.line, line);
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn a_mistyped_placeholder_is_located() {
        let text = BUILTIN.text().replace("height {n}", "height {h}");
        let err = Template::parse(
            &SourceFile::new("t.yaml", &text),
            &crate::font::Font::builtin(),
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("`{h}` is not a placeholder"),
            "{err}"
        );
    }
}
