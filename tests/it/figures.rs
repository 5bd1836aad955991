//! Figures an author can publish: bare figures, plain text, a flipped board.

use sheetgen_core::diagram::FigureSpec;
use sheetgen_core::figure::Figure;
use sheetgen_core::games::GameRecord;

const EXAMPLES: [&str; 3] = [
    "examples/shoreline-dead-four.yaml",
    "examples/towers-example.yaml",
    "examples/loa-obstructions.yaml",
];

fn load(path: &str) -> Box<dyn GameRecord> {
    let entry = sheetgen::load(path, &sheetgen_core::font::Font::builtin())
        .unwrap()
        .into_iter()
        .next()
        .unwrap();
    entry.game.unwrap()
}

fn figure(path: &str, request: &FigureSpec) -> Figure {
    sheetgen_core::diagram::draw(&*load(path), request)
        .unwrap()
        .pages
        .remove(0)
}

#[test]
fn a_bare_figure_has_the_board_and_nothing_around_it() {
    for path in EXAMPLES {
        let full = figure(path, &FigureSpec::default());
        let bare = figure(
            path,
            &FigureSpec {
                bare: true,
                ..FigureSpec::default()
            },
        );
        for class in ["header", "score", "legend", "table"] {
            assert!(
                bare.root.groups_with_class(class).is_empty(),
                "{path}: a bare figure has no {class}"
            );
        }
        assert!(
            !full.root.groups_with_class("header").is_empty(),
            "{path}: the full figure has its header"
        );
        assert!(bare.height < full.height, "{path}: bare is shorter");
        // What text is left is the board's own: coordinates and marks on the board.
        let board_texts: usize = bare
            .root
            .groups_with_class("board")
            .iter()
            .map(|g| g.texts().len())
            .sum();
        assert!(board_texts > 0, "{path}: coordinates stay");
        let title = full.root.groups_with_class("header")[0].texts()[0]
            .content
            .clone();
        assert!(
            bare.root.texts().iter().all(|t| t.content != title),
            "{path}: no title"
        );
    }
}

#[test]
fn annotation_labels_stay_on_a_bare_figure() {
    let request = FigureSpec {
        bare: true,
        annotations: sheetgen_core::annotate::Annotations {
            labels: vec![("c1".into(), "A".into())],
            ..Default::default()
        },
        ..FigureSpec::default()
    };
    let bare = figure("examples/loa-obstructions.yaml", &request);
    let labels = bare.root.groups_with_class("annotation");
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].texts()[0].content, "A");
}

#[test]
fn bare_refuses_a_caption_it_would_not_draw() {
    let result = sheetgen::run_args([
        "render",
        "examples/towers-example.yaml",
        "--bare",
        "--caption",
        "Figure 3",
        "-o",
        "x.svg",
    ]);
    let err = result.unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("--bare"), "{err}");
}

#[test]
fn every_game_writes_plain_text_with_its_board_and_outcome() {
    for (path, outcome) in [
        (EXAMPLES[0], "Black 6 · White 4 — Black wins"),
        (EXAMPLES[1], "Black 32 · White 35 — White wins"),
        (EXAMPLES[2], "Black wins: connected after 63 half-moves"),
    ] {
        let finished = sheetgen::run_args(["render", path, "--format", "text"]).unwrap();
        let text = String::from_utf8(finished.bytes).unwrap();
        assert!(text.contains(outcome), "{path}:\n{text}");
        assert!(text.contains("x Black, o White"), "{path}:\n{text}");
        assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{path}");
        // The same from a .txt file name.
        let by_name = sheetgen::run_args(["render", path, "-o", "diagram.txt"]).unwrap();
        assert_eq!(by_name.bytes, text.as_bytes(), "{path}");
    }
}

#[test]
fn plain_text_is_refused_for_a_booklet() {
    let result = sheetgen::run_args([
        "booklet",
        "examples/towers-example.yaml",
        "--format",
        "text",
    ]);
    let err = result.unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("plain text"), "{err}");
}

#[test]
fn a_flipped_board_is_drawn_from_whites_side() {
    let path = EXAMPLES[2];
    let flipped = sheetgen::run_args(["render", path, "--flip", "--format", "text"]).unwrap();
    let text = String::from_utf8(flipped.bytes).unwrap();
    let board: Vec<&str> = text.lines().filter(|l| l.starts_with(" 1 ")).collect();
    assert_eq!(board.len(), 1, "{text}");
    assert!(
        text.find(" 1 ").unwrap() < text.find(" 8 ").unwrap(),
        "rank 1 on top:\n{text}"
    );
    assert!(text.contains("h g f e d c b a"), "{text}");
    let svg = sheetgen::run_args(["render", path, "--flip", "-o", "x.svg"]).unwrap();
    let plain = sheetgen::run_args(["render", path, "-o", "x.svg"]).unwrap();
    assert_ne!(svg.bytes, plain.bytes);
}

#[test]
fn a_labelled_stone_keeps_its_fill_in_every_game() {
    use sheetgen_core::figure::Shape;
    // A square holding a dark stone or piece in each example.
    for (path, square) in [
        (EXAMPLES[0], "a1"),
        (EXAMPLES[1], "c6"),
        (EXAMPLES[2], "d1"),
    ] {
        let request = FigureSpec {
            annotations: sheetgen_core::annotate::Annotations {
                labels: vec![(square.into(), "A".into())],
                marks: vec![(square.into(), "square".into())],
                ..Default::default()
            },
            ..FigureSpec::default()
        };
        let plain = figure(path, &FigureSpec::default());
        let labelled = figure(path, &request);
        let stones = |f: &Figure| format!("{:?}", f.root.groups_with_class("black"));
        assert_eq!(
            stones(&plain),
            stones(&labelled),
            "{path}: stones unchanged"
        );
        // The stones' discs, whose middles nothing covers.
        let discs: Vec<(sheetgen_core::figure::Point, f64)> = ["stone", "piece"]
            .iter()
            .flat_map(|class| labelled.root.groups_with_class(class))
            .filter_map(|g| match g.items.first() {
                Some(sheetgen_core::figure::Item::Shape(Shape::Circle { center, radius }, _)) => {
                    Some((*center, *radius))
                }
                _ => None,
            })
            .collect();
        for group in labelled.root.groups_with_class("annotation") {
            for item in &group.items {
                if let sheetgen_core::figure::Item::Shape(shape, paint) = item {
                    if paint.fill.is_none() {
                        continue;
                    }
                    // Only the badge a second annotation goes in, off the stone's middle.
                    let Shape::Circle { center, .. } = shape else {
                        panic!("{path}: painted over: {shape:?}")
                    };
                    for (c, r) in &discs {
                        let d = ((center.x - c.x).powi(2) + (center.y - c.y).powi(2)).sqrt();
                        assert!(d > r * 0.6, "{path}: a badge on a stone's middle");
                    }
                }
            }
        }
        // The mark on the stone in paper ink; the label beside it, in a badge.
        let annotations = labelled.root.groups_with_class("annotation");
        let mark = annotations
            .iter()
            .find(|g| g.class.contains("mark"))
            .unwrap();
        let badge = mark.items.iter().any(
            |item| matches!(item, sheetgen_core::figure::Item::Shape(_, paint) if paint.fill.is_some()),
        );
        for item in &mark.items {
            if let sheetgen_core::figure::Item::Shape(_, paint) = item {
                if let Some(stroke) = &paint.stroke {
                    // In a badge (beside a tower's height) the annotation's own colour.
                    let ink = match badge {
                        true => sheetgen_core::palette::ANNOTATION,
                        false => sheetgen_core::palette::PAPER,
                    };
                    assert_eq!(stroke.color, ink, "{path}: paper ink reads on a dark stone");
                }
            }
        }
        let label = annotations.iter().find(|g| g.class == "annotation label");
        let text = label.unwrap().texts()[0];
        assert_eq!(text.content, "A");
        assert_eq!(text.color, sheetgen_core::palette::ANNOTATION, "{path}");
    }
}

/// Every text of every booklet page, at print size (a booklet page is drawn 1:1).
fn booklet_texts(args: &[&str]) -> Result<Vec<(String, f64)>, sheetgen_core::error::Error> {
    use sheetgen_core::booklet::{BookletOptions, booklet};
    use sheetgen_core::page::{PageSetup, Paper};
    let games: Vec<Box<dyn GameRecord>> = args[3..].iter().map(|p| load(p)).collect();
    let options = BookletOptions {
        page: PageSetup {
            paper: if args[0] == "letter" {
                Paper::Letter
            } else {
                Paper::A4
            },
            landscape: args[1] == "landscape",
        },
        per_page: args[2].parse().unwrap(),
        ..crate::common::booklet_options()
    };
    let document = booklet(&games, &options)?;
    Ok(document
        .pages
        .iter()
        .flat_map(|page| page.root.texts())
        .map(|t| (t.content.clone(), t.size))
        .collect())
}

#[test]
fn booklets_print_no_text_under_7_pt_or_refuse_the_layout() {
    let files = [
        "examples/shoreline-evening.yaml",
        "examples/loa-connection.yaml",
        "examples/loa-club-game.yaml",
        "examples/towers-example.yaml",
    ];
    let mut made = 0;
    for paper in ["a4", "letter"] {
        for orientation in ["portrait", "landscape"] {
            for per_page in ["1", "2", "4", "6"] {
                let mut args = vec![paper, orientation, per_page];
                args.extend(files);
                match booklet_texts(&args) {
                    Ok(texts) => {
                        made += 1;
                        for (text, size) in texts {
                            assert!(size >= 6.99, "{args:?}: {text:?} at {size:.2} pt");
                        }
                    }
                    Err(e) => {
                        assert_eq!(e.exit_code(), 2, "{args:?}");
                        assert!(e.to_string().contains("under the 7 pt"), "{e}");
                    }
                }
            }
        }
    }
    // The default layout and the smaller ones are made, not refused.
    assert!(made >= 8, "only {made} layouts made");
    assert!(booklet_texts(&["a4", "portrait", "4", files[0], files[1], files[3]]).is_ok());
}

#[test]
fn booklet_captions_are_never_cut() {
    let long = "examples/loa-connection.yaml";
    let texts = booklet_texts(&["a4", "portrait", "6", long]).unwrap();
    let game = load(long);
    // Every word of every record caption is printed.
    for spec in &game.about().diagrams {
        if let Some(caption) = &spec.caption {
            let printed: String = texts
                .iter()
                .map(|(t, _)| t.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            for word in caption.value.split_whitespace() {
                assert!(printed.contains(word), "{word} of {:?}", caption.value);
            }
        }
    }
}

#[test]
fn the_show_figure_keeps_its_piece_clear() {
    use sheetgen_core::figure::{Item, Shape};
    let request = FigureSpec {
        at: Some(sheetgen_core::vocabulary::MoveRef::Count(12)),
        options: vec![sheetgen_core::games::GivenOption {
            name: "show".into(),
            values: vec!["lines:b8".into(), "moves:b8".into()],
        }],
        ..FigureSpec::default()
    };
    let figure = figure("examples/loa-connection.yaml", &request);
    let root = &figure.root;
    // The piece the stubs start from: b8.
    let stubs = root.groups_with_class("refused");
    assert!(!stubs.is_empty());
    let Item::Shape(Shape::Line(start, _), _) = &stubs[0].items[0] else {
        panic!()
    };
    let pieces: Vec<_> = root
        .groups_with_class("piece")
        .into_iter()
        .filter_map(|g| match &g.items[0] {
            Item::Shape(Shape::Circle { center, radius }, _) => Some((*center, *radius)),
            _ => None,
        })
        .collect();
    let distance = |a: sheetgen_core::figure::Point, b: sheetgen_core::figure::Point| {
        ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
    };
    let (center, radius) = *pieces
        .iter()
        .min_by(|a, b| distance(a.0, *start).total_cmp(&distance(b.0, *start)))
        .unwrap();
    // Just past the piece's edge (half the stub's width, so its end stays off the piece).
    let gap = distance(center, *start) - radius;
    assert!(
        (0.0..0.5).contains(&gap),
        "the stub starts at the piece's edge"
    );
    for count in root.groups_with_class("count") {
        let Item::Shape(
            Shape::Circle {
                center: c,
                radius: r,
            },
            _,
        ) = &count.items[0]
        else {
            panic!()
        };
        assert!(
            distance(*c, center) >= radius + r,
            "a count clear of the piece"
        );
    }
    assert!(
        root.groups_with_class("arrow")
            .iter()
            .all(|g| !g.class.contains("last"))
    );
    // Not counting the key's samples.
    let drawn = |class: &str| {
        root.groups_with_class(class)
            .iter()
            .filter(|g| !g.class.contains("legend-sample"))
            .count()
    };
    assert_eq!(drawn("last-move"), 1);
    assert_eq!(drawn("squares"), 2, "board squares and the tint");
}

#[test]
fn the_review_lists_costly_moves_as_a_table_with_badges_off_the_lines() {
    let request = FigureSpec {
        options: vec![sheetgen_core::games::GivenOption {
            name: "analysis".into(),
            values: Vec::new(),
        }],
        ..FigureSpec::default()
    };
    let figure = figure("examples/shoreline-draw.yaml", &request);
    let rows = figure.root.groups_with_class("costly-move");
    assert!(rows.len() > 1, "one row per costly move");
    for row in &rows {
        let cells = row.texts();
        assert_eq!(cells.len(), 5);
        // The cells of a row stand on one baseline and do not overlap.
        for pair in cells.windows(2) {
            assert_eq!(pair[0].position.y, pair[1].position.y);
            assert!(
                pair[0]
                    .bounds(&sheetgen_core::font::Font::builtin())
                    .right()
                    <= pair[1].bounds(&sheetgen_core::font::Font::builtin()).x + 1e-6,
                "{pair:?}"
            );
        }
    }
    let header = &figure.root.groups_with_class("costly-header")[0].texts();
    for pair in header.windows(2) {
        assert!(
            pair[0]
                .bounds(&sheetgen_core::font::Font::builtin())
                .right()
                < pair[1].bounds(&sheetgen_core::font::Font::builtin()).x,
            "{pair:?}"
        );
    }
}

/// The ids of the clipping paths an SVG defines.
fn clip_ids(svg: &[u8]) -> Vec<String> {
    let text = String::from_utf8(svg.to_vec()).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("clipPath"))
        .filter_map(|n| n.attribute("id").map(String::from))
        .collect()
}

#[test]
fn two_different_figures_share_no_clip_id_and_one_figure_keeps_its_own() {
    // Inlined in one page, a hidden copy's clip would be the one the other copy used
    // (issue 24.6): ids come from the figure's content, not only the clip's rectangle.
    let svg = |record: &str| {
        let out = crate::common::run(&["render", record, "--format", "svg"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let draw = svg("examples/shoreline-draw.yaml");
    let dead_four = svg("examples/shoreline-dead-four.yaml");
    let (a, b) = (clip_ids(&draw), clip_ids(&dead_four));
    assert!(!a.is_empty() && !b.is_empty(), "{a:?} {b:?}");
    assert!(a.iter().all(|id| !b.contains(id)), "{a:?} {b:?}");
    assert_eq!(
        clip_ids(&svg("examples/shoreline-draw.yaml")),
        a,
        "the same figure, the same ids"
    );
}
