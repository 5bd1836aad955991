//! `cargo bench --bench sheet`: how long building and writing the four-board Shoreline
//! sheet takes in-process, and how large the files are. Targets (issue 2): at most 1 ms of
//! CPU per PDF sheet, and a PDF of at most 16 KB with the embedded font.
//!
//! Also how long the SVG backend takes to write one 5×5 Shoreline diagram (issue 17: one
//! diagram per process), the figure built once and written many times.
//!
//! The work is single-threaded, so the wall-clock time measured here is its CPU time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sheetgen::backend::{Format, render, svg};
use sheetgen::games::shoreline::{SheetOptions, Side, Template, sheet};
use sheetgen::page::PageSetup;

fn main() {
    // `cargo bench --bench sheet -- diagram`: only the diagram, for a profiler.
    if std::env::args().any(|arg| arg == "diagram") {
        return diagram_svg();
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
    };
    for (name, format) in [("pdf", Format::Pdf), ("svg", Format::Svg)] {
        let build = || render(&sheet(&options).unwrap(), format).unwrap();
        let size = build().len();
        let (per_sheet, runs) = measure(|| {
            black_box(build());
        });
        println!(
            "four-board sheet, layout + {name}: {:>7.1} µs per sheet ({runs} runs), {size} bytes",
            micros(per_sheet),
        );
    }
    diagram_svg();
    let source = sheetgen::input::SourceFile::new(
        "templates/shoreline.yaml",
        include_str!("../templates/shoreline.yaml"),
    );
    let (per_parse, runs) = measure(|| {
        black_box(Template::parse(&source).unwrap());
    });
    println!(
        "template parse (once per process):  {:>7.1} µs ({runs} runs)",
        micros(per_parse)
    );
}

/// `svg::render` of the diagram `sheetgen render g.yaml -o g.svg` draws (issue 17's game).
fn diagram_svg() {
    let source = sheetgen::input::SourceFile::new(
        "g.yaml",
        "game: shoreline\nmoves: [C, B, C, D, B, D, C, B, C, D]\n",
    );
    let entry = sheetgen::load::read(&source).unwrap().remove(0);
    let request = sheetgen::diagram::Request::default();
    let document = sheetgen::diagram::draw(&*entry.game.unwrap(), &request).unwrap();
    let figure = &document.pages[0];
    let size = svg::render(figure).len();
    let (per_render, runs) = measure(|| {
        black_box(svg::render(black_box(figure)));
    });
    println!(
        "5×5 Shoreline diagram, svg::render: {:>7.1} µs per render ({runs} runs), {size} bytes",
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
