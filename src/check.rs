//! `sheetgen check`: every game of every file checked against its rules, one report each,
//! going on past bad games and bad files.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::error::{Error, Status};
use crate::games::{Job, Records};
use crate::job::{Made, Output};
use crate::output::Target;
use crate::vocabulary::{Summary, plural};

/// How the report is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReportFormat {
    /// One line per valid game; a rustc-style report per error.
    #[default]
    Text,
    /// One JSON object per game, one per line.
    Json,
}

/// `sheetgen check`: the files, the report's format, and whether error reports are styled
/// for a terminal.
#[derive(Debug, Clone)]
pub struct CheckJob {
    pub files: Vec<String>,
    pub format: ReportFormat,
    pub color: bool,
}

impl Job for CheckJob {
    fn inputs(&self) -> Vec<&str> {
        self.files.iter().map(String::as_str).collect()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(self: Box<Self>, records: &dyn Records) -> Result<Made, Error> {
        let report = check(records, &self.files, self.format, self.color);
        Ok(Made {
            status: report.status,
            ..Made::bytes(report.text.into_bytes(), Target::Stdout)
        })
    }
}

/// The report and how it went: every game valid, a record invalid, or a file that could not
/// be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub text: String,
    pub status: Status,
}

/// Checks every game in `paths`. `color` styles the error reports for a terminal.
pub fn check(records: &dyn Records, paths: &[String], format: ReportFormat, color: bool) -> Report {
    let mut report = Report {
        text: String::new(),
        status: Status::Done,
    };
    for path in paths {
        match records.load(path) {
            Ok(entries) => {
                for entry in entries {
                    match &entry.game {
                        Ok(game) => report.valid(path, entry.index, &game.summary(), format),
                        Err(d) => {
                            report.invalid(path, Some(entry.index), entry.name, d, format, color)
                        }
                    }
                }
            }
            Err(Error::Invalid(d) | Error::Config(d)) => {
                report.invalid(path, None, None, &d, format, color)
            }
            Err(other) => report.unreadable(path, &other, format),
        }
    }
    report
}

impl Report {
    fn valid(&mut self, path: &str, index: usize, summary: &Summary, format: ReportFormat) {
        match format {
            ReportFormat::Text => {
                self.text.push_str(&format!(
                    "{path} #{index}: ok, {}, {}: {}\n",
                    summary.game,
                    plural(summary.moves, summary.unit),
                    summary.reason
                ));
            }
            ReportFormat::Json => self.json(&JsonLine {
                file: path,
                index: Some(index),
                game: Some(summary.game),
                valid: true,
                moves: Some(summary.moves),
                finished: Some(summary.finished),
                score: summary
                    .score
                    .map(|(black, white)| JsonScore { black, white }),
                winner: summary.winner.as_ref().map(|w| w.name()),
                reason: Some(&summary.reason),
                per_side: summary
                    .per_side
                    .iter()
                    .map(|counts| {
                        let (black, white) = (counts.black.as_slice(), counts.white.as_slice());
                        (counts.name, JsonCounts { black, white })
                    })
                    .collect(),
                error: None,
            }),
        }
    }

    fn invalid(
        &mut self,
        path: &str,
        index: Option<usize>,
        game: Option<&str>,
        d: &Diagnostic,
        format: ReportFormat,
        color: bool,
    ) {
        self.status = self.status.max(Status::Invalid);
        match format {
            ReportFormat::Text => {
                let place = index.map_or(String::new(), |i| format!(" #{i}"));
                self.text.push_str(&format!(
                    "{path}{place}: invalid\n{}\n",
                    d.render(color).trim_end()
                ));
            }
            ReportFormat::Json => self.json(&JsonLine {
                error: Some(JsonError {
                    line: (d.line > 0).then_some(d.line),
                    column: (d.column > 0).then_some(d.column),
                    message: &d.message,
                }),
                index,
                game,
                ..JsonLine::invalid(path)
            }),
        }
    }

    fn unreadable(&mut self, path: &str, error: &Error, format: ReportFormat) {
        self.status = Status::Failed;
        match format {
            ReportFormat::Text => self.text.push_str(&format!("{path}: error: {error}\n")),
            ReportFormat::Json => {
                let message = error.to_string();
                self.json(&JsonLine {
                    error: Some(JsonError {
                        line: None,
                        column: None,
                        message: &message,
                    }),
                    ..JsonLine::invalid(path)
                });
            }
        }
    }

    fn json(&mut self, line: &JsonLine<'_>) {
        self.text.push_str(&crate::formats::report::json_line(line));
    }
}

/// One game's line of `check --format json`. Every key is always present (null when it
/// does not apply), so consumers can rely on the shape.
#[derive(Serialize)]
struct JsonLine<'a> {
    file: &'a str,
    index: Option<usize>,
    game: Option<&'a str>,
    valid: bool,
    moves: Option<usize>,
    finished: Option<bool>,
    score: Option<JsonScore>,
    winner: Option<&'a str>,
    reason: Option<&'a str>,
    /// A game's own counts per side (Towers: `towers`).
    #[serde(flatten)]
    per_side: std::collections::BTreeMap<&'a str, JsonCounts<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<JsonError<'a>>,
}

impl<'a> JsonLine<'a> {
    fn invalid(file: &'a str) -> Self {
        Self {
            file,
            index: None,
            game: None,
            valid: false,
            moves: None,
            finished: None,
            score: None,
            winner: None,
            reason: None,
            per_side: Default::default(),
            error: None,
        }
    }
}

/// A game's counts for each side.
#[derive(Serialize)]
struct JsonCounts<'a> {
    black: &'a [u32],
    white: &'a [u32],
}

#[derive(Serialize)]
struct JsonScore {
    black: i32,
    white: i32,
}

#[derive(Serialize)]
struct JsonError<'a> {
    line: Option<usize>,
    column: Option<usize>,
    message: &'a str,
}
