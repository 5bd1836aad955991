//! Lines of Action reviewed, as a user meets it: `analyze` (text, JSON lines, the graph) and
//! `solve loa`. Small budgets keep the debug runs short; the proofs themselves are checked
//! against a plain search in the library's tests (games::loa::search::tests).

use crate::common::{self, run};

fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let out = run(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn analyze_json_has_one_line_per_position_with_exactly_the_issues_keys() {
    let lines = json_lines(&[
        "analyze",
        "examples/loa-6x6.yaml",
        "--nodes",
        "3000",
        "--format",
        "json",
    ]);
    let check = run(&["check", "examples/loa-6x6.yaml", "--format", "json"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    let moves = lines.len() - 1;
    for (ply, line) in lines.iter().enumerate() {
        let keys: Vec<&str> = line
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut keys = keys;
        keys.sort();
        assert_eq!(
            keys,
            [
                "best",
                "drop",
                "index",
                "move",
                "number",
                "plies",
                "ply",
                "score",
                "to_move",
                "value",
                "verdict",
                "win_probability"
            ]
        );
        assert_eq!(line["index"], 1);
        assert_eq!(line["ply"], ply);
        let to_move = if ply % 2 == 0 { "black" } else { "white" };
        assert_eq!(line["to_move"], to_move, "{line}");
        // Issue 39.4: the move played from here and its number, as the move list has them.
        if ply < moves {
            let number = if ply % 2 == 0 {
                format!("{}.", ply / 2 + 1)
            } else {
                format!("{}...", ply / 2 + 1)
            };
            assert_eq!(line["number"], number.as_str(), "{line}");
            let played = line["move"].as_str().unwrap();
            assert!(played.contains('-') || played.contains('x'), "{line}");
        } else {
            assert!(line["move"].is_null() && line["number"].is_null(), "{line}");
        }
        let p = line["win_probability"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{line}");
        assert_eq!((p * 1000.0).round() / 1000.0, p, "three decimals: {line}");
        let verdict = &line["verdict"];
        assert!(
            verdict.is_null()
                || [
                    "inaccuracy",
                    "mistake",
                    "blunder",
                    "missed win",
                    "threw away win",
                    "win not proven",
                    "walked into loss"
                ]
                .contains(&verdict.as_str().unwrap()),
            "{line}"
        );
    }
    // The moves are the record's, in its notation and order.
    let record = std::fs::read_to_string("examples/loa-6x6.yaml").unwrap();
    let played: Vec<&str> = lines[..moves]
        .iter()
        .map(|l| l["move"].as_str().unwrap())
        .collect();
    let at = |m: &str| record.find(m).unwrap_or_else(|| panic!("{m}: {record}"));
    assert!(at(played[0]) < at(played[1]) && at(played[1]) < at(played[2]));
    // The game ends with White connecting: at the last position Black, to move, has lost.
    let last = &lines[moves];
    assert_eq!(last["value"], "loss", "{last}");
    assert_eq!(last["plies"], 0);
    assert!(last["best"].is_null());
    // White to move one ply before: a win in 1, the connecting move.
    let before = &lines[moves - 1];
    assert_eq!(before["value"], "win", "{before}");
    assert_eq!(before["plies"], 1);
    assert!(before["best"].as_str().unwrap().contains('-'));
}

#[test]
fn analyze_text_gives_every_move_its_verdicts_and_says_from_where_the_result_is_proven() {
    let out = run(&["analyze", "examples/loa-6x6.yaml", "--nodes", "3000"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("#1 "), "{text}");
    assert!(text.contains("win in 1"), "{text}");
    assert!(
        text.contains("proven: white wins from the position after "),
        "{text}"
    );
    // Issue 40.7, 39.4: the table numbers moves as move lists and errors do, the number
    // with its move: "1... f2-e3".
    assert!(text.contains("\nmove         player "), "{text}");
    let row = |number: &str| {
        text.lines()
            .find(|l| l.starts_with(number))
            .unwrap_or_else(|| panic!("{number}: {text}"))
            .to_string()
    };
    assert!(row("1. ").contains(" black "), "{text}");
    assert!(row("1... ").contains(" white "), "{text}");
    // Under the table, whose view its numbers are, and what the percentages mean.
    let key = text
        .find("before, after: the position before the move and after it, for the player")
        .expect(&text);
    assert!(
        text.contains("\n%: the chance to win by the engine's estimate, calibrated"),
        "{text}"
    );
    assert!(text[..key].contains("won"), "{text}");
    assert!(key < text.find("black: ").unwrap(), "{text}");
    assert!(
        text.contains("black: ") && text.contains("white: "),
        "{text}"
    );
}

#[test]
fn a_move_that_misses_a_proven_win_is_named_with_the_winning_move() {
    // The record's last move connects both sides under `simultaneous: draw`, where a
    // quiet move would have won.
    let out = run(&[
        "analyze",
        "examples/loa-simultaneous-draw.yaml",
        "--nodes",
        "3000",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("missed a win in 1: "), "{text}");
    assert!(
        text.contains("proven: a draw from the position after "),
        "{text}"
    );
}

#[test]
fn analyze_draws_the_evaluation_graph_as_a_figure() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("graph.svg");
    let out = run(&[
        "analyze",
        "examples/loa-6x6.yaml",
        "--nodes",
        "3000",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("well-formed SVG");
    assert!(
        text.contains("analysis-graph") && text.contains("proven"),
        "{text}"
    );
}

#[test]
fn solve_loa_gives_the_verdict_and_the_winning_line() {
    for args in [
        &[
            "solve",
            "loa",
            "examples/loa-6x6.yaml",
            "--at",
            "21",
            "--nodes",
            "3000",
        ][..],
        &[
            "solve",
            "--game",
            "loa",
            "examples/loa-6x6.yaml",
            "--at",
            "21",
            "--nodes",
            "3000",
        ],
    ] {
        let out = run(args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("white to move: win in 1"), "{text}");
    }
    let out = run(&["solve", "loa", "examples/loa-6x6.yaml", "--at", "99"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--at 99"), "{}", out.stderr);
}

#[test]
fn analyze_refuses_a_game_without_a_searcher_and_a_graph_for_shoreline() {
    let out = run(&["analyze", "examples/towers-example.yaml"]);
    assert_ne!(out.code, 0);
    let out = run(&["analyze", "examples/shoreline-draw.yaml", "-o", "g.svg"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("Lines of Action"), "{}", out.stderr);
}

/// The decisive move as `render --analysis` documents it, worked out from the JSON lines
/// alone (issue 39.4): the eventual loser's move into the stretch proven lost to the end;
/// else the loser's move by which its win probability falls the most (from the position
/// before to the one after, there from the other side's view), at least 0.2, the earliest
/// of equals. The loser is the side to move at the end of a game won by connecting.
fn turning_point(lines: &[serde_json::Value]) -> Option<usize> {
    let last = lines.last().unwrap();
    assert_eq!(last["value"], "loss", "{last}");
    let loser = last["to_move"].as_str().unwrap();
    let lost = |i: usize| {
        let loses = lines[i]["to_move"] == loser;
        lines[i]["value"] == if loses { "loss" } else { "win" }
    };
    let mut from = lines.len() - 1;
    while from > 0 && lost(from - 1) {
        from -= 1;
    }
    let moved = |i: usize| lines[i]["to_move"] == loser;
    if from > 0 && moved(from - 1) {
        return Some(from - 1);
    }
    let chance = |i: usize| lines[i]["win_probability"].as_f64().unwrap();
    let mut best: Option<(f64, usize)> = None;
    for i in (0..lines.len() - 1).filter(|&i| moved(i)) {
        let drop = chance(i) - (1.0 - chance(i + 1));
        if best.is_none_or(|(d, _)| drop > d) {
            best = Some((drop, i));
        }
    }
    best.filter(|(drop, _)| *drop >= 0.2).map(|(_, i)| i)
}

fn text_of(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_analysis_draws_the_turning_point_the_json_review_gives() {
    for (record, nodes) in [
        ("examples/loa-6x6.yaml", "3000"),
        ("examples/loa-club-game.yaml", "2000"),
        ("examples/loa-winands-E1.yaml", "1500"),
    ] {
        let lines = json_lines(&["analyze", record, "--nodes", nodes, "--format", "json"]);
        let total = lines.len() - 1;
        let text = text_of(&[
            "render",
            record,
            "--analysis",
            "--nodes",
            nodes,
            "--format",
            "text",
        ]);
        match turning_point(&lines) {
            Some(t) => {
                assert!(
                    text.contains(&format!(", {t} of {total} half-moves;")),
                    "{record}: the position before move {}:\n{text}",
                    t + 1
                );
                assert!(text.contains("Decisive move: "), "{record}:\n{text}");
            }
            None => assert!(text.contains("No costly move"), "{record}:\n{text}"),
        }
        // The figure has an arrow for the move played and one for the best move (or one
        // for both, when they are the same), each with its key entry.
        let svg = text_of(&[
            "render",
            record,
            "--analysis",
            "--nodes",
            nodes,
            "--format",
            "svg",
        ]);
        assert!(svg.contains("class=\"played-move"), "{record}");
        assert!(svg.contains("legend-sample played-move"), "{record}");
        assert!(
            svg.contains("class=\"best-move arrow\"") || svg.contains("played-move best-move"),
            "{record}"
        );
    }
}

#[test]
fn render_analysis_at_a_move_marks_that_move_and_the_reviews_best_move() {
    let lines = json_lines(&[
        "analyze",
        "examples/loa-6x6.yaml",
        "--nodes",
        "3000",
        "--format",
        "json",
    ]);
    let check = text_of(&["render", "examples/loa-6x6.yaml", "--format", "text"]);
    assert!(check.contains("22 half-moves"), "{check}");
    // Ply 15: White to move, proven to win; the record's move 16 missed it.
    let text = text_of(&[
        "render",
        "examples/loa-6x6.yaml",
        "--analysis",
        "--nodes",
        "3000",
        "--at",
        "15",
        "--format",
        "text",
    ]);
    // Move numbers keep to their moves with a no-break space.
    let text = text.replace('\u{a0}', " ");
    assert!(
        text.contains("After 8. e6-c4, 15 of 22 half-moves"),
        "{text}"
    );
    assert!(text.contains("Move played: 8... f2-f5 (White)"), "{text}");
    let best = lines[15]["best"].as_str().unwrap();
    let plies = lines[15]["plies"].as_u64().unwrap();
    assert_eq!(lines[15]["value"], "win");
    assert!(
        text.contains(&format!("Before it: White wins in {plies}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("Missed a win in {plies}: {best}")),
        "{text}"
    );
    let svg = text_of(&[
        "render",
        "examples/loa-6x6.yaml",
        "--analysis",
        "--nodes",
        "3000",
        "--at",
        "15",
        "--format",
        "svg",
    ]);
    assert!(svg.contains("class=\"played-move arrow\""));
    assert!(svg.contains("class=\"best-move arrow\""));
}

#[test]
fn render_nodes_needs_analysis_and_a_number() {
    let out = run(&["render", "examples/loa-6x6.yaml", "--nodes", "100"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--analysis"), "{}", out.stderr);
    let out = run(&[
        "render",
        "examples/loa-6x6.yaml",
        "--analysis",
        "--nodes",
        "many",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--nodes `many`"), "{}", out.stderr);
    let out = run(&["render", "examples/towers-example.yaml", "--nodes", "100"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn solve_a_position_given_as_text() {
    // White to move joins its two pieces: a win in 1.
    let text = text_of(&[
        "solve",
        "--game",
        "loa",
        "--position",
        "5/1b3/1w1b1/3w1/5 w",
        "--nodes",
        "5000",
    ]);
    assert!(
        text.starts_with("the position: white to move: win in 1"),
        "{text}"
    );
    let line = text.lines().nth(1).unwrap();
    // The piece on d2 joins the one on b3.
    assert!(line.starts_with("line: d2-"), "{text}");
    let json = json_lines(&[
        "solve",
        "loa",
        "--position",
        "5/1b3/1w1b1/3w1/5 w",
        "--format",
        "json",
    ]);
    assert_eq!(json[0]["value"], "win");
    assert_eq!(json[0]["plies"], 1);
    // A bad position: exit 1, the reason located in the text.
    let out = run(&["solve", "--game", "loa", "--position", "5/5/5 b"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("--position:1:"), "{}", out.stderr);
    assert!(out.stderr.contains("3 ranks"), "{}", out.stderr);
    // A record and a position at once, or --at with a position: usage errors.
    let out = run(&[
        "solve",
        "loa",
        "examples/loa-6x6.yaml",
        "--position",
        "5/1b3/1w1b1/3w1/5 w",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let out = run(&["solve", "shoreline", "--position", "5/1b3/1w1b1/3w1/5 w"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn booklet_analysis_adds_a_review_page_a_game_with_its_graph_and_turning_point() {
    use sheetgen_core::booklet::{BookletOptions, booklet};
    let games: Vec<Box<dyn sheetgen_core::games::GameRecord>> =
        ["examples/loa-6x6.yaml", "examples/loa-winands-E1.yaml"]
            .iter()
            .flat_map(|f| sheetgen::load(f, &sheetgen_core::font::Font::builtin()).unwrap())
            .map(|e| e.game.unwrap())
            .collect();
    let options = |analysis| BookletOptions {
        analysis,
        ..crate::common::booklet_options()
    };
    let plain = booklet(&games, &options(None)).unwrap();
    let reviewed = booklet(&games, &options(Some(2000))).unwrap();
    assert_eq!(reviewed.pages.len(), plain.pages.len() + 2, "a page a game");
    let total = reviewed.pages.len();
    for (k, page) in reviewed.pages[plain.pages.len()..].iter().enumerate() {
        assert_eq!(page.root.groups_with_class("analysis-graph").len(), 1);
        let played = page.root.groups_with_class("played-move");
        assert!(!played.is_empty(), "page {k}: a review diagram's arrow");
        let words: Vec<&str> = page
            .root
            .texts()
            .iter()
            .map(|t| t.content.as_str())
            .collect();
        assert!(
            words.iter().any(|w| w.starts_with("Decisive move: ")),
            "{words:?}"
        );
        let number = format!("{} / {total}", plain.pages.len() + k + 1);
        assert!(words.contains(&number.as_str()), "{words:?}");
        // Every text prints at 7 pt at least: the page is at print size.
        for text in page.root.texts() {
            assert!(text.size >= 6.99, "{:?} at {} pt", text.content, text.size);
        }
    }
    // On the command line: --nodes needs --analysis.
    let out = run(&[
        "booklet",
        "examples/loa-6x6.yaml",
        "--nodes",
        "10",
        "-o",
        "x.pdf",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

/// One range of search budgets for every command that reviews a game: 1 to 10,000,000
/// nodes a position; `solve`, one position, takes up to 10,000,000,000 (issue 39.6: a
/// half-hour attempt at 6×6 from the start).
#[test]
fn every_command_that_searches_takes_the_same_range_of_nodes() {
    let game = "examples/loa-6x6.yaml";
    for nodes in ["0", "10000000001"] {
        let out = run(&["solve", "loa", game, "--nodes", nodes]);
        assert_eq!(out.code, 2, "{nodes}: {}", out.stderr);
        assert!(
            out.stderr.contains("10000000000"),
            "{nodes}: {}",
            out.stderr
        );
    }
    for nodes in ["0", "10000001"] {
        for args in [
            &["analyze", game, "--nodes", nodes][..],
            &["render", game, "--analysis", "--nodes", nodes],
            &[
                "booklet",
                game,
                "--analysis",
                "--nodes",
                nodes,
                "-o",
                "b.pdf",
            ],
        ] {
            let out = run(args);
            assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
            assert!(out.stderr.contains("10000000"), "{args:?}: {}", out.stderr);
        }
    }
    let out = run(&["solve", "loa", game, "--nodes", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// Commands that read records read them alike (issue 40.8): `analyze` takes folders as
/// `check` does, and `solve --at` takes a numbered move as `render --at` does.
#[test]
fn analyze_takes_folders_and_solve_takes_numbered_moves() {
    let out = run(&["analyze", "examples/season", "--nodes", "50"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("examples/season/round1-ann-bo.sgf:\n"),
        "{report}"
    );
    assert!(
        report.contains("examples/season/round2-bo-ann.txt:\n"),
        "{report}"
    );
    assert!(
        out.stderr.contains("1 other file left alone"),
        "{}",
        out.stderr
    );
    let out = run(&["analyze", "examples/season", "-o", "graph.svg"]);
    assert_eq!(out.code, 2, "{}", out.stderr);

    let numbered = run(&[
        "solve",
        "loa",
        "examples/loa-6x6.yaml",
        "--at",
        "2.",
        "--nodes",
        "100",
    ]);
    let counted = run(&[
        "solve",
        "loa",
        "examples/loa-6x6.yaml",
        "--at",
        "3",
        "--nodes",
        "100",
    ]);
    assert_eq!(numbered.code, 0, "{}", numbered.stderr);
    assert_eq!(
        numbered.stdout, counted.stdout,
        "2. is black's second move, the third"
    );
}

/// Issue 39.4: `booklet --analysis` titled every untitled game's graph "game 1".
#[test]
fn each_untitled_game_s_review_is_titled_by_its_place_in_the_booklet() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.yaml", "b.yaml"] {
        let moves = if name == "a.yaml" {
            "[b1-b3, a2-c2]"
        } else {
            "[c1-c3]"
        };
        std::fs::write(
            dir.path().join(name),
            format!("game: lines-of-action\nmoves: {moves}\n"),
        )
        .unwrap();
    }
    let out = common::run_in(
        dir.path(),
        &[
            "booklet",
            "a.yaml",
            "b.yaml",
            "--analysis",
            "--nodes",
            "2000",
            "-o",
            "r.pdf",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = common::pdf_text(&std::fs::read(dir.path().join("r.pdf")).unwrap());
    assert!(text.contains("game 1") && text.contains("game 2"), "{text}");
}

/// Issue 42.13: `solve --nodes 20000` spent 24,160 nodes on its position, the estimate's
/// search on top of the proof's; the position's nodes are now within the budget, and the
/// nodes of the line's later positions are counted apart.
#[test]
fn solve_reports_the_nodes_of_its_position_within_the_budget() {
    let out = run(&[
        "solve",
        "loa",
        "examples/loa-winands-E1.yaml",
        "--at",
        "30",
        "--nodes",
        "20000",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("nodes: "))
        .expect(&text);
    let spent: u64 = line["nodes: ".len()..]
        .split(" of 20000")
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(spent <= 20_000, "{line}");
}

/// Issue 39.6: an unproven `solve` says how far it got: the question its proof search
/// stopped on and the root's proof and disproof numbers for it, in the text and the JSON;
/// a proven one has none of them.
#[test]
fn an_unproven_solve_reports_the_roots_proof_and_disproof_numbers() {
    let start = [
        "solve",
        "loa",
        "--position",
        "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b",
    ];
    let text = text_of(&[&start[..], &["--nodes", "3000"]].concat());
    let line = text
        .lines()
        .find(|l| l.starts_with("stopped at: does "))
        .expect(&text);
    let number = |after: &str| -> u64 {
        let rest = &line[line.find(after).expect(line) + after.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().expect(line)
    };
    let (proof, disproof) = (number("proof number "), number("disproof number "));
    assert!(proof > 0 && disproof > 0, "{line}");
    let json = json_lines(&[&start[..], &["--nodes", "3000", "--format", "json"]].concat());
    assert_eq!(json[0]["value"], serde_json::Value::Null);
    assert_eq!(json[0]["proof_number"], proof, "{}", json[0]);
    assert_eq!(json[0]["disproof_number"], disproof, "{}", json[0]);
    let plies = json[0]["question"]["plies"]
        .as_u64()
        .expect("the question's plies");
    let winner = json[0]["question"]["winner"].as_str().expect("the winner");
    assert!(line.starts_with(&format!(
        "stopped at: does {winner} win within {plies} plies?"
    )));
    // Proven: a win in 1 has nothing left to prove.
    let won = ["solve", "loa", "--position", "5/1b3/1w1b1/3w1/5 w"];
    assert!(!text_of(&won).contains("stopped at"));
    let json = json_lines(&[&won[..], &["--format", "json"]].concat());
    assert_eq!(json[0]["value"], "win");
    for key in ["question", "proof_number", "disproof_number"] {
        assert_eq!(json[0][key], serde_json::Value::Null, "{key}: {}", json[0]);
        assert!(json[0].as_object().unwrap().contains_key(key), "{key}");
    }
}

/// Issue 42.13: a 2,000-ply game is reviewed within the game's budget (200 positions' worth
/// of --nodes by default, or --total-nodes), from its end, and the positions it did not
/// reach are named, in the text and the JSON lines.
#[test]
fn analyze_names_the_positions_a_long_games_budget_did_not_reach() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("long.yaml");
    let moves = "b1-b3 a2-c2 b3-b1 c2-a2 ".repeat(500);
    std::fs::write(
        &record,
        format!("game: loa\nrules: {{ repetition: off }}\nmoves: \"{moves}\"\n"),
    )
    .unwrap();
    let path = record.to_str().unwrap();
    let out = run(&["analyze", path, "--nodes", "100"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    let tail = &text[text.len().saturating_sub(800)..];
    assert!(tail.contains("\nnodes: "), "{tail}");
    assert!(
        tail.contains(" of the game's 20000 (100 a position)"),
        "{tail}"
    );
    assert!(
        tail.contains("\nnot reviewed: ")
            && tail.contains(" positions (the start to the position after "),
        "{tail}"
    );
    let first = text.lines().nth(2).unwrap();
    assert!(
        first.starts_with("1. b1-b3     black") && first.ends_with("-  not reviewed"),
        "{first}"
    );
    let out = run(&[
        "analyze",
        path,
        "--nodes",
        "100",
        "--total-nodes",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    let unreviewed = text
        .lines()
        .filter(|l| l.contains("\"unreviewed\""))
        .count();
    assert!((1_990..2_001).contains(&unreviewed), "{unreviewed}");
    let out = run(&["analyze", path, "--nodes", "100", "--total-nodes", "99"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("--total-nodes 99 is less than"),
        "{}",
        out.stderr
    );
}

/// Issue 39.3: the win probabilities are calibrated. The data the fit is made on are
/// stored (`assets/loa-calibration.csv`, written by `cargo run --release -p sheetgen-core
/// --example loa-calibration`); recomputed from them, the fit predicts the outcomes better
/// than the base rate does (Brier score), on all samples and on each kind, and it gives the
/// scale the code uses.
#[test]
fn loa_calibration_beats_the_base_rate_and_gives_the_codes_scale() {
    use sheetgen_core::games::loa::calibration::{self, Sample};
    let text = std::fs::read_to_string("assets/loa-calibration.csv").unwrap();
    let rows = calibration::read_csv(&text).expect("a CSV of samples");
    assert!(rows.len() > 500, "{} samples", rows.len());
    let all: Vec<Sample> = rows.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        calibration::fit(&all),
        calibration::K,
        "refit: the example's K"
    );
    for keep in [None, Some(true), Some(false)] {
        let part: Vec<Sample> = rows
            .iter()
            .filter(|(_, proven)| keep.is_none_or(|k| k == *proven))
            .map(|(s, _)| *s)
            .collect();
        assert!(part.len() > 50, "{keep:?}: {}", part.len());
        let fitted = calibration::brier(&part, calibration::win_probability);
        let base = calibration::base_rate_brier(&part);
        assert!(
            fitted < base,
            "{keep:?}: fit {fitted:.4}, base rate {base:.4}"
        );
    }
}

/// Issue 39.3: a game between two strong programs (Winands' thesis, appendix E, game 1,
/// won by White). Judged by the fall of the estimate (150 and 300 points), its winner got
/// 5 mistakes and blunders in 18 moves; judged by the fall of its calibrated chance to win,
/// at most 2.
#[test]
fn a_strong_games_winner_collects_few_mistakes() {
    let lines = json_lines(&[
        "analyze",
        "examples/loa-winands-E1.yaml",
        "--nodes",
        "3000",
        "--format",
        "json",
    ]);
    let costly = |side: &str| {
        lines
            .iter()
            .filter(|l| l["to_move"] == side)
            .filter(|l| l["verdict"] == "mistake" || l["verdict"] == "blunder")
            .count()
    };
    assert_eq!(lines.last().unwrap()["to_move"], "black", "White won");
    assert!(
        costly("white") <= 2,
        "{} mistakes and blunders",
        costly("white")
    );
    // The loser walked into the proven loss.
    assert!(lines.iter().any(|l| l["verdict"] == "walked into loss"));
}

/// Issue 39.4: the evaluation graph takes --width, --theme and --lang as render does, has a
/// labelled scale of the chance to win and a key to each mark it draws.
#[test]
fn the_evaluation_graph_takes_width_theme_and_lang() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("graph.svg");
    let graph = |extra: &[&str]| {
        let mut args = vec![
            "analyze",
            "examples/loa-winands-E1.yaml",
            "--nodes",
            "3000",
            "-o",
            svg.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        (std::fs::read_to_string(&svg).unwrap(), out.stderr)
    };
    let (plain, _) = graph(&[]);
    assert!(
        plain.contains("Black’s chance to win from 0 to 100%"),
        "{plain}"
    );
    for class in ["axes", "proven", "costly", "legend"] {
        assert!(plain.contains(&format!("class=\"{class}")), "{class}");
    }
    let (narrow, _) = graph(&["--width", "120mm"]);
    assert!(narrow.contains("width=\"120mm\""), "{}", &narrow[..300]);
    let (print, _) = graph(&["--theme", "print"]);
    assert_ne!(print, plain, "print's greys");
    let (german, stderr) = graph(&["--lang", "de"]);
    assert!(
        german.contains("Gewinnchance für Schwarz"),
        "{}",
        &german[..400]
    );
    assert!(!stderr.contains("not yet translated"), "{stderr}");
    // sheetgen's own --lang reaches the graph too.
    let out = run(&[
        "--lang",
        "fr",
        "analyze",
        "examples/loa-6x6.yaml",
        "--nodes",
        "500",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let french = std::fs::read_to_string(&svg).unwrap();
    assert!(
        french.contains("chances de gain de Noir"),
        "{}",
        &french[..400]
    );
    // Without -o there is no graph to style: refused, not ignored.
    for option in [["--width", "120mm"], ["--theme", "print"], ["--lang", "de"]] {
        let mut args = vec!["analyze", "examples/loa-6x6.yaml", "--nodes", "10"];
        args.extend_from_slice(&option);
        let out = run(&args);
        assert_eq!(out.code, 2, "{option:?}: {}", out.stderr);
    }
}

/// `analyze --format json -o FILE` writes the review's JSON lines, and `render
/// --analysis-from FILE` draws the review figure from them without searching: byte for
/// byte the figure `render --analysis` searches for with the same budget, at the loser's
/// decisive move and at a move asked for (issue 39.5).
#[test]
fn a_review_figure_read_from_analyze_json_is_the_searched_one_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let review = dir.path().join("review.json");
    let review = review.to_str().unwrap();
    for (record, nodes, at, says) in [
        ("examples/loa-6x6.yaml", "3000", None, "Decisive move: "),
        (
            "examples/loa-winands-E1.yaml",
            "1500",
            None,
            "Decisive move: ",
        ),
        (
            "examples/loa-winands-E1.yaml",
            "1500",
            Some("14"),
            "Move played: 8.",
        ),
    ] {
        let out = run(&[
            "analyze", record, "--nodes", nodes, "--format", "json", "-o", review,
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(out.stdout.is_empty(), "the report went to the file");
        let lines = std::fs::read_to_string(review).unwrap();
        assert!(
            lines.lines().all(|l| l.starts_with("{\"index\":1,")),
            "{lines}"
        );
        for format in ["svg", "text"] {
            let mut searched = vec!["render", record, "--analysis", "--nodes", nodes];
            let mut read = vec!["render", record, "--analysis-from", review];
            for args in [&mut searched, &mut read] {
                args.extend(["--format", format]);
                args.extend(at.iter().flat_map(|at| ["--at", *at]));
            }
            let (searched, read) = (text_of(&searched), text_of(&read));
            assert_eq!(read, searched, "{record} at {at:?} as {format}");
            if format == "text" {
                assert!(read.contains(says), "{record} at {at:?}:\n{read}");
            }
        }
    }
}

/// A review that is not this game's, or no review at all, is refused before anything is
/// drawn, naming the option and the first move that differs.
#[test]
fn a_review_of_another_game_or_a_malformed_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let out = run(&[
        "analyze",
        "examples/loa-6x6.yaml",
        "--nodes",
        "500",
        "--format",
        "json",
    ]);
    let six = String::from_utf8(out.stdout).unwrap();
    let first_lines: String = six.lines().take(4).map(|l| format!("{l}\n")).collect();
    for (name, text, record, said) in [
        (
            "other.json",
            six.clone(),
            "examples/loa-winands-E1.yaml",
            "--analysis-from: line 1: the review's move 1. b6-f6 is not the record's 1. c8-c6: it \
             is the review of another game",
        ),
        (
            "short.json",
            first_lines,
            "examples/loa-6x6.yaml",
            "--analysis-from: the review has 4 positions, where the record's game has 23",
        ),
        (
            "text.json",
            "#1 a report\n".into(),
            "examples/loa-6x6.yaml",
            "--analysis-from: line 1, column 1: expected value; this is no review",
        ),
        (
            "empty.json",
            "\n".into(),
            "examples/loa-6x6.yaml",
            "--analysis-from: the review is empty",
        ),
    ] {
        let file = write(name, &text);
        let out = run(&[
            "render",
            record,
            "--analysis-from",
            &file,
            "--format",
            "svg",
        ]);
        assert_eq!(out.code, 2, "{name}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{name}: nothing drawn");
        assert!(out.stderr.contains(said), "{name}: {}", out.stderr);
    }
    // The budget is analyze's: a read review takes none.
    let file = write("six.json", &six);
    let out = run(&[
        "render",
        "examples/loa-6x6.yaml",
        "--analysis-from",
        &file,
        "--nodes",
        "500",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("the review is read, not searched"),
        "{}",
        out.stderr
    );
    // A graph's file name with --format json: which is meant?
    let svg = dir.path().join("graph.svg");
    let out = run(&[
        "analyze",
        "examples/loa-6x6.yaml",
        "--format",
        "json",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("names a graph"), "{}", out.stderr);
    assert!(!svg.exists());
}

/// The review the Typst example book reads (typst/examples/review.typ) is the one `analyze`
/// writes today, so the book's figures are `render --analysis`'s; SHEETGEN_BLESS=1 writes it
/// again.
#[test]
fn the_typst_example_books_review_is_the_one_analyze_writes() {
    let stored = "typst/examples/loa-winands-E1.review.json";
    let made = text_of(&[
        "analyze",
        "examples/loa-winands-E1.yaml",
        "--format",
        "json",
    ]);
    if std::env::var_os("SHEETGEN_BLESS").is_some() {
        std::fs::write(stored, &made).unwrap();
    }
    let kept = std::fs::read_to_string(stored).unwrap();
    assert!(
        kept == made,
        "{stored} is stale: sheetgen analyze examples/loa-winands-E1.yaml --format json -o {stored}"
    );
}
