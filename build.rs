//! Links the `sheetgen` binary as a position-dependent executable on Linux (`-no-pie`): a
//! position-independent one of this size makes the dynamic loader patch some 9,500
//! addresses at every start, a tenth of what one small diagram costs (scripts/bench.sh).
//! The price is a fixed load address for the binary itself (libraries keep theirs random).
//! Only the binary: the library and the tests link as usual.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
