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

wasm=$(scripts/wasm-module.sh sheetgen-web)
python3 web/page/assemble.py "$wasm" "$out"
