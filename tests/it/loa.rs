//! Lines of Action records, `check` and `import`, as a user meets them.

use crate::common::{self, assert_located, run, run_in};

/// The sixteen real games of tests/data/loa-games (copied from shared/loa-games, with its
/// README): plies and how each ends, as the independent replay there found.
const REAL_GAMES: &[(&str, usize, Option<&str>)] = &[
    ("appendix_E_game1", 36, Some("white")),
    ("appendix_E_game2", 33, Some("black")),
    ("appendix_E_game3", 36, Some("white")),
    ("appendix_E_game4", 33, Some("black")),
    ("appendix_E_game5", 34, Some("white")),
    ("appendix_E_game6", 38, Some("white")),
    ("appendix_E_game7", 35, Some("black")),
    ("appendix_F_game1_incomplete", 36, None),
    ("appendix_F_game2", 39, Some("black")),
    ("appendix_F_game3", 47, Some("black")),
    ("appendix_F_game4", 39, Some("black")),
    ("appendix_F_game5", 42, Some("white")),
    ("appendix_F_game6", 41, Some("black")),
    ("appendix_F_game7", 35, Some("black")),
    ("appendix_F_game8", 43, Some("black")),
    ("shortest_game", 9, Some("black")),
];

#[test]
fn the_sixteen_real_games_import_and_check_with_their_known_outcomes() {
    let dir = tempfile::tempdir().unwrap();
    for (name, plies, winner) in REAL_GAMES {
        let source = format!(
            "{}/tests/data/loa-games/{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let yaml = dir.path().join(format!("{name}.yaml"));
        let out = run(&["import", &source, "-o", yaml.to_str().unwrap()]);
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        let out = run(&["check", "--format", "json", yaml.to_str().unwrap()]);
        assert_eq!(
            out.code,
            0,
            "{name}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["moves"], *plies, "{name}");
        assert_eq!(v["winner"].as_str(), *winner, "{name}");
        assert_eq!(v["finished"], winner.is_some(), "{name}");
        if winner.is_some() {
            assert!(
                v["reason"].as_str().unwrap().contains("connected after"),
                "{name}: {v}"
            );
        }
    }
}

#[test]
fn every_loa_example_checks_with_its_outcome() {
    let expected = [
        (
            "loa-connection.yaml",
            "black wins: connected after 33 half-moves",
        ),
        (
            "loa-nonmover-wins.yaml",
            "black wins: connected after 46 half-moves, by white's capture",
        ),
        (
            "loa-simultaneous-mover-wins.yaml",
            "black wins: both connected after 77 half-moves, the mover wins",
        ),
        (
            "loa-simultaneous-draw.yaml",
            "draw: both connected after 77 half-moves, simultaneous: draw",
        ),
        (
            "loa-forced-pass.yaml",
            "black wins: connected after 53 half-moves",
        ),
        (
            "loa-repetition.yaml",
            "draw: third repetition after 8 half-moves",
        ),
        ("loa-6x6.yaml", "white wins: connected after 22 half-moves"),
        (
            "loa-obstructions.yaml",
            "black wins: connected after 63 half-moves",
        ),
        (
            "loa-scrambled-eggs.yaml",
            "black wins: connected after 39 half-moves",
        ),
        (
            "loa-winands-E1.yaml",
            "white wins: connected after 36 half-moves",
        ),
        (
            "loa-club-game.yaml",
            "black wins: connected after 39 half-moves",
        ),
    ];
    for (file, reason) in expected {
        let out = run(&["check", &format!("examples/{file}")]);
        let report = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.code, 0, "{file}: {report}");
        assert!(report.contains(reason), "{file}: {report}");
    }
    let pass = std::fs::read_to_string("examples/loa-forced-pass.yaml").unwrap();
    assert!(pass.contains(", pass,"), "the forced pass is in the record");
}

#[test]
fn the_imported_examples_are_what_import_makes_of_their_sources() {
    for (source, record) in [
        (
            "examples/loa-winands-E1.txt",
            "examples/loa-winands-E1.yaml",
        ),
        ("examples/loa-club-game.sgf", "examples/loa-club-game.yaml"),
    ] {
        let out = run(&["import", source]);
        assert_eq!(out.code, 0, "{source}: {}", out.stderr);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            std::fs::read_to_string(record).unwrap(),
            "{source}"
        );
    }
}

/// A bad record or import file, the command's exit code, the location and the words.
struct Case {
    name: &'static str,
    file: &'static str,
    content: &'static str,
    command: &'static str,
    location: &'static str,
    words: &'static str,
}

const CATALOGUE: &[Case] = &[
    Case {
        name: "wrong distance",
        file: "distance.yaml",
        content: "game: loa\nmoves: [b1-b4]\n",
        command: "check",
        location: ":2:9",
        words: "move 1 (black): b1-b4: b1 moves exactly 2 along the file b: 2 pieces on it (ruling L3)",
    },
    Case {
        name: "jumps an enemy piece",
        file: "jump.yaml",
        content: "game: loa\nrules: { size: 5 }\nmoves: [c1-c3, a3-d3]\n",
        command: "check",
        location: ":3:16",
        words: "move 1 (white): a3-d3: jumps the black piece on c3",
    },
    Case {
        name: "capture mark on a plain move",
        file: "mark.yaml",
        content: "game: loa\nmoves: [b1xb3]\n",
        command: "check",
        location: ":2:9",
        words: "b1xb3: b3 is empty, not a capture",
    },
    Case {
        name: "voluntary pass",
        file: "pass.yaml",
        content: "game: loa\nmoves: [b1-b3, pass]\n",
        command: "check",
        location: ":2:16",
        words: "move 1 (white): pass: white has",
    },
    Case {
        name: "not a move",
        file: "word.yaml",
        content: "game: loa\nmoves: [b1b3]\n",
        command: "check",
        location: ":2:9",
        words: "`b1b3` is not a move",
    },
    Case {
        name: "off the board",
        file: "off.yaml",
        content: "game: loa\nrules: { size: 6 }\nmoves: [b1-h1]\n",
        command: "check",
        location: ":3:9",
        words: "there is no square h1 on the 6×6 board",
    },
    Case {
        name: "move after the end",
        file: "after.yaml",
        content: "game: loa\nmoves: \"1. d1-b3 h5-g4 2. b1-b4 g4xg1 3. b4-e7 a3xc1 4. b3-e6 h3xf1 5. e1-e5 a2-a4\"\n",
        command: "check",
        location: ":2:78",
        words: "move 5 (white): the game is over: black wins: connected after 9 half-moves",
    },
    Case {
        name: "wrong claimed winner",
        file: "claim.yaml",
        content: "game: loa\nmoves: \"1. d1-b3 h5-g4 2. b1-b4 g4xg1 3. b4-e7 a3xc1 4. b3-e6 h3xf1 5. e1-e5\"\nresult: white\n",
        command: "check",
        location: ":3:9",
        words: "claimed white, but black wins: connected after 9 half-moves",
    },
    Case {
        name: "claim on an unfinished game",
        file: "unfinished.yaml",
        content: "game: loa\nmoves: [b1-b3]\nresult: draw\n",
        command: "check",
        location: ":3:9",
        words: "a result is claimed, but the game is unfinished after 1 half-move",
    },
    Case {
        name: "size out of range",
        file: "size.yaml",
        content: "game: loa\nrules: { size: 13 }\nmoves: []\n",
        command: "check",
        location: ":2:16",
        words: "`size` is a whole number from 5 to 12, not `13`",
    },
    Case {
        name: "unknown setup",
        file: "setup.yaml",
        content: "game: loa\nrules: { setup: fried }\nmoves: []\n",
        command: "check",
        location: ":2:17",
        words: "`setup` is standard or scrambled-eggs, not `fried`",
    },
    Case {
        name: "obstruction on a piece",
        file: "obstruction.yaml",
        content: "game: loa\nrules: { obstructions: [d4, d1] }\nmoves: []\n",
        command: "check",
        location: ":2:29",
        words: "d1 holds a piece at the start",
    },
    Case {
        name: "an option of another game",
        file: "option.yaml",
        content: "game: loa\nrules: { scoring: exact }\nmoves: []\n",
        command: "check",
        location: ":2:10",
        words: "unknown key `scoring`; the keys here are size, setup, obstructions",
    },
    Case {
        name: "a second error in a multi-line string is located on its line",
        file: "text.yaml",
        content: "game: loa\nmoves: \"1. d1-b3 h5-g4\n  2. b1-b4 g4xg1\n  3. b4-e9\"\n",
        command: "check",
        location: ":4:6",
        words: "there is no square e9",
    },
    Case {
        name: "SGF of another game",
        file: "go.sgf",
        content: "(;GM[1]FF[4]SZ[19]\n;B[pd];W[dp])\n",
        command: "import",
        location: ":1:6",
        words: "this SGF records game 1 (GM[1]), not Lines of Action (GM[9])",
    },
    Case {
        name: "SGF with an illegal move",
        file: "bad.sgf",
        content: "(;GM[9]\n;B[b1-b3];W[a2-c2]\n;B[b3-b7])\n",
        command: "import",
        location: ":3:4",
        words: "move 2 (black): b3-b7: b3 moves exactly 2 along the file b",
    },
    Case {
        name: "SGF out of turn",
        file: "turn.sgf",
        content: "(;GM[9];B[b1-b3];B[c1-c3])\n",
        command: "import",
        location: ":1:20",
        words: "B[c1-c3]: it is white's move",
    },
    Case {
        name: "move text with an illegal move",
        file: "bad.txt",
        content: "1. d1-b3 h5-g4\n2. b1-b4 g4-g2\n",
        command: "import",
        location: ":2:10",
        words: "move 2 (white): g4-g2: g4 moves exactly 3 along the file g",
    },
    Case {
        name: "an SGF value never closed",
        file: "open.sgf",
        content: "(;GM[9];B[b1-b3\n",
        command: "import",
        location: ":1:10",
        words: "never closed",
    },
];

#[test]
fn every_bad_loa_record_and_import_file_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    for case in CATALOGUE {
        std::fs::write(dir.path().join(case.file), case.content).unwrap();
        let out = run_in(dir.path(), &[case.command, case.file]);
        let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
        assert_eq!(out.code, 1, "{}: {report}", case.name);
        let location = format!("{}{}", case.file, case.location);
        assert_located(case.name, &report, &location, case.words);
    }
}

#[test]
fn json_for_loa_has_winner_and_reason_and_no_score() {
    let out = run(&[
        "check",
        "--format",
        "json",
        "examples/loa-simultaneous-draw.yaml",
        "examples/loa-repetition.yaml",
    ]);
    assert_eq!(out.code, 0);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["game"], "lines-of-action");
    assert_eq!(lines[0]["winner"], "draw");
    assert_eq!(lines[0]["score"], serde_json::Value::Null);
    assert_eq!(
        lines[0]["reason"],
        "draw: both connected after 77 half-moves, simultaneous: draw"
    );
    assert_eq!(
        lines[1]["reason"],
        "draw: third repetition after 8 half-moves"
    );
}

#[test]
fn import_writes_the_record_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "import",
            &format!("{}/examples/loa-club-game.sgf", env!("CARGO_MANIFEST_DIR")),
            "-o",
            "game.yaml",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let yaml = std::fs::read_to_string(dir.path().join("game.yaml")).unwrap();
    assert!(
        yaml.contains("players: { black: \"MIA\", white: \"YL\" }"),
        "{yaml}"
    );
    assert!(yaml.contains("result: black"));
    let missing = run_in(dir.path(), &["import", "nothing.txt", "-o", "x.yaml"]);
    assert_eq!(missing.code, 2);
    assert!(!dir.path().join("x.yaml").exists());
}

#[test]
fn a_result_in_move_text_must_end_it_and_agree_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let game = std::fs::read_to_string(format!(
        "{}/examples/loa-winands-E1.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // White connects in this game: 0-1 is right, 1-0 and * are not.
    // The right result imports quietly, with the winner in the record.
    std::fs::write(dir.path().join("g.txt"), format!("{game} 0-1\n")).unwrap();
    let out = common::run_in(dir.path(), &["import", "g.txt"]);
    assert_eq!(out.code, 0, "0-1: {}", out.stderr);
    assert_eq!(out.stderr, "", "0-1");
    let yaml = String::from_utf8(out.stdout).unwrap();
    assert!(yaml.contains("\nresult: white\n"), "0-1: {yaml}");
    for (result, words) in [
        ("1-0", "`1-0` says black wins, but white wins"),
        ("*", "`*` says the game goes on, but white wins"),
    ] {
        std::fs::write(dir.path().join("g.txt"), format!("{game} {result}\n")).unwrap();
        let out = common::run_in(dir.path(), &["import", "g.txt"]);
        assert_eq!(out.code, 1, "{result}: {}", out.stderr);
        assert!(out.stderr.contains(words), "{result}: {}", out.stderr);
    }
    std::fs::write(
        dir.path().join("after.yaml"),
        "game: loa\nmoves: \"1. b1-b3 h3-e3 1-0 2. b3xe3\"\n",
    )
    .unwrap();
    let out = common::run_in(dir.path(), &["check", "after.yaml"]);
    assert_eq!(out.code, 1);
    common::assert_located(
        "after the result",
        &String::from_utf8(out.stdout).unwrap(),
        "after.yaml:2:31",
        "`b3xe3` comes after the result `1-0`",
    );
}

/// A booklet captions each diagram with the moves since the last, and Lines of Action
/// writes only those moves (a game can be 100,000 moves long): they are numbered as the
/// whole move list numbers them, past its end too.
#[test]
fn a_run_of_moves_is_numbered_as_the_whole_move_list_numbers_it() {
    let words = sheetgen_core::words::Words::default();
    let loaded = sheetgen::load(
        "examples/loa-winands-E1.yaml",
        &sheetgen_core::font::Font::builtin(),
    )
    .unwrap();
    let game = loaded.into_iter().next().unwrap().game.unwrap();
    let all = game.move_list(&words);
    assert!(all.len() > 20, "{}", all.len());
    for from in 0..=all.len() + 1 {
        for to in from..=all.len() + 2 {
            let whole = sheetgen_core::vocabulary::Numbering::Pairs.moves(&all, from, to);
            assert_eq!(game.numbered_moves(from, to, &words), whole, "{from}..{to}");
        }
    }
}

/// A win claimed on a game the moves leave unfinished is refused with the way to write the
/// resignation it usually is.
#[test]
fn a_win_claimed_on_an_unfinished_game_says_how_to_write_a_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.yaml");
    std::fs::write(
        &path,
        "game: loa\nmoves: \"1. b1-b3 h3-e3\"\nresult: black\n",
    )
    .unwrap();
    let out = common::run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("if white resigned, write resigned: white"),
        "{report}"
    );
}

/// A result written as a score sheet says it ("black resigned") is refused with the key
/// that records a resignation.
#[test]
fn a_result_saying_who_resigned_names_the_resigned_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.yaml");
    std::fs::write(
        &path,
        "game: loa\nmoves: \"1. b1-b3 h3-e3\"\nresult: black resigned\n",
    )
    .unwrap();
    let out = common::run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap() + &out.stderr;
    assert!(
        report.contains("if black resigned, write resigned: black"),
        "{report}"
    );
}

/// A result as a chess score sheet writes it ("1-0") is refused, naming the word that
/// means it: Black moves first.
#[test]
fn a_score_sheet_result_names_the_word_that_means_it() {
    let dir = tempfile::tempdir().unwrap();
    for (written, meant) in [("1-0", "black"), ("0-1", "white"), ("1/2-1/2", "draw")] {
        let path = dir.path().join("r.yaml");
        let record = format!("game: loa\nmoves: \"1. b1-b3 h3-e3\"\nresult: \"{written}\"\n");
        std::fs::write(&path, record).unwrap();
        let out = common::run(&["check", path.to_str().unwrap()]);
        assert_eq!(out.code, 1, "{}", out.stderr);
        let report = String::from_utf8(out.stdout).unwrap() + &out.stderr;
        assert!(
            report.contains(&format!(
                "as a score sheet writes it, write result: {meant}"
            )),
            "{report}"
        );
    }
}
