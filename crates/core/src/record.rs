//! What every game record shares, below the games: the header (`game`, `title`, `date`,
//! `players`, `diagrams`), located texts, move tokens and claimed results. Each game declares
//! its own record struct with [`game_record!`], which adds the header's keys, so a record
//! is parsed once, as its own game, with unknown keys refused.

use crate::yaml::Spanned;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;
use crate::vocabulary::{MoveRef, Numbering, Side};

/// A text value with its place in the file.
pub type SpannedText = Spanned<String>;

/// The most characters one text of a record may have to be drawn: as many as a whole page
/// may hold. A longer one is refused at its key, not where a page of it is found too full.
pub const MAX_TEXT_CHARS: usize = crate::backend::MAX_PAGE_CHARS;

/// Declares a game's record struct: the header's keys every record has, then the game's own
/// keys, unknown keys refused; `diagram_keys` names the keys the game's `diagrams` entries
/// have besides the shared ones (each a list of values, passed on as the game's diagram
/// option of that name). The struct gets `KEYS` (every key, in order) and
/// `about(source, moves)`, the header checked.
#[macro_export]
macro_rules! game_record {
    ($(diagram_keys: [$($key:literal),*];)? $(#[$attr:meta])* pub struct $name:ident { $($(#[$field_attr:meta])* pub $field:ident : $ty:ty,)* }) => {
        $(#[$attr])*
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub game: $crate::record::SpannedText,
            pub title: Option<$crate::record::SpannedText>,
            pub date: Option<$crate::record::SpannedText>,
            pub players: Option<$crate::record::Players>,
            pub event: Option<$crate::record::SpannedText>,
            pub round: Option<$crate::record::SpannedText>,
            /// A comment on the whole game.
            pub comment: Option<$crate::record::SpannedText>,
            /// Comments on moves: `{ 12: "…" }`, the comment after the 12th move.
            pub comments: Option<$crate::record::Comments>,
            $($(#[$field_attr])* pub $field: $ty,)*
            /// Figures of the game a rulebook or bulletin wants, drawn by `render --diagram K`.
            pub diagrams: Option<Vec<$crate::record::DiagramEntry<$name>>>,
        }

        impl $crate::record::DiagramKeys for $name {
            const DIAGRAM_KEYS: &'static [&'static str] = &[
                "at", "caption", $($($key,)*)? "arrows", "marks", "labels", "highlight",
            ];
        }

        impl $name {
            /// Every key of the record, in the order the struct declares them.
            pub const KEYS: &'static [&'static str] =
                &["game", "title", "date", "players", "event", "round", "comment", "comments",
                  $(stringify!($field),)* "diagrams"];

            /// The header checked; `moves` is how many moves (or turns) the game has, which a
            /// diagram's `at` may not pass, and `numbering` how its move lists number them.
            pub fn about(
                &self,
                source: &$crate::input::SourceFile,
                moves: usize,
                numbering: $crate::vocabulary::Numbering,
            ) -> Result<$crate::record::About, $crate::diagnostic::Diagnostic> {
                $crate::record::About::read(
                    $crate::record::Header {
                        title: &self.title,
                        date: &self.date,
                        players: &self.players,
                        event: &self.event,
                        round: &self.round,
                        comment: &self.comment,
                        comments: &self.comments,
                        diagrams: self.diagrams.iter().flatten().map(|e| &e.0).collect(),
                    },
                    source,
                    moves,
                    numbering,
                )
            }
        }
    };
}

/// The header's values of a record, borrowed from the game's own struct.
pub struct Header<'a> {
    pub title: &'a Option<SpannedText>,
    pub date: &'a Option<SpannedText>,
    pub players: &'a Option<Players>,
    pub event: &'a Option<SpannedText>,
    pub round: &'a Option<SpannedText>,
    pub comment: &'a Option<SpannedText>,
    pub comments: &'a Option<Comments>,
    pub diagrams: Vec<&'a RawDiagram>,
}

/// `comments`: each move's comment, keyed by the move's number as `at` counts it (the
/// comment after the 12th move is `12: "…"`), in the order written.
#[derive(Debug, Clone, Default)]
pub struct Comments(pub Vec<(SpannedText, SpannedText)>);

impl<'de> Deserialize<'de> for Comments {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CommentsVisitor;
        impl<'de> Visitor<'de> for CommentsVisitor {
            type Value = Comments;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping from move numbers to comments, like { 12: \"a fine move\" }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Comments, A::Error> {
                let mut pairs = Vec::new();
                while let Some(entry) = map.next_entry::<SpannedText, SpannedText>()? {
                    pairs.push(entry);
                }
                Ok(Comments(pairs))
            }
        }
        deserializer.deserialize_map(CommentsVisitor)
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Players {
    pub black: Option<SpannedText>,
    pub white: Option<SpannedText>,
}

/// One entry of `diagrams`: the position after `at` moves, a caption, annotations, and
/// the game's own keys.
#[derive(Debug, Clone, Default)]
pub struct RawDiagram {
    pub at: Option<SpannedText>,
    pub caption: Option<SpannedText>,
    /// The game's own keys (`show: [lines:b8]`), in the order written, each with its values.
    pub options: Vec<(String, Vec<SpannedText>)>,
    /// `[[b1, b3], [h2, f4]]`
    pub arrows: Option<Vec<Spanned<Vec<SpannedText>>>>,
    /// `{ c3: triangle, d4: circle }`
    pub marks: Option<crate::annotate::Pairs>,
    /// `{ a1: A, b2: "1" }`
    pub labels: Option<crate::annotate::Pairs>,
    /// `[c3, d4]`
    pub highlight: Option<Vec<SpannedText>>,
}

/// The keys of a game's `diagrams` entries, the shared ones and its own, in the order
/// messages list them; [`game_record!`] declares them.
pub trait DiagramKeys {
    const DIAGRAM_KEYS: &'static [&'static str];
}

/// An entry of `diagrams` in a record of `R`, whose keys are `R`'s (others refused).
#[derive(Debug)]
pub struct DiagramEntry<R>(pub RawDiagram, std::marker::PhantomData<fn() -> R>);

impl<'de, R: DiagramKeys> Deserialize<'de> for DiagramEntry<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DiagramEntryVisitor(&'static [&'static str]);
        impl<'de> Visitor<'de> for DiagramEntryVisitor {
            type Value = RawDiagram;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("struct RawDiagram")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawDiagram, A::Error> {
                fn once<T, E: de::Error>(
                    slot: &mut Option<T>,
                    key: &'static str,
                    value: T,
                ) -> Result<(), E> {
                    match slot.replace(value) {
                        Some(_) => Err(E::duplicate_field(key)),
                        None => Ok(()),
                    }
                }
                let mut raw = RawDiagram::default();
                while let Some(key) = map.next_key_seed(Key(self.0))? {
                    match key {
                        "at" => once(&mut raw.at, key, map.next_value()?)?,
                        "caption" => once(&mut raw.caption, key, map.next_value()?)?,
                        "arrows" => once(&mut raw.arrows, key, map.next_value()?)?,
                        "marks" => once(&mut raw.marks, key, map.next_value()?)?,
                        "labels" => once(&mut raw.labels, key, map.next_value()?)?,
                        "highlight" => once(&mut raw.highlight, key, map.next_value()?)?,
                        game => {
                            if raw.options.iter().any(|(k, _)| k == game) {
                                return Err(de::Error::duplicate_field(game));
                            }
                            raw.options.push((game.to_string(), map.next_value()?));
                        }
                    }
                }
                Ok(raw)
            }
        }
        let keys = R::DIAGRAM_KEYS;
        let raw = deserializer.deserialize_struct("RawDiagram", keys, DiagramEntryVisitor(keys))?;
        Ok(DiagramEntry(raw, std::marker::PhantomData))
    }
}

/// A key of a diagram entry, refused when the game does not have it, as a derived struct
/// refuses it.
struct Key(&'static [&'static str]);

impl<'de> de::DeserializeSeed<'de> for Key {
    type Value = &'static str;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        struct KeyVisitor(&'static [&'static str]);
        impl Visitor<'_> for KeyVisitor {
            type Value = &'static str;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("field identifier")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<&'static str, E> {
                let known = self.0.iter().find(|k| **k == key);
                known.copied().ok_or_else(|| E::unknown_field(key, self.0))
            }
        }
        deserializer.deserialize_identifier(KeyVisitor(self.0))
    }
}

/// A checked entry of `diagrams`.
#[derive(Debug, Clone)]
pub struct DiagramSpec {
    pub at: Option<usize>,
    pub caption: Option<SpannedText>,
    /// The game's own keys, each with its values, for the game's diagram options.
    pub options: Vec<(String, Vec<SpannedText>)>,
    pub annotations: crate::annotate::Annotations,
}

/// A move token with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
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
    List(Vec<SpannedText>),
    Line(String),
}

/// The move tokens with their places in the file. Move numbers (`1.`) in move text are
/// skipped; a result (`1-0`) is a token, for the game to check.
pub(crate) fn move_tokens(
    moves: &Spanned<Moves>,
    source: &SourceFile,
) -> Result<Vec<Token>, Diagnostic> {
    match &moves.value {
        Moves::List(items) => Ok(items
            .iter()
            .map(|t| {
                let (line, column) = source.place(&t.referenced);
                Token {
                    text: t.value.clone(),
                    line,
                    column,
                }
            })
            .collect()),
        Moves::Line(text) => {
            // Find each word in the file, in order, from where the string starts; the line
            // and column are counted on from the last word, so long move text stays linear.
            let (mut line, mut column) = source.place(&moves.referenced);
            let mut at = source.byte_at(line, column);
            let words = crate::formats::move_text::words(text).map_err(|_| {
                error_at(
                    source,
                    moves,
                    "a `{` comment in the move text is never closed with `}`",
                )
            })?;
            let places = source.text[at..]
                .starts_with('"')
                .then(|| quoted_char_places(&source.text, at));
            let mut chars_before = CharsBefore::new(text);
            let mut after_previous = 0;
            let mut tokens = Vec::with_capacity(words.len());
            for (offset, word) in words {
                let found = match &places {
                    // Escapes (`\x62`) make a word stand elsewhere than as written: it is
                    // placed by its first character, read as YAML reads the string.
                    Some(places) => places
                        .get(chars_before.at(offset))
                        .copied()
                        .filter(|&place| place >= at)
                        .unwrap_or(at),
                    // No escapes outside double quotes: the word is found as written, close
                    // to the last one (in the file at most a few times further on than in
                    // the string), never searched for to the file's end.
                    None => {
                        let reach = 8 * (offset + word.len() - after_previous) + 256;
                        let rest = source.text.get(at..).unwrap_or_default();
                        let mut end = reach.min(rest.len());
                        while !rest.is_char_boundary(end) {
                            end -= 1;
                        }
                        searched(end);
                        rest[..end].find(word).map_or(at, |i| at + i)
                    }
                };
                after_previous = offset + word.len();
                (line, column) = advance(&source.text[at..found], line, column);
                at = found;
                tokens.push(Token {
                    text: word.to_string(),
                    line,
                    column,
                });
            }
            Ok(tokens)
        }
    }
}

/// Where each character that is not white space of the double-quoted YAML string opening
/// at byte `start` of `text` stands, in order: escapes are read as YAML reads them, so a
/// word is placed however it is written, in one pass over the string.
fn quoted_char_places(text: &str, start: usize) -> Vec<usize> {
    let mut places = Vec::new();
    let mut chars = text[start + 1..]
        .char_indices()
        .map(|(i, c)| (start + 1 + i, c));
    while let Some((at, c)) = chars.next() {
        let decoded = match c {
            '"' => break,
            '\\' => match chars.next() {
                Some((_, 'x')) => hex_char(&mut chars, 2),
                Some((_, 'u')) => hex_char(&mut chars, 4),
                Some((_, 'U')) => hex_char(&mut chars, 8),
                Some((_, '\n')) => None, // the line goes on without a break
                Some((_, escaped)) => Some(match escaped {
                    '0' => '\0',
                    'a' => '\u{7}',
                    'b' => '\u{8}',
                    't' => '\t',
                    'n' => '\n',
                    'v' => '\u{b}',
                    'f' => '\u{c}',
                    'r' => '\r',
                    'e' => '\u{1b}',
                    'N' => '\u{85}',
                    '_' => '\u{a0}',
                    'L' => '\u{2028}',
                    'P' => '\u{2029}',
                    other => other, // `\"`, `\\`, `\/`, `\ `, a tab
                }),
                None => break,
            },
            c => Some(c),
        };
        if decoded.is_some_and(|c| !c.is_whitespace()) {
            places.push(at);
        }
    }
    places
}

/// The character `digits` hexadecimal digits from `chars` name.
fn hex_char(chars: &mut impl Iterator<Item = (usize, char)>, digits: usize) -> Option<char> {
    let hex: String = chars.take(digits).map(|(_, c)| c).collect();
    char::from_u32(u32::from_str_radix(&hex, 16).ok()?)
}

/// How many characters that are not white space stand before a byte offset of a text, for
/// offsets asked in order (one pass over the text in all).
struct CharsBefore<'a> {
    rest: std::str::CharIndices<'a>,
    count: usize,
    next: Option<(usize, char)>,
}

impl<'a> CharsBefore<'a> {
    fn new(text: &'a str) -> Self {
        let mut rest = text.char_indices();
        let next = rest.next();
        CharsBefore {
            rest,
            count: 0,
            next,
        }
    }

    fn at(&mut self, offset: usize) -> usize {
        while let Some((i, c)) = self.next.filter(|&(i, _)| i < offset) {
            let _ = i;
            self.count += usize::from(!c.is_whitespace());
            self.next = self.rest.next();
        }
        self.count
    }
}

#[cfg(test)]
thread_local! {
    /// How many bytes of the file the move words were searched in: the tests check that it
    /// stays linear.
    static SEARCHED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn searched(bytes: usize) {
    #[cfg(test)]
    SEARCHED.set(SEARCHED.get() + bytes);
    let _ = bytes;
}

/// The line and column after `passed`, read on from `line` and `column`.
fn advance(passed: &str, line: usize, column: usize) -> (usize, usize) {
    match passed.rfind('\n') {
        Some(i) => (
            line + passed.matches('\n').count(),
            passed[i + 1..].chars().count() + 1,
        ),
        None => (line, column + passed.chars().count()),
    }
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
                while let Some(token) = seq.next_element::<SpannedText>()? {
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
    Scores {
        black: SpannedText,
        white: SpannedText,
    },
    /// `black`, `white` or `draw`.
    Winner(String),
}

/// The claimed scores; a score that is not a whole number is an error at its place.
pub(crate) fn claimed_scores(
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
    let number = |text: &SpannedText, side: &str| {
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
                    *slot = Some(map.next_value::<SpannedText>()?);
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

/// What a record says about a game besides its moves and rules: title, date, players, and
/// the file it came from (for errors found later, like a name the font cannot draw).
#[derive(Debug, Clone)]
pub struct About {
    pub title: Option<SpannedText>,
    pub date: Option<SpannedText>,
    pub black: Option<SpannedText>,
    pub white: Option<SpannedText>,
    pub event: Option<SpannedText>,
    pub round: Option<SpannedText>,
    /// The comment on the whole game.
    pub comment: Option<SpannedText>,
    /// Each move's comment: the number of moves before it (as `at` counts) and its text, in
    /// move order.
    pub comments: Vec<(usize, SpannedText)>,
    pub diagrams: Vec<DiagramSpec>,
    pub source: SourceFile,
}

impl About {
    /// The record's description from its header; `moves` is how many moves the game has,
    /// which a diagram's `at` may not pass, numbered as `numbering` says.
    pub fn read(
        header: Header<'_>,
        source: &SourceFile,
        moves: usize,
        numbering: Numbering,
    ) -> Result<Self, Diagnostic> {
        let players = header.players.clone().unwrap_or_default();
        let mut diagrams = Vec::new();
        for raw_diagram in header.diagrams {
            let at = match &raw_diagram.at {
                None => None,
                Some(text) => Some(
                    parse_at(&text.value, moves, numbering)
                        .map_err(|m| error_at(source, text, m))?,
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
                options: raw_diagram.options.clone(),
                annotations,
            });
        }
        let mut comments = Vec::new();
        for (key, text) in header.comments.iter().flat_map(|c| &c.0) {
            let n = parse_at(&key.value, moves, numbering).map_err(|m| error_at(source, key, m))?;
            if n == 0 {
                return Err(error_at(
                    source,
                    key,
                    "a comment on the game before its first move is `comment:`",
                ));
            }
            if comments.iter().any(|(m, _)| *m == n) {
                return Err(error_at(
                    source,
                    key,
                    format!("move {n} has a comment already"),
                ));
            }
            comments.push((n, text.clone()));
        }
        // Each move has one comment (checked above): no two keys are equal.
        comments.sort_unstable_by_key(|(n, _)| *n);
        let about = Self {
            title: header.title.clone(),
            date: header.date.clone(),
            black: players.black,
            white: players.white,
            event: header.event.clone(),
            round: header.round.clone(),
            comment: header.comment.clone(),
            comments,
            diagrams,
            source: source.clone(),
        };
        // Whether the font can draw these texts is asked when they are drawn: a name in a
        // script the font lacks is a valid record all the same.
        Ok(about)
    }

    /// What a diagram of this game writes above its board; `game` is the game's name, the
    /// sides are named in `words`.
    pub fn heading(&self, game: &str, words: &crate::words::Words) -> crate::layout::Heading {
        crate::layout::Heading {
            title: self.title.as_ref().map(|t| t.value.clone()),
            byline: self.byline(words),
            figure_title: self.figure_title(game),
            comment: self
                .comment
                .as_ref()
                .map(|c| c.value.trim_end().to_string()),
        }
    }

    /// A figure's title (SVG `<title>`, PDF metadata): the record's title and the game,
    /// or the game alone.
    pub(crate) fn figure_title(&self, game: &str) -> String {
        match &self.title {
            Some(title) => format!("{} ({game})", title.value),
            None => game.to_string(),
        }
    }

    pub fn player(&self, side: Side) -> Option<&str> {
        self.player_given(side).map(|t| t.value.as_str())
    }

    /// The name the record gives `side`, with its place in the file.
    pub(crate) fn player_given(&self, side: Side) -> Option<&SpannedText> {
        match side {
            Side::Black => self.black.as_ref(),
            Side::White => self.white.as_ref(),
        }
    }

    /// "Black ● Ana – White ○ Ben · Autumn league, round 2 · 2026-11-29", or as much of it
    /// as the record gives.
    pub fn byline(&self, words: &crate::words::Words) -> String {
        let mut players = Vec::new();
        for side in [Side::Black, Side::White] {
            if let Some(name) = self.player(side) {
                players.push(format!("{} {name}", words.tr(side.label())));
            }
        }
        let mut parts = vec![players.join(" – ")];
        parts.extend(self.event_and_round(words));
        parts.extend(self.date.as_ref().map(|d| d.value.clone()));
        parts.retain(|p| !p.is_empty());
        parts.join(" · ")
    }

    /// "Autumn league, round 2", or as much of it as the record gives.
    pub(crate) fn event_and_round(&self, words: &crate::words::Words) -> Option<String> {
        let event = self.event.as_ref().map(|e| e.value.as_str());
        match (event, self.round.as_ref().map(|r| r.value.as_str())) {
            // A round in words (`Semi-final`) needs no "round" before it.
            (event, Some(round)) if !is_round_number(round) => Some(
                event
                    .into_iter()
                    .chain([round])
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (Some(event), Some(round)) => Some(words.fill(
                "{event}, round {round}",
                &[("event", &event), ("round", &round)],
            )),
            (Some(event), None) => Some(event.to_string()),
            (None, Some(round)) => Some(words.fill("Round {round}", &[("round", &round)])),
            (None, None) => None,
        }
    }

    /// Every text the record gives can be drawn with the font: asked before a record is
    /// drawn (never when it is only checked); the error points at the text that cannot.
    pub fn drawable(&self, font: &crate::font::Font) -> Result<(), Diagnostic> {
        let texts = [
            &self.title,
            &self.date,
            &self.black,
            &self.white,
            &self.event,
            &self.round,
        ];
        let captions = self.diagrams.iter().map(|d| &d.caption);
        let check = |text: &SpannedText, value: &str| {
            let chars = value.chars().count();
            if chars > MAX_TEXT_CHARS {
                return Err(error_at(
                    &self.source,
                    text,
                    format!(
                        "this text is {chars} characters long, more than the {MAX_TEXT_CHARS} a \
                         page of sheetgen's may hold; shorten it"
                    ),
                ));
            }
            font.check(value).map_err(|missing| {
                error_at(&self.source, text, missing.to_string())
                    .worded(missing.phrase())
                    .blaming(missing.option())
            })
        };
        for text in texts.into_iter().chain(captions).flatten() {
            check(text, &text.value)?;
        }
        // Comments are paragraphs: their line breaks are no characters to draw.
        let comments = self
            .comment
            .iter()
            .chain(self.comments.iter().map(|(_, t)| t));
        for text in comments {
            for line in text.value.lines() {
                check(text, line)?;
            }
        }
        Ok(())
    }
}

/// Whether a record's `round` is a number (`2`), which "round 2" and a centred table column
/// suit, rather than words (`Semi-final`).
pub(crate) fn is_round_number(round: &str) -> bool {
    let round = round.trim();
    !round.is_empty() && round.bytes().all(|b| b.is_ascii_digit())
}

/// A move as `at`, `--at` and `comments` name it: `12`, the position after 12 half-moves
/// (each player's move counts; Towers counts turns), or a numbered move of the move lists
/// (`6.`, `6...`), counted as the game numbers them. `length` is how many the game has,
/// which it may not pass.
pub(crate) fn parse_at(text: &str, length: usize, numbering: Numbering) -> Result<usize, String> {
    let written = text.trim();
    let (unit, count_unit) = (numbering.unit(), numbering.count_unit());
    let Some(at) = MoveRef::parse(written) else {
        let example = match numbering {
            Numbering::Pairs => "`6.` or `6...`",
            Numbering::Turns => "`6.`",
        };
        return Err(format!(
            "a position is a count of {count_unit}s from 0 to {length}, or a numbered {unit} \
             like {example}, not `{written}`"
        ));
    };
    match (numbering.count(at).map_err(|e| e.to_string())?, at) {
        (n, _) if n <= length => Ok(n),
        // Said as it was asked: a numbered move by the game's last numbered move.
        (_, MoveRef::First(_) | MoveRef::Second(_)) if length > 0 => Err(format!(
            "`{written}` is past the game's end: its last {unit} is {}",
            numbering.number(length - 1)
        )),
        _ => Err(format!(
            "`{written}` is past the game's end: it has only {}",
            crate::vocabulary::plural(length, count_unit)
        )),
    }
}

/// A located error at a value.
pub(crate) fn error_at<T>(
    source: &SourceFile,
    value: &Spanned<T>,
    message: impl Into<String>,
) -> Diagnostic {
    source.error_at(&value.referenced, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(String, usize, usize)> {
        #[derive(Deserialize)]
        struct Only {
            moves: Spanned<Moves>,
        }
        let source = SourceFile::new("m.yaml", text);
        let only: Only = source.parse_yaml().unwrap();
        move_tokens(&only.moves, &source)
            .unwrap()
            .into_iter()
            .map(|t| (t.text, t.line, t.column))
            .collect()
    }

    #[test]
    fn words_written_with_escapes_are_placed_in_one_pass() {
        // Each word written as `\x62\x31…` is not found as written; searching the rest of
        // the file for each made 190,000 of them take 94 s (issue 27). The work is counted.
        let escaped = vec![r"\x62\x31\x2d\x62\x33"; 3000].join(" ");
        let text = format!("moves: \"{escaped}\"\n");
        SEARCHED.set(0);
        assert_eq!(tokens(&text).len(), 3000);
        let searched = SEARCHED.get();
        assert!(
            searched < 30 * text.len(),
            "{searched} bytes searched in {}",
            text.len()
        );
        // A word written plainly after them is found where it stands, and the escaped
        // words are not taken for it.
        let text = format!("moves: \"{escaped} b1-b3\"\n");
        let found = tokens(&text);
        let column = text.find(" b1-b3").unwrap() + 2;
        assert_eq!(found[3000], ("b1-b3".to_string(), 1, column));
        assert_eq!(found[0].2, 9, "{:?}", found[0]);
        assert_eq!(found[1].2, 9 + 21, "{:?}", found[1]);
    }

    #[test]
    fn move_text_words_are_placed_where_they_stand() {
        let found = tokens("moves: \"1. b1-b3 h3-e3\n  2. b3xe3 1-0\"\n");
        let expected = [
            ("b1-b3", 1, 12),
            ("h3-e3", 1, 18),
            ("b3xe3", 2, 6),
            ("1-0", 2, 12),
        ];
        assert_eq!(found.len(), expected.len(), "{found:?}");
        for (got, (text, line, column)) in found.iter().zip(expected) {
            assert_eq!(got, &(text.to_string(), line, column));
        }
    }

    #[test]
    fn a_round_is_a_number_or_words() {
        assert!(is_round_number(" 12 "));
        for words in ["Semi-final", "R1", "", "2b"] {
            assert!(!is_round_number(words), "{words}");
        }
    }

    #[test]
    fn moves_are_named_by_count_or_by_number() {
        let pairs = |text| parse_at(text, 20, Numbering::Pairs);
        assert_eq!(pairs("12"), Ok(12));
        assert_eq!(pairs("6."), Ok(11));
        assert_eq!(pairs(" 6... "), Ok(12));
        assert_eq!(pairs("0"), Ok(0));
        assert!(pairs("0.").is_err());
        assert!(pairs("6..").is_err());
        assert_eq!(parse_at("6.", 20, Numbering::Turns), Ok(6));
        assert!(parse_at("6...", 20, Numbering::Turns).is_err());
        let err = pairs("11...").unwrap_err();
        assert!(
            err.contains("past the game's end: its last move is 10..."),
            "{err}"
        );
        let err = pairs("21").unwrap_err();
        assert!(
            err.contains("past the game's end: it has only 20 half-moves"),
            "{err}"
        );
    }

    #[test]
    fn list_moves_are_placed_at_their_items() {
        let found = tokens("moves: [C, c3]\n");
        assert_eq!(found, [("C".into(), 1, 9), ("c3".into(), 1, 12)]);
    }
}
