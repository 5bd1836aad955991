//! Any bytes as a `--font` file. Nothing may panic; a font that is accepted draws a record's
//! diagram in every format alike (SVG, PNG and PDF all made, or all refused for the same
//! character the font lacks).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use sheetgen::backend::{self, Format};
use sheetgen::diagram::Request;
use sheetgen::font::Font;
use sheetgen::input::SourceFile;

const RECORD: &str = "game: shoreline\ntitle: Café 12\nmoves: [A, E, A]\n";

fuzz_target!(|data: &[u8]| {
    let Ok(font) = Font::from_data(data.to_vec().into(), Some("fuzz.ttf".into())) else {
        return;
    };
    sheetgen::font::using(Arc::new(font), || {
        let source = SourceFile::new("fuzz.yaml", RECORD);
        let entries = sheetgen::load::read(&source).expect("the record parses");
        let Ok(game) = &entries[0].game else {
            return; // a text the font lacks, refused at its place
        };
        let Ok(document) = sheetgen::diagram::draw(&**game, &Request::default()) else {
            return;
        };
        let made: Vec<bool> = [Format::Svg, Format::Png(36), Format::Pdf]
            .into_iter()
            .map(|format| backend::render(document.clone(), format).is_ok())
            .collect();
        assert!(made.iter().all(|&ok| ok == made[0]), "{made:?}");
    });
});
