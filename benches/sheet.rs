//! `cargo bench --bench sheet`: how long building and writing the four-board Shoreline
//! sheet takes in-process, and how large the files are. Targets (issue 2): at most 1 ms of
//! CPU per PDF sheet, and a PDF of at most 16 KB with the embedded font.
//!
//! It also times issue 17's 5×5 diagram, what `sheetgen render g.yaml -o g.svg` does
//! besides start-up and writing: the record read, checked and drawn into a figure, the
//! figure alone, and the SVG backend writing it.
//!
//! The work is single-threaded, so the wall-clock time measured here is its CPU time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sheetgen_backends::render;
use sheetgen_core::backend::{Format, svg};
use sheetgen_core::games::shoreline::{SheetOptions, Side, Template, sheet};
use sheetgen_core::page::PageSetup;

fn main() {
    // `cargo bench --bench sheet -- diagram`: only the diagram, for a profiler.
    if std::env::args().any(|arg| arg == "diagram") {
        return diagram();
    }
    let options = SheetOptions {
        boards: 4,
        page: PageSetup::default(),
        first: Side::Black,
        rules: false,
        cut_marks: false,
        template: Template::builtin(),
        games: Vec::new(),
        words: Default::default(),
        font: sheetgen_core::font::Font::builtin(),
    };
    for (name, format) in [("pdf", Format::Pdf), ("svg", Format::Svg)] {
        let build = || render(sheet(&options).unwrap(), format).unwrap();
        let size = build().len();
        let (per_sheet, runs) = measure(|| {
            black_box(build());
        });
        println!(
            "four-board sheet, layout + {name}: {:>7.1} µs per sheet ({runs} runs), {size} bytes",
            micros(per_sheet),
        );
    }
    diagram();
    let source = sheetgen_core::input::SourceFile::new(
        "templates/shoreline.yaml",
        include_str!("../templates/shoreline.yaml"),
    );
    let (per_parse, runs) = measure(|| {
        black_box(Template::parse(&source, &sheetgen_core::font::Font::builtin()).unwrap());
    });
    println!(
        "template parse (once per process):  {:>7.1} µs ({runs} runs)",
        micros(per_parse)
    );
}

/// Issue 17's 5×5 diagram: read + figure, figure only, and `svg::render` of it.
fn diagram() {
    let record = sheetgen_core::input::SourceFile::new(
        "g.yaml",
        "game: shoreline\nmoves: [C, B, C, D, B, D, C, B, C, D]\n",
    );
    let request = sheetgen_core::diagram::FigureSpec::default();
    let figure = || {
        let mut entries =
            sheetgen_core::load::read(&record, &sheetgen_core::font::Font::builtin()).unwrap();
        let game = entries.remove(0).game.unwrap();
        sheetgen_core::diagram::draw(&*game, &request).unwrap()
    };
    let (per_figure, runs) = measure(|| {
        black_box(figure());
    });
    println!(
        "5×5 diagram, read + figure (no backend): {:>7.1} µs per figure ({runs} runs)",
        micros(per_figure)
    );
    let game = sheetgen_core::load::read(&record, &sheetgen_core::font::Font::builtin())
        .unwrap()
        .remove(0)
        .game
        .unwrap();
    let (per_draw, runs) = measure(|| {
        black_box(sheetgen_core::diagram::draw(&*game, &request).unwrap());
    });
    println!(
        "5×5 diagram, figure only:                {:>7.1} µs per figure ({runs} runs)",
        micros(per_draw)
    );
    let document = sheetgen_core::diagram::draw(&*game, &request).unwrap();
    let page = &document.pages[0];
    let size = svg::render(page).len();
    let (per_render, runs) = measure(|| {
        black_box(svg::render(black_box(page)));
    });
    println!(
        "5×5 diagram, svg::render:                {:>7.1} µs per render ({runs} runs), {size} bytes",
        micros(per_render),
    );
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Runs `f` for about two seconds after a warm-up; returns the mean time and the run count.
fn measure(mut f: impl FnMut()) -> (Duration, u32) {
    for _ in 0..20 {
        f();
    }
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < Duration::from_secs(2) {
        f();
        runs += 1;
    }
    (start.elapsed() / runs, runs)
}
