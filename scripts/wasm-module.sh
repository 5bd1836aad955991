#!/usr/bin/env bash
# Builds a workspace crate as a WebAssembly module and prints the module's path: the Typst
# plugin (scripts/typst-package.sh) and the playground's core (scripts/playground.sh) alike.
# The `plugin` profile (release, optimised for size), then binaryen's wasm-opt -Oz where it
# is installed (Debian's binaryen): a smaller module downloads and compiles faster.
#   scripts/wasm-module.sh PACKAGE        (CARGO_TARGET_DIR, if set, is where cargo builds)
set -euo pipefail
cd "$(dirname "$0")/.."
package=$1
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown >&2
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --quiet --profile plugin --target wasm32-unknown-unknown -p "$package"
wasm="$target_dir/wasm32-unknown-unknown/plugin/${package//-/_}.wasm"
if command -v wasm-opt >/dev/null; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$wasm.opt"
  wasm="$wasm.opt"
fi
echo "$wasm"
