//! The words every game shares: the two sides, the outcome, what `check` says about a game,
//! a rule broken with the rulings it cites, and small helpers for writing them. Below the
//! games, so the rules engines need nothing above themselves.

use std::borrow::Cow;

use crate::words::Words;

/// The two sides of every game sheetgen knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Side {
    #[default]
    Black,
    White,
}

impl Side {
    /// `black` or `white`, as records and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// "Black ●" or "White ○": the side with the mark its player draws on paper.
    pub fn label(self) -> &'static str {
        match self {
            Side::Black => "Black ●",
            Side::White => "White ○",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// Reads `black` or `white` in any case, as records write a side.
    pub fn parse(word: &str) -> Option<Side> {
        match word.trim().to_ascii_lowercase().as_str() {
            "black" => Some(Side::Black),
            "white" => Some(Side::White),
            _ => None,
        }
    }

    /// 0 for Black, 1 for White: the index of per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }
}

/// The outcome of a game as `check` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    Black,
    White,
    Draw,
}

impl Winner {
    pub fn name(&self) -> &'static str {
        match self {
            Winner::Black => "black",
            Winner::White => "white",
            Winner::Draw => "draw",
        }
    }

    /// The winning side, or a draw.
    pub fn of(side: Option<Side>) -> Winner {
        match side {
            Some(Side::Black) => Winner::Black,
            Some(Side::White) => Winner::White,
            None => Winner::Draw,
        }
    }
}

/// What `check` says about a valid game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The game's canonical name, as records write it.
    pub game: &'static str,
    /// Half-moves played, or turns for Towers (see `unit`).
    pub moves: usize,
    /// What `moves` counts, singular: [`HALF_MOVE`] or "turn".
    pub unit: &'static str,
    pub finished: bool,
    /// Black's and White's scores now, for games scored by points.
    pub score: Option<(i32, i32)>,
    /// Counts the game reports per side, under its own name (Towers: `towers`, how many
    /// towers of each height 1–8 Black and White have).
    pub per_side: Option<PerSide>,
    /// None while the game is unfinished.
    pub winner: Option<Winner>,
    /// The outcome in words: "black wins 2–1", "unfinished after 20 of 24 half-moves".
    pub reason: String,
}

impl Summary {
    /// What `check` reports of the game after its place: `ok, shoreline, 24 half-moves:
    /// draw, black 4 white 4`.
    pub fn reported(&self) -> String {
        format!(
            "ok, {}, {}: {}",
            self.game,
            plural(self.moves, self.unit),
            self.reason
        )
    }
}

/// Counts per side that a game adds to its summary, named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerSide {
    pub name: &'static str,
    pub black: Vec<u32>,
    pub white: Vec<u32>,
}

/// Words put in the reader's language where they are shown: an English text with `{name}`
/// placeholders, which is the key of the language tables (`templates/lang/`), and its
/// values; or a text shown as it is (a move as the record writes it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    english: Cow<'static, str>,
    /// Whether `english` is a table's key, or text to show as it is.
    keyed: bool,
    values: Vec<(&'static str, Value)>,
}

/// A placeholder's value: text as it is, or one of sheetgen's own words or phrases,
/// translated too.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Text(String),
    Word(&'static str),
    Phrase(Box<Phrase>),
}

impl Phrase {
    pub fn new(english: &'static str) -> Self {
        Self {
            english: Cow::Borrowed(english),
            keyed: true,
            values: Vec::new(),
        }
    }

    /// A count of things, `{n}` in `one` when `n` is 1, else in `many` ("1 board", "{n}
    /// boards"): each language's table words its own plural.
    pub fn counted(n: usize, one: &'static str, many: &'static str) -> Self {
        let english = if n == 1 { one } else { many };
        Self::new(english).with("n", n)
    }

    /// Text shown as it is, in every language.
    pub fn verbatim(text: impl Into<String>) -> Self {
        Self {
            english: Cow::Owned(text.into()),
            keyed: false,
            values: Vec::new(),
        }
    }

    /// The placeholder `{name}` is `value`, as it is.
    pub fn with(mut self, name: &'static str, value: impl std::fmt::Display) -> Self {
        self.values.push((name, Value::Text(value.to_string())));
        self
    }

    /// The placeholder `{name}` is sheetgen's word `word` ("black"), translated with the
    /// phrase.
    pub fn word(mut self, name: &'static str, word: &'static str) -> Self {
        self.values.push((name, Value::Word(word)));
        self
    }

    /// The placeholder `{name}` is the phrase `phrase`, translated with this one.
    pub fn phrase(mut self, name: &'static str, phrase: Phrase) -> Self {
        self.values.push((name, Value::Phrase(Box::new(phrase))));
        self
    }

    /// The phrase in `words`' language; English as the code writes it.
    pub(crate) fn in_words(&self, words: &Words) -> String {
        if !self.keyed {
            return self.english.to_string();
        }
        let english = words.lang() == crate::words::Lang::En;
        let values: Vec<(&str, String)> = self
            .values
            .iter()
            .map(|(name, value)| match value {
                Value::Text(text) => (*name, text.clone()),
                Value::Word(word) if english => (*name, word.to_string()),
                Value::Word(word) => (*name, words.tr(word)),
                Value::Phrase(phrase) => (*name, phrase.in_words(words)),
            })
            .collect();
        let shown: Vec<(&str, &dyn std::fmt::Display)> = values
            .iter()
            .map(|(name, value)| (*name, value as &dyn std::fmt::Display))
            .collect();
        match english {
            true => crate::words::filled_in(&self.english, &shown),
            false => words.fill(&self.english, &shown),
        }
    }
}

/// The phrase in English.
impl std::fmt::Display for Phrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_words(&Words::default()))
    }
}

/// A rule broken, in the game's words, and the rulings of the game's rules page it cites
/// ("L3"): the ids are data, so that what points to the rules page never reads the words,
/// and the words are phrases, put in the reader's language where they are shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// What was done, then what it breaks: "move 2 (black)", "b1-b4", "b1 moves exactly 2".
    pub phrases: Vec<Phrase>,
    /// Empty for a message that cites no ruling.
    pub rulings: &'static [&'static str],
}

impl Broken {
    pub fn new(message: impl Into<Phrase>, rulings: &'static [&'static str]) -> Self {
        Self {
            phrases: vec![message.into()],
            rulings,
        }
    }

    /// The same rule broken, its words after `context` and a colon: "b1-b4: …".
    pub fn after(mut self, context: impl Into<Phrase>) -> Self {
        self.phrases.insert(0, context.into());
        self
    }

    /// The words in English, without the rulings.
    pub fn message(&self) -> String {
        self.in_words(&Words::default())
    }

    /// The words in `words`' language, without the rulings.
    pub(crate) fn in_words(&self, words: &Words) -> String {
        let phrases: Vec<String> = self.phrases.iter().map(|p| p.in_words(words)).collect();
        phrases.join(": ")
    }
}

/// The words, then the rulings: "… (ruling L3)", "… (rulings S5, S7)".
impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.message(), citation(self.rulings))
    }
}

impl From<String> for Phrase {
    fn from(text: String) -> Self {
        Self::verbatim(text)
    }
}

impl From<&str> for Phrase {
    fn from(text: &str) -> Self {
        Self::verbatim(text)
    }
}

impl From<String> for Broken {
    fn from(message: String) -> Self {
        Self::new(message, &[])
    }
}

impl From<&str> for Broken {
    fn from(message: &str) -> Self {
        Self::new(message, &[])
    }
}

impl From<Phrase> for Broken {
    fn from(message: Phrase) -> Self {
        Self::new(message, &[])
    }
}

/// What closes a message citing `rulings`: " (ruling L3)", " (rulings S5, S7)", or nothing.
pub(crate) fn citation(rulings: &[&str]) -> String {
    citation_in(rulings, &Words::default())
}

/// [`citation`] in `words`' language.
pub(crate) fn citation_in(rulings: &[&str], words: &Words) -> String {
    let word = |english: &str| match words.lang() {
        crate::words::Lang::En => english.to_string(),
        _ => words.tr(english),
    };
    match rulings {
        [] => String::new(),
        [one] => format!(" ({} {one})", word("ruling")),
        many => format!(" ({} {})", word("rulings"), many.join(", ")),
    }
}

/// "1 move", "2 moves": `word` is the singular, its plural takes an s.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The word with its first letter in upper case.
pub(crate) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// How a game's move lists number its moves. sheetgen's one convention: where each move is
/// one side's, a number counts pairs of moves (`6.` before the first player's 6th move,
/// `6...` before the second player's); where a turn is both sides' (Towers), each turn has
/// its own number. `--at` and `at:` count moves (Towers: turns) or take such a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    Pairs,
    Turns,
}

impl Numbering {
    /// What its numbered moves are called: "move", or "turn" where a turn is both sides'.
    pub fn unit(self) -> &'static str {
        match self {
            Numbering::Pairs => "move",
            Numbering::Turns => "turn",
        }
    }

    /// What a position's count counts: "half-move" (each player's move is one, so that
    /// `12.` is the 23rd), or "turn". Reports, errors and figures count in it, never in
    /// numbered moves.
    pub(crate) fn count_unit(self) -> &'static str {
        match self {
            Numbering::Pairs => HALF_MOVE,
            Numbering::Turns => "turn",
        }
    }

    /// The number a list from the game's first move writes before the `i`-th move (from 0):
    /// each turn's, and the first player's moves' (`6.`); None for a reply, which follows
    /// its number unnumbered.
    pub(crate) fn written_number(self, i: usize) -> Option<String> {
        (self == Numbering::Turns || i % 2 == 0).then(|| self.number(i))
    }

    /// What a move list writes before the `i`-th move (from 0): `6.` or `6...`.
    pub fn number(self, i: usize) -> String {
        match self {
            Numbering::Turns => format!("{}.", i + 1),
            Numbering::Pairs if i % 2 == 0 => format!("{}.", i / 2 + 1),
            Numbering::Pairs => format!("{}...", i / 2 + 1),
        }
    }

    /// `moves[from..to]` numbered as books print them: `1. f1-d3 c4-e6 2. b1-b4`, or from the
    /// second player's move `6... c4-e6 7. f1-d3`; each Towers turn with its number. A number
    /// is joined to its move by a no-break space, so that a wrapped list never ends a line on
    /// a number.
    pub fn moves(self, moves: &[String], from: usize, to: usize) -> String {
        let to = to.min(moves.len());
        self.moves_from(moves.get(from..to).unwrap_or_default(), from)
    }

    /// `moves`, a game's moves from its `from`-th on (from 0), numbered as [`Self::moves`]
    /// numbers them.
    pub(crate) fn moves_from(self, moves: &[String], from: usize) -> String {
        let mut out = String::new();
        for (i, played) in (from..).zip(moves) {
            if !out.is_empty() {
                out.push(' ');
            }
            // A list that starts on a reply numbers it too: `6... c4-e6`.
            let number = match i == from {
                true => Some(self.number(i)),
                false => self.written_number(i),
            };
            if let Some(number) = number {
                out.push_str(&number);
                out.push('\u{a0}');
            }
            out.push_str(played);
        }
        out
    }

    /// The moves before the position a [`MoveRef`] names, or why it names none.
    pub fn count(self, at: MoveRef) -> Result<usize, NoSuchTurn> {
        match (self, at) {
            (_, MoveRef::Count(n)) => Ok(n),
            (Numbering::Pairs, MoveRef::First(n)) => Ok(2 * n - 1),
            (Numbering::Pairs, MoveRef::Second(n)) => Ok(2 * n),
            (Numbering::Turns, MoveRef::First(n)) => Ok(n),
            (Numbering::Turns, MoveRef::Second(n)) => Err(NoSuchTurn(n)),
        }
    }
}

/// `6...` asked of a game numbered by turns: the second player's 6th move is no turn of
/// its own, as each turn is both players' moves. Holds the turn's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchTurn(pub usize);

impl NoSuchTurn {
    /// Why, in words put in the reader's language where they are shown.
    pub fn phrase(self) -> Phrase {
        Phrase::new("`{n}...` is no turn: a turn is both players' moves, so it is `{n}.` or {n}")
            .with("n", self.0)
    }
}

/// Why, in English.
impl std::fmt::Display for NoSuchTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.phrase().fmt(f)
    }
}

/// What a game whose moves are one side's each counts its positions in: `plural(n,
/// HALF_MOVE)` is "24 half-moves".
pub(crate) const HALF_MOVE: &str = "half-move";

/// The `i`-th move (from 0) of a game of one side's moves as messages name it, numbered as
/// move lists number it and told apart by its side: `move 6 (white)` is `6...`.
pub(crate) fn move_and_side(i: usize, side: &'static str) -> Phrase {
    Phrase::new("move {n} ({side})")
        .with("n", i / 2 + 1)
        .word("side", side)
}

/// A position as `--at` and `at:` name it: after a count of moves (`12`), or after a numbered
/// move of the move lists (`6.`, `6...`), which the game's [`Numbering`] turns into a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRef {
    Count(usize),
    /// `6.`: the first player's 6th move (a Towers game's 6th turn).
    First(usize),
    /// `6...`: the second player's 6th move.
    Second(usize),
}

impl MoveRef {
    /// `12`, `6.` or `6...`; None for anything else (`0.`, `6..`, `-1`).
    pub fn parse(text: &str) -> Option<MoveRef> {
        let written = text.trim();
        let digits = written.trim_end_matches('.');
        let dots = written.len() - digits.len();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = digits.parse::<usize>().ok()?;
        // A numbered move's count must fit too.
        n.checked_mul(2)?;
        match dots {
            0 => Some(MoveRef::Count(n)),
            1 if n > 0 => Some(MoveRef::First(n)),
            3 if n > 0 => Some(MoveRef::Second(n)),
            _ => None,
        }
    }
}

impl std::fmt::Display for MoveRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveRef::Count(n) => write!(f, "{n}"),
            MoveRef::First(n) => write!(f, "{n}."),
            MoveRef::Second(n) => write!(f, "{n}..."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_in_pairs_or_by_turn() {
        let moves: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let spaced = |n: Numbering, from, to| n.moves(&moves, from, to).replace('\u{a0}', " ");
        assert_eq!(spaced(Numbering::Pairs, 0, 5), "1. a b 2. c d 3. e");
        assert_eq!(spaced(Numbering::Pairs, 1, 4), "1... b 2. c d");
        assert_eq!(spaced(Numbering::Turns, 1, 4), "2. b 3. c 4. d");
        assert_eq!(Numbering::Pairs.number(11), "6...");
        assert_eq!(Numbering::Pairs.number(10), "6.");
        assert_eq!(Numbering::Turns.number(10), "11.");
    }

    #[test]
    fn a_numbered_move_counts_as_its_game_numbers() {
        let at = |text| MoveRef::parse(text).unwrap();
        assert_eq!(Numbering::Pairs.count(at("12")), Ok(12));
        assert_eq!(Numbering::Pairs.count(at("6.")), Ok(11));
        assert_eq!(Numbering::Pairs.count(at(" 6... ")), Ok(12));
        assert_eq!(Numbering::Turns.count(at("6.")), Ok(6));
        assert_eq!(Numbering::Turns.count(at("6...")), Err(NoSuchTurn(6)));
        assert_eq!(
            NoSuchTurn(6).to_string(),
            "`6...` is no turn: a turn is both players' moves, so it is `6.` or 6"
        );
        for bad in [
            "0.",
            "0...",
            "6..",
            "6....",
            "",
            ".",
            "-1",
            "1e3",
            "99999999999999999999",
        ] {
            assert_eq!(MoveRef::parse(bad), None, "{bad}");
        }
        assert_eq!(at("6...").to_string(), "6...");
    }

    #[test]
    fn sides_read_in_any_case_and_nothing_else() {
        assert_eq!(Side::parse("Black"), Some(Side::Black));
        assert_eq!(Side::parse(" WHITE "), Some(Side::White));
        assert_eq!(Side::parse("red"), None);
        assert_eq!(Side::parse(""), None);
    }

    #[test]
    fn plurals_and_capitals() {
        assert_eq!(plural(1, "move"), "1 move");
        assert_eq!(plural(0, "move"), "0 moves");
        assert_eq!(capitalised("turns"), "Turns");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn a_broken_rule_closes_with_its_rulings() {
        let one = Broken::new("b1 moves exactly 2", &["L3"]).after("b1-b4");
        assert_eq!(one.to_string(), "b1-b4: b1 moves exactly 2 (ruling L3)");
        let two = Broken::new("`scoring` is exact or beginner", &["S5", "S7"]);
        assert_eq!(
            two.to_string(),
            "`scoring` is exact or beginner (rulings S5, S7)"
        );
        assert_eq!(
            Broken::from("c1 is listed twice").to_string(),
            "c1 is listed twice"
        );
    }
}
