//! Lines of Action: everything about the game in one place. Rules:
//! `docs/rules/lines-of-action.md` and rulings L1–L8.

pub mod analysis;
pub mod bits;
pub mod board;
pub mod calibration;
pub mod costly;
pub mod diagram;
pub mod game;
pub mod graph;
pub mod import;
pub mod palette;
pub mod position;
pub mod proof;
pub mod record;
pub mod review_file;
pub mod rules;
pub mod search;
pub mod searcher;
pub mod sheet;
pub mod solve;
pub mod template;

use crate::annotate::Cells;
use crate::diagnostic::Diagnostic;
use crate::error::{AnalysisError, Error, RequestError};
use crate::figure::Figure;
use crate::games::search::MAX_NODES;
use crate::games::{CheckedView, GameOption, GameRecord, View};
use crate::input::SourceFile;
use crate::record::About;
use crate::vocabulary::{Numbering, Phrase, Summary};

pub use record::Record;

/// The canonical name records use; `loa` is accepted too.
pub const NAME: &str = "lines-of-action";

/// Lines of Action in the registry.
pub struct LinesOfAction;

const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "show",
        value: Some("WHAT:SQ"),
        help: "A rulebook figure for a Lines of Action piece: lines:SQ writes its four line \
               counts, moves:SQ draws its moves and the directions it cannot use (repeatable)",
    },
    GameOption {
        name: "flip",
        value: None,
        help: "Draw a Lines of Action board from White's side (a1 top right, labels following)",
    },
    super::ANALYSIS,
    GameOption {
        name: "nodes",
        value: Some("N"),
        help: "Lines of Action --analysis: search nodes a position (the estimate's and the \
               proof's together; 200 times as many for the whole game), a budget rather \
               than a time, so every machine draws the same review [default: 40000]",
    },
];

/// Where a review figure's review comes from.
enum ReviewFrom<'a> {
    /// Searched here, within so many nodes a position.
    Search(u64),
    /// Read back from `analyze --format json`.
    Read(&'a crate::games::ReadReview),
}

/// The longest game `--analysis` reviews, in plies: at the default budget a minute's work
/// a hundred plies, so a hostile record cannot ask for hours.
pub(crate) const MAX_REVIEW_PLIES: usize = 1_000;

impl crate::games::Game for LinesOfAction {
    fn name(&self) -> &'static str {
        NAME
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["loa"]
    }

    fn title(&self) -> &'static str {
        "Lines of Action"
    }

    fn record_keys(&self) -> &'static [&'static str] {
        record::RawRecord::KEYS
    }

    fn read(&self, document: &str, source: &SourceFile) -> Result<Box<dyn GameRecord>, Diagnostic> {
        Ok(Box::new(record::read(document, source)?))
    }

    fn canonical_position(
        &self,
        text: &str,
    ) -> Result<String, crate::games::position::PositionError> {
        let start = position::parse(text)?;
        Ok(position::to_position(&start.board, &start.position))
    }

    fn diagram_options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn colour_roles(&self) -> &'static [crate::palette::Role] {
        palette::ROLES
    }

    /// The links between pieces.
    fn keep_clear(&self) -> crate::annotate::KeepClear {
        crate::annotate::KeepClear {
            areas: &[],
            lines: &["links"],
        }
    }

    fn reads_reviews(&self) -> bool {
        true
    }

    fn sheet_template(&self) -> &'static crate::games::template::Builtin {
        &template::BUILTIN
    }

    fn import(&self, source: &SourceFile) -> Option<Result<crate::games::Imported, Diagnostic>> {
        Some(import::import_games(source, &import::Metadata::default()))
    }
}

impl Record {
    /// The review budget a view asks for (`--nodes`, the last given), checked: None without
    /// `--analysis`.
    fn review_nodes(&self, view: &View) -> Result<Option<u64>, Error> {
        let given = view.values("nodes").last();
        if !view.flag("analysis") {
            return match given {
                Some(_) => Err(Error::Usage(Phrase::new(
                    "--nodes is the budget of --analysis: give --analysis too",
                ))),
                None => Ok(None),
            };
        }
        if self.plies.len() > MAX_REVIEW_PLIES {
            return Err(Error::Usage(
                Phrase::new(
                    "--analysis: the game has {plies} plies; sheetgen reviews at most {most} in \
                     a diagram (`sheetgen analyze` weighs every move of a longer one)",
                )
                .with("plies", self.plies.len())
                .with("most", MAX_REVIEW_PLIES),
            ));
        }
        let Some(written) = given else {
            return Ok(Some(search::DEFAULT_NODES));
        };
        match written.text.trim().parse::<u64>() {
            Ok(n) if (1..=MAX_NODES).contains(&n) => Ok(Some(n)),
            _ => Err(Error::Usage(
                Phrase::new("--nodes `{nodes}`: give a number of nodes from 1 to {most}")
                    .with("nodes", &written.text)
                    .with("most", MAX_NODES),
            )),
        }
    }

    /// Where the view's review figure takes its review from: a search within `--nodes`, or
    /// the review read back (`--analysis-from`, which is searched by `analyze` and so takes
    /// no budget here); None for no review figure.
    fn review_from<'a>(&self, view: &'a View) -> Result<Option<ReviewFrom<'a>>, Error> {
        let Some(read) = &view.review else {
            return Ok(self.review_nodes(view)?.map(ReviewFrom::Search));
        };
        if view.values("nodes").next().is_some() {
            return Err(Error::Request(RequestError::Analysis(
                AnalysisError::BudgetGiven,
            )));
        }
        Ok(Some(ReviewFrom::Read(read)))
    }

    /// The review, searched or read back and checked against this game.
    fn reviewed(&self, from: &ReviewFrom) -> Result<analysis::Review, Error> {
        match from {
            ReviewFrom::Search(nodes) => Ok(self.review(analysis::Budget::per_position(*nodes))),
            ReviewFrom::Read(read) => {
                review_file::read(&read.text, read.game, &self.rules, &self.plies).map_err(|e| {
                    Error::Request(RequestError::Analysis(AnalysisError::File(e.phrase())))
                })
            }
        }
    }

    /// `--analysis --at N` where the review's budget ran out before the position after `at`
    /// plies (a review goes from the end): refused, the budget named.
    fn refuse_unreviewed(&self, from: &ReviewFrom, at: usize) -> Result<(), Error> {
        let review = self.reviewed(from)?;
        if at >= review.unreviewed {
            return Ok(());
        }
        let nodes = match from {
            ReviewFrom::Search(nodes) => *nodes,
            ReviewFrom::Read(_) => {
                return Err(Error::Request(RequestError::Analysis(
                    AnalysisError::Unreviewed {
                        at,
                        from: review.unreviewed,
                    },
                )));
            }
        };
        Err(Error::Usage(
            crate::vocabulary::Phrase::new(
                "--analysis --at {at}: the review's budget ran out before that position: \
                 {game} nodes for the game, {nodes} a position, reviewed from the end; the \
                 positions from {from} on are reviewed (`sheetgen analyze --total-nodes` \
                 reviews more)",
            )
            .with("at", at)
            .with("game", review.budget.game)
            .with("nodes", nodes)
            .with("from", review.unreviewed),
        ))
    }

    /// The review diagram's move: at `--at N` the move from there, else the game's turning
    /// point (the end when it has none); with the move list for numbering.
    fn review_marks(
        &self,
        view: &View,
        review: &analysis::Review,
    ) -> (analysis::Marked, Vec<String>) {
        let turning = view.at.is_none();
        let at = match view.at {
            Some(at) => at,
            None => review.turning_point().unwrap_or(self.plies.len()),
        };
        let marked = review
            .marked(at.min(self.plies.len()), turning)
            .expect("a review has every position of its game");
        (marked, self.notation())
    }

    /// The `--show` figures a view asks for, read and checked against the position after
    /// `n` moves; a figure written in the record is refused at its place.
    fn figures(&self, view: &View, replay: &game::Play) -> Result<Vec<diagram::Show>, Error> {
        let refuse = |written: &crate::annotate::Written, message: String| match written.at {
            Some(at) => Error::Invalid(self.about.source.error_at(&at, message)),
            None => Error::Usage(Phrase::verbatim(message)),
        };
        let mut figures = Vec::new();
        for written in view.values("show") {
            let show = diagram::parse_show(&written.text, self.rules.size)
                .map_err(|message| refuse(written, message))?;
            diagram::check(replay, &[show]).map_err(|message| refuse(written, message))?;
            figures.push(show);
        }
        Ok(figures)
    }
}

impl GameRecord for Record {
    fn game(&self) -> &'static dyn crate::games::Game {
        &LinesOfAction
    }

    fn about(&self) -> &About {
        &self.about
    }

    fn summary(&self) -> Summary {
        Record::summary(self)
    }

    fn move_list(&self, _words: &crate::words::Words) -> Vec<String> {
        self.notation()
    }

    fn moves_between(&self, from: usize, to: usize, _words: &crate::words::Words) -> Vec<String> {
        let to = to.min(self.plies.len());
        let plies = self.plies.get(from..to).unwrap_or_default();
        plies
            .iter()
            .map(|p| game::notation(*p, self.rules.size))
            .collect()
    }

    fn length(&self) -> usize {
        self.plies.len()
    }

    fn outcome_words(&self, words: &crate::words::Words) -> String {
        match self.outcome {
            Some(outcome) => diagram::outcome_words(outcome, self.plies.len(), words),
            None => crate::games::summary_in(&self.summary(), words),
        }
    }

    fn mover(&self, before: usize) -> Option<crate::vocabulary::Side> {
        Some(self.replay_to(before).position.to_move)
    }

    fn check_view(&self, view: &View) -> Result<CheckedView, Error> {
        let n = crate::games::check_at(view.at, self.length(), Numbering::Pairs)?;
        match (self.review_from(view)?, view.at) {
            (Some(from), Some(at)) => self.refuse_unreviewed(&from, at)?,
            // A review read back is checked against the game before anything is drawn.
            (Some(from @ ReviewFrom::Read(_)), None) => drop(self.reviewed(&from)?),
            _ => {}
        }
        if view.values("show").next().is_some() {
            self.figures(view, &self.replay_to(n))?;
        }
        let cells = board::BoardLayout::fitting(
            &view.font,
            crate::figure::Point::new(0.0, 0.0),
            100.0,
            self.rules.size,
            8.0,
        )
        .cells();
        Ok(CheckedView::new(view, cells))
    }

    fn draw(&self, checked: &CheckedView) -> (Figure, Cells) {
        let view = checked.view();
        // A CheckedView is made only by check_view, which parsed these same options.
        let from = self
            .review_from(view)
            .expect("check_view accepted the budget");
        let review = from.map(|from| {
            let review = self.reviewed(&from).expect("check_view read the review");
            self.review_marks(view, &review)
        });
        let n = match &review {
            Some((marked, _)) => marked.ply,
            None => view.at.unwrap_or(self.plies.len()),
        };
        let replay = self.replay_to(n);
        let options = diagram::DiagramOptions {
            show: self
                .figures(view, &replay)
                .expect("check_view accepted the figures"),
            caption: view.caption.clone(),
            bare: view.bare,
            legend: view.legend,
            flip: view.flag("flip"),
            text_scale: view.text_scale,
            words: view.words.clone(),
            font: view.font.clone(),
            review,
        };
        diagram::diagram(
            &replay,
            self.plies.len(),
            &self.about.heading("Lines of Action", &view.words),
            &options,
        )
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
