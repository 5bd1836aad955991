//! Any bytes as a `--font` file. Nothing may panic; a font that is accepted draws a record's
//! diagram in every format alike (SVG, PNG and PDF all made, or all refused for the same
//! character the font lacks).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use sheetgen_core::backend::Format;
use sheetgen_core::diagram::Request;
use sheetgen_core::font::Font;
use sheetgen_core::input::SourceFile;

const RECORD: &str = "game: shoreline\ntitle: Café 12\nmoves: [A, E, A]\n";

fuzz_target!(|data: &[u8]| {
    let Ok(font) = Font::from_data(data.to_vec().into(), Some("fuzz.ttf".into())) else {
        return;
    };
    // The checks `--font` makes: the core's, and the PDF writer's.
    if sheetgen_backends::pdf::check_font(&font).is_err() {
        return;
    }
    sheetgen_core::font::using(Arc::new(font), || {
        let source = SourceFile::new("fuzz.yaml", RECORD);
        let entries = sheetgen_core::load::read(&source).expect("the record parses");
        let Ok(game) = &entries[0].game else {
            return; // a text the font lacks, refused at its place
        };
        let Ok(document) = sheetgen_core::diagram::draw(&**game, &Request::default()) else {
            return;
        };
        let made: Vec<bool> = [Format::Svg, Format::Png(36), Format::Pdf]
            .into_iter()
            .map(|format| sheetgen_backends::render(document.clone(), format).is_ok())
            .collect();
        assert!(made.iter().all(|&ok| ok == made[0]), "{made:?}");
    });
});
