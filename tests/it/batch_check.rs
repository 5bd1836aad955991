//! `sheetgen check DIR`: folders walked for records in sorted order, a summary line.

use crate::common;

fn write(dir: &std::path::Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A folder of two good files (three games), one bad game in a subfolder, and files that
/// are not records by their names.
fn club() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "b.yaml",
        "game: shoreline\nmoves: [C]\n---\ngame: shoreline\nmoves: []\n",
    );
    write(d, "a.yml", "game: shoreline\nmoves: [A]\n");
    write(d, "later/c.yaml", "game: shoreline\nmoves: [C, C3]\n");
    write(d, "notes.txt", "not a record\n");
    write(d, "later/d.sgf", "(;GM[9])\n");
    dir
}

#[test]
fn a_folder_is_checked_in_sorted_order_with_a_summary() {
    let dir = club();
    let out = common::run_in(dir.path(), &["check", "."]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 1, "a bad game: {report}");
    let files: Vec<&str> = report
        .lines()
        .filter_map(|l| l.split(" #").next().filter(|f| f.starts_with("./")))
        .collect();
    assert_eq!(
        files,
        ["./a.yml", "./b.yaml", "./b.yaml", "./later/c.yaml"],
        "{report}"
    );
    assert_eq!(
        report.lines().last().unwrap(),
        "4 games in 3 files: 3 valid, 1 invalid",
        "{report}"
    );
}

#[test]
fn all_valid_exits_0_and_one_file_says_file() {
    let dir = club();
    let out = common::run_in(dir.path(), &["check", "a.yml"]);
    assert_eq!(out.code, 0);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        report.lines().last().unwrap(),
        "1 game in 1 file: 1 valid, 0 invalid"
    );
}

#[test]
fn json_has_one_object_per_game_and_no_summary() {
    let dir = club();
    let out = common::run_in(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(out.code, 1);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(report.lines().count(), 4, "{report}");
    for line in report.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("each line is a JSON object");
    }
}

#[test]
fn an_unreadable_file_still_exits_2_and_is_counted() {
    let dir = club();
    let out = common::run_in(dir.path(), &["check", ".", "missing.yaml"]);
    assert_eq!(out.code, 2);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        report.lines().last().unwrap(),
        "4 games in 4 files: 3 valid, 1 invalid, 1 file could not be read",
        "{report}"
    );
}

#[test]
fn the_examples_folder_checks_as_valid() {
    let out = common::run(&["check", "examples"]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 0, "{report}");
    assert!(
        report.lines().last().unwrap().ends_with(", 0 invalid"),
        "{report}"
    );
}
