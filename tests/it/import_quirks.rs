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
