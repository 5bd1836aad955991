//! Annotations, themes, PNG and booklets: one mechanism for every game.

use crate::common::{self, pdf_page_size_mm, pdf_text, run, run_in};
use sheetgen_core::annotate::{Annotations, Cells};
use sheetgen_core::diagram::FigureSpec;
use sheetgen_core::figure::{Figure, Group, Item, Point, Shape};
use sheetgen_core::games::{GameRecord, View};

fn load(path: &str) -> Box<dyn GameRecord> {
    sheetgen::load(path, &sheetgen_core::font::Font::builtin())
        .unwrap()
        .into_iter()
        .next()
        .unwrap()
        .game
        .unwrap()
}

/// The figure of `game` with `annotations`, and the cells the game reports for it.
fn annotated(game: &dyn GameRecord, annotations: Annotations) -> (Figure, Cells) {
    let request = FigureSpec {
        annotations,
        ..FigureSpec::default()
    };
    (
        sheetgen_core::diagram::draw(game, &request)
            .unwrap()
            .pages
            .remove(0),
        cells_of(game),
    )
}

fn cells_of(game: &dyn GameRecord) -> Cells {
    game.draw(&game.check_view(&View::default()).unwrap()).1
}

/// The first annotation group of `kind` (`arrow`, `label`, …).
fn first_group<'a>(root: &'a Group, kind: &str) -> &'a Group {
    root.groups_with_class("annotation")
        .into_iter()
        .find(|g| g.class.split(' ').any(|c| c == kind))
        .unwrap_or_else(|| panic!("no annotation {kind}"))
}

#[test]
fn every_annotation_kind_lands_on_its_square_in_every_game() {
    for (path, a, b, c) in [
        ("examples/shoreline-draw.yaml", "c1", "c3", "e5"),
        ("examples/loa-connection.yaml", "b1", "b3", "e5"),
        ("examples/towers-example.yaml", "a1", "d4", "h8"),
    ] {
        let game = load(path);
        let annotations = Annotations {
            arrows: vec![(a.into(), b.into())],
            marks: vec![(c.into(), "triangle".into())],
            labels: vec![(a.into(), "A".into())],
            highlight: vec![b.into()],
        };
        let (figure, cells) = annotated(&*game, annotations);
        let root = &figure.root;
        let arrow = first_group(root, "arrow");
        let Item::Shape(Shape::Polygon(head), _) = arrow.items.last().unwrap() else {
            panic!("{path}")
        };
        // Between the two squares' rims, on the line joining their centres.
        let distance = |p: Point, q: Point| ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
        let (ca, cb) = (cells[a].center, cells[b].center);
        let on_line =
            |p: Point| (distance(ca, p) + distance(p, cb) - distance(ca, cb)).abs() < 1e-6;
        let size = cells[b].size;
        let tip = head[0];
        assert!(
            on_line(tip) && (0.3 * size..0.7 * size).contains(&distance(tip, cb)),
            "{path}: the arrow ends at {b}'s rim"
        );
        let Item::Shape(Shape::Line(from, _), _) = &arrow.items[0] else {
            panic!()
        };
        assert!(
            on_line(*from) && (0.3 * size..0.7 * size).contains(&distance(*from, ca)),
            "{path}: the arrow starts at {a}'s rim"
        );
        let triangle = first_group(root, "triangle");
        let points = triangle
            .items
            .iter()
            .find_map(|item| match item {
                Item::Shape(Shape::Polygon(points), _) => Some(points),
                _ => None,
            })
            .unwrap();
        let centroid = Point::new(
            points.iter().map(|p| p.x).sum::<f64>() / 3.0,
            points.iter().map(|p| p.y).sum::<f64>() / 3.0,
        );
        // On its centre, or in a badge beside a numeral, inside the square.
        assert!(
            distance(centroid, cells[c].center) < cells[c].size * 0.6,
            "{path}: the mark is on {c}"
        );
        let label = first_group(root, "label")
            .texts()
            .into_iter()
            .find(|t| t.content == "A")
            .unwrap();
        assert!(
            (label.position.x - cells[a].center.x).abs() < 1e-6,
            "{path}: the label is on {a}"
        );
        let highlight = first_group(root, "highlight");
        let Item::Shape(Shape::Polyline(ring), _) = &highlight.items[0] else {
            panic!()
        };
        // An inset ring inside the square's edge (0.43 to 0.61 sizes from its centre).
        for p in ring {
            let d = distance(*p, cb);
            assert!(
                (0.42 * size..0.62 * size).contains(&d),
                "{path}: the highlight rings {b}"
            );
        }
    }
}

#[test]
fn annotations_reach_svg_and_pdf_alike() {
    let args = [
        "render",
        "examples/loa-connection.yaml",
        "--arrow",
        "b1:b3",
        "--mark",
        "e5:circle",
        "--label",
        "a1:Q",
        "--highlight",
        "d4",
    ];
    let svg = String::from_utf8(run(&[&args[..], &["--format", "svg"]].concat()).stdout).unwrap();
    // Once each on the board; the mark's shape a second time as its sample in the key.
    for (class, count) in [
        ("annotation arrow", 1),
        ("annotation mark circle", 2),
        ("annotation label", 1),
        ("annotation highlight", 1),
    ] {
        assert_eq!(
            svg.matches(&format!("class=\"{class}\"")).count(),
            count,
            "{class}"
        );
    }
    let pdf = run(&[&args[..], &["--format", "pdf"]].concat());
    assert_eq!(pdf.code, 0, "{}", pdf.stderr);
    assert!(
        pdf_text(&pdf.stdout).lines().any(|l| l.trim() == "Q"),
        "the label is in the PDF"
    );
}

#[test]
fn a_records_annotations_draw_and_bad_ones_are_located() {
    let svg = String::from_utf8(
        run(&[
            "render",
            "examples/loa-connection.yaml",
            "--diagram",
            "2",
            "--format",
            "svg",
        ])
        .stdout,
    )
    .unwrap();
    assert!(
        svg.contains("class=\"annotation mark triangle\"") && svg.contains("Black to play: b7xe7")
    );
    let dir = tempfile::tempdir().unwrap();
    let record = "game: loa\nmoves: [b1-b3]\ndiagrams:\n  - marks: { e9: circle }\n";
    std::fs::write(dir.path().join("a.yaml"), record).unwrap();
    let out = run_in(dir.path(), &["render", "a.yaml", "--diagram", "1"]);
    assert_eq!(out.code, 1);
    common::assert_located(
        "square",
        &out.stderr,
        "a.yaml:4:14",
        "`e9` is not a square of this board",
    );
    std::fs::write(
        dir.path().join("c.yaml"),
        "game: loa\nmoves: [b1-b3]\ndiagrams:\n  - marks: { e4: star }\n",
    )
    .unwrap();
    let out = run_in(dir.path(), &["render", "c.yaml", "--diagram", "1"]);
    common::assert_located("shape", &out.stderr, "c.yaml:4:18", "`star` is not a mark");
    // `check` refuses what `render` would, at the same place.
    let out = run_in(dir.path(), &["check", "a.yaml"]);
    assert_eq!(out.code, 1);
    common::assert_located(
        "square in check",
        &String::from_utf8(out.stdout).unwrap(),
        "a.yaml:4:14",
        "`e9` is not a square of this board",
    );
    std::fs::write(
        dir.path().join("b.yaml"),
        "game: loa\nmoves: [b1-b3]\ndiagrams:\n  - arrows: [[b1]]\n",
    )
    .unwrap();
    let out = run_in(dir.path(), &["check", "b.yaml"]);
    assert_eq!(out.code, 1);
    common::assert_located(
        "arrow",
        &String::from_utf8(out.stdout).unwrap(),
        "b.yaml:4:14",
        "an arrow is two squares",
    );
    let cli = run(&["render", "examples/loa-connection.yaml", "--arrow", "b1-b3"]);
    assert_eq!(cli.code, 2);
    assert!(
        cli.stderr
            .contains("--arrow b1-b3: write two parts joined by a colon"),
        "{}",
        cli.stderr
    );
}

/// Every colour an SVG paints with.
fn colours(svg: &str) -> Vec<(u8, u8, u8)> {
    let mut found = Vec::new();
    for attr in ["fill=\"#", "stroke=\"#"] {
        for part in svg.split(attr).skip(1) {
            let hex = &part[..6];
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
            found.push((byte(0), byte(2), byte(4)));
        }
    }
    found
}

#[test]
fn the_print_theme_uses_only_greys_and_colorblind_swaps_the_accents() {
    for path in [
        "examples/loa-nonmover-wins.yaml",
        "examples/shoreline-dead-four.yaml",
        "examples/towers-example.yaml",
    ] {
        let color = String::from_utf8(
            run(&["render", path, "--format", "svg", "--highlight", "a1"]).stdout,
        )
        .unwrap();
        assert!(
            colours(&color).iter().any(|(r, g, b)| r != g || g != b),
            "{path} has colour to lose"
        );
        let print = String::from_utf8(
            run(&[
                "render",
                path,
                "--format",
                "svg",
                "--theme",
                "print",
                "--highlight",
                "a1",
            ])
            .stdout,
        )
        .unwrap();
        let all = colours(&print);
        assert!(!all.is_empty());
        for (r, g, b) in all {
            assert!(
                r == g && g == b,
                "{path}: #{r:02x}{g:02x}{b:02x} is not a grey"
            );
        }
        let cb = String::from_utf8(
            run(&["render", path, "--format", "svg", "--theme", "colorblind"]).stdout,
        )
        .unwrap();
        assert_ne!(cb, color, "{path}");
    }
}

#[test]
fn a_user_theme_file_recolours_and_bad_ones_are_located() {
    let out = run(&[
        "render",
        "examples/loa-connection.yaml",
        "--format",
        "svg",
        "--theme",
        "templates/theme.yaml",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(
        svg.contains("#d9c7a3"),
        "the shipped example theme's board colour is used"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), "colors:\n  wood: \"#ffffff\"\n").unwrap();
    let out = run_in(
        dir.path(),
        &[
            "render",
            &format!(
                "{}/examples/loa-connection.yaml",
                env!("CARGO_MANIFEST_DIR")
            ),
            "--theme",
            "t.yaml",
            "--format",
            "svg",
        ],
    );
    assert_eq!(out.code, 2);
    common::assert_located(
        "role",
        &out.stderr,
        "t.yaml:2:9",
        "`wood` is not a colour role",
    );
}

#[test]
fn css_is_embedded_in_the_svg() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("book.css"),
        ".annotation { opacity: 0.8 }\n",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &[
            "render",
            &format!(
                "{}/examples/loa-connection.yaml",
                env!("CARGO_MANIFEST_DIR")
            ),
            "--css",
            "book.css",
            "--format",
            "svg",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    // Scoped to its own figure (issue 41.8): inlined beside another figure in a web page,
    // it styles this one only.
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let id = doc.root_element().attribute("id").expect("the figure's id");
    assert!(id.starts_with("sheetgen-"), "{id}");
    let style = doc
        .descendants()
        .find(|n| n.has_tag_name("style"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(style, format!("#{id} .annotation {{ opacity: 0.8 }}\n"));
}

/// Width and height from a PNG's header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG");
    let word = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn png_has_the_size_its_dpi_asks_for_and_the_same_bytes_every_time() {
    let svg = String::from_utf8(
        run(&["render", "examples/shoreline-draw.yaml", "--format", "svg"]).stdout,
    )
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mm = |attr: &str| {
        doc.root_element()
            .attribute(attr)
            .unwrap()
            .trim_end_matches("mm")
            .parse::<f64>()
            .unwrap()
    };
    let (w, h) = (mm("width"), mm("height"));
    for dpi in [72u32, 150, 300] {
        let out = run(&[
            "render",
            "examples/shoreline-draw.yaml",
            "--format",
            "png",
            "--dpi",
            &dpi.to_string(),
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let expected = (
            (w / 25.4 * f64::from(dpi)).round() as u32,
            (h / 25.4 * f64::from(dpi)).round() as u32,
        );
        assert_eq!(png_size(&out.stdout), expected, "{dpi} dpi");
    }
    let a = run(&["render", "examples/towers-example.yaml", "--format", "png"]).stdout;
    let b = run(&["render", "examples/towers-example.yaml", "--format", "png"]).stdout;
    assert!(a == b, "PNG bytes differ between runs");
    let default = png_size(
        &run(&[
            "render",
            "examples/shoreline-draw.yaml",
            "-o",
            "-",
            "--format",
            "png",
        ])
        .stdout,
    );
    assert_eq!(
        default.0,
        (w / 25.4 * 150.0).round() as u32,
        "150 dpi by default"
    );
}

#[test]
fn a_booklet_has_its_pages_captions_and_numbers() {
    let files = [
        "examples/shoreline-draw.yaml",
        "examples/shoreline-evening.yaml",
        "examples/loa-6x6.yaml",
        "examples/towers-example.yaml",
    ];
    let args: Vec<&str> = ["booklet"]
        .into_iter()
        .chain(files)
        .chain(["--per-page", "2"])
        .collect();
    let out = run(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let pages = pdf_page_size_mm(&out.stdout).len();
    let text = pdf_text(&out.stdout);
    let (first, last) = (
        "1 / ".to_string() + &pages.to_string(),
        format!("{pages} / {pages}"),
    );
    for caption in [
        "Friendly, second round",
        "Thursday evening, game 3",
        "A quick game on the small board",
        &first,
        &last,
        "Black ● Chen Wei – White ○ Dora",
    ] {
        assert!(text.contains(caption), "{caption} missing");
    }
    let again = run(&args);
    assert!(
        again.stdout == out.stdout,
        "a booklet is the same every time"
    );

    let every = run(&[
        "booklet",
        "examples/loa-connection.yaml",
        "--every",
        "10",
        "--per-page",
        "6",
    ]);
    let text = pdf_text(&every.stdout);
    // After 10, 20, 30 and 33 half-moves, named by the move each follows, each with the
    // moves since the one before.
    for after in ["After 5...\u{a0}a5-c3", "After 17.\u{a0}b7xe7"] {
        assert!(text.contains(after), "{after} in {text}");
    }
    // The moves in numbered pairs: the 31st half-move is black's 16th.
    assert!(text.contains("16.\u{a0}"), "{text}");
    assert!(text.contains("17.\u{a0}"), "{text}");
}

#[test]
fn a_booklet_draws_a_records_diagrams_with_their_captions() {
    let out = run(&["booklet", "examples/loa-connection.yaml"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    // The record names two figures: both are drawn, each with its own caption, once.
    for caption in [
        "After 6... c4-e6: the piece on b8",
        "Black to play: b7xe7 joins the last two groups.",
    ] {
        assert_eq!(text.matches(caption).count(), 1, "{caption} in {text}");
    }
    // Each named by the move it follows: in its caption and the diagram's own line.
    for after in ["After 6...\u{a0}c4-e6", "After 16...\u{a0}e4xg6"] {
        assert_eq!(text.matches(after).count(), 2, "{after} in {text}");
    }
}

#[test]
fn a_caption_from_the_command_line_replaces_the_records() {
    let svg = String::from_utf8(
        run(&[
            "render",
            "examples/loa-connection.yaml",
            "--diagram",
            "2",
            "--caption",
            "The end: Black connects.",
            "--format",
            "svg",
        ])
        .stdout,
    )
    .unwrap();
    assert!(svg.contains("The end: Black connects.") && !svg.contains("b7xe7 joins"));
    let out = run(&["render", "examples/towers-example.yaml", "--caption", "한"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--caption: the character '한'"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_record_with_text_the_font_lacks_is_valid_to_check_and_skipped_by_booklet() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("name.yaml"),
        "game: shoreline\nplayers: { black: \"陈伟\" }\nmoves: [C]\n",
    )
    .unwrap();
    // Issue 40.2: no rules error; the record is valid.
    let out = run_in(dir.path(), &["check", "name.yaml"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let good = format!(
        "{}/examples/shoreline-draw.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = run_in(dir.path(), &["booklet", "name.yaml", &good, "-o", "b.pdf"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("skipped name.yaml #1"),
        "{}",
        out.stderr
    );
    common::assert_located(
        "name",
        &out.stderr,
        "name.yaml:2:19",
        "the character '陈' (U+9648) is not in sheetgen's font",
    );
    assert!(
        dir.path().join("b.pdf").exists(),
        "the valid game still makes a booklet"
    );
}

#[test]
fn invalid_records_are_left_out_of_a_booklet_and_the_exit_code_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "game: shoreline\nmoves: [Z]\n").unwrap();
    let good = format!(
        "{}/examples/shoreline-draw.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = run_in(dir.path(), &["booklet", "bad.yaml", &good, "-o", "b.pdf"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("skipped bad.yaml #1") && out.stderr.contains("bad.yaml:2:9"),
        "{}",
        out.stderr
    );
    let pdf = std::fs::read(dir.path().join("b.pdf")).unwrap();
    assert_eq!(pdf_page_size_mm(&pdf).len(), 1);
}
