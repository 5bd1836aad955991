//! Any bytes as a record file: every game checked, every valid one drawn. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen_core::diagram::Request;
use sheetgen_core::input::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let Ok(entries) = sheetgen_core::load::read(&source) else {
        return;
    };
    for entry in entries {
        match entry.game {
            Ok(game) => {
                let _ = game.summary();
                for k in 0..=game.about().diagrams.len() {
                    let request = Request {
                        diagram: (k > 0).then_some(k),
                        ..Request::default()
                    };
                    if let Ok(document) = sheetgen_core::diagram::draw(&*game, &request) {
                        let _ = sheetgen_core::backend::render(
                            document,
                            sheetgen_core::backend::Format::Svg,
                        );
                    }
                }
            }
            Err(diagnostic) => {
                let _ = diagnostic.render(false);
            }
        }
    }
});
