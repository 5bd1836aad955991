//! Lines of Action sheets, diagrams and rulebook figures, checked against the engine.

use crate::common::{self, pdf_page_size_mm, pdf_text, run};
use sheetgen_core::figure::{Figure, Group, Item, Point, Rect, Shape};
use sheetgen_core::games::loa::diagram::{DiagramOptions, Show, diagram, directions};
use sheetgen_core::games::loa::game::Play;
use sheetgen_core::games::loa::rules::parse_square;

/// The rectangles of the board's squares, in square order (a1 = 0).
fn squares(figure: &Figure) -> Vec<Rect> {
    let group = figure.root.groups_with_class("squares")[0];
    let rects: Vec<Rect> = group
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Shape(Shape::Rect(r), paint) if paint.fill.is_some() => Some(*r),
            _ => None,
        })
        .collect();
    rects
}

fn square_at(squares: &[Rect], p: Point) -> Option<usize> {
    squares
        .iter()
        .position(|r| p.x > r.x && p.x < r.right() && p.y > r.y && p.y < r.bottom())
}

fn loa_game(path: &str) -> sheetgen_core::games::loa::Record {
    let entries = sheetgen::load(path, &sheetgen_core::font::Font::builtin()).unwrap();
    let record = entries.into_iter().next().unwrap().game.unwrap();
    record
        .as_any()
        .downcast_ref::<sheetgen_core::games::loa::Record>()
        .expect("a Lines of Action game")
        .clone()
}

/// The figure of `game` after `at` moves with `show`.
fn figure_at(game: &sheetgen_core::games::loa::Record, at: usize, show: Show) -> Figure {
    let options = DiagramOptions {
        show: vec![show],
        ..DiagramOptions::default()
    };
    let heading = game.about.heading("Lines of Action", &Default::default());
    diagram(&game.replay_to(at), game.plies.len(), &heading, &options).0
}

fn replay_to(game: &sheetgen_core::games::loa::Record, n: usize) -> Play {
    let mut replay = Play::new(game.rules.clone());
    for m in &game.notation()[..n] {
        replay.play(m).unwrap();
    }
    replay
}

#[test]
fn the_board_sheet_has_every_square_labels_and_the_obstructions() {
    for (args, size, obstructed) in [
        (vec!["loa", "--format", "svg"], 8, 0),
        (
            vec![
                "loa",
                "--size",
                "6",
                "--obstructions",
                "c3,d4",
                "--format",
                "svg",
            ],
            6,
            2,
        ),
        (
            vec![
                "loa",
                "--size",
                "12",
                "--setup",
                "scrambled-eggs",
                "--format",
                "svg",
            ],
            12,
            0,
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let svg = String::from_utf8(out.stdout).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let squares = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("squares"))
            .unwrap();
        let filled = squares
            .children()
            .filter(|n| n.has_tag_name("rect") && n.attribute("fill") != Some("none"))
            .count();
        assert_eq!(filled, size * size, "{args:?}");
        let obstructions = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("obstruction"))
            .count();
        assert_eq!(obstructions, obstructed, "{args:?}");
        let pieces = doc
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("piece "))
            })
            .count();
        assert_eq!(pieces, 2 * (2 * size - 4), "{args:?}");
        let labels = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("label"))
            .unwrap();
        assert_eq!(
            labels.children().filter(|n| n.has_tag_name("text")).count(),
            4 * size
        );
        assert!(
            svg.contains(&format!("{size}×{size}, {} pieces a side", 2 * size - 4)),
            "the caption names the options"
        );
    }
    let empty = String::from_utf8(run(&["loa", "--empty", "--format", "svg"]).stdout).unwrap();
    assert!(!empty.contains("class=\"piece "));
}

#[test]
fn the_board_sheet_and_scoresheet_fit_a4_and_letter() {
    for paper in ["a4", "letter"] {
        for extra in [None, Some("--scoresheet")] {
            let mut args = vec!["loa", "--page", paper];
            args.extend(extra);
            let out = run(&args);
            assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
            let (w, h) = pdf_page_size_mm(&out.stdout)[0];
            let expected = if paper == "a4" {
                (210.0, 297.0)
            } else {
                (215.9, 279.4)
            };
            assert!(
                (w - expected.0).abs() < 0.1 && (h - expected.1).abs() < 0.1,
                "{args:?}"
            );
        }
    }
}

#[test]
fn the_scoresheet_has_fields_sixty_numbered_rows_results_and_signatures() {
    let out = run(&["loa", "--scoresheet"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    for word in [
        "Event",
        "Date",
        "Round",
        "Black wins",
        "White wins",
        "Draw",
        "Black’s signature",
        "White’s signature",
        "Arbiter",
    ] {
        assert!(text.contains(word), "{word} missing from\n{text}");
    }
    for row in 1..=60 {
        assert!(
            text.lines().any(|l| l.trim() == row.to_string()),
            "row {row} missing"
        );
    }
}

#[test]
fn line_counts_in_the_figure_match_the_engine() {
    let game = loa_game("examples/loa-connection.yaml");
    for (at, square) in [(12, "b8"), (20, "d5"), (33, "e7"), (0, "d1")] {
        let sq = parse_square(square, 8).unwrap();
        let figure = figure_at(&game, at, Show::Lines(sq));
        let replay = replay_to(&game, at);
        let group = figure.root.groups_with_class(square)[0];
        for (axis, class) in ["rank", "file", "rising", "falling"].iter().enumerate() {
            let label = group.groups_with_class(class)[0];
            let shown: usize = label.texts()[0].content.parse().unwrap();
            let count = replay
                .board
                .line_count(replay.position.occupied(), sq, axis);
            assert_eq!(shown, count, "{square} after {at} moves, {class}");
        }
    }
}

#[test]
fn move_arrows_end_on_exactly_the_engines_targets() {
    let game = loa_game("examples/loa-obstructions.yaml");
    for (at, square) in [(0, "b1"), (20, "h7"), (40, "g3"), (13, "a6")] {
        let sq = parse_square(square, 8).unwrap();
        let replay = replay_to(&game, at);
        // Each square holds a piece then: a case skipped here would check nothing.
        assert!(
            replay.position.at(sq).is_some(),
            "{square} is empty after {at} moves; pick a square with a piece"
        );
        let figure = figure_at(&game, at, Show::Moves(sq));
        let squares = squares(&figure);
        let group: &Group = figure
            .root
            .groups_with_class("moves")
            .into_iter()
            .find(|g| g.class.contains(square))
            .unwrap();
        let tips = |class: &str| -> Vec<usize> {
            let mut found: Vec<usize> = group
                .groups_with_class(class)
                .iter()
                .map(|arrow| match &arrow.items[1] {
                    Item::Shape(Shape::Polygon(head), _) => square_at(&squares, head[0]).unwrap(),
                    other => panic!("{other:?}"),
                })
                .collect();
            found.sort();
            found
        };
        let mut plain = Vec::new();
        let mut captures = Vec::new();
        let mut refused = 0;
        for (_, result) in directions(&replay, sq) {
            match result {
                Ok(m) if m.capture => captures.push(m.to as usize),
                Ok(m) => plain.push(m.to as usize),
                Err(_) => refused += 1,
            }
        }
        plain.sort();
        captures.sort();
        assert_eq!(tips("move"), plain, "{square} after {at}");
        assert_eq!(tips("capture"), captures, "{square} after {at}");
        assert_eq!(
            group.groups_with_class("refused").len(),
            refused,
            "{square} after {at}"
        );
        let engine: Vec<usize> = replay
            .board
            .moves(&replay.position)
            .iter()
            .filter(|m| m.from as usize == sq)
            .map(|m| m.to as usize)
            .collect();
        if replay.position.to_move == replay.position.at(sq).unwrap() {
            assert_eq!(
                engine.len(),
                plain.len() + captures.len(),
                "the engine agrees for the side to move"
            );
        }
    }
}

#[test]
fn the_score_diagram_counts_groups_and_names_the_outcome() {
    let out = run(&[
        "render",
        "examples/loa-nonmover-wins.yaml",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let game = loa_game("examples/loa-nonmover-wins.yaml");
    let replay = game.replay();
    let groups = |side| replay.board.groups(replay.position.pieces(side)).len();
    assert_eq!(groups(sheetgen_core::vocabulary::Side::Black), 1);
    let white = groups(sheetgen_core::vocabulary::Side::White);
    assert!(
        svg.contains(&format!("Black 1 group, White {white} groups")),
        "{svg}"
    );
    assert!(svg.contains("Black wins: connected after 46 half-moves, by white's capture"));
    assert_eq!(svg.matches("class=\"last-move\"").count(), 1);
    assert!(
        svg.matches("class=\"capture\"").count() >= 1,
        "captured-on squares are marked"
    );
    assert!(svg.contains("<title>A capture too many (Lines of Action)</title>"));
    assert!(
        svg.contains("<desc>A capture too many. Lines of Action, position after 46 half-moves.")
    );
}

#[test]
fn show_on_an_empty_or_unknown_square_is_a_clear_error() {
    let cases = [
        (
            vec![
                "render",
                "examples/loa-connection.yaml",
                "--show",
                "lines:d4",
            ],
            "show: d4 is empty after 33 half-moves",
        ),
        (
            vec![
                "render",
                "examples/loa-connection.yaml",
                "--show",
                "moves:j9",
            ],
            "`j9` is not a square of the 8×8 board",
        ),
        (
            vec![
                "render",
                "examples/loa-connection.yaml",
                "--show",
                "count:b8",
            ],
            "`count` is not lines or moves",
        ),
        (
            vec!["render", "examples/loa-connection.yaml", "--show", "b8"],
            "write lines:SQUARE or moves:SQUARE",
        ),
        (
            vec![
                "render",
                "examples/shoreline-draw.yaml",
                "--show",
                "lines:b1",
            ],
            "--show is Lines of Action diagrams' option; this is a Shoreline game",
        ),
        (
            vec!["render", "examples/loa-connection.yaml", "--at", "40"],
            "--at 40: the game has only 33 half-moves",
        ),
    ];
    for (args, words) in cases {
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(words), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bad_sheet_options_are_clear_errors() {
    for (args, words) in [
        (vec!["loa", "--size", "4"], "4 is not in 5..=12"),
        (
            vec!["loa", "--obstructions", "d1"],
            "--obstructions: d1 holds a piece at the start",
        ),
        (
            vec!["loa", "--obstructions", "z9"],
            "`z9` is not a square of the 8×8 board",
        ),
        (vec!["loa", "--obstructions", "d4,d4"], "d4 is listed twice"),
    ] {
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(words), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn a_records_diagrams_give_the_move_caption_and_figures() {
    let out = run(&[
        "render",
        "examples/loa-connection.yaml",
        "--diagram",
        "1",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.contains(
        ">After 6... c4-e6: the piece on b8 has 5 pieces on its rank and 1 on its file.</text>"
    ));
    assert!(svg.contains("class=\"line-counts b8\"") && svg.contains("class=\"moves b8\""));
    // The position named by its move, as move lists number it, and how far into the game.
    assert!(svg.contains("After 6...\u{a0}c4-e6, 12 of 33 half-moves; black to move"));
    let same = run(&[
        "render",
        "examples/loa-connection.yaml",
        "--at",
        "12",
        "--show",
        "lines:b8",
        "--show",
        "moves:b8",
        "--format",
        "svg",
    ]);
    let figures =
        |svg: &str| svg.matches("class=\"count ").count() + svg.matches("class=\"refused ").count();
    assert_eq!(
        figures(&svg),
        figures(&String::from_utf8(same.stdout).unwrap())
    );

    let missing = run(&["render", "examples/loa-connection.yaml", "--diagram", "3"]);
    assert_eq!(missing.code, 2);
    assert!(
        missing
            .stderr
            .contains("--diagram 3: the record has 2 diagrams"),
        "{}",
        missing.stderr
    );
}

#[test]
fn a_bad_figure_in_a_record_is_located() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("d.yaml"),
        "game: loa\nmoves: [b1-b3]\ndiagrams:\n  - at: 4\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("s.yaml"),
        "game: loa\nmoves: [b1-b3]\ndiagrams:\n  - show: [lines:z1]\n",
    )
    .unwrap();
    let out = common::run_in(dir.path(), &["check", "d.yaml", "s.yaml"]);
    assert_eq!(out.code, 1);
    let report = String::from_utf8(out.stdout).unwrap();
    common::assert_located(
        "at",
        &report,
        "d.yaml:4:9",
        "`4` is past the game's end: it has only 1 half-move",
    );
    common::assert_located(
        "show",
        &report,
        "s.yaml:4:12",
        "`z1` is not a square of the 8×8 board",
    );
}

#[test]
fn a_capture_cross_is_drawn_over_the_links_and_the_arrows_that_pass_its_corner() {
    // After 6... c4-e6 the arrow leaves c4 through the corner where c4's capture cross
    // stands, and Black's c5–d4 link passes the same corner.
    let out = run(&[
        "render",
        "examples/season/round2-bo-ann.txt",
        "--at",
        "6...",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let first = |class: &str| svg.find(&format!("class=\"{class}")).unwrap();
    let crosses = first("capture");
    for under in ["links black", "last-move", "pieces"] {
        assert!(first(under) < crosses, "{under} is drawn over the crosses");
    }
}

/// Issue 41.3 and 41.5: the last move and an annotation's arrow differ in shape (the last
/// move's shaft is dashed), not in grey alone, in the figure and in its key; the key sends
/// the reader to the caption only when there is one.
#[test]
fn the_last_move_is_dashed_where_annotation_arrows_are_solid() {
    let svg = |extra: &[&str]| {
        let mut args = vec!["render", "examples/loa-connection.yaml", "--arrow", "a1:c3"];
        args.extend(extra);
        args.extend(["--theme", "print", "--format", "svg"]);
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = svg(&[]);
    let doc = roxmltree::Document::parse(&plain).unwrap();
    let dashed = |class: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
            })
            .flat_map(|g| g.descendants())
            .any(|n| n.attribute("stroke-dasharray").is_some())
    };
    assert!(dashed("last-move"), "the last move's shaft is dashed");
    assert!(!dashed("annotation"), "an annotation's arrow is solid");
    let key = |svg: &str, kind: &str| {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.contains("legend-sample") && c.contains(kind))
            })
            .any(|g| {
                g.descendants()
                    .any(|n| n.attribute("stroke-dasharray").is_some())
            })
    };
    assert!(
        !key(&plain, "annotation"),
        "the key's annotation sample is solid"
    );
    assert!(!plain.contains("see the caption"), "no caption to see");
    assert!(plain.contains(">annotations</text>"));
    let captioned = svg(&["--caption", "The arrow: a plan."]);
    assert!(captioned.contains("annotations (see the caption)"));
}

/// Issue 41.5: every symbol keyed: obstructed squares, and each mark's shape in the
/// annotations' sample (one sample a shape, drawn as on the board).
#[test]
fn obstructions_and_every_marks_shape_have_a_key() {
    let out = run(&[
        "render",
        "examples/loa-obstructions.yaml",
        "--mark",
        "c3:triangle",
        "--mark",
        "f2:cross",
        "--mark",
        "a1:triangle",
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let sample = |kind: &str| {
        doc.descendants().find(|n| {
            n.attribute("class")
                .is_some_and(|c| c.contains("legend-sample") && c.split(' ').any(|w| w == kind))
        })
    };
    assert!(
        sample("obstruction").is_some(),
        "no key to the obstructions"
    );
    assert!(svg.contains(">an obstructed square</text>"));
    let marks = sample("annotation").expect("a key to the annotations");
    let shapes: Vec<&str> = marks
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .filter(|c| c.starts_with("annotation mark "))
        .collect();
    assert_eq!(
        shapes,
        ["annotation mark triangle", "annotation mark cross"]
    );

    // A mark on an obstructed square goes in a badge at its corner: the × stays visible.
    let out = run(&[
        "render",
        "examples/loa-obstructions.yaml",
        "--mark",
        "d4:triangle",
        "--format",
        "svg",
    ]);
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mark = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("annotation mark triangle"))
        .unwrap();
    assert!(
        mark.descendants().any(|n| n.has_tag_name("circle")),
        "the mark on d4 is not in a badge"
    );
}
