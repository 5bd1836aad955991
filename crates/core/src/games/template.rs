//! What every sheet template shares: the `sheet:` key that says which sheet a template is
//! for, the checks on texts and sizes (errors point into the file), and the built-in
//! translations (`--lang`), which replace the built-in template's texts one by one.

use crate::packed::Packed;
use crate::yaml::Spanned;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::font::Font;
use crate::input::SourceFile;
use crate::vocabulary::Phrase;

/// A text from a template, with its place in the file for error messages.
pub(crate) type Label = Spanned<String>;

/// A sheet's short rules (`--rules`), as every game's template writes them.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub heading: Label,
    pub lines: Vec<Label>,
}

impl Rules {
    /// The rules in a framed box at `size` points in `font` across `span`, its foot at
    /// `bottom`; returns the box and its top.
    pub fn draw(
        &self,
        font: &Font,
        size: f64,
        span: (f64, f64),
        bottom: f64,
    ) -> (crate::figure::Group, f64) {
        let lines: Vec<&str> = self.lines.iter().map(|l| l.value.as_str()).collect();
        crate::layout::rules_box(font, &self.heading.value, &lines, size, span, bottom)
    }
}

/// A game's built-in template, compiled in, as `sheetgen template GAME` prints it.
pub struct Builtin {
    /// The value of its `sheet:` key, and the command its sheets come from.
    pub sheet: &'static str,
    pub path: &'static str,
    /// Its text, packed (`build.rs`).
    pub(crate) packed: &'static Packed,
}

impl Builtin {
    /// The template's text, as `path` holds it in the repository.
    pub fn text(&self) -> &'static str {
        self.packed.text()
    }
}

/// The built-in template parsed with `parse`, checked against sheetgen's own font whatever
/// `--font` the job chose: a chosen font that lacks its characters is refused when they
/// are drawn, not here.
pub(crate) fn parsed_builtin<T>(
    builtin: &Builtin,
    parse: impl FnOnce(&SourceFile, &Font) -> Result<T, Error>,
) -> T {
    let source = SourceFile::new(builtin.path, builtin.text());
    parse(&source, &Font::builtin()).unwrap_or_else(|e| {
        panic!(
            "the shipped template {} is valid (a unit test checks it): {e}",
            builtin.path
        )
    })
}

/// Every template's first key (a template without it, written before it existed, is taken
/// to be for the sheet it is given to).
#[derive(Deserialize)]
struct Kind {
    sheet: Option<Spanned<String>>,
}

/// Parses a template into `T`, after checking it is one for this sheet: a Towers template
/// given to the Shoreline sheet is refused at its `sheet:` key, not at its first odd key.
pub fn parse<T: DeserializeOwned>(source: &SourceFile, builtin: &Builtin) -> Result<T, Error> {
    // A file that is not even a template gets the full parse's error, which says more.
    let Ok(kind) = source.parse_yaml::<Kind>() else {
        return source.parse_yaml().map_err(Error::Config);
    };
    if let Some(sheet) = kind.sheet.filter(|s| s.value != builtin.sheet) {
        return Err(Error::Config(source.error_at(
            &sheet.referenced,
            format!(
                "this is a template for `{}`, not for `sheetgen {}`; `sheetgen template {}` \
                 prints one to start from",
                sheet.value, builtin.sheet, builtin.sheet
            ),
        )));
    }
    source.parse_yaml().map_err(Error::Config)
}

/// A text must be drawable with `font`, and every `{…}` in it one of `allowed`.
pub(crate) fn check_text(
    label: &Label,
    allowed: &[&str],
    source: &SourceFile,
    font: &Font,
) -> Result<(), Diagnostic> {
    font.check(&label.value).map_err(|missing| {
        source
            .error_at(&label.referenced, missing.to_string())
            .worded(missing.phrase())
            .blaming(missing.option())
    })?;
    let text = &label.value;
    for (start, _) in text.match_indices('{') {
        // Without a `}` after this `{` there is none after a later one either.
        let Some(length) = text[start..].find('}') else {
            searched(text.len() - start);
            break;
        };
        searched(length + 1);
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

#[cfg(test)]
thread_local! {
    /// How many bytes of texts were searched for placeholders: the tests check it stays
    /// linear.
    static SEARCHED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn searched(bytes: usize) {
    #[cfg(test)]
    SEARCHED.set(SEARCHED.get() + bytes);
    let _ = bytes;
}

/// A size must lie in `min..=max`; the error names the key.
pub(crate) fn check_range(
    value: &Spanned<f64>,
    (min, max): (f64, f64),
    name: &str,
    source: &SourceFile,
) -> Result<(), Diagnostic> {
    if (min..=max).contains(&value.value) {
        return Ok(());
    }
    Err(source.error_at(
        &value.referenced,
        format!(
            "{name} must be between {min} and {max}, not {}",
            value.value
        ),
    ))
}

pub use crate::words::{Lang, untranslated};

/// The built-in template in `lang`: each quoted text replaced by its translation, the keys,
/// sizes and comments unchanged, so `sheetgen template GAME --lang de` prints a template that
/// gives the same sheet back. Texts the translation lacks stay English; they are returned.
pub fn translated(builtin: &Builtin, lang: Lang) -> (String, Vec<String>) {
    if lang == Lang::En {
        return (builtin.text().to_string(), Vec::new());
    }
    let table = lang.table();
    let mut missing = Vec::new();
    let mut out = String::with_capacity(builtin.text().len());
    for line in builtin.text().split_inclusive('\n') {
        match quoted(line) {
            Some((start, end)) => {
                let english = &line[start..end];
                // The tables are keyed by the words as code writes them, with straight
                // apostrophes; the templates print typographic ones.
                match table.get(&english.replace('’', "'")) {
                    Some(text) => {
                        out.push_str(&line[..start]);
                        out.push_str(text);
                        out.push_str(&line[end..]);
                    }
                    None => {
                        missing.push(english.to_string());
                        out.push_str(line);
                    }
                }
            }
            None => out.push_str(line),
        }
    }
    (out, missing)
}

/// The byte range of a line's quoted text (between its first two `"`), when the line is not
/// a comment. The shipped templates hold at most one text a line and no escaped quotes.
fn quoted(line: &str) -> Option<(usize, usize)> {
    if line.trim_start().starts_with('#') {
        return None;
    }
    let start = line.find('"')? + 1;
    let end = start + line[start..].find('"')?;
    Some((start, end))
}

/// What a template checks beyond its YAML shape: texts the font draws, placeholders and
/// sizes in range, each error at its place.
pub trait Checked {
    /// Every text drawable with `font` and every size sensible; errors point into the file.
    fn check(&self, source: &SourceFile, font: &Font) -> Result<(), Diagnostic>;
    /// Keeps the file the template was read from, so that a text found too long where the
    /// sheet is laid out is refused at its key's line and column ([`misfit`]).
    fn keep_source(&mut self, source: &SourceFile);
}

/// A template text that does not fit where the sheet sets it: refused at `label`'s line and
/// column in the template's file (a malformed template), `message` saying why.
pub(crate) fn misfit(source: &Option<SourceFile>, label: &Label, message: Phrase) -> Error {
    match source {
        Some(source) => Error::Config(source.error_at(&label.referenced, message.to_string())),
        None => Error::Render(message),
    }
}

/// A template for `builtin`'s sheet, parsed and checked, its texts against `font`.
pub(crate) fn parse_checked<T: DeserializeOwned + Checked>(
    source: &SourceFile,
    builtin: &Builtin,
    font: &Font,
) -> Result<T, Error> {
    let mut template: T = parse(source, builtin)?;
    template.check(source, font).map_err(Error::Config)?;
    template.keep_source(source);
    Ok(template)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_translations_parse_and_every_text_can_be_drawn() {
        for lang in [Lang::De, Lang::Fr, Lang::Zh] {
            let table: std::collections::BTreeMap<String, String> =
                SourceFile::new("t.yaml", lang.source())
                    .parse_yaml()
                    .unwrap();
            for (english, text) in &table {
                assert!(!text.trim().is_empty(), "{lang:?}: {english} is blank");
                assert!(!text.contains('"'), "{lang:?}: {text} holds a quote");
                Font::builtin()
                    .check(text)
                    .unwrap_or_else(|m| panic!("{lang:?}: {text}: {m}"));
            }
        }
    }

    #[test]
    fn a_text_of_many_braces_is_read_once() {
        // Each `{` was followed to the text's end in search of its `}`: 400,000 of them
        // took seconds (issue 27). The work is counted, not timed.
        let source = SourceFile::new("t.yaml", "title: x\n");
        let label = |text: String| {
            Label::new(
                text,
                serde_saphyr::Location::UNKNOWN,
                serde_saphyr::Location::UNKNOWN,
            )
        };
        for text in ["{".repeat(20_000), format!("{}{{n}}", "{".repeat(20_000))] {
            SEARCHED.set(0);
            let checked = check_text(&label(text.clone()), &["{n}"], &source, &Font::builtin());
            let searched = SEARCHED.get();
            assert!(
                searched <= 2 * text.len(),
                "{searched} bytes searched in {}",
                text.len()
            );
            if text.ends_with('}') {
                let err = checked.unwrap_err().message;
                assert!(
                    err.starts_with("`{{{{"),
                    "a `{{` with a `}}` after it: {err}"
                );
            } else {
                assert!(checked.is_ok(), "no `}}`: no placeholder");
            }
        }
    }

    #[test]
    fn a_missing_translation_stays_english_and_is_named() {
        let text = b"# \"comment\"\nsheet: x\ntitle: \"No such text here\"\n";
        // Built in as a native build builds it in: as it is.
        let builtin = Builtin {
            sheet: "x",
            path: "x.yaml",
            packed: Box::leak(Box::new(Packed::new(text))),
        };
        let (text, missing) = translated(&builtin, Lang::De);
        assert_eq!(text, builtin.text());
        assert_eq!(missing, ["No such text here"]);
        assert!(untranslated(Lang::De, &missing).is_some());
    }
}
