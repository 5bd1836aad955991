#!/usr/bin/env bash
# Rebuilds assets/fonts/sheetgen-sans.ttf, the font sheetgen draws with unless --font names
# another: embedded as a subset in every PDF, drawn as glyph outlines in every SVG and PNG.
#
# It is a subset of WenQuanYi Micro Hei (Apache-2.0, Debian package fonts-wqy-microhei):
# Latin (ASCII, Latin-1, Latin Extended-A), common punctuation and symbols, and the CJK
# characters the shipped templates and their translations (templates/lang/) use; with the
# rest of Europe's scripts and Vietnamese from Noto Sans (OFL-1.1, fonts-noto-core), whose
# design descends from the same Droid Sans as WenQuanYi's Latin: Greek, Cyrillic, Latin
# Extended-B and Additional, the combining accents. Hinting and layout tables are dropped:
# the sheets are printed, not shown at 9 px. Each output file is subset again to the glyphs
# it uses.
#
# Only needed when the character set changes; the result is committed. The CJK characters
# are read from templates/: after adding a character to a template or a translation, run
# this script.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pyftsubset >/dev/null || pip install fonttools
src=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
noto=/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf
[ -f "$src" ] && [ -f "$noto" ] || apt-get install -y fonts-wqy-microhei fonts-noto-core
UNICODES="U+0020-007E,U+00A0-017F"                 # ASCII, Latin-1, Latin Extended-A
UNICODES+=",U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2022,U+2026,U+2116,U+2212" # punctuation
UNICODES+=",U+201A,U+201E,U+2039,U+203A,U+20AC"     # „German‟ and ‹French› quotes, the euro
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
# Europe's other scripts and Vietnamese, from Noto Sans, scaled to WenQuanYi's 2048 units
# per em and appended after its glyphs (so the glyph numbers of the ones above stay put).
# Greek and Cyrillic come whole from Noto, so a word never mixes two designs; accented Latin
# comes from Noto where WenQuanYi has no glyph.
NOTO="$noto" python3 - <<'PY'
import os
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

path = "assets/fonts/sheetgen-sans.ttf"
font = TTFont(path, recalcTimestamp=False)
noto = TTFont(os.environ["NOTO"])
scale = font["head"].unitsPerEm / noto["head"].unitsPerEm
whole = [(0x0370, 0x03FF), (0x0400, 0x04FF), (0x0500, 0x052F)]     # Greek, Cyrillic
gaps = [(0x0180, 0x024F), (0x0300, 0x036F), (0x1E00, 0x1EFF)]      # Latin Ext-B, accents, Ext Additional
noto_cmap, glyph_set = noto.getBestCmap(), noto.getGlyphSet()
own = font.getBestCmap()
wanted = [c for lo, hi in whole for c in range(lo, hi + 1) if c in noto_cmap]
wanted += [c for lo, hi in gaps for c in range(lo, hi + 1) if c in noto_cmap and c not in own]
order = font.getGlyphOrder()
glyf, hmtx = font["glyf"], font["hmtx"]
added = {}
for c in wanted:
    source = noto_cmap[c]
    if source not in added:
        # Accented letters are composites in Noto: drawn out, so each glyph stands alone.
        outline = DecomposingRecordingPen(glyph_set)
        glyph_set[source].draw(outline)
        pen = TTGlyphPen(None)
        outline.replay(TransformPen(pen, (scale, 0, 0, scale, 0, 0)))
        name = "noto." + source
        glyph = pen.glyph()
        glyph.recalcBounds(glyf)
        order.append(name)
        glyf.glyphs[name] = glyph
        advance = round(noto["hmtx"][source][0] * scale)
        hmtx[name] = (advance, getattr(glyph, "xMin", 0))
        added[source] = name
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[c] = added[source]
font.setGlyphOrder(order)
font["maxp"].numGlyphs = len(order)
font.save(path)
print(f"{len(wanted)} characters from Noto Sans in {len(added)} glyphs")
PY
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
