#!/usr/bin/env bash
# run_region.sh -- a region drawn cell by cell against the same shape given as a box, in
# the same invocation, alternating runs: `dance cube` must be as fast when the region is a
# box. Prints a Markdown report for bench/RESULTS.md.
#
#   bench/run_region.sh          # 7 rounds of each pair
#   ROUNDS=3 bench/run_region.sh
#
# Each pair is the same set and shape two ways: `--box XxYxZ`, and `--region FILE` with
# FILE drawing that box as a region with no holes. Then a shape with holes against the
# box around it, for scale. The figure is the search's wall time from dance's JSON (the
# median of the rounds, one thread), and the nodes, which must agree within a pair.
# BUILD_DIR overrides the build directory (default: build-bench/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
rounds=${ROUNDS:-7}
. "$root/bench/lib.sh"
bench_build "$root" "$build" dance
dance=$build/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# draw_box X Y Z: a region block filling the whole box
draw_box() {
  local x=$1 y=$2 z=$3 row layer r
  row=$(printf "%${x}s" | tr ' ' x)
  echo region
  for ((r = 0; r < y; r++)); do
    layer=$row
    for ((k = 1; k < z; k++)); do layer="$layer $row"; done
    echo "$layer"
  done
}
draw_box 10 6 1 >"$tmp/10x6.txt"
draw_box 12 5 1 >"$tmp/12x5.txt"
draw_box 3 3 3 >"$tmp/3x3x3.txt"

# median of the numbers on stdin
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# time_run LABEL ARGS...: one run, appends "seconds nodes" to $tmp/LABEL
time_run() {
  local label=$1
  shift
  "$dance" cube "$@" --threads 1 --json |
    python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["complete"]; print(d["seconds"], d["nodes"], d["solutions"])' \
      >>"$tmp/$label"
}

echo "### dance cube: regions against boxes, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- compiler: $(bench_compiler "$build")"
echo "- commit: $(bench_commit "$root" dlx models solvers cube_pieces)"
echo "- command: \`ROUNDS=$rounds bench/run_region.sh\` (one thread; the median of $rounds alternating rounds)"
echo
echo "| set | as a box | s | as a region | s | region/box | nodes (box, region) | solutions |"
echo "|---|---|--:|---|--:|--:|---|--:|"
pairs=(
  "pentominoes|--box 10x6|--region $tmp/10x6.txt|10x6 drawn"
  "pentominoes|--box 12x5|--region $tmp/12x5.txt|12x5 drawn"
  "soma|--box 3x3x3|--region $tmp/3x3x3.txt|3x3x3 drawn"
  "pentominoes|--box 10x6|--region $root/data/regions/8x8-centre-hole.txt|8x8 with the centre out (another shape, 60 cells too)"
)
for pair in "${pairs[@]}"; do
  IFS='|' read -r set box region label <<<"$pair"
  rm -f "$tmp/a" "$tmp/b"
  for ((i = 0; i < rounds; i++)); do
    # shellcheck disable=SC2086
    time_run a "$set" $box
    # shellcheck disable=SC2086
    time_run b "$set" $region
  done
  a=$(cut -d' ' -f1 "$tmp/a" | median)
  b=$(cut -d' ' -f1 "$tmp/b" | median)
  na=$(head -1 "$tmp/a" | cut -d' ' -f2)
  nb=$(head -1 "$tmp/b" | cut -d' ' -f2)
  sa=$(head -1 "$tmp/a" | cut -d' ' -f3)
  sb=$(head -1 "$tmp/b" | cut -d' ' -f3)
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b / a}')
  echo "| $set | \`$box\` | $a | $label | $b | $ratio | $na, $nb | $sa, $sb |"
done
