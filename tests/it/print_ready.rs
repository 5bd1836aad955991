//! Print-ready sheets (issue 14): actual size in every PDF, the scale bar, cut marks, a
//! template for every sheet (printed by `sheetgen template`, given back byte for byte), short
//! rules and languages.

use crate::common::{pdf_text, run};

/// Every sheet command, as a user runs it.
const SHEETS: [&[&str]; 4] = [
    &["shoreline", "--boards", "4"],
    &["towers"],
    &["loa"],
    &["loa", "--scoresheet"],
];

fn args<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

#[test]
fn every_pdf_of_the_gallery_asks_to_print_at_actual_size() {
    let manifest = std::fs::read_to_string("output/gallery.txt").unwrap();
    let mut checked = 0;
    for line in manifest.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let Some(file) = words.next() else { continue };
        if !file.ends_with(".pdf") {
            continue;
        }
        // The gallery's file, which gallery::every_gallery_file_is_up_to_date proves is what
        // its line makes now.
        let pdf = std::fs::read(std::path::Path::new("output").join(file)).unwrap();
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        let catalog = doc.catalog().unwrap();
        let preferences = catalog
            .get(b"ViewerPreferences")
            .and_then(lopdf::Object::as_dict)
            .unwrap_or_else(|_| panic!("{file}: no ViewerPreferences"));
        assert_eq!(
            preferences.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None",
            "{file}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} PDFs in the gallery");
}

/// The scale bar's line in an SVG: its x1 and x2 (viewBox units are millimetres).
fn scale_bar(svg: &str) -> (f64, String) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let bar = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("class") == Some("scale-bar"))
        .expect("a group of class scale-bar");
    let line = bar
        .descendants()
        .find(|n| n.has_tag_name("line") || n.has_tag_name("path"))
        .expect("the bar");
    let length = if line.has_tag_name("line") {
        let x = |a| line.attribute(a).unwrap().parse::<f64>().unwrap();
        x("x2") - x("x1")
    } else {
        // "M x1 y L x2 y"
        let d: Vec<f64> = line
            .attribute("d")
            .unwrap()
            .split(|c: char| c.is_ascii_alphabetic() || c == ' ' || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        d[2] - d[0]
    };
    let label: String = bar
        .descendants()
        .filter(|n| n.is_text())
        .map(|n| n.text().unwrap())
        .collect();
    (length, label)
}

#[test]
fn every_sheet_carries_a_100_mm_scale_bar_and_4_in_on_letter() {
    for sheet in SHEETS {
        for (page, length, label) in [("a4", 100.0, "100 mm"), ("letter", 101.6, "4 in")] {
            for landscape in [false, true] {
                let mut a = args(sheet, &["--format", "svg", "--page", page]);
                if landscape {
                    a.push("--landscape");
                }
                let out = run(&a);
                assert_eq!(out.code, 0, "{a:?}: {}", out.stderr);
                let (bar, text) = scale_bar(&String::from_utf8(out.stdout).unwrap());
                assert!((bar - length).abs() < 1e-6, "{a:?}: {bar} mm");
                assert!(text.contains(label), "{a:?}: {text}");
            }
        }
    }
}

/// The end points of every line in the SVG group of class `class`.
fn lines_of(svg: &str, class: &str) -> Vec<[f64; 4]> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let Some(group) = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
    else {
        return Vec::new();
    };
    group
        .descendants()
        .filter(|n| n.has_tag_name("line"))
        .map(|n| ["x1", "y1", "x2", "y2"].map(|a| n.attribute(a).unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn cut_marks_mark_every_board_corner_5_mm_or_more_from_the_edge() {
    for (boards, landscape) in [("2", false), ("4", false), ("6", true), ("9", false)] {
        let mut a = vec![
            "shoreline",
            "--boards",
            boards,
            "--cut-marks",
            "--format",
            "svg",
        ];
        if landscape {
            a.push("--landscape");
        }
        let out = run(&a);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let svg = String::from_utf8(out.stdout).unwrap();
        let marks = lines_of(&svg, "cut-marks");
        let n: usize = boards.parse().unwrap();
        // Two arms at every corner; neighbours sharing a cut line share its marks.
        assert!(
            (8..=8 * n).contains(&marks.len()),
            "{boards} boards: {} marks",
            marks.len()
        );
        // Marks on one line stay apart: those of two boards never join across the gap.
        for (i, a) in marks.iter().enumerate() {
            for b in &marks[i + 1..] {
                let vertical = |m: &[f64; 4]| (m[0] - m[2]).abs() < 1e-6;
                let (along, across): ([usize; 2], f64) = match (vertical(a), vertical(b)) {
                    (true, true) => ([1, 3], a[0] - b[0]),
                    (false, false) => ([0, 2], a[1] - b[1]),
                    _ => continue,
                };
                if across.abs() > 1e-6 {
                    continue;
                }
                let (a0, a1) = (a[along[0]], a[along[1]]);
                let (b0, b1) = (b[along[0]], b[along[1]]);
                let gap = a0.min(a1).max(b0.min(b1)) - a0.max(a1).min(b0.max(b1));
                assert!(gap >= 1.0, "{boards} boards: {a:?} and {b:?} join");
            }
        }
        let (w, h) = if landscape {
            (297.0, 210.0)
        } else {
            (210.0, 297.0)
        };
        for [x1, y1, x2, y2] in marks {
            for (x, y) in [(x1, y1), (x2, y2)] {
                assert!(
                    x >= 5.0 && y >= 5.0 && x <= w - 5.0 && y <= h - 5.0,
                    "{x},{y}"
                );
            }
        }
    }
    let plain = run(&["shoreline", "--boards", "4", "--format", "svg"]);
    assert!(lines_of(&String::from_utf8(plain.stdout).unwrap(), "cut-marks").is_empty());
}

#[test]
fn cut_marks_on_a_one_board_sheet_are_refused() {
    let out = run(&["shoreline", "--boards", "1", "--cut-marks"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--cut-marks"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
}

#[test]
fn the_printed_template_given_back_makes_the_same_sheet_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    for (game, sheets) in [
        (
            "shoreline",
            &[&["shoreline", "--boards", "4", "--rules"][..]][..],
        ),
        ("towers", &[&["towers", "--rules"][..]]),
        ("loa", &[&["loa", "--rules"][..], &["loa", "--scoresheet"]]),
    ] {
        for lang in ["en", "de", "zh"] {
            let printed = run(&["template", game, "--lang", lang]);
            assert_eq!(printed.code, 0, "{}", printed.stderr);
            let text = String::from_utf8(printed.stdout).unwrap();
            assert!(text.starts_with("# "), "the comments come with it");
            let path = dir.path().join(format!("{game}-{lang}.yaml"));
            std::fs::write(&path, &text).unwrap();
            for sheet in sheets {
                let builtin = run(&args(sheet, &["--lang", lang]));
                let copy = run(&args(sheet, &["--template", path.to_str().unwrap()]));
                assert_eq!(builtin.code, 0, "{}", builtin.stderr);
                assert_eq!(copy.code, 0, "{}", copy.stderr);
                assert!(builtin.stdout == copy.stdout, "{sheet:?} --lang {lang}");
            }
        }
    }
}

#[test]
fn an_edited_title_is_the_sheets_heading() {
    let dir = tempfile::tempdir().unwrap();
    for (game, title, sheet) in [
        ("shoreline", "title: \"Shoreline 岸棋\"", &["shoreline"][..]),
        ("towers", "title: \"Towers\"", &["towers"]),
        ("loa", "title: \"Lines of Action\"", &["loa"]),
    ] {
        let printed = String::from_utf8(run(&["template", game]).stdout).unwrap();
        assert!(printed.contains(title), "{game}");
        let edited = printed.replace(title, "title: \"Club Ladder Night\"");
        let path = dir.path().join(format!("{game}.yaml"));
        std::fs::write(&path, edited).unwrap();
        let out = run(&args(sheet, &["--template", path.to_str().unwrap()]));
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(
            pdf_text(&out.stdout).contains("Club Ladder Night"),
            "{game}"
        );
    }
}

#[test]
fn a_template_for_another_sheet_is_refused_at_its_sheet_key() {
    let out = run(&["towers", "--template", "templates/loa.yaml"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let line = std::fs::read_to_string("templates/loa.yaml")
        .unwrap()
        .lines()
        .position(|l| l.starts_with("sheet:"))
        .unwrap()
        + 1;
    assert!(
        out.stderr.contains(&format!("templates/loa.yaml:{line}:8")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("template for `loa`"), "{}", out.stderr);
}

#[test]
fn an_unknown_language_is_a_usage_error() {
    for sheet in SHEETS {
        let out = run(&args(sheet, &["--lang", "xx"]));
        assert_eq!(out.code, 2, "{sheet:?}");
        assert!(out.stderr.contains("xx"), "{}", out.stderr);
    }
    // A template of one's own carries its own texts: --lang beside it is refused.
    let out = run(&[
        "towers",
        "--lang",
        "de",
        "--template",
        "templates/towers.yaml",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--lang"), "{}", out.stderr);
}

/// The English words (three letters or more) of a built-in template's texts that the
/// translation does not also use.
fn english_words(game: &str, lang: &str) -> Vec<String> {
    let words = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(|l| l.split('"').skip(1).step_by(2).map(String::from))
            .flat_map(|t| {
                t.split(|c: char| !c.is_alphabetic())
                    .filter(|w| w.chars().count() >= 3)
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let english = words(&String::from_utf8(run(&["template", game]).stdout).unwrap());
    let translated =
        words(&String::from_utf8(run(&["template", game, "--lang", lang]).stdout).unwrap());
    let mut left: Vec<String> = english
        .into_iter()
        .filter(|w| !translated.contains(w) && !w.starts_with(['{']))
        .collect();
    left.sort();
    left.dedup();
    left
}

#[test]
fn translated_sheets_hold_no_english_words_and_zh_is_chinese_throughout() {
    for lang in ["de", "fr", "zh"] {
        for (game, sheet) in [
            ("shoreline", &["shoreline", "--boards", "4", "--rules"][..]),
            ("towers", &["towers", "--rules"]),
            ("loa", &["loa", "--rules"]),
            ("loa", &["loa", "--scoresheet"]),
        ] {
            let out = run(&args(sheet, &["--lang", lang]));
            assert_eq!(out.code, 0, "{}", out.stderr);
            assert!(!out.stderr.contains("not yet translated"), "{}", out.stderr);
            let text = pdf_text(&out.stdout);
            let words: Vec<&str> = text.split(|c: char| !c.is_alphabetic()).collect();
            let english = english_words(game, lang);
            assert!(
                english.len() > 5,
                "{game} {lang}: the test must have words to look for"
            );
            for word in &english {
                assert!(
                    !words.contains(&word.as_str()),
                    "{sheet:?} --lang {lang}: {word}"
                );
            }
            if lang == "zh" {
                let chinese = text
                    .chars()
                    .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c));
                assert!(chinese.count() > 20, "{sheet:?}: Chinese beyond the title");
            }
        }
    }
}

#[test]
fn template_prints_every_games_template_and_refuses_an_unknown_game() {
    for game in ["shoreline", "towers", "loa", "lines-of-action"] {
        let out = run(&["template", game]);
        assert_eq!(out.code, 0, "{game}: {}", out.stderr);
        assert!(String::from_utf8(out.stdout).unwrap().contains("\ntitle: "));
    }
    let out = run(&["template", "chess"]);
    assert_eq!(out.code, 2);
}

/// Every text of `figure` with the top-level group it belongs to.
fn texts_by_part(
    figure: &sheetgen_core::figure::Figure,
) -> Vec<(String, sheetgen_core::figure::Rect)> {
    use sheetgen_core::figure::Item;
    let mut out = Vec::new();
    let sheet = match &figure.root.items[..] {
        [Item::Group(sheet)] => sheet,
        _ => &figure.root,
    };
    for item in &sheet.items {
        if let Item::Group(part) = item {
            for text in part.texts() {
                out.push((
                    part.class.clone(),
                    text.bounds(&sheetgen_core::font::Font::builtin()),
                ));
            }
        }
    }
    out
}

#[test]
fn towers_and_loa_texts_stay_inside_the_margins_and_never_collide() {
    use sheetgen_core::games::{loa, towers};
    use sheetgen_core::page::{PageSetup, Paper};
    let mut figures = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        for landscape in [false, true] {
            let page = PageSetup { paper, landscape };
            for lang in ["en", "de", "fr", "zh"] {
                let source = |builtin| {
                    let lang = match lang {
                        "de" => sheetgen_core::games::template::Lang::De,
                        "fr" => sheetgen_core::games::template::Lang::Fr,
                        "zh" => sheetgen_core::games::template::Lang::Zh,
                        _ => sheetgen_core::games::template::Lang::En,
                    };
                    let (text, _) = sheetgen_core::games::template::translated(builtin, lang);
                    sheetgen_core::input::SourceFile::new("t.yaml", &text)
                };
                for rules in [false, true] {
                    let font = sheetgen_core::font::Font::builtin();
                    let template = towers::template::Template::parse(
                        &source(&towers::template::BUILTIN),
                        &font,
                    )
                    .unwrap();
                    let options = towers::sheet::SheetOptions {
                        page,
                        template,
                        rules,
                        font: font.clone(),
                    };
                    figures.push((
                        format!("towers {page:?} {lang} {rules}"),
                        towers::sheet::play_sheet(&options).unwrap(),
                    ));
                    let template =
                        loa::template::Template::parse(&source(&loa::template::BUILTIN), &font)
                            .unwrap();
                    let rules_in_force = loa::game::Rules::default();
                    figures.push((
                        format!("loa scoresheet {page:?} {lang}"),
                        loa::sheet::scoresheet(&font, page, &rules_in_force, &template).unwrap(),
                    ));
                    let options = loa::sheet::SheetOptions {
                        page,
                        rules: rules_in_force,
                        empty: false,
                        short_rules: rules,
                        template,
                        font: font.clone(),
                    };
                    figures.push((
                        format!("loa {page:?} {lang} {rules}"),
                        loa::sheet::board_sheet(&options).unwrap(),
                    ));
                }
            }
        }
    }
    for (name, document) in figures {
        let figure = &document.pages[0];
        let inside =
            sheetgen_core::figure::Rect::new(12.0, 12.0, figure.width - 24.0, figure.height - 24.0);
        let texts = texts_by_part(figure);
        for (i, (part, a)) in texts.iter().enumerate() {
            assert!(
                inside.contains(a),
                "{name}: a {part} text {a:?} leaves the margins"
            );
            for (other, b) in &texts[i + 1..] {
                assert!(
                    !a.overlaps(b),
                    "{name}: {part} {a:?} collides with {other} {b:?}"
                );
            }
        }
        assert!(texts.len() > 20, "{name}: {} texts found", texts.len());
    }
}

#[test]
fn the_puzzle_sheet_carries_the_scale_bar_under_its_boards() {
    use sheetgen_core::games::shoreline::puzzles;
    use sheetgen_core::page::{PageSetup, Paper};
    let found = puzzles::find(6, 1);
    for (paper, length, label) in [(Paper::A4, 100.0, "100 mm"), (Paper::Letter, 101.6, "4 in")] {
        for landscape in [false, true] {
            let page = PageSetup { paper, landscape };
            let font = sheetgen_core::font::Font::builtin();
            let document = puzzles::sheet(&font, &found, 1, page, &Default::default());
            let svg =
                String::from_utf8(sheetgen_core::backend::svg::render(&document.pages[0])).unwrap();
            let (bar, text) = scale_bar(&svg);
            assert!((bar - length).abs() < 1e-6, "{page:?}: {bar} mm");
            assert!(text.contains(label), "{page:?}: {text}");
            // Outside the play area: below every board, clear of it.
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let bar_y = doc
                .descendants()
                .find(|n| n.attribute("class") == Some("scale-bar"))
                .and_then(|g| g.descendants().find(|n| n.has_tag_name("line")))
                .map(|l| l.attribute("y1").unwrap().parse::<f64>().unwrap())
                .unwrap();
            let puzzles_bottom = puzzle_bottom(&doc);
            assert!(puzzles_bottom > 100.0, "{page:?}: the boards were found");
            assert!(
                puzzles_bottom < bar_y - 2.0,
                "{page:?}: boards end at {puzzles_bottom}, the bar is at {bar_y}"
            );
        }
    }
    // --lang is taken, --template still refused, each with a clear word.
    assert_eq!(
        run(&["shoreline", "--puzzles", "2", "--lang", "fr"]).code,
        0
    );
    let out = run(&["shoreline", "--puzzles", "2", "--cut-marks"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not --puzzles"), "{}", out.stderr);
}

/// The lowest point any line, circle or text of the puzzles' drawings reaches (their
/// boards and the shore under them).
fn puzzle_bottom(doc: &roxmltree::Document) -> f64 {
    doc.descendants()
        .filter(|n| {
            n.ancestors().any(|a| {
                a.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|c| c == "puzzle"))
            })
        })
        .flat_map(|n| {
            let number = |a| n.attribute(a).and_then(|v: &str| v.parse::<f64>().ok());
            let radius = number("r").unwrap_or(0.0);
            [
                number("y1"),
                number("y2"),
                number("y"),
                number("cy").map(|y| y + radius),
            ]
        })
        .flatten()
        .fold(0.0, f64::max)
}

/// Every colour operator of every page of `pdf`: `rg`/`RG` (RGB) or `g`/`G` (DeviceGray).
fn colour_operators(pdf: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let mut found = Vec::new();
    for page in doc.get_pages().into_values() {
        let content = doc.get_page_content(page);
        let content = lopdf::content::Content::decode(&content).expect("the content decodes");
        for op in content.operations {
            if ["rg", "RG", "g", "G", "k", "K"].contains(&op.operator.as_str()) {
                found.push(op.operator);
            }
        }
    }
    found
}

/// Greys and black are DeviceGray, never RGB: a press prints them with its black ink alone
/// (issue 41.3). The play sheets and the print theme hold nothing else; a colour theme keeps
/// its colours, its greys DeviceGray too.
#[test]
fn greys_and_black_are_device_gray_in_sheets_and_the_print_theme() {
    let grey_only = [
        &["shoreline", "--boards", "4"][..],
        &["towers"],
        &["loa"],
        &["loa", "--scoresheet"],
        &[
            "render",
            "examples/shoreline-evening.yaml",
            "--theme",
            "print",
            "--format",
            "pdf",
        ],
        &[
            "render",
            "examples/towers-example.yaml",
            "--theme",
            "print",
            "--format",
            "pdf",
        ],
        &[
            "render",
            "examples/loa-club-game.yaml",
            "--theme",
            "print",
            "--format",
            "pdf",
        ],
        &[
            "booklet",
            "examples/loa-connection.yaml",
            "--theme",
            "print",
        ],
    ];
    for args in grey_only {
        let out = run(args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let ops = colour_operators(&out.stdout);
        assert!(
            ops.iter().any(|op| op == "g" || op == "G"),
            "{args:?}: {ops:?}"
        );
        assert!(
            !ops.iter().any(|op| op == "rg" || op == "RG"),
            "{args:?}: {ops:?}"
        );
    }
    let out = run(&["render", "examples/loa-club-game.yaml", "--format", "pdf"]);
    let ops = colour_operators(&out.stdout);
    assert!(
        ops.iter().any(|op| op == "rg"),
        "the colour theme keeps its colours: {ops:?}"
    );
    assert!(
        ops.iter().any(|op| op == "g"),
        "and its black text is DeviceGray: {ops:?}"
    );
}

/// Every line width (`w` operator, in points: the pages are drawn without a scaling
/// matrix) of every page of `pdf`.
fn pdf_line_widths(pdf: &[u8]) -> Vec<f64> {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let mut widths = Vec::new();
    for page in doc.get_pages().into_values() {
        let content = doc.get_page_content(page);
        let content = lopdf::content::Content::decode(&content).expect("the content decodes");
        for op in content.operations.iter().filter(|op| op.operator == "w") {
            widths.push(op.operands[0].as_float().expect("a width") as f64);
        }
    }
    widths
}

/// Every stroke width of an SVG figure, in points as printed: its `stroke-width`s in
/// viewBox millimetres, scaled to the width the root gives.
fn svg_line_widths(svg: &str) -> Vec<f64> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    let root = doc.root_element();
    let view_width: f64 = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let width = root.attribute("width").unwrap();
    let printed_mm: f64 = width
        .strip_suffix("mm")
        .expect("a width in mm")
        .parse()
        .unwrap();
    let scale = printed_mm / view_width;
    doc.descendants()
        .filter_map(|n| n.attribute("stroke-width"))
        .map(|w| w.parse::<f64>().unwrap() * scale * 72.0 / 25.4)
        .collect()
}

/// No line under 0.25 pt where it is printed (issue 41.3): every game's figures at 50, 60
/// and 80 mm and at their own size, the play sheets and a booklet.
#[test]
fn no_line_is_thinner_than_a_quarter_point_at_any_width() {
    let thinnest = |widths: Vec<f64>| widths.into_iter().fold(f64::INFINITY, f64::min);
    for record in [
        "examples/shoreline-draw.yaml",
        "examples/towers-example.yaml",
        "examples/loa-connection.yaml",
        "examples/loa-obstructions.yaml",
    ] {
        for width in [None, Some("50mm"), Some("60mm"), Some("80mm")] {
            let mut args = vec!["render", record, "--format", "svg"];
            args.extend(width.iter().flat_map(|w| ["--width", *w]));
            let made = sheetgen::run_args(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let svg = String::from_utf8(made.bytes).unwrap();
            let least = thinnest(svg_line_widths(&svg));
            assert!(least >= 0.2499, "{args:?}: a line of {least:.3} pt");
            args[3] = "pdf";
            let made = sheetgen::run_args(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let least = thinnest(pdf_line_widths(&made.bytes));
            assert!(least >= 0.2499, "{args:?}: a line of {least:.3} pt");
        }
    }
    for sheet in SHEETS
        .iter()
        .chain([&["booklet", "examples/season"][..]].iter())
    {
        let args = args(sheet, &["--format", "pdf"]);
        let made = sheetgen::run_args(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let least = thinnest(pdf_line_widths(&made.bytes));
        assert!(least >= 0.2499, "{args:?}: a line of {least:.3} pt");
    }
}
