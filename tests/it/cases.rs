//! Golden cases: every folder of tests/cases/ is one test, `cases::<folder>`. A folder holds
//! `cmd` (one line: the sheetgen arguments, run from the package root), its input files, and
//! what sheetgen must give: `expected.svg` or `expected.txt` (standard output; for a PDF, its
//! text), `expected.stderr` and `code` (the exit code). tests/README.md has the details;
//! `SHEETGEN_BLESS=1 cargo test --test it cases::` rewrites every expected file.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::common;
use crate::diff::line_diff;

/// One test per folder name. A name is also the folder's: snake_case, so it is a test name.
macro_rules! cases {
    ($($name:ident)*) => {
        const LISTED: &[&str] = &[$(stringify!($name)),*];
        $(
            #[test]
            fn $name() {
                check_case(stringify!($name));
            }
        )*
    };
}

cases! {
    bad_alias_bomb
    bad_bom_and_crlf
    bad_deep_nesting
    bad_duplicate_keys
    bad_empty
    bad_misspelt_key
    bad_not_a_mapping
    bad_not_utf8
    bad_only_comments
    bad_tabs
    check_json_every_game
    check_text_three_games
    loa_6x6_svg
    loa_club_game_flipped_text
    loa_figure_b8_svg
    loa_obstructions_text
    loa_scoresheet_pdf
    shoreline_dead_four_svg
    shoreline_dead_four_text
    shoreline_review_svg
    shoreline_sheet_4_boards_pdf
    snippet_game_name_with_spaces
    snippet_missing_template_key
    snippet_quoted_move_text
    snippet_resigned_after_one_move
    snippet_tab_in_indentation
    towers_example_svg
    towers_example_text
    towers_flip_refused
    towers_sheet_pdf
}

const CASES: &str = "tests/cases";
/// The files a case folder holds besides its inputs.
const CMD: &str = "cmd";
const CODE: &str = "code";
const SVG: &str = "expected.svg";
const TXT: &str = "expected.txt";
const STDERR: &str = "expected.stderr";

#[test]
fn every_case_folder_is_listed() {
    let on_disk: BTreeSet<String> = fs::read_dir(CASES)
        .expect("tests/cases exists")
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    let listed: BTreeSet<String> = LISTED.iter().map(|s| s.to_string()).collect();
    assert_eq!(listed.len(), LISTED.len(), "a case is listed twice");
    let unlisted: Vec<&String> = on_disk.difference(&listed).collect();
    let missing: Vec<&String> = listed.difference(&on_disk).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "tests/cases/ and the cases! list in tests/it/cases.rs disagree: \
         folders not listed {unlisted:?}, listed without a folder {missing:?}"
    );
}

/// What one run gave, as the expected files hold it.
struct Actual {
    code: i32,
    /// Standard output as text (a PDF's extracted text), or None when it was empty.
    stdout: Option<String>,
    /// Whether standard output was an SVG, to be kept in `expected.svg`.
    svg: bool,
    stderr: String,
}

fn check_case(name: &str) {
    let dir = Path::new(CASES).join(name);
    let args = arguments(name, &dir);
    let out = common::run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let stdout = if out.stdout.is_empty() {
        None
    } else if out.stdout.starts_with(b"%PDF") {
        Some(common::pdf_text(&out.stdout))
    } else {
        Some(String::from_utf8(out.stdout).unwrap_or_else(|_| {
            panic!("case {name}: standard output is binary; a case compares text, SVG or PDF")
        }))
    };
    let actual = Actual {
        code: out.code,
        svg: stdout
            .as_deref()
            .is_some_and(|s| s.starts_with("<?xml") || s.starts_with("<svg")),
        stdout: stdout.map(|s| normalise(&s)),
        stderr: normalise(&out.stderr),
    };
    if std::env::var("SHEETGEN_BLESS").is_ok_and(|v| !v.is_empty() && v != "0") {
        bless(&dir, &actual);
        return;
    }

    let mut problems = Vec::new();
    let code = match fs::read_to_string(dir.join(CODE)) {
        Ok(text) => text
            .trim()
            .parse::<i32>()
            .unwrap_or_else(|_| panic!("{}/{CODE} holds {text:?}, not a number", dir.display())),
        Err(_) => 0,
    };
    if actual.code != code {
        problems.push(format!("exit code: expected {code}, got {}", actual.code));
    }
    let svg = fs::read_to_string(dir.join(SVG)).ok();
    let txt = fs::read_to_string(dir.join(TXT)).ok();
    let (file, expected) = match (svg, txt) {
        (Some(_), Some(_)) => panic!("{}: both {SVG} and {TXT}; keep one", dir.display()),
        (Some(svg), None) => (SVG, Some(svg)),
        (None, Some(txt)) => (TXT, Some(txt)),
        (None, None) => ("", None),
    };
    match (expected, &actual.stdout) {
        (None, None) => {}
        (None, Some(got)) => problems.push(format!(
            "standard output: expected none, got {} bytes:\n{}",
            got.len(),
            line_diff("", got)
        )),
        (Some(_), None) => problems.push(format!("standard output: empty, unlike {file}")),
        (Some(expected), Some(got)) if expected != *got => problems.push(format!(
            "standard output differs from {file} (- expected, + actual):\n{}",
            line_diff(&expected, got)
        )),
        (Some(_), Some(_)) => {}
    }
    let expected_stderr = fs::read_to_string(dir.join(STDERR)).unwrap_or_default();
    if expected_stderr != actual.stderr {
        problems.push(format!(
            "standard error differs from {} (- expected, + actual):\n{}",
            if expected_stderr.is_empty() {
                "none"
            } else {
                STDERR
            },
            line_diff(&expected_stderr, &actual.stderr)
        ));
    }
    assert!(
        problems.is_empty(),
        "case {name}: sheetgen {}\n{}\n\nIf the new output is right, accept it with\n  \
         SHEETGEN_BLESS=1 cargo test --test it cases::{name}\nand review the change in git.",
        args.join(" "),
        problems.join("\n")
    );
}

/// The words of `cmd`. The case's own files must be named in it from the package root, and
/// no other case's files: a copied case still naming its original's files fails here.
fn arguments(name: &str, dir: &Path) -> Vec<String> {
    let cmd = fs::read_to_string(dir.join(CMD))
        .unwrap_or_else(|e| panic!("{}/{CMD}: {e}", dir.display()));
    let lines: Vec<&str> = cmd.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        lines.len(),
        1,
        "{}/{CMD}: one line of sheetgen arguments",
        dir.display()
    );
    let args: Vec<String> = lines[0].split_whitespace().map(String::from).collect();
    let own = format!("{CASES}/{name}/");
    for arg in &args {
        assert!(
            !arg.starts_with(CASES) || arg.starts_with(&own),
            "{}/{CMD}: {arg} is another case's file",
            dir.display()
        );
    }
    for entry in fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if ![CMD, CODE, SVG, TXT, STDERR].contains(&file.as_str()) {
            let path = format!("{own}{file}");
            assert!(
                args.contains(&path),
                "{}/{file} is not named in {CMD}: name inputs as {path}",
                dir.display()
            );
        }
    }
    args
}

/// The package's absolute path becomes `$ROOT`, so no report depends on the checkout.
fn normalise(text: &str) -> String {
    text.replace(env!("CARGO_MANIFEST_DIR"), "$ROOT")
}

/// Writes what the run gave as the case's expected files, and removes those it did not give.
fn bless(dir: &Path, actual: &Actual) {
    let write = |file: &str, content: Option<&str>| {
        let path = dir.join(file);
        match content {
            Some(text) => fs::write(&path, text).unwrap(),
            None if path.exists() => fs::remove_file(&path).unwrap(),
            None => {}
        }
    };
    let code = actual.code.to_string() + "\n";
    write(CODE, (actual.code != 0).then_some(code.as_str()));
    let stdout = actual.stdout.as_deref();
    write(SVG, stdout.filter(|_| actual.svg));
    write(TXT, stdout.filter(|_| !actual.svg));
    write(
        STDERR,
        Some(actual.stderr.as_str()).filter(|s| !s.is_empty()),
    );
    eprintln!("blessed {}", dir.display());
}
