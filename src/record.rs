//! Game records: YAML files of one or more documents (separated by `---`), one game each.
//!
//! Every document is first read into one raw shape shared by all games, with the place of
//! every value kept; the `game` key then picks the game, whose module checks the rest
//! against its rules. A broken document does not stop the ones after it.

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::games::Game;
use crate::input::SourceFile;

/// A text value with its place in the file.
pub type Text = Spanned<String>;

/// One document as written, before any game checks it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRecord {
    pub game: Text,
    pub title: Option<Text>,
    pub date: Option<Text>,
    pub players: Option<Players>,
    pub rules: Option<Spanned<RawRules>>,
    pub moves: Option<Spanned<Moves>>,
    pub result: Option<Spanned<Claim>>,
    /// Figures of the game a rulebook or bulletin wants, drawn by `render --diagram K`.
    pub diagrams: Option<Vec<RawDiagram>>,
    /// Lines of Action: the side that resigned after the last move.
    pub resigned: Option<Text>,
    /// Towers: the turns, each with its reveals and placements.
    pub turns: Option<Spanned<Vec<crate::games::towers::record::RawTurn>>>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Players {
    pub black: Option<Text>,
    pub white: Option<Text>,
}

/// One entry of `diagrams`: the position after `at` moves, a caption, and rulebook figures.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDiagram {
    pub at: Option<Text>,
    pub caption: Option<Text>,
    /// `lines:SQ` or `moves:SQ` (Lines of Action).
    pub show: Option<Vec<Text>>,
    /// `[[b1, b3], [h2, f4]]`
    pub arrows: Option<Vec<Spanned<Vec<Text>>>>,
    /// `{ c3: triangle, d4: circle }`
    pub marks: Option<crate::annotate::Pairs>,
    /// `{ a1: A, b2: "1" }`
    pub labels: Option<crate::annotate::Pairs>,
    /// `[c3, d4]`
    pub highlight: Option<Vec<Text>>,
}

/// A checked entry of `diagrams`.
#[derive(Debug, Clone)]
pub struct DiagramSpec {
    pub at: Option<usize>,
    pub caption: Option<Text>,
    pub show: Vec<Text>,
    pub annotations: crate::annotate::Annotations,
}

/// Rule options of every game; each game refuses the ones it does not have.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    /// Shoreline (S3, S7).
    pub first: Option<Text>,
    pub scoring: Option<Text>,
    /// Lines of Action (L1, L2, L4, L6).
    pub size: Option<Text>,
    pub setup: Option<Text>,
    pub obstructions: Option<Spanned<Vec<Text>>>,
    pub simultaneous: Option<Text>,
    pub repetition: Option<Text>,
    /// Towers (T4).
    pub unequal_reveal: Option<Text>,
}

impl RawRules {
    /// The options given, by name, for refusing those a game does not have.
    pub fn given(&self) -> Vec<(&'static str, &serde_saphyr::Location)> {
        let texts = [
            ("first", &self.first),
            ("scoring", &self.scoring),
            ("size", &self.size),
            ("setup", &self.setup),
            ("simultaneous", &self.simultaneous),
            ("repetition", &self.repetition),
            ("unequal_reveal", &self.unequal_reveal),
        ];
        let mut given: Vec<_> = texts
            .into_iter()
            .filter_map(|(name, text)| text.as_ref().map(|t| (name, &t.referenced)))
            .collect();
        if let Some(list) = &self.obstructions {
            given.push(("obstructions", &list.referenced));
        }
        given
    }
}

/// Refuses the keys of other games' records that `raw` gives (every game parses the same
/// raw shape): `keys` are the ones `game`'s records have.
pub fn refuse_other_keys(
    raw: &RawRecord,
    source: &SourceFile,
    game: &str,
    keys: &[&str],
) -> Result<(), Diagnostic> {
    let given = [
        ("moves", raw.moves.as_ref().map(|v| &v.referenced)),
        ("resigned", raw.resigned.as_ref().map(|v| &v.referenced)),
        ("turns", raw.turns.as_ref().map(|v| &v.referenced)),
    ];
    for (key, at) in given {
        if let Some(at) = at.filter(|_| !keys.contains(&key)) {
            return Err(source.error_at(
                at,
                format!(
                    "`{key}` is not a key of {game} records; their keys are {}",
                    keys.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses the rule options `raw` gives that are not among `allowed`.
pub fn refuse_other_rules(
    raw: &RawRecord,
    source: &SourceFile,
    game: &str,
    allowed: &[&str],
) -> Result<(), Diagnostic> {
    let Some(rules) = &raw.rules else {
        return Ok(());
    };
    for (name, at) in rules.value.given() {
        if !allowed.contains(&name) {
            return Err(source.error_at(
                at,
                format!(
                    "`{name}` is not a rule option of {game}; its options are {}",
                    allowed.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// A move token with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub line: usize,
    pub column: usize,
}

impl Token {
    pub fn error(&self, source: &SourceFile, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(&source.path, &source.text, self.line, self.column, message)
    }
}

/// `moves`: a list of move tokens, or one string of move text (`1. b1-b3 h3-e3 2. …`).
#[derive(Debug)]
pub enum Moves {
    List(Vec<Text>),
    Line(String),
}

/// The move tokens with their places in the file. Move numbers (`1.`) in move text are
/// skipped; a result (`1-0`) is a token, for the game to check.
pub fn move_tokens(moves: &Spanned<Moves>, source: &SourceFile) -> Vec<Token> {
    match &moves.value {
        Moves::List(items) => items
            .iter()
            .map(|t| {
                let (line, column) = source.place(&t.referenced);
                Token {
                    text: t.value.clone(),
                    line,
                    column,
                }
            })
            .collect(),
        Moves::Line(text) => {
            // Find each word in the file, in order, from where the string starts.
            let (line, column) = source.place(&moves.referenced);
            let mut at = source.byte_at(line, column);
            move_words(text)
                .map(|word| {
                    // A word written with escapes ("\x41") is not found as written: it
                    // is then placed where the search stands.
                    let found = match source.text.get(at..).and_then(|rest| rest.find(word)) {
                        Some(i) => {
                            at += i + word.len();
                            at - word.len()
                        }
                        None => at,
                    };
                    let (line, column) = source.line_column(found);
                    Token {
                        text: word.to_string(),
                        line,
                        column,
                    }
                })
                .collect()
        }
    }
}

/// The move words of move text: everything but move numbers. A result word (`1-0`) is
/// kept: it must end the text and agree with the game.
pub fn move_words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().filter(|w| {
        let number =
            w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && w.ends_with('.');
        !number
    })
}

/// Whether a word of move text is a result: `1-0`, `0-1`, `1/2-1/2` (or `½-½`), `*`.
pub fn is_result_word(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MovesVisitor;
        impl<'de> Visitor<'de> for MovesVisitor {
            type Value = Moves;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of moves, like [C, C, B1, d]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Moves, A::Error> {
                let mut moves = Vec::new();
                while let Some(token) = seq.next_element::<Text>()? {
                    moves.push(token);
                }
                Ok(Moves::List(moves))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Moves, E> {
                Ok(Moves::Line(text.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Moves, A::Error> {
                Err(de::Error::custom(
                    "`moves` is a list, not a mapping: write moves: [C, C, B1, d]",
                ))
            }
        }
        deserializer.deserialize_any(MovesVisitor)
    }
}

/// `result`: a claimed outcome the checker verifies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// `{ black: 2, white: 1 }`; each score as written, checked by [`Claim::scores`].
    Scores { black: Text, white: Text },
    /// `black`, `white` or `draw`.
    Winner(String),
}

/// The claimed scores; a score that is not a whole number is an error at its place.
pub fn claimed_scores(
    claim: &Spanned<Claim>,
    source: &SourceFile,
) -> Result<(i32, i32), Diagnostic> {
    let Claim::Scores { black, white } = &claim.value else {
        return Err(error_at(
            source,
            claim,
            "the result is the claimed scores, like { black: 2, white: 1 }",
        ));
    };
    let number = |text: &Text, side: &str| {
        text.value.trim().parse::<i32>().map_err(|_| {
            error_at(
                source,
                text,
                format!(
                    "the claimed {side} score is a whole number, like 2, not `{}`",
                    text.value
                ),
            )
        })
    };
    Ok((number(black, "black")?, number(white, "white")?))
}

impl<'de> Deserialize<'de> for Claim {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ClaimVisitor;
        impl<'de> Visitor<'de> for ClaimVisitor {
            type Value = Claim;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the claimed result: scores like { black: 2, white: 1 }, or black, white or draw")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Claim, E> {
                Ok(Claim::Winner(text.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Claim, A::Error> {
                let (mut black, mut white) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    let slot = match key.as_str() {
                        "black" => &mut black,
                        "white" => &mut white,
                        other => return Err(de::Error::unknown_field(other, &["black", "white"])),
                    };
                    if slot.is_some() {
                        return Err(de::Error::duplicate_field("score"));
                    }
                    *slot = Some(map.next_value::<Text>()?);
                }
                match (black, white) {
                    (Some(black), Some(white)) => Ok(Claim::Scores { black, white }),
                    (None, _) => Err(de::Error::missing_field("black")),
                    (_, None) => Err(de::Error::missing_field("white")),
                }
            }
        }
        deserializer.deserialize_any(ClaimVisitor)
    }
}

/// One game from a file: its place there (from 1) and the checked game or what is wrong.
#[derive(Debug)]
pub struct Entry {
    pub index: usize,
    /// The game the record names, when it names one sheetgen knows.
    pub name: Option<&'static str>,
    pub game: Result<Game, Diagnostic>,
}

/// Reads a record file: a file that cannot be read is an I/O error (exit 2); one that is
/// not a record file (binary, too large, not UTF-8, no records) is invalid (exit 1).
pub fn load(path: &str) -> Result<Vec<Entry>, Error> {
    let source = SourceFile::read(path).map_err(|e| match e {
        Error::Config(d) => Error::Invalid(d),
        other => other,
    })?;
    read(&source).map_err(Error::Invalid)
}

/// Records in one file, at most: bounds the memory a single file can ask for.
pub const MAX_DOCUMENTS: usize = 100_000;

/// Reads every document of `source` and checks each as a game record. Documents are
/// parsed one by one, so a broken one, even one that is not YAML, does not stop the next;
/// large files are checked on every core.
pub fn read(source: &SourceFile) -> Result<Vec<Entry>, Diagnostic> {
    let documents = documents(&source.text);
    if documents.len() > MAX_DOCUMENTS {
        return Err(Diagnostic::file(
            &source.path,
            format!(
                "the file holds {} documents; sheetgen reads at most {MAX_DOCUMENTS} from one file \
                 (split it in two)",
                documents.len()
            ),
        ));
    }
    if documents.is_empty() {
        return Err(Diagnostic::file(
            &source.path,
            "the file holds no game record (an empty file, or only comments)",
        ));
    }
    let check = |(index, (first_line, text)): (usize, &(usize, &str))| {
        let part = source.part_from_line(*first_line);
        let (name, game) = match part.parse_yaml_part::<RawRecord>(text) {
            Ok(raw) => (
                crate::games::canonical_name(&raw.game.value),
                crate::games::from_record(raw, &part),
            ),
            Err(d) => (None, Err(unknown_key_of_the_game(d, &part, text))),
        };
        Entry {
            index: index + 1,
            name,
            game,
        }
    };
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if workers == 1 || documents.len() < 256 {
        return Ok(documents.iter().enumerate().map(check).collect());
    }
    let share = documents.len().div_ceil(workers);
    let indexed: Vec<(usize, &(usize, &str))> = documents.iter().enumerate().collect();
    let entries = std::thread::scope(|scope| {
        let handles: Vec<_> = indexed
            .chunks(share)
            .map(|chunk| scope.spawn(move || chunk.iter().copied().map(check).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("checking a record does not panic"))
            .collect()
    });
    Ok(entries)
}

/// An unknown top-level key is reported with the keys of the record's own game, not of
/// every game's (the raw shape is their union).
fn unknown_key_of_the_game(mut d: Diagnostic, part: &SourceFile, text: &str) -> Diagnostic {
    #[derive(Deserialize)]
    struct GameOnly {
        game: Option<String>,
    }
    let top_level = "; the keys here are game, title, date,";
    let Some(at) = d.message.find(top_level) else {
        return d;
    };
    let game = part
        .parse_yaml_part::<GameOnly>(text)
        .ok()
        .and_then(|g| g.game)
        .and_then(|name| crate::games::canonical_name(&name));
    if let Some(game) = game {
        let keys = crate::games::record_keys(game).join(", ");
        d.message = format!(
            "{}; the keys of a {game} record are {keys}",
            &d.message[..at]
        );
    }
    d
}

/// Splits a YAML stream into its documents: each with the line it starts on and its text.
///
/// A line that starts with `---` followed by a space or the line's end is a document marker
/// wherever it stands (YAML 1.2, 9.1.3: no scalar may contain one at column 0), so this
/// split is exact. Parts with nothing but comments and markers hold no document.
fn documents(text: &str) -> Vec<(usize, &str)> {
    let mut starts = vec![(1, 0)];
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let marker = line
            .strip_prefix("---")
            .is_some_and(|rest| rest.trim_end().is_empty() || rest.starts_with([' ', '\t']));
        if marker && offset > 0 {
            starts.push((i + 1, offset));
        }
        offset += line.len();
    }
    let mut documents = Vec::new();
    for (k, &(line, start)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(text.len(), |&(_, next)| next);
        let part = &text[start..end];
        let empty = part.lines().all(|l| {
            let l = l.trim();
            l.is_empty() || l.starts_with('#') || l == "---" || l == "..." || l.starts_with('%')
        });
        if !empty {
            documents.push((line, part));
        }
    }
    documents
}

/// What a record says about a game besides its moves and rules: title, date, players, and
/// the file it came from (for errors found later, like a name the font cannot draw).
#[derive(Debug, Clone)]
pub struct About {
    pub title: Option<Text>,
    pub date: Option<Text>,
    pub black: Option<Text>,
    pub white: Option<Text>,
    pub diagrams: Vec<DiagramSpec>,
    pub source: SourceFile,
}

impl About {
    /// The record's description; `moves` is how many moves the game has, which a diagram's
    /// `at` may not pass.
    pub fn from_raw(
        raw: &RawRecord,
        source: &SourceFile,
        moves: usize,
    ) -> Result<Self, Diagnostic> {
        let players = raw.players.clone().unwrap_or_default();
        let mut diagrams = Vec::new();
        for raw_diagram in raw.diagrams.iter().flatten() {
            let at = match &raw_diagram.at {
                None => None,
                Some(text) => Some(
                    text.value
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|n| *n <= moves)
                        .ok_or_else(|| {
                            error_at(
                                source,
                                text,
                                format!(
                                    "`at` is a move number from 0 to {moves}, not `{}`",
                                    text.value
                                ),
                            )
                        })?,
                ),
            };
            let mut annotations = crate::annotate::Annotations::default();
            for arrow in raw_diagram.arrows.iter().flatten() {
                let [from, to] = arrow.value.as_slice() else {
                    return Err(error_at(
                        source,
                        arrow,
                        "an arrow is two squares, like [b1, b3]",
                    ));
                };
                annotations.arrows.push((from.into(), to.into()));
            }
            for (square, value) in raw_diagram.marks.iter().flat_map(|p| &p.0) {
                annotations.marks.push((square.into(), value.into()));
            }
            for (square, value) in raw_diagram.labels.iter().flat_map(|p| &p.0) {
                annotations.labels.push((square.into(), value.into()));
            }
            annotations
                .highlight
                .extend(raw_diagram.highlight.iter().flatten().map(Into::into));
            diagrams.push(DiagramSpec {
                at,
                caption: raw_diagram.caption.clone(),
                show: raw_diagram.show.clone().unwrap_or_default(),
                annotations,
            });
        }
        Ok(Self {
            title: raw.title.clone(),
            date: raw.date.clone(),
            black: players.black,
            white: players.white,
            diagrams,
            source: source.clone(),
        })
    }

    /// A figure's title (SVG `<title>`, PDF metadata): the record's title and the game,
    /// or the game alone.
    pub fn figure_title(&self, game: &str) -> String {
        match &self.title {
            Some(title) => format!("{} ({game})", title.value),
            None => game.to_string(),
        }
    }

    pub fn player(&self, side: crate::games::Side) -> Option<&str> {
        match side {
            crate::games::Side::Black => self.black.as_ref(),
            crate::games::Side::White => self.white.as_ref(),
        }
        .map(|t| t.value.as_str())
    }

    /// "Black ● Ana – White ○ Ben · 2026-11-29", or as much of it as the record gives.
    pub fn byline(&self) -> String {
        let mut parts = Vec::new();
        for side in [crate::games::Side::Black, crate::games::Side::White] {
            if let Some(name) = self.player(side) {
                parts.push(format!("{} {name}", side.label()));
            }
        }
        let mut line = parts.join(" – ");
        if let Some(date) = &self.date {
            if !line.is_empty() {
                line.push_str(" · ");
            }
            line.push_str(&date.value);
        }
        line
    }

    /// Every text the record gives can be drawn with sheetgen's font; the error points at
    /// the text that cannot.
    pub fn check_text(&self) -> Result<(), Diagnostic> {
        let texts = [&self.title, &self.date, &self.black, &self.white];
        let captions = self.diagrams.iter().map(|d| &d.caption);
        for text in texts.into_iter().chain(captions).flatten() {
            crate::font::check(&text.value)
                .map_err(|missing| error_at(&self.source, text, missing.to_string()))?;
        }
        Ok(())
    }
}

/// A located error at a value.
pub fn error_at<T>(
    source: &SourceFile,
    value: &Spanned<T>,
    message: impl Into<String>,
) -> Diagnostic {
    source.error_at(&value.referenced, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_split_at_markers_and_skip_empty_parts() {
        let text = "# an evening\n---\ngame: a\n---   # two\ngame: b\nnote: |\n  ---x\n---\n# only a comment\n";
        let docs = documents(text);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0], (2, "---\ngame: a\n"));
        assert_eq!(docs[1].0, 4);
        assert!(docs[1].1.contains("  ---x"), "an indented --- is content");
        assert_eq!(documents("game: a\n"), [(1, "game: a\n")]);
        assert!(documents("").is_empty());
        assert!(documents("# nothing\n\n").is_empty());
    }

    #[test]
    fn a_syntax_error_in_one_document_does_not_stop_the_next() {
        let source = SourceFile::new(
            "e.yaml",
            "game: shoreline\nmoves: [C\n---\ngame: shoreline\nmoves: [C]\n",
        );
        let entries = read(&source).unwrap();
        assert_eq!(entries.len(), 2);
        let error = entries[0].game.as_ref().unwrap_err();
        assert_eq!(error.line, 2);
        assert!(entries[1].game.is_ok());
    }

    #[test]
    fn errors_in_later_documents_name_their_line_in_the_file() {
        let source = SourceFile::new(
            "e.yaml",
            "game: shoreline\nmoves: []\n---\ngame: shoreline\nmoves: [C, Z]\n",
        );
        let entries = read(&source).unwrap();
        let error = entries[1].game.as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (5, 12), "{error}");
    }
}
