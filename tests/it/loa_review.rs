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
            ["best", "index", "plies", "ply", "score", "to_move", "value"]
        );
        assert_eq!(line["index"], 1);
        assert_eq!(line["ply"], ply);
        let to_move = if ply % 2 == 0 { "black" } else { "white" };
        assert_eq!(line["to_move"], to_move, "{line}");
    }
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
    // Issue 40.7: the table numbers moves as move lists and errors do.
    assert!(text.contains("\nmove   player played"), "{text}");
    assert!(
        text.contains("\n1.     black  ") && text.contains("\n1...   white  "),
        "{text}"
    );
    // Under the table, whose view its numbers are.
    let key = text
        .find("before, after: for the player who moved")
        .expect(&text);
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

/// The turning point as `render --analysis` documents it, worked out from the JSON lines
/// alone: the first move from a proven win to a position not proven won; else the first
/// from an unproven position into a proven loss; else the largest fall of the estimate
/// between unproven positions, at least 150 (the earliest of equals). All from the mover's
/// view: a position after the move is the opponent's, so "loss" there is the mover's win.
fn turning_point(lines: &[serde_json::Value]) -> Option<usize> {
    let moves = 0..lines.len() - 1;
    let value = |i: usize| lines[i]["value"].as_str();
    let score = |i: usize| lines[i]["score"].as_i64().unwrap();
    if let Some(i) = moves
        .clone()
        .find(|&i| value(i) == Some("win") && value(i + 1) != Some("loss"))
    {
        return Some(i);
    }
    if let Some(i) = moves
        .clone()
        .find(|&i| value(i).is_none() && value(i + 1) == Some("win"))
    {
        return Some(i);
    }
    let mut best: Option<(i64, usize)> = None;
    for i in moves {
        if value(i).is_none() && value(i + 1).is_none() {
            let fall = score(i) + score(i + 1);
            if best.is_none_or(|(f, _)| fall > f) {
                best = Some((fall, i));
            }
        }
    }
    best.filter(|(fall, _)| *fall >= 150).map(|(_, i)| i)
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
                assert!(text.contains("Turning point: "), "{record}:\n{text}");
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
            .flat_map(|f| sheetgen::files::load(f, &sheetgen_core::font::Font::builtin()).unwrap())
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
            words.iter().any(|w| w.starts_with("Turning point: ")),
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
/// nodes a position; `solve`, one position, takes up to 100,000,000 (issue 39.6).
#[test]
fn every_command_that_searches_takes_the_same_range_of_nodes() {
    let game = "examples/loa-6x6.yaml";
    for nodes in ["0", "100000001"] {
        let out = run(&["solve", "loa", game, "--nodes", nodes]);
        assert_eq!(out.code, 2, "{nodes}: {}", out.stderr);
        assert!(out.stderr.contains("100000000"), "{nodes}: {}", out.stderr);
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
        first.starts_with("1.     black  b1-b3") && first.ends_with("-  not reviewed"),
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
