#!/usr/bin/env bash
# vs_burrtools.sh -- counts the assemblies of every problem of BurrTools' cube-grid examples
# with `dance burr` and with BurrTools' own command-line solver burrTxt, first assembly only
# (no -d), then with the assemblies taken apart (`dance burr -d`, `burrTxt -d`: the
# assemblies and the solutions, those that come apart); checks that the counts agree, times
# both in the same run, and prints a Markdown report for bench/RESULTS.md ("Burr puzzles").
#
#   bench/vs_burrtools.sh [--reps N] [--random ROUNDS]
#   BURRTXT=/path/to/burrTxt BURRTOOLS_SRC=/path/to/clone bench/vs_burrtools.sh
#
# BurrTools is not part of dance (it is GPL, and C++): the script clones it
# (https://github.com/burr-tools/burr-tools, commit b72a71d) into a scratch folder outside
# the tree, unless BURRTOOLS_SRC names a clone, and builds burrTxt there with g++ -O2 from
# the sources its meson.build lists for it (src/burrTxt.cpp, src/lib, src/tools,
# src/halfedge; zlib and threads), unless BURRTXT names a burrTxt built already. Needs g++
# and zlib1g-dev. The figure is user CPU time of the whole process, the minimum over the
# repetitions, dance on one thread (burrTxt has one). --random ROUNDS then has
# bench/burr_random.py count that many random small problems with both (seed 1).
set -euo pipefail
reps=3
rounds=0
while [ $# -gt 0 ]; do
  case $1 in
  --reps) reps=$2; shift 2 ;;
  --random) rounds=$2; shift 2 ;;
  *) echo "usage: [BURRTXT=...] [BURRTOOLS_SRC=...] $0 [--reps N] [--random ROUNDS]" >&2; exit 2 ;;
  esac
done
commit=b72a71d1fc3292dccce7febec73c28ad4067950b
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
build=${BUILD_DIR:-$root/build-bench}
bench_build "$root" "$build" dance
dance=$build/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scratch=${BURRTOOLS_WORK:-${TMPDIR:-/tmp}/dance-burrtools}

src=${BURRTOOLS_SRC:-$scratch/burr-tools}
if [ ! -d "$src/src/lib" ]; then
  mkdir -p "$scratch"
  git clone -q https://github.com/burr-tools/burr-tools "$src"
  git -C "$src" checkout -q "$commit"
fi
burrtxt=${BURRTXT:-}
if [ -z "$burrtxt" ]; then
  burrtxt=$scratch/burrTxt
  if [ ! -x "$burrtxt" ]; then
    mkdir -p "$scratch/obj"
    (cd "$src" && ls src/burrTxt.cpp src/tools/{fileexists,gzstream,xml}.cpp src/halfedge/*.cpp \
      src/lib/*.cpp | grep -v '_test\.cpp$') >"$scratch/sources"
    xargs -P "$(nproc)" -I{} sh -c 'g++ -O2 -std=c++11 -w -I"$1/src" -c "$1/{}" -o "$2/obj/$(echo {} | tr / _).o"' \
      sh "$src" "$scratch" <"$scratch/sources"
    g++ -O2 -o "$burrtxt" "$scratch"/obj/*.o -lz -lpthread
  fi
fi
cpu() { bench_cpu /dev/null "$tmp/out" "$tmp/err" "$@"; }

bench_header "Burr puzzles: dance burr against BurrTools' burrTxt" "$root" "$build" \
  "bench/vs_burrtools.sh --reps $reps --random $rounds" models/burr.c models/burr_read.c \
  solvers/cli/cmd_burr.c solvers/cli/burr_apart.c solvers/stategraph/burr_disasm.c
echo "- BurrTools: commit ${commit:0:7}, burrTxt built with \`g++ -O2\` ($(g++ --version | head -n 1))"
echo
# Calls "$@" FILE NAME P for each problem P of each cube-grid example of BurrTools.
each_problem() {
  local file name problems p
  for file in "$src"/examples/*.xmpuzzle; do
    gzip -dcf "$file" >"$tmp/puzzle.xml"
    grep -q '<gridType type="0"' "$tmp/puzzle.xml" || continue
    name=$(basename "$file" .xmpuzzle)
    problems=$("$dance" burr "$file" --json -t 1 --max 1 |
      python3 -c 'import json,sys; print(len(json.load(sys.stdin)["problems"]))')
    for ((p = 1; p <= problems; p++)); do "$@" "$file" "$name" "$p"; done
  done
}

# The fastest of the reps runs of both, in $d and $b (CPU s), their ratio in $ratio (a ratio
# of times under 10 ms would be noise); the counts each prints, by DCOUNT and BCOUNT (shell
# snippets reading $tmp/out), in $dcount and $bcount. Arguments: the flags of each program
# (words, or empty), FILE and P.
time_both() {
  local dflags=$1 bflags=$2 file=$3 p=$4 r
  : >"$tmp/d"; : >"$tmp/b"
  for ((r = 0; r < reps; r++)); do
    # shellcheck disable=SC2086 # the flags are words, or none
    cpu "$dance" burr $dflags "$file" --problem "$p" --json -t 1 >>"$tmp/d"
    dcount=$(eval "$DCOUNT")
    # shellcheck disable=SC2086
    cpu "$burrtxt" $bflags -q -o "$((p - 1))" "$file" >>"$tmp/b"
    bcount=$(eval "$BCOUNT")
  done
  d=$(sort -g "$tmp/d" | head -1) b=$(sort -g "$tmp/b" | head -1)
  ratio=$(python3 -c "print(f'{$d/$b:.2f}x' if $b >= 0.01 else '-')")
}

assembled() {
  local file=$1 name=$2 p=$3
  DCOUNT='python3 -c "import json,sys; print(json.load(sys.stdin)[\"assemblies\"])" <"$tmp/out"'
  BCOUNT='grep -o "[0-9]* assemblies" "$tmp/out" | cut -d" " -f1'
  time_both "" "" "$file" "$p"
  if [ "$dcount" != "$bcount" ]; then
    status=1
    echo "vs_burrtools.sh: $name problem $p: dance $dcount, burrTxt $bcount" >&2
  fi
  echo "| $name | $p | $bcount | $dcount | $b | $d | $ratio |"
}

taken_apart() {
  local file=$1 name=$2 p=$3 da ds ba bs
  DCOUNT='python3 -c "import json,sys; d=json.load(sys.stdin); print(d[\"assemblies\"], d[\"solutions\"])" <"$tmp/out"'
  BCOUNT='grep -o "[0-9]* assemblies and [0-9]* solutions" "$tmp/out" | awk "{print \$1, \$4}"'
  time_both -d -d "$file" "$p"
  if [ "$dcount" != "$bcount" ]; then
    status=1
    echo "vs_burrtools.sh: $name problem $p, taken apart: dance $dcount, burrTxt $bcount" >&2
  fi
  read -r da ds <<<"$dcount"
  read -r ba bs <<<"$bcount"
  echo "| $name | $p | $ba | $da | $bs | $ds | $b | $d | $ratio |"
}

status=0
echo "| example | problem | burrTxt assemblies | dance assemblies | burrTxt CPU s | dance CPU s | dance / burrTxt |"
echo "|---|---|---|---|---|---|---|"
each_problem assembled
echo
echo "Taken apart: \`dance burr -d\` against \`burrTxt -d\`."
echo
echo "| example | problem | burrTxt assemblies | dance assemblies | burrTxt solutions | dance solutions | burrTxt CPU s | dance CPU s | dance / burrTxt |"
echo "|---|---|---|---|---|---|---|---|---|"
each_problem taken_apart
if [ "$rounds" -gt 0 ]; then
  echo
  (cd "$tmp" && python3 "$root/bench/burr_random.py" --dance "$dance" --burrtxt "$burrtxt" \
    --rounds "$rounds") || status=1
fi
exit $status
