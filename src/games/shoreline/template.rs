//! The Shoreline sheet template: every text and size on the sheet, from a YAML file a user
//! can copy and edit (`templates/shoreline.yaml` is the default, compiled in).

use std::sync::OnceLock;

use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::error::Error;
use crate::font;
use crate::input::SourceFile;

/// The shipped template, the default for `sheetgen shoreline`.
pub const DEFAULT_PATH: &str = "templates/shoreline.yaml";
const DEFAULT_TEXT: &str = include_str!("../../../templates/shoreline.yaml");

/// A text from the template, with its place in the file for error messages.
pub type Label = Spanned<String>;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    pub title: Label,
    pub subtitle: Label,
    pub sides: Sides,
    pub name_line: Label,
    pub board: BoardTexts,
    pub total: Label,
    pub rules: Rules,
    pub layout: Layout,
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

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub heading: Label,
    pub lines: Vec<Label>,
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
}

impl Template {
    /// The shipped template, parsed once per process.
    pub fn builtin() -> Template {
        static BUILTIN: OnceLock<Template> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                let source = SourceFile::new(DEFAULT_PATH, DEFAULT_TEXT);
                // Checked against sheetgen's own font, whatever --font the first job chose:
                // a chosen font that lacks its characters is refused when they are drawn.
                font::using(font::Font::builtin(), || Self::parse(&source))
                    .expect("the shipped template is valid (a unit test checks it)")
            })
            .clone()
    }

    /// Reads and checks a user's template.
    pub fn load(path: &str) -> Result<Template, Error> {
        Self::parse(&SourceFile::read(path)?)
    }

    pub fn parse(source: &SourceFile) -> Result<Template, Error> {
        let template: Template = source.parse_yaml().map_err(Error::Config)?;
        template.check(source).map_err(Error::Config)?;
        Ok(template)
    }

    /// Every text must be drawable and every size sensible; errors point into the file.
    fn check(&self, source: &SourceFile) -> Result<(), crate::diagnostic::Diagnostic> {
        for label in self.labels() {
            font::check(&label.value)
                .map_err(|missing| source.error_at(&label.referenced, missing.to_string()))?;
            self.check_placeholders(label, source)?;
        }
        let l = &self.layout;
        let ranges = [
            (&l.margin_mm, 5.0, 50.0, "margin_mm"),
            (&l.gap_mm, 0.0, 50.0, "gap_mm"),
            (&l.title_pt, 6.0, 72.0, "title_pt"),
            (&l.text_pt, 5.0, 36.0, "text_pt"),
            (&l.label_pt, 5.0, 36.0, "label_pt"),
            (&l.min_point_spacing_mm, 3.0, 60.0, "min_point_spacing_mm"),
        ];
        for (value, min, max, name) in ranges {
            if !(min..=max).contains(&value.value) {
                return Err(source.error_at(
                    &value.referenced,
                    format!(
                        "{name} must be between {min} and {max}, not {}",
                        value.value
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A mistyped placeholder ("Board {m}") would print as written: refused, with the ones
    /// this text may use.
    fn check_placeholders(
        &self,
        label: &Label,
        source: &SourceFile,
    ) -> Result<(), crate::diagnostic::Diagnostic> {
        let allowed: &[&str] = if std::ptr::eq(label, &self.board.heading) {
            &["{n}"]
        } else if std::ptr::eq(label, &self.name_line) || std::ptr::eq(label, &self.board.first) {
            &["{side}"]
        } else {
            &[]
        };
        let text = &label.value;
        for (start, _) in text.match_indices('{') {
            let Some(length) = text[start..].find('}') else {
                continue;
            };
            let placeholder = &text[start..=start + length];
            if !allowed.contains(&placeholder) {
                let here = match allowed {
                    [] => "this text has none".to_string(),
                    [one] => format!("this text may use {one}"),
                    _ => format!("this text may use {}", allowed.join(", ")),
                };
                return Err(source.error_at(
                    &label.referenced,
                    format!("`{placeholder}` is not a placeholder sheetgen fills in; {here}"),
                ));
            }
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Template, Error> {
        Template::parse(&SourceFile::new("t.yaml", text))
    }

    #[test]
    fn the_shipped_template_is_valid() {
        let t = parse(DEFAULT_TEXT).unwrap();
        assert_eq!(t.title.value, "Shoreline 岸棋");
        assert_eq!(t.rules.lines.len(), 4);
    }

    #[test]
    fn an_unknown_key_names_the_key_and_its_place() {
        let text = DEFAULT_TEXT.replace("subtitle:", "subtitel:");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("subtitel"), "{d}");
        assert_eq!(
            d.line,
            DEFAULT_TEXT
                .lines()
                .position(|l| l.starts_with("subtitle"))
                .unwrap()
                + 1
        );
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn a_character_outside_the_font_is_refused_where_it_stands() {
        let text = DEFAULT_TEXT.replace("Shoreline 岸棋", "Shoreline 象棋");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        assert!(d.message.contains("'象' (U+8C61)"), "{d}");
        assert_eq!((d.line, d.column), (9, 8));
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
        let text = DEFAULT_TEXT.replace("title_pt: 22", "title_pt: 500");
        let err = parse(&text).unwrap_err();
        assert!(
            err.to_string()
                .contains("title_pt must be between 6 and 72"),
            "{err}"
        );
    }

    #[test]
    fn a_wrong_type_is_located() {
        let text = DEFAULT_TEXT.replace("gap_mm: 7", "gap_mm: wide");
        let err = parse(&text).unwrap_err();
        let Error::Config(d) = &err else {
            panic!("{err:?}")
        };
        let line = DEFAULT_TEXT
            .lines()
            .position(|l| l.contains("gap_mm"))
            .unwrap()
            + 1;
        assert_eq!((d.line, d.column), (line, 11), "{d}");
    }
}
