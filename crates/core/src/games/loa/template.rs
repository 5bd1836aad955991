//! The Lines of Action sheet template: every text and size on the board sheet and the
//! scoresheet, from a YAML file a user can copy and edit (`templates/loa.yaml` is the
//! default, compiled in).

use crate::yaml::Spanned;
use serde::Deserialize;

use crate::error::Error;
use crate::games::template::{self, Builtin, Label, Rules, check_range, check_text};
use crate::input::SourceFile;
use crate::packed::{Packed, packed};
use crate::print_marks::ScaleUnit;

pub static BUILTIN: Builtin = Builtin {
    sheet: "loa",
    path: "templates/loa.yaml",
    packed: &TEXT,
};

static TEXT: Packed = packed!("loa.yaml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Which sheet the template is for; a template without it is taken to be this one's.
    #[serde(default)]
    pub sheet: Option<Label>,
    pub title: Label,
    pub caption: Label,
    pub setups: Setups,
    pub obstructions: Obstructions,
    pub footer: Label,
    pub rules: Rules,
    pub scoresheet: Scoresheet,
    pub layout: Layout,
    /// The file it was read from, for errors at its keys found where the sheet is laid out.
    #[serde(skip)]
    pub source: Option<SourceFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setups {
    pub standard: Label,
    pub scrambled_eggs: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Obstructions {
    pub none: Label,
    pub some: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoresheet {
    pub title: Label,
    pub fields: Fields,
    pub columns: Columns,
    pub result: Label,
    pub outcomes: Outcomes,
    pub signatures: Signatures,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fields {
    pub event: Label,
    pub date: Label,
    pub round: Label,
    pub black: Label,
    pub white: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Columns {
    pub number: Label,
    pub black: Label,
    pub white: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcomes {
    pub black: Label,
    pub white: Label,
    pub draw: Label,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signatures {
    pub black: Label,
    pub white: Label,
    pub arbiter: Label,
}

/// Sizes: text in points, lengths in millimetres.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    pub margin_mm: Spanned<f64>,
    pub title_pt: Spanned<f64>,
    pub text_pt: Spanned<f64>,
    pub small_pt: Spanned<f64>,
    pub min_row_mm: Spanned<f64>,
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

impl crate::games::template::Checked for Template {
    fn keep_source(&mut self, source: &SourceFile) {
        self.source = Some(source.clone());
    }

    fn check(
        &self,
        source: &SourceFile,
        font: &crate::font::Font,
    ) -> Result<(), crate::diagnostic::Diagnostic> {
        let caption: &[&str] = &["{n}", "{pieces}", "{setup}", "{obstructions}"];
        check_text(&self.caption, caption, source, font)?;
        check_text(&self.obstructions.some, &["{squares}"], source, font)?;
        let s = &self.scoresheet;
        let plain = [
            &self.title,
            &self.setups.standard,
            &self.setups.scrambled_eggs,
            &self.obstructions.none,
            &self.footer,
            &self.rules.heading,
            &s.title,
            &s.fields.event,
            &s.fields.date,
            &s.fields.round,
            &s.fields.black,
            &s.fields.white,
            &s.columns.number,
            &s.columns.black,
            &s.columns.white,
            &s.result,
            &s.outcomes.black,
            &s.outcomes.white,
            &s.outcomes.draw,
            &s.signatures.black,
            &s.signatures.white,
            &s.signatures.arbiter,
        ];
        for label in plain.into_iter().chain(&self.rules.lines) {
            check_text(label, &[], source, font)?;
        }
        let l = &self.layout;
        check_range(&l.margin_mm, (5.0, 50.0), "margin_mm", source)?;
        check_range(&l.title_pt, (7.0, 72.0), "title_pt", source)?;
        check_range(&l.text_pt, (7.0, 36.0), "text_pt", source)?;
        check_range(&l.small_pt, (7.0, 36.0), "small_pt", source)?;
        check_range(&l.min_row_mm, (4.0, 20.0), "min_row_mm", source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_template_is_valid() {
        let t = Template::builtin();
        assert_eq!(t.title.value, "Lines of Action");
        assert_eq!(t.rules.lines.len(), 4);
    }

    #[test]
    fn an_unknown_key_is_located() {
        let text = BUILTIN
            .text()
            .replace("  footer_pt", "x")
            .replace("footer:", "fooder:");
        let err = Template::parse(
            &SourceFile::new("t.yaml", &text),
            &crate::font::Font::builtin(),
        )
        .unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("fooder"), "{d}");
        let line = text.lines().position(|l| l.starts_with("fooder")).unwrap() + 1;
        assert_eq!(d.line, line);
    }

    #[test]
    fn a_wrong_type_is_located() {
        let text = BUILTIN.text().replace("min_row_mm: 6", "min_row_mm: [6]");
        let err = Template::parse(
            &SourceFile::new("t.yaml", &text),
            &crate::font::Font::builtin(),
        )
        .unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        let line = text.lines().position(|l| l.contains("min_row_mm")).unwrap() + 1;
        assert_eq!(d.line, line, "{d}");
    }
}
