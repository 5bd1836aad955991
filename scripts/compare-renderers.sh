#!/usr/bin/env bash
# Do librsvg and sheetgen's own PNG draw the gallery's SVG figures alike?
#
# For every SVG line of output/gallery.txt it makes the SVG and sheetgen's PNG at 150 dpi
# (300 for a figure drawn to a --width: at 50 mm and 96 dpi its anti-aliased edges alone
# were 3 % of its pixels), rasterises the SVG with librsvg (rsvg-convert, as GNOME and many converters do), and
# counts the pixels that differ by more than 10 % (ImageMagick's compare -metric AE). It
# prints one line per figure and fails when any figure differs in more than LIMIT percent
# of its pixels (1.5 by default): text drawn from the system's fonts instead of sheetgen's
# would differ far more.
#
#   scripts/compare-renderers.sh [SHEETGEN] [LIMIT]
#
# Needs rsvg-convert (librsvg2-bin) and compare (imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."
sheetgen=${1:-target/debug/sheetgen}
limit=${2:-1.5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

worst=0
failed=0
while read -r file args; do
  case "$file" in ''|'#'*) continue ;; *.svg) ;; *) continue ;; esac
  # shellcheck disable=SC2086 # the gallery's arguments are words
  "$sheetgen" $args -o "$tmp/figure.svg"
  dpi=150
  case " $args " in *" --width "*) dpi=300 ;; esac
  png_args=${args/--format svg/--format png --dpi $dpi}
  # shellcheck disable=SC2086
  "$sheetgen" $png_args -o "$tmp/sheetgen.png"
  # sheetgen rounds the canvas to whole pixels and librsvg rounds up: librsvg is given
  # sheetgen's size, so both scale the figure alike and only the drawing can differ.
  size=$(identify -format '%wx%h' "$tmp/sheetgen.png")
  rsvg-convert -d "$dpi" -p "$dpi" -w "${size%x*}" -h "${size#*x}" -b white "$tmp/figure.svg" \
    -o "$tmp/librsvg.png"
  differ=$(compare -metric AE -fuzz 10% "$tmp/sheetgen.png" "$tmp/librsvg.png" null: 2>&1 || true)
  differ=${differ%% *}
  total=$(( ${size%x*} * ${size#*x} ))
  percent=$(awk -v d="$differ" -v t="$total" 'BEGIN { printf "%.2f", 100 * d / t }')
  verdict=ok
  if awk -v p="$percent" -v l="$limit" 'BEGIN { exit !(p > l) }'; then
    verdict=FAIL
    failed=1
  fi
  printf '%-40s %6s %%  %s\n' "$file" "$percent" "$verdict"
  worst=$(awk -v p="$percent" -v w="$worst" 'BEGIN { print (p > w) ? p : w }')
done < output/gallery.txt
echo "worst: $worst % (limit $limit %)"
exit "$failed"
