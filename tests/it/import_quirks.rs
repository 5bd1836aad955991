//! SGF and move text as servers and people write them, through `sheetgen import`: each
//! quirk accepted, and its near miss refused at its place (exit 1).

use crate::common;

/// Imports `text` (written to a file named `name`): the YAML, or the exit code and report.
fn import(name: &str, text: &[u8]) -> Result<String, (i32, String)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = common::run(&["import", path.to_str().unwrap()]);
    match out.code {
        0 => Ok(String::from_utf8(out.stdout).unwrap()),
        code => Err((code, out.stderr)),
    }
}

fn accepted(name: &str, text: &str, words: &[&str]) {
    let yaml = import(name, text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    for word in words {
        assert!(yaml.contains(word), "{text} gives {word}:\n{yaml}");
    }
}

fn refused(name: &str, text: &str, location: &str, words: &str) {
    let (code, report) = import(name, text.as_bytes()).expect_err(text);
    assert_eq!(code, 1, "{text}: {report}");
    assert!(
        report.contains(&format!("{name}{location}")),
        "{text} at {location}: {report}"
    );
    assert!(report.contains(words), "{text} says {words}: {report}");
}

#[test]
fn a_byte_order_mark_is_read_past() {
    accepted("b.sgf", "\u{feff}(;GM[9];B[d1-b3])", &["moves: [d1-b3]"]);
    accepted(
        "b.txt",
        "\u{feff}1. d1-b3 h5-g4",
        &["moves: [d1-b3, h5-g4]"],
    );
    // A mark in the middle of the file is no byte-order mark.
    refused("m.sgf", "(;GM[9];B[d1-b3])\u{feff}", ":1:18", "");
}

#[test]
fn ff3_property_names_are_read_with_their_lower_case_letters_left_out() {
    accepted(
        "f.sgf",
        "(;GaMe[9]PlayerBlack[Ann];B[d1-b3])",
        &["black: \"Ann\""],
    );
    refused(
        "f.sgf",
        "(;GaMe[1];B[d1-b3])",
        ":1:8",
        "not Lines of Action (GM[9])",
    );
}

#[test]
fn setup_stones_are_refused_at_their_place_naming_the_rules_page() {
    for setup in ["AB", "AW", "AE"] {
        let sgf = format!("(;GM[9]{setup}[d4];B[d1-b3])");
        refused("s.sgf", &sgf, ":1:8", "sets up stones");
    }
    let (_, report) = import("s.sgf", b"(;GM[9]AB[d4];B[d1-b3])").unwrap_err();
    assert!(report.contains("docs/rules/lines-of-action.md"), "{report}");
}

#[test]
fn a_collection_imports_as_one_document_per_game() {
    let sgf = "(;GM[9]GN[one];B[d1-b3])\n(;GM[9]GN[two];B[b1-b3];W[h3-e3])\n";
    let yaml = import("c.sgf", sgf.as_bytes()).unwrap();
    assert_eq!(yaml.matches("game: lines-of-action").count(), 2, "{yaml}");
    assert_eq!(yaml.matches("\n---\n").count(), 1, "{yaml}");
    refused(
        "c.sgf",
        "(;GM[9];B[d1-b3]) and some words",
        ":1:19",
        "another one",
    );
}

#[test]
fn comments_on_nodes_become_comments_in_the_record() {
    accepted(
        "k.sgf",
        "(;GM[9]C[A club game];B[d1-b3]C[the usual start];W[h5-g4])",
        &[
            "comment: \"A club game\"\n",
            "comments:\n  1: \"the usual start\"\n",
        ],
    );
    refused("k.sgf", "(;GM[9];B[d1-b3]C[never closed)", ":1:", "");
}

#[test]
fn extra_values_of_a_move_are_refused() {
    refused(
        "v.sgf",
        "(;GM[9];B[d1-b3][b1-b3])",
        ":1:18",
        "a node holds one move",
    );
}

#[test]
fn move_text_takes_braced_comments_and_numbers_glued_to_moves() {
    accepted(
        "t.txt",
        "1.d1-b3 {a quiet start} h5-g4 2.b1-b4",
        &["moves: [d1-b3, h5-g4, b1-b4]"],
    );
    refused(
        "t.txt",
        "1. d1-b3 {never closed h5-g4",
        ":1:10",
        "never closed",
    );
}

#[test]
fn a_resigned_game_writes_who_resigned_and_the_result() {
    accepted(
        "r.sgf",
        "(;GM[9]RE[W+R];B[d1-b3];W[h5-g4];B[resign])",
        &["resigned: black\n", "result: white\n"],
    );
    refused(
        "r.sgf",
        "(;GM[9]RE[B+R];B[d1-b3];W[h5-g4];B[resign])",
        ":1:11",
        "disagrees with the board",
    );
}

/// Issue 27.5: a line break, CR, tab, C0 or C1 control, U+2028/9, a byte-order mark or a
/// bidi control in SGF EV, GN, PB, PW, DT or a comment imported with exit 0 and then failed
/// `check`. Each is cleaned now, and what import writes always checks; a character the
/// font cannot draw (an emoji) is kept: it is no rules error (issue 40.2), and drawing the
/// record says where it is.
#[test]
fn hostile_characters_in_sgf_texts_never_make_a_record_check_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = [
        "\n", "\r", "\r\n", "\t", "\u{1}", "\u{7f}", "\u{85}", "\u{9b}", "\u{2028}", "\u{2029}",
        "\u{feff}", "\u{202e}", "\u{2066}", "\u{200f}",
    ];
    let mut cases = 0;
    for property in ["EV", "GN", "PB", "PW", "DT", "RO", "C"] {
        for bad in hostile {
            cases += 1;
            let sgf = format!("(;GM[9]{property}[Club{bad}night{bad}];B[d1-b3]C[x{bad}y])");
            let path = dir.path().join(format!("{cases}.sgf"));
            std::fs::write(&path, &sgf).unwrap();
            let yaml_path = dir.path().join(format!("{cases}.yaml"));
            let out = common::run(&[
                "import",
                path.to_str().unwrap(),
                "-o",
                yaml_path.to_str().unwrap(),
            ]);
            assert_eq!(out.code, 0, "{sgf:?}: {}", out.stderr);
            let yaml = std::fs::read_to_string(&yaml_path).unwrap();
            for raw in [
                "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{feff}", "\u{202e}",
            ] {
                assert!(!yaml.contains(raw), "{sgf:?} wrote {raw:?} raw:\n{yaml}");
            }
            let check = common::run(&["check", yaml_path.to_str().unwrap()]);
            let report = String::from_utf8_lossy(&check.stdout);
            assert_eq!(
                check.code, 0,
                "{sgf:?} imported as\n{yaml}\nwhich check refuses:\n{report}"
            );
            assert!(yaml.contains("Club") && yaml.contains("night\""), "{yaml}");
        }
    }
    assert!(cases >= 36, "{cases}");
    for property in ["EV", "GN", "PB", "PW", "DT", "C"] {
        let sgf = format!("(;GM[9]{property}[Club \u{1f600}];B[d1-b3])");
        let yaml = import("e.sgf", sgf.as_bytes()).unwrap_or_else(|(_, e)| panic!("{sgf}: {e}"));
        assert!(yaml.contains("Club \u{1f600}"), "{sgf}: {yaml}");
    }
}

#[test]
fn tags_round_event_and_the_command_line_fill_the_record() {
    accepted(
        "t.txt",
        "[Event \"Autumn league\"]\n[Round \"3\"]\n[Date \"2026.11.03\"]\n[Black \"Ann\"]\n[White \"?\"]\n\n{A club game} 1. d1-b3 {the usual start} h5-g4\n",
        &[
            "event: \"Autumn league\"\n",
            "round: \"3\"\n",
            "date: \"2026.11.03\"\n",
            "players: { black: \"Ann\" }\n",
            "comment: \"A club game\"\n",
            "comments:\n  1: \"the usual start\"\n",
        ],
    );
    accepted(
        "r.sgf",
        "(;GM[9]EV[League]RO[2]GN[Game 7];B[d1-b3];W[h5-g4])",
        &[
            "title: \"Game 7\"\n",
            "event: \"League\"\n",
            "round: \"2\"\n",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sgf");
    std::fs::write(&path, "(;GM[9]PB[Ann];B[d1-b3])").unwrap();
    let out = common::run(&[
        "import",
        path.to_str().unwrap(),
        "--black",
        "Ann Lee",
        "--white",
        "Bo",
        "--event",
        "League",
        "--round",
        "4",
        "--date",
        "2026-11-03",
        "--title",
        "Board 1",
    ]);
    let yaml = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 0, "{}", out.stderr);
    for line in [
        "title: \"Board 1\"",
        "event: \"League\"",
        "round: \"4\"",
        "date: \"2026-11-03\"",
        "players: { black: \"Ann Lee\", white: \"Bo\" }",
    ] {
        assert!(yaml.contains(line), "{line}: {yaml}");
    }
    let out = common::run(&["import", path.to_str().unwrap(), "--black", "Ann\nLee"]);
    assert_eq!(
        out.code, 2,
        "a name on two lines is refused: {}",
        out.stderr
    );
    assert!(out.stderr.contains("--black"), "{}", out.stderr);
}

#[test]
fn several_files_and_folders_import_at_once_and_variations_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("season")).unwrap();
    std::fs::write(
        d.join("season/a.sgf"),
        "(;GM[9];B[d1-b3](;W[h5-g4])(;W[a2-a4]))",
    )
    .unwrap();
    std::fs::write(d.join("season/b.txt"), "1. d1-b3 h5-g4\n").unwrap();
    std::fs::write(d.join("season/c.txt"), "1. d1-b3 h5-g4 2. b1-b9\n").unwrap();
    std::fs::write(d.join("season/minutes.txt"), "We met.\n").unwrap();
    std::fs::copy("examples/loa-6x6.yaml", d.join("season/d.yaml")).unwrap();
    let out = common::run_in(d, &["import", "season", "-o", "all.yaml"]);
    assert_eq!(out.code, 1, "c.txt is illegal: {}", out.stderr);
    assert!(
        out.stderr.contains("skipped season/c.txt:"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("a variation at move 1 (white) is left out: only the main line is imported"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("--> season/a.sgf:1:28"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("1 other file left alone"),
        "{}",
        out.stderr
    );
    // The record is not counted with the minutes: it is named.
    assert!(
        out.stderr
            .contains("season/d.yaml: already a YAML record, not imported"),
        "{}",
        out.stderr
    );
    let check = common::run_in(d, &["check", "all.yaml"]);
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(
        report.ends_with("2 games in 1 file: 2 valid, 0 invalid\n"),
        "{report}"
    );
    std::fs::create_dir(d.join("records")).unwrap();
    let out = common::run_in(
        d,
        &["import", "season/a.sgf", "season/b.txt", "-o", "records"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(d.join("records/a.yaml").is_file() && d.join("records/b.yaml").is_file());
}

/// A game whose comment is `quotes` double quotes: each is escaped in the YAML record, so the
/// record takes twice the SGF's bytes.
fn quoted_game(quotes: usize) -> String {
    format!("(;GM[9]C[{}];B[d1-b3])", "\"".repeat(quotes))
}

#[test]
fn import_never_writes_a_record_too_large_to_read_back() {
    let limit = 4 * 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    // One file under the input limit whose record would be over it: refused, nothing written.
    let big = dir.path().join("big.sgf");
    std::fs::write(&big, quoted_game(limit * 6 / 10)).unwrap();
    let out = common::run_in(dir.path(), &["import", "big.sgf", "-o", "big.yaml"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("big.sgf"), "{}", out.stderr);
    assert!(out.stderr.contains("4 MiB"), "{}", out.stderr);
    assert!(!dir.path().join("big.yaml").exists());
    // Two files each fine alone, together over the limit in one file: refused (exit 2) with
    // the way out; into a folder both are written, and both check.
    for name in ["a.sgf", "b.sgf"] {
        std::fs::write(dir.path().join(name), quoted_game(limit * 3 / 10)).unwrap();
    }
    let out = common::run_in(dir.path(), &["import", "a.sgf", "b.sgf", "-o", "all.yaml"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("-o DIR/"), "{}", out.stderr);
    assert!(!dir.path().join("all.yaml").exists());
    let out = common::run_in(dir.path(), &["import", "a.sgf", "b.sgf", "-o", "games/"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = common::run_in(dir.path(), &["check", "games"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// Nothing is written over what a command reads, and no game is read twice in silence
/// (issues 40.4 and 45.1): records imported into the folder they come from would stand
/// beside their sources, and a bulletin of the folder would hold every game twice.
#[test]
fn no_input_is_written_over_and_a_game_read_twice_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let season = dir.path().join("season");
    std::fs::create_dir(&season).unwrap();
    for file in ["round1-ann-bo.sgf", "round2-bo-ann.txt"] {
        std::fs::copy(format!("examples/season/{file}"), season.join(file)).unwrap();
    }
    let run = |args: &[&str]| common::run_in(dir.path(), args);
    let listing = || {
        let mut names: Vec<_> = std::fs::read_dir(&season)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    let before = listing();
    for args in [
        &["import", "season", "-o", "season/"][..],
        &["import", "season", "-o", "season/../season/"],
        &["import", "season", "-o", "season/round1-ann-bo.sgf"],
        &[
            "booklet",
            "season",
            "--format",
            "html",
            "-o",
            "season/round2-bo-ann.txt",
        ],
        &[
            "booklet",
            "season",
            "-o",
            "season/../season/round1-ann-bo.sgf",
        ],
    ] {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert_eq!(listing(), before, "{args:?} wrote into the folder");
    }
    let sgf = std::fs::read(season.join("round1-ann-bo.sgf")).unwrap();
    assert_eq!(
        sgf,
        std::fs::read("examples/season/round1-ann-bo.sgf").unwrap()
    );

    // Imported elsewhere, then copied beside the sources by hand: check and booklet say so.
    let out = run(&["import", "season", "-o", "yaml/"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::copy(
        dir.path().join("yaml/round1-ann-bo.yaml"),
        season.join("copy.yaml"),
    )
    .unwrap();
    for args in [
        &["check", "season"][..],
        &["booklet", "season", "-o", "b.pdf"],
    ] {
        let out = run(args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("season/round1-ann-bo.sgf #1 is the same game as season/copy.yaml #1")
                || out.stderr.contains(
                    "season/copy.yaml #1 is the same game as season/round1-ann-bo.sgf #1"
                ),
            "{args:?}: {}",
            out.stderr
        );
    }
}

/// Issue 42.8 and 42.12: 20,000 sibling variations took 87 s (each note re-read the file's
/// one long line). Ten are named, the rest counted in one note, in linear time.
#[test]
fn thousands_of_variations_are_named_ten_and_counted() {
    let sgf = format!("(;GM[9];B[d1-b3]{})", "(;W[a2-c2])".repeat(20_000));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wide.sgf"), &sgf).unwrap();
    let out = common::run_in(dir.path(), &["import", "wide.sgf"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let notes: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("note:"))
        .collect();
    assert_eq!(notes.len(), 11, "{notes:?}");
    assert!(
        notes[10].contains("19989 more variations from here on are left out too"),
        "{}",
        notes[10]
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("moves: [d1-b3, a2-c2]")
    );
}
