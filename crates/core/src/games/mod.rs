//! The games sheetgen knows. Each lives in its own folder behind the [`Game`] trait (its
//! rules, record schema, drawings, sheets and commands); [`GAMES`] is the one list of them.
//! Adding a game is a folder and a line in that list.

pub mod loa;
pub mod position;
pub mod search;
pub mod shoreline;
pub mod template;
pub mod towers;

use std::any::Any;
use std::sync::Arc;

use crate::annotate::{Cells, Written};
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::figure::Figure;
use crate::font::Font;
use crate::input::SourceFile;
use crate::record::About;
use crate::vocabulary::{Numbering, Phrase, Summary, Winner};
use crate::words::Words;

/// Every game sheetgen knows, in the order help texts list them.
pub static GAMES: &[&dyn Game] = &[&shoreline::Shoreline, &towers::Towers, &loa::LinesOfAction];

/// Each game sheetgen searches, and its searcher. Kept apart from [`Game`], whose every
/// method the Typst plugin carries for every game it draws: the commands' solving and
/// reports are then built only into what calls [`searcher`] (57 KB of the plugin).
static SEARCHERS: [(&dyn Game, &dyn search::Searcher); 2] = [
    (
        &shoreline::Shoreline,
        &shoreline::searcher::ShorelineSearcher,
    ),
    (&loa::LinesOfAction, &loa::searcher::LoaSearcher),
];

/// The searcher `solve`, `analyze` and `booklet --analysis` weigh `game`'s positions with;
/// None for a game sheetgen does not search.
pub fn searcher(game: &dyn Game) -> Option<&'static dyn search::Searcher> {
    SEARCHERS
        .iter()
        .find(|(searched, _)| searched.name() == game.name())
        .map(|&(_, searcher)| searcher)
}

/// One game: what the rest of sheetgen asks of it.
pub trait Game: Sync {
    /// The canonical name records write (`game: shoreline`).
    fn name(&self) -> &'static str;

    /// Other names a record's `game` may give (`loa`).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// The game's name in titles and messages: "Lines of Action".
    fn title(&self) -> &'static str;

    /// Every key of this game's records, in order.
    fn record_keys(&self) -> &'static [&'static str];

    /// Reads one YAML document as a record of this game and checks it against the rules.
    fn read(&self, document: &str, source: &SourceFile) -> Result<Box<dyn GameRecord>, Diagnostic>;

    /// Reads a position of this game's notation (`docs/rules/<game>.md`) and writes it back
    /// as the notation writes it, or says what is wrong and where.
    fn canonical_position(&self, text: &str) -> Result<String, position::PositionError>;

    /// How the game's move lists number its moves, and so what `--at 6.` names: in pairs
    /// where each move is one side's, by turn where a turn is both sides' (Towers).
    fn numbering(&self) -> Numbering {
        Numbering::Pairs
    }

    /// The options only this game's diagrams have (`--numbers`, `--show`), which `render`
    /// offers and refuses for the other games.
    fn diagram_options(&self) -> &'static [GameOption] {
        &[]
    }

    /// The colour roles only this game draws with (its `palette` module), which themes map
    /// by name; the shared ones are `crate::palette::ROLES`.
    fn colour_roles(&self) -> &'static [crate::palette::Role] {
        &[]
    }

    /// The game's rules page in the repository, which errors citing a ruling point to.
    fn rules_page(&self) -> String {
        format!("docs/rules/{}.md", self.name())
    }

    /// `d` with a note naming the rules page when it cites a ruling (its `rulings`), so
    /// that the ruling can be looked up; any other problem as it is.
    fn with_rules_page(&self, d: Diagnostic) -> Diagnostic {
        if !d.rulings.is_empty() {
            let note = format!("the rulings are explained in {}", self.rules_page());
            d.with_note(note)
        } else {
            d
        }
    }

    /// The built-in template of the game's sheets, which `sheetgen template GAME` prints.
    fn sheet_template(&self) -> &'static template::Builtin;

    /// Reads `source`, SGF or move text, as this game's records, when the game has such
    /// formats (Lines of Action); None when it has none. An error is a file that is not
    /// SGF or move text at all.
    fn import(&self, source: &SourceFile) -> Option<Result<Imported, Diagnostic>> {
        let _ = source;
        None
    }

    /// A document of this game read as the record after `previous` in the same file or on
    /// the same sheet, where a record takes something from the one before it (Shoreline:
    /// the evening's alternating first player, for a record that does not name it); None
    /// when that changes nothing. `read` is the document as it was read on its own, when it
    /// was valid.
    fn read_following(
        &self,
        text: &str,
        source: &SourceFile,
        previous: &dyn GameRecord,
        read: Option<&dyn GameRecord>,
    ) -> Option<Result<Box<dyn GameRecord>, Diagnostic>> {
        let _ = (text, source, previous, read);
        None
    }

    /// What annotations keep clear of in this game's diagrams, beyond the coordinates.
    fn keep_clear(&self) -> crate::annotate::KeepClear {
        crate::annotate::KeepClear::default()
    }

    /// Whether its review figure can be drawn from a review read back ([`ReadReview`])
    /// instead of searched: Lines of Action's, from `analyze --format json`.
    fn reads_reviews(&self) -> bool {
        false
    }
}

/// Games read from SGF or move text.
#[derive(Debug)]
pub struct Imported {
    /// Each game as a YAML record (one document), or what is wrong with it.
    pub games: Vec<Result<String, Diagnostic>>,
    /// What was left out, located (SGF variations off the main line).
    pub notes: Vec<Diagnostic>,
}

/// A checked record of one game.
pub trait GameRecord: std::fmt::Debug + Send + Sync {
    /// The game it is a record of.
    fn game(&self) -> &'static dyn Game;

    fn about(&self) -> &About;

    /// What `check` reports.
    fn summary(&self) -> Summary;

    /// Each move (or Towers turn) in the record's notation, for lists under diagrams; a
    /// notation with words (Towers: "black", "white") writes them in `words`' language.
    fn move_list(&self, words: &Words) -> Vec<String>;

    /// Moves `from..to` (from 0) numbered as the game's move lists number them:
    /// `6... c4-e6 7. f1-d3`, or a Towers turn each with its number.
    fn numbered_moves(&self, from: usize, to: usize, words: &Words) -> String {
        let moves = self.moves_between(from, to, words);
        self.game().numbering().moves_from(&moves, from)
    }

    /// Moves `from..to` (from 0) of [`GameRecord::move_list`]. A game whose records can be
    /// long writes only these: a booklet captions a thousand diagrams of one game.
    fn moves_between(&self, from: usize, to: usize, words: &Words) -> Vec<String> {
        self.move_list(words)
            .into_iter()
            .take(to)
            .skip(from)
            .collect()
    }

    /// What reading the record settled that it does not say itself (Shoreline: the first
    /// player the evening's alternation gave it), as located notes.
    fn reading_notes(&self) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// How many moves (turns for Towers) `--at` and `--every` count.
    fn length(&self) -> usize;

    /// How the game ended (or stands), in `words`' language: in English the engine's own
    /// words, as `check` reports them; in another, the winner and the score, unless the game
    /// says more.
    fn outcome_words(&self, words: &Words) -> String {
        summary_in(&self.summary(), words)
    }

    /// The side that plays the move after `before` moves, for games whose every move is
    /// one side's (a replay page announces it); None where a move is both sides' (Towers).
    fn mover(&self, before: usize) -> Option<crate::vocabulary::Side> {
        let _ = before;
        None
    }

    /// Checks that the diagram `view` asks for can be drawn, without drawing it: the move
    /// is in the game and the game's own options make sense. The view comes back checked,
    /// with the diagram's squares by name, for checking annotations (their places may
    /// differ from the drawn figure's).
    fn check_view(&self, view: &View) -> Result<CheckedView, Error>;

    /// The diagram a checked view asks for, and where its squares are.
    fn draw(&self, view: &CheckedView) -> (Figure, Cells);

    /// The scoring table the game's diagram draws at the record's end, as words in
    /// `words`' language, for a replay page to write under the board; None for a game whose
    /// diagrams draw none (only Towers' do).
    fn end_table(&self, words: &Words) -> Option<crate::replay::ScoreTable> {
        let _ = words;
        None
    }

    /// The record as its own game's type, for that game's commands (a Shoreline sheet
    /// filled with Shoreline games).
    fn as_any(&self) -> &dyn Any;
}

/// A game's [`Summary`] in `words`: its reason as the engine wrote it in English; in
/// another language, the winner and the score, which every game's summary gives.
pub(crate) fn summary_in(summary: &Summary, words: &Words) -> String {
    if words.lang() == crate::words::Lang::En {
        return crate::vocabulary::capitalised(&summary.reason);
    }
    let verdict = match summary.winner {
        Some(Winner::Black) => words.tr("Black wins"),
        Some(Winner::White) => words.tr("White wins"),
        Some(Winner::Draw) => words.tr("Draw"),
        None if summary.unit == "turn" => {
            words.fill("Unfinished after {n} turns", &[("n", &summary.moves)])
        }
        None => words.fill("Unfinished after {n} half-moves", &[("n", &summary.moves)]),
    };
    match summary.score {
        Some((black, white)) => {
            let points = words.fill(
                "Black {black} · White {white}",
                &[("black", &black), ("white", &white)],
            );
            format!("{verdict}, {}", points.replace('-', "−"))
        }
        None => verdict,
    }
}

/// A game's review pages in a booklet: its evaluation graph, and the review diagrams to
/// draw (`--analysis` at each `at`; None is the game's turning point).
#[derive(Debug, Clone)]
pub struct BookletReview {
    pub graph: Figure,
    pub diagrams: Vec<Option<usize>>,
}

/// An option only some games' diagrams have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOption {
    /// The long option's name (`numbers` for `--numbers`), and the key of a record
    /// diagram's entry where one exists (`show`).
    pub name: &'static str,
    /// The value's name in help (`WHAT:SQ`); None for a flag.
    pub value: Option<&'static str>,
    pub help: &'static str,
}

/// `--analysis`, the one option two games share (Shoreline's and Lines of Action's
/// reviews): one entry, so the command line shows it once, with one help.
pub(crate) const ANALYSIS: GameOption = GameOption {
    name: "analysis",
    value: None,
    help: "Weigh every move and mark the costly ones (Shoreline against perfect play); \
           Lines of Action: the move played and the best one as arrows, with the verdicts, at \
           --at N or else at the game's turning point",
};

/// A game option as given, on the command line or in a record's `diagrams` entry.
#[derive(Debug, Clone, PartialEq)]
pub struct GivenOption {
    pub name: String,
    /// The values in order; empty for a flag.
    pub values: Vec<Written>,
}

/// A view its game has checked ([`GameRecord::check_view`]): the only view
/// [`GameRecord::draw`] takes, so no figure is drawn from options nobody checked. Made only
/// in this crate, by a game's `check_view`.
#[derive(Debug, Clone)]
pub struct CheckedView {
    view: View,
    cells: Cells,
}

impl CheckedView {
    pub(crate) fn new(view: &View, cells: Cells) -> Self {
        Self {
            view: view.clone(),
            cells,
        }
    }

    pub fn view(&self) -> &View {
        &self.view
    }

    /// The diagram's squares by name, for checking annotations.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The same view with its text `scale`d: a text size never makes a view invalid.
    pub(crate) fn set_text_scale(&mut self, scale: f64) {
        self.view.text_scale = scale;
    }
}

/// What a diagram shows: the position after `at` moves (the end if None), a caption, and
/// the game's own options.
#[derive(Debug, Clone)]
pub struct View {
    pub at: Option<usize>,
    pub caption: Option<String>,
    pub options: Vec<GivenOption>,
    /// The board, its coordinates and the marks on it only: no title, players, legend,
    /// score text or caption, for books that set their own (`render --bare`).
    pub bare: bool,
    /// With `bare`, the key to the board's symbols (and the annotations) is kept under the
    /// board (`render --bare --legend`).
    pub legend: bool,
    /// Every text of the diagram (coordinates, Line numbers, heights, title, lines and
    /// legends) this many times its usual size, the layout making room: a figure printed
    /// smaller than its own size (a booklet's, `--text-size` with `--width`) asks for
    /// larger text, so it stays legible at print size. 1 otherwise.
    pub text_scale: f64,
    /// The words the diagram draws (legends, outcome lines, table headers), in the job's
    /// language (`--lang`); captions and titles from the record are drawn as written.
    pub words: crate::words::Words,
    /// The font every text of the diagram is measured with, and which the figure carries
    /// to the backends (`--font`, else sheetgen's own).
    pub font: Arc<Font>,
    /// The review figure's review, read rather than searched (see [`ReadReview`]).
    pub review: Option<ReadReview>,
}

/// A review read back, not searched: the JSON lines `sheetgen analyze --format json` wrote,
/// for a review figure (`render --analysis-from FILE`, the Typst package's `analysis:
/// read("review.json")`), and which of the reviewed file's games the figure is of (its
/// `index`, from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct ReadReview {
    pub text: Arc<str>,
    pub game: usize,
}

impl Default for View {
    fn default() -> Self {
        Self {
            at: None,
            caption: None,
            options: Vec::new(),
            bare: false,
            legend: false,
            text_scale: 1.0,
            words: crate::words::Words::default(),
            font: Font::builtin(),
            review: None,
        }
    }
}

impl View {
    /// Whether the flag `name` is given.
    pub fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.name == name)
    }

    /// Every value given for `name`, in order.
    pub fn values(&self, name: &str) -> impl Iterator<Item = &Written> {
        self.options
            .iter()
            .filter(move |o| o.name == name)
            .flat_map(|o| &o.values)
    }
}

/// One game from a file: its place there (from 1) and the checked game or what is wrong.
#[derive(Debug)]
pub struct GameInFile {
    pub index: usize,
    /// The game the record names, when it names one sheetgen knows.
    pub name: Option<&'static str>,
    pub game: Result<Box<dyn GameRecord>, Diagnostic>,
    /// What reading the file left out or settled, located, for standard error: SGF
    /// variations off the main line (the file's first entry carries those), a record's
    /// first player taken from the evening's alternation ([`GameRecord::reading_notes`]).
    pub notes: Vec<Diagnostic>,
}

/// A position given without a record (`--game G --position TEXT`, or the api's
/// `position`), read as a record of its own with no moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivenPosition {
    pub game: &'static str,
    pub text: String,
}

impl GivenPosition {
    /// What reports and errors call a given position.
    pub const NAME: &'static str = "--position";

    /// The position as a checked game; what is wrong with it is located in the text, as
    /// a file of one line named `--position`.
    pub fn read(&self) -> Result<Box<dyn GameRecord>, Diagnostic> {
        let game = find(self.game).expect("a given position names a game of the registry");
        // One line, so that columns count as the message says (a newline is a space too).
        let line: String = self
            .text
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .collect();
        let source = SourceFile::new(Self::NAME, &line);
        let canonical = game
            .canonical_position(&line)
            .map_err(|e| game.with_rules_page(e.in_option(&source)))?;
        let yaml = format!("game: {}\nposition: \"{canonical}\"\n", game.name());
        game.read(&yaml, &SourceFile::new(Self::NAME, &yaml))
    }

    /// The position as the one game of a file, for `check` and `booklet`.
    pub fn entry(&self) -> GameInFile {
        GameInFile {
            index: 1,
            name: Some(self.game),
            game: self.read(),
            notes: Vec::new(),
        }
    }
}

/// The `k`-th (from 1) of a file's games, checked; else a usage error, worded by `missing`
/// from how many games the file holds ("3 games").
pub fn nth(
    entries: Vec<GameInFile>,
    k: usize,
    missing: impl FnOnce(Phrase) -> Phrase,
) -> Result<Box<dyn GameRecord>, Error> {
    let count = entries.len();
    let entry = entries
        .into_iter()
        .nth(k.wrapping_sub(1))
        .ok_or_else(|| Error::Usage(missing(Phrase::counted(count, "1 game", "{n} games"))))?;
    entry.game.map_err(Error::Invalid)
}

/// The game a record's `game` key names, by its name or an alias, in any case.
pub fn find(name: &str) -> Option<&'static dyn Game> {
    let name = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .copied()
        .find(|game| game.name() == name || game.aliases().contains(&name.as_str()))
}

/// "shoreline, towers and lines-of-action (loa)": the names records may give.
pub fn names() -> String {
    let names: Vec<String> = GAMES
        .iter()
        .map(|game| match game.aliases() {
            [] => game.name().to_string(),
            aliases => format!("{} ({})", game.name(), aliases.join(", ")),
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The games whose diagrams have the option `name`.
pub(crate) fn games_with_option(name: &str) -> Vec<&'static dyn Game> {
    GAMES
        .iter()
        .copied()
        .filter(|game| game.diagram_options().iter().any(|o| o.name == name))
        .collect()
}

/// Every game's diagram options, each name once, in registry order.
pub fn all_diagram_options() -> Vec<GameOption> {
    let mut all: Vec<GameOption> = Vec::new();
    for option in GAMES.iter().flat_map(|game| game.diagram_options()) {
        if !all.iter().any(|o| o.name == option.name) {
            all.push(*option);
        }
    }
    all
}

/// Every colour role a theme may name: the shared ones, then each game's, each name once.
pub(crate) fn colour_roles() -> Vec<crate::palette::Role> {
    let mut all: Vec<crate::palette::Role> = crate::palette::ROLES.to_vec();
    for role in GAMES.iter().flat_map(|game| game.colour_roles()) {
        if !all.iter().any(|(name, _)| *name == role.0) {
            all.push(*role);
        }
    }
    all
}

/// The move a diagram shows, checked against the game's length (counted as `numbering`
/// counts positions): `at` or the end.
pub(crate) fn check_at(
    at: Option<usize>,
    length: usize,
    numbering: Numbering,
) -> Result<usize, Error> {
    let n = at.unwrap_or(length);
    if n > length {
        return Err(Error::Request(crate::error::RequestError::PastTheEnd {
            at: n,
            length,
            numbering,
        }));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_colour_role_has_one_colour_and_its_own() {
        let roles: Vec<crate::palette::Role> = crate::palette::ROLES
            .iter()
            .chain(GAMES.iter().flat_map(|game| game.colour_roles()))
            .copied()
            .collect();
        assert_eq!(crate::palette::check_roles(&roles), Ok(()));
        assert_eq!(colour_roles().len(), 20, "each role once");
    }

    use super::*;

    #[test]
    fn names_and_aliases_find_their_game() {
        assert_eq!(find("Shoreline").map(|g| g.name()), Some("shoreline"));
        assert_eq!(find("loa").map(|g| g.name()), Some("lines-of-action"));
        assert!(find("chess").is_none());
        assert_eq!(
            names(),
            "shoreline, towers and lines-of-action (loa)",
            "the registry's order"
        );
    }

    #[test]
    fn every_game_has_its_own_name_and_the_shared_header_keys() {
        for (i, game) in GAMES.iter().enumerate() {
            for other in &GAMES[i + 1..] {
                assert_ne!(game.name(), other.name());
            }
            for key in ["game", "title", "date", "players", "diagrams"] {
                assert!(game.record_keys().contains(&key), "{}: {key}", game.name());
            }
        }
    }

    /// The first game of `record`, which must be refused.
    fn refused(record: &str) -> Diagnostic {
        let source = crate::input::SourceFile::new("g.yaml", record);
        let mut entries = crate::load::read(&source, &crate::font::Font::builtin()).unwrap();
        entries.remove(0).game.unwrap_err()
    }

    #[test]
    fn an_illegal_move_carries_its_ruling_and_names_the_rules_page() {
        let d = refused("game: lines-of-action\nmoves: [b1-b4]\n");
        assert_eq!(d.rulings, ["L3"]);
        assert!(d.message.ends_with("2 pieces on it (ruling L3)"), "{d}");
        assert_eq!(
            d.notes,
            ["the rulings are explained in docs/rules/lines-of-action.md"]
        );
        let d = refused("game: shoreline\nrules: { scoring: odd }\nmoves: []\n");
        assert_eq!(d.rulings, ["S5", "S7"]);
        assert!(d.message.ends_with("not `odd` (rulings S5, S7)"), "{d}");
        assert_eq!(d.notes.len(), 1, "{d}");
    }

    #[test]
    fn the_word_ruling_in_a_message_is_not_a_ruling() {
        let d = refused("game: shoreline\ntitle: ruling party\nmoves: [ruling]\n");
        assert!(d.message.contains("`ruling` is not a move"), "{d}");
        assert!(d.rulings.is_empty() && d.notes.is_empty(), "{d}");
        let title = Diagnostic::file("g.yaml", "the title `ruling party` is too long");
        assert!(shoreline::Shoreline.with_rules_page(title).notes.is_empty());
    }

    #[test]
    fn at_is_checked_against_the_length() {
        let pairs = Numbering::Pairs;
        assert_eq!(check_at(None, 5, pairs).unwrap(), 5);
        assert_eq!(check_at(Some(0), 5, pairs).unwrap(), 0);
        let err = check_at(Some(6), 1, pairs).unwrap_err().to_string();
        assert_eq!(err, "--at 6: the game has only 1 half-move");
        let err = check_at(Some(20), 13, Numbering::Turns).unwrap_err();
        assert_eq!(err.to_string(), "--at 20: the game has only 13 turns");
        let Error::Request(request) = err else {
            panic!("a request error: {err}")
        };
        assert_eq!(
            request.phrase(crate::error::Edge::Embedded).to_string(),
            "at: 20 is past the game's 13 turns"
        );
    }

    #[test]
    fn shoreline_and_lines_of_action_have_searchers_and_towers_none() {
        use super::search::Solves;
        let searched: Vec<(&str, Solves)> = GAMES
            .iter()
            .filter_map(|game| Some((game.name(), searcher(*game)?.solves())))
            .collect();
        assert_eq!(
            searched,
            [
                ("shoreline", Solves::TheEmptyBoard),
                ("lines-of-action", Solves::Positions)
            ]
        );
    }
}
