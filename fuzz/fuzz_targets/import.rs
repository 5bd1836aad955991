//! Any bytes as an LOA move-text or SGF file to import. Nothing may panic; what imports must
//! check as a valid record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen::input::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.sgf", data.to_vec()) else {
        return;
    };
    match sheetgen::games::loa::import::import(&source) {
        Ok(yaml) => {
            let record = SourceFile::new("imported.yaml", &yaml);
            let entries = sheetgen::record::read(&record).expect("an imported record reads");
            assert!(entries.iter().all(|e| e.game.is_ok()), "an imported record checks:\n{yaml}");
        }
        Err(diagnostic) => {
            let _ = diagnostic.render(false);
        }
    }
});
