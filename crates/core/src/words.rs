//! The languages sheetgen writes in, and the lookup of its own words: the English text is the
//! key, each language's table (`templates/lang/*.yaml`, shared with the sheet templates) maps
//! it to a translation. Below the drawing layers, so a game's diagram can ask for its words
//! without knowing where they come from.

use crate::packed::{Packed, packed};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, OnceLock};

/// The languages sheets and diagrams are built in: English, and translations of its texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Fr, Lang::Zh];

    /// The language whose code is `code` (`de`), as `--lang` writes it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Self::ALL.into_iter().find(|lang| lang.name() == code)
    }

    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Zh => "zh",
        }
    }

    /// The table's file, as errors and notes name it.
    pub fn path(self) -> String {
        format!("templates/lang/{}.yaml", self.name())
    }

    /// English text → this language, for templates and diagrams alike.
    pub fn source(self) -> &'static str {
        static DE: Packed = packed!("lang-de.yaml");
        static FR: Packed = packed!("lang-fr.yaml");
        static ZH: Packed = packed!("lang-zh.yaml");
        match self {
            Lang::En => "",
            Lang::De => DE.text(),
            Lang::Fr => FR.text(),
            Lang::Zh => ZH.text(),
        }
    }

    /// English text → this language, for what sheetgen says rather than draws: its reports'
    /// and errors' words (`templates/messages/`), which need no glyph of the built-in font.
    pub fn messages_source(self) -> &'static str {
        static DE: Packed = packed!("messages-de.yaml");
        static FR: Packed = packed!("messages-fr.yaml");
        static ZH: Packed = packed!("messages-zh.yaml");
        match self {
            Lang::En => "",
            Lang::De => DE.text(),
            Lang::Fr => FR.text(),
            Lang::Zh => ZH.text(),
        }
    }

    /// The table of both sources, parsed once per process (a unit test checks every
    /// shipped one parses).
    pub fn table(self) -> &'static BTreeMap<String, String> {
        static TABLES: [OnceLock<BTreeMap<String, String>>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        TABLES[self as usize].get_or_init(|| {
            if self == Lang::En {
                return BTreeMap::new();
            }
            let parsed = |text: &str, path: String| -> BTreeMap<String, String> {
                crate::yaml::from_str(text)
                    .unwrap_or_else(|e| panic!("the shipped {path} is valid: {e}"))
            };
            let mut table = parsed(
                self.messages_source(),
                format!("templates/messages/{}.yaml", self.name()),
            );
            table.extend(parsed(self.source(), self.path()));
            table
        })
    }
}

/// The words one job draws, in its language. Clones share the list of texts the table
/// lacked, so a job hands a clone to every diagram it draws and reports the misses once.
#[derive(Debug, Clone, Default)]
pub struct Words {
    lang: Lang,
    missing: Arc<Mutex<BTreeSet<String>>>,
}

impl Words {
    pub fn new(lang: Lang) -> Self {
        Self {
            lang,
            missing: Arc::default(),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// `english` in this language; English itself when the table lacks it (noted, never a
    /// blank), its apostrophes typographic ([`typographic`]).
    pub fn tr(&self, english: &str) -> String {
        if self.lang == Lang::En {
            return typographic(english);
        }
        match self.lang.table().get(english) {
            Some(text) => text.clone(),
            None => {
                self.missing
                    .lock()
                    .expect("no job panics while holding it")
                    .insert(english.to_string());
                typographic(english)
            }
        }
    }

    /// `english` translated, then each placeholder (`{n}`) replaced by its value.
    pub fn fill(&self, english: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
        filled_in(&self.tr(english), values)
    }

    /// The note for the texts this job's table lacked, if any.
    pub fn untranslated(&self) -> Option<String> {
        let missing: Vec<String> = self
            .missing
            .lock()
            .expect("no job panics while holding it")
            .iter()
            .cloned()
            .collect();
        untranslated(self.lang, &missing)
    }
}

/// `text` with each placeholder (`{n}`) of `values` replaced by its value; any other brace
/// stays as it is.
pub(crate) fn filled_in(text: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    use std::fmt::Write;
    let mut filled = String::with_capacity(text.len() + 16);
    let mut rest = text;
    // Each `{name}` of `values` is written in place; any other brace stays as it is.
    while let Some(open) = rest.find('{') {
        filled.push_str(&rest[..open]);
        rest = &rest[open..];
        let named = rest[1..].split_once('}').and_then(|(name, _)| {
            let (_, value) = values.iter().find(|(n, _)| *n == name)?;
            Some((name.len() + 2, value))
        });
        match named {
            Some((len, value)) => {
                let _ = write!(filled, "{value}");
                rest = &rest[len..];
            }
            None => {
                filled.push('{');
                rest = &rest[1..];
            }
        }
    }
    filled.push_str(rest);
    filled
}

/// `text` with each apostrophe inside a word (`Black's`) as print sets it (’): the words in
/// code and the tables' keys keep the straight one you can type.
pub(crate) fn typographic(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let letter = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphabetic())
    };
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            '\'' if letter(i.checked_sub(1)) && letter(Some(i + 1)) => '’',
            c => c,
        })
        .collect()
}

/// The note on standard error for texts a translation lacks.
pub fn untranslated(lang: Lang, missing: &[String]) -> Option<String> {
    (!missing.is_empty()).then(|| {
        let mut note = format!(
            "note: {} text(s) not yet translated into {}, printed in English:",
            missing.len(),
            lang.name()
        );
        for text in missing {
            note.push_str("\n  ");
            note.push_str(text);
        }
        note
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_says_the_same_messages() {
        let keys = |lang: Lang| -> BTreeSet<String> {
            let table: BTreeMap<String, String> =
                crate::yaml::from_str(lang.messages_source()).unwrap();
            table.into_keys().collect()
        };
        assert!(keys(Lang::De).len() > 20);
        assert_eq!(keys(Lang::De), keys(Lang::Fr));
        assert_eq!(keys(Lang::De), keys(Lang::Zh));
    }

    #[test]
    fn a_missing_word_stays_english_and_is_noted_once() {
        let words = Words::new(Lang::De);
        assert_eq!(words.tr("Draw"), "Remis");
        let shared = words.clone();
        assert_eq!(shared.tr("No such words"), "No such words");
        assert_eq!(words.tr("No such words"), "No such words");
        let note = words.untranslated().expect("a note");
        assert!(
            note.contains("1 text(s) not yet translated into de"),
            "{note}"
        );
        assert!(note.contains("No such words"), "{note}");
        // A note, not an error: it changes no exit code and says no "error".
        assert!(!note.contains("error"), "{note}");
        assert!(Words::new(Lang::Fr).untranslated().is_none());
    }

    #[test]
    fn apostrophes_inside_words_are_typographic_in_every_language() {
        assert_eq!(
            Words::default().tr("Black's signature"),
            "Black’s signature"
        );
        assert_eq!(
            typographic("'quoted' l'ordre it's"),
            "'quoted' l’ordre it’s"
        );
        // No table value keeps a straight apostrophe inside a word.
        for lang in [Lang::De, Lang::Fr, Lang::Zh] {
            for text in lang.table().values() {
                assert_eq!(&typographic(text), text, "{lang:?}");
            }
        }
    }

    #[test]
    fn placeholders_are_filled_after_translating() {
        let words = Words::new(Lang::De);
        assert_eq!(words.fill("Board {n}", &[("n", &3)]), "Brett 3");
        assert_eq!(Words::default().fill("Board {n}", &[("n", &3)]), "Board 3");
        // Every place a name stands is filled; unknown names and lone braces stay.
        let words = Words::default();
        let filled = words.fill("{a}{b} {a} {c} { {b", &[("a", &"x"), ("b", &12)]);
        assert_eq!(filled, "x12 x {c} { {b");
    }
}
