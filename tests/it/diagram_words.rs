//! The words sheetgen draws on diagrams, booklets and the puzzle sheet in `--lang de|fr|zh`:
//! none of the English ones left, Chinese in the Chinese ones, every word translated (no
//! note on standard error), and English output as before.

use crate::common::{pdf_text, run};

/// Each game's diagram with every kind of word it draws: the Shoreline analysis table and
/// both run keys, a Towers game during play (the Current Line) and its scoring table, a LOA
/// figure with its line counts and move key.
const DIAGRAMS: [(&str, &[&str]); 3] = [
    (
        "shoreline",
        &["render", "examples/shoreline-dead-four.yaml", "--analysis"],
    ),
    (
        "towers",
        &["render", "examples/towers-example.yaml", "--at", "12"],
    ),
    (
        "loa",
        &[
            "render",
            "examples/loa-obstructions.yaml",
            "--show",
            "moves:e3",
            "--show",
            "lines:e3",
        ],
    ),
];

/// English words the diagrams draw (not the records' own titles and players, which are
/// drawn as written).
fn english(game: &str) -> &'static [&'static str] {
    match game {
        "shoreline" => &[
            "Black", "White", "wins", "scoring", "dead", "run", "three", "Move", "Player",
            "Played", "Lost", "Best", "shore", "scores", "nothing",
        ],
        "towers" => &[
            "Black",
            "White",
            "towers",
            "Towers",
            "height",
            "Combinations",
            "Unusable",
            "SOUTH",
            "NORTH",
            "EAST",
            "WEST",
            "Current",
            "Line",
            "turn",
            "squares",
            "filled",
            "marked",
            "combinations",
            "unusable",
        ],
        _ => &[
            "Black",
            "White",
            "wins",
            "group",
            "groups",
            "connected",
            "moves",
            "Arrows",
            "capture",
            "pieces",
            "side",
            "setup",
            "obstructed",
            "repetition",
            "draw",
            "rank",
            "file",
            "diagonal",
            "board",
        ],
    }
}

/// The texts an SVG draws, outside the header (the record's title and players).
fn drawn_words(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter(|n| {
            !n.ancestors()
                .any(|a| a.attribute("class") == Some("header"))
        })
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words of `text` that are in `english`.
fn english_left<'a>(text: &str, english: &[&'a str]) -> Vec<&'a str> {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphabetic()).collect();
    english
        .iter()
        .copied()
        .filter(|w| words.contains(w))
        .collect()
}

fn chinese(text: &str) -> usize {
    text.chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count()
}

#[test]
fn every_games_diagram_in_de_fr_zh_draws_none_of_the_english_words() {
    for (game, render) in DIAGRAMS {
        // The words looked for are there in English, so the test can fail.
        let out = run(&[render, &["--format", "svg"]].concat());
        let text = drawn_words(&String::from_utf8(out.stdout).unwrap());
        assert!(
            english_left(&text, english(game)).len() >= 8,
            "{game}: {:?}",
            english_left(&text, english(game))
        );
        for lang in ["de", "fr", "zh"] {
            for format in ["svg", "text"] {
                let out = run(&[render, &["--lang", lang, "--format", format]].concat());
                assert_eq!(out.code, 0, "{render:?} {lang}: {}", out.stderr);
                assert_eq!(
                    out.stderr, "",
                    "{render:?} --lang {lang}: every word translated"
                );
                let stdout = String::from_utf8(out.stdout).unwrap();
                let text = match format {
                    "svg" => drawn_words(&stdout),
                    // The title and the players' line come from the record.
                    _ => stdout.lines().skip(2).collect::<Vec<_>>().join("\n"),
                };
                let left = english_left(&text, english(game));
                assert!(left.is_empty(), "{game} {lang} {format}: {left:?}\n{text}");
                if lang == "zh" {
                    assert!(chinese(&text) > 10, "{game} zh {format}: {text}");
                }
            }
        }
    }
}

#[test]
fn booklets_in_other_languages_write_their_own_words_translated() {
    let every = [
        "booklet",
        "examples/shoreline-dead-four.yaml",
        // Not towers-example.yaml: its players are called Black and White.
        "examples/towers-complete.yaml",
        "--every",
        "12",
    ];
    let english = [
        "after", "moves", "Moves", "turns", "Turns", "Black", "White", "wins",
    ];
    let out = run(&every);
    assert!(english_left(&pdf_text(&out.stdout), &english).len() >= 5);
    for lang in ["de", "fr", "zh"] {
        let out = run(&[&every[..], &["--lang", lang]].concat());
        assert_eq!(out.code, 0, "{lang}: {}", out.stderr);
        assert_eq!(out.stderr, "", "{lang}: every word translated");
        let text = pdf_text(&out.stdout);
        let left = english_left(&text, &english);
        assert!(left.is_empty(), "booklet --lang {lang}: {left:?}\n{text}");
    }
}

#[test]
fn english_is_the_default_and_the_same_as_lang_en() {
    for (_, render) in DIAGRAMS {
        let plain = run(&[render, &["--format", "svg"]].concat());
        let en = run(&[render, &["--lang", "en", "--format", "svg"]].concat());
        assert!(plain.stdout == en.stdout, "{render:?}");
    }
}

#[test]
fn the_puzzle_sheet_speaks_german() {
    let out = run(&["shoreline", "--puzzles", "6", "--lang", "de"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let text = pdf_text(&out.stdout);
    let english = [
        "Find",
        "best",
        "move",
        "play",
        "Solutions",
        "value",
        "Others",
        "loses",
        "Values",
        "Black",
        "White",
        "puzzles",
    ];
    assert!(english_left(&text, &english).is_empty(), "{text}");
    assert!(text.contains("am Zug"), "{text}");
    let plain = pdf_text(&run(&["shoreline", "--puzzles", "6"]).stdout);
    assert!(english_left(&plain, &english).len() >= 8, "{plain}");
}

#[test]
fn a_filled_shoreline_sheet_keys_its_runs_in_its_language() {
    let sheet = ["shoreline", "examples/shoreline-evening.yaml"];
    let key = ["scoring", "three", "dead", "run", "nothing"];
    let english = pdf_text(&run(&sheet).stdout);
    assert_eq!(english_left(&english, &key).len(), key.len(), "{english}");
    for lang in ["de", "fr", "zh"] {
        let out = run(&[&sheet[..], &["--lang", lang]].concat());
        assert_eq!(out.code, 0, "{lang}: {}", out.stderr);
        let text = pdf_text(&out.stdout);
        assert!(english_left(&text, &key).is_empty(), "{lang}: {text}");
    }
}

/// A rule broken is worded in the language asked for (`sheetgen --lang de check`, or each
/// command's own `--lang`), for every game, its place and rulings as in English (issue 38).
#[test]
fn rules_broken_are_worded_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    // Each record, where its report points, and a word of the report in German, French
    // and Chinese.
    let records = [
        (
            "loa.yaml",
            "game: loa\nmoves: \"1. b1-b4\"\n",
            "b1-b4",
            ["genau 2 Felder", "exactement 2 cases", "正好走 2 格"],
        ),
        (
            "shoreline.yaml",
            "game: shoreline\nmoves: [A, A, A, A, A, A]\n",
            "A",
            [
                "Spalte A ist voll",
                "la colonne A est pleine",
                "第 A 列已满",
            ],
        ),
        (
            "towers.yaml",
            "game: towers\nturns:\n  - reveal: { black: 2, white: 1 }\n    black: [a1, d4]\n    white: [+]\n",
            "d4",
            ["(Regelung T3)", "(décision T3)", "(裁定 T3)"],
        ),
    ];
    for (name, text, place, said_in) in records {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let english = run(&["check", path]);
        assert_eq!(english.code, 1, "{name}: {}", english.stderr);
        let english = String::from_utf8(english.stdout).unwrap();
        let said = |out: crate::common::Output| {
            assert_eq!(out.code, 1, "{name}: {}", out.stderr);
            assert!(
                !out.stderr.contains("left in English"),
                "{name}: {}",
                out.stderr
            );
            String::from_utf8(out.stdout).unwrap()
        };
        for (lang, word) in ["de", "fr", "zh"].into_iter().zip(said_in) {
            for report in [
                said(run(&["--lang", lang, "check", path])),
                said(run(&["check", path, "--lang", lang])),
            ] {
                assert_ne!(report, english, "{name} {lang}");
                assert!(report.contains(word), "{name} {lang}: {report}");
                assert!(report.contains(place), "{name} {lang}: {report}");
                let located = |r: &str| r.lines().find(|l| l.contains(" --> ")).map(str::to_string);
                assert_eq!(
                    located(&report),
                    located(&english),
                    "{name} {lang}: the same place"
                );
            }
        }
    }
    // Any command's error, in its language.
    let path = dir.path().join("shoreline.yaml");
    let out = run(&["render", path.to_str().unwrap(), "--lang", "de"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("Spalte A ist voll"), "{}", out.stderr);
}
