//! `--text-size`: every text of a figure printed at least that large at its printed width,
//! measured in the figure model for every example record.

use sheetgen_core::diagram::{FigureSpec, TextSize};
use sheetgen_core::figure::{Figure, Rect};

/// Every game of every example record, with its path.
fn examples() -> Vec<(String, Box<dyn sheetgen_core::games::GameRecord>)> {
    let mut paths: Vec<_> = std::fs::read_dir("examples")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "rs"))
        .collect();
    paths.sort();
    assert!(paths.len() > 10, "{paths:?}");
    let mut games = Vec::new();
    for path in paths {
        for entry in sheetgen::load(&path, &sheetgen_core::font::Font::builtin()).unwrap() {
            games.push((path.display().to_string(), entry.game.unwrap()));
        }
    }
    games
}

fn drawn(game: &dyn sheetgen_core::games::GameRecord, wanted: Option<TextSize>) -> Figure {
    let request = FigureSpec {
        text_size: wanted,
        ..FigureSpec::default()
    };
    sheetgen_core::diagram::draw(game, &request)
        .unwrap()
        .pages
        .remove(0)
}

const SEVEN_AT_50: TextSize = TextSize {
    points: 7.0,
    width: Some(50.0),
};

#[test]
fn at_50_mm_every_example_of_every_game_prints_no_text_under_7_pt() {
    let mut games = std::collections::BTreeSet::new();
    for (path, game) in examples() {
        games.insert(game.game().name());
        let before = drawn(&*game, None);
        assert!(TextSize::smallest(&before, Some(50.0)) < 7.0, "{path}");
        let figure = drawn(&*game, Some(SEVEN_AT_50));
        let smallest = TextSize::smallest(&figure, Some(50.0));
        assert!(smallest >= 7.0, "{path}: {smallest:.2} pt");
        // Shown with --nocapture.
        println!(
            "{path}: {:.2} → {smallest:.2} pt",
            TextSize::smallest(&before, Some(50.0))
        );
    }
    assert_eq!(games.len(), 3, "{games:?}");
}

#[test]
fn at_50_mm_in_german_towers_prints_no_text_under_7_pt() {
    for (path, game) in examples() {
        if game.game().name() != "towers" {
            continue;
        }
        let request = FigureSpec {
            text_size: Some(SEVEN_AT_50),
            words: sheetgen_core::words::Words::new(sheetgen_core::words::Lang::De),
            ..FigureSpec::default()
        };
        let figure = sheetgen_core::diagram::draw(&*game, &request)
            .unwrap()
            .pages
            .remove(0);
        let smallest = TextSize::smallest(&figure, Some(50.0));
        assert!(smallest >= 7.0, "{path}: {smallest:.2} pt");
        assert_no_overlap(&path, &figure);
    }
}

#[test]
fn without_a_width_the_text_size_holds_at_the_figure_s_own_size() {
    let (path, game) = examples().remove(0);
    let wanted = TextSize {
        points: 12.0,
        width: None,
    };
    let smallest = TextSize::smallest(&drawn(&*game, Some(wanted)), None);
    assert!(smallest >= 12.0, "{path}: {smallest:.2}");
}

/// The ink boxes of the texts, shrunk a little: glyph boxes of neighbouring lines touch.
fn boxes(figure: &Figure) -> Vec<(String, Rect)> {
    figure
        .root
        .texts()
        .into_iter()
        .filter(|t| !t.content.trim().is_empty())
        .map(|t| {
            (
                t.content.clone(),
                t.bounds(&sheetgen_core::font::Font::builtin()).inset(0.05),
            )
        })
        .collect()
}

#[test]
fn enlarged_texts_never_overlap_each_other_nor_leave_the_figure() {
    for (path, game) in examples() {
        assert_no_overlap(&path, &drawn(&*game, Some(SEVEN_AT_50)));
    }
}

fn assert_no_overlap(path: &str, figure: &Figure) {
    let page = Rect::new(0.0, 0.0, figure.width, figure.height);
    let boxes = boxes(figure);
    for (i, (a, ra)) in boxes.iter().enumerate() {
        assert!(page.contains(ra), "{path}: {a:?} {ra:?} leaves {page:?}");
        for (b, rb) in &boxes[i + 1..] {
            assert!(
                !ra.overlaps(rb),
                "{path}: {a:?} {ra:?} overlaps {b:?} {rb:?}"
            );
        }
    }
}

#[test]
fn the_command_line_warns_of_small_text_naming_text_size_and_text_size_ends_it() {
    let small = crate::common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--width",
        "50mm",
        "--format",
        "svg",
    ]);
    let said = small.stderr.clone();
    assert!(said.contains("--text-size"), "{said}");
    let legible = crate::common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--game",
        "1",
        "--width",
        "50mm",
        "--text-size",
        "7pt",
        "--format",
        "svg",
    ]);
    assert_eq!(legible.code, 0);
    assert!(legible.stderr.is_empty(), "{}", legible.stderr);
    // A length in millimetres is a text size too; nonsense is refused naming the option.
    let mm = crate::common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--text-size",
        "2.5mm",
        "--format",
        "svg",
    ]);
    assert_eq!(mm.code, 0);
    let bad = crate::common::run(&[
        "render",
        "examples/shoreline-evening.yaml",
        "--text-size",
        "500pt",
    ]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("--text-size"));
}

#[test]
fn the_api_takes_text_size_in_either_spelling() {
    let text = std::fs::read_to_string("examples/loa-club-game.yaml").unwrap();
    for key in ["text-size", "text_size"] {
        let json = format!(r#"{{"width": "50mm", "{key}": "7pt"}}"#);
        let request = sheetgen_core::api::Request::from_json(&json).unwrap();
        let plain = sheetgen_core::api::Request::from_json(r#"{"width": "50mm"}"#).unwrap();
        let a = sheetgen_core::api::render("g.yaml", &text, &request).unwrap();
        let b = sheetgen_core::api::render("g.yaml", &text, &plain).unwrap();
        assert_ne!(a, b, "{key}");
    }
    let bad = sheetgen_core::api::Request::from_json(r#"{"text-size": "0pt"}"#).unwrap();
    let err = sheetgen_core::api::render("g.yaml", &text, &bad)
        .unwrap_err()
        .message();
    assert!(err.contains("text-size"), "{err}");
}

// Layout defects of issue 24.

#[test]
fn a_bare_analysis_keeps_the_loss_badges_inside_the_figure() {
    let game = sheetgen::load(
        "examples/shoreline-evening.yaml",
        &sheetgen_core::font::Font::builtin(),
    )
    .unwrap()
    .remove(0)
    .game
    .unwrap();
    let request = FigureSpec {
        bare: true,
        options: vec![sheetgen_core::games::GivenOption {
            name: "analysis".into(),
            values: Vec::new(),
        }],
        ..FigureSpec::default()
    };
    let figure = sheetgen_core::diagram::draw(&*game, &request)
        .unwrap()
        .pages
        .remove(0);
    let page = Rect::new(0.0, 0.0, figure.width, figure.height);
    let drawn = figure
        .root
        .bounds(&sheetgen_core::font::Font::builtin())
        .unwrap();
    assert!(page.contains(&drawn), "{drawn:?} leaves {page:?}");
}

fn booklet(files: &[&str]) -> sheetgen_core::figure::Document {
    use sheetgen_core::booklet::booklet;
    let games: Vec<Box<dyn sheetgen_core::games::GameRecord>> = files
        .iter()
        .flat_map(|f| sheetgen::load(f, &sheetgen_core::font::Font::builtin()).unwrap())
        .map(|e| e.game.unwrap())
        .collect();
    booklet(&games, &crate::common::booklet_options()).unwrap()
}

#[test]
fn a_booklet_mixing_games_draws_each_game_at_one_size_and_names_its_games() {
    let document = booklet(&[
        "examples/loa-connection.yaml",
        "examples/shoreline-evening.yaml",
        "examples/towers-example.yaml",
    ]);
    let mut label_sizes = Vec::new();
    for page in &document.pages {
        for diagram in page.root.groups_with_class("shoreline") {
            label_sizes.push(diagram.texts()[0].size);
        }
    }
    assert_eq!(label_sizes.len(), 4, "{label_sizes:?}");
    // And the board itself at one size: the distance between the first two coordinates.
    let mut spacings = Vec::new();
    for page in &document.pages {
        for diagram in page.root.groups_with_class("shoreline") {
            let texts = diagram.texts();
            spacings.push(texts[1].position.x - texts[0].position.x);
        }
    }
    assert!(
        spacings.iter().all(|s| (s - spacings[0]).abs() < 1e-9),
        "{spacings:?}"
    );
    assert!(
        label_sizes
            .iter()
            .all(|s| (s - label_sizes[0]).abs() < 1e-9),
        "{label_sizes:?}"
    );
    assert_eq!(document.title, "Lines of Action · Shoreline · Towers");
}

#[test]
fn a_booklet_captions_an_untitled_game_with_the_game_s_display_name() {
    let document = booklet(&["examples/loa-winands-E1.yaml"]);
    let words: Vec<&str> = document.pages[0]
        .root
        .groups_with_class("page-content")
        .into_iter()
        .flat_map(|g| g.texts())
        .map(|t| t.content.as_str())
        .collect();
    assert!(
        !words.iter().any(|w| w.contains("lines-of-action")),
        "{words:?}"
    );
}

// Text too long for its place (issue 27, item 4).

/// The built-in LOA template with `key`'s text replaced by `text`, written to a file.
fn loa_template(dir: &std::path::Path, key: &str, text: &str) -> std::path::PathBuf {
    let template = crate::common::run(&["template", "loa"]);
    let template = String::from_utf8(template.stdout).unwrap();
    let line = template
        .lines()
        .find(|l| l.starts_with(&format!("{key}:")))
        .unwrap();
    let path = dir.join("t.yaml");
    let replaced = template.replace(line, &format!("{key}: \"{text}\""));
    std::fs::write(&path, replaced).unwrap();
    path
}

#[test]
fn a_5000_word_footer_is_refused_naming_it_not_drawn_off_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let template = loa_template(dir.path(), "footer", &"word ".repeat(5000));
    let out = crate::common::run(&[
        "loa",
        "--template",
        template.to_str().unwrap(),
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("`footer`"), "{}", out.stderr);
}

/// Where an SVG text's invisible copy starts and ends, from its anchor.
fn span(text: &str, x: f64, length: f64) -> (f64, f64) {
    let left = if text.contains("text-anchor=\"end\"") {
        x - length
    } else if text.contains("text-anchor=\"middle\"") {
        x - length / 2.0
    } else {
        x
    };
    (left, left + length)
}

#[test]
fn a_long_sheet_title_wraps_inside_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let title = format!("{} {}", "W".repeat(300), "A long title ".repeat(20));
    let template = loa_template(dir.path(), "title", title.trim());
    let out = crate::common::run(&[
        "loa",
        "--template",
        template.to_str().unwrap(),
        "--format",
        "svg",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    // Every text's invisible copy starts and ends inside the A4 page's 210 mm.
    for text in svg.split("<text ").skip(1) {
        let number = |name: &str| -> f64 {
            let at = text.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            text[at..].split('"').next().unwrap().parse().unwrap()
        };
        let (left, right) = span(text, number("x"), number("textLength"));
        assert!(left >= 0.0 && right <= 210.0 + 1e-6, "{left}–{right}");
    }
}

#[test]
fn a_title_of_millions_of_characters_measures_without_overflow() {
    let title = "W".repeat(2_400_000);
    let width = sheetgen_core::font::Font::builtin().text_width(&title, 13.0);
    assert!(
        width > 2_400_000.0 * sheetgen_core::font::Font::builtin().text_width("W", 13.0) * 0.999
    );
    let lines = sheetgen_core::wrap(&sheetgen_core::font::Font::builtin(), &title, 13.0, 100.0);
    assert!(
        lines
            .iter()
            .all(|l| sheetgen_core::font::Font::builtin().text_width(l, 13.0) <= 100.0)
    );
    assert_eq!(lines.concat(), title);
}

#[test]
fn long_shoreline_and_towers_sheet_titles_wrap_inside_the_page() {
    for game in ["shoreline", "towers"] {
        let dir = tempfile::tempdir().unwrap();
        let template = crate::common::run(&["template", game]);
        let template = String::from_utf8(template.stdout).unwrap();
        let line = template.lines().find(|l| l.starts_with("title:")).unwrap();
        let long = "https://example.org/".to_string() + &"a-very-long-path/".repeat(12);
        let path = dir.path().join("t.yaml");
        std::fs::write(&path, template.replace(line, &format!("title: \"{long}\""))).unwrap();
        let out = crate::common::run(&[
            game,
            "--template",
            path.to_str().unwrap(),
            "--format",
            "svg",
        ]);
        assert_eq!(out.code, 0, "{game}: {}", out.stderr);
        let svg = String::from_utf8(out.stdout).unwrap();
        for text in svg.split("<text ").skip(1) {
            let number = |name: &str| -> f64 {
                let at = text.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                text[at..].split('"').next().unwrap().parse().unwrap()
            };
            let (left, right) = span(text, number("x"), number("textLength"));
            assert!(
                left >= 0.0 && right <= 210.0 + 1e-6,
                "{game}: {left}–{right}"
            );
        }
    }
}

#[test]
fn the_puzzle_page_is_centred() {
    use sheetgen_core::games::shoreline::puzzles;
    use sheetgen_core::page::{PageSetup, Paper};
    let found = puzzles::find(6, 1);
    let page = PageSetup {
        paper: Paper::A4,
        landscape: false,
    };
    let document = puzzles::sheet(
        &sheetgen_core::font::Font::builtin(),
        &found,
        1,
        page,
        &Default::default(),
    );
    let boards = &document.pages[0];
    let drawn = boards
        .root
        .groups_with_class("puzzle")
        .into_iter()
        .filter_map(|g| g.bounds(&sheetgen_core::font::Font::builtin()))
        .reduce(|a, b| a.union(&b))
        .unwrap();
    let (left, right) = (drawn.x, boards.width - drawn.right());
    assert!(
        (left - right).abs() < 2.0,
        "{left:.1} mm left, {right:.1} mm right"
    );
}

#[test]
fn labels_grow_with_text_size_like_every_other_text() {
    // A label on an empty square and one in a badge beside a mark, in each game.
    let cases = [
        ("examples/shoreline-evening.yaml", "c3", "d1"),
        ("examples/loa-connection.yaml", "c3", "b1"),
        ("examples/towers-example.yaml", "c3", "d4"),
    ];
    for (path, empty, marked) in cases {
        let game = sheetgen::load(path, &sheetgen_core::font::Font::builtin())
            .unwrap()
            .remove(0)
            .game
            .unwrap();
        let written = |t: &str| sheetgen_core::annotate::Written::from(t);
        let annotations = sheetgen_core::annotate::Annotations {
            labels: vec![
                (written(empty), written("AB")),
                (written(marked), written("X")),
            ],
            marks: vec![(written(marked), written("circle"))],
            ..Default::default()
        };
        let request = FigureSpec {
            annotations,
            text_size: Some(SEVEN_AT_50),
            ..FigureSpec::default()
        };
        let figure = sheetgen_core::diagram::draw(&*game, &request)
            .unwrap()
            .pages
            .remove(0);
        let scale = 50.0 / figure.width;
        let labels: Vec<f64> = figure.root.groups_with_class("annotations")[0]
            .texts()
            .iter()
            .map(|t| t.size * scale)
            .collect();
        assert_eq!(labels.len(), 2, "{path}");
        for size in labels {
            assert!(size >= 7.0 * 0.999, "{path}: a label at {size:.2} pt");
        }
    }
}

#[test]
fn a_bare_figure_keeps_its_key_with_legend_and_the_key_stays_inside() {
    for path in [
        "examples/shoreline-evening.yaml",
        "examples/loa-connection.yaml",
        "examples/towers-example.yaml",
    ] {
        let game = sheetgen::load(path, &sheetgen_core::font::Font::builtin())
            .unwrap()
            .remove(0)
            .game
            .unwrap();
        let keys = |legend: bool| {
            let annotations = sheetgen_core::annotate::Annotations {
                marks: vec![("c3".into(), "circle".into())],
                ..Default::default()
            };
            let request = FigureSpec {
                bare: true,
                legend,
                annotations,
                ..FigureSpec::default()
            };
            let figure = sheetgen_core::diagram::draw(&*game, &request)
                .unwrap()
                .pages
                .remove(0);
            let page = Rect::new(0.0, 0.0, figure.width, figure.height);
            let drawn = figure
                .root
                .bounds(&sheetgen_core::font::Font::builtin())
                .unwrap();
            assert!(page.contains(&drawn), "{path}: {drawn:?} leaves {page:?}");
            let words: Vec<String> = ["legend", "key"]
                .iter()
                .flat_map(|c| figure.root.groups_with_class(c))
                .flat_map(|g| g.texts())
                .map(|t| t.content.clone())
                .collect();
            words
        };
        assert!(keys(false).is_empty(), "{path}");
        let words = keys(true);
        // The game's own symbols and the annotations' key.
        assert!(words.len() >= 2, "{path}: {words:?}");
        assert!(
            words.iter().any(|w| w.contains("annotation")),
            "{path}: {words:?}"
        );
    }
    let refused = crate::common::run(&["render", "examples/loa-connection.yaml", "--legend"]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
}

#[test]
fn apostrophes_are_typographic_and_the_font_sets_them_narrow() {
    // The built-in font drew ’ a full em wide, as CJK text sets it.
    let m = sheetgen_core::font::Font::builtin().text_width("M", 10.0);
    for quote in ["‘", "’", "“", "”"] {
        let width = sheetgen_core::font::Font::builtin().text_width(quote, 10.0);
        assert!(width < 0.6 * m, "{quote}: {width:.2} mm, M {m:.2} mm");
    }
    let (_, game) = examples()
        .into_iter()
        .find(|(p, _)| p.contains("towers-example"))
        .unwrap();
    for lang in [
        sheetgen_core::words::Lang::En,
        sheetgen_core::words::Lang::Fr,
    ] {
        let request = FigureSpec {
            words: sheetgen_core::words::Words::new(lang),
            ..FigureSpec::default()
        };
        let figure = sheetgen_core::diagram::draw(&*game, &request)
            .unwrap()
            .pages
            .remove(0);
        let texts: Vec<String> = figure
            .root
            .texts()
            .iter()
            .map(|t| t.content.clone())
            .collect();
        if lang == sheetgen_core::words::Lang::En {
            assert!(texts.iter().any(|t| t.contains('’')), "{texts:?}");
        }
        assert!(
            !texts.iter().any(|t| t.contains('\'')),
            "{lang:?}: {texts:?}"
        );
    }
    let french = sheetgen_core::words::Words::new(sheetgen_core::words::Lang::Fr);
    let text = french.tr("Play the boards in order and add up the scores.");
    assert!(text.contains("l’ordre"), "{text}");
}

#[test]
fn white_links_are_edged_in_ink_so_they_show_on_any_square_and_in_grey() {
    // Their grey (160) had 1.6:1 against the dark squares, 2.6:1 against paper.
    use sheetgen_core::figure::{Color, Item};
    let (_, game) = examples()
        .into_iter()
        .find(|(p, _)| p.contains("loa-connection"))
        .unwrap();
    let figure = drawn(&*game, None);
    let links = figure.root.groups_with_class("links");
    let white: Vec<_> = links.iter().filter(|g| g.class.contains("white")).collect();
    assert!(!white.is_empty());
    for group in white {
        let inked = group.items.iter().any(|item| match item {
            Item::Shape(_, paint) => paint
                .stroke
                .as_ref()
                .is_some_and(|s| s.color == Color::BLACK),
            _ => false,
        });
        assert!(inked, "{}", group.class);
    }
}

/// `--text-size S` makes the smallest text S to S + 1 pt, not larger: Shoreline's byline,
/// shrunk to its width, stayed the smallest while the rest grew to 9 pt at 50 mm.
#[test]
fn the_smallest_text_is_within_a_point_of_the_size_asked_for_at_every_width() {
    let mut worst = Vec::new();
    for (path, game) in examples() {
        for (points, width) in [(7.0, 50.0), (7.0, 60.0), (7.0, 80.0), (8.0, 80.0)] {
            let wanted = TextSize {
                points,
                width: Some(width),
            };
            let smallest = TextSize::smallest(&drawn(&*game, Some(wanted)), Some(width));
            if !(points..=points + 1.0).contains(&smallest) {
                worst.push(format!(
                    "{path}: {points} pt asked at {width} mm, {smallest:.2}"
                ));
            }
        }
    }
    assert!(worst.is_empty(), "{worst:#?}");
}
