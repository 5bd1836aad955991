//! Any bytes as a record file: every game checked, every valid one drawn. Nothing may panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sheetgen_fuzz::records(data));
