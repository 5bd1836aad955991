//! Every input of the fuzzers' saved corpus (fuzz/corpus/), fed to its target's body as
//! libFuzzer feeds it: whatever once crashed sheetgen, or led the fuzzers somewhere new,
//! stays harmless under `cargo test` (the targets assert what must hold, and panic if not).

use std::path::Path;

fn replay(target: &str, body: fn(&[u8])) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{target}: an empty corpus");
    for input in inputs {
        let data = std::fs::read(&input).unwrap();
        let replayed = std::panic::catch_unwind(|| body(&data));
        assert!(replayed.is_ok(), "{target}: {} panics", input.display());
    }
}

#[test]
fn the_records_corpus_replays() {
    replay("records", sheetgen_fuzz::records);
}

#[test]
fn the_import_corpus_replays() {
    replay("import", sheetgen_fuzz::import);
}

#[test]
fn the_templates_corpus_replays() {
    replay("templates", sheetgen_fuzz::templates);
}

#[test]
fn the_fonts_corpus_replays() {
    replay("fonts", sheetgen_fuzz::fonts);
}
