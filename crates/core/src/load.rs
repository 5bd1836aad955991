//! Reading record files: YAML files of one or more documents (separated by `---`), one game
//! each. The `game` key picks the game from the registry, whose own record struct then reads
//! the whole document, so each document is parsed once in the usual case. A broken document
//! does not stop the ones after it. SGF and move text (told by the name, `.sgf` or `.txt`,
//! or else by how the text starts) are read by the game that imports them, game by game,
//! as the records `sheetgen import` writes.

use std::sync::Arc;

use serde::Deserialize;

use crate::diagnostic::Diagnostic;
use crate::font::Font;
use crate::games::{self, Game, GameInFile, GameRecord};
use crate::input::SourceFile;
use crate::record::SpannedText;

/// Records in one file, at most: bounds the memory a single file can ask for.
pub const MAX_DOCUMENTS: usize = 100_000;

/// Reads every document of `source` and checks each as a game record. Documents are
/// parsed one by one, so a broken one, even one that is not YAML, does not stop the next;
/// large files are checked on every core. The texts of the records' diagrams (their labels)
/// are checked against `font`, the job's.
pub fn read(source: &SourceFile, font: &Arc<Font>) -> Result<Vec<GameInFile>, Diagnostic> {
    if is_imported_format(source) {
        return read_imported(source, font);
    }
    read_yaml(source, font)
}

/// Whether `source` is SGF or move text rather than YAML: by its name (`.sgf`, `.txt`), or
/// by its start (`(;`, a tag header such as `[Event "…"]`, a move number `1.`).
fn is_imported_format(source: &SourceFile) -> bool {
    let extension = source
        .path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("yaml" | "yml") => false,
        Some("sgf" | "txt") => true,
        _ => {
            let text = source.text.trim_start_matches('\u{feff}').trim_start();
            // `{` opens a YAML flow mapping as well as a move text comment: YAML here.
            text.starts_with('(')
                || (!text.starts_with('{') && crate::formats::move_text::looks_like_move_text(text))
        }
    }
}

/// SGF or move text, each game read as the record its game imports it as.
fn read_imported(source: &SourceFile, font: &Arc<Font>) -> Result<Vec<GameInFile>, Diagnostic> {
    let Some((importer, imported)) = games::GAMES
        .iter()
        .find_map(|game| Some((*game, game.import(source)?)))
    else {
        return Err(Diagnostic::file(
            &source.path,
            "this is SGF or move text, which no game of sheetgen reads",
        ));
    };
    let imported = imported.map_err(|d| importer.with_rules_page(d))?;
    if imported.games.len() > MAX_DOCUMENTS {
        return Err(Diagnostic::file(
            &source.path,
            format!(
                "the file holds {} games; sheetgen reads at most {MAX_DOCUMENTS} from one file \
                 (split it in two)",
                imported.games.len()
            ),
        ));
    }
    let mut entries = Vec::new();
    let mut notes = imported.notes;
    for (k, record) in imported.games.into_iter().enumerate() {
        let game = match record {
            Ok(yaml) => read_yaml(&SourceFile::new(&source.path, &yaml), font)?
                .pop()
                .map_or_else(
                    || Err(Diagnostic::file(&source.path, "no record")),
                    |e| e.game,
                ),
            Err(d) => Err(importer.with_rules_page(d)),
        };
        entries.push(GameInFile {
            index: k + 1,
            name: Some(importer.name()),
            game,
            notes: std::mem::take(&mut notes),
        });
    }
    Ok(entries)
}

fn read_yaml(source: &SourceFile, font: &Arc<Font>) -> Result<Vec<GameInFile>, Diagnostic> {
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
        let read =
            read_document(text, &part).and_then(
                |game| match crate::diagram::check_record_diagrams(&*game, font) {
                    Ok(()) => Ok(game),
                    Err(d) => Err((Some(game.game().name()), d)),
                },
            );
        let (name, game) = match read {
            Ok(game) => (Some(game.game().name()), Ok(game)),
            Err((name, d)) => match name.and_then(games::find) {
                Some(game) => (name, Err(game.with_rules_page(d))),
                None => (name, Err(d)),
            },
        };
        GameInFile {
            index: index + 1,
            name,
            game,
            notes: Vec::new(),
        }
    };
    // Few documents on this thread: threads, and asking how many cores there are (which
    // reads the cgroup files), would cost more than they save.
    let mut entries = if documents.len() < 256 {
        documents.iter().enumerate().map(check).collect()
    } else {
        // Records are checked against the job's font (`--font`), which every worker shares.
        let indexed: Vec<(usize, &(usize, &str))> = documents.iter().enumerate().collect();
        crate::font::on_every_core(indexed, check)
    };
    follow_on(&mut entries, &documents, source, font);
    Ok(entries)
}

/// Records read again, in order, where a game's record takes something from the one before
/// it in the file ([`Game::read_following`]: an evening's alternating first player), each
/// with what reading it settled.
fn follow_on(
    entries: &mut [GameInFile],
    documents: &[(usize, &str)],
    source: &SourceFile,
    font: &Arc<Font>,
) {
    for i in 1..entries.len() {
        let (before, after) = entries.split_at_mut(i);
        let (Ok(previous), entry) = (&before[i - 1].game, &mut after[0]) else {
            continue;
        };
        let Some(game) = entry.name.and_then(games::find) else {
            continue;
        };
        let (first_line, text) = documents[i];
        let part = source.part_from_line(first_line);
        let valid = entry.game.as_ref().ok().map(|record| &**record);
        let Some(read) = game.read_following(text, &part, &**previous, valid) else {
            continue;
        };
        // A record that is wrong either way keeps the first reading's report.
        if read.is_ok() || entry.game.is_ok() {
            entry.game = read
                .and_then(|record| {
                    crate::diagram::check_record_diagrams(&*record, font)?;
                    Ok(record)
                })
                .map_err(|d| game.with_rules_page(d));
        }
        if let Ok(record) = &entry.game {
            entry.notes.extend(record.reading_notes());
        }
    }
}

/// One document read as the game its `game` key names. The game is first guessed from a
/// `game:` line at the document's top level; when the guess is wrong or there is none, the
/// document is read once more for its `game` key alone.
fn read_document(
    text: &str,
    part: &SourceFile,
) -> Result<Box<dyn GameRecord>, (Option<&'static str>, Diagnostic)> {
    if let Some(game) = guess_game(text) {
        let read = game.read(text, part);
        match &read {
            Err(d) if names_another_game(d, game, text, part) => {}
            _ => return read.map_err(|d| (Some(game.name()), with_game_keys(d, game))),
        }
    }
    #[derive(Deserialize)]
    struct GameOnly {
        game: Option<SpannedText>,
    }
    let named = part
        .parse_yaml_part::<GameOnly>(text)
        .map_err(|d| (None, d))?;
    let Some(name) = named.game else {
        return Err((None, missing_game(text, part)));
    };
    let game = games::find(&name.value).ok_or_else(|| {
        (
            None,
            crate::record::error_at(
                part,
                &name,
                format!(
                    "unknown game `{}`; sheetgen knows {}",
                    name.value,
                    games::names()
                ),
            ),
        )
    })?;
    game.read(text, part)
        .map_err(|d| (Some(game.name()), with_game_keys(d, game)))
}

/// A document without a `game` key: a misspelt key is named at its place, else the lack.
fn missing_game(text: &str, part: &SourceFile) -> Diagnostic {
    let known = |key: &str| games::GAMES.iter().any(|g| g.record_keys().contains(&key));
    let keys: std::collections::BTreeMap<String, serde::de::IgnoredAny> =
        part.parse_yaml_part(text).unwrap_or_default();
    let unknown = keys.keys().find(|key| !known(key));
    let (line, column, message) = match unknown {
        Some(key) => {
            let line = text
                .lines()
                .position(|l| l.starts_with(&format!("{key}:")))
                .map_or(1, |i| i + 1);
            (
                line,
                1,
                format!(
                    "unknown key `{key}`; a record starts with game: and one of {}",
                    games::names()
                ),
            )
        }
        None => (
            1,
            1,
            format!(
                "the record has no `game` key; start it with game: and one of {}",
                games::names()
            ),
        ),
    };
    Diagnostic::at(
        &part.path,
        &part.text,
        part.line_offset + line,
        column,
        message,
    )
}

/// The game a top-level `game: NAME` line names, if the document has one.
fn guess_game(text: &str) -> Option<&'static dyn Game> {
    text.lines().find_map(|line| {
        let value = line.strip_prefix("game:")?;
        let value = value.split(" #").next()?.trim().trim_matches(['"', '\'']);
        games::find(value)
    })
}

/// Whether reading the document as `game` failed only because its `game` key, read
/// properly, names another game (the guess was fooled by a line inside a string).
fn names_another_game(d: &Diagnostic, game: &dyn Game, text: &str, part: &SourceFile) -> bool {
    #[derive(Deserialize)]
    struct GameOnly {
        game: Option<String>,
    }
    let _ = d;
    match part.parse_yaml_part::<GameOnly>(text) {
        Ok(GameOnly { game: Some(name) }) => {
            games::find(&name).is_none_or(|named| named.name() != game.name())
        }
        _ => false,
    }
}

/// An unknown top-level key is reported with the keys of the record's own game; a key of
/// another game's records says so.
fn with_game_keys(mut d: Diagnostic, game: &dyn Game) -> Diagnostic {
    let Some(unknown) = &d.unknown_key else {
        return d;
    };
    let keys = game.record_keys();
    if unknown.expected != keys {
        return d; // a key inside a nested mapping: its own keys are the ones to name
    }
    let key = unknown.key.clone();
    let owner = games::GAMES
        .iter()
        .find(|other| other.name() != game.name() && other.record_keys().contains(&key.as_str()));
    d.message = match owner {
        Some(_) => format!(
            "`{key}` is not a key of {} records; their keys are {}",
            game.title(),
            keys.join(", ")
        ),
        None => format!(
            "unknown key `{key}`; the keys of a {} record are {}",
            game.name(),
            keys.join(", ")
        ),
    };
    // The players written at the top, as a score sheet lists them: say where they go.
    if matches!(key.as_str(), "black" | "white") && keys.contains(&"players") {
        d = d.with_note("the players go under `players`: players: { black: …, white: … }");
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
        let entries = read(&source, &Font::builtin()).unwrap();
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
        let entries = read(&source, &Font::builtin()).unwrap();
        let error = entries[1].game.as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (5, 12), "{error}");
    }

    #[test]
    fn an_error_citing_a_ruling_names_the_rules_page() {
        let source = SourceFile::new("e.yaml", "game: shoreline\nmoves: [C, C3]\n");
        let entries = read(&source, &Font::builtin()).unwrap();
        let error = entries[0].game.as_ref().unwrap_err();
        assert!(error.message.contains("ruling S2"), "{error}");
        assert_eq!(
            error.notes,
            ["the rulings are explained in docs/rules/shoreline.md"]
        );
        let source = SourceFile::new("e.yaml", "game: shoreline\nmoves: [Z]\n");
        let error = read(&source, &Font::builtin())
            .unwrap()
            .remove(0)
            .game
            .unwrap_err();
        assert!(
            error.message.contains("ruling") || error.notes.is_empty(),
            "a message without a ruling gets no note: {error}"
        );
    }

    #[test]
    fn a_game_line_inside_a_string_does_not_fool_the_reader() {
        // The guess (towers, from the block scalar's line) is wrong; the record is read as
        // the game its real `game` key names.
        let source = SourceFile::new(
            "e.yaml",
            "title: \"x\ngame: towers\"\ngame: shoreline\nmoves: [C]\n",
        );
        let entries = read(&source, &Font::builtin()).unwrap();
        let game = entries[0].game.as_ref().unwrap();
        assert_eq!(game.game().name(), "shoreline");
    }
}
