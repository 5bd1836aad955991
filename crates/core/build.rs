//! Packs the data the core builds in (the font, the language tables, the sheet templates,
//! Shoreline's opening book, the replay page's style and script) with deflate into
//! OUT_DIR, where `packed.rs` includes it from, when the core is built for WebAssembly:
//! packed, it is 130 KB instead of 300, which the Typst plugin and the playground's module
//! carry (issue 43), and the core inflates each one once, when first used. A native build
//! (the command line) gets the files as they are: inflating them at every start cost more
//! than drawing a diagram. The replay page's style and script are hashed here too, for its
//! Content-Security-Policy: they are fixed, so the core needs no SHA-256 of its own (12 KB
//! of the plugin).

use std::path::Path;

use base64::Engine as _;
use sha2::Digest as _;

/// Each file the core builds in packed, and the name it is packed as.
const FILES: [(&str, &str); 14] = [
    ("assets/fonts/sheetgen-sans.ttf", "sheetgen-sans.ttf"),
    ("templates/lang/de.yaml", "lang-de.yaml"),
    ("templates/lang/fr.yaml", "lang-fr.yaml"),
    ("templates/lang/zh.yaml", "lang-zh.yaml"),
    ("templates/messages/de.yaml", "messages-de.yaml"),
    ("templates/messages/fr.yaml", "messages-fr.yaml"),
    ("templates/messages/zh.yaml", "messages-zh.yaml"),
    ("assets/shoreline-book/exact.bin", "shoreline-exact.bin"),
    (
        "assets/shoreline-book/beginner.bin",
        "shoreline-beginner.bin",
    ),
    ("src/backend/html/replay.css", "replay.css"),
    ("src/backend/html/replay.js", "replay.js"),
    ("templates/shoreline.yaml", "shoreline.yaml"),
    ("templates/towers.yaml", "towers.yaml"),
    ("templates/loa.yaml", "loa.yaml"),
];

/// The files whose SHA-256 the replay page's policy names, written beside them as
/// `NAME.sha256`, in base64 as a CSP hash source is.
const HASHED: [&str; 2] = ["replay.css", "replay.js"];

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let pack = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    for (source, name) in FILES {
        println!("cargo::rerun-if-changed={source}");
        let data = std::fs::read(source).unwrap_or_else(|e| panic!("{source}: {e}"));
        // Level 10: the smallest miniz_oxide writes; packing is once per build.
        if HASHED.contains(&name) {
            let hash =
                base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&data));
            let path = Path::new(&out).join(format!("{name}.sha256"));
            std::fs::write(&path, hash).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        let packed = match pack {
            true => miniz_oxide::deflate::compress_to_vec(&data, 10),
            false => data,
        };
        let path = Path::new(&out).join(name);
        std::fs::write(&path, packed).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
