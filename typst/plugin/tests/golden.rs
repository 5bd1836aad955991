//! The plugin draws what the command line draws: every golden `render` case of
//! tests/cases/ and every `render` line of output/gallery.txt, sent to the plugin's own
//! functions as lib.typ sends them (name, record text, request JSON), gives the same bytes
//! as the file the command line wrote. And an invalid record's error is the report
//! `sheetgen check` prints.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `render FILE --opt …` as the record file and the request lib.typ would send.
fn request(args: &[&str]) -> Result<(String, Value), String> {
    let ["render", file, rest @ ..] = args else {
        return Err(format!("not a render command: {args:?}"));
    };
    let mut request = Map::new();
    let mut options = Map::new();
    let mut rest = rest.iter();
    let push = |map: &mut Map<String, Value>, key: &str, value: &str| {
        let list = map.entry(key).or_insert_with(|| json!([]));
        list.as_array_mut().unwrap().push(json!(value));
    };
    while let Some(&arg) = rest.next() {
        let mut value = || {
            rest.next()
                .copied()
                .ok_or_else(|| format!("{arg} without a value"))
        };
        match arg {
            "--format" | "--lang" | "--theme" | "--width" | "--caption" | "--text-size" => {
                request.insert(arg[2..].into(), json!(value()?));
            }
            "--nodes" => {
                let n: u64 = value()?.parse().map_err(|e| format!("{arg}: {e}"))?;
                options.insert("nodes".into(), json!(n));
            }
            "--legend" => {
                request.insert("legend".into(), json!(true));
            }
            "--at" | "--diagram" | "--game" => {
                let n: u64 = value()?.parse().map_err(|e| format!("{arg}: {e}"))?;
                request.insert(arg[2..].into(), json!(n));
            }
            "--arrow" | "--mark" | "--label" | "--highlight" => {
                push(&mut request, &format!("{}s", &arg[2..]), value()?);
            }
            "--bare" => {
                request.insert("bare".into(), json!(true));
            }
            "--flip" | "--numbers" | "--analysis" => {
                options.insert(arg[2..].into(), json!(true));
            }
            "--show" => push(&mut options, "show", value()?),
            other => return Err(format!("an option the test does not know: {other}")),
        }
    }
    if !options.is_empty() {
        request.insert("options".into(), Value::Object(options));
    }
    Ok((file.to_string(), Value::Object(request)))
}

/// The plugin's figure for a command line's arguments.
fn draw(args: &[&str]) -> Result<Vec<u8>, String> {
    let (file, request) = request(args)?;
    let text = std::fs::read_to_string(root().join(&file)).map_err(|e| format!("{file}: {e}"))?;
    sheetgen_typst::render(
        file.as_bytes(),
        text.as_bytes(),
        request.to_string().as_bytes(),
    )
}

/// Each difference as a message, or none.
fn compare(what: &str, args: &[&str], expected: &Path) -> Option<String> {
    let expected = std::fs::read(expected).unwrap();
    match draw(args) {
        Ok(actual) if actual == expected => None,
        Ok(actual) => Some(format!(
            "{what}: `{}` draws {} bytes in the plugin, the file holds {}",
            args.join(" "),
            actual.len(),
            expected.len()
        )),
        Err(e) => Some(format!(
            "{what}: `{}` fails in the plugin: {e}",
            args.join(" ")
        )),
    }
}

#[test]
fn every_golden_render_case_is_drawn_byte_for_byte() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut cases: Vec<_> = std::fs::read_dir(root().join("tests/cases"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    for case in cases {
        let cmd = std::fs::read_to_string(case.join("cmd")).unwrap();
        let args: Vec<&str> = cmd.split_whitespace().collect();
        if args.first() != Some(&"render") || case.join("code").exists() {
            continue;
        }
        let expected = ["expected.svg", "expected.txt"]
            .map(|name| case.join(name))
            .into_iter()
            .find(|p| p.exists())
            .unwrap();
        failures.extend(compare(&case.display().to_string(), &args, &expected));
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 9, "only {checked} render cases found");
}

#[test]
fn every_gallery_diagram_is_drawn_byte_for_byte() {
    let gallery = std::fs::read_to_string(root().join("output/gallery.txt")).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in gallery.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let Some(file) = words.next() else { continue };
        let args: Vec<&str> = words.collect();
        // Only what the core draws: SVG and text; themes from files are the CLI's.
        let format = args.windows(2).find(|w| w[0] == "--format").map(|w| w[1]);
        let themed_by_file = args
            .windows(2)
            .any(|w| w[0] == "--theme" && w[1].contains('/'));
        if args[0] != "render" || !matches!(format, Some("svg" | "text")) || themed_by_file {
            continue;
        }
        let expected = root().join("output").join(file);
        failures.extend(compare(file, &args, &expected));
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 30, "only {checked} gallery diagrams found");
}

#[test]
fn an_illegal_move_is_the_report_check_prints() {
    // snippet_quoted_move_text: `sheetgen check` on it prints the report between its
    // "#1: invalid" line and the tally.
    let case = root().join("tests/cases/snippet_quoted_move_text");
    let name = "tests/cases/snippet_quoted_move_text/input.yaml";
    let text = std::fs::read_to_string(case.join("input.yaml")).unwrap();
    let expected = std::fs::read_to_string(case.join("expected.txt")).unwrap();
    let report: Vec<&str> = expected.lines().collect();
    let report = report[1..report.len() - 1].join("\n");
    // Typst writes its own "error:" before a plugin's message.
    let report = report.strip_prefix("error: ").unwrap();
    for function in [
        sheetgen_typst::render,
        sheetgen_typst::summary,
        sheetgen_typst::moves,
    ] {
        let error = function(name.as_bytes(), text.as_bytes(), b"{}").unwrap_err();
        assert_eq!(error.trim_end(), report.trim_end());
    }
}

#[test]
fn the_summary_and_moves_are_json() {
    let text = std::fs::read_to_string(root().join("examples/shoreline-evening.yaml")).unwrap();
    let summary = sheetgen_typst::summary(b"evening.yaml", text.as_bytes(), b"{}").unwrap();
    let summary: Value = serde_json::from_slice(&summary).unwrap();
    assert_eq!(summary["game"], "shoreline");
    for key in ["title", "players", "winner", "score", "moves", "outcome"] {
        assert!(summary.get(key).is_some(), "no {key} in {summary}");
    }
    let moves = sheetgen_typst::moves(b"evening.yaml", text.as_bytes(), b"{}").unwrap();
    let moves: Vec<String> = serde_json::from_slice(&moves).unwrap();
    assert_eq!(moves.len() as u64, summary["moves"].as_u64().unwrap());
}

#[test]
fn a_bad_request_or_a_second_game_that_is_not_there_is_an_error() {
    let text = b"game: shoreline\nmoves: [A, E, A]\n";
    let error = sheetgen_typst::render(b"r", text, br#"{"colour": "red"}"#).unwrap_err();
    assert!(error.contains("colour"), "{error}");
    let error = sheetgen_typst::moves(b"r", text, br#"{"game": 2}"#).unwrap_err();
    assert!(error.contains("holds 1 game"), "{error}");
    let error = sheetgen_typst::render(b"r", b"\xff", b"{}").unwrap_err();
    assert!(error.contains("UTF-8"), "{error}");
    // Sizes are bounded before any work (issue 45.3): a long caption, a long name.
    let caption = format!(r#"{{"caption": "{}"}}"#, "x".repeat(9_000_000));
    let error = sheetgen_typst::render(b"r", text, caption.as_bytes()).unwrap_err();
    assert!(
        error.starts_with("the request is 9000015 bytes"),
        "{}",
        &error[..80]
    );
    let name = vec![b'n'; 60_000_000];
    let error = sheetgen_typst::render(&name, text, b"{}").unwrap_err();
    assert!(
        error.len() < 200,
        "the name is not repeated: {}",
        &error[..200]
    );
}

/// The package's errors name its own arguments (`at:`), never a command-line option, and
/// Typst's own "error:" is the only one (issue 43.5).
#[test]
fn errors_name_the_packages_arguments() {
    let text = std::fs::read(root().join("examples/loa-club-game.yaml")).unwrap();
    let refused = |request: &str| {
        sheetgen_typst::render(b"game.yaml", &text, request.as_bytes()).unwrap_err()
    };
    let past = refused(r#"{"at": 1000}"#);
    assert!(past.starts_with("at: 1000 is past the game's "), "{past}");
    let past = refused(r#"{"at": "60..."}"#);
    assert!(
        past.starts_with("at: 60... is past the game's last move"),
        "{past}"
    );
    let theme = refused(r#"{"theme": "neon"}"#);
    assert!(theme.contains("default, print and colorblind"), "{theme}");
    let caption = refused(r#"{"format": "html", "caption": "c"}"#);
    assert!(
        caption.starts_with("caption shapes one figure"),
        "{caption}"
    );
    for error in [past, theme, caption] {
        assert!(
            !error.contains("--") && !error.contains("error:"),
            "{error}"
        );
    }
    let numbered = sheetgen_typst::render(b"game.yaml", &text, br#"{"at": "6..."}"#).unwrap();
    let counted = sheetgen_typst::render(b"game.yaml", &text, br#"{"at": 12}"#).unwrap();
    assert_eq!(numbered, counted, "6... is the 12th move");
}

#[test]
fn the_test_reads_command_lines_as_requests() {
    let (file, json) = request(&[
        "render",
        "a.yaml",
        "--at",
        "3",
        "--show",
        "lines:b8",
        "--show",
        "moves:b8",
        "--bare",
        "--mark",
        "a1:circle",
    ])
    .unwrap();
    assert_eq!(file, "a.yaml");
    assert_eq!(
        json,
        json!({"at": 3, "bare": true, "marks": ["a1:circle"],
               "options": {"show": ["lines:b8", "moves:b8"]}})
    );
    assert!(request(&["render", "a.yaml", "--font", "x.ttf"]).is_err());
}

#[test]
fn a_position_is_drawn_as_render_draws_it_and_an_impossible_one_is_located() {
    let text = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";
    // What lib.typ's position() sends: no record, the position in the request.
    let request = json!({"game": 1, "width": "50mm", "position": {"game": "loa", "text": text}});
    let svg = sheetgen_typst::render(b"--position", b"", request.to_string().as_bytes()).unwrap();
    // The same position as a record's `position:`, which render draws from a file.
    let record = format!("game: loa\nposition: \"{text}\"\n");
    let from_record =
        sheetgen_typst::render(b"r.yaml", record.as_bytes(), br#"{"width": "50mm"}"#).unwrap();
    assert_eq!(
        svg, from_record,
        "a position given alone draws as the record's"
    );
    assert!(String::from_utf8_lossy(&svg).contains("width=\"50mm\""));
    let bad = json!({"position": {"game": "shoreline", "text": "5/5/2b2/5/2w2 b"}});
    let error = sheetgen_typst::render(b"--position", b"", bad.to_string().as_bytes()).unwrap_err();
    assert!(error.contains("--position:1:6"), "{error}");
    assert!(error.contains("C3"), "{error}");
}
