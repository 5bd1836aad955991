//! Helpers the integration tests share: run the real binary, read PDFs and SVGs back.
#![allow(dead_code)]

use std::process::{Command, Stdio};

pub struct Output {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `sheetgen ARGS` in the package root with standard output captured (a pipe).
pub fn run(args: &[&str]) -> Output {
    run_in(env!("CARGO_MANIFEST_DIR"), args)
}

pub fn run_in(dir: impl AsRef<std::path::Path>, args: &[&str]) -> Output {
    run_os(dir, args)
}

/// [`run_in`] with arguments that may be any bytes (file names that are not UTF-8).
pub fn run_os<S: AsRef<std::ffi::OsStr>>(dir: impl AsRef<std::path::Path>, args: &[S]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_sheetgen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Width and height in millimetres of each page's MediaBox.
pub fn pdf_page_size_mm(pdf: &[u8]) -> Vec<(f64, f64)> {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    doc.get_pages()
        .values()
        .map(|&id| {
            let page = doc.get_dictionary(id).unwrap();
            let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let n: Vec<f64> = media
                .iter()
                .map(|o| {
                    o.as_float()
                        .map(f64::from)
                        .or_else(|_| o.as_i64().map(|i| i as f64))
                        .unwrap()
                })
                .collect();
            let mm = |pt: f64| pt * 25.4 / 72.0;
            (mm(n[2] - n[0]), mm(n[3] - n[1]))
        })
        .collect()
}

/// The text of every page, through the fonts' ToUnicode maps.
pub fn pdf_text(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("the text extracts")
}

/// Parses an SVG (it must be well-formed XML) and counts the groups of class `board`.
pub fn svg_board_groups(svg: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    doc.descendants()
        .filter(|n| {
            n.has_tag_name("g")
                && n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|c| c == "board"))
        })
        .count()
}

/// Asserts that a report names `location` (`file:line:column`) and says `words`, without a
/// panic; `case` names the case in the failure message.
pub fn assert_located(case: &str, report: &str, location: &str, words: &str) {
    // Empty text is in every report: such a case could never fail.
    assert!(
        !location.trim().is_empty() && !words.trim().is_empty(),
        "{case}: give the location and the words its report must hold"
    );
    assert!(
        report.contains(location),
        "{case}: no {location} in\n{report}"
    );
    assert!(report.contains(words), "{case}: no {words:?} in\n{report}");
    assert!(!report.contains("panicked"), "{case}: {report}");
}

/// A booklet's options as `sheetgen booklet` has them by default: A4 portrait, four
/// diagrams a page, the colour theme, English; a test changes what it is about.
pub fn booklet_options() -> sheetgen_core::booklet::BookletOptions {
    use sheetgen_core::page::{PageSetup, Paper};
    sheetgen_core::booklet::BookletOptions {
        page: PageSetup {
            paper: Paper::A4,
            landscape: false,
        },
        per_page: 4,
        every: None,
        theme: sheetgen_core::theme::Theme::color(),
        words: Default::default(),
        text_size: None,
        title: None,
        date: None,
        analysis: None,
        font: sheetgen_core::font::Font::builtin(),
    }
}
