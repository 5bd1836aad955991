//! `sheetgen import`: Lines of Action games from move text (`1. b1-b3 h3-e3 2. …`, as books
//! and Winands' thesis print them, with PGN-style tag headers and `{comments}`) or SGF
//! (`GM[9]`, one record per game of a collection), checked move by move and written as
//! canonical YAML records: players, event, round, date, result and every comment kept, as
//! data. The file formats are read and written by [`crate::formats`]; this module knows
//! what a Lines of Action game says in them. Texts from the file are cleaned
//! ([`crate::formats::clean`]) and a character the font cannot draw is refused at its
//! place, so a record import writes is always one `check` accepts.

use super::NAME;
use super::game::{Outcome, Play, Rules, check_written_result, notation};
use super::rules::{MAX_SIZE, MIN_SIZE};
use crate::diagnostic::Diagnostic;
use crate::formats::clean;
use crate::formats::move_text;
use crate::formats::sgf::{self, GameTree, Property, error_at};
use crate::formats::yaml::RecordWriter;
use crate::games::Imported;
use crate::input::SourceFile;
use crate::vocabulary::{Broken, Phrase, Side, plural};

/// What the command line says of every game imported (`--title`, `--event`, …): a value
/// given replaces the file's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metadata {
    pub title: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    pub black: Option<String>,
    pub white: Option<String>,
}

impl Metadata {
    /// Each value as one line of text; else the option and why.
    pub fn check(&self) -> Result<(), Phrase> {
        for (option, value) in self.fields() {
            let Some(value) = value else { continue };
            if clean::line(value) != *value {
                return Err(Phrase::new(
                    "--{option}: the value holds a line break, tab, control or format \
                     character, or spaces at its ends; write it as one line",
                )
                .with("option", option));
            }
        }
        Ok(())
    }

    fn fields(&self) -> [(&'static str, &Option<String>); 6] {
        [
            ("title", &self.title),
            ("event", &self.event),
            ("round", &self.round),
            ("date", &self.date),
            ("black", &self.black),
            ("white", &self.white),
        ]
    }
}

/// What an imported game says besides its moves.
#[derive(Debug, Default)]
struct Header {
    title: Option<String>,
    event: Option<String>,
    round: Option<String>,
    date: Option<String>,
    black: Option<String>,
    white: Option<String>,
    /// The comment on the game (before its first move).
    comment: Option<String>,
    /// Each move's comment: the moves before it, and its text.
    comments: Vec<(usize, String)>,
}

impl Header {
    /// The command line's values over the file's.
    fn overridden(mut self, metadata: &Metadata) -> Self {
        let over = |mine: &mut Option<String>, given: &Option<String>| {
            if given.is_some() {
                mine.clone_from(given);
            }
        };
        over(&mut self.title, &metadata.title);
        over(&mut self.event, &metadata.event);
        over(&mut self.round, &metadata.round);
        over(&mut self.date, &metadata.date);
        over(&mut self.black, &metadata.black);
        over(&mut self.white, &metadata.white);
        self
    }

    /// A comment after `moves` moves (0: on the game), joined to one already there.
    fn add_comment(&mut self, moves: usize, text: String) {
        if text.is_empty() {
            return;
        }
        let slot = if moves == 0 {
            &mut self.comment
        } else {
            if self.comments.last().is_none_or(|(n, _)| *n != moves) {
                self.comments.push((moves, String::new()));
            }
            let last = self.comments.last_mut().map(|(_, t)| t);
            match last {
                Some(t) if t.is_empty() => {
                    *t = text;
                    return;
                }
                Some(t) => {
                    t.push('\n');
                    t.push_str(&text);
                    return;
                }
                None => return,
            }
        };
        match slot {
            Some(t) => {
                t.push('\n');
                t.push_str(&text);
            }
            None => *slot = Some(text),
        }
    }
}

/// Imports the games in `source` and returns their YAML records, one document each; the
/// first game that cannot be imported refuses the file.
pub fn import(source: &SourceFile) -> Result<String, Diagnostic> {
    import_with(source, &Metadata::default()).map(|(yaml, _)| yaml)
}

/// [`import`] with the command line's `metadata`; also the variations left out, one
/// located note each.
pub fn import_with(
    source: &SourceFile,
    metadata: &Metadata,
) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
    let imported = import_games(source, metadata)?;
    let records: Vec<String> = imported.games.into_iter().collect::<Result<_, _>>()?;
    let mut writer = RecordWriter::new();
    // The name as text, bytes that are not UTF-8 as U+FFFD; escaped: a file name may hold a
    // line break, and the lines after it would be read as part of the record.
    let name = source
        .path
        .file_name()
        .unwrap_or(source.path.as_os_str())
        .to_string_lossy();
    writer.escaped_comment(&format!(
        "Imported from {name} by sheetgen {}.",
        env!("CARGO_PKG_VERSION")
    ));
    let mut yaml = writer.finish();
    for (k, record) in records.iter().enumerate() {
        if k > 0 {
            yaml.push_str("---\n");
        }
        yaml.push_str(record);
    }
    Ok((yaml, imported.notes))
}

/// Every game of `source` (SGF, or move text) as a YAML record, or what is wrong with it;
/// an error for the whole file when it is not SGF or move text at all.
pub(crate) fn import_games(
    source: &SourceFile,
    metadata: &Metadata,
) -> Result<Imported, Diagnostic> {
    let text = source.text.trim_start_matches('\u{feff}');
    let mut notes = Vec::new();
    let games: Vec<Result<(Header, Play), Diagnostic>> = if text.trim_start().starts_with('(') {
        sgf::collection(source)?
            .iter()
            .map(|tree| {
                let game = from_sgf(source, tree);
                if let Ok((_, replay)) = &game {
                    notes.extend(dropped_variations(source, tree, replay));
                }
                game
            })
            .collect()
    } else {
        vec![from_move_text(source)]
    };
    let games = games
        .into_iter()
        .map(|game| {
            let (header, replay) = game?;
            let mut writer = RecordWriter::new();
            write_record(&mut writer, &header.overridden(metadata), &replay);
            Ok(writer.finish())
        })
        .collect();
    Ok(Imported { games, notes })
}

/// Variations named one by one; past them one note counts the rest, so a file of
/// thousands of variations is imported in linear time with a readable report.
const NAMED_VARIATIONS: usize = 10;

/// A note for each variation of `tree` left out, naming the move it branches at (the first
/// [`NAMED_VARIATIONS`], then how many more).
fn dropped_variations(source: &SourceFile, tree: &GameTree, replay: &Play) -> Vec<Diagnostic> {
    let _ = replay;
    // Moves on the main line before each node, counted once.
    let mut moves_before = Vec::with_capacity(tree.nodes.len() + 1);
    let mut moves = 0;
    moves_before.push(0);
    for node in &tree.nodes {
        moves += node
            .iter()
            .filter(|p| p.name == "B" || p.name == "W")
            .count();
        moves_before.push(moves);
    }
    let mut notes: Vec<Diagnostic> = tree
        .dropped
        .iter()
        .take(NAMED_VARIATIONS)
        .map(|&(at, nodes)| {
            let moves = moves_before[nodes.min(tree.nodes.len())];
            // Named by its first move.
            let side = if moves % 2 == 0 { "black" } else { "white" };
            error_at(
                source,
                at,
                format!(
                    "a variation at {} is left out: only the main line is imported",
                    crate::vocabulary::move_and_side(moves, side)
                ),
            )
        })
        .collect();
    if let Some(&(at, _)) = tree.dropped.get(NAMED_VARIATIONS) {
        let more = tree.dropped.len() - NAMED_VARIATIONS;
        notes.push(error_at(
            source,
            at,
            format!(
                "{} from here on {} left out too: only the main line is imported",
                crate::vocabulary::plural(more, "more variation"),
                if more == 1 { "is" } else { "are" }
            ),
        ));
    }
    notes
}

/// A text of the file, cleaned to one line. Whether the font can draw it is asked when
/// the record is drawn, not here: the imported record is valid all the same.
fn text_line(value: &str) -> Option<String> {
    Some(clean::line(value)).filter(|t| !t.is_empty())
}

fn from_move_text(source: &SourceFile) -> Result<(Header, Play), Diagnostic> {
    // A byte-order mark is no part of the text; offsets stay the file's own.
    let bom = if source.text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let parsed = move_text::parse(&source.text[bom..])
        .map_err(|(at, message)| error_at(source, bom + at, message))?;
    let mut header = Header::default();
    // The `[Result "…"]` tag, checked as a result written after the moves is.
    let mut result_tag: Option<(&str, usize)> = None;
    for (name, value, at) in &parsed.tags {
        // `*` is PGN's "unknown": no claim.
        let value_word = value.trim();
        if name.eq_ignore_ascii_case("result")
            && value_word != "*"
            && move_text::is_result_word(value_word)
        {
            result_tag = Some((value_word, bom + at));
            continue;
        }
        let value = text_line(value);
        let slot = match name.to_ascii_lowercase().as_str() {
            "event" => &mut header.event,
            "round" => &mut header.round,
            "date" => &mut header.date,
            "black" => &mut header.black,
            "white" => &mut header.white,
            "title" | "game" | "name" => &mut header.title,
            "annotator" | "site" | "result" | "variant" => continue,
            _ => continue, // a tag this record has no key for
        };
        // PGN writes `?` for what is not known.
        *slot = value.filter(|v| !v.chars().all(|c| c == '?' || c == '.'));
    }
    let mut replay = Play::new(Rules::default());
    let mut written_result: Option<(&str, usize)> = None;
    // Plies played after each word, for the comments that follow it.
    let mut plies_after = Vec::with_capacity(parsed.words.len());
    for (i, &(at, word)) in parsed.words.iter().enumerate() {
        let at = bom + at;
        if let Some((result, _)) = written_result {
            return Err(error_at(
                source,
                at,
                format!("`{word}` comes after the result `{result}`"),
            ));
        }
        if move_text::is_result_word(word) {
            written_result = Some((word, at));
            plies_after.push(replay.plies.len());
            continue;
        }
        replay
            .play(word)
            .map_err(|broken| located(source, at, i, broken))?;
        plies_after.push(replay.plies.len());
    }
    if let (Some((tag, at)), Some((word, _))) = (result_tag, written_result) {
        if tag != word {
            return Err(error_at(
                source,
                at,
                format!("[Result \"{tag}\"] and the `{word}` after the moves disagree"),
            ));
        }
    }
    if let Some((word, at)) = written_result.or(result_tag) {
        resigned_by(word, &mut replay);
        check_written_result(word, replay.outcome, replay.plies.len())
            .map_err(|message| error_at(source, at, message))?;
    }
    if replay.plies.is_empty() {
        return Err(Diagnostic::file(
            &source.path,
            "no moves found: move text looks like `1. b1-b3 h3-e3 2. b3xe3`",
        ));
    }
    for &(_, text, words) in &parsed.comments {
        let moves = words.checked_sub(1).map_or(0, |w| plies_after[w]);
        header.add_comment(moves, clean::paragraphs(text));
    }
    Ok((header, replay))
}

/// A win written on a game the moves leave unfinished is the loser's resignation, as PGN
/// writes one (`1-0`, `0-1`) and as SGF's `RE[W+R]` says it: recorded as such.
fn resigned_by(word: &str, replay: &mut Play) {
    let winner = match word {
        "1-0" => Side::Black,
        "0-1" => Side::White,
        _ => return,
    };
    if replay.outcome.is_none() && !replay.plies.is_empty() {
        let _ = replay.resign(winner.other());
    }
}

fn located(source: &SourceFile, byte: usize, ply: usize, broken: Broken) -> Diagnostic {
    let side = if ply % 2 == 0 { "black" } else { "white" };
    let broken = broken.after(crate::vocabulary::move_and_side(ply, side));
    error_at(source, byte, broken.message()).breaking(broken)
}

/// One SGF game tree as a Lines of Action game.
fn from_sgf(source: &SourceFile, tree: &GameTree) -> Result<(Header, Play), Diagnostic> {
    check_game(source, tree)?;
    refuse_setup_stones(source, tree)?;
    let mut header = sgf_header(tree);
    let mut replay = Play::new(sgf_rules(source, tree)?);
    for node in &tree.nodes {
        let mut played = None;
        for property in node.iter().filter(|p| p.name == "B" || p.name == "W") {
            if let Some(first) = played.replace(property) {
                let first: &Property = first;
                return Err(error_at(
                    source,
                    property.at,
                    format!(
                        "a node holds one move, but {}[{}] follows {}[{}] in it",
                        property.name, property.value, first.name, first.value
                    ),
                ));
            }
            sgf_move(source, property, &mut replay)?;
        }
        if !std::ptr::eq(node, &tree.nodes[0]) {
            for comment in node.iter().filter(|p| p.name == "C") {
                let text = clean::paragraphs(&comment.value);
                header.add_comment(replay.plies.len(), text);
            }
        }
    }
    if replay.plies.is_empty() && replay.outcome.is_none() {
        return Err(error_at(
            source,
            tree.at,
            "the SGF game has no moves (B[…] and W[…] properties)",
        ));
    }
    if let Some(re) = tree.root("RE") {
        check_sgf_result(source, re, &mut replay)?;
    }
    Ok((header, replay))
}

/// The root must say GM[9], Lines of Action.
fn check_game(source: &SourceFile, tree: &GameTree) -> Result<(), Diagnostic> {
    match tree.root("GM") {
        Some(gm) if gm.value.trim() == "9" => Ok(()),
        Some(gm) => Err(error_at(
            source,
            gm.at,
            format!(
                "this SGF records game {} (GM[{}]), not Lines of Action (GM[9])",
                gm.value, gm.value
            ),
        )),
        None => Err(error_at(
            source,
            tree.at,
            "the SGF root has no GM[9]: it does not say it is a Lines of Action game",
        )),
    }
}

/// Setup stones (AB, AW, AE) would make the game start from another position than the
/// rules' (L1): refused at their place rather than left out.
fn refuse_setup_stones(source: &SourceFile, tree: &GameTree) -> Result<(), Diagnostic> {
    let setup = tree
        .nodes
        .iter()
        .flatten()
        .find(|p| matches!(p.name.as_str(), "AB" | "AW" | "AE"));
    match setup {
        Some(p) => Err(error_at(
            source,
            p.name_at,
            format!(
                "{}[{}] sets up stones by hand; a game with setup stones cannot be \
                 imported: sheetgen's records start from the rules' position",
                p.name, p.value
            ),
        )
        .citing(&["L1"])),
        None => Ok(()),
    }
}

fn sgf_header(tree: &GameTree) -> Header {
    let text = |name: &str| tree.root(name).and_then(|p| text_line(&p.value));
    let mut header = Header {
        title: text("GN"),
        event: text("EV"),
        round: text("RO"),
        date: text("DT"),
        black: text("PB"),
        white: text("PW"),
        ..Header::default()
    };
    for comment in tree.nodes[0].iter().filter(|p| p.name == "C") {
        let text = clean::paragraphs(&comment.value);
        header.add_comment(0, text);
    }
    header
}

fn sgf_rules(source: &SourceFile, tree: &GameTree) -> Result<Rules, Diagnostic> {
    let mut rules = Rules::default();
    if let Some(sz) = tree.root("SZ") {
        rules.size = sz
            .value
            .trim()
            .parse()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                error_at(
                    source,
                    sz.at,
                    format!(
                        "SZ[{}]: sheetgen plays boards of {MIN_SIZE} to {MAX_SIZE}",
                        sz.value
                    ),
                )
            })?;
    }
    Ok(rules)
}

/// Plays a B[…] or W[…] property: a move, a pass (empty) or `resign`.
fn sgf_move(source: &SourceFile, property: &Property, replay: &mut Play) -> Result<(), Diagnostic> {
    let side = if property.name == "B" {
        Side::Black
    } else {
        Side::White
    };
    let value = property.value.trim();
    if replay.outcome.is_some() {
        // After a resignation too, where the move count alone would name the wrong side.
        return Err(error_at(
            source,
            property.at,
            format!("{}[{value}] comes after the end of the game", property.name),
        ));
    }
    if value.eq_ignore_ascii_case("resign") {
        return replay
            .resign(side)
            .map_err(|m| error_at(source, property.at, m));
    }
    if side != replay.position.to_move {
        return Err(error_at(
            source,
            property.at,
            format!(
                "{}[{value}]: it is {}'s move",
                property.name,
                replay.position.to_move.name()
            ),
        ));
    }
    let ply = replay.plies.len();
    let word = if value.is_empty() { "pass" } else { value };
    replay
        .play(word)
        .map(|_| ())
        .map_err(|broken| located(source, property.at, ply, broken))
}

/// RE[…] must agree with how the game ended; `B+R` on an unfinished game is a resignation.
fn check_sgf_result(
    source: &SourceFile,
    re: &Property,
    replay: &mut Play,
) -> Result<(), Diagnostic> {
    let claimed = match re
        .value
        .trim()
        .chars()
        .next()
        .map(|c| c.to_ascii_uppercase())
    {
        Some('B') => Some(Side::Black),
        Some('W') => Some(Side::White),
        Some('0') | Some('D') => None,
        _ => return Ok(()), // `?`, `Void`: no claim
    };
    let resigned = re.value.to_ascii_lowercase().contains('r');
    match (replay.outcome, claimed) {
        (None, Some(winner)) if resigned => replay
            .resign(winner.other())
            .map_err(|m| error_at(source, re.at, m)),
        (None, _) => Err(error_at(
            source,
            re.at,
            format!(
                "RE[{}] claims a result, but the game is unfinished after {}",
                re.value,
                plural(replay.plies.len(), crate::vocabulary::HALF_MOVE)
            ),
        )),
        (Some(outcome), claimed) if outcome.winner() != claimed => Err(error_at(
            source,
            re.at,
            format!(
                "RE[{}] disagrees with the board: {}",
                re.value,
                outcome.describe(replay.plies.len())
            ),
        )),
        _ => Ok(()),
    }
}

/// The canonical YAML record of an imported game. A resigned game says who resigned and
/// who won.
fn write_record(writer: &mut RecordWriter, header: &Header, replay: &Play) {
    writer.word("game", NAME);
    let texts = [
        ("title", &header.title),
        ("event", &header.event),
        ("round", &header.round),
        ("date", &header.date),
    ];
    for (key, value) in texts {
        if let Some(value) = value {
            writer.text(key, value);
        }
    }
    let players: Vec<(&str, &str)> = [("black", &header.black), ("white", &header.white)]
        .into_iter()
        .filter_map(|(side, name)| Some((side, name.as_deref()?)))
        .collect();
    writer.texts("players", &players);
    if let Some(comment) = &header.comment {
        writer.text("comment", comment);
    }
    if !header.comments.is_empty() {
        writer.numbered("comments", &header.comments);
    }
    if replay.rules != Rules::default() {
        writer.words("rules", &[("size", replay.rules.size.to_string())]);
    }
    let moves: Vec<String> = replay
        .plies
        .iter()
        .map(|p| notation(*p, replay.rules.size))
        .collect();
    writer.list("moves", &moves, 10);
    if let Some(Outcome::Resigned { side }) = replay.outcome {
        writer.word("resigned", side.name());
    }
    if let Some(outcome) = replay.outcome {
        writer.word("result", outcome.winner().map_or("draw", |s| s.name()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import_text(text: &str) -> Result<String, Diagnostic> {
        import(&SourceFile::new("game.txt", text))
    }

    #[test]
    fn move_text_becomes_a_canonical_record() {
        let yaml = import_text(
            "1. d1-b3 h5-g4\n2. b1-b4 g4xg1\n3. b4-e7 a3xc1\n4. b3-e6 h3xf1\n5. e1-e5\n",
        )
        .unwrap();
        assert!(yaml.contains("game: lines-of-action\n"), "{yaml}");
        assert!(
            yaml.contains(
                "moves: [d1-b3, h5-g4, b1-b4, g4xg1, b4-e7, a3xc1, b3-e6, h3xf1, e1-e5]\n"
            ),
            "{yaml}"
        );
        assert!(yaml.contains("result: black\n"), "{yaml}");
    }

    #[test]
    fn an_illegal_move_in_move_text_is_located() {
        let err = import_text("1. d1-b3 h5-g4\n2. b1-b5 g4xg1\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 4), "{err}");
        assert!(
            err.message
                .starts_with("move 2 (black): b1-b5: b1 moves exactly"),
            "{err}"
        );
    }

    #[test]
    fn a_move_after_a_resignation_is_located_at_that_move() {
        let sgf = "(;GM[9]FF[4];B[b1-b3];W[h3-e3];B[b3-e3];W[resign];B[c1-c3])";
        let Err(d) = import(&SourceFile::new("g.sgf", sgf)) else {
            panic!("a move after the end must be refused")
        };
        assert_eq!(d.message, "B[c1-c3] comes after the end of the game");
        assert_eq!(d.column, sgf.find("c1-c3").unwrap() + 1);
    }

    #[test]
    fn sgf_with_players_captures_and_resignation() {
        let sgf = "(;GM[9]FF[4]PB[Ann \\] Lee]PW[Bo]DT[2001-05-06]RE[W+Resign]C[A club game]\n;B[D1-B3];W[h5-g4];B[b1-b4];W[g4:g1];B[resign])";
        let yaml = import(&SourceFile::new("g.sgf", sgf)).unwrap();
        assert!(
            yaml.contains("players: { black: \"Ann ] Lee\", white: \"Bo\" }"),
            "{yaml}"
        );
        assert!(yaml.contains("date: \"2001-05-06\""), "{yaml}");
        assert!(
            yaml.contains("moves: [d1-b3, h5-g4, b1-b4, g4xg1]"),
            "{yaml}"
        );
        assert!(yaml.contains("resigned: black"), "{yaml}");
        assert!(yaml.contains("comment: \"A club game\"\n"), "{yaml}");
    }

    /// What the import fuzz target found: U+FFFE in `C` or `GN` made a record `check`
    /// refused (YAML cannot hold it).
    #[test]
    fn noncharacters_in_sgf_text_are_left_out_and_the_record_reads() {
        let sgf = "(;GM[9]GN[Club\u{fffe} night]PB[A\u{ffff}]C[one\u{fffe}\ntwo\u{1b}]\n;B[d1-b3])";
        let yaml = import(&SourceFile::new("g.sgf", sgf)).unwrap();
        assert!(yaml.contains("title: \"Club night\""), "{yaml}");
        assert!(yaml.contains("comment: \"one\\ntwo\"\n"), "{yaml}");
        let record = SourceFile::new("imported.yaml", &yaml);
        let entries =
            crate::load::read(&record, &crate::font::Font::builtin()).expect("the record reads");
        assert!(entries.iter().all(|e| e.game.is_ok()), "{yaml}");
    }

    #[test]
    fn a_file_name_cannot_add_lines_to_the_record() {
        let name = "x\ngame: towers\nturns: []\n---\n#\u{85}\u{fffe}\u{2028}.txt";
        let yaml = import(&SourceFile::new(name, "1. d1-b3 h5-g4\n")).unwrap();
        let first = yaml.lines().next().unwrap();
        assert!(
            first.starts_with(
                r"# Imported from x\ngame: towers\nturns: []\n---\n#\u{85}\u{fffe}\u{2028}.txt by"
            ),
            "{yaml}"
        );
        assert_eq!(
            yaml.lines().filter(|l| l.starts_with("game:")).count(),
            1,
            "{yaml}"
        );
        let entries = crate::load::read(
            &SourceFile::new("i.yaml", &yaml),
            &crate::font::Font::builtin(),
        )
        .unwrap();
        assert_eq!(entries.len(), 1, "{yaml}");
        assert!(entries[0].game.is_ok(), "{yaml}");
    }

    #[test]
    fn sgf_follows_the_main_line_into_the_first_variation() {
        let sgf = "(;GM[9];B[d1-b3](;W[h5-g4];B[b1-b4])(;W[a2-a4]))";
        let yaml = import(&SourceFile::new("v.sgf", sgf)).unwrap();
        assert!(yaml.contains("moves: [d1-b3, h5-g4, b1-b4]"), "{yaml}");
        let err = import(&SourceFile::new("cut.sgf", "(;GM[9];B[d1-b3]")).unwrap_err();
        assert!(
            err.message.contains("ends before its game tree is closed"),
            "{err}"
        );
    }

    #[test]
    fn sgf_of_another_game_is_refused_at_its_gm() {
        let err = import(&SourceFile::new("go.sgf", "(;GM[1]SZ[19];B[pd])")).unwrap_err();
        assert_eq!((err.line, err.column), (1, 6));
        assert!(err.message.contains("GM[1]"), "{err}");
    }

    #[test]
    fn a_result_that_disagrees_with_the_board_is_refused() {
        let sgf = "(;GM[9]RE[W+];B[d1-b3];W[h5-g4];B[b1-b4];W[g4xg1];B[b4-e7];W[a3xc1];B[b3-e6];W[h3xf1];B[e1-e5])";
        let err = import(&SourceFile::new("g.sgf", sgf)).unwrap_err();
        assert!(
            err.message
                .contains("RE[W+] disagrees with the board: black wins"),
            "{err}"
        );
    }

    fn imported_records(text: &str) -> Vec<crate::games::GameInFile> {
        let yaml = import(&SourceFile::new("g.sgf", text)).unwrap();
        let entries = crate::load::read(
            &SourceFile::new("i.yaml", &yaml),
            &crate::font::Font::builtin(),
        )
        .unwrap();
        for entry in &entries {
            assert!(entry.game.is_ok(), "{yaml}: {:?}", entry.game);
        }
        entries
    }

    #[test]
    fn sgf_as_servers_write_it_byte_order_mark_and_ff3_names() {
        let entries = imported_records("\u{feff}(;GaMe[9]PlayerBlack[Ann];B[d1-b3];W[h5-g4])");
        assert_eq!(entries.len(), 1);
        let game = entries[0].game.as_ref().unwrap();
        assert_eq!(game.about().black.as_ref().unwrap().value, "Ann");
        assert_eq!(game.length(), 2);
    }

    #[test]
    fn a_collection_of_games_imports_as_one_record_each() {
        let entries = imported_records("(;GM[9];B[d1-b3])\n(;GM[9];B[b1-b3];W[h3-e3])\n");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].game.as_ref().unwrap().length(), 2);
    }

    #[test]
    fn setup_stones_and_two_moves_in_a_node_are_refused_at_their_place() {
        let sgf = "(;GM[9]AB[d4];B[d1-b3])";
        let err = import(&SourceFile::new("s.sgf", sgf)).unwrap_err();
        assert_eq!(err.column, sgf.find("AB").unwrap() + 1, "{err}");
        assert!(err.message.contains("sets up stones"), "{err}");
        let sgf = "(;GM[9];B[d1-b3][b1-b3])";
        let err = import(&SourceFile::new("s.sgf", sgf)).unwrap_err();
        assert_eq!(err.column, sgf.find("b1-b3").unwrap() + 1, "{err}");
        assert!(err.message.contains("a node holds one move"), "{err}");
    }

    #[test]
    fn move_comments_are_carried_into_the_record() {
        let sgf = "(;GM[9]C[A club game];B[d1-b3]C[the usual start];W[h5-g4])";
        let yaml = import(&SourceFile::new("c.sgf", sgf)).unwrap();
        assert!(yaml.contains("comment: \"A club game\"\n"), "{yaml}");
        assert!(
            yaml.contains("comments:\n  1: \"the usual start\"\n"),
            "{yaml}"
        );
        let game = imported_records(sgf).remove(0).game.unwrap();
        assert_eq!(game.about().comments[0].0, 1);
        assert_eq!(game.about().comments[0].1.value, "the usual start");
    }

    #[test]
    fn move_text_with_comments_and_glued_numbers() {
        let yaml = import_text("1.d1-b3 {a quiet start} h5-g4 2.b1-b4").unwrap();
        assert!(yaml.contains("moves: [d1-b3, h5-g4, b1-b4]"), "{yaml}");
        let err = import_text("1. d1-b3 {never closed h5-g4").unwrap_err();
        assert_eq!((err.line, err.column), (1, 10), "{err}");
    }

    #[test]
    fn a_win_written_on_an_unfinished_game_is_the_losers_resignation() {
        for text in [
            "1. b1-b3 h3-e3 0-1",
            "[Result \"0-1\"]\n1. b1-b3 h3-e3",
            "[Result \"0-1\"]\n1. b1-b3 h3-e3 0-1",
        ] {
            let yaml = import_text(text).unwrap();
            assert!(
                yaml.contains("resigned: black\nresult: white\n"),
                "{text}: {yaml}"
            );
        }
        let yaml = import_text("1. b1-b3 h3-e3 1-0").unwrap();
        assert!(yaml.contains("resigned: white\nresult: black\n"), "{yaml}");
        let err = import_text("[Result \"1-0\"]\n1. b1-b3 h3-e3 0-1").unwrap_err();
        assert!(err.message.contains("disagree"), "{}", err.message);
        // A draw is no resignation: sheetgen knows draws by repetition only.
        let err = import_text("1. b1-b3 h3-e3 1/2-1/2").unwrap_err();
        assert!(err.message.contains("unfinished"), "{}", err.message);
        // PGN's `*` claims nothing.
        assert!(import_text("[Result \"*\"]\n1. b1-b3 h3-e3").is_ok());
    }

    #[test]
    fn a_resigned_game_says_who_resigned_and_who_won() {
        let yaml = import(&SourceFile::new(
            "r.sgf",
            "(;GM[9];B[d1-b3];W[h5-g4];B[resign])",
        ))
        .unwrap();
        assert!(yaml.contains("resigned: black\nresult: white\n"), "{yaml}");
        imported_records("(;GM[9];B[d1-b3];W[h5-g4];B[resign])");
    }
}
