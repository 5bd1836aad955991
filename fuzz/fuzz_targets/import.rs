//! Any bytes as an LOA move-text or SGF file to import. Nothing may panic; what imports must
//! check as a valid record (or be refused only for a character the font lacks).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen_core::input::SourceFile;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.sgf", data.to_vec()) else {
        return;
    };
    match sheetgen_core::games::loa::import::import(&source) {
        Ok(yaml) => {
            let record = SourceFile::new("imported.yaml", &yaml);
            let entries = sheetgen_core::load::read(&record).expect("an imported record reads");
            // Import copies names and titles as written; a character sheetgen's font lacks
            // makes the record undrawable, which `check` reports. Anything else must check.
            let checks = |e: &sheetgen_core::games::Entry| match &e.game {
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
});
