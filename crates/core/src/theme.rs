//! Themes: the colours of a diagram by role (the shared ones in [`crate::palette`], each
//! game's in its own, all listed by [`crate::games::colour_roles`]) and a line-width factor.
//! `color` is the default, `print` keeps only black, white and greys for laser printers,
//! `colorblind` swaps the accents for the Okabe–Ito palette; a YAML file gives a user's own.

use std::collections::BTreeMap;
use std::path::Path;

use crate::yaml::Spanned;
use serde::Deserialize;

use crate::error::Error;
use crate::figure::{Color, Figure, Group, Item};
use crate::input::SourceFile;
use crate::palette;

#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: String,
    /// Palette colour → the theme's colour; colours not listed stay.
    map: Vec<(Color, Color)>,
    /// Every colour to its grey (the print theme).
    greys: bool,
    /// Line widths are multiplied by this.
    pub stroke_scale: f64,
}

impl Default for Theme {
    fn default() -> Self {
        Self::color()
    }
}

/// The grey a colour prints as (ITU-R BT.601 luma).
pub(crate) fn grey_of(c: Color) -> Color {
    let luma = 0.299 * f64::from(c.r) + 0.587 * f64::from(c.g) + 0.114 * f64::from(c.b);
    Color::grey(luma.round() as u8)
}

impl Theme {
    pub fn color() -> Self {
        Self {
            name: "color".into(),
            map: Vec::new(),
            greys: false,
            stroke_scale: 1.0,
        }
    }

    /// Black, white and greys only. Marks already differ by shape and dash, not only colour;
    /// lines are a little heavier so greys survive a laser printer.
    pub fn print() -> Self {
        Self {
            name: "print".into(),
            map: Vec::new(),
            greys: true,
            stroke_scale: 1.15,
        }
    }

    /// The accents from Okabe and Ito's palette, told apart under the common colour vision
    /// deficiencies.
    pub fn colorblind() -> Self {
        // Lines and marks need 3:1 against paper and LOA's dark squares (see the test
        // `every_role_stands_out_from_what_it_sits_on`), so the light accents are darkened.
        let accents = [
            ("last_move", Color::rgb(0, 114, 178)),   // blue
            ("move", Color::rgb(0, 80, 130)),         // blue, darker
            ("warning", Color::rgb(180, 70, 0)),      // vermillion, darker
            ("second", Color::rgb(0, 120, 90)),       // bluish green, darker
            ("current", Color::rgb(190, 95, 150)),    // reddish purple, darker
            ("annotation", Color::rgb(150, 70, 120)), // reddish purple, darker
            ("highlight", Color::rgb(240, 228, 66)),  // yellow
        ];
        let roles = crate::games::colour_roles();
        let role = |name: &str| roles.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
        let map = accents
            .iter()
            .filter_map(|(name, to)| Some((role(name)?, *to)))
            .collect();
        Self {
            name: "colorblind".into(),
            map,
            greys: false,
            stroke_scale: 1.0,
        }
    }

    /// The built-in themes' names.
    pub const BUILT_IN: [&str; 3] = ["color", "print", "colorblind"];

    /// Whether `name` (a `--theme` value) names a built-in theme rather than a file.
    pub fn is_built_in(name: impl AsRef<Path>) -> bool {
        name.as_ref()
            .to_str()
            .is_some_and(|name| Self::BUILT_IN.contains(&name))
    }

    /// The built-in theme `name`: `color`, `print` or `colorblind`.
    pub fn built_in(name: &str) -> Option<Self> {
        match name {
            "color" => Some(Self::color()),
            "print" => Some(Self::print()),
            "colorblind" => Some(Self::colorblind()),
            _ => None,
        }
    }

    /// A theme from a theme file's text; errors point into it.
    pub fn parse(source: &SourceFile) -> Result<Self, Error> {
        let path = source.path.as_path();
        let file: ThemeFile = source.parse_yaml().map_err(Error::Config)?;
        let mut map = Vec::new();
        let roles = crate::games::colour_roles();
        for (role, value) in &file.colors {
            let Some((_, from)) = roles.iter().find(|(name, _)| name == role) else {
                let names: Vec<&str> = roles.iter().map(|(n, _)| *n).collect();
                return Err(Error::Config(source.error_at(
                    &value.referenced,
                    format!(
                        "`{role}` is not a colour role; the roles are {}",
                        names.join(", ")
                    ),
                )));
            };
            let to = parse_hex(&value.value).ok_or_else(|| {
                Error::Config(source.error_at(
                    &value.referenced,
                    format!("`{}` is not a colour like \"#1e64c8\"", value.value),
                ))
            })?;
            map.push((*from, to));
        }
        let stroke_scale = match &file.stroke_scale {
            None => 1.0,
            Some(s) if (0.25..=4.0).contains(&s.value) => s.value,
            Some(s) => {
                return Err(Error::Config(source.error_at(
                    &s.referenced,
                    "stroke_scale must be between 0.25 and 4",
                )));
            }
        };
        let theme = Self {
            name: path.display().to_string(),
            map,
            greys: false,
            stroke_scale,
        };
        let (ink, paper) = (theme.map(palette::INK), theme.map(palette::PAPER));
        let ratio = contrast(ink, paper);
        if ratio < MIN_CONTRAST {
            // Pointed at the colour the file changed (ink first).
            let at = file.colors.get("ink").or_else(|| file.colors.get("paper"));
            let message = format!(
                "ink {} on paper {} has a contrast of {ratio:.1}:1: text would be {}; \
                 it needs at least {MIN_CONTRAST}:1",
                hex(ink),
                hex(paper),
                if ink == paper {
                    "invisible"
                } else {
                    "hard to read"
                },
            );
            let diagnostic = match at {
                Some(value) => source.error_at(&value.referenced, message),
                None => crate::diagnostic::Diagnostic::file(path, message),
            };
            return Err(Error::Config(diagnostic));
        }
        Ok(theme)
    }

    pub fn map(&self, c: Color) -> Color {
        if self.greys {
            return grey_of(c);
        }
        self.map
            .iter()
            .find(|(from, _)| *from == c)
            .map_or(c, |(_, to)| *to)
    }

    /// Recolours `figure` and scales its line widths.
    pub fn apply(&self, figure: &mut Figure) {
        if *self != Self::color() {
            self.apply_group(&mut figure.root);
            if let Some(key) = &mut figure.key {
                self.apply_group(key);
            }
        }
    }

    fn apply_group(&self, group: &mut Group) {
        for item in &mut group.items {
            match item {
                Item::Shape(_, paint) => {
                    paint.fill = paint.fill.map(|c| self.map(c));
                    if let Some(stroke) = &mut paint.stroke {
                        stroke.color = self.map(stroke.color);
                        stroke.width *= self.stroke_scale;
                    }
                }
                Item::Text(text) => text.color = self.map(text.color),
                Item::Group(child) => self.apply_group(child),
            }
        }
    }
}

/// A theme file: colours by role name, and a line-width factor.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    #[serde(default)]
    colors: BTreeMap<String, Spanned<String>>,
    stroke_scale: Option<Spanned<f64>>,
}

/// The least contrast between ink and paper a theme may have: WCAG's minimum for large text
/// (its 4.5:1 for body text would refuse some sepia or dark themes people print happily).
pub(crate) const MIN_CONTRAST: f64 = 3.0;

/// WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white).
pub(crate) fn contrast(a: Color, b: Color) -> f64 {
    let luminance = |c: Color| {
        let channel = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}

fn parse_hex(text: &str) -> Option<Color> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Color::rgb(byte(0)?, byte(2)?, byte(4)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_leaves_only_greys() {
        let print = Theme::print();
        for (_, c) in crate::games::colour_roles() {
            let g = print.map(c);
            assert!(g.r == g.g && g.g == g.b, "{c:?} -> {g:?}");
        }
        assert_eq!(print.map(Color::WHITE), Color::WHITE);
        assert_eq!(print.map(Color::BLACK), Color::BLACK);
    }

    #[test]
    fn colorblind_changes_the_accents_and_keeps_the_rest() {
        let cb = Theme::colorblind();
        assert_ne!(cb.map(palette::WARNING), palette::WARNING);
        // Every accent names a role.
        assert_eq!(cb.map.len(), 7);
        assert_eq!(cb.map(palette::STONE_BLACK), palette::STONE_BLACK);
    }

    #[test]
    fn ink_that_paper_hides_is_refused_where_the_file_sets_it() {
        let parse = |text: &str| Theme::parse(&SourceFile::new("t.yaml", text));
        let Err(Error::Config(d)) = parse("colors:\n  ink: \"#ffffff\"\n") else {
            panic!("white ink on white paper must be refused")
        };
        assert_eq!((d.line, d.column), (2, 8), "{d}");
        assert!(d.message.contains("contrast of 1.0:1"), "{d}");
        assert!(d.message.contains("invisible"), "{d}");
        let Err(Error::Config(d)) = parse("colors:\n  paper: \"#222222\"\n") else {
            panic!("black ink on near-black paper must be refused")
        };
        assert_eq!(d.line, 2, "{d}");
        assert!(d.message.contains("hard to read"), "{d}");
        assert!(parse("colors:\n  ink: \"#f0f0f0\"\n  paper: \"#1e1e1e\"\n").is_ok());
        for builtin in [Theme::color(), Theme::print(), Theme::colorblind()] {
            let ratio = contrast(builtin.map(palette::INK), builtin.map(palette::PAPER));
            assert!(ratio >= MIN_CONTRAST, "{}", builtin.name);
        }
        let shipped = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../templates/theme.yaml"
        ))
        .unwrap();
        assert!(parse(&shipped).is_ok());
    }

    /// What each line or mark role is drawn on: paper, LOA's dark squares and its last-move
    /// tint, Towers' tinted Lines.
    const SITS_ON: &[(&str, &[&str])] = &[
        ("ink", &["paper", "board_dark", "row_tint"]),
        ("stone_black", &["paper", "board_dark", "row_tint"]),
        ("highlight_edge", &["paper", "board_dark", "row_tint"]),
        ("annotation", &["paper", "board_dark", "row_tint"]),
        ("last_move", &["paper", "board_dark", "last_move_square"]),
        ("warning", &["paper", "board_dark", "row_tint"]),
        (
            "move",
            &["paper", "board_dark", "row_tint", "last_move_square"],
        ),
        ("second", &["paper", "row_tint"]),
        // Towers' Current Line outlines a Line's squares, white or tinted.
        ("current", &["paper", "row_tint"]),
        ("link_black", &["paper", "board_dark"]),
        ("refused", &["paper", "board_dark"]),
    ];

    #[test]
    fn every_role_stands_out_from_what_it_sits_on() {
        let roles = crate::games::colour_roles();
        let role = |name: &str| {
            roles
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, c)| *c)
                .unwrap_or_else(|| panic!("no role {name}"))
        };
        let mut weak = Vec::new();
        for theme in Theme::BUILT_IN.map(|name| Theme::built_in(name).unwrap()) {
            // As printed in colour, and as a photocopier turns it to grey.
            for grey in [false, true] {
                let shown = |name: &str| {
                    let c = theme.map(role(name));
                    if grey { grey_of(c) } else { c }
                };
                for (fg, backgrounds) in SITS_ON {
                    for bg in *backgrounds {
                        let ratio = contrast(shown(fg), shown(bg));
                        if ratio < MIN_CONTRAST {
                            weak.push(format!(
                                "{} (grey {grey}): {fg} on {bg} {ratio:.2}:1",
                                theme.name
                            ));
                        }
                    }
                }
            }
        }
        assert!(weak.is_empty(), "{weak:#?}");
    }

    #[test]
    fn hex_colours_parse_and_refuse_junk() {
        assert_eq!(parse_hex("#1e64c8"), Some(Color::rgb(30, 100, 200)));
        assert_eq!(parse_hex("1e64c8"), None);
        assert_eq!(parse_hex("#12345"), None);
        assert_eq!(parse_hex("#gg0000"), None);
    }
}
