//! File names are bytes on Unix: a name that is not UTF-8 (Latin-1 `partie-\xe9t\xe9.yaml`
//! from an old archive) works as any other name does, for every file and folder argument and
//! for `-o`, and reports show it as text with U+FFFD for the bytes that are not UTF-8.
#![cfg(unix)]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;

use crate::common::{Output, run_os};

/// A name from bytes: `name(b"partie-\xe9t\xe9.yaml")`.
fn name(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

fn example(file: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(file),
    )
    .unwrap()
}

/// Runs sheetgen in `dir` on arguments given as `&str` or as [`name`]s.
fn run(dir: &Path, args: &[&OsStr]) -> Output {
    run_os(dir, args)
}

/// What a run wrote, or a failure showing its report.
fn written(dir: &Path, out: &Output, file: &OsStr) -> Vec<u8> {
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::read(dir.join(file)).unwrap()
}

/// The folder's names, sorted, to see that nothing but the asked-for files was left.
fn names(dir: &Path) -> Vec<OsString> {
    let mut names: Vec<OsString> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    names
}

#[test]
fn a_latin1_record_is_checked_rendered_and_booked_as_a_utf8_one_is() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let latin1 = name(b"partie-\xe9t\xe9.yaml");
    std::fs::write(dir.join(&latin1), example("shoreline-draw.yaml")).unwrap();
    std::fs::write(dir.join("plain.yaml"), example("shoreline-draw.yaml")).unwrap();
    let s = |text: &'static str| OsStr::new(text);

    let out = run(dir, &[s("check"), &latin1]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.starts_with("partie-\u{fffd}t\u{fffd}.yaml #1: ok, shoreline"),
        "{report}"
    );

    // The same bytes as from a UTF-8 name, written to a name that is not UTF-8 either.
    for (command, out_name, plain_out) in [
        ("render", name(b"fig-\xe9.svg"), "fig.svg"),
        ("booklet", name(b"livret-\xe9.pdf"), "livret.pdf"),
    ] {
        let from_latin1 = run(dir, &[s(command), &latin1, s("-o"), &out_name]);
        let from_plain = run(dir, &[s(command), s("plain.yaml"), s("-o"), s(plain_out)]);
        assert_eq!(
            written(dir, &from_latin1, &out_name),
            written(dir, &from_plain, s(plain_out)),
            "{command}"
        );
    }
    // Written whole under its name, with no temporary file left beside it.
    assert_eq!(
        names(dir),
        [
            name(b"fig-\xe9.svg"),
            s("fig.svg").into(),
            name(b"livret-\xe9.pdf"),
            s("livret.pdf").into(),
            latin1.clone(),
            s("plain.yaml").into(),
        ]
    );

    // The real paths are compared: -o naming the input is refused, and the input kept.
    let out = run(dir, &[s("render"), &latin1, s("-o"), &latin1]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("-o partie-\u{fffd}t\u{fffd}.yaml is the input file partie-\u{fffd}t"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read(dir.join(&latin1)).unwrap(),
        example("shoreline-draw.yaml")
    );
}

#[test]
fn an_invalid_record_under_such_a_name_is_located_and_its_json_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let folder = name(b"club-\xff");
    std::fs::create_dir(dir.join(&folder)).unwrap();
    let bad = Path::new(&folder).join(name(b"mauvais-\xe9.yaml"));
    let good = Path::new(&folder).join(name(b"partie-\xe9.yaml"));
    std::fs::write(dir.join(&bad), "game: shoreline\nmoves: [C, C3]\n").unwrap();
    std::fs::write(dir.join(&good), example("shoreline-draw.yaml")).unwrap();
    let s = OsStr::new;

    // The folder is walked and its files opened by their own bytes, in sorted order.
    let out = run(dir, &[s("check"), &folder]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap();
    let shown_bad = "club-\u{fffd}/mauvais-\u{fffd}.yaml";
    let shown_good = "club-\u{fffd}/partie-\u{fffd}.yaml";
    assert!(
        report.starts_with(&format!("{shown_bad} #1: invalid\n")),
        "{report}"
    );
    assert!(
        report.contains(&format!("--> {shown_bad}:2:12")),
        "{report}"
    );
    assert!(report.contains(&format!("{shown_good} #1: ok")), "{report}");
    assert!(
        report.ends_with("2 games in 2 files: 1 valid, 1 invalid\n"),
        "{report}"
    );

    // render's report names the file the same way, at its line and column.
    let out = run(dir, &[s("render"), bad.as_os_str()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!("--> {shown_bad}:2:12")),
        "{}",
        out.stderr
    );

    // JSON: `file` as text, and `file_bytes` the exact name, with which the file opens.
    let out = run(dir, &[s("check"), s("--format"), s("json"), &folder]);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("the JSON is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is a JSON object"))
        .collect();
    assert_eq!(lines.len(), 2);
    for (line, (shown, path, valid)) in lines
        .iter()
        .zip([(shown_bad, &bad, false), (shown_good, &good, true)])
    {
        assert_eq!(line["file"], shown, "{line}");
        assert_eq!(line["valid"], valid, "{line}");
        let bytes: Vec<u8> = line["file_bytes"]
            .as_array()
            .expect("file_bytes for a name that is not UTF-8")
            .iter()
            .map(|b| b.as_u64().unwrap() as u8)
            .collect();
        assert_eq!(bytes, path.as_os_str().as_bytes(), "{line}");
        assert!(dir.join(OsStr::from_bytes(&bytes)).is_file());
    }
    assert_eq!(lines[0]["error"]["line"], 2);
    assert_eq!(lines[0]["error"]["column"], 12);

    // A UTF-8 name has no file_bytes: the shape of every other report is as it was.
    let out = crate::common::run(&["check", "--format", "json", "examples/shoreline-draw.yaml"]);
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(line.get("file_bytes").is_none(), "{line}");
}

#[test]
fn an_sgf_under_such_a_name_imports_and_the_header_names_it_safely() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    // Latin-1 bytes, and a line break that must not start a line of the record.
    let sgf = name(b"partie-\xe9\ngame: towers\n.sgf");
    std::fs::write(dir.join(&sgf), example("loa-club-game.sgf")).unwrap();
    let yaml = name(b"import\xe9.yaml");
    let s = OsStr::new;
    let out = run(dir, &[s("import"), &sgf, s("-o"), &yaml]);
    let record = String::from_utf8(written(dir, &out, &yaml)).unwrap();
    let first = record.lines().next().unwrap();
    assert!(
        first.starts_with("# Imported from partie-\u{fffd}\\ngame: towers\\n.sgf by sheetgen"),
        "{first}"
    );
    let games = record.lines().filter(|l| l.starts_with("game:")).count();
    assert_eq!(games, 1, "{record}");
    let out = run(dir, &[s("check"), &yaml]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("import\u{fffd}.yaml #1: ok, lines-of-action")
    );
}

#[test]
fn template_font_css_and_theme_files_may_have_such_names() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let s = OsStr::new;
    let copy = |from: &Path, to: &OsStr| std::fs::copy(from, dir.join(to)).unwrap();
    std::fs::write(dir.join("game.yaml"), example("shoreline-draw.yaml")).unwrap();

    // Each option with a file under a Latin-1 name gives what the same file gives under a
    // UTF-8 one.
    let template = name(b"mod\xe8le.yaml");
    std::fs::write(
        dir.join(&template),
        crate::common::run(&["template", "towers"]).stdout,
    )
    .unwrap();
    let font = name(b"police-\xe9.ttf");
    copy(&root.join("assets/fonts/sheetgen-sans.ttf"), &font);
    copy(&root.join("assets/fonts/sheetgen-sans.ttf"), s("font.ttf"));
    let css = name(b"style-\xe9.css");
    std::fs::write(dir.join(&css), ".board { opacity: 0.5 }\n").unwrap();
    std::fs::write(dir.join("style.css"), ".board { opacity: 0.5 }\n").unwrap();
    let theme = name(b"th\xe8me.yaml");
    copy(&root.join("templates/theme.yaml"), &theme);
    copy(&root.join("templates/theme.yaml"), s("theme.yaml"));

    let render = |option: &str, file: &OsStr| {
        let out = run(
            dir,
            &[
                s("render"),
                s("game.yaml"),
                s(option),
                file,
                s("--format"),
                s("svg"),
            ],
        );
        assert_eq!(out.code, 0, "{option}: {}", out.stderr);
        out.stdout
    };
    assert_eq!(render("--font", &font), render("--font", s("font.ttf")));
    assert_eq!(
        render("--theme", &theme),
        render("--theme", s("theme.yaml"))
    );
    let styled = render("--css", &css);
    assert_eq!(styled, render("--css", s("style.css")));
    assert!(String::from_utf8(styled).unwrap().contains("opacity: 0.5"));
    let sheet = run(dir, &[s("towers"), s("--template"), &template]);
    assert_eq!(sheet.code, 0, "{}", sheet.stderr);
    assert_eq!(sheet.stdout, run(dir, &[s("towers")]).stdout);

    // A refusal names such a file as text.
    let out = run(
        dir,
        &[s("towers"), s("--template"), &name(b"absent-\xe9.yaml")],
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("cannot read absent-\u{fffd}.yaml: no such file"),
        "{}",
        out.stderr
    );
}

#[test]
fn hidden_characters_in_a_name_stay_escaped_beside_bytes_that_are_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    // U+009B (a terminal's command introducer) in UTF-8, then a Latin-1 byte.
    let hostile = name(b"a\xc2\x9b[2J\xe9.yaml");
    std::fs::write(dir.join(&hostile), "game: shoreline\nmoves: [Z]\n").unwrap();
    let s = OsStr::new;
    for (command, stream) in [("check", "stdout"), ("render", "stderr")] {
        let out = run(dir, &[s(command), &hostile]);
        assert_eq!(out.code, 1, "{command}");
        let report = match stream {
            "stdout" => String::from_utf8(out.stdout).unwrap(),
            _ => out.stderr,
        };
        assert!(
            report.contains("a\\u{9b}[2J\u{fffd}.yaml:2:"),
            "{command}: {report}"
        );
        assert!(!report.contains('\u{9b}'), "{command}: {report}");
    }
}
