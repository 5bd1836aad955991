//! Data built into the core packed with deflate by the build script (`build.rs`): the font
//! and the language tables, 130 KB packed instead of 300 KB, which the Typst plugin and the
//! playground's module carry (issue 43). Each is inflated once per process, when first
//! used (about a millisecond for the font).

use std::sync::OnceLock;

/// One packed file and, once asked for, its bytes.
pub(crate) struct Packed {
    packed: &'static [u8],
    bytes: OnceLock<Vec<u8>>,
}

/// The packed file `name` from `build.rs`'s list.
macro_rules! packed {
    ($name:literal) => {
        $crate::packed::Packed::new(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/",
            $name,
            ".deflate"
        )))
    };
}
pub(crate) use packed;

impl Packed {
    pub(crate) const fn new(packed: &'static [u8]) -> Self {
        Self {
            packed,
            bytes: OnceLock::new(),
        }
    }

    /// The file's bytes, as it is in the repository.
    pub(crate) fn bytes(&'static self) -> &'static [u8] {
        self.bytes.get_or_init(|| {
            miniz_oxide::inflate::decompress_to_vec(self.packed)
                .expect("build.rs packed it with deflate")
        })
    }

    /// The file's text.
    pub(crate) fn text(&'static self) -> &'static str {
        std::str::from_utf8(self.bytes()).expect("a text file built in is UTF-8")
    }
}
