//! Options that cannot work together are refused before any work, naming both sides, with
//! exit code 2; clap's own refusals keep clap's words.

use crate::common;

/// Runs sheetgen with `args`; it must refuse with exit 2 and say every one of `words`.
fn refused(args: &[&str], words: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    // An `-o` file goes into a temporary folder, where nothing may be left.
    let args: Vec<String> = args
        .iter()
        .map(|a| match a.strip_prefix("OUT/") {
            Some(name) => dir.path().join(name).to_string_lossy().into_owned(),
            None => a.to_string(),
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run(&args);
    assert_eq!(out.code, 2, "{args:?} is refused: {}", out.stderr);
    for word in words {
        assert!(
            out.stderr.contains(word),
            "{args:?} says {word}: {}",
            out.stderr
        );
    }
    assert!(out.stdout.is_empty(), "{args:?} writes nothing");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "{args:?} writes no file"
    );
}

const RECORD: &str = "examples/loa-connection.yaml";

#[test]
fn css_is_refused_for_pdf_and_png() {
    for (format, name) in [("pdf", "PDF"), ("png", "PNG")] {
        refused(
            &[
                "render",
                RECORD,
                "--css",
                "templates/theme.yaml",
                "--format",
                format,
            ],
            &["--css", name],
        );
    }
    refused(
        &["render", RECORD, "--css", "x.css", "-o", "OUT/fig.pdf"],
        &["--css", "PDF"],
    );
}

#[test]
fn dpi_is_refused_for_svg_and_pdf() {
    refused(
        &["render", RECORD, "--dpi", "300", "-o", "OUT/fig.svg"],
        &["--dpi", "SVG"],
    );
    refused(
        &["render", RECORD, "--dpi", "300", "--format", "pdf"],
        &["--dpi", "PDF"],
    );
    refused(
        &["shoreline", "--dpi", "300", "-o", "OUT/s.pdf"],
        &["--dpi", "PDF"],
    );
}

#[test]
fn an_extension_that_is_not_the_format_is_refused() {
    refused(
        &["shoreline", "-o", "OUT/sheet.txt"],
        &["-o", "sheet.txt", ".txt", "pdf, svg or png"],
    );
    refused(
        &["render", RECORD, "-o", "OUT/fig.jpeg"],
        &["fig.jpeg", "--format"],
    );
    refused(&["booklet", RECORD, "-o", "OUT/book.docx"], &[".docx"]);
}

#[test]
fn puzzles_are_refused_with_the_play_sheets_options() {
    for (option, value) in [
        ("--boards", Some("2")),
        ("--rules", None),
        ("--template", Some("templates/club.yaml")),
    ] {
        let mut args = vec!["shoreline", "--puzzles", "6", option];
        args.extend(value);
        args.extend(["-o", "OUT/p.pdf"]);
        refused(&args, &["--puzzles", option]);
    }
}

#[test]
fn an_unknown_theme_lists_the_built_in_themes() {
    refused(
        &["render", RECORD, "--theme", "greyscale"],
        &["greyscale", "color, print, colorblind"],
    );
    refused(
        &["booklet", RECORD, "--theme", "greyscale", "-o", "OUT/b.pdf"],
        &["color, print, colorblind"],
    );
}

#[test]
fn counts_say_they_start_at_1_and_ranges_name_their_ends() {
    // A count has no upper bound of its own: never the type's largest number.
    for args in [
        &["render", RECORD, "--game", "0"][..],
        &["analyze", "examples/shoreline-draw.yaml", "--game", "0"],
    ] {
        refused(args, &["--game", "counts from 1"]);
        let out = common::run(args);
        assert!(!out.stderr.contains("4294967295"), "{}", out.stderr);
    }
    refused(&["shoreline", "--boards", "10"], &["10 is not in 1..=9"]);
}

#[test]
fn a_misspelt_command_suggests_the_nearest() {
    refused(&["shorline"], &["'shorline'", "'shoreline'"]);
    refused(
        &["tower"],
        &["'tower'", "a similar subcommand exists: 'towers'"],
    );
}

#[test]
fn what_does_work_still_works() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    for args in [
        vec!["render", RECORD, "--dpi", "300", "-o", &file("a.png")],
        vec![
            "render",
            RECORD,
            "--css",
            "templates/theme.yaml",
            "-o",
            &file("a.svg"),
        ],
        vec!["render", RECORD, "--format", "svg", "-o", &file("a.out")],
        vec!["shoreline", "--puzzles", "2", "-o", &file("p.pdf")],
        vec![
            "render",
            RECORD,
            "--theme",
            "templates/theme.yaml",
            "-o",
            &file("t.svg"),
        ],
    ] {
        let out = common::run(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    }
}

#[test]
fn a_replay_page_refuses_what_shapes_printed_pages() {
    for option in [
        &["--every", "5"][..],
        &["--per-page", "2"],
        &["--page", "letter"],
        &["--landscape"],
        &["--text-size", "8pt"],
        &["--analysis"],
    ] {
        let mut args = vec![
            "booklet",
            "examples/season",
            "--format",
            "html",
            "-o",
            "OUT/s.html",
        ];
        args.extend_from_slice(option);
        refused(&args, &[option[0], "replay page"]);
    }
}

/// The command line and the Typst plugin draw through one render function: a request one
/// refuses, the other refuses in the same words, each naming the option as its users write
/// it (`--caption` on the command line, `caption` in the plugin's request).
#[test]
fn the_command_line_and_the_typst_plugin_refuse_a_request_alike() {
    let record = "examples/loa-club-game.yaml";
    let text = std::fs::read(record).unwrap();
    for (flag, value, key, json) in [
        ("--caption", "A caption", "caption", r#""A caption""#),
        ("--width", "60mm", "width", r#""60mm""#),
        ("--diagram", "1", "diagram", "1"),
        ("--arrow", "a1:b2", "arrows", r#"["a1:b2"]"#),
    ] {
        let cli = common::run(&["render", record, "--format", "html", flag, value]);
        assert_eq!(cli.code, 2, "{flag}: {}", cli.stderr);
        let request = format!(r#"{{"format": "html", "{key}": {json}}}"#);
        let plugin = sheetgen_typst::render(record.as_bytes(), &text, request.as_bytes())
            .expect_err("the plugin refuses it too");
        // Typst writes its own "error:" before the plugin's message.
        let said = cli.stderr.trim().replace(flag, key);
        assert_eq!(said.strip_prefix("error: "), Some(plugin.trim()), "{flag}");
        assert!(said.contains("shapes one figure"), "{said}");
    }
}

/// A review read back that is not the game's is refused by the command line
/// (`--analysis-from FILE`) and the Typst plugin (`analysis`, the review's text) in the same
/// words; and the plugin, given the game's own review, draws what the search draws.
#[test]
fn the_command_line_and_the_typst_plugin_read_a_review_alike() {
    let dir = tempfile::tempdir().unwrap();
    let review = |record: &str| {
        let out = common::run(&["analyze", record, "--nodes", "800", "--format", "json"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        String::from_utf8(out.stdout).unwrap()
    };
    let (six, connection) = (
        review("examples/loa-6x6.yaml"),
        review("examples/loa-connection.yaml"),
    );
    let record = "examples/loa-6x6.yaml";
    let text = std::fs::read(record).unwrap();
    let broken = six.replacen("\"score\":", "\"score\":\"many\",\"x\":", 3);
    let unknown = six.replacen("\"verdict\":null", "\"verdict\":\"a pity\"", 1);
    for (what, bad) in [
        ("another game's", connection.as_str()),
        ("a malformed", broken.as_str()),
        ("an unknown verdict's", unknown.as_str()),
        ("an empty", ""),
    ] {
        let file = dir.path().join("review.json");
        std::fs::write(&file, bad).unwrap();
        let cli = common::run(&["render", record, "--analysis-from", file.to_str().unwrap()]);
        assert_eq!(cli.code, 2, "{what}: {}", cli.stderr);
        let request = serde_json::json!({ "analysis": bad }).to_string();
        let plugin = sheetgen_typst::render(record.as_bytes(), &text, request.as_bytes())
            .expect_err("the plugin refuses it too");
        let said = cli.stderr.trim().replace("--analysis-from", "analysis");
        assert_eq!(said.strip_prefix("error: "), Some(plugin.trim()), "{what}");
    }
    for at in [None, Some(14)] {
        let searched = serde_json::json!({ "options": {"analysis": true, "nodes": 800}, "at": at });
        let read = serde_json::json!({ "analysis": six, "at": at });
        let draw = |request: serde_json::Value| {
            sheetgen_typst::render(record.as_bytes(), &text, request.to_string().as_bytes())
                .unwrap()
        };
        assert!(draw(read) == draw(searched), "at {at:?}: the same figure");
    }
}

/// What every format refuses, a replay page refuses too, and a file name that names a
/// folder is no file to write (issues 42.2 and 42.10).
#[test]
fn a_position_past_the_end_and_a_folder_name_are_refused_for_every_format() {
    let game = "examples/loa-6x6.yaml";
    for format in ["svg", "html", "text"] {
        let out = common::run(&["render", game, "--format", format, "--at", "999"]);
        assert_eq!(out.code, 2, "{format}: {}", out.stderr);
        assert!(out.stderr.contains("--at 999"), "{format}: {}", out.stderr);
    }
    let dir = tempfile::tempdir().unwrap();
    let out = common::run_in(
        dir.path(),
        &[
            "render",
            &format!("{}/{game}", env!("CARGO_MANIFEST_DIR")),
            "-o",
            "x.svg/",
        ],
    );
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("a folder"), "{}", out.stderr);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

/// A figure takes at most 1,000 annotations (issue 45.3): 20,000 highlights made an 85 MB
/// SVG.
#[test]
fn a_figure_takes_a_bounded_number_of_annotations() {
    let game = "examples/loa-6x6.yaml";
    let mut args = vec!["render", game, "--format", "svg"];
    args.extend(std::iter::repeat_n(["--highlight", "a1"], 1001).flatten());
    let out = common::run(&args);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("at most 1000"), "{}", out.stderr);
    let out = common::run(&args[..args.len() - 2]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}
