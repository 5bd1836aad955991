//! Shoreline records as a user meets them: `check`, `render` and filled sheets, good and bad.

use crate::common::{assert_located, pdf_text, run, run_in};

/// A bad record, the exit code `check` must give, and what its report must hold.
struct Case {
    name: &'static str,
    content: &'static [u8],
    code: i32,
    location: &'static str,
    words: &'static str,
}

const CATALOGUE: &[Case] = &[
    Case {
        name: "malformed",
        content: b"game: shoreline\nmoves: [C, C\n",
        code: 1,
        location: ":2:8",
        words: "unclosed bracket",
    },
    Case {
        name: "unknown-key",
        content: b"game: shoreline\nmoves: [C]\ncolour: red\n",
        code: 1,
        location: ":3:1",
        words: "unknown key `colour`; the keys of a shoreline record are game, title, date, players, event, round, comment, comments, position, rules, moves, result, diagrams",
    },
    Case {
        name: "a-key-of-another-game",
        content: b"game: shoreline\nmoves: [C]\nturns: []\n",
        code: 1,
        location: ":3:1",
        words: "`turns` is not a key of Shoreline records; their keys are game, title",
    },
    Case {
        name: "wrong-type",
        content: b"game: shoreline\nmoves: [C]\nresult: { black: two, white: 1 }\n",
        code: 1,
        location: ":3:18",
        words: "the claimed black score is a whole number, like 2, not `two`",
    },
    Case {
        name: "moves-not-a-list",
        content: b"game: shoreline\nmoves: C C B1\n",
        code: 1,
        location: ":2:8",
        words: "`moves` is a list",
    },
    Case {
        name: "off-board",
        content: b"game: shoreline\nmoves: [C, F1, B]\n",
        code: 1,
        location: ":2:12",
        words: "move 1 (white): `F1` is not a move",
    },
    Case {
        name: "row-off-board",
        content: b"game: shoreline\nmoves: [C6]\n",
        code: 1,
        location: ":2:9",
        words: "`C6` is not a move; write a column (A to E) or a point (A1 to E5)",
    },
    Case {
        name: "full-column",
        content: b"game: shoreline\nmoves: [C, C, C, C, c, C]\n",
        code: 1,
        location: ":2:24",
        words: "move 3 (white): column C is full",
    },
    Case {
        name: "not-lowest",
        content: b"game: shoreline\nmoves: [C, C3]\n",
        code: 1,
        location: ":2:12",
        words: "the next free point in column C is C2, not C3",
    },
    Case {
        name: "twenty-five-moves",
        content: b"game: shoreline\nmoves: [A,B,C,D,E, A,B,C,D,E, A,B,C,D,E, A,B,C,D,E, A,B,C,D,E]\n",
        code: 1,
        location: ":2:61",
        words: "move 13 (black): the game is over",
    },
    Case {
        name: "wrong-claim",
        content: b"game: shoreline\nmoves: [A,B,C,D,E, A,B,C,D,E, A,B,C,D,E, A,B,C,D,E, A,B,C,D]\nresult: { black: 3, white: 1 }\n",
        code: 1,
        location: ":3:9",
        words: "claimed black 3 white 1, the board scores black 4 white 0",
    },
    Case {
        name: "claim-on-unfinished",
        content: b"game: shoreline\nmoves: [A, B]\nresult: { black: 0, white: 0 }\n",
        code: 1,
        location: ":3:9",
        words: "a result is claimed, but the game is unfinished after 2 of 24 half-moves",
    },
    Case {
        name: "bad-option",
        content: b"game: shoreline\nrules: { first: red }\nmoves: []\n",
        code: 1,
        location: ":2:17",
        words: "`first` is black or white, not `red`",
    },
    Case {
        name: "unknown-game",
        content: b"game: chess\nmoves: [e4]\n",
        code: 1,
        location: ":1:7",
        words: "unknown game `chess`",
    },
    Case {
        name: "empty",
        content: b"",
        code: 1,
        location: "empty.yaml",
        words: "the file holds no game record",
    },
    Case {
        name: "only-comments",
        content: b"# nothing here\n",
        code: 1,
        location: "only-comments.yaml",
        words: "the file holds no game record",
    },
    Case {
        name: "binary",
        content: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        code: 1,
        location: "binary.yaml",
        words: "this is a binary file, not YAML text",
    },
    Case {
        name: "not-utf8",
        content: b"game: shoreline\ntitle: caf\xe9\nmoves: []\n",
        code: 1,
        location: "not-utf8.yaml:2",
        words: "not UTF-8",
    },
];

#[test]
fn every_bad_record_is_a_located_error_with_its_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    for case in CATALOGUE {
        let file = format!("{}.yaml", case.name);
        std::fs::write(dir.path().join(&file), case.content).unwrap();
        let out = run_in(dir.path(), &["check", &file]);
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.code, case.code, "{}: {report}{}", case.name, out.stderr);
        let location = if case.location.starts_with(':') {
            format!("{file}{}", case.location)
        } else {
            case.location.to_string()
        };
        assert_located(
            case.name,
            &format!("{report}{}", out.stderr),
            &location,
            case.words,
        );

        // render refuses the same file and writes nothing.
        let out = run_in(dir.path(), &["render", &file, "-o", "diagram.svg"]);
        assert_eq!(out.code, case.code, "render {}: {}", case.name, out.stderr);
        assert!(
            out.stderr.contains(case.words),
            "render {}: {}",
            case.name,
            out.stderr
        );
        assert!(
            !dir.path().join("diagram.svg").exists(),
            "render {} wrote a file",
            case.name
        );
    }
}

#[test]
fn a_missing_file_is_exit_2_and_check_goes_on_to_the_next_file() {
    let out = run(&["check", "no/such/file.yaml", "examples/shoreline-draw.yaml"]);
    assert_eq!(out.code, 2);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("no/such/file.yaml: error: cannot read no/such/file.yaml: no such file"),
        "{report}"
    );
    assert!(
        report.contains("examples/shoreline-draw.yaml #1: ok"),
        "{report}"
    );
}

#[test]
fn check_keeps_going_past_a_bad_game_in_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = "game: shoreline\nmoves: [C]\n---\ngame: shoreline\nmoves: [Z]\n---\ngame: shoreline\nmoves: [A, A]\n";
    std::fs::write(dir.path().join("three.yaml"), text).unwrap();
    let out = run_in(dir.path(), &["check", "three.yaml"]);
    assert_eq!(out.code, 1);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("three.yaml #1: ok, shoreline, 1 half-move: unfinished"),
        "{report}"
    );
    assert!(report.contains("three.yaml #2: invalid"), "{report}");
    assert!(report.contains("three.yaml:5:9"), "{report}");
    assert!(
        report.contains("three.yaml #3: ok, shoreline, 2 half-moves"),
        "{report}"
    );
}

#[test]
fn check_reports_every_example_with_its_score_and_winner() {
    let out = run(&[
        "check",
        "--format",
        "json",
        "examples/shoreline-evening.yaml",
        "examples/shoreline-unfinished.yaml",
        "examples/shoreline-draw.yaml",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 6);
    let second = &lines[1];
    assert_eq!(second["file"], "examples/shoreline-evening.yaml");
    assert_eq!(second["index"], 2);
    assert_eq!(second["game"], "shoreline");
    assert_eq!(second["valid"], true);
    assert_eq!(second["moves"], 24);
    assert_eq!(second["finished"], true);
    assert_eq!(second["score"], serde_json::json!({"black": 2, "white": 5}));
    assert_eq!(second["winner"], "white");
    let unfinished = &lines[4];
    assert_eq!(unfinished["finished"], false);
    assert_eq!(unfinished["winner"], serde_json::Value::Null);
    assert_eq!(
        unfinished["score"],
        serde_json::json!({"black": 3, "white": 1})
    );
    assert_eq!(lines[5]["winner"], "draw");
}

#[test]
fn json_errors_carry_line_column_and_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.yaml"),
        "game: shoreline\nmoves: [C, C3]\n",
    )
    .unwrap();
    let out = run_in(dir.path(), &["check", "--format", "json", "bad.yaml"]);
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["index"], 1);
    assert_eq!(v["game"], "shoreline");
    assert_eq!(v["error"]["line"], 2);
    assert_eq!(v["error"]["column"], 12);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("C2, not C3")
    );
}

#[test]
fn the_score_diagram_marks_every_run_and_says_who_won() {
    let out = run(&[
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let with_class = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c == class))
            .count()
    };
    assert_eq!(with_class("stone black"), 12);
    assert_eq!(with_class("stone white"), 12);
    // The engine's runs for this game: 10 scoring threes, 2 dead runs of four (both Black's).
    // The legend's samples are classed apart, so a stylesheet counting runs finds these.
    assert_eq!(
        with_class("run scoring black") + with_class("run scoring white"),
        10
    );
    assert_eq!(with_class("run dead black"), 2);
    assert_eq!(with_class("legend-sample dead black"), 1);
    assert!(svg.contains("Black 6 · White 4 — Black wins"), "{svg}");
    assert!(svg.contains("Black ● Ana – White ○ Ben · 2026-11-27"));
    assert!(svg.contains("<title>Club night, board 2 (Shoreline)</title>"));
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .unwrap()
        .text()
        .unwrap();
    assert!(
        desc.contains("Row 1: A1 black, B1 white, C1 black, D1 white, E1 white."),
        "{desc}"
    );
    assert!(
        desc.contains("black run A1-A2-A3-A4: dead, scores nothing."),
        "{desc}"
    );
}

#[test]
fn render_at_draws_the_position_after_n_moves_and_rings_the_last() {
    let out = run(&[
        "render",
        "examples/shoreline-draw.yaml",
        "--at",
        "10",
        "--numbers",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let stones = svg.matches("class=\"stone ").count();
    assert_eq!(stones, 10);
    assert_eq!(svg.matches("class=\"last-move\"").count(), 1);
    for n in 1..=10 {
        assert!(
            svg.contains(&format!(">{n}</text>")),
            "stone {n} is numbered"
        );
    }
    assert!(svg.contains("after 10 of 24 half-moves"));

    let empty = run(&[
        "render",
        "examples/shoreline-draw.yaml",
        "--at",
        "0",
        "--format",
        "svg",
    ]);
    assert_eq!(
        String::from_utf8(empty.stdout)
            .unwrap()
            .matches("class=\"stone ")
            .count(),
        0
    );

    let past = run(&["render", "examples/shoreline-unfinished.yaml", "--at", "16"]);
    assert_eq!(past.code, 2);
    assert!(
        past.stderr
            .contains("--at 16: the game has only 15 half-moves"),
        "{}",
        past.stderr
    );

    let no_game = run(&["render", "examples/shoreline-draw.yaml", "--game", "2"]);
    assert_eq!(no_game.code, 2);
    assert!(
        no_game
            .stderr
            .contains("--game 2: examples/shoreline-draw.yaml holds 1 game"),
        "{}",
        no_game.stderr
    );
}

#[test]
fn render_writes_a_pdf_of_the_diagram() {
    let out = run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--game",
        "3",
        "--format",
        "pdf",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    assert!(text.contains("Thursday evening, game 3"), "{text}");
    assert!(text.contains("Black 5 · White 3 — Black wins"), "{text}");
}

#[test]
fn a_filled_sheet_has_each_boards_score_and_the_evenings_total() {
    let out = run(&[
        "shoreline",
        "--boards",
        "4",
        "examples/shoreline-evening.yaml",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    // Scores 3–2, 2–5, 5–3, 5–4; total 15–14; names on the name lines.
    for score in ["15", "14", "Ana", "Ben"] {
        assert!(
            text.lines().any(|l| l.trim() == score),
            "{score} missing from\n{text}"
        );
    }
    let firsts: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("places first"))
        .collect();
    assert_eq!(
        firsts,
        [
            "Black ● places first",
            "White ○ places first",
            "Black ● places first",
            "White ○ places first"
        ]
    );

    let too_many = run(&[
        "shoreline",
        "--boards",
        "2",
        "examples/shoreline-evening.yaml",
    ]);
    assert_eq!(too_many.code, 2);
    assert!(
        too_many
            .stderr
            .contains("the files hold 4 games but the sheet has 2 boards"),
        "{}",
        too_many.stderr
    );

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "game: shoreline\nmoves: [Q]\n").unwrap();
    let bad = run_in(dir.path(), &["shoreline", "bad.yaml", "-o", "sheet.pdf"]);
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.contains("bad.yaml:2:9"), "{}", bad.stderr);
    assert!(!dir.path().join("sheet.pdf").exists());
}

/// Issue 40.2: a name the font cannot draw is no rules error. `check` calls the record valid;
/// a command that draws it refuses, at the name, and names `--font`.
#[test]
fn a_player_name_the_font_cannot_draw_is_valid_and_located_when_drawn() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.yaml"),
        "game: shoreline\nplayers: { black: 陈伟, white: Ben }\nmoves: [C]\n",
    )
    .unwrap();
    let checked = run_in(dir.path(), &["check", "g.yaml"]);
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    assert!(
        String::from_utf8(checked.stdout)
            .unwrap()
            .contains("g.yaml #1: ok")
    );
    let out = run_in(dir.path(), &["render", "g.yaml", "-o", "g.svg"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("g.yaml:2:19"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("'陈' (U+9648) is not in sheetgen's font; use --font FILE"),
        "{}",
        out.stderr
    );
    assert!(!dir.path().join("g.svg").exists());
    let sheet = run_in(dir.path(), &["shoreline", "g.yaml", "-o", "s.pdf"]);
    assert_eq!(sheet.code, 1);
    assert!(sheet.stderr.contains("g.yaml:2:19"), "{}", sheet.stderr);
}

/// Issue 40.2: the built-in font draws every European script and Vietnamese: names in
/// Cyrillic, Greek and Vietnamese check, and are drawn as themselves in SVG and PDF.
#[test]
fn cyrillic_greek_and_vietnamese_names_are_drawn_by_the_built_in_font() {
    let dir = tempfile::tempdir().unwrap();
    let names = [
        ("Иван Їжак", "Δημήτρης"),
        ("Nguyễn Văn Anh", "Trần Thị Ưng"),
        ("Şerban Ţuţea", "Łukasz Ŵyn"),
    ];
    for (k, (black, white)) in names.iter().enumerate() {
        let file = format!("g{k}.yaml");
        std::fs::write(
            dir.path().join(&file),
            format!(
                "game: shoreline\nplayers: {{ black: {black}, white: {white} }}\nmoves: [C, D]\n"
            ),
        )
        .unwrap();
        let checked = run_in(dir.path(), &["check", &file]);
        assert_eq!(checked.code, 0, "{black}: {}", checked.stderr);
        let svg = run_in(dir.path(), &["render", &file, "--format", "svg"]);
        assert_eq!(svg.code, 0, "{black}: {}", svg.stderr);
        let svg = String::from_utf8(svg.stdout).unwrap();
        for name in [black, white] {
            assert!(svg.contains(name), "{name} is not in the SVG");
        }
        let pdf = run_in(dir.path(), &["render", &file, "--format", "pdf"]);
        assert_eq!(pdf.code, 0, "{black}: {}", pdf.stderr);
        let sheet = run_in(dir.path(), &["shoreline", &file, "-o", "s.pdf"]);
        assert_eq!(sheet.code, 0, "{black}: {}", sheet.stderr);
    }
}

#[test]
fn first_is_refused_with_records_that_say_who_placed_first() {
    let out = run(&[
        "shoreline",
        "--first",
        "white",
        "examples/shoreline-evening.yaml",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--first is for blank sheets"),
        "{}",
        out.stderr
    );
}
