//! Usage errors in the job's language: every English template the code words a message in
//! (`Phrase::new("…")`, `Phrase::counted(n, "…", "…")`) has its translation in every
//! language's table of messages, and `--lang` words a usage error as it words a rule broken.

use std::path::Path;

use sheetgen_core::backend::format::FORMATS;
use sheetgen_core::words::Lang;

use crate::common::{run, run_in};

/// The folders whose sources word messages.
const SOURCES: [&str; 4] = ["crates", "src", "typst", "web"];

/// The string literal that starts at `text[0]` (a `"`), as Rust reads it, and the text after
/// it: escapes and line continuations (`\` at a line's end) undone.
fn literal(text: &str) -> Option<(String, &str)> {
    let mut chars = text.strip_prefix('"')?.char_indices().peekable();
    let mut read = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((read, &text[i + 2..])),
            '\\' => match chars.next()?.1 {
                '\n' => while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {},
                'n' => read.push('\n'),
                't' => read.push('\t'),
                other => read.push(other),
            },
            c => read.push(c),
        }
    }
    None
}

/// Every template written as a literal in `source`.
fn templates_in(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (opening, count) in [("Phrase::new(", 1), ("Phrase::counted(", 2)] {
        for (at, _) in source.match_indices(opening) {
            let mut rest = &source[at + opening.len()..];
            if count == 2 {
                // The count comes first: `Phrase::counted(n, "1 board", "{n} boards")`.
                rest = &rest[rest.find('"').unwrap_or(rest.len())..];
            }
            for _ in 0..count {
                let Some((template, after)) = literal(rest.trim_start()) else {
                    break; // not a literal: `Phrase::new(english)`
                };
                found.push(template);
                rest = after.trim_start().trim_start_matches(',');
            }
        }
    }
    found
}

fn rust_files(folder: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() && name != "target" && name != "node_modules" {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn every_message_template_in_the_code_is_translated() {
    let mut files = Vec::new();
    for folder in SOURCES {
        rust_files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(folder),
            &mut files,
        );
    }
    let mut templates: Vec<(String, String)> = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        let shown = file.display().to_string();
        templates.extend(
            templates_in(&source)
                .into_iter()
                .map(|t| (t, shown.clone())),
        );
    }
    // The formats' words, which usage errors name ("--css styles SVG output only").
    for spec in FORMATS {
        templates.push((spec.called.to_string(), "FORMATS".into()));
        for option in spec.options {
            templates.push((option.does.to_string(), "FORMATS".into()));
        }
    }
    assert!(templates.len() > 100, "{} templates found", templates.len());
    assert!(
        templates
            .iter()
            .any(|(t, _)| t == "--boards must be 1 to {most}, not {n}"),
        "the usage errors are read"
    );
    let mut untranslated = Vec::new();
    for lang in [Lang::De, Lang::Fr, Lang::Zh] {
        for (template, file) in &templates {
            let key = format!("{}:", serde_json::to_string(template).unwrap());
            // In the table of messages, and not in the drawn words' table, whose value
            // would win ("{n} half-moves" is dative on a diagram).
            let said = lang.messages_source().lines().any(|l| l.starts_with(&key));
            let drawn = lang.source().lines().any(|l| l.starts_with(&key));
            if !said || drawn {
                untranslated.push(format!("{} {file}: {template}", lang.name()));
            }
        }
    }
    assert!(
        untranslated.is_empty(),
        "templates/messages/ lacks (or templates/lang/ overrides):\n{}",
        untranslated.join("\n")
    );
}

#[test]
fn a_template_literal_is_read_as_rust_reads_it() {
    let source = r#"Error::Usage(Phrase::new(
                "--first is for blank \
                 sheets: `rules: \"first\"`",
            ).with("n", 1)); Phrase::counted(games.len(), "1 game",
            "{n} games"); Phrase::new(english)"#;
    assert_eq!(
        templates_in(source),
        [
            "--first is for blank sheets: `rules: \"first\"`",
            "1 game",
            "{n} games"
        ]
    );
}

#[test]
fn a_usage_error_is_worded_in_the_language_asked() {
    let refused = [
        "shoreline",
        "--puzzles",
        "3",
        "examples/shoreline-draw.yaml",
    ];
    let english = run(&refused);
    assert_eq!(english.code, 2);
    assert_eq!(
        english.stderr,
        "error: --puzzles makes its own positions; leave out the record files\n"
    );
    let german = run(&[&["--lang", "de"], &refused[..]].concat());
    assert_eq!(german.code, 2);
    assert_eq!(
        german.stderr,
        "error: --puzzles erzeugt eigene Stellungen; lass die Partiedateien weg\n"
    );
    // A refusal when the job runs, with its values, in the command's own --lang.
    let cut = ["shoreline", "--boards", "1", "--cut-marks", "-o", "-"];
    let french = run(&[&cut[..], &["--lang", "fr"]].concat());
    assert_eq!(french.code, 2);
    assert_eq!(
        french.stderr,
        "error: --cut-marks indique où séparer les plateaux ; une feuille à un seul plateau \
         n’a rien à couper : utilisez --boards 2 ou plus\n"
    );
    let chinese = run(&[
        "--lang",
        "zh",
        "render",
        "examples/shoreline-draw.yaml",
        "--game",
        "9",
        "-o",
        "-",
        "--format",
        "svg",
    ]);
    assert_eq!(chinese.code, 2);
    assert_eq!(
        chinese.stderr,
        "error: --game 9：examples/shoreline-draw.yaml 中只有 1 局\n"
    );
}

/// A file that cannot be read or written is said in the language asked, the file named
/// and the system's reason kept; the output written last (a read-only file) too.
#[test]
fn an_io_error_is_worded_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let missing = run_in(
        &dir,
        &["--lang", "de", "render", "missing.yaml", "-o", "a.svg"],
    );
    assert_eq!(missing.code, 2);
    assert_eq!(
        missing.stderr,
        "error: missing.yaml kann nicht gelesen werden: Datei nicht gefunden\n"
    );
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/shoreline-draw.yaml");
    let record = record.to_str().unwrap();
    let folder = run_in(&dir, &["render", ".", "-o", "a.svg", "--lang", "fr"]);
    assert_eq!(folder.code, 2);
    assert_eq!(
        folder.stderr,
        "error: impossible de lire . : c’est un dossier, pas un fichier ; render dessine une \
         partie d’un fichier (booklet prend des dossiers)\n"
    );
    // Written after the drawing is made: said in the command's language all the same.
    std::fs::create_dir(dir.path().join("out.svg")).unwrap();
    let into_folder = run_in(&dir, &["--lang", "zh", "render", record, "-o", "out.svg"]);
    assert_eq!(into_folder.code, 2);
    assert_eq!(
        into_folder.stderr,
        "error: 无法写入 out.svg：这是一个文件夹\n"
    );
}

/// An output that cannot be drawn, in the job's `--lang` with its exit code as in English: a
/// record text too long for its place on a sheet (exit 1), a PNG larger than sheetgen makes
/// (exit 2), a `--font` that is no font (exit 1). The words from the tables, the values (sizes, counts) as the English has
/// them.
#[test]
fn a_render_error_is_worded_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let name = "Wolfgang ".repeat(30);
    let record = format!(
        "game: shoreline\nplayers: {{ black: \"{}\" }}\nmoves: [C, B, C, D]\n",
        name.trim()
    );
    std::fs::write(dir.path().join("g.yaml"), record).unwrap();
    let said = |lang: &str, args: &[&str], code: i32| {
        let out = run_in(&dir, &[&["--lang", lang], args].concat());
        assert_eq!(out.code, code, "{lang} {args:?}: {}", out.stderr);
        out.stderr
    };
    let numbers = |text: &str| {
        let mut found: Vec<String> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(String::from)
            .collect();
        found.sort();
        found
    };
    let name_line = ["shoreline", "g.yaml", "--format", "svg"];
    let english = said("en", &name_line, 1);
    assert!(english.starts_with("error: the record's `players: black`: \"Wolfgang"));
    let german = said("de", &name_line, 1);
    assert!(
        german.starts_with("error: `players: black` der Aufzeichnung: \"Wolfgang")
            && german.contains(" mm breit, und das Blatt hat dafür "),
        "{german}"
    );
    assert_eq!(numbers(&german), numbers(&english));
    let png = ["shoreline", "--boards", "4", "--dpi", "1200", "-o", "s.png"];
    let english = said("en", &png, 2);
    assert!(
        english.starts_with("error: cannot make the PNG: "),
        "{english}"
    );
    let german = said("de", &png, 2);
    assert!(
        german.starts_with("error: das PNG kann nicht erstellt werden: ")
            && german.contains(" Pixel sind mehr, als ein PNG von sheetgen haben darf (")
            && german.ends_with(" oder weniger passt\n"),
        "{german}"
    );
    assert_eq!(numbers(&german), numbers(&english));
    assert!(!dir.path().join("s.png").exists(), "nothing written");
    // A --font file that is no font: sheetgen's words translated, the parser's as they are.
    std::fs::write(dir.path().join("f.ttf"), "not a font").unwrap();
    let no_font = ["shoreline", "g.yaml", "--font", "f.ttf", "--format", "svg"];
    let english = said("en", &no_font, 1);
    let why = english
        .strip_prefix("error: --font f.ttf: it is not a TrueType or OpenType font (")
        .unwrap_or_else(|| panic!("{english}"));
    assert_eq!(
        said("fr", &no_font, 1),
        format!("error: --font f.ttf : ce n’est pas une police TrueType ou OpenType ({why}")
    );
}

/// A figure request's refusals, an `--at` past the end and a review read back of another
/// game, in the job's `--lang`: words from the tables, the values (moves, counts) as they are.
#[test]
fn a_request_error_is_worded_in_the_language_asked() {
    let past = |lang: &str, record: &str, at: &str| {
        let out = run(&["--lang", lang, "render", record, "--at", at, "-o", "-"]);
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(out.stdout.is_empty(), "nothing drawn");
        out.stderr
    };
    let six = "examples/loa-6x6.yaml";
    assert_eq!(
        past("de", six, "99"),
        "error: --at 99: die Partie hat nur 22 Halbzüge\n"
    );
    assert_eq!(
        past("fr", "examples/towers-complete.yaml", "20"),
        "error: --at 20 : la partie ne compte que 13 tours\n"
    );
    assert_eq!(
        past("zh", "examples/towers-complete.yaml", "6..."),
        "error: --at：`6...` 不是回合：一个回合包含双方的着法，所以应写作 `6.` 或 6\n"
    );
    assert_eq!(
        past("de", six, "40."),
        "error: --at 40.: die Partie endet mit 11... c2-e2\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let review = dir.path().join("review.json");
    let review = review.to_str().unwrap();
    let analyze = ["analyze", six, "--nodes", "300", "--format", "json"];
    let out = run(&[&analyze[..], &["-o", review]].concat());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let other = "examples/loa-winands-E1.yaml";
    let read = |lang: &str| run(&["--lang", lang, "render", other, "--analysis-from", review]);
    let german = read("de");
    assert_eq!(german.code, 2, "{}", german.stderr);
    assert!(german.stdout.is_empty(), "nothing drawn");
    assert_eq!(
        german.stderr,
        "error: --analysis-from: Zeile 1: der Zug 1. b6-f6 der Analyse ist nicht der Zug 1. \
         c8-c6 der Aufzeichnung: es ist die Analyse einer anderen Partie\n"
    );
    let english = read("en");
    assert_eq!(
        english.stderr,
        "error: --analysis-from: line 1: the review's move 1. b6-f6 is not the record's 1. \
         c8-c6: it is the review of another game\n"
    );
}

/// A character the font lacks in a record's text is refused at its place in the job's
/// language, as an invalid input (exit 1), never as a rule broken (no ruling cited).
#[test]
fn a_character_the_font_lacks_in_a_record_is_worded_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.yaml"),
        "game: loa\nplayers: { black: 陈, white: Nguyễn Văn Ánh }\nmoves: b1-b3 a2-c2\n",
    )
    .unwrap();
    let german = run_in(&dir, &["--lang", "de", "render", "g.yaml", "-o", "g.svg"]);
    assert_eq!(german.code, 1);
    assert!(
        german.stderr.starts_with(
            "error: das Zeichen '陈' (U+9648) ist nicht in der Schrift von sheetgen; nimm \
             --font FILE"
        ),
        "{}",
        german.stderr
    );
    assert!(
        german.stderr.contains("--> g.yaml:2:19"),
        "{}",
        german.stderr
    );
    assert!(!german.stderr.contains("Regelung"), "{}", german.stderr);
}
