//! Lines of Action reviewed, as a user meets it: `analyze` (text, JSON lines, the graph) and
//! `solve loa`. Small budgets keep the debug runs short; the proofs themselves are checked
//! against a plain search in the library's tests (games::loa::search::tests).

use crate::common::run;

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
    assert!(text.contains("proven: white wins from ply"), "{text}");
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
    assert!(text.contains("proven: a draw from ply"), "{text}");
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
