//! Data built into the core, in WebAssembly packed with deflate by the build script
//! (`build.rs`): the font and the language tables, 130 KB packed instead of 300 KB, which
//! the Typst plugin and the playground's module carry (issue 43), each inflated once, when
//! first used. Natively the files are built in as they are: inflating them cost a process
//! more than drawing its diagram.

#[cfg(target_arch = "wasm32")]
use std::sync::OnceLock;

/// One packed file and, once asked for, its bytes.
pub(crate) struct Packed {
    /// Packed with deflate in WebAssembly, natively as it is.
    packed: &'static [u8],
    #[cfg(target_arch = "wasm32")]
    bytes: OnceLock<Vec<u8>>,
}

/// The packed file `name` from `build.rs`'s list.
macro_rules! packed {
    ($name:literal) => {
        $crate::packed::Packed::new(include_bytes!(concat!(env!("OUT_DIR"), "/", $name)))
    };
}
pub(crate) use packed;

impl Packed {
    pub(crate) const fn new(packed: &'static [u8]) -> Self {
        Self {
            packed,
            #[cfg(target_arch = "wasm32")]
            bytes: OnceLock::new(),
        }
    }

    /// The file's bytes, as it is in the repository.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn bytes(&'static self) -> &'static [u8] {
        self.bytes.get_or_init(|| {
            miniz_oxide::inflate::decompress_to_vec(self.packed)
                .expect("build.rs packed it with deflate")
        })
    }

    /// The file's bytes, as it is in the repository (built in as they are).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn bytes(&'static self) -> &'static [u8] {
        self.packed
    }

    /// The file's text.
    pub(crate) fn text(&'static self) -> &'static str {
        std::str::from_utf8(self.bytes()).expect("a text file built in is UTF-8")
    }
}
