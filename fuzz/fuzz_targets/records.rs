//! Any bytes as a record file: every game checked, every valid one drawn. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen::diagram::Request;
use sheetgen::input::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let Ok(entries) = sheetgen::load::read(&source) else {
        return;
    };
    for entry in entries {
        match entry.game {
            Ok(game) => {
                let _ = game.summary();
                for k in 0..=game.about().diagrams.len() {
                    let request = Request { diagram: (k > 0).then_some(k), ..Request::default() };
                    if let Ok(document) = sheetgen::diagram::draw(&*game, &request) {
                        let _ = sheetgen::backend::render(document, sheetgen::backend::Format::Svg);
                    }
                }
            }
            Err(diagnostic) => {
                let _ = diagnostic.render(false);
            }
        }
    }
});
