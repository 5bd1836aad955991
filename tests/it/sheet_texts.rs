//! A play sheet's one-line texts (name lines, score captions, board headings, the total,
//! the scoresheet's fields): shrunk to fit down to 7 pt, and refused at their key's line and
//! column in the template (exit 2, a malformed template) when even that is too wide, never
//! cut or run past their box.

use crate::common;

/// `game`'s shipped template with the line `line` replaced by `key: "text"` (keeping its
/// indentation), written into `dir`.
fn template_with(dir: &std::path::Path, game: &str, line: &str, text: &str) -> String {
    let template = String::from_utf8(common::run(&["template", game]).stdout).unwrap();
    let found = template
        .lines()
        .find(|l| l.trim_start().starts_with(line))
        .unwrap_or_else(|| panic!("{game}'s template has a line {line}"));
    let indent = &found[..found.len() - found.trim_start().len()];
    let key = line.split(':').next().unwrap();
    let path = dir.join(format!("{game}.yaml"));
    let replaced = template.replace(found, &format!("{indent}{key}: \"{text}\""));
    std::fs::write(&path, replaced).unwrap();
    path.to_str().unwrap().to_string()
}

const LONG: &str = "a text far too long for the one line the sheet keeps for it, \
                    however small it is printed, even at seven points, on any paper";

#[test]
fn a_one_line_text_too_long_for_its_box_is_refused_naming_its_key() {
    let cases = [
        (
            "shoreline",
            "name_line:",
            "`name_line`",
            format!("{{side}} {LONG}"),
        ),
        ("shoreline", "total:", "`total`", LONG.to_string()),
        ("shoreline", "score:", "`board.score`", LONG.to_string()),
        ("shoreline", "black:", "`sides.black`", LONG.to_string()),
        (
            "shoreline",
            "heading: \"Board",
            "`board.heading`",
            format!("{{n}} {LONG}"),
        ),
        (
            "towers",
            "name_line:",
            "`name_line`",
            format!("{{side}} {LONG}"),
        ),
        ("towers", "date:", "`date`", LONG.to_string()),
        (
            "loa",
            "event:",
            "`scoresheet.fields.event`",
            LONG.to_string(),
        ),
    ];
    for (game, line, key, text) in cases {
        let dir = tempfile::tempdir().unwrap();
        let template = template_with(dir.path(), game, line, &text);
        let mut args = vec![game, "--template", &template, "--format", "svg"];
        if game == "loa" {
            args.push("--scoresheet");
        }
        let out = common::run(&args);
        assert_eq!(out.code, 2, "{game} {key}: {}", out.stderr);
        assert!(out.stderr.contains(key), "{game} {key}: {}", out.stderr);
        // Located: the file, and the line the key stands on.
        let written = std::fs::read_to_string(&template).unwrap();
        let number = 1 + written
            .lines()
            .position(|l| l.contains(&text[text.len() - 20..]))
            .unwrap();
        let at = format!("{template}:{number}:");
        assert!(
            out.stderr.contains(&at),
            "{game} {key}: no {at} in {}",
            out.stderr
        );
        assert!(
            out.stderr.contains("shorten"),
            "{game} {key}: {}",
            out.stderr
        );
    }
}

#[test]
fn a_text_a_little_too_long_is_shrunk_and_stays_at_least_7_pt() {
    let dir = tempfile::tempdir().unwrap();
    let template = template_with(
        dir.path(),
        "shoreline",
        "total:",
        "The evening's total of points",
    );
    let out = common::run(&["shoreline", "--template", &template, "--format", "svg"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        !out.stderr.contains("pt"),
        "no small-text warning: {}",
        out.stderr
    );
}

#[test]
fn a_players_name_too_long_for_the_name_line_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let record = format!(
        "game: shoreline\nplayers: {{ black: \"{}\" }}\nmoves: [C, B, C, D]\n",
        "Wolfgang ".repeat(30).trim()
    );
    std::fs::write(dir.path().join("g.yaml"), record).unwrap();
    let out = common::run_in(dir.path(), &["shoreline", "g.yaml", "--format", "svg"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("`players: black`"), "{}", out.stderr);
    // A usual name is written on the line.
    std::fs::write(
        dir.path().join("g.yaml"),
        "game: shoreline\nplayers: { black: Ann Example }\nmoves: [C, B, C, D]\n",
    )
    .unwrap();
    let out = common::run_in(dir.path(), &["shoreline", "g.yaml", "--format", "svg"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn no_sheet_text_runs_past_the_paper_in_silence() {
    // Texts laid out without a fitting of their own (Towers' table rows, its corner words):
    // the net under every sheet refuses them, quoting the text, at the template key's line.
    for (line, text) in [
        ("unusable:", format!("Unusable {LONG} {LONG}")),
        ("south:", format!("SOUTH {LONG} {LONG}")),
        ("total:", "W".repeat(300)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let template = template_with(dir.path(), "towers", line, &text);
        let out = common::run(&["towers", "--template", &template, "--format", "svg"]);
        assert_eq!(out.code, 2, "{line}: {}", out.stderr);
        assert!(
            out.stderr.contains("runs past the paper's edge"),
            "{line}: {}",
            out.stderr
        );
        let written = std::fs::read_to_string(&template).unwrap();
        let number = 1 + written.lines().position(|l| l.contains(&text)).unwrap();
        let at = format!("{template}:{number}:");
        assert!(
            out.stderr.contains(&at),
            "{line}: no {at} in {}",
            out.stderr
        );
    }
}
