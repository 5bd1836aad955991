#!/usr/bin/env bash
# Regenerates output/ from output/gallery.txt: every sheet and diagram the gallery shows,
# plus a PNG preview of each PDF (output/preview/, made with pdftoppm from poppler-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pdftoppm >/dev/null || { apt-get update -qq && apt-get install -y -qq poppler-utils; }
cargo build --release --quiet
sheetgen=target/release/sheetgen
find output -maxdepth 1 -type f \( -name '*.pdf' -o -name '*.svg' -o -name '*.png' -o -name '*.txt' -o -name '*.html' \) ! -name gallery.txt -delete
# The playground's picture is the browser test's screenshot (scripts/browser/playground-test.js).
find output/preview -name '*.png' ! -name playground.png -delete
mkdir -p output/preview
grep -v '^\s*\(#\|$\)' output/gallery.txt | while read -r file args; do
  # shellcheck disable=SC2086  # the arguments are words, split on purpose
  "$sheetgen" $args -o "output/$file"
  case "$file" in
    *.pdf) pdftoppm -png -r 60 -singlefile "output/$file" "output/preview/${file%.pdf}" ;;
  esac
  echo "output/$file"
done
