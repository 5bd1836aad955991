#!/usr/bin/env bash
# Prints the figures issue 17 names, whole processes, on this machine (run it idle):
#   one 5×5 diagram to SVG and to PNG per process (against sgf-render 3.3.1 when it is
#   installed: cargo install sgf-render --version 3.3.1 --root /tmp/peer; into a redirected
#   standard output, with -o FILE, and with the figure changing every run), check of 10,000
#   Shoreline records, a booklet of 1,000 games (time and peak memory) and one of 1,000
#   diagrams of a 100,000-move game, the evening sheet's PDF size, and the peak memory of an
#   A4 sheet as PNG at the highest DPI sheetgen allows.
# Usage: scripts/bench.sh [RUNS]   (RUNS processes per timing, default 200; ROUNDS=N the
# number of in-turn rounds against sgf-render, default 3; STATIC=1 measures a static build;
# SHEETGEN=FILE measures that binary, e.g. a build of an earlier commit)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
if [ -n "${SHEETGEN:-}" ]; then
  # SHEETGEN=FILE: time that binary instead (an older build, for a before/after figure).
  sheetgen=$SHEETGEN
elif [ -n "${STATIC:-}" ]; then
  # STATIC=1: a fully static, position-dependent binary (no dynamic loader, no libgcc_s
  # start-up, no relocations): ~0.3 ms less per process than the default build. Needs
  # --target, so that clap's derive macros still build as shared libraries for the host.
  triple=$(rustc -vV | sed -n 's/^host: //p')
  RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static" \
    cargo build --release --quiet --target "$triple" --target-dir target/static
  sheetgen=$PWD/target/static/$triple/release/sheetgen
else
  cargo build --release --quiet
  sheetgen=$PWD/target/release/sheetgen
fi
peer=${SGF_RENDER:-/tmp/peer/bin/sgf-render}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Timed as a copy, the way `cargo install` places a binary (sgf-render was installed so): a
# file the linker wrote in place is paged in in smaller pieces, ~0.1 ms more per process.
cp "$sheetgen" "$tmp/sheetgen"
sheetgen=$tmp/sheetgen

# CPU seconds (user + system, to the microsecond) and wall seconds that RUNS runs of a
# command take, the processes started straight from Python (no shell per run). `cpu_alternating A B` runs A
# and B in turn: each run's output differs from the file's last content, so none finds its
# file already written. The commands are split on spaces; one ending in `> FILE` gets that
# file as its standard output, truncated for each run as a shell's redirect does.
cat > "$tmp/cpu.py" <<'PY'
import resource, subprocess, sys, time
runs, commands = int(sys.argv[1]), [c.split() for c in sys.argv[2:]]
def spent():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
start, began = spent(), time.perf_counter()
for i in range(runs):
    command = commands[i % len(commands)]
    if len(command) > 2 and command[-2] == ">":
        with open(command[-1], "wb") as out:
            subprocess.run(command[:-2], stdout=out, stderr=subprocess.DEVNULL)
    else:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.6f %.6f" % (spent() - start, time.perf_counter() - began))
PY
# paired.py RUNS A B: A and B run one after the other, RUNS times each, so that a change in the
# machine's speed (this VM's speed changes by up to 2x within minutes) touches both alike;
# prints "CPU_A WALL_A CPU_B WALL_B", each in seconds for all RUNS runs.
cat > "$tmp/paired.py" <<'PY'
import resource, subprocess, sys, time
runs, commands = int(sys.argv[1]), [c.split() for c in sys.argv[2:4]]
def spent():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
totals = [[0.0, 0.0], [0.0, 0.0]]
for _ in range(runs):
    for k, command in enumerate(commands):
        cpu, began = spent(), time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        totals[k][0] += spent() - cpu
        totals[k][1] += time.perf_counter() - began
print("%.6f %.6f %.6f %.6f" % (totals[0][0], totals[0][1], totals[1][0], totals[1][1]))
PY
cpu() { python3 "$tmp/cpu.py" "$runs" "$1" | cut -d' ' -f1; }
cpu_alternating() { python3 "$tmp/cpu.py" "$runs" "$1" "$2" | cut -d' ' -f1; }

# The two 5×5 games: ten moves each (and a second pair, for output that changes every run).
printf 'game: shoreline\nmoves: [C, B, C, D, B, D, C, B, C, D]\n' > "$tmp/g.yaml"
printf '(;GM[1]FF[4]SZ[5];B[cc];W[bc];B[cb];W[dc];B[bb];W[db];B[cd];W[bd];B[ce];W[de])' > "$tmp/g.sgf"
printf 'game: shoreline\nmoves: [C, D, B, C, D, B, C, B, D, C]\n' > "$tmp/h.yaml"
printf '(;GM[1]FF[4]SZ[5];B[cc];W[dc];B[bc];W[cb];B[dd];W[bd];B[cd];W[bb];B[db];W[ce])' > "$tmp/h.sgf"

svg=$(cpu "$sheetgen render $tmp/g.yaml -o $tmp/g.svg")
png=$(cpu "$sheetgen render $tmp/g.yaml -o $tmp/g.png")
version=$(cpu "$sheetgen --version")
echo "render one 5×5 diagram, $runs processes: SVG $(awk "BEGIN { printf \"%.2f\", $svg * 1000 / $runs }") ms CPU each, PNG $(awk "BEGIN { printf \"%.2f\", $png * 1000 / $runs }") ms, --version $(awk "BEGIN { printf \"%.2f\", $version * 1000 / $runs }") ms"
if [ -x "$peer" ]; then
  # Taken in turn, ROUNDS times (default 3), so a change in the machine's load touches both
  # alike; the median ratio is the figure. Like for like, both write the figure into a
  # redirected standard output (`> fig.svg`: the file truncated and filled in place).
  ratios=()
  file_ratios=()
  wall_ratios=()
  for round in $(seq "${ROUNDS:-3}"); do
    psvg=$(cpu "$peer $tmp/g.sgf > $tmp/p.svg")
    svg2=$(cpu "$sheetgen render $tmp/g.yaml --format svg > $tmp/g.svg")
    ratio=$(awk "BEGIN { printf \"%.2f\", $svg2 / $psvg }")
    ratios+=("$ratio")
    echo "round $round, SVG into a redirected standard output: sheetgen $(awk "BEGIN { printf \"%.2f\", $svg2 * 1000 / $runs }") ms, sgf-render 3.3.1 $(awk "BEGIN { printf \"%.2f\", $psvg * 1000 / $runs }") ms, ratio $ratio"
    # With -o the two differ in what they promise: sgf-render truncates the file and writes
    # it in place; sheetgen writes a new file whole (a hidden file renamed over the old one,
    # not synced: src/output.rs says why). Both CPU and wall time, the wall being what a
    # user waits for; the two run in turn, process by process.
    read -r file file_wall pfile pfile_wall <<< "$(python3 "$tmp/paired.py" "$runs" \
      "$sheetgen render $tmp/g.yaml -o $tmp/g.svg" "$peer $tmp/g.sgf -o $tmp/p.svg")"
    file_ratio=$(awk "BEGIN { printf \"%.2f\", $file / $pfile }")
    file_ratios+=("$file_ratio")
    wall_ratio=$(awk "BEGIN { printf \"%.2f\", $file_wall / $pfile_wall }")
    wall_ratios+=("$wall_ratio")
    echo "round $round, SVG with -o FILE: sheetgen (replaced whole) $(awk "BEGIN { printf \"%.2f\", $file * 1000 / $runs }") ms CPU, $(awk "BEGIN { printf \"%.2f\", $file_wall * 1000 / $runs }") ms wall; sgf-render 3.3.1 (truncated in place) $(awk "BEGIN { printf \"%.2f\", $pfile * 1000 / $runs }") ms CPU, $(awk "BEGIN { printf \"%.2f\", $pfile_wall * 1000 / $runs }") ms wall; ratios CPU $file_ratio, wall $wall_ratio"
  done
  # Output that changes every run: every file is really replaced, for both tools.
  for round in $(seq "${ROUNDS:-3}"); do
    pchanged=$(cpu_alternating "$peer $tmp/g.sgf -o $tmp/p.svg" "$peer $tmp/h.sgf -o $tmp/p.svg")
    changed=$(cpu_alternating "$sheetgen render $tmp/g.yaml -o $tmp/g.svg" "$sheetgen render $tmp/h.yaml -o $tmp/g.svg")
    echo "round $round, output changing every run: SVG sheetgen $(awk "BEGIN { printf \"%.2f\", $changed * 1000 / $runs }") ms, sgf-render 3.3.1 $(awk "BEGIN { printf \"%.2f\", $pchanged * 1000 / $runs }") ms, ratio $(awk "BEGIN { printf \"%.2f\", $changed / $pchanged }")"
  done
  ppng=$(cpu "$peer --format png $tmp/g.sgf -o $tmp/p.png")
  median() { printf '%s\n' "$@" | sort -n | awk '{ r[NR] = $1 } END { print r[int((NR + 1) / 2)] }'; }
  echo "sgf-render 3.3.1 PNG $(awk "BEGIN { printf \"%.2f\", $ppng * 1000 / $runs }") ms; ratio sheetgen/sgf-render: SVG $(median "${ratios[@]}") (median of ${#ratios[@]}, standard output), SVG -o FILE $(median "${file_ratios[@]}"), PNG $(awk "BEGIN { printf \"%.2f\", $png / $ppng }")"
  # The targets (issue 38.9): one SVG diagram with -o FILE at most 1.2 times sgf-render's
  # CPU and 1.5 times its wall time, medians of the rounds.
  cpu_median=$(median "${file_ratios[@]}")
  wall_median=$(median "${wall_ratios[@]}")
  verdict() { awk -v r="$1" -v limit="$2" 'BEGIN { print (r <= limit) ? "ok" : "OVER" }'; }
  echo "target, SVG -o FILE against sgf-render: CPU $cpu_median (<= 1.2: $(verdict "$cpu_median" 1.2)), wall $wall_median (<= 1.5: $(verdict "$wall_median" 1.5))"
else
  echo "sgf-render not installed at $peer: no side-by-side ratio (see the first lines of this script)"
fi

# 10,000 Shoreline records: the examples' evening, repeated.
python3 - "$tmp/ten-k.yaml" <<'PY'
import sys
text = open("examples/shoreline-evening.yaml").read()
docs = [d for d in "\n".join(l for l in text.split("\n") if not l.startswith("#")).split("---\n") if d.strip()]
open(sys.argv[1], "w").write("---\n".join(docs[i % len(docs)] for i in range(10000)))
PY
best=999
for _ in 1 2 3 4 5; do
  s=$( { /usr/bin/time -f "%e" "$sheetgen" check --format json "$tmp/ten-k.yaml" >/dev/null; } 2>&1)
  best=$(awk "BEGIN { print ($s < $best) ? $s : $best }")
done
echo "check --format json of 10,000 records: $best s (best of 5) = $(awk "BEGIN { printf \"%.0f\", 10000 / $best }") records/s"

# A booklet of 1,000 Shoreline games.
python3 - "$tmp/ten-k.yaml" "$tmp/one-k.yaml" <<'PY'
import sys
docs = open(sys.argv[1]).read().split("---\n")
open(sys.argv[2], "w").write("---\n".join(docs[:1000]))
PY
/usr/bin/time -f "booklet of 1,000 games: %e s, peak %M KB" "$sheetgen" booklet "$tmp/one-k.yaml" -o "$tmp/b.pdf"

# The longest game's booklet: 1,000 diagrams (--every 100) of one 100,000-move Lines of Action
# game, marking time without the repetition rule.
python3 - "$tmp/long.yaml" <<'PY'
import sys
moves = ["b1-b3", "a2-c2", "b3-b1", "c2-a2"] * 25000
open(sys.argv[1], "w").write("game: lines-of-action\nrules: { repetition: off }\nmoves: [%s]\n" % ", ".join(moves))
PY
/usr/bin/time -f "booklet of 1,000 diagrams of a 100,000-move game: %e s, peak %M KB" "$sheetgen" booklet "$tmp/long.yaml" --every 100 -o "$tmp/long.pdf"

"$sheetgen" shoreline --boards 4 -o "$tmp/sheet.pdf"
echo "shoreline --boards 4 PDF: $(stat -c %s "$tmp/sheet.pdf") bytes"

# The highest DPI an A4 sheet may have: the one the refusal at 1200 dpi names.
max_dpi=$( { "$sheetgen" shoreline --boards 4 --format png --dpi 1200 -o "$tmp/sheet.png" 2>&1 || true; } | sed -n 's/.*--dpi \([0-9]*\) or lower fits.*/\1/p')
max_dpi=${max_dpi:-1200}
/usr/bin/time -f "A4 sheet as PNG at $max_dpi dpi (the most sheetgen allows): %e s, peak %M KB" "$sheetgen" shoreline --boards 4 --format png --dpi "$max_dpi" -o "$tmp/sheet.png" || true

# Lines of Action perft(6) from the standard start (ruling L8), on one thread: at most 15 s
# (issue 38.9). PERFT=0 skips it (it builds the bench and takes a quarter of a minute).
if [ "${PERFT:-1}" != 0 ]; then
  # The bench prints "perft, 1 thread:" then "  depth 6: COUNT ok  SECONDS s  …".
  cargo bench --quiet --bench loa_perft -- 6 | awk '
    /thread/ { threads = $2 }
    /depth 6:/ {
      limit = threads == 1 ? " (<= 15 s on one thread: " ($5 + 0 <= 15 ? "ok" : "OVER") ")" : ""
      print "perft(6), " threads " thread(s): " $3 " " $4 ", " $5 " s" limit
    }'
fi

# Fifty Typst diagrams through the plugin (typst/examples/fifty.typ) against their budget of
# 6 s: TYPST=1 runs the Typst check with it (it installs the compiler from PyPI).
if [ "${TYPST:-0}" = 1 ]; then
  TYPST_FIFTY_BUDGET=6 scripts/typst-check.sh | grep -E "fifty diagrams"
fi
