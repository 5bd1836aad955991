//! Towers records, `check`, the play sheet and the score diagram, as a user meets them.

use crate::common::{assert_located, pdf_page_size_mm, pdf_text, run, run_in};

#[test]
fn every_towers_example_checks_with_its_scores() {
    let expected = [
        ("towers-complete.yaml", "white wins, black 16 white 20"),
        ("towers-final.yaml", "white wins, black 10 white 47"),
        ("towers-lower-first.yaml", "white wins, black 29 white 40"),
        ("towers-example.yaml", "white wins, black 32 white 35"),
    ];
    for (file, reason) in expected {
        let out = run(&["check", &format!("examples/{file}")]);
        let report = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.code, 0, "{file}: {report}");
        assert!(report.contains(reason), "{file}: {report}");
    }
    let complete = std::fs::read_to_string("examples/towers-complete.yaml").unwrap();
    assert!(
        complete.contains("+"),
        "the complete game uses + for forced squares"
    );
}

#[test]
fn json_carries_scores_and_tower_counts_per_height() {
    let out = run(&["check", "--format", "json", "examples/towers-example.yaml"]);
    assert_eq!(out.code, 0);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "towers");
    assert_eq!(v["score"], serde_json::json!({"black": 32, "white": 35}));
    assert_eq!(v["winner"], "white");
    assert_eq!(
        v["towers"]["black"],
        serde_json::json!([12, 5, 1, 0, 0, 0, 0, 0])
    );
    assert_eq!(
        v["towers"]["white"],
        serde_json::json!([12, 3, 4, 1, 1, 0, 0, 0])
    );
}

#[test]
fn the_board_filling_mid_turn_ends_the_game() {
    let text = std::fs::read_to_string("examples/towers-final.yaml").unwrap();
    let last = text.rsplit("- reveal:").next().unwrap();
    let reveal: Vec<usize> = last
        .split(['{', '}'])
        .nth(1)
        .unwrap()
        .split(',')
        .map(|part| part.split(':').nth(1).unwrap().trim().parse().unwrap())
        .collect();
    let listed = |side: &str| {
        last.lines()
            .find(|l| l.trim_start().starts_with(side))
            .map_or(0, |l| l.matches(',').count() + 1)
    };
    assert!(
        listed("black:") < reveal[0] || listed("white:") < reveal[1],
        "the last turn places fewer than revealed"
    );
    let with_more = text.trim_end().to_string()
        + "\n  - reveal: { black: 1, white: 1 }\n    black: [+]\n    white: [+]\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("more.yaml"), with_more).unwrap();
    let out = run_in(dir.path(), &["check", "more.yaml"]);
    assert_eq!(out.code, 1);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("the board is already full")
    );
}

struct Case {
    file: &'static str,
    content: &'static str,
    location: &'static str,
    words: &'static str,
}

const CATALOGUE: &[Case] = &[
    Case {
        file: "reveal5.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 5, white: 1 }\n",
        location: ":3:22",
        words: "turn 1: black reveal 5 is more than 4 (ruling T4)",
    },
    Case {
        file: "reveal0.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 1, white: 0 }\n",
        location: ":3:32",
        words: "turn 1: white reveal 0 is less than 1",
    },
    Case {
        file: "first.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 1, white: 3 }\n    first: black\n    black: [a1]\n    white: [a2, +, a3]\n",
        location: ":4:12",
        words: "turn 1: black went first but white revealed more (higher-first) (ruling T4)",
    },
    Case {
        file: "not-edge.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 2, white: 1 }\n    black: [a1, c3]\n    white: [a2]\n",
        location: ":4:17",
        words: "turn 1, black's 2nd stone c3: no Line is current",
    },
    Case {
        file: "not-next.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 2, white: 2 }\n    black: [h1, g3]\n    white: [+, +]\n",
        location: ":4:17",
        words: "turn 1, black's 2nd stone g3: the Current Line is Line 7 and the next square is g2",
    },
    Case {
        file: "plus.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 2, white: 2 }\n    black: [+, +]\n    white: [+, +]\n",
        location: ":4:13",
        words: "`+` stands for the only legal square, but no Line is current",
    },
    Case {
        file: "short.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 2, white: 2 }\n    black: [a1]\n    white: [a2, +]\n",
        location: ":3:13",
        words: "turn 1: black revealed 2 but placed 1",
    },
    Case {
        file: "long.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 1, white: 2 }\n    white: [a3, +]\n    black: [+, a1]\n",
        location: ":5:16",
        words: "turn 1, black's 2nd stone: black revealed 1",
    },
    Case {
        file: "off-board.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 1, white: 1 }\n    black: [i1]\n    white: [a2]\n",
        location: ":4:13",
        words: "`i1` is not a square (a1 to h8) or +",
    },
    Case {
        file: "moves.yaml",
        content: "game: towers\nmoves: [a1]\n",
        location: ":2:1",
        words: "`moves` is not a key of Towers records",
    },
    Case {
        file: "option.yaml",
        content: "game: towers\nrules: { unequal_reveal: random }\nturns: []\n",
        location: ":2:26",
        words: "`unequal_reveal` is higher-first or lower-first, not `random`",
    },
    Case {
        file: "claim.yaml",
        content: "game: towers\nturns:\n  - reveal: { black: 1, white: 1 }\n    black: [a1]\n    white: [a2]\nresult: { black: 1, white: 0 }\n",
        location: ":6:9",
        words: "a result is claimed, but the game is unfinished: 2 of 64 squares are filled",
    },
    Case {
        file: "wrong-claim.yaml",
        content: "game: towers\nturns: []\nresult: { black: 1, white: x }\n",
        location: ":3:28",
        words: "the claimed white score is a whole number",
    },
];

#[test]
fn every_bad_towers_record_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    for case in CATALOGUE {
        std::fs::write(dir.path().join(case.file), case.content).unwrap();
        let out = run_in(dir.path(), &["check", case.file]);
        let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
        assert_eq!(out.code, 1, "{}: {report}", case.file);
        assert_located(
            case.file,
            &report,
            &format!("{}{}", case.file, case.location),
            case.words,
        );
    }
}

#[test]
fn the_play_sheet_has_the_rhombus_labels_and_the_scoring_table() {
    for (paper, landscape, size) in [
        ("a4", false, (210.0, 297.0)),
        ("letter", true, (279.4, 215.9)),
    ] {
        let mut args = vec!["towers", "--page", paper];
        if landscape {
            args.push("--landscape");
        }
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let (w, h) = pdf_page_size_mm(&out.stdout)[0];
        assert!((w - size.0).abs() < 0.1 && (h - size.1).abs() < 0.1);
        let text = pdf_text(&out.stdout);
        for word in [
            "NORTH",
            "EAST",
            "SOUTH",
            "WEST",
            "Black ●",
            "White ○",
            "Towers of height 8",
            "Combinations 1+2+3+4 = 16",
            "Unusable towers",
            "Total",
        ] {
            assert!(text.contains(word), "{word} missing");
        }
        for label in ["a", "h", "1", "8", "14"] {
            assert!(
                text.lines().any(|l| l.trim() == label),
                "label {label} missing"
            );
        }
    }
    let svg = String::from_utf8(run(&["towers", "--format", "svg"]).stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let squares = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("line line-"))
        })
        .map(|n| n.children().filter(|c| c.has_tag_name("polygon")).count())
        .sum::<usize>();
    assert_eq!(squares, 64);
    let lines = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("line line-"))
        })
        .count();
    assert_eq!(lines, 15, "the Lines are drawn as rows");
}

#[test]
fn the_score_diagram_outlines_every_tower_and_fills_the_table() {
    let out = run(&["render", "examples/towers-example.yaml", "--format", "svg"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let count = |class: &str| svg.matches(&format!("class=\"{class}")).count();
    // Black 12+5+1 towers, White 12+3+4+1+1.
    assert_eq!(count("tower black"), 18);
    assert_eq!(count("tower white"), 21);
    assert_eq!(count("tower white height-5 unusable"), 1);
    assert_eq!(count("tower white height-3 unusable"), 1);
    assert_eq!(count("tower black height-1 used"), 12);
    assert!(svg.contains("Black 32 · White 35 — White wins"));
    assert!(svg.contains(">1 × 16 = 16</text>") && svg.contains(">1×5 + 1×3 = −8</text>"));
    let during = String::from_utf8(
        run(&[
            "render",
            "examples/towers-complete.yaml",
            "--at",
            "6",
            "--format",
            "svg",
        ])
        .stdout,
    )
    .unwrap();
    assert!(
        during.contains("class=\"current-line line-"),
        "the Current Line is marked during play"
    );
    assert!(during.contains("after turn 6 of 13"));
    let past = run(&["render", "examples/towers-complete.yaml", "--at", "20"]);
    assert_eq!(past.code, 2);
    assert!(past.stderr.contains("--at 20: the game has only 13 turns"));
}
