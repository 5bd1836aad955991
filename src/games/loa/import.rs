//! `sheetgen import`: Lines of Action games from move text (`1. b1-b3 h3-e3 2. …`, as books
//! and Winands' thesis print them) or SGF (`GM[9]`), checked move by move and written as a
//! canonical YAML record.

use super::game::{Outcome, Replay, Rules, check_written_result};
use super::record::NAME;
use super::rules::{MAX_SIZE, MIN_SIZE};
use crate::diagnostic::Diagnostic;
use crate::games::Side;
use crate::input::SourceFile;
use crate::record::{is_result_word, move_words};

/// What an imported game says besides its moves.
#[derive(Debug, Default)]
struct Header {
    title: Option<String>,
    date: Option<String>,
    black: Option<String>,
    white: Option<String>,
    comment: Option<String>,
}

/// Imports the game in `source` and returns its YAML record.
pub fn import(source: &SourceFile) -> Result<String, Diagnostic> {
    let text = source.text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('(') {
        from_sgf(source)
    } else {
        from_move_text(source)
    }
}

fn from_move_text(source: &SourceFile) -> Result<String, Diagnostic> {
    let mut replay = Replay::new(Rules::default());
    let mut at = 0;
    let mut written_result: Option<(&str, usize)> = None;
    for (i, word) in move_words(&source.text).enumerate() {
        let found = source.text[at..].find(word).map_or(at, |k| at + k);
        at = found + word.len();
        if let Some((result, _)) = written_result {
            return Err(error_at_byte(
                source,
                found,
                format!("`{word}` comes after the result `{result}`"),
            ));
        }
        if is_result_word(word) {
            written_result = Some((word, found));
            continue;
        }
        replay
            .play(word)
            .map_err(|message| located(source, found, i, &message))?;
    }
    if let Some((word, found)) = written_result {
        check_written_result(word, replay.outcome, replay.plies.len())
            .map_err(|message| error_at_byte(source, found, message))?;
    }
    if replay.plies.is_empty() {
        return Err(Diagnostic::file(
            &source.path,
            "no moves found: move text looks like `1. b1-b3 h3-e3 2. b3xe3`",
        ));
    }
    Ok(record_yaml(&Header::default(), &replay, &source.path))
}

fn error_at_byte(source: &SourceFile, byte: usize, message: String) -> Diagnostic {
    let (line, column) = source.line_column(byte);
    Diagnostic::at(&source.path, &source.text, line, column, message)
}

fn located(source: &SourceFile, byte: usize, ply: usize, message: &str) -> Diagnostic {
    let (line, column) = source.line_column(byte);
    let side = if ply % 2 == 0 { "black" } else { "white" };
    Diagnostic::at(
        &source.path,
        &source.text,
        line,
        column,
        format!("move {} ({side}): {message}", ply + 1),
    )
}

/// An SGF property: its name, value and the byte offset of the value.
struct Property<'a> {
    name: &'a str,
    value: String,
    at: usize,
}

/// The main line of an SGF game tree, node by node (variations are skipped).
fn sgf_nodes(source: &SourceFile) -> Result<Vec<Vec<Property<'_>>>, Diagnostic> {
    let text: &str = &source.text;
    let bytes = text.as_bytes();
    let error = |at: usize, message: &str| {
        let (line, column) = source.line_column(at);
        Diagnostic::at(
            &source.path,
            &source.text,
            line,
            column,
            message.to_string(),
        )
    };
    let mut nodes: Vec<Vec<Property>> = Vec::new();
    let mut depth = 0usize;
    // The main line runs through the first variation of every tree; once a variation has
    // closed, what follows is its siblings, which are left out.
    let mut finished = false;
    let mut i = 0;
    while i < bytes.len() && !finished {
        match bytes[i] {
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                finished = true;
                i += 1;
            }
            b';' => {
                nodes.push(Vec::new());
                i += 1;
            }
            c if c.is_ascii_uppercase() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let name = &text[start..i];
                let node = nodes.last_mut().ok_or_else(|| {
                    error(start, "an SGF property must stand in a node (after `;`)")
                })?;
                let mut any = false;
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    let at = i + 1;
                    let mut value = String::new();
                    i += 1;
                    loop {
                        let Some(c) = text[i..].chars().next() else {
                            return Err(error(at - 1, "this SGF value is never closed with `]`"));
                        };
                        i += c.len_utf8();
                        match c {
                            ']' => break,
                            '\\' => {
                                if let Some(next) = text[i..].chars().next() {
                                    i += next.len_utf8();
                                    if next != '\n' {
                                        value.push(next);
                                    }
                                }
                            }
                            c => value.push(c),
                        }
                    }
                    node.push(Property { name, value, at });
                    any = true;
                }
                if !any {
                    return Err(error(
                        start,
                        &format!("the SGF property {name} has no value in brackets"),
                    ));
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                return Err(error(
                    i,
                    "this is not SGF: expected `(`, `;`, `)` or a property like B[e1-e3]",
                ));
            }
        }
    }
    if nodes.is_empty() {
        return Err(Diagnostic::file(&source.path, "the SGF file holds no game"));
    }
    if !finished {
        return Err(error(
            text.len(),
            "the SGF file ends before its game tree is closed with `)`",
        ));
    }
    Ok(nodes)
}

fn from_sgf(source: &SourceFile) -> Result<String, Diagnostic> {
    let nodes = sgf_nodes(source)?;
    let error = |at: usize, message: String| {
        let (line, column) = source.line_column(at);
        Diagnostic::at(&source.path, &source.text, line, column, message)
    };
    let root = &nodes[0];
    let find = |name: &str| root.iter().find(|p| p.name == name);
    match find("GM") {
        Some(gm) if gm.value.trim() == "9" => {}
        Some(gm) => {
            return Err(error(
                gm.at,
                format!(
                    "this SGF records game {} (GM[{}]), not Lines of Action (GM[9])",
                    gm.value, gm.value
                ),
            ));
        }
        None => {
            return Err(Diagnostic::file(
                &source.path,
                "the SGF root has no GM[9]: it does not say it is a Lines of Action game",
            ));
        }
    }
    let mut rules = Rules::default();
    if let Some(sz) = find("SZ") {
        rules.size = sz
            .value
            .trim()
            .parse()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                error(
                    sz.at,
                    format!(
                        "SZ[{}]: sheetgen plays boards of {MIN_SIZE} to {MAX_SIZE}",
                        sz.value
                    ),
                )
            })?;
    }
    let text = |name: &str| {
        find(name)
            .map(|p| without_noncharacters(p.value.trim()))
            .filter(|v| !v.is_empty())
    };
    let header = Header {
        title: text("GN").or_else(|| text("EV")),
        date: text("DT"),
        black: text("PB"),
        white: text("PW"),
        comment: text("C"),
    };
    let mut replay = Replay::new(rules);
    for property in nodes
        .iter()
        .flatten()
        .filter(|p| p.name == "B" || p.name == "W")
    {
        let side = if property.name == "B" {
            Side::Black
        } else {
            Side::White
        };
        let value = property.value.trim();
        if replay.outcome.is_some() {
            // After a resignation too, where the move count alone would name the wrong side.
            return Err(error(
                property.at,
                format!("{}[{value}] comes after the end of the game", property.name),
            ));
        }
        if value.eq_ignore_ascii_case("resign") {
            replay.resign(side).map_err(|m| error(property.at, m))?;
            continue;
        }
        if replay.outcome.is_none() && side != replay.position.to_move {
            return Err(error(
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
            .map_err(|m| located(source, property.at, ply, &m))?;
    }
    if replay.plies.is_empty() && replay.outcome.is_none() {
        return Err(Diagnostic::file(
            &source.path,
            "the SGF game has no moves (B[…] and W[…] properties)",
        ));
    }
    if let Some(re) = find("RE") {
        let claimed = match re
            .value
            .trim()
            .chars()
            .next()
            .map(|c| c.to_ascii_uppercase())
        {
            Some('B') => Some(Some(Side::Black)),
            Some('W') => Some(Some(Side::White)),
            Some('0') | Some('D') => Some(None),
            _ => None, // `?`, `Void`: no claim
        };
        let resigned = re.value.to_ascii_lowercase().contains('r');
        if let Some(claimed) = claimed {
            match (replay.outcome, claimed) {
                (None, Some(winner)) if resigned => {
                    replay.resign(winner.other()).map_err(|m| error(re.at, m))?
                }
                (None, _) => {
                    return Err(error(
                        re.at,
                        format!(
                            "RE[{}] claims a result, but the game is unfinished after {} moves",
                            re.value,
                            replay.plies.len()
                        ),
                    ));
                }
                (Some(outcome), claimed) if outcome.winner() != claimed => {
                    return Err(error(
                        re.at,
                        format!(
                            "RE[{}] disagrees with the board: {}",
                            re.value,
                            outcome.describe(replay.plies.len())
                        ),
                    ));
                }
                _ => {}
            }
        }
    }
    Ok(record_yaml(&header, &replay, &source.path))
}

/// The canonical YAML record of an imported game.
fn record_yaml(header: &Header, replay: &Replay, from: &str) -> String {
    let name = std::path::Path::new(from)
        .file_name()
        .map_or(from.into(), |n| n.to_string_lossy());
    // Escaped: a file name may hold a line break, and the lines after it would be read as
    // part of the record.
    let mut out = format!(
        "# Imported from {} by sheetgen {}.\n",
        escaped(&name),
        env!("CARGO_PKG_VERSION")
    );
    if let Some(comment) = &header.comment {
        // YAML comments cannot hold control characters or escapes: they become spaces.
        let comment: String = comment
            .chars()
            .map(|c| {
                let hidden = (c.is_control() || !yaml_printable(c)) && c != '\n';
                if hidden { ' ' } else { c }
            })
            .collect();
        for line in comment.lines() {
            out.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
        }
    }
    out.push_str(&format!("game: {NAME}\n"));
    if let Some(title) = &header.title {
        out.push_str(&format!("title: {}\n", quoted(title)));
    }
    if let Some(date) = &header.date {
        out.push_str(&format!("date: {}\n", quoted(date)));
    }
    if header.black.is_some() || header.white.is_some() {
        let mut players = Vec::new();
        for (side, name) in [("black", &header.black), ("white", &header.white)] {
            if let Some(name) = name {
                players.push(format!("{side}: {}", quoted(name)));
            }
        }
        out.push_str(&format!("players: {{ {} }}\n", players.join(", ")));
    }
    if replay.rules != Rules::default() {
        out.push_str(&format!("rules: {{ size: {} }}\n", replay.rules.size));
    }
    let moves: Vec<String> = replay
        .plies
        .iter()
        .map(|p| super::game::notation(*p, replay.rules.size))
        .collect();
    out.push_str("moves: [");
    for (i, chunk) in moves.chunks(10).enumerate() {
        if i > 0 {
            out.push_str(",\n        ");
        }
        out.push_str(&chunk.join(", "));
    }
    out.push_str("]\n");
    match replay.outcome {
        Some(Outcome::Resigned { side }) => out.push_str(&format!("resigned: {}\n", side.name())),
        Some(outcome) => out.push_str(&format!(
            "result: {}\n",
            outcome.winner().map_or("draw", |s| s.name())
        )),
        None => {}
    }
    out
}

/// Whether YAML lets `c` stand in a file as it is (its `c-printable` set).
fn yaml_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Unicode's noncharacters (U+FFFE, U+FFFF, U+FDD0 to U+FDEF and the last two of every
/// plane) are never text: an SGF value holding one is imported without it, since YAML
/// cannot hold U+FFFE or U+FFFF and no font draws any of them.
fn without_noncharacters(text: &str) -> String {
    let nonchar = |c: char| matches!(c, '\u{fdd0}'..='\u{fdef}') || (c as u32) & 0xfffe == 0xfffe;
    text.chars().filter(|&c| !nonchar(c)).collect()
}

/// `text` for a YAML comment line: line breaks, controls and characters YAML cannot hold
/// written as escapes (`\n`, `\u{9b}`).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{2028}' | '\u{2029}' => out.extend(c.escape_unicode()),
            c if c.is_control() || !yaml_printable(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

/// A YAML double-quoted scalar.
fn quoted(text: &str) -> String {
    let escaped: String = text
        .chars()
        .map(|c| match c {
            '"' => "\\\"".to_string(),
            '\\' => "\\\\".to_string(),
            '\n' => "\\n".to_string(),
            c if c.is_control() || !yaml_printable(c) => format!("\\u{:04x}", c as u32),
            c => c.to_string(),
        })
        .collect();
    format!("\"{escaped}\"")
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
                .starts_with("move 3 (black): b1-b5: b1 moves exactly"),
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
        assert!(yaml.contains("# A club game"), "{yaml}");
    }

    /// What the import fuzz target found: U+FFFE in `C` or `GN` made a record `check`
    /// refused (YAML cannot hold it).
    #[test]
    fn noncharacters_in_sgf_text_are_left_out_and_the_record_reads() {
        let sgf = "(;GM[9]GN[Club\u{fffe} night]PB[A\u{ffff}]C[one\u{fffe}\ntwo\u{1b}]\n;B[d1-b3])";
        let yaml = import(&SourceFile::new("g.sgf", sgf)).unwrap();
        assert!(yaml.contains("title: \"Club night\""), "{yaml}");
        assert!(yaml.contains("# one\n# two \n"), "{yaml}");
        let record = SourceFile::new("imported.yaml", &yaml);
        let entries = crate::record::read(&record).expect("the record reads");
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
        let entries = crate::record::read(&SourceFile::new("i.yaml", &yaml)).unwrap();
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
}
