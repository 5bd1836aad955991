//! The errors a sheetgen command can end with, and the exit code each gives.
//!
//! Exit codes follow ripgrep's policy: 0 success, 1 an input was read but is invalid (a
//! record breaks the rules, a text cannot be drawn), 2 the command could not do its work
//! (bad options, a missing or unreadable file, a malformed template).

use std::fmt;

use crate::diagnostic::Diagnostic;
use crate::vocabulary::Phrase;

/// How a command went; the worst part decides the exit code, in one place
/// ([`Status::exit_code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Status {
    /// Everything was done.
    #[default]
    Done,
    /// An input was read but is invalid (exit 1).
    Invalid,
    /// The command could not do (all of) its work (exit 2).
    Failed,
}

impl Status {
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::Invalid => 1,
            Status::Failed => 2,
        }
    }
}

/// What kind of failure an error is; its exit code follows from it alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An input was read but is invalid: a record breaks the rules, a text cannot be drawn.
    Invalid,
    /// The command could not do its work: a file could not be read or written, a template
    /// or theme is malformed.
    CouldNotWork,
    /// The command line asks for something impossible.
    Usage,
}

impl Kind {
    pub fn status(self) -> Status {
        match self {
            Kind::Invalid => Status::Invalid,
            Kind::CouldNotWork | Kind::Usage => Status::Failed,
        }
    }
}

#[derive(Debug)]
pub enum Error {
    /// The command line asks for something impossible: an English template with its values
    /// (`--boards {n}`), put in the reader's language where it is printed
    /// ([`Error::render_in`]); clap's own words are a verbatim phrase.
    Usage(Phrase),
    /// A file could not be read or written: which, and the system's error.
    Io(crate::io_error::IoError),
    /// A template or other settings file is malformed.
    Config(Diagnostic),
    /// An input record is invalid.
    Invalid(Diagnostic),
    /// The output cannot be drawn (a text the font lacks, a text too long for its place):
    /// worded where it is found, with its values, and put in the reader's language where it
    /// is printed ([`Error::render_in`]). A phrase, as this layer may not name the
    /// backends' `RenderError`, which words itself ([`crate::backend::RenderError::phrase`]).
    Render(Phrase),
    /// Every input was left out for its problem: nothing is left to make.
    NothingLeft {
        problems: Vec<Problem>,
        message: String,
    },
    /// A figure request asks for something impossible: worded at the edge, which names the
    /// option its own way ([`RequestError::phrase`]).
    Request(RequestError),
}

/// Where a request came from, for the name its options go by: `--caption` on the command
/// line, `caption` in a request's JSON (the Typst package's argument names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    CommandLine,
    Embedded,
}

/// An option of a figure request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestOption {
    At,
    Diagram,
    Caption,
    Width,
    /// An arrow, mark, label or highlight.
    Annotation,
    /// A review read back for the review figure (`--analysis-from FILE`, `analysis:
    /// read("review.json")`).
    AnalysisFrom,
}

impl RequestOption {
    /// The option as `edge` names it.
    pub fn name(self, edge: Edge) -> &'static str {
        match (self, edge) {
            (RequestOption::At, Edge::CommandLine) => "--at",
            (RequestOption::At, Edge::Embedded) => "at",
            (RequestOption::Diagram, Edge::CommandLine) => "--diagram",
            (RequestOption::Diagram, Edge::Embedded) => "diagram",
            (RequestOption::Caption, Edge::CommandLine) => "--caption",
            (RequestOption::Caption, Edge::Embedded) => "caption",
            (RequestOption::Width, Edge::CommandLine) => "--width",
            (RequestOption::Width, Edge::Embedded) => "width",
            (RequestOption::Annotation, _) => "an annotation",
            (RequestOption::AnalysisFrom, Edge::CommandLine) => "--analysis-from",
            (RequestOption::AnalysisFrom, Edge::Embedded) => "analysis",
        }
    }
}

/// Why a figure request cannot be drawn, with what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestError {
    /// An option that shapes one figure, asked of a replay page of every position.
    ShapesOneFigure(RequestOption),
    /// `at` names a position past the game's end: the count asked, and the game's length
    /// as its numbering counts it (half-moves, or Towers' turns).
    PastTheEnd {
        at: usize,
        length: usize,
        numbering: crate::vocabulary::Numbering,
    },
    /// `at` names a numbered move past the game's last one, which is as the move lists
    /// write it (`33. a1-b2`).
    PastTheLastMove {
        at: crate::vocabulary::MoveRef,
        last: String,
    },
    /// `at` names no move the game's numbering has (`6...` of a game numbered by turns).
    NoSuchMove(crate::vocabulary::NoSuchTurn),
    /// The review read back cannot be this game's, or cannot be read: the same words at
    /// every edge.
    Analysis(AnalysisError),
}

/// Why the review figure cannot take the review it is given (`--analysis-from FILE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// A review read back for a record of a game sheetgen does not review: its title.
    NotReviewed { title: &'static str },
    /// A search budget (`--nodes`) given with a review read back, which `analyze` searched.
    BudgetGiven,
    /// The position after `at` half-moves is one the review's budget left unreviewed; the
    /// positions from `from` on are reviewed.
    Unreviewed { at: usize, from: usize },
    /// The file is not this game's review: worded by the game that reads it, as this layer
    /// may not name a game's types (`games::loa::review_file::ReviewFileError`).
    File(Phrase),
}

impl AnalysisError {
    /// Why, in words put in the reader's language where they are shown.
    pub fn phrase(&self) -> Phrase {
        match self {
            AnalysisError::NotReviewed { title } => Phrase::new(
                "a review read from `sheetgen analyze --format json` is of Lines of Action; this \
                 record is {game}",
            )
            .with("game", title),
            AnalysisError::BudgetGiven => Phrase::new(
                "the review is read, not searched: its budget is the one `sheetgen analyze \
                 --nodes` took; leave out the budget here",
            ),
            AnalysisError::Unreviewed { at, from } => Phrase::counted(
                *at,
                "the review left the position after 1 half-move unreviewed (its budget ran out; \
                 the positions from {from} on are reviewed): write it again with a larger \
                 `sheetgen analyze --total-nodes`",
                "the review left the position after {n} half-moves unreviewed (its budget ran \
                 out; the positions from {from} on are reviewed): write it again with a larger \
                 `sheetgen analyze --total-nodes`",
            )
            .with("from", from),
            AnalysisError::File(why) => why.clone(),
        }
    }
}

impl RequestError {
    /// The error in words put in the reader's language where they are shown, its options
    /// named as `edge` names them.
    pub fn phrase(&self, edge: Edge) -> Phrase {
        let command_line = edge == Edge::CommandLine;
        let why = |option: RequestOption, why: Phrase| {
            Phrase::new("{option}: {why}")
                .with("option", option.name(edge))
                .phrase("why", why)
        };
        match self {
            RequestError::ShapesOneFigure(option) => Phrase::new(
                "{option} shapes one figure; a replay page (HTML) shows every position of the \
                 game, its board as wide as the screen: leave {option} out, or open the page at \
                 a move",
            )
            .phrase("option", option.phrase(edge)),
            RequestError::PastTheEnd {
                at,
                length,
                numbering,
            } => past_the_end(*length, *numbering, command_line).with("at", at),
            RequestError::PastTheLastMove { at, last } if command_line => {
                Phrase::new("--at {at}: the game ends with {last}")
                    .with("at", at)
                    .with("last", last)
            }
            RequestError::PastTheLastMove { at, last } => {
                Phrase::new("at: {at} is past the game's last move, {last}")
                    .with("at", at)
                    .with("last", last)
            }
            RequestError::NoSuchMove(no_turn) => why(RequestOption::At, no_turn.phrase()),
            RequestError::Analysis(e) => why(RequestOption::AnalysisFrom, e.phrase()),
        }
    }
}

impl RequestOption {
    /// The option as `edge` names it, in words: "an annotation" is translated.
    fn phrase(self, edge: Edge) -> Phrase {
        match self {
            RequestOption::Annotation => Phrase::new("an annotation"),
            option => Phrase::verbatim(option.name(edge)),
        }
    }
}

/// `--at {at}` (`at: {at}`) past the end of a game `length` long, counted as `numbering`
/// counts positions: each template whole, as languages inflect the unit by its place.
fn past_the_end(
    length: usize,
    numbering: crate::vocabulary::Numbering,
    command_line: bool,
) -> Phrase {
    use crate::vocabulary::Numbering::{Pairs, Turns};
    match (numbering, command_line) {
        (Pairs, true) => Phrase::counted(
            length,
            "--at {at}: the game has only 1 half-move",
            "--at {at}: the game has only {n} half-moves",
        ),
        (Turns, true) => Phrase::counted(
            length,
            "--at {at}: the game has only 1 turn",
            "--at {at}: the game has only {n} turns",
        ),
        (Pairs, false) => Phrase::counted(
            length,
            "at: {at} is past the game's 1 half-move",
            "at: {at} is past the game's {n} half-moves",
        ),
        (Turns, false) => Phrase::counted(
            length,
            "at: {at} is past the game's 1 turn",
            "at: {at} is past the game's {n} turns",
        ),
    }
}

impl Error {
    /// The error's kind, from its variant: a located problem is an invalid input also when
    /// it blames an option (a character the `--font` lacks is exit 1 in every command, as
    /// with sheetgen's own font). Every left-out input of `NothingLeft` counts: the
    /// worst decides.
    pub fn kind(&self) -> Kind {
        match self {
            Error::Invalid(_) | Error::Render(_) => Kind::Invalid,
            // A template text the chosen --font lacks: the template is fine, the text
            // cannot be drawn.
            Error::Config(d) if d.option.is_some() => Kind::Invalid,
            Error::NothingLeft { problems, .. } => problems
                .iter()
                .map(|p| p.error.kind())
                .max_by_key(|kind| kind.status())
                .unwrap_or(Kind::Invalid),
            Error::Io(_) | Error::Config(_) => Kind::CouldNotWork,
            Error::Usage(_) | Error::Request(_) => Kind::Usage,
        }
    }

    pub fn status(&self) -> Status {
        self.kind().status()
    }

    pub fn exit_code(&self) -> u8 {
        self.status().exit_code()
    }

    /// The message for a terminal: located problems get the rustc-style snippet.
    pub fn render(&self, color: bool) -> String {
        self.render_in(color, &crate::words::Words::default())
    }

    /// [`Error::render`], every error worded in `words`' language.
    pub fn render_in(&self, color: bool, words: &crate::words::Words) -> String {
        match self {
            Error::Config(d) | Error::Invalid(d) => d.render_in(color, words),
            Error::NothingLeft { problems, .. } => {
                let mut text: Vec<String> =
                    problems.iter().map(|p| p.render_in(color, words)).collect();
                text.push(format!("error: {}", self.phrase().in_words(words)));
                text.join("\n")
            }
            _ => format!("error: {}", self.phrase().in_words(words)),
        }
    }

    /// The error's words, to be put in the reader's language (the located problems' and
    /// the summary of what was left out as they are).
    fn phrase(&self) -> Phrase {
        match self {
            Error::Usage(phrase) | Error::Render(phrase) => phrase.clone(),
            Error::Io(e) => e.phrase(),
            Error::Request(e) => e.phrase(Edge::CommandLine),
            Error::Config(d) | Error::Invalid(d) => Phrase::verbatim(d.to_string()),
            Error::NothingLeft { message, .. } => Phrase::verbatim(message.clone()),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.phrase().fmt(f)
    }
}

/// Something a job left out, and why: "skipped games.yaml #2:" and the error.
#[derive(Debug)]
pub struct Problem {
    pub heading: String,
    pub error: Error,
}

impl Problem {
    /// The heading and the error's report, styled for a terminal when `color`.
    pub fn render(&self, color: bool) -> String {
        self.render_in(color, &crate::words::Words::default())
    }

    /// [`Problem::render`], the rules broken worded in `words`' language.
    pub fn render_in(&self, color: bool, words: &crate::words::Words) -> String {
        format!(
            "{}\n{}",
            self.heading,
            self.error.render_in(color, words).trim_end()
        )
    }
}

impl std::error::Error for Error {
    /// The system's error behind an I/O error.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => e.source().map(|e| e as _),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_code_follows_the_kind_not_the_words() {
        let record = Diagnostic::file("g.yaml", "the character '岸' is not in the font (--font)");
        assert_eq!(Error::Invalid(record.clone()).kind(), Kind::Invalid);
        assert_eq!(Error::Invalid(record.clone()).exit_code(), 1);
        let blamed = record.blaming(Some("--font"));
        assert_eq!(Error::Invalid(blamed).kind(), Kind::Invalid);
        let unread = |path: &str| {
            Error::Io(crate::io_error::IoError::Read {
                path: path.into(),
                source: std::io::ErrorKind::NotFound.into(),
            })
        };
        assert_eq!(unread("x").exit_code(), 2);
        let left_out = |errors: Vec<Error>| Error::NothingLeft {
            problems: errors
                .into_iter()
                .map(|error| Problem {
                    heading: "skipped:".into(),
                    error,
                })
                .collect(),
            message: "nothing left".into(),
        };
        assert_eq!(left_out(Vec::new()).exit_code(), 1);
        let mixed = left_out(vec![
            Error::Invalid(Diagnostic::file("a.yaml", "x")),
            unread("b.yaml"),
        ]);
        assert_eq!(mixed.kind(), Kind::CouldNotWork);
    }
}
