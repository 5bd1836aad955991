//! The fuzz targets' bodies, one function each: `cargo fuzz run TARGET` feeds them
//! libFuzzer's inputs (fuzz_targets/), and the command line's tests replay the saved corpus
//! through them (tests/it/fuzz_corpus.rs), so every input that ever found a bug stays checked
//! by `cargo test`.

use std::sync::Arc;

use sheetgen_core::backend::{self, Format};
use sheetgen_core::diagram::FigureSpec;
use sheetgen_core::font::Font;
use sheetgen_core::games::shoreline::{self, SheetOptions, Template};
use sheetgen_core::games::{loa, towers};
use sheetgen_core::input::SourceFile;
use sheetgen_core::page::{PageSetup, Paper};
use sheetgen_core::theme::Theme;

/// Any bytes as a record file: every game checked, every valid one drawn. Nothing may panic.
pub fn records(data: &[u8]) {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let Ok(entries) = sheetgen_core::load::read(&source, &Font::builtin()) else {
        return;
    };
    for entry in entries {
        match entry.game {
            Ok(game) => {
                let _ = game.summary();
                for k in 0..=game.about().diagrams.len() {
                    let request = FigureSpec {
                        diagram: (k > 0).then_some(k),
                        ..FigureSpec::default()
                    };
                    if let Ok(document) = sheetgen_core::diagram::draw(&*game, &request) {
                        let _ = backend::render(document, Format::Svg);
                    }
                }
            }
            Err(diagnostic) => {
                let _ = diagnostic.render(false);
            }
        }
    }
}

/// Any bytes as an LOA move-text or SGF file to import. Nothing may panic; what imports must
/// check as a valid record (or be refused only for a character the font lacks).
pub fn import(data: &[u8]) {
    let Ok(source) = SourceFile::from_bytes("fuzz.sgf", data.to_vec()) else {
        return;
    };
    match sheetgen_core::games::loa::import::import(&source) {
        Ok(yaml) => {
            let record = SourceFile::new("imported.yaml", &yaml);
            let entries = sheetgen_core::load::read(&record, &Font::builtin())
                .expect("an imported record reads");
            // Import copies names and titles as written; a character sheetgen's font lacks
            // makes the record undrawable, which `check` reports. Anything else must check.
            let checks = |e: &sheetgen_core::games::GameInFile| match &e.game {
                Ok(_) => true,
                Err(d) => d.message.contains("is not in sheetgen's font"),
            };
            assert!(
                entries.iter().all(checks),
                "an imported record checks:\n{yaml}"
            );
        }
        Err(diagnostic) => {
            let _ = diagnostic.render(false);
        }
    }
}

/// Any bytes as a sheet template of each game and as a theme file. Nothing may panic; a
/// template that parses draws its sheet (or is refused for its sizes), recoloured by the
/// theme when that parses too.
pub fn templates(data: &[u8]) {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let theme = Theme::parse(&source);
    if let Err(e) = &theme {
        let _ = e.render(false);
    }
    let font = Font::builtin();
    let n = data.len();
    let page = PageSetup {
        paper: if n % 2 == 0 { Paper::A4 } else { Paper::Letter },
        landscape: n % 3 == 0,
    };
    if let Ok(template) = towers::template::Template::parse(&source, &font) {
        let options = towers::sheet::SheetOptions {
            page,
            template,
            rules: n % 5 != 0,
            font: font.clone(),
        };
        // A name or date line that cannot fit even at 7 pt is refused, not drawn.
        if let Ok(sheet) = towers::sheet::play_sheet(&options) {
            let _ = backend::render(sheet, Format::Svg);
        }
    }
    if let Ok(template) = loa::template::Template::parse(&source, &font) {
        let rules = loa::game::Rules::default();
        // A field name that cannot fit even at 7 pt is refused, not drawn.
        if let Ok(sheet) = loa::sheet::scoresheet(&font, page, &rules, &template) {
            let _ = backend::render(sheet, Format::Svg);
        }
        let options = loa::sheet::SheetOptions {
            page,
            rules,
            empty: false,
            short_rules: n % 5 != 0,
            template,
            font: font.clone(),
        };
        // A footer or rules leaving the board too little room is refused, not drawn.
        if let Ok(sheet) = loa::sheet::board_sheet(&options) {
            let _ = backend::render(sheet, Format::Svg);
        }
    }
    let template = match Template::parse(&source, &font) {
        Ok(template) => template,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    // The input's length picks the sheet's shape, so every shape gets tried.
    let options = SheetOptions {
        boards: n % shoreline::MAX_BOARDS + 1,
        page,
        first: shoreline::Side::default(),
        rules: n % 5 != 0,
        cut_marks: n % 7 == 0,
        template,
        games: Vec::new(),
        words: sheetgen_core::words::Words::default(),
        font,
    };
    let Ok(mut document) = shoreline::sheet(&options) else {
        return;
    };
    if let Ok(theme) = &theme {
        for page in &mut document.pages {
            theme.apply(page);
        }
    }
    let _ = backend::render(document, Format::Svg);
}

/// The record the fonts target draws in each font.
const RECORD: &str = "game: shoreline\ntitle: Café 12\nmoves: [A, E, A]\n";

/// Any bytes as a `--font` file. Nothing may panic; a font that is accepted draws a record's
/// diagram in every format alike (SVG, PNG and PDF all made, or all refused for the same
/// character the font lacks).
pub fn fonts(data: &[u8]) {
    let Ok(font) = Font::from_data(data.to_vec().into(), Some("fuzz.ttf".into())) else {
        return;
    };
    // The checks `--font` makes: the core's, and the PDF writer's.
    if sheetgen_backends::pdf::check_font(&font).is_err() {
        return;
    }
    let font = Arc::new(font);
    let source = SourceFile::new("fuzz.yaml", RECORD);
    let entries = sheetgen_core::load::read(&source, &font).expect("the record parses");
    let Ok(game) = &entries[0].game else {
        return; // a text the font lacks, refused at its place
    };
    let request = FigureSpec {
        font,
        ..FigureSpec::default()
    };
    let Ok(document) = sheetgen_core::diagram::draw(&**game, &request) else {
        return;
    };
    let made: Vec<bool> = [Format::Svg, Format::Png(36), Format::Pdf]
        .into_iter()
        .map(|format| sheetgen_backends::render(document.clone(), format).is_ok())
        .collect();
    assert!(made.iter().all(|&ok| ok == made[0]), "{made:?}");
}
