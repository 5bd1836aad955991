#!/usr/bin/env bash
# Builds the playground page: one self-contained HTML file where a pasted record is checked
# and drawn by sheetgen's core, compiled to WebAssembly (web/: the crate sheetgen-web, in the
# workspace's small `plugin` profile, shrunk by binaryen's wasm-opt where installed) and
# inlined, gzipped, in the page (web/page/assemble.py). Refuses a page over 2.5 MB.
#
#   scripts/playground.sh play.html
#
# CARGO_TARGET_DIR, if set, is where cargo builds (default: the workspace's target/).
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: scripts/playground.sh FILE.html" >&2
  exit 2
fi
out=$(realpath -m -- "$1")
[ -d "$(dirname "$out")" ] || { echo "scripts/playground.sh: no folder $(dirname "$1")" >&2; exit 2; }
cd "$(dirname "$0")/.."

rustup target list --installed | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --quiet --profile plugin --target wasm32-unknown-unknown -p sheetgen-web
wasm="$target_dir/wasm32-unknown-unknown/plugin/sheetgen_web.wasm"
# binaryen's optimiser (Debian's binaryen): a smaller module is a smaller page and a faster
# first compile.
if command -v wasm-opt >/dev/null; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$wasm.opt"
  wasm="$wasm.opt"
fi
python3 web/page/assemble.py "$wasm" "$out"
