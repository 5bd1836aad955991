//! Positions without a game (issue 24): each game's notation reads its start as the empty
//! game's start, writes back every position a legal game reaches as the same position,
//! refuses each impossible position with its reason and place, never panics, and reaches
//! `render`, `check`, `booklet` and records.

use sheetgen_core::games::GivenPosition;
use sheetgen_core::games::loa::bits::Bits;
use sheetgen_core::games::loa::position as loa;
use sheetgen_core::games::loa::rules::{AnyBoard, Setup};
use sheetgen_core::games::shoreline::position as shoreline;
use sheetgen_core::games::shoreline::rules::Position as ShorelinePosition;
use sheetgen_core::games::towers::position as towers;
use sheetgen_core::games::towers::rules::{Board as TowersBoard, UnequalReveal, first_player};
use sheetgen_core::rng::Rng;
use sheetgen_core::vocabulary::Side;

use crate::common::run;

const LOA_START: &str = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";

#[test]
fn each_games_standard_start_is_the_empty_games_start() {
    let start = loa::parse(LOA_START).unwrap();
    assert_eq!(
        start.position,
        AnyBoard::shared(8, &[]).start(Setup::Standard)
    );
    assert_eq!(start.board.size, 8);
    assert!(start.board.blocked.is_empty());
    for n in 5..=12 {
        let board = AnyBoard::new(n, &[]);
        for setup in [Setup::Standard, Setup::ScrambledEggs] {
            let text = loa::to_position(&board, &board.start(setup));
            let read = loa::parse(&text).unwrap();
            assert_eq!(read.position, board.start(setup), "{n}: {text}");
        }
    }
    for first in [Side::Black, Side::White] {
        let letter = if first == Side::Black { "b" } else { "w" };
        let empty = shoreline::parse(&format!("5/5/5/5/5 {letter}"), first).unwrap();
        assert_eq!(empty, ShorelinePosition::new(first));
    }
    assert_eq!(
        towers::parse("8/8/8/8/8/8/8/8 b").unwrap(),
        towers::Start::default()
    );
}

#[test]
fn a_record_from_the_start_position_plays_as_the_record_without_one() {
    for (plain, positioned) in [
        (
            "game: loa\nmoves: [b1-b3, a2-c2]\n".to_string(),
            format!("game: loa\nposition: \"{LOA_START}\"\nmoves: [b1-b3, a2-c2]\n"),
        ),
        (
            "game: towers\nturns:\n  - reveal: { black: 2, white: 1 }\n    black: [h1, +]\n    white: [+]\n".to_string(),
            "game: towers\nposition: \"8/8/8/8/8/8/8/8 b\"\nturns:\n  - reveal: { black: 2, white: 1 }\n    black: [h1, +]\n    white: [+]\n".to_string(),
        ),
    ] {
        let read = |text: &str| {
            let source = sheetgen_core::input::SourceFile::new("r.yaml", text);
            let font = sheetgen_core::font::Font::builtin();
            let mut entries = sheetgen_core::load::read(&source, &font).unwrap();
            entries.remove(0).game.unwrap()
        };
        let (a, b) = (read(&plain), read(&positioned));
        let words = sheetgen_core::words::Words::default();
        assert_eq!(a.move_list(&words), b.move_list(&words));
        assert_eq!(a.summary().score, b.summary().score);
    }
}

#[test]
fn every_reached_lines_of_action_position_writes_back_as_itself() {
    let mut rng = Rng::new(24);
    for game in 0..60 {
        let size = 5 + game % 8;
        let blocked = if game % 3 == 0 {
            vec![size + 2]
        } else {
            vec![]
        };
        let board = AnyBoard::new(size, &blocked);
        let mut position = board.start(Setup::Standard);
        for ply in 0..40 {
            let text = loa::to_position(&board, &position);
            let read = loa::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(read.position, position, "game {game} ply {ply}: {text}");
            assert_eq!(read.board.size, size);
            assert_eq!(read.board.blocked.squares().collect::<Vec<_>>(), blocked);
            let moves = board.moves(&position);
            // A side reduced to one piece has connected: the game is over.
            if moves.is_empty() || position.black.count() < 2 || position.white.count() < 2 {
                break;
            }
            position = board.play(&position, moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn every_reached_shoreline_position_writes_back_as_itself() {
    let mut rng = Rng::new(7);
    for game in 0..40 {
        let first = if game % 2 == 0 {
            Side::Black
        } else {
            Side::White
        };
        let mut position = ShorelinePosition::new(first);
        loop {
            let text = shoreline::to_position(&position);
            let read = shoreline::parse(&text, first).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(read, position, "{text}");
            let columns = position.legal_columns();
            if columns.is_empty() {
                break;
            }
            position
                .place_in(columns[rng.below(columns.len())])
                .unwrap();
        }
    }
}

#[test]
fn every_reached_towers_position_between_turns_writes_back_as_itself() {
    let mut rng = Rng::new(11);
    for game in 0..30 {
        let rule = if game % 2 == 0 {
            UnequalReveal::HigherFirst
        } else {
            UnequalReveal::LowerFirst
        };
        let mut start = towers::Start::default();
        while !start.board.is_full() {
            let reveal = [1 + rng.below(4), 1 + rng.below(4)];
            let first = first_player(reveal[0], reveal[1], start.last_first, rule);
            for side in [first, first.other()] {
                for _ in 0..reveal[side.index()] {
                    let legal = start.board.legal();
                    if legal.is_empty() {
                        break;
                    }
                    start
                        .board
                        .place(legal[rng.below(legal.len())], side)
                        .unwrap();
                }
            }
            start.last_first = first;
            let text = towers::to_position(&start);
            let read = towers::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(read, start, "{text}");
        }
    }
    assert!(TowersBoard::default().current.is_none());
}

/// `check --game GAME --position TEXT`: invalid (exit 1), located at `column` of the
/// position, the report saying `words`.
fn refused(game: &str, text: &str, column: usize, words: &str) {
    let out = run(&["check", "--game", game, "--position", text]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.code, 1, "{game} {text}: {report}{}", out.stderr);
    let location = format!("--position:1:{column}");
    assert!(
        report.contains(&location),
        "{text}: wants {location}:\n{report}"
    );
    assert!(report.contains(words), "{text}: wants {words:?}:\n{report}");
}

#[test]
fn every_refusal_names_its_reason_and_place() {
    // What any notation refuses.
    refused("loa", "", 1, "the position is empty");
    refused(
        "loa",
        "1bbbbbb1/w6w/w6q/w6w/w6w/w6w/w6w/1bbbbbb1 b",
        16,
        "rank 6 (h6): `q` is not a square",
    );
    refused(
        "loa",
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1",
        42,
        "the side to move is missing",
    );
    refused(
        "loa",
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 black",
        43,
        "`black` is not a side to move",
    );
    refused(
        "loa",
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b w",
        45,
        "nothing comes after it",
    );
    refused(
        "loa",
        "1bbbbbb1/w0w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
        11,
        "rank 7: 0 empty squares",
    );
    refused(
        "loa",
        "1bbbbbb1/w16w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
        11,
        "rank 7: more than 12 squares",
    );
    refused(
        "loa",
        &format!("{} b", ["5"; 13].join("/")),
        24,
        "13 rows: a board has at most 12",
    );
    // Lines of Action.
    refused("loa", "4/4/4/b3 b", 7, "4 ranks: a board has 5 to 12 ranks");
    refused(
        "loa",
        "5/5/6/5/5 b",
        5,
        "rank 3 has 6 squares, but the board is 5 wide",
    );
    refused(
        "loa",
        "bbbbb/bb3/5/5/w4 b",
        8,
        "7 black pieces, but each side starts with 6",
    );
    refused("loa", "5/5/5/5/w4 b", 1, "black has no piece");
    // Shoreline.
    refused(
        "shoreline",
        "5/5/2b2/5/2w2 b",
        6,
        "row 3 (C3): a stone with the empty point C2",
    );
    refused(
        "shoreline",
        "5/5/5/5/w4 b",
        12,
        "which no game reaches with black to place",
    );
    refused(
        "shoreline",
        "bbbbb/bbbbb/bbbww/wwwww/wwwww b",
        1,
        "13 black stones: each player has 12",
    );
    refused("shoreline", "5/5/5/5/6 b", 9, "row 1: more than 5 squares");
    refused(
        "shoreline",
        "5/5/5/5/4 b",
        9,
        "row 1 has 4 squares, but the board is 5 wide",
    );
    refused("shoreline", "5/5/5/5/bx3 b", 10, "`x` is not a square");
    // Towers.
    refused(
        "towers",
        "8/8/8/8/8/8/w7/7b b",
        17,
        "Line 7 is partly filled, and so is Line 1",
    );
    refused(
        "towers",
        "8/8/8/8/8/5b2/8/7b b",
        15,
        "Line 7 is partly filled and g2 is empty",
    );
    refused(
        "towers",
        "8/8/8/8/4b3/5b2/8/8 b",
        10,
        "its stones reach neither of its ends",
    );
    refused(
        "towers",
        "7b/8/8/8/8/8/8/b7 b",
        1,
        "black has 2 stones and white 0",
    );
    refused(
        "towers",
        "8/8/8/8/8/8/8 b",
        13,
        "7 rows, but the board has 8",
    );
}

#[test]
fn a_record_with_a_position_is_refused_at_its_place_and_for_keys_the_position_gives() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "game: loa\nposition: \"5/5/5/5/w4 q\"\n",
            "r.yaml:2:23",
            "`q` is not a side to move",
        ),
        (
            "game: loa\nrules: { size: 6 }\nposition: \"5/5/5/b4/w4 b\"\n",
            "r.yaml:2:16",
            "`size` with a `position`",
        ),
        (
            "game: loa\nrules: { obstructions: [c3] }\nposition: \"5/5/5/b4/w4 b\"\n",
            "r.yaml:2:25",
            "`obstructions` with a `position`",
        ),
        (
            "game: shoreline\nposition: '5/5/1b3/5/5 b'\n",
            "r.yaml:2:17",
            "B3",
        ),
        (
            "game: shoreline\nrules: { first: white }\nposition: \"5/5/5/5/b4 w\"\n",
            "r.yaml:3:23",
            "white (rule `first`)",
        ),
    ];
    for (record, location, words) in cases {
        let path = dir.path().join("r.yaml");
        std::fs::write(&path, record).unwrap();
        let out = crate::common::run_in(dir.path(), &["check", "r.yaml"]);
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.code, 1, "{record}: {report}");
        assert!(
            report.contains(location),
            "{record}: wants {location}:\n{report}"
        );
        assert!(
            report.contains(words),
            "{record}: wants {words:?}:\n{report}"
        );
    }
}

/// Variations of `text`: each character left out, doubled, and replaced by each of a few
/// characters that mean something to the notation or to nothing.
fn mutations(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let others = [
        'b', 'w', 'x', '0', '1', '9', '/', ' ', '\n', 'q', 'é', '\u{0}',
    ];
    let mut out = Vec::new();
    for i in 0..chars.len() {
        let mut without = chars.clone();
        without.remove(i);
        out.push(without.iter().collect());
        let mut doubled = chars.clone();
        doubled.insert(i, chars[i]);
        out.push(doubled.iter().collect());
        for c in others {
            let mut replaced = chars.clone();
            replaced[i] = c;
            out.push(replaced.iter().collect());
        }
    }
    out.push("9".repeat(10_000));
    out.push("/".repeat(10_000));
    out.push(format!("{} b", "1".repeat(100_000)));
    out
}

#[test]
fn no_string_makes_a_position_reader_panic() {
    let starts = [
        ("lines-of-action", LOA_START),
        ("lines-of-action", "1b2b1/w5/3b2/2x3/5w/6 w"),
        ("shoreline", "5/5/5/2w2/b1bw1 b"),
        ("towers", "8/8/2w5/3w4/4w3/5b2/6b1/7b b"),
    ];
    let mut read = 0;
    for (game, start) in starts {
        for text in mutations(start) {
            let given = GivenPosition {
                game,
                text: text.clone(),
            };
            // Either a game, or a located error; never a panic (which fails the test).
            if let Err(d) = given.read() {
                assert_eq!(d.line, 1, "{game} {text:?}: {d:?}");
                assert!(d.column >= 1, "{game} {text:?}: {d:?}");
            }
            read += 1;
        }
    }
    assert!(read > 1_000);
}

#[test]
fn render_check_and_booklet_take_a_position_without_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let out = run(&[
        "render",
        "--game",
        "loa",
        "--position",
        LOA_START,
        "--width",
        "50mm",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("width=\"50mm\""), "{}", &svg[..200]);
    assert!(
        svg.contains("The position; black to move"),
        "the caption says it is a position"
    );
    assert!(!svg.contains("after 0"), "no 'after N moves'");

    let out = run(&[
        "check",
        "--game",
        "towers",
        "--position",
        "8/8/8/8/8/5b2/6w1/7b w",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("--position #1: ok, towers"));

    let pdf = dir.path().join("b.pdf");
    let out = run(&[
        "booklet",
        "--game",
        "shoreline",
        "--position",
        "5/5/5/2w2/b1bw1 b",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));

    let out = run(&[
        "render",
        "--game",
        "shoreline",
        "--position",
        "5/5/2b2/5/2w2 b",
        "--format",
        "text",
    ]);
    assert_eq!(out.code, 1, "an impossible position is an invalid input");
    assert!(out.stderr.contains("--position:1:6"), "{}", out.stderr);
}

#[test]
fn a_position_with_a_file_or_without_a_game_is_a_usage_error() {
    let position = LOA_START;
    for (args, words) in [
        (
            vec![
                "render",
                "examples/loa-connection.yaml",
                "--game",
                "loa",
                "--position",
                position,
            ],
            "not both",
        ),
        (
            vec!["render", "--position", position],
            "--position needs --game",
        ),
        (
            vec!["render", "--game", "2", "--position", position],
            "--position needs --game",
        ),
        (
            vec!["render", "examples/loa-connection.yaml", "--game", "loa"],
            "names the game of a --position",
        ),
        (
            vec!["render"],
            "a record file, or --game GAME --position TEXT",
        ),
        (
            vec![
                "check",
                "examples/loa-connection.yaml",
                "--game",
                "loa",
                "--position",
                position,
            ],
            "without record files",
        ),
        (
            vec!["check", "--position", position],
            "--position needs --game",
        ),
        (
            vec!["check", "examples/loa-connection.yaml", "--game", "loa"],
            "names the game of a --position",
        ),
        (
            vec!["booklet", "--position", position, "-o", "x.pdf"],
            "--position needs --game",
        ),
        (
            vec![
                "booklet",
                "examples/loa-connection.yaml",
                "--game",
                "loa",
                "--position",
                position,
                "-o",
                "x.pdf",
            ],
            "without record files",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains(words),
            "{args:?}: wants {words:?}: {}",
            out.stderr
        );
    }
    assert!(!std::path::Path::new("x.pdf").exists());
}

#[test]
fn at_counts_the_moves_after_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let record = "game: loa\nposition: \"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w\"\nmoves: [a2-c2, b1-b3]\n";
    std::fs::write(dir.path().join("r.yaml"), record).unwrap();
    let out = crate::common::run_in(
        dir.path(),
        &["render", "r.yaml", "--at", "1", "--format", "text"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 of 2 half-moves after the position; black to move"),
        "{text}"
    );
    let out = crate::common::run_in(dir.path(), &["render", "r.yaml", "--at", "3"]);
    assert_eq!(out.code, 2, "the game has 2 moves after the position");
}

#[test]
fn a_position_with_a_side_connected_is_a_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    // White's single piece is connected (L4): the game ended with Black's last move.
    let record = "game: loa\nposition: \"5/1b3/5/3b1/w4 w\"\n";
    std::fs::write(dir.path().join("r.yaml"), record).unwrap();
    let out = crate::common::run_in(dir.path(), &["check", "r.yaml"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.code, 0, "{report}");
    assert!(report.contains("white wins: connected"), "{report}");
    std::fs::write(
        dir.path().join("r.yaml"),
        format!("{record}moves: [a1-b2]\n"),
    )
    .unwrap();
    let out = crate::common::run_in(dir.path(), &["check", "r.yaml"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.code, 1, "{report}");
    assert!(report.contains("the game is over"), "{report}");
}

#[test]
fn a_full_towers_board_allows_a_last_turn_cut_short() {
    // 64 squares: 12 black and 52 white is 4 × 12 + 4, the most a cut-short last turn gives.
    let row = |black: usize| format!("{}{}", "b".repeat(black), "w".repeat(8 - black));
    let ranks: Vec<String> = [2, 2, 2, 2, 1, 1, 1, 1].iter().map(|&b| row(b)).collect();
    let text = format!("{} b", ranks.join("/"));
    assert!(towers::parse(&text).is_ok(), "{text}");
    let ranks: Vec<String> = [2, 2, 2, 2, 1, 1, 1, 0].iter().map(|&b| row(b)).collect();
    let text = format!("{} b", ranks.join("/"));
    let e = towers::parse(&text).unwrap_err();
    assert!(e.broken.message().contains("on a full board"), "{e:?}");
}

#[test]
fn the_api_draws_a_position_as_render_does() {
    let request = sheetgen_core::api::Request::from_json(&format!(
        r#"{{"width": "50mm", "position": {{"game": "loa", "text": "{LOA_START}"}}}}"#
    ))
    .unwrap();
    let api = sheetgen_core::api::render("--position", "", &request).unwrap();
    let out = run(&[
        "render",
        "--game",
        "loa",
        "--position",
        LOA_START,
        "--width",
        "50mm",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(api, out.stdout, "byte for byte");
}
