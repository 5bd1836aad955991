//! `sheetgen check`: every game of every file checked against its rules, one report each,
//! going on past bad games and bad files.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::job::{Job, Records};
use crate::job::{Made, Output};
use crate::output::Target;
use sheetgen_core::diagnostic::{Diagnostic, shown_path};
use sheetgen_core::error::{Error, Status};
use sheetgen_core::vocabulary::{Summary, plural};

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
    pub files: Vec<PathBuf>,
    /// The language the report words the rules broken in.
    pub words: sheetgen_core::words::Words,
    /// A position to check instead of files (`--game G --position TEXT`).
    pub position: Option<sheetgen_core::games::GivenPosition>,
    pub format: ReportFormat,
    pub color: bool,
}

impl CheckJob {
    fn style(&self) -> Style<'_> {
        Style {
            color: self.color,
            words: &self.words,
        }
    }
}

/// How a report shows a record's problems: styled for a terminal or not, and the rules
/// broken in which language.
#[derive(Debug, Clone, Copy)]
pub struct Style<'a> {
    pub color: bool,
    pub words: &'a sheetgen_core::words::Words,
}

impl Job for CheckJob {
    fn inputs(&self) -> Vec<&Path> {
        self.files.iter().map(PathBuf::as_path).collect()
    }

    fn words(&self) -> sheetgen_core::words::Words {
        self.words.clone()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(
        self: Box<Self>,
        records: &dyn Records,
        font: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        let report = match &self.position {
            Some(position) => check_position(position, self.format, self.style()),
            None => check((records, font), &self.files, self.format, self.style()),
        };
        let mut notes = report.notes;
        notes.extend(self.words.untranslated());
        Ok(Made {
            status: report.status,
            notes,
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
    /// What a folder held that was left alone with a word (a FIFO, a link to a folder),
    /// for standard error.
    pub notes: Vec<String>,
}

/// Checks every game in `paths`, their texts against `font`; `style` says how the error
/// reports are shown.
pub fn check(
    (records, font): (&dyn Records, &std::sync::Arc<sheetgen_core::font::Font>),
    paths: &[PathBuf],
    format: ReportFormat,
    style: Style<'_>,
) -> Report {
    let mut report = Report::new();
    let mut count = Count::default();
    let mut walk = records.files(paths);
    let mut seen = crate::twice::SeenGames::of_files(walk.files.len());
    count.others = walk.others_line();
    report.notes = std::mem::take(&mut walk.notes);
    for path in &walk.files {
        count.files += 1;
        match records.load(path, font).map_err(|e| walk.explain(path, e)) {
            Ok(entries) => report.entries(path, entries, (&mut count, &mut seen), format, style),
            Err(Error::Invalid(d) | Error::Config(d)) => {
                count.invalid_files += 1;
                report.invalid(path, None, None, &d, format, style)
            }
            Err(other) => {
                count.unreadable += 1;
                report.unreadable(path, &other, format, style)
            }
        }
    }
    // A folder not read to its end counts as a file that could not be read.
    for folder in &walk.cut {
        count.unreadable += 1;
        report.unreadable(folder, &crate::folders::cut_error(folder), format, style);
    }
    if format == ReportFormat::Text {
        report.text.push_str(&count.summary());
    }
    report
}

/// Checks a position given without a record, reported as a file named `--position`.
pub fn check_position(
    position: &sheetgen_core::games::GivenPosition,
    format: ReportFormat,
    style: Style<'_>,
) -> Report {
    let mut report = Report::new();
    let mut count = Count {
        files: 1,
        ..Count::default()
    };
    let path = Path::new(sheetgen_core::games::GivenPosition::NAME);
    let seen = &mut crate::twice::SeenGames::default();
    report.entries(
        path,
        vec![position.entry()],
        (&mut count, seen),
        format,
        style,
    );
    if format == ReportFormat::Text {
        report.text.push_str(&count.summary());
    }
    report
}

/// What a batch held, for the text report's last line.
#[derive(Debug, Default)]
struct Count {
    files: usize,
    valid: usize,
    invalid: usize,
    /// Files that hold no game (binary, empty, too large): each counts as one invalid game.
    invalid_files: usize,
    unreadable: usize,
    /// "3 other files left alone": files in the folders that are not record files.
    others: Option<String>,
}

impl Count {
    /// "14 games in 9 files: 13 valid, 1 invalid", and the files that could not be read.
    fn summary(&self) -> String {
        let invalid = self.invalid + self.invalid_files;
        let games = self.valid + invalid;
        let mut line = format!(
            "{} in {}: {} valid, {invalid} invalid",
            plural(games, "game"),
            plural(self.files, "file"),
            self.valid
        );
        if self.unreadable > 0 {
            line.push_str(&format!(
                ", {} could not be read",
                plural(self.unreadable, "file")
            ));
        }
        if let Some(others) = &self.others {
            line.push_str(&format!("; {others}"));
        }
        line + "\n"
    }
}

impl Report {
    fn new() -> Self {
        Report {
            text: String::new(),
            status: Status::Done,
            notes: Vec::new(),
        }
    }

    /// Reports every game of one file.
    fn entries(
        &mut self,
        path: &Path,
        entries: Vec<sheetgen_core::games::GameInFile>,
        (count, seen): (&mut Count, &mut crate::twice::SeenGames),
        format: ReportFormat,
        style: Style<'_>,
    ) {
        for entry in entries {
            // What the file left out, as `import` says it.
            self.notes.extend(
                entry
                    .notes
                    .iter()
                    .map(sheetgen_core::diagnostic::Diagnostic::note),
            );
            match &entry.game {
                Ok(game) => {
                    count.valid += 1;
                    let place = || format!("{} #{}", shown_path(path), entry.index);
                    self.notes.extend(seen.note(&**game, place));
                    self.valid(path, entry.index, &game.summary(), format)
                }
                Err(d) => {
                    count.invalid += 1;
                    self.invalid(path, Some(entry.index), entry.name, d, format, style)
                }
            }
        }
    }

    fn valid(&mut self, path: &Path, index: usize, summary: &Summary, format: ReportFormat) {
        match format {
            ReportFormat::Text => {
                self.text.push_str(&format!(
                    "{} #{index}: {}\n",
                    shown_path(path),
                    summary.reported()
                ));
            }
            ReportFormat::Json => self.json(&JsonLine {
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
                ..JsonLine::for_file(path)
            }),
        }
    }

    fn invalid(
        &mut self,
        path: &Path,
        index: Option<usize>,
        game: Option<&str>,
        d: &Diagnostic,
        format: ReportFormat,
        style: Style<'_>,
    ) {
        self.status = self.status.max(Status::Invalid);
        match format {
            ReportFormat::Text => {
                let place = index.map_or(String::new(), |i| format!(" #{i}"));
                self.text.push_str(&format!(
                    "{}{place}: invalid\n{}\n",
                    shown_path(path),
                    d.render_in(style.color, style.words).trim_end()
                ));
            }
            ReportFormat::Json => self.json(&JsonLine {
                error: Some(JsonError {
                    line: (d.line > 0).then_some(d.line),
                    column: (d.column > 0).then_some(d.column),
                    message: &d.message,
                    rulings: d.rulings,
                }),
                index,
                game,
                ..JsonLine::for_file(path)
            }),
        }
    }

    fn unreadable(&mut self, path: &Path, error: &Error, format: ReportFormat, style: Style<'_>) {
        self.status = Status::Failed;
        match format {
            ReportFormat::Text => {
                let path = shown_path(path);
                let said = error.render_in(false, style.words);
                self.text.push_str(&format!("{path}: {said}\n"))
            }
            ReportFormat::Json => {
                let message = error.to_string();
                self.json(&JsonLine {
                    error: Some(JsonError {
                        line: None,
                        column: None,
                        message: &message,
                        rulings: &[],
                    }),
                    ..JsonLine::for_file(path)
                });
            }
        }
    }

    fn json(&mut self, line: &JsonLine<'_>) {
        self.text
            .push_str(&sheetgen_core::formats::report::json_line(line));
    }
}

/// One game's line of `check --format json`. Every key but `file_bytes` and `error` is always
/// present (null when it does not apply), so consumers can rely on the shape.
///
/// `file` is the name as text: JSON strings are Unicode, so bytes of a name that are not
/// UTF-8 (a Latin-1 `partie-\xe9t\xe9.yaml`) are U+FFFD there. For such a name alone,
/// `file_bytes` adds the name's exact bytes as numbers (`bytes(line["file_bytes"])` in
/// Python), so a script can still open the file; a UTF-8 name has no `file_bytes` key.
#[derive(Serialize)]
struct JsonLine<'a> {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    file_bytes: Option<Vec<u8>>,
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
    /// The line for `file` with nothing known yet: not valid, every value null.
    fn for_file(file: &Path) -> Self {
        Self {
            file: file.to_string_lossy().into_owned(),
            file_bytes: name_bytes(file),
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

/// The bytes of a name that is not UTF-8, for `file_bytes`; None for a UTF-8 name.
fn name_bytes(path: &Path) -> Option<Vec<u8>> {
    if path.to_str().is_some() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(path.as_os_str().as_bytes().to_vec())
    }
    #[cfg(not(unix))]
    {
        // Elsewhere a name is not bytes (Windows: UTF-16 units); the lossy `file` is all.
        None
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
    /// The rulings the message cites (`["L3"]`); left out when it cites none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    rulings: &'a [&'a str],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::folders::Walk;
    use sheetgen_core::font::Font;
    use sheetgen_core::games::GameInFile;
    use std::sync::{Arc, Mutex};

    /// Records read from disk, through a walk made before the test changed the folder:
    /// the change falls between the listing and the reading, every time.
    struct Listed(Mutex<Option<Walk>>);

    impl Records for Listed {
        fn load(&self, path: &Path, font: &Arc<Font>) -> Result<Vec<GameInFile>, Error> {
            crate::files::load(path, font)
        }

        fn files(&self, _: &[PathBuf]) -> Walk {
            self.0.lock().unwrap().take().expect("one walk")
        }
    }

    /// `change` applied to a folder of a.yaml and b.yaml after it was listed, then checked,
    /// within ten seconds (a hang fails the test instead of stopping it).
    fn checked_after(change: impl FnOnce(&Path)) -> Report {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_path_buf();
        for name in ["a.yaml", "b.yaml"] {
            std::fs::write(d.join(name), "game: shoreline\nmoves: [1]\n").unwrap();
        }
        let walk = crate::folders::record_files(std::slice::from_ref(&d));
        assert_eq!(walk.files.len(), 2, "{walk:?}");
        change(&d);
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let records = Listed(Mutex::new(Some(walk)));
            let words = sheetgen_core::words::Words::default();
            let style = Style {
                color: false,
                words: &words,
            };
            let font = Font::builtin();
            let _ = send.send(check((&records, &font), &[d], ReportFormat::Text, style));
        });
        let report = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("check finished");
        drop(dir);
        report
    }

    /// Issue 42.11: a file deleted between the listing and the reading is named as such,
    /// the others are checked, and the exit is not 0.
    #[test]
    fn a_file_deleted_while_the_folder_is_read_is_named() {
        let report = checked_after(|d| std::fs::remove_file(d.join("a.yaml")).unwrap());
        assert!(
            report.text.contains("a.yaml: error: cannot read ")
                && report
                    .text
                    .contains("a.yaml: it disappeared while the folder was read"),
            "{}",
            report.text
        );
        assert!(report.text.contains("b.yaml #1: "), "{}", report.text);
        assert_eq!(report.status, Status::Failed);
    }

    /// A file renamed after the listing: the old name disappeared.
    #[test]
    fn a_file_renamed_while_the_folder_is_read_is_named() {
        let report =
            checked_after(|d| std::fs::rename(d.join("a.yaml"), d.join("c.yaml")).unwrap());
        assert!(
            report
                .text
                .contains("a.yaml: it disappeared while the folder was read"),
            "{}",
            report.text
        );
        assert_eq!(report.status, Status::Failed);
    }

    /// A file replaced by a FIFO after the listing is refused, never waited on.
    #[cfg(unix)]
    #[test]
    fn a_file_that_became_a_fifo_while_the_folder_is_read_is_refused() {
        let report = checked_after(|d| {
            std::fs::remove_file(d.join("a.yaml")).unwrap();
            let made = std::process::Command::new("mkfifo")
                .arg(d.join("a.yaml"))
                .status()
                .unwrap();
            assert!(made.success());
        });
        assert!(
            report.text.contains("a.yaml: error: cannot read ")
                && report.text.contains("not a regular file"),
            "{}",
            report.text
        );
        assert_eq!(report.status, Status::Failed);
    }
}
