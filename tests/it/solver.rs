//! Shoreline solved, as a user meets it: `solve`, `analyze`, `render --analysis`, puzzles.

use crate::common::{pdf_page_size_mm, pdf_text, run, run_in};

#[test]
fn solve_prints_every_scoring_and_first_player_with_the_first_moves() {
    let out = run(&["solve", "shoreline", "--format", "json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for line in &lines {
        let moves = line["first_moves"].as_object().unwrap();
        assert_eq!(moves.len(), 5);
        for key in ["A1", "B1", "C1", "D1", "E1"] {
            assert!(moves.contains_key(key), "{key}");
        }
        // The value is what the best first move reaches.
        let values: Vec<i64> = moves.values().map(|v| v.as_i64().unwrap()).collect();
        let best = if line["first"] == "black" {
            values.iter().max()
        } else {
            values.iter().min()
        };
        assert_eq!(line["value"].as_i64().unwrap(), *best.unwrap(), "{line}");
        // The board is symmetric: A1 and E1, B1 and D1 are worth the same.
        assert_eq!(moves["A1"], moves["E1"]);
        assert_eq!(moves["B1"], moves["D1"]);
    }
    // Swapping who places first mirrors the value.
    assert_eq!(
        lines[0]["value"].as_i64().unwrap(),
        -lines[1]["value"].as_i64().unwrap()
    );
    let text = String::from_utf8(run(&["solve", "shoreline"]).stdout).unwrap();
    assert!(text.contains("exact scoring, black first: value"), "{text}");
}

#[test]
fn analysis_reports_every_move_and_the_losses_add_up() {
    let out = run(&[
        "analyze",
        "examples/shoreline-draw.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 24);
    for (i, m) in moves.iter().enumerate() {
        // Issue 40.7: numbered as errors and move lists number moves, a pair sharing one.
        assert_eq!(m["number"], i / 2 + 1);
        assert!(m["loss"].as_i64().unwrap() >= 0);
        let (before, after) = (m["before"].as_i64().unwrap(), m["after"].as_i64().unwrap());
        let loss = if m["player"] == "black" {
            before - after
        } else {
            after - before
        };
        assert_eq!(m["loss"].as_i64().unwrap(), loss);
        let best: Vec<&str> = m["best"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_str().unwrap())
            .collect();
        assert_eq!(
            loss == 0,
            best.contains(&m["move"].as_str().unwrap()),
            "move {}",
            i + 1
        );
        if i > 0 {
            assert_eq!(
                moves[i - 1]["after"],
                m["before"],
                "one move's after is the next's before"
            );
        }
    }
    // The last move's value is the final score: the draw ends 4–4.
    assert_eq!(moves[23]["after"], 0);
    let lost: i64 = moves
        .iter()
        .filter(|m| m["player"] == "black")
        .map(|m| m["loss"].as_i64().unwrap())
        .sum();
    assert_eq!(report["summary"]["black"]["lost"].as_i64().unwrap(), lost);
    assert_eq!(report["summary"]["black"]["moves"], 12);
}

#[test]
fn a_known_blunder_on_the_last_move_is_found() {
    // After these 23 moves White, to place the 24th stone, has D5 and E5 left. The rules
    // engine scores both endings; the analysis must charge the worse one the difference.
    let moves = "A, B, C, D, E, A, B, C, D, E, A, B, C, D, E, A, B, C, D, E, A, B, C";
    let dir = tempfile::tempdir().unwrap();
    let mut endings = Vec::new();
    for last in ["D", "E"] {
        let file = format!("{last}.yaml");
        std::fs::write(
            dir.path().join(&file),
            format!("game: shoreline\nmoves: [{moves}, {last}]\n"),
        )
        .unwrap();
        let checked: serde_json::Value = serde_json::from_slice(
            &run_in(dir.path(), &["check", "--format", "json", &file]).stdout,
        )
        .unwrap();
        let final_value = checked["score"]["black"].as_i64().unwrap()
            - checked["score"]["white"].as_i64().unwrap();
        endings.push((file, final_value));
    }
    // White wants Black's lead as small as possible.
    let best = endings.iter().map(|e| e.1).min().unwrap();
    assert_ne!(
        endings[0].1, endings[1].1,
        "the two endings differ, so one is a blunder"
    );
    for (file, value) in &endings {
        let analysis: serde_json::Value = serde_json::from_slice(
            &run_in(dir.path(), &["analyze", file, "--format", "json"]).stdout,
        )
        .unwrap();
        let last = &analysis["moves"][23];
        assert_eq!(last["player"], "white");
        assert_eq!(last["after"].as_i64().unwrap(), *value, "{file}");
        assert_eq!(last["loss"].as_i64().unwrap(), value - best, "{file}");
    }
}

#[test]
fn the_review_diagram_marks_and_lists_the_costly_moves() {
    let out = run(&[
        "render",
        "examples/shoreline-draw.yaml",
        "--analysis",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let analysis: serde_json::Value = serde_json::from_slice(
        &run(&[
            "analyze",
            "examples/shoreline-draw.yaml",
            "--format",
            "json",
        ])
        .stdout,
    )
    .unwrap();
    let costly: Vec<&serde_json::Value> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["loss"].as_i64().unwrap() > 0)
        .collect();
    assert_eq!(svg.matches("class=\"loss move-").count(), costly.len());
    // One table row per costly move; the first is move 1, Black's E1, best B1 C1 D1.
    assert_eq!(svg.matches("class=\"costly-move\"").count(), costly.len());
    // The row's words, as the SVG keeps them (its text layer, beside the glyph outlines).
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let row = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("costly-move"))
        .expect("a costly-move row");
    let words: Vec<&str> = row
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for cell in ["1.", "Black ●", "E1", "−1", "B1 C1 D1"] {
        assert!(words.contains(&cell), "{cell} in {words:?}");
    }
    // Lines of Action has its own review diagram (tests/it/loa_review.rs); Towers none.
    let towers = run(&["render", "examples/towers-example.yaml", "--analysis"]);
    assert_eq!(towers.code, 2);
    assert!(
        towers.stderr.contains(
            "--analysis is Shoreline and Lines of Action diagrams' option; this is a Towers game"
        ),
        "{}",
        towers.stderr
    );
}

#[test]
fn the_puzzle_sheet_has_boards_then_solutions_and_is_the_same_for_a_seed() {
    let out = run(&["shoreline", "--puzzles", "6", "--seed", "3"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(pdf_page_size_mm(&out.stdout).len(), 2);
    let text = pdf_text(&out.stdout);
    for n in 1..=6 {
        assert!(
            text.contains(&format!("{n}. Black ● to play"))
                || text.contains(&format!("{n}. White ○ to play")),
            "puzzle {n}"
        );
    }
    assert!(
        text.contains("Solutions") && text.contains("(loses "),
        "{text}"
    );
    assert!(run(&["shoreline", "--puzzles", "6", "--seed", "3"]).stdout == out.stdout);
    assert!(run(&["shoreline", "--puzzles", "6", "--seed", "4"]).stdout != out.stdout);
    let bad = run(&["shoreline", "--puzzles", "13"]);
    assert_eq!(bad.code, 2);
}
