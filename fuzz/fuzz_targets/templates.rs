//! Any bytes as a sheet template of each game and as a theme file. Nothing may panic; a
//! template that parses draws its sheet (or is refused for its sizes), recoloured by the
//! theme when that parses too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sheetgen_fuzz::templates(data));
