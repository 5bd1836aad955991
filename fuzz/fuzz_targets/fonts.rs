//! Any bytes as a `--font` file. Nothing may panic; a font that is accepted draws a record's
//! diagram in every format alike (SVG, PNG and PDF all made, or all refused for the same
//! character the font lacks).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sheetgen_fuzz::fonts(data));
