//! `sheetgen check DIR`: folders walked for records (YAML, SGF, move text) in sorted order,
//! a summary line; links, loops and special files do not hang the walk.

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
        [
            "./a.yml",
            "./b.yaml",
            "./b.yaml",
            "./later/c.yaml",
            "./later/d.sgf"
        ],
        "{report}"
    );
    assert!(
        report.contains("the SGF game has no moves"),
        "the SGF is read: {report}"
    );
    assert_eq!(
        report.lines().last().unwrap(),
        "5 games in 4 files: 3 valid, 2 invalid; 1 other file left alone",
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
    assert_eq!(report.lines().count(), 5, "{report}");
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
        "5 games in 5 files: 3 valid, 2 invalid, 1 file could not be read; 1 other file left alone",
        "{report}"
    );
}

#[test]
fn the_examples_folder_checks_as_valid() {
    let out = common::run(&["check", "examples"]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 0, "{report}");
    assert!(
        report.lines().last().unwrap().contains(", 0 invalid"),
        "{report}"
    );
}

#[test]
fn sgf_and_move_text_are_checked_like_yaml() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "a.sgf",
        "(;GM[9]EV[Club]PB[Ann]PW[Bo];B[d1-b3];W[h5-g4])\n(;GM[9];B[d1-b4])\n",
    );
    write(d, "b.txt", "[Event \"Club\"]\n1. d1-b3 {quiet} h5-g4\n");
    write(d, "c.txt", "1. d1-b3 h5-g4 2. b1-b9\n");
    write(d, "minutes.txt", "The club met on Tuesday.\n");
    let out = common::run_in(d, &["check", "."]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 1, "{report}");
    assert!(
        report.contains("./a.sgf #1: ok, lines-of-action, 2 half-moves"),
        "{report}"
    );
    assert!(report.contains("./a.sgf #2: invalid"), "{report}");
    assert!(report.contains("./b.txt #1: ok"), "{report}");
    assert!(report.contains("--> ./c.txt:1:19"), "{report}");
    assert_eq!(
        report.lines().last().unwrap(),
        "4 games in 3 files: 2 valid, 2 invalid; 1 other file left alone",
        "{report}"
    );
    let out = common::run_in(d, &["check", "a.sgf"]);
    assert_eq!(out.code, 1, "a file named alone is read as SGF too");
}

/// What a hostile folder held (issue 27): a FIFO named like a record blocked the walk, two
/// links to `.` walked 2^40 paths, a link to `/` walked /proc. Each is left alone with a word.
#[cfg(unix)]
#[test]
fn fifos_loops_and_links_to_the_root_are_left_alone() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.yaml", "game: shoreline\nmoves: [C]\n");
    symlink(".", d.join("here")).unwrap();
    symlink(".", d.join("there")).unwrap();
    symlink("/", d.join("everything")).unwrap();
    symlink("a.yaml", d.join("again.yaml")).unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(d.join("b.yaml"))
        .status()
        .is_ok_and(|s| s.success());
    let out = common::run_in(d, &["check", "."]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 0, "{report}{}", out.stderr);
    assert_eq!(
        report.matches("a.yaml #1").count(),
        1,
        "read once: {report}"
    );
    let others = if fifo { 4 } else { 3 };
    assert_eq!(
        report.lines().last().unwrap(),
        format!("1 game in 1 file: 1 valid, 0 invalid; {others} other files left alone"),
        "{report}"
    );
    for link in ["here", "there", "everything"] {
        assert!(
            out.stderr
                .contains(&format!("left alone: ./{link} (a link to a folder")),
            "{}",
            out.stderr
        );
    }
    if fifo {
        assert!(
            out.stderr.contains("./b.yaml (a FIFO, not a file)"),
            "{}",
            out.stderr
        );
    }
}

#[test]
fn render_of_a_file_of_several_games_says_which_it_drew() {
    let out = common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--format",
        "text",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("holds 4 games; this is game 1 (choose another with --game N"),
        "{}",
        out.stderr
    );
    let out = common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--game",
        "1",
        "--format",
        "text",
    ]);
    assert!(!out.stderr.contains("holds 4 games"), "{}", out.stderr);
    let out = common::run(&[
        "render",
        "examples/season/round2-bo-ann.txt",
        "--at",
        "6...",
        "--format",
        "text",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        text.contains("6...\u{a0}c4-e6: White heads for the centre."),
        "the 12th half-move and its comment: {text}"
    );
}

/// A folder named twice is read once (issue 40.5): `check DIR DIR` read the second as a
/// file that is a directory, and failed.
#[test]
fn a_folder_named_twice_is_checked_once() {
    let once = common::run(&["check", "examples/season"]);
    let twice = common::run(&["check", "examples/season", "examples/season/"]);
    assert_eq!(once.code, 0, "{}", once.stderr);
    assert_eq!(twice.code, 0, "{}", twice.stderr);
    assert_eq!(once.stdout, twice.stdout);
}
