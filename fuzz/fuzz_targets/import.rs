//! Any bytes as an LOA move-text or SGF file to import. Nothing may panic; what imports must
//! check as a valid record (or be refused only for a character the font lacks).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sheetgen_fuzz::import(data));
