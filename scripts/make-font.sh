#!/usr/bin/env bash
# Rebuilds assets/fonts/sheetgen-sans.ttf, the font sheetgen draws with unless --font names
# another: embedded as a subset in every PDF, drawn as glyph outlines in every SVG and PNG.
#
# It is a subset of WenQuanYi Micro Hei (Apache-2.0, Debian package fonts-wqy-microhei):
# Latin (ASCII, Latin-1, Latin Extended-A), common punctuation and symbols, and the CJK
# characters the shipped templates and their translations (templates/lang/) use. Hinting and layout tables are dropped: the sheets
# are printed, not shown at 9 px. Each output file is subset again to the glyphs it uses.
#
# Only needed when the character set changes; the result is committed. The CJK characters
# are read from templates/: after adding a character to a template or a translation, run
# this script.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pyftsubset >/dev/null || pip install fonttools
src=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
[ -f "$src" ] || apt-get install -y fonts-wqy-microhei
UNICODES="U+0020-007E,U+00A0-017F"                 # ASCII, Latin-1, Latin Extended-A
UNICODES+=",U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2022,U+2026,U+2116,U+2212" # punctuation
UNICODES+=",U+2190-2193,U+25A0,U+25A1,U+25B2,U+25B3,U+25C6,U+25C7,U+25CB,U+25CF,U+2605,U+2606,U+2713" # arrows, shapes
UNICODES+=",U+3001,U+3002,U+FF08,U+FF09,U+FF0C,U+FF1A,U+FF1B" # CJK punctuation
# Every CJK character of the templates and translations (岸棋 and the Chinese sheets); not
# templates/messages/, whose texts sheetgen says but never draws.
UNICODES+=$(python3 -c '
import glob
text = "".join(open(f, encoding="utf-8").read() for f in sorted(glob.glob("templates/**/*.yaml", recursive=True)) if "/messages/" not in f)
print("".join(",U+%04X" % ord(c) for c in sorted(set(text)) if 0x3400 <= ord(c) <= 0x9FFF))
')
pyftsubset "$src" --font-number=0 --unicodes="$UNICODES" \
  --no-hinting --layout-features='' --drop-tables+=vhea,vmtx,FFTM,GDEF,GPOS,GSUB,gasp \
  --name-IDs='*' --output-file=assets/fonts/sheetgen-sans.ttf
# WenQuanYi draws the curly quotes full-width, as CJK text sets them: in Latin text "Black’s"
# would gape. Their outlines are moved to the left and given the straight apostrophe's side
# bearing, so ‘ ’ “ ” are as narrow as in a Latin font.
python3 - <<'PY'
from fontTools.ttLib import TTFont

path = "assets/fonts/sheetgen-sans.ttf"
font = TTFont(path, recalcTimestamp=False)
glyf, hmtx, cmap = font["glyf"], font["hmtx"], font.getBestCmap()
bearing = hmtx[cmap[ord("'")]][1]
for char in "\u2018\u2019\u201c\u201d":
    name = cmap[ord(char)]
    glyph = glyf[name]
    glyph.recalcBounds(glyf)
    glyph.coordinates.translate((bearing - glyph.xMin, 0))
    glyph.recalcBounds(glyf)
    hmtx[name] = (glyph.xMax - glyph.xMin + 2 * bearing, bearing)
font.save(path)
PY
ls -l assets/fonts/sheetgen-sans.ttf
