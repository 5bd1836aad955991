#!/usr/bin/env bash
# Builds the Typst plugin (typst/plugin: sheetgen's core for wasm32-unknown-unknown, in the
# workspace's `plugin` profile: release, optimised for size)
# and installs the package as @local/sheetgen:VERSION under
# ${XDG_DATA_HOME:-~/.local/share}/typst/packages/local/sheetgen/VERSION/, where Typst finds
# local packages, and as @preview/sheetgen:VERSION in Typst's package cache
# (${XDG_CACHE_HOME:-~/.cache}/typst/packages/preview/), where Typst keeps what it downloads
# from Typst Universe: until the package is published there, that copy lets the READMEs'
# `@preview` imports (as Universe asks them to be written) work from a clone. Refuses a module that imports anything but Typst's protocol (typst_env),
# which Typst could not load, or that is over 1.5 MB (issue 43: what a document that imports
# the package downloads and compiles). Prints the plugin's size and the folder it installed.
set -euo pipefail
cd "$(dirname "$0")/.."

wasm=$(scripts/wasm-module.sh sheetgen-typst)

# The import section (id 2) lists each import's module and name: all must be typst_env's.
python3 - "$wasm" <<'PY'
import sys

sys.path.insert(0, "scripts")
from wasm_imports import imports

data = open(sys.argv[1], "rb").read()
imports = imports(data)
foreign = [i for i in imports if not i.startswith("typst_env.")]
if foreign:
    sys.exit(f"{sys.argv[1]} imports {', '.join(foreign)}: Typst loads only typst_env imports")
size = len(data)
print(f"plugin: {size / 1e6:.3f} MB ({size} bytes), imports {', '.join(imports)}", file=sys.stderr)
# Issue 43's limit: 1.5 MB. The plugin weighed 1,448,853 bytes when it was set.
if size > 1_500_000:
    sys.exit(f"the plugin is {size} bytes, over the 1.5 MB it may weigh")
PY

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' typst/typst.toml)
dest="${XDG_DATA_HOME:-$HOME/.local/share}/typst/packages/local/sheetgen/$version"
rm -rf "$dest"
mkdir -p "$dest"
cp typst/typst.toml typst/lib.typ typst/README.md typst/rulebook.png "$dest/"
cp LICENSE-MIT LICENSE-APACHE "$dest/"
cp "$wasm" "$dest/sheetgen.wasm"
echo "$dest"
preview="${XDG_CACHE_HOME:-$HOME/.cache}/typst/packages/preview/sheetgen/$version"
rm -rf "$preview"
mkdir -p "$(dirname "$preview")"
cp -r "$dest" "$preview"
echo "$preview"
