//! The command line as a user meets it: options, errors and exit codes, output files.

use crate::common::{run, run_in};

#[test]
fn help_lists_every_option_with_its_default() {
    let out = run(&["shoreline", "--help"]);
    assert_eq!(out.code, 0);
    let help = String::from_utf8(out.stdout).unwrap();
    for expected in [
        "--boards <N>",
        "[default: 4]",
        "--page <PAGE>",
        "[default: a4]",
        "--landscape",
        "--first <FIRST>",
        "[default: black]",
        "--rules",
        "--template <FILE>",
        "--output <FILE>",
        "--format <FORMAT>",
    ] {
        assert!(help.contains(expected), "{expected} missing from:\n{help}");
    }
    let top = String::from_utf8(run(&["--help"]).stdout).unwrap();
    assert!(top.contains("shoreline"), "{top}");
}

#[test]
fn paper_names_are_taken_as_printers_write_them() {
    for (written, paper) in [("A4", "a4"), ("Letter", "letter"), ("LETTER", "letter")] {
        let given = run(&["shoreline", "--page", written]);
        let usual = run(&["shoreline", "--page", paper]);
        assert_eq!(given.code, 0, "--page {written}: {}", given.stderr);
        assert!(
            given.stdout == usual.stdout,
            "--page {written} is not --page {paper}"
        );
    }
}

#[test]
fn bad_options_are_clear_errors_with_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["shoreline", "--boards", "0"], "0 is not in 1..=9"),
        (&["shoreline", "--boards", "10"], "10 is not in 1..=9"),
        (
            &["shoreline", "--page", "b7"],
            "invalid value 'b7' for '--page <PAGE>'",
        ),
        (
            &["shoreline", "--template", "no/such/template.yaml"],
            "cannot read no/such/template.yaml: no such file",
        ),
        (
            &["shoreline", "--template", "templates"],
            "it is a directory",
        ),
        (
            &["shoreline", "--format", "svg", "-o", "x.pdf"],
            "--format svg does not match the file name x.pdf",
        ),
        (
            &["towers-of-hanoi"],
            "unrecognized subcommand 'towers-of-hanoi'",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains(message),
            "{args:?}: expected {message:?} in {}",
            out.stderr
        );
        assert!(out.stdout.is_empty(), "{args:?} wrote output");
    }
}

#[test]
fn a_malformed_template_is_located_with_the_source_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.yaml");
    let shipped = std::fs::read_to_string("templates/shoreline.yaml").unwrap();
    std::fs::write(&path, shipped.replace("title_pt: 22", "title_pt: [22")).unwrap();
    let out = run(&["shoreline", "--template", path.to_str().unwrap()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let line = shipped
        .lines()
        .position(|l| l.contains("title_pt"))
        .unwrap()
        + 1;
    assert!(
        out.stderr.contains(&format!("bad.yaml:{line}:")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("title_pt: [22"),
        "the source line is shown: {}",
        out.stderr
    );

    std::fs::write(
        &path,
        shipped.replace("  gap_mm: 7", "  gap_mm: 7\n  colour: red"),
    )
    .unwrap();
    let out = run(&["shoreline", "--template", path.to_str().unwrap()]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("unknown key `colour`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("min_point_spacing_mm"),
        "the allowed keys are named: {}",
        out.stderr
    );

    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let out = run(&["shoreline", "--template", path.to_str().unwrap()]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("binary file"), "{}", out.stderr);
}

#[test]
fn a_failed_run_leaves_an_existing_file_untouched_and_creates_none() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "title: [").unwrap();
    let existing = dir.path().join("sheet.pdf");
    std::fs::write(&existing, b"the evening's sheet").unwrap();

    let out = run(&[
        "shoreline",
        "--template",
        bad.to_str().unwrap(),
        "-o",
        existing.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 2);
    assert_eq!(std::fs::read(&existing).unwrap(), b"the evening's sheet");

    let fresh = dir.path().join("new.pdf");
    let out = run(&["shoreline", "--boards", "11", "-o", fresh.to_str().unwrap()]);
    assert_eq!(out.code, 2);
    assert!(!fresh.exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no temporary file is left: {leftovers:?}"
    );
}

#[test]
fn output_goes_to_the_named_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &["shoreline", "--boards", "1", "-o", "board.svg"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    let svg = std::fs::read_to_string(dir.path().join("board.svg")).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sheetgen"))
        .args(["shoreline", "--boards", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before sheetgen writes
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_same_command_gives_the_same_bytes_across_runs_and_within_one_process() {
    for args in [&["shoreline"][..], &["shoreline", "--format", "svg"][..]] {
        let a = run(args).stdout;
        let b = run(args).stdout;
        assert!(!a.is_empty());
        assert!(a == b, "{args:?} differs between runs");
    }
    // printpdf numbers fonts and documents from a process-wide counter: write several
    // documents in one process and compare with a fresh process's output.
    let in_process = |args: &[&str]| sheetgen::run_args(args).unwrap().bytes;
    let first = in_process(&["shoreline", "--boards", "2"]);
    let _other = in_process(&["shoreline", "--boards", "7", "--page", "letter"]);
    let again = in_process(&["shoreline", "--boards", "2"]);
    assert!(
        first == again,
        "the second PDF of a process differs from the first"
    );
    assert!(
        first == run(&["shoreline", "--boards", "2"]).stdout,
        "in-process differs from a fresh run"
    );
}

/// Each command's help opens with what the command does, as `sheetgen --help` lists it
/// (a flattened option group's doc comment once took its place: issue 40.9).
#[test]
fn every_commands_help_opens_with_what_it_does() {
    let top = run(&["--help"]);
    let listing = String::from_utf8(top.stdout).unwrap();
    let commands = listing
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    let mut seen = 0;
    for line in commands.lines().filter(|l| l.starts_with("  ")) {
        let (name, about) = line.trim().split_once(' ').unwrap();
        if name == "help" {
            continue;
        }
        let help = run(&[name, "--help"]);
        let first = String::from_utf8(help.stdout).unwrap();
        let first = first.lines().next().unwrap_or_default().to_string();
        assert_eq!(first, about.trim(), "sheetgen {name} --help");
        seen += 1;
    }
    assert!(seen >= 12, "{listing}");
}

/// Shell completion offers the games where a command takes one (issue 40.10).
#[test]
fn completion_offers_the_games_names() {
    let out = run(&["completions", "bash"]);
    let script = String::from_utf8(out.stdout).unwrap();
    let rules = script
        .split("sheetgen__subcmd__rules)")
        .nth(1)
        .expect("rules is completed");
    let rules = &rules[..rules.find(";;").unwrap()];
    for name in ["shoreline", "towers", "lines-of-action", "loa"] {
        assert!(rules.contains(name), "{name}: {rules}");
    }
}
