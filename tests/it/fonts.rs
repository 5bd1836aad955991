//! Text every consumer draws the same (SVG glyph outlines), `--font FILE` and `--width`.
//! The checks that need Debian's tools (pdffonts, pdftotext, librsvg) are in `.ci/run`.

use crate::common::{pdf_page_size_mm, pdf_text, run, run_in};

const SERIF: &str = "tests/fonts/dejavu-serif-subset.ttf";

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

/// A Shoreline record titled in Cyrillic, written into `dir`.
fn cyrillic_record(dir: &std::path::Path) -> String {
    let path = dir.join("cyrillic.yaml");
    std::fs::write(
        &path,
        "game: shoreline\ntitle: Клубный вечер\nmoves: [A, E, A]\n",
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// The /BaseFont names of a PDF's fonts.
fn base_fonts(pdf: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    doc.objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"Type").and_then(|t| t.as_name()).ok() == Some(b"Font"))
        .filter_map(|d| d.get(b"BaseFont").and_then(|n| n.as_name()).ok())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect()
}

fn is_subset_name(name: &str, font: &str) -> bool {
    let (tag, rest) = name.split_at(7.min(name.len()));
    tag.len() == 7
        && tag[..6].chars().all(|c| c.is_ascii_uppercase())
        && tag.ends_with('+')
        && rest == font
}

/// The dead-four example as SVG, in sheetgen's font or in `font`.
fn dead_four_svg(font: Option<&str>) -> String {
    let mut args = vec![
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "svg",
    ];
    if let Some(font) = font {
        args.extend(["--font", font]);
    }
    let out = run(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn svg_text_is_drawn_as_outlines_and_kept_as_invisible_words() {
    let svg = dead_four_svg(None);
    assert!(
        !svg.contains("@font-face") && !svg.contains("font-family"),
        "no font to find"
    );
    assert!(
        svg.contains("<use xlink:href=\"#g"),
        "glyphs are placed outlines"
    );
    assert!(
        svg.contains(">Club night, board 2</text>"),
        "the words stay searchable"
    );
    let document = roxmltree::Document::parse(&svg).expect("well-formed");
    for text in document.descendants().filter(|n| n.has_tag_name("text")) {
        assert_eq!(text.attribute("fill-opacity"), Some("0"), "{text:?}");
    }
    // Every reference (a glyph's <use>, a clip's url(#…)) names something the file defines.
    let ids: std::collections::HashSet<&str> = document
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut references = 0;
    for node in document.descendants() {
        for attribute in node.attributes() {
            let value = attribute.value();
            let targets: Vec<&str> = if attribute.name() == "href" {
                vec![value.trim_start_matches('#')]
            } else {
                value
                    .split("url(#")
                    .skip(1)
                    .map(|t| &t[..t.find(')').unwrap()])
                    .collect()
            };
            for target in targets {
                assert!(ids.contains(target), "{target} is defined");
                references += 1;
            }
        }
    }
    assert!(references > 10, "{references}");
}

/// The ids an SVG defines.
fn ids(svg: &str) -> std::collections::BTreeSet<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter_map(|n| n.attribute("id").map(String::from))
        .collect()
}

#[test]
fn two_different_figures_share_no_id() {
    // Inlined in one web page, ids are shared: a figure whose glyph or clip ids another
    // figure also defined would be drawn with that figure's (or none, if it is hidden).
    let own = ids(&dead_four_svg(None));
    assert!(own.iter().any(|id| id.starts_with("clip-")), "{own:?}");
    assert_eq!(
        own,
        ids(&dead_four_svg(None)),
        "the same figure, the same ids"
    );
    let serif = ids(&dead_four_svg(Some(SERIF)));
    let out = run(&["render", "examples/shoreline-draw.yaml", "--format", "svg"]);
    let other = ids(&String::from_utf8(out.stdout).unwrap());
    for (name, ids) in [("in another font", serif), ("another game", other)] {
        assert!(!ids.is_empty());
        assert!(own.is_disjoint(&ids), "{name}: {own:?} {ids:?}");
    }
}

#[test]
fn a_chosen_font_draws_a_cyrillic_title_in_svg_png_and_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let record = cyrillic_record(dir.path());
    // sheetgen's own font draws Cyrillic too (issue 40.2), from its own outlines.
    let own = run(&["render", &record, "--format", "svg"]);
    assert_eq!(own.code, 0, "{}", own.stderr);
    let own = String::from_utf8(own.stdout).unwrap();
    assert!(own.contains(">Клубный вечер</text>"));

    let svg = run(&["render", &record, "--font", SERIF, "--format", "svg"]);
    assert_eq!(svg.code, 0, "{}", svg.stderr);
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert!(svg.contains(">Клубный вечер</text>"));
    assert_ne!(svg, own, "the chosen font's outlines, not sheetgen's");

    let png = run(&["render", &record, "--font", SERIF, "--format", "png"]);
    assert_eq!(png.code, 0, "{}", png.stderr);
    assert!(png.stdout.starts_with(b"\x89PNG"));

    let pdf = run(&["render", &record, "--font", SERIF, "--format", "pdf"]);
    assert_eq!(pdf.code, 0, "{}", pdf.stderr);
    assert!(pdf_text(&pdf.stdout).contains("Клубный вечер"));
    let names = base_fonts(&pdf.stdout);
    assert!(!names.is_empty());
    for name in &names {
        assert!(is_subset_name(name, "DejaVuSerif"), "{names:?}");
    }
}

/// The font program a PDF embeds (its one /FontFile2), and the glyph codes its pages show.
fn embedded_font_and_codes(pdf: &[u8]) -> (Vec<u8>, std::collections::BTreeSet<u16>) {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let mut programs = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.has(b"Length1"))
        .map(|s| s.decompressed_content().expect("the font program inflates"));
    let program = programs.next().expect("a font program");
    assert!(programs.next().is_none(), "one font program");
    let mut codes = std::collections::BTreeSet::new();
    for page in doc.page_iter() {
        let content = lopdf::content::Content::decode(&doc.get_page_content(page)).unwrap();
        for op in content.operations.iter().filter(|op| op.operator == "Tj") {
            let bytes = op.operands[0].as_str().unwrap();
            codes.extend(
                bytes
                    .chunks(2)
                    .map(|pair| u16::from_be_bytes([pair[0], pair[1]])),
            );
        }
    }
    (program, codes)
}

#[test]
fn the_embedded_font_holds_only_the_glyphs_the_pages_show() {
    // A title in plain letters and DejaVu Serif: simple outlines only, so nothing comes
    // along with the glyphs the text shows but .notdef.
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("club.yaml");
    std::fs::write(
        &record,
        "game: shoreline\ntitle: Club night\nmoves: [A, E, A]\n",
    )
    .unwrap();
    let record = record.to_str().unwrap();
    for font in [None, Some(SERIF)] {
        let mut args = vec!["render", record, "--format", "pdf"];
        args.extend(font.map(|f| ["--font", f]).into_iter().flatten());
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let (program, codes) = embedded_font_and_codes(&out.stdout);
        let face = ttf_parser::Face::parse(&program, 0).expect("the embedded font parses");
        assert_eq!(
            usize::from(face.number_of_glyphs()),
            codes.len() + 1,
            "{font:?}: {codes:?}"
        );
        // Renumbered densely: .notdef is 0, the shown glyphs 1, 2, 3…
        assert!(
            codes.iter().copied().eq(1..=codes.len() as u16),
            "{font:?}: {codes:?}"
        );
        assert!(pdf_text(&out.stdout).contains("Club night"), "{font:?}");
    }
}

#[test]
fn sheetgen_s_own_font_has_a_subset_name_too() {
    let out = run(&["shoreline", "--boards", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let names = base_fonts(&out.stdout);
    assert!(!names.is_empty());
    for name in &names {
        assert!(is_subset_name(name, "SheetgenSans"), "{names:?}");
    }
}

#[test]
fn the_font_changes_the_measurements_the_layout_makes() {
    let width_of_title = |font: Option<&str>| {
        let svg = dead_four_svg(font);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("text") && n.text() == Some("Club night, board 2"))
            .unwrap();
        title
            .attribute("textLength")
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let own = width_of_title(None);
    let serif = width_of_title(Some(SERIF));
    assert!((own - serif).abs() > 0.5, "{own} {serif}");
    // The built-in font named through --font is the same font: the same file.
    let a = run(&[
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "pdf",
    ]);
    let b = run(&[
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "pdf",
        "--font",
        "assets/fonts/sheetgen-sans.ttf",
    ]);
    assert_eq!(pdf_text(&a.stdout), pdf_text(&b.stdout));
}

/// Runs `args` in a fresh directory with `-o out.FORMAT` and checks the refusal: exit
/// `code`, `wanted` in the message, and no file written.
fn refused(args: &[&str], file: &str, wanted: &str) {
    refused_with(1, args, file, wanted)
}

fn refused_with(code: i32, args: &[&str], file: &str, wanted: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", file]);
    let out = run_in(dir.path(), &all);
    assert_eq!(out.code, code, "{all:?}: {}", out.stderr);
    assert!(out.stderr.contains(wanted), "{all:?}: {}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{all:?} left {left:?}");
}

#[test]
fn a_font_that_cannot_be_used_is_refused_before_anything_is_written() {
    let serif = format!("{}/{SERIF}", root());
    let cargo = format!("{}/Cargo.toml", root());
    refused_with(
        2,
        &["shoreline", "--boards", "1", "--font", "missing.ttf"],
        "s.pdf",
        "--font missing.ttf: no such file",
    );
    refused(
        &["shoreline", "--boards", "1", "--font", &cargo],
        "s.pdf",
        "not a TrueType or OpenType font",
    );
    // The sheet's title "Shoreline 岸棋": the serif has no CJK.
    for file in ["s.pdf", "s.svg", "s.png"] {
        refused(
            &["shoreline", "--boards", "1", "--font", &serif],
            file,
            "'岸' (U+5CB8) is not in the font",
        );
    }
    let record = format!("{}/examples/shoreline-dead-four.yaml", root());
    // A text given as an option is the command line's fault, in any font.
    for file in ["d.svg", "d.pdf"] {
        refused_with(
            2,
            &["render", &record, "--font", &serif, "--caption", "岸"],
            file,
            "'岸' (U+5CB8)",
        );
    }
}

#[test]
fn width_sets_the_svg_size_with_its_unit_and_keeps_the_view_box() {
    let plain = run(&[
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "svg",
    ]);
    let sized = run(&[
        "render",
        "examples/shoreline-dead-four.yaml",
        "--format",
        "svg",
        "--width",
        "2in",
    ]);
    assert_eq!(sized.code, 0, "{}", sized.stderr);
    let attrs = |svg: &[u8]| {
        let text = String::from_utf8(svg.to_vec()).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let root = doc.root_element();
        let get = |name: &str| root.attribute(name).unwrap().to_string();
        (get("width"), get("height"), get("viewBox"))
    };
    let (w, h, view) = attrs(&sized.stdout);
    let (_, _, plain_view) = attrs(&plain.stdout);
    assert_eq!(w, "2in");
    assert_eq!(view, plain_view);
    let numbers: Vec<f64> = view.split(' ').map(|n| n.parse().unwrap()).collect();
    let height: f64 = h.strip_suffix("in").unwrap().parse().unwrap();
    assert!(
        (height - 2.0 * numbers[3] / numbers[2]).abs() < 0.001,
        "{h} {view}"
    );
}

#[test]
fn width_sets_the_pdf_page_and_the_png_pixels() {
    let pdf = run(&[
        "render",
        "examples/towers-example.yaml",
        "--format",
        "pdf",
        "--width",
        "6cm",
    ]);
    assert_eq!(pdf.code, 0, "{}", pdf.stderr);
    let plain = run(&["render", "examples/towers-example.yaml", "--format", "pdf"]);
    let [(w, h)] = pdf_page_size_mm(&pdf.stdout)[..] else {
        panic!("one page")
    };
    let [(pw, ph)] = pdf_page_size_mm(&plain.stdout)[..] else {
        panic!("one page")
    };
    assert!((w - 60.0).abs() < 0.05, "{w}");
    assert!((h - ph * 60.0 / pw).abs() < 0.05, "{h}");
    assert_eq!(
        pdf_text(&pdf.stdout),
        pdf_text(&plain.stdout),
        "the same words"
    );

    let png = run(&[
        "render",
        "examples/towers-example.yaml",
        "--format",
        "png",
        "--dpi",
        "100",
        "--width",
        "2in",
    ]);
    assert_eq!(png.code, 0, "{}", png.stderr);
    let word = |i: usize| u32::from_be_bytes(png.stdout[i..i + 4].try_into().unwrap());
    assert_eq!(word(16), 200, "2 in at 100 dpi");
}

#[test]
fn a_width_without_a_usable_length_is_refused() {
    let record = format!("{}/examples/shoreline-dead-four.yaml", root());
    for (width, wanted) in [
        ("0mm", "more than zero"),
        ("-3mm", "more than zero"),
        ("3furlong", "mm, cm, in or pt"),
        ("NaNmm", "mm, cm, in or pt"),
        ("60", "needs a unit"),
    ] {
        for file in ["d.svg", "d.pdf", "d.png"] {
            refused_with(
                2,
                &["render", &record, &format!("--width={width}")],
                file,
                wanted,
            );
        }
    }
}

#[test]
fn jobs_with_different_fonts_in_parallel_threads_make_the_same_bytes() {
    let args = |font: Option<&'static str>, format: &'static str| {
        let mut args = vec![
            "render",
            "examples/shoreline-dead-four.yaml",
            "--format",
            format,
        ];
        if let Some(font) = font {
            args.extend(["--font", font]);
        }
        args
    };
    let make = |font, format| {
        sheetgen::run_args(args(font, format))
            .expect("renders")
            .bytes
    };
    let cases: Vec<(Option<&'static str>, &'static str)> = [None, Some(SERIF)]
        .into_iter()
        .flat_map(|f| ["svg", "pdf", "png"].map(move |format| (f, format)))
        .collect();
    let alone: Vec<Vec<u8>> = cases.iter().map(|&(f, format)| make(f, format)).collect();
    let together: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3)
            .flat_map(|_| cases.iter())
            .map(|&(f, format)| scope.spawn(move || make(f, format)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, bytes) in together.iter().enumerate() {
        assert!(
            bytes == &alone[i % cases.len()],
            "case {:?}",
            cases[i % cases.len()]
        );
    }
}

#[test]
fn a_record_text_the_chosen_font_lacks_is_invalid_exit_1_at_its_place_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("cjk.yaml");
    std::fs::write(&record, "game: shoreline\ntitle: 岸棋 night\nmoves: [C]\n").unwrap();
    for command in ["render", "booklet"] {
        let out_file = dir.path().join("f.pdf");
        let out = run(&[
            command,
            record.to_str().unwrap(),
            "--font",
            SERIF,
            "-o",
            out_file.to_str().unwrap(),
        ]);
        // As with sheetgen's own font (README: exit codes).
        assert_eq!(out.code, 1, "{command}: {}", out.stderr);
        assert!(
            out.stderr.contains("cjk.yaml:2:8"),
            "{command}: {}",
            out.stderr
        );
        assert!(out.stderr.contains("U+5CB8"), "{command}: {}", out.stderr);
        assert!(out.stderr.contains("--font"), "{command}: {}", out.stderr);
        assert!(!out_file.exists(), "no file is left");
    }
}
