//! The bad-input catalogue for what every command shares: malformed, hostile, enormous or
//! binary files, and files that are not files. Each case states the exit code, the place and
//! the words of its message; none may panic. The per-game catalogues (illegal moves of every
//! kind, wrong claimed results, moves after the end, SGF of another game) are in
//! shoreline_records.rs, loa.rs and towers.rs. The cases that are plain files live in
//! tests/cases/bad_*/, where the golden test pins `render`'s whole report for each.

use crate::common::{self, assert_located, run_in};

struct Case {
    name: &'static str,
    /// The file name the case is written under, in a fresh directory.
    file: &'static str,
    content: Content,
    code: i32,
    /// `:line:column` after the file name, or the whole place text when it starts otherwise.
    location: &'static str,
    words: &'static str,
}

enum Content {
    /// The `input.yaml` of a golden case, `tests/cases/<name>/`, whose `expected.stderr` is
    /// the whole report of `render`; here every command must refuse it.
    Case(&'static str),
    /// Made by a function, so large files are built only when run and no binary file is kept.
    Made(fn() -> Vec<u8>),
}

impl Content {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Content::Case(name) => {
                let path = format!("tests/cases/{name}/input.yaml");
                std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
            }
            Content::Made(make) => make(),
        }
    }
}

/// An alias bomb: nine references to a list of nine references, eleven levels deep. Were it
/// expanded it would hold 9^11 (31 billion) values. (`tests/cases/bad_alias_bomb/` holds the
/// file; this builds it again to show what it is.)
fn alias_bomb() -> Vec<u8> {
    let mut lines = vec![
        "game: shoreline".to_string(),
        "moves: []".to_string(),
        "diagrams:".to_string(),
    ];
    lines.push("  - highlight: &a0 [a1, a1, a1, a1, a1, a1, a1, a1, a1]".into());
    for i in 1..12 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        lines.push(format!("  - arrows: &a{i} [{refs}]"));
    }
    (lines.join("\n") + "\n").into_bytes()
}

#[test]
fn the_alias_bomb_case_is_the_bomb() {
    assert_eq!(Content::Case("bad_alias_bomb").bytes(), alias_bomb());
    let deep = Content::Case("bad_deep_nesting").bytes();
    assert_eq!(
        deep,
        format!(
            "game: shoreline\nmoves: {}{}\n",
            "[".repeat(10_000),
            "]".repeat(10_000)
        )
        .into_bytes()
    );
}

fn hundred_megabytes() -> Vec<u8> {
    let mut bytes = b"game: shoreline\nmoves: []\n# ".to_vec();
    bytes.resize(100 * 1024 * 1024, b'x');
    bytes
}

fn binary() -> Vec<u8> {
    (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect()
}

fn not_utf8() -> Vec<u8> {
    Content::Case("bad_not_utf8").bytes()
}

const CATALOGUE: &[Case] = &[
    Case {
        name: "tabs",
        file: "tabs.yaml",
        content: Content::Case("bad_tabs"),
        code: 1,
        location: ":3:1",
        words: "a tab indents this line; YAML allows only spaces",
    },
    Case {
        name: "duplicate keys",
        file: "dup.yaml",
        content: Content::Case("bad_duplicate_keys"),
        code: 1,
        location: ":3:1",
        words: "`moves` is given twice",
    },
    Case {
        name: "alias bomb",
        file: "bomb.yaml",
        content: Content::Case("bad_alias_bomb"),
        code: 1,
        location: ":9:28",
        words: "the document is too large to be read",
    },
    Case {
        name: "deep nesting",
        file: "deep.yaml",
        content: Content::Case("bad_deep_nesting"),
        code: 1,
        location: ":2:",
        words: "recursion limit exceeded",
    },
    Case {
        name: "100 MB",
        file: "huge.yaml",
        content: Content::Made(hundred_megabytes),
        code: 1,
        location: "huge.yaml",
        words: "the file is 104857600 bytes, too large",
    },
    Case {
        name: "binary",
        file: "binary.yaml",
        content: Content::Made(binary),
        code: 1,
        location: "binary.yaml",
        words: "this is a binary file, not YAML text",
    },
    Case {
        name: "not UTF-8",
        file: "latin1.yaml",
        content: Content::Case("bad_not_utf8"),
        code: 1,
        location: "latin1.yaml:2",
        words: "the file is not UTF-8 text",
    },
    Case {
        name: "empty",
        file: "empty.yaml",
        content: Content::Case("bad_empty"),
        code: 1,
        location: "empty.yaml",
        words: "the file holds no game record",
    },
    Case {
        name: "only comments",
        file: "comments.yaml",
        content: Content::Case("bad_only_comments"),
        code: 1,
        location: "comments.yaml",
        words: "the file holds no game record",
    },
    Case {
        name: "not a mapping",
        file: "list.yaml",
        content: Content::Case("bad_not_a_mapping"),
        code: 1,
        location: ":1:1",
        words: "expected keys with values here (`key: value`)",
    },
    Case {
        name: "BOM and CRLF",
        file: "bom.yaml",
        content: Content::Case("bad_bom_and_crlf"),
        code: 1,
        location: ":2:12",
        words: "`Q` is not a move",
    },
    Case {
        name: "misspelt key",
        file: "key.yaml",
        content: Content::Case("bad_misspelt_key"),
        code: 1,
        location: ":1:1",
        words: "unknown key `gmae`",
    },
];

#[test]
fn every_shared_bad_input_is_a_clear_error_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    for case in CATALOGUE {
        let file = case.file;
        std::fs::write(dir.path().join(file), case.content.bytes()).unwrap();
        let location = if case.location.starts_with(':') {
            format!("{file}{}", case.location)
        } else {
            case.location.to_string()
        };
        for command in [&["check"][..], &["render"], &["booklet"], &["shoreline"]] {
            let mut args = command.to_vec();
            args.push(file);
            if command[0] != "check" {
                args.extend(["-o", "out.pdf"]);
            }
            let out = run_in(dir.path(), &args);
            let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
            assert_eq!(out.code, case.code, "{} / {command:?}: {report}", case.name);
            assert_located(case.name, &report, &location, case.words);
            if command[0] != "booklet" {
                assert!(
                    !dir.path().join("out.pdf").exists(),
                    "{} / {command:?} wrote a file",
                    case.name
                );
            }
            let _ = std::fs::remove_file(dir.path().join("out.pdf"));
        }
    }
}

#[test]
fn a_directory_or_a_missing_file_is_exit_2_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    for command in ["check", "render", "import", "booklet", "shoreline"] {
        for (file, words) in [
            ("games", "it is a directory"),
            ("missing.yaml", "no such file"),
        ] {
            let out = run_in(dir.path(), &[command, file]);
            let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
            assert_eq!(out.code, 2, "{command} {file}: {report}");
            assert!(report.contains(words), "{command} {file}: {report}");
        }
    }
}

#[test]
fn import_refuses_hostile_files_too() {
    let dir = tempfile::tempdir().unwrap();
    for (file, content, words) in [
        ("big.txt", hundred_megabytes(), "too large"),
        ("binary.sgf", binary(), "binary file"),
        ("latin1.txt", not_utf8(), "not UTF-8"),
        ("empty.txt", Vec::new(), "no moves found"),
        (
            "deep.sgf",
            format!("(;GM[9]{}{})", "(".repeat(100_000), ")".repeat(100_000)).into_bytes(),
            "the SGF game has no moves",
        ),
        (
            "open.sgf",
            format!("(;GM[9];B[d1-b3]{}", "(".repeat(100_000)).into_bytes(),
            "ends before its game tree is closed",
        ),
    ] {
        std::fs::write(dir.path().join(file), content).unwrap();
        let out = run_in(dir.path(), &["import", file]);
        assert_eq!(out.code, 1, "{file}: {}", out.stderr);
        assert!(out.stderr.contains(words), "{file}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{file}");
    }
}

/// Inputs the fuzzers found crashing sheetgen, kept so the crashes stay fixed.
#[test]
fn inputs_the_fuzzers_found_stay_harmless() {
    let root = env!("CARGO_MANIFEST_DIR");
    // Move text whose words cannot all be found as written (escapes): located, not a panic.
    let out = common::run(&[
        "check",
        &format!("{root}/tests/data/fuzz/records-escaped-move-text.yaml"),
    ]);
    assert_eq!(out.code, 1);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("there is no square c1a on the 8×8 board")
    );
    // An SGF comment with a control character: the imported record must still read.
    let out = common::run(&[
        "import",
        &format!("{root}/tests/data/fuzz/import-control-character-comment.sgf"),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("imported.yaml"), &out.stdout).unwrap();
    assert_eq!(run_in(dir.path(), &["check", "imported.yaml"]).code, 0);
}

#[test]
fn output_never_replaces_its_own_input() {
    let dir = tempfile::tempdir().unwrap();
    let record = std::fs::read(format!(
        "{}/examples/shoreline-draw.yaml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(dir.path().join("game.yaml"), &record).unwrap();
    std::fs::write(dir.path().join("game.txt"), "1. b1-b3 h3-e3").unwrap();
    for args in [
        &["render", "game.yaml", "-o", "game.yaml"][..],
        &["render", "game.yaml", "-o", "./game.yaml"],
        &["shoreline", "game.yaml", "-o", "game.yaml"],
        &["booklet", "game.yaml", "-o", "game.yaml"],
        &["import", "game.txt", "-o", "game.txt"],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(
            out.stderr
                .contains("sheetgen does not write over its input"),
            "{args:?}: {}",
            out.stderr
        );
    }
    assert_eq!(std::fs::read(dir.path().join("game.yaml")).unwrap(), record);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("game.txt")).unwrap(),
        "1. b1-b3 h3-e3"
    );
}

#[test]
fn a_file_of_too_many_documents_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let many = "{game: chess}\n---\n".repeat(sheetgen_core::load::MAX_DOCUMENTS + 1);
    std::fs::write(dir.path().join("many.yaml"), many).unwrap();
    let out = run_in(dir.path(), &["check", "many.yaml"]);
    assert_eq!(out.code, 1);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("holds 100001 documents; sheetgen reads at most 100000"),
        "{report}"
    );
}

#[test]
fn a_booklet_of_more_than_a_thousand_diagrams_is_refused_before_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let moves = ["b1-b3", "a2-c2", "b3-b1", "c2-a2"].repeat(300).join(", ");
    std::fs::write(
        dir.path().join("long.yaml"),
        format!("game: loa\nrules: {{repetition: off}}\nmoves: [{moves}]\n"),
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["booklet", "long.yaml", "--every", "1", "-o", "b.pdf"],
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("would hold 1200 diagrams"),
        "{}",
        out.stderr
    );
    assert!(!dir.path().join("b.pdf").exists());
}

/// Players written at the top (`black: Ann`), as a score sheet lists them, are refused with
/// where they go.
#[test]
fn players_at_the_top_are_shown_where_they_go() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.yaml"),
        "game: shoreline\nblack: Иван\nmoves: [C]\n",
    )
    .unwrap();
    let out = crate::common::run_in(dir.path(), &["check", "p.yaml"]);
    assert_eq!(out.code, 1);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("p.yaml:2:1"), "{report}");
    assert!(
        report.contains("players: { black: …, white: … }"),
        "{report}"
    );
}

#[test]
fn a_text_longer_than_a_page_is_refused_at_its_key() {
    // A 3.9 MB title: refused where it is written, in every drawing command, not when a page
    // of it is found too full.
    let dir = tempfile::tempdir().unwrap();
    let title = "T".repeat(3_900_000);
    let record = format!("game: shoreline\ntitle: \"{title}\"\nmoves: [A, E]\n");
    std::fs::write(dir.path().join("g.yaml"), record).unwrap();
    for args in [
        &["render", "g.yaml", "-o", "g.svg"][..],
        &["render", "g.yaml", "-o", "g.pdf"],
        &["booklet", "g.yaml", "-o", "b.pdf"],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("g.yaml:2:8"),
            "{args:?}: {}",
            out.stderr
        );
        assert!(
            out.stderr.contains("3900000 characters"),
            "{args:?}: {}",
            out.stderr
        );
    }
}
