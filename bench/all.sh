#!/usr/bin/env bash
# all.sh -- the tables that open bench/RESULTS.md, measured again: each area's scripts in a
# quick mode (fewer rounds and inputs than they take alone), each workload one row: dance's
# figure, the baseline measured in the same command, dance / baseline, and the command.
# The machine, its load (and any niced background work), the commit and the date head the
# output; the ratios hold within one run, the times only on this machine at this load.
#
#   bench/all.sh                        # builds Release in build-bench/ first
#   BUILD_DIR=build bench/all.sh        # a tree configured with -DDANCE_BENCH=ON
#   AREAS="xc pent" bench/all.sh        # some areas: xc pent cube gridlock metropolis
#                                       # slide scale python (default: all, in that order)
#
# Peers built outside the tree are skipped, each with a line saying how to get it:
#   KNUTH_DIR (default /tmp/knuth) holds Knuth's ssxcc, ssmcc, dlx3, dlx5 and dlx6;
#   PYTHON (default python3) is an interpreter with the dance package (and SageMath's
#   dlx_solver and xcover, if they are to be measured); dance-mpi in BUILD_DIR for MPI.
# Its run time on the 2-core machine is in RESULTS.md, under 10 minutes. Exit status 1
# if a script fails (its counts disagree with its baseline's, say), 2 on bad usage.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
case $build in /*) ;; *) build=$root/$build ;; esac
knuth=${KNUTH_DIR:-/tmp/knuth}
python=${PYTHON:-python3}
areas=${AREAS:-xc pent cube gridlock metropolis slide scale python}
[ $# -eq 0 ] || { sed -n '2,19s/^# \{0,1\}//p' "$0" >&2; exit 2; }
cd "$root"
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
export BUILD_DIR=$build
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

echo "all.sh: building $build" >&2
bench_build "$root" "$build" dance
cmake --build "$build" -j "$(nproc)" --target bench_gridlock bench_metropolis bench_slide \
  bitboard_pent >/dev/null
dance=$build/dance
rel=${build#"$root"/} # the build directory as the rows' commands name it

# The line a peer's absence prints instead of its rows.
knuth_howto="ctangle ssxcc.w, ssmcc.w, dlx3.w, dlx5.w and dlx6.w of Knuth's programs (Debian's
  texlive-binaries; e.g. programs-orig/ of the public shreevatsa/knuth-literate-programs) and
  build each into \$KNUTH_DIR by clang -O3 with the Stanford GraphBase's gb_flip.c and gb_flip.h
  (DLX6 hashes with it; the others call it only for their randomizing option)"
skip() { # skip WHAT WHY HOW
  echo
  echo "Skipped: $1: $2. To get it: $3"
}

# row WORKLOAD DANCE BASELINE RATIO COMMAND: one line of a table.
# shellcheck disable=SC2016 # the backquotes are Markdown's, not the shell's
row() { printf '| %s | %s | %s | %s | `%s` |\n' "$@"; }
table() { # table TITLE BASELINE-NAME
  echo
  echo "### $1"
  echo
  echo "| workload | dance | $2 | dance / baseline | command |"
  echo "|---|--:|--:|--:|---|"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3gx", a / b; else print "-" }'; }

# run LOG CMD...: CMD's stdout to $tmp/LOG, its stderr to $tmp/LOG.err; on failure the
# end of both goes to stderr and all.sh stops.
run() {
  local log=$1
  shift
  if ! "$@" >"$tmp/$log" 2>"$tmp/$log.err"; then
    echo "all.sh: failed: $*" >&2
    tail -n 5 "$tmp/$log" "$tmp/$log.err" >&2
    exit 1
  fi
}

# Markdown table cells of the lines of a file: fields split on '|', spaces trimmed.
cells() { awk -F'|' '{ for (i = 2; i < NF; i++) { gsub(/^ +| +$/, "", $i); printf "%s%s", $i, (i < NF - 1 ? "\t" : "\n") } }' "$1"; }

# ---- exact cover ---------------------------------------------------------------------------
area_xc() {
  table "Exact cover against Knuth's programs (one thread, user CPU of whole processes, best of the runs)" "Knuth's program"
  if [ -x "$knuth/ssxcc" ]; then
    run knuth env SSXCC="$knuth/ssxcc" bench/vs_knuth.sh --reps 3
    cells "$tmp/knuth" | awk -F'\t' '$2 ~ /^[0-9,]+$/ && $3 ~ /^[0-9.]+$/ && $4 ~ /^[0-9.]+$/' |
      while IFS=$'\t' read -r input sols d s _; do
        row "SSXCC: $input ($sols solutions)" "$d s" "$s s" "$(ratio "$d" "$s")" "SSXCC=$knuth/ssxcc bench/vs_knuth.sh --reps 3"
      done
  fi
  if [ -x "$knuth/ssmcc" ]; then
    local dlx3=
    [ -x "$knuth/dlx3" ] && dlx3=$knuth/dlx3
    run ssmcc env SSMCC="$knuth/ssmcc" ${dlx3:+DLX3=$dlx3} bench/vs_ssmcc.sh --reps 1 --quick
    cells "$tmp/ssmcc" | awk -F'\t' '$3 ~ /^[0-9.]+$/' |
      while IFS=$'\t' read -r input sols d s _ k _; do
        row "SSMCC: $input ($sols solutions)" "$d s" "$s s" "$(ratio "$d" "$s")" "SSMCC=$knuth/ssmcc bench/vs_ssmcc.sh --reps 1 --quick"
        [ -z "$dlx3" ] || row "DLX3 (the same tree): $input" "$d s" "$k s" "$(ratio "$d" "$k")" "SSMCC=... DLX3=$dlx3 bench/vs_ssmcc.sh --reps 1 --quick"
      done
  fi
  if [ -x "$knuth/dlx5" ]; then
    run dlx5 env DLX5="$knuth/dlx5" bench/vs_dlx5.sh --reps 1
    cells "$tmp/dlx5" | awk -F'\t' '$3 ~ /^[0-9.]+$/' | while IFS=$'\t' read -r k _ d s _; do
      row "DLX5: the $k cheapest tilings of pent6x10 with costs (\`--best $k\`)" "$d s" "$s s" "$(ratio "$d" "$s")" "DLX5=$knuth/dlx5 bench/vs_dlx5.sh --reps 1"
    done
  fi
  if [ -x "$knuth/dlx6" ]; then
    run dlx6 env DLX6="$knuth/dlx6" bench/vs_dlx6.sh --reps 1 --no-bell15
    cells "$tmp/dlx6" | awk -F'\t' '$3 ~ /^[0-9.]+$/' | while IFS=$'\t' read -r input sols d _ s _; do
      row "DLX6: \`--memo\` on $input ($sols solutions)" "$d s" "$s s" "$(ratio "$d" "$s")" "DLX6=$knuth/dlx6 bench/vs_dlx6.sh --reps 1 --no-bell15"
    done
  fi
  local p missing=
  for p in ssxcc ssmcc dlx5 dlx6; do [ -x "$knuth/$p" ] || missing+=" $p"; done
  [ -z "$missing" ] || skip "Knuth's${missing}" "not in $knuth" "$knuth_howto"
  table "Exact cover: dance's default engine (bit vectors) against its dancing links (wall, whole processes)" "\`--engine dlx\`"
  engines
  grep '^| `dance xc' "$tmp/engines" | cells /dev/stdin | while IFS=$'\t' read -r job d b _; do
    row "${job//\`/}" "$b s" "$d s" "$(ratio "$b" "$d")" "bench/run_engines.sh --rounds 1"
  done
}

# run_engines.sh once, for the exact-cover and the packing areas.
engines() { [ -s "$tmp/engines" ] || run engines bench/run_engines.sh --rounds 1; }

# ---- packing against the bitboard ----------------------------------------------------------
area_pent() {
  table "Packing: the pentominoes in 6x10 against a plain bitboard (CPU of whole processes, medians)" "bench/bitboard_pent.c"
  local t args
  for t in 1 2; do
    args=()
    [ "$t" = 1 ] || args=(-- -t 2)
    run pent bench/run_pent.sh --rounds 11 "${args[@]}"
    cells "$tmp/pent" | awk -F'\t' '$2 ~ /^[0-9.]+$/ { print $2 }' >"$tmp/pent.cpu"
    row "2,339 tilings, dance on $t thread$([ "$t" = 1 ] || echo s), the bitboard on 1" \
      "$(sed -n 1p "$tmp/pent.cpu") s" "$(sed -n 2p "$tmp/pent.cpu") s" \
      "$(ratio "$(sed -n 1p "$tmp/pent.cpu")" "$(sed -n 2p "$tmp/pent.cpu")")" \
      "bench/run_pent.sh --rounds 11${args[*]:+ ${args[*]}}"
  done
}

# ---- Bedlam, Tetris and other sets ---------------------------------------------------------
area_cube() {
  table "Packing: Bedlam, the Tetris cube and other sets" "baseline"
  local set one two
  for set in bedlam tetris; do
    run cube bench/run_cube.sh "$set"
    one=$(cells "$tmp/cube" | awk -F'\t' '$1 == "default, 1 thread" { print $8 }')
    two=$(cells "$tmp/cube" | awk -F'\t' '$1 == "default, 2 threads" { print $8 }')
    row "$set: every solution, 2 threads (wall) against 1" "$two s" "$one s" "$(ratio "$two" "$one")" "bench/run_cube.sh $set"
  done
  engines
  grep '^| `dance cube' "$tmp/engines" | cells /dev/stdin | while IFS=$'\t' read -r job d b _; do
    row "${job//\`/}: bit vectors against dancing links" "$b s" "$d s" "$(ratio "$b" "$d")" "bench/run_engines.sh --rounds 1"
  done
  if [ -x "$knuth/ssxcc" ]; then
    "$dance" cube bedlam --export "$tmp/bedlam.dlx" -q >/dev/null
    run bedknuth env SSXCC="$knuth/ssxcc" bench/vs_knuth.sh --reps 1 "$tmp/bedlam.dlx"
    cells "$tmp/bedknuth" | awk -F'\t' '$2 ~ /^[0-9,]+$/ && $3 ~ /^[0-9.]+$/ && $4 ~ /^[0-9.]+$/' |
      while IFS=$'\t' read -r _ sols d s _; do
        row "Bedlam's matrix (\`dance cube bedlam --export\`, $sols covers) by \`dance xc -t 1\` against SSXCC" "$d s" "$s s" "$(ratio "$d" "$s")" "SSXCC=$knuth/ssxcc bench/vs_knuth.sh --reps 1 bedlam.dlx"
      done
  else
    skip "Bedlam's matrix against SSXCC" "no $knuth/ssxcc" "$knuth_howto"
  fi
}

# ---- Gridlock ------------------------------------------------------------------------------
area_gridlock() {
  table "Rubik's Gridlock: the 88 puzzles and the census, against a plain bitmask backtracker (bench_gridlock)" "backtracker"
  run grid "$build/bench_gridlock" --reps 5
  cells "$tmp/grid" | awk -F'\t' '$1 == "all 88"' | while IFS=$'\t' read -r _ _ _ d _ b _; do
    row "all 88 puzzles, every solution, files read (CPU, best of 5)" "$d us" "$b us" "$(ratio "$d" "$b")" "$rel/bench_gridlock --reps 5"
  done
  run census "$build/bench_gridlock" --census --reps 1
  local d b
  d=$(cells "$tmp/census" | awk -F'\t' '$1 == "dance census" && $2 == 2 { print $3 }')
  b=$(cells "$tmp/census" | awk -F'\t' '$1 == "baseline backtracker" { print $3 }')
  row "census of 72,983 layouts: dance on 2 threads, the backtracker on 1 (wall)" "$d s" "$b s" "$(ratio "$d" "$b")" "$rel/bench_gridlock --census --reps 1"
}

# ---- Metropolis ----------------------------------------------------------------------------
area_metropolis() {
  table "Metropolis against the exact-cover model (CPU, one core)" "exact cover (DLX)"
  mkdir -p "$tmp/mhdata"
  run mh "$build/bench_metropolis" --seeds 2 --oneup-seeds 20 --reps 3 --bootstrap 0 --out "$tmp/mhdata"
  python3 - "$tmp/mhdata/summary.tsv" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
g = [r for r in rows if r["puzzle"].startswith("gridlock")]
cmd = "bench_metropolis --seeds 2 --oneup-seeds 20 --reps 3 --bootstrap 0"
mh = sum(float(r["sec_median"]) for r in g)
dlx = sum(float(r["dlx_seconds"]) for r in g)
med = statistics.median(float(r["ratio_median"]) for r in g)
print("| Gridlock, 88 puzzles: the sampler's median runs (T = %s, %s seeds) summed, against "
      "every exact count (median puzzle %.0fx) | %.3f s | %.4f s | %.3gx | `%s` |"
      % (g[0]["temp"], g[0]["runs"], med, mh, dlx, mh / dlx, cmd))
for r in rows:
    if r["puzzle"].startswith("oneup"):
        a, b = float(r["sec_median"]), float(r["dlx_seconds"])
        print("| One Up %s: the sampler's median run (T = %s, %s seeds) against the exact count "
              "| %.1f us | %.1f us | %.3gx | `%s` |"
              % (r["puzzle"].split("/")[-1], r["temp"], r["runs"], a * 1e6, b * 1e6, a / b, cmd))
EOF
  local rate
  rate=$(cells "$tmp/mh" | awk -F'\t' '$1 ~ /^dance, 88 x/ { print $9 }')
  echo
  echo "dance's sampler: $rate Gridlock steps a CPU second (Howard's C++ sampler: about 6.3M, quoted, not measured here)."
}

# ---- the state graph -----------------------------------------------------------------------
area_slide() {
  table "The state graph: Project Euler 766, bar flip, Korf's 100 (CPU unless said)" "baseline"
  run slide "$build/bench_slide" --reps 1
  local d b
  d=$(cells "$tmp/slide" | awk -F'\t' '$1 == "dance" { print $5 }')
  b=$(cells "$tmp/slide" | awk -F'\t' '$1 == "baseline" { print $5 }')
  row "Project Euler 766: 2,613,742 configurations, against the tests' plain model" "$d s" "$b s" "$(ratio "$d" "$b")" "$rel/bench_slide --reps 1"
  d=$(cells "$tmp/slide" | awk -F'\t' '$1 == "gf2" { print $2 }')
  b=$(cells "$tmp/slide" | awk -F'\t' '$1 == "brute force" { print $2 }')
  row "bar flip 4x4, one query: GF(2) against brute force over 2^16 presses" "$d us" "$b us" "$(ratio "$d" "$b")" "$rel/bench_slide --reps 1"
  local h
  for h in pdb manhattan; do
    run "korf_$h" env DANCE="$dance" bench/korf100.sh --first 5 -t 2 --heuristic "$h"
    sed -n 's/^5 instances: \([0-9]*\) positions generated in \([0-9.]*\) s.*/\1 \2/p' "$tmp/korf_$h" >"$tmp/korf_$h.sum"
  done
  local pp ps mp ms
  read -r pp ps <"$tmp/korf_pdb.sum"
  read -r mp ms <"$tmp/korf_manhattan.sum"
  row "Korf's instances 1-5, IDA* on 2 threads: pattern databases against the Manhattan distance (positions)" "$pp" "$mp" "$(ratio "$pp" "$mp")" "bench/korf100.sh --first 5 -t 2 --heuristic pdb, then manhattan"
  row "the same, search seconds (wall; the databases' build apart)" "$ps s" "$ms s" "$(ratio "$ps" "$ms")" "bench/korf100.sh --first 5 -t 2 --heuristic pdb, then manhattan"
}

# ---- scale-out -----------------------------------------------------------------------------
area_scale() {
  table "Scale-out: parts through GNU parallel and dance merge, against one run on the same 2 cores (wall)" "one run"
  if command -v parallel >/dev/null; then
    run split bench/run_split.sh --rounds 1 --parts 2 "bedlam --restrict T"
    cells "$tmp/split" | awk -F'\t' '$2 ~ /^[0-9.]+$/' | while IFS=$'\t' read -r p one parts _ spread mpi _; do
      row "${p//\`/}: 2 parts by parallel -j 2, merged (slowest part / mean $spread)" "$parts s" "$one s" "$(ratio "$parts" "$one")" "bench/run_split.sh --rounds 1 --parts 2 \"bedlam --restrict T\""
      [ -z "$mpi" ] || row "${p//\`/}: dance-mpi, 3 ranks" "$mpi s" "$one s" "$(ratio "$mpi" "$one")" "bench/run_split.sh --rounds 1 --parts 2 \"bedlam --restrict T\""
    done
  fi
  run parts bench/run_parts.sh 16 bedlam --restrict T
  local line total
  line=$(grep 'slowest / mean' "$tmp/parts")
  total=$(sed -n 's/.*one after another: \([0-9.]*\) s/\1/p' "$tmp/parts")
  run alone bench/alternate.py 1 "whole:$dance cube bedlam --restrict T -t 1"
  local whole
  whole=$(awk '/^whole/ { print $10 / 1000 }' "$tmp/alone")
  row "Bedlam in 16 parts one after another on 1 thread, against one run (${line##*, }), wall" "$total s" "$whole s" "$(ratio "$total" "$whole")" "bench/run_parts.sh 16 bedlam --restrict T"
  command -v parallel >/dev/null || skip "the split runs" "no GNU parallel" "apt-get install parallel"
  [ -x "$build/dance-mpi" ] || skip "dance-mpi" "not in $build" "Debian's libopenmpi-dev, then cmake -DDANCE_MPI=ON"
}

# ---- Python --------------------------------------------------------------------------------
area_python() {
  table "Python: dance's package against SageMath's dlx_solver and xcover (one thread, best of the rounds)" "peer"
  if ! "$python" -c 'import dance' 2>/dev/null; then
    skip "the Python package" "$python cannot import dance" "python3 -m venv --system-site-packages venv && venv/bin/pip install --no-build-isolation ./python; then PYTHON=venv/bin/python bench/all.sh (SageMath: Debian's python3-sage; xcover from its public source, on Debian's python3-numba)"
    return
  fi
  run py "$python" bench/vs_python.py 1 data/xc/queens13.dlx data/xc/langford11.dlx data/xc/pent6x10.dlx
  python3 - "$tmp/py" "$python" <<'EOF'
import re, sys
text, python = open(sys.argv[1]).read(), sys.argv[2]
peers = re.search(r"peers: (.*)", text).group(1)
for block in text.split("\n\n")[1:]:
    head = block.splitlines()[0]
    mins = dict(re.findall(r"^  (.+?) +min +([0-9.]+) s", block, re.M))
    for peer in ("sage dlx_solver", "xcover"):
        if peer in mins:
            d, p = float(mins["dance auto"]), float(mins[peer])
            print("| %s, against %s | %.4f s | %.4f s | %.3fx | `%s bench/vs_python.py 1 ...` |"
                  % (head.rstrip(":"), peer, d, p, d / p, python))
if peers == "none":
    print("\nSkipped: SageMath's dlx_solver and xcover: neither imports here. To get them: Debian's "
          "python3-sage; xcover from its public source on Debian's python3-numba")
EOF
  run pycli bench/alternate.py 5 "cli:$dance xc data/xc/pent6x10.dlx" \
    "py:$python -c 'import dance; dance.Problem.read(\"data/xc/pent6x10.dlx\").count()'"
  local c p
  c=$(awk '/^cli/ { print $4 }' "$tmp/pycli")
  p=$(awk '/^py/ { print $4 }' "$tmp/pycli")
  row "pent6x10: \`dance.Problem.read(...).count()\`, the whole Python process, against \`dance xc\` (CPU medians)" "$p ms" "$c ms" "$(ratio "$p" "$c")" "bench/alternate.py 5 \"cli:dance xc ...\" \"py:python -c ...\""
}

echo "## Measured by bench/all.sh, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- other work at nice > 0 using CPU when started: $(ps -eo ni=,pcpu=,comm= | awk '$1 > 0 && $2 >= 5 { n++; c = c " " $3 } END { print (n ? n " process(es):" c : "none") }')"
echo "- compiler: $(bench_compiler "$build")"
echo "- commit: $(bench_commit "$root" dlx models solvers bench ':!bench/RESULTS.md')"
echo "- command: \`bench/all.sh\`${AREAS:+ (AREAS=\"$AREAS\")}"
for a in $areas; do
  case $a in
  xc | pent | cube | gridlock | metropolis | slide | scale | python)
    echo "all.sh: $a ($(($(date +%s) - start)) s so far)" >&2
    "area_$a"
    ;;
  *) echo "all.sh: no area '$a' (xc pent cube gridlock metropolis slide scale python)" >&2; exit 2 ;;
  esac
done
echo
echo "bench/all.sh took $(($(date +%s) - start)) s in all (the build included)."
