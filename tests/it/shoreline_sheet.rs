//! The Shoreline play sheet as a user gets it: run the real binary, read the PDF and SVG back.

use crate::common::{pdf_page_size_mm, pdf_text, run, svg_board_groups};

#[test]
fn one_page_of_the_right_size_for_every_paper_and_orientation() {
    let cases = [
        ("a4", false, (210.0, 297.0)),
        ("a4", true, (297.0, 210.0)),
        ("letter", false, (215.9, 279.4)),
        ("letter", true, (279.4, 215.9)),
    ];
    for (paper, landscape, (w, h)) in cases {
        let mut args = vec!["shoreline", "--boards", "2", "--page", paper];
        if landscape {
            args.push("--landscape");
        }
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let pages = pdf_page_size_mm(&out.stdout);
        assert_eq!(pages.len(), 1, "{paper} landscape={landscape}");
        let (pw, ph) = pages[0];
        assert!(
            (pw - w).abs() < 0.1 && (ph - h).abs() < 0.1,
            "{paper} {landscape}: {pw}x{ph}"
        );
    }
}

#[test]
fn the_pdf_text_has_every_label_once_per_board_and_the_cjk_title() {
    for boards in [1usize, 4, 9] {
        let out = run(&["shoreline", "--boards", &boards.to_string()]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let text = pdf_text(&out.stdout);
        assert!(
            text.contains("Shoreline 岸棋"),
            "the title with its CJK characters: {text}"
        );
        let words: Vec<&str> = text.split_whitespace().collect();
        for label in ["A", "B", "C", "D", "E", "1", "2", "3", "4", "5"] {
            // "Board 1" and the like also hold digits: count labels that stand alone on a line.
            let alone = text.lines().filter(|line| line.trim() == label).count();
            assert_eq!(alone, boards, "label {label} with {boards} boards");
        }
        let numbered = words.windows(2).filter(|w| w[0] == "Board").count();
        assert_eq!(numbered, boards);
        assert!(!text.contains('?'), "no character was replaced");
    }
}

#[test]
fn the_svg_is_well_formed_and_has_one_board_group_per_board() {
    for boards in 1..=9usize {
        let out = run(&[
            "shoreline",
            "--boards",
            &boards.to_string(),
            "--format",
            "svg",
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let svg = String::from_utf8(out.stdout).expect("SVG is UTF-8");
        assert_eq!(svg_board_groups(&svg), boards);
        assert!(svg.contains("Shoreline 岸棋"));
        assert!(svg.contains("<title>Shoreline 岸棋</title>"));
        // Glyph outlines travel with the SVG, not a font every consumer draws differently.
        assert!(!svg.contains("@font-face"), "no embedded font");
        assert!(
            svg.contains("<use xlink:href=\"#g"),
            "text drawn as outlines"
        );
    }
}

#[test]
fn the_rules_box_prints_the_template_rules() {
    let out = run(&["shoreline", "--boards", "4", "--rules"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    assert!(text.contains("Short rules"), "{text}");
    assert!(
        text.contains("Four or five in a line score nothing."),
        "{text}"
    );
    let without = pdf_text(&run(&["shoreline", "--boards", "4"]).stdout);
    assert!(!without.contains("Short rules"));
}

#[test]
fn a_copied_and_edited_template_changes_the_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.yaml");
    let shipped = std::fs::read_to_string("templates/shoreline.yaml").unwrap();
    let edited = shipped
        .replace(
            "Play the boards in order and add up the scores.",
            "Club night: four rounds.",
        )
        .replace("Board {n}", "Round {n}");
    std::fs::write(&path, edited).unwrap();
    let out = run(&["shoreline", "--template", path.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    assert!(text.contains("Club night: four rounds."));
    assert!(text.contains("Round 4"));
    assert!(!text.contains("Board 1"));
}

#[test]
fn the_first_player_option_starts_the_alternation() {
    let out = run(&[
        "shoreline",
        "--boards",
        "2",
        "--first",
        "white",
        "--format",
        "svg",
    ]);
    let svg = String::from_utf8(out.stdout).unwrap();
    let first = svg.find("White ○ places first").unwrap();
    let second = svg.find("Black ● places first").unwrap();
    assert!(first < second, "board 1 names White, board 2 Black");
}

#[test]
fn the_evening_sheet_pdf_is_at_most_8_kb_with_its_font() {
    // Issue 17: a real font subset, best-level compression, object and xref streams.
    let out = run(&["shoreline", "--boards", "4"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.len() <= 8192, "{} bytes", out.stdout.len());
}

/// Issue 25.6: a record on board 2 that says Black placed first breaks the sheet's
/// alternation, and the sheet says so (a record that says nothing follows it: issue 40.1);
/// a sheet of four bad records reported the first only.
#[test]
fn a_filled_sheet_warns_of_a_broken_alternation_and_reports_every_bad_record() {
    let dir = tempfile::tempdir().unwrap();
    let alternating = dir.path().join("alt.yaml");
    std::fs::write(
        &alternating,
        "game: shoreline\nmoves: [C]\n---\ngame: shoreline\nrules: { first: white }\nmoves: [C]\n",
    )
    .unwrap();
    let out = run(&["shoreline", alternating.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    let swapped = dir.path().join("swapped.yaml");
    std::fs::write(
        &swapped,
        "game: shoreline\nmoves: [C]\n---\ngame: shoreline\nrules: { first: black }\nmoves: [C]\n",
    )
    .unwrap();
    let out = run(&["shoreline", swapped.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("warning: board 2:")
            && out
                .stderr
                .contains("swapped.yaml #2 says black placed first"),
        "{}",
        out.stderr
    );
    let bad = dir.path().join("bad.yaml");
    std::fs::write(
        &bad,
        "game: shoreline\nmoves: [Z]\n---\ngame: shoreline\nmoves: [C]\n---\ngame: shoreline\nmoves: [C, C3]\n",
    )
    .unwrap();
    let out = run(&["shoreline", bad.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("bad.yaml #1: invalid"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("bad.yaml #3: invalid"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("2 of the records cannot fill the sheet"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_filled_sheet_is_one_evening_of_two_players_each_keeping_a_colour() {
    let dir = tempfile::tempdir().unwrap();
    let record = |name: &str, black: &str, white: &str, first: &str| {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            format!(
                "game: shoreline\nplayers: {{ black: {black}, white: {white} }}\n\
                 rules: {{ first: {first} }}\nmoves: [C, B, C]\n"
            ),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let one = record("1.yaml", "Ana", "Ben", "black");
    let two = record("2.yaml", "Ana", "Ben", "white");
    let swapped = record("3.yaml", "Ben", "Ana", "white");
    let stranger = record("4.yaml", "Ana", "Dmi", "white");
    let out = dir.path().join("s.pdf");
    let sheet = |files: &[&str]| {
        let mut args = vec!["shoreline", "--boards", "4", "-o", out.to_str().unwrap()];
        args.extend_from_slice(files);
        run(&args)
    };
    let fine = sheet(&[&one, &two]);
    assert_eq!(fine.code, 0, "{}", fine.stderr);
    let text = pdf_text(&std::fs::read(&out).unwrap());
    assert!(text.contains("Ana") && text.contains("Ben"), "{text}");
    // Each refusal names the file, line and column of the name that differs.
    for (other, named) in [
        (&swapped, "3.yaml:2:19 has Ben as black"),
        (&stranger, "4.yaml:2:31 has Dmi as white"),
    ] {
        let files = [one.as_str(), other.as_str()];
        let refused = sheet(&files);
        assert_eq!(refused.code, 2, "{files:?}");
        assert!(refused.stderr.contains("board 2: "), "{}", refused.stderr);
        assert!(refused.stderr.contains(named), "{}", refused.stderr);
        assert!(
            refused.stderr.contains("each keeping a colour"),
            "{}",
            refused.stderr
        );
    }
}

/// An evening typed without `rules: { first: … }`, as players fill a sheet in: each record
/// that does not name its first player follows the evening's alternation (ruling S3), in
/// one file or in one file a board, and says so; the sheet and `check` give what the record
/// with its `first:` lines gives.
#[test]
fn an_evening_without_first_follows_the_alternation_and_says_so() {
    let evening = std::fs::read_to_string("examples/shoreline-evening.yaml").unwrap();
    let unnamed = evening.replace("rules: { first: white }\n", "");
    assert_eq!(
        unnamed.matches("first:").count(),
        0,
        "the example names it twice"
    );
    let dir = tempfile::tempdir().unwrap();
    let one_file = dir.path().join("evening.yaml");
    std::fs::write(&one_file, &unnamed).unwrap();
    // One file a board, as four players' records come in.
    let mut boards = Vec::new();
    for (k, document) in unnamed.split("---\n").enumerate() {
        let board = dir.path().join(format!("board{}.yaml", k + 1));
        std::fs::write(&board, document).unwrap();
        boards.push(board.to_str().unwrap().to_string());
    }
    assert_eq!(boards.len(), 4);

    let named = run(&["shoreline", "examples/shoreline-evening.yaml"]);
    assert_eq!(named.code, 0, "{}", named.stderr);
    let sheet = pdf_text(&named.stdout);
    assert!(sheet.contains("15") && sheet.contains("14"), "{sheet}");
    let mut as_typed = vec![vec!["shoreline", one_file.to_str().unwrap()]];
    as_typed.push(
        std::iter::once("shoreline")
            .chain(boards.iter().map(String::as_str))
            .collect(),
    );
    for args in as_typed {
        let out = run(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(pdf_text(&out.stdout), sheet, "{args:?}: the same sheet");
        assert_eq!(
            out.stderr
                .matches("follows the evening's alternation: white placed first")
                .count(),
            2,
            "{args:?}: boards 2 and 4 say so: {}",
            out.stderr
        );
        assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    }

    // `check` of the evening file: the same results as the file that names them.
    let report = |file: &str| {
        let out = run(&["check", file, "--format", "json"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let results: Vec<_> = lines
            .iter()
            .map(|l| (l["winner"].clone(), l["score"].clone()))
            .collect();
        (results, out.stderr)
    };
    let (expected, _) = report("examples/shoreline-evening.yaml");
    let (results, notes) = report(one_file.to_str().unwrap());
    assert_eq!(results, expected);
    assert!(
        notes.contains("evening.yaml:11"),
        "the note names board 2's record: {notes}"
    );
}
