#!/usr/bin/env bash
# run_cube.sh -- times `dance cube` on a piece set and prints a Markdown report for
# bench/RESULTS.md: the machine, the commit, the command, then one table row per run.
#
#   bench/run_cube.sh                        # Bedlam: the default run, 1 and 2 threads
#   bench/run_cube.sh --pieces bedlam        # ... and each piece restricted in turn
#   bench/run_cube.sh --prune tetris         # with and without the pruning
#
# Every run is checked to be complete; seconds are CPU seconds (user+sys, from
# /usr/bin/time) and wall seconds, so that a loaded machine shows in the gap between.
# The baseline for the ratios is the first row, run in the same invocation.
# BUILD_DIR overrides the build directory (default: build-bench/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
pieces=0
prune=0
while [ $# -gt 1 ]; do
  case $1 in
  --pieces) pieces=1 ;;
  --prune) prune=1 ;;
  *) break ;;
  esac
  shift
done
set_name=${1:-bedlam}

. "$root/bench/lib.sh"
bench_build "$root" "$build" dance

echo "### dance cube $set_name, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- compiler: $(bench_compiler "$build")"
echo "- commit: $(bench_commit "$root" dlx models solvers cube_pieces)"
echo "- command: \`bench/run_cube.sh$([ $pieces = 1 ] && echo ' --pieces')$([ $prune = 1 ] && echo ' --prune') $set_name\`"
echo
echo "| run | restricted piece (kept of placements) | solutions | covers | nodes | CPU s | wall s | CPU / first row |"
echo "|---|---|--:|--:|--:|--:|--:|--:|"

first_cpu=""
row() { # row LABEL ARGS...: one run of dance cube, one table line
  local label=$1 out cpu
  shift
  out=$(mktemp)
  cpu=$({ /usr/bin/time -f '%U %S' "$build/dance" cube "$set_name" --json "$@" >"$out"; } 2>&1 |
    tail -n 1 | awk '{printf "%.2f", $1 + $2}')
  python3 - "$out" "$label" "$cpu" "${first_cpu:-$cpu}" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
label, cpu, base = sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
assert d["complete"], "incomplete run: " + label
r = d["restricted"]
kept = "%s (%d of %d)" % (r["piece"], r["kept"], r["placements"]) if r else "none"
ratio = "%.2fx" % (cpu / base) if base > 0 else "-"
print("| %s | %s | %d | %d | %d | %.2f | %.2f | %s |" % (
    label, kept, d["solutions"], d["total"], d["nodes"], cpu, d["seconds"], ratio))
EOF
  rm -f "$out"
  [ -n "$first_cpu" ] || first_cpu=$cpu
}

row "default, 1 thread" --threads 1
row "default, 2 threads" --threads 2
if [ $prune = 1 ]; then
  row "--no-prune, 1 thread" --threads 1 --no-prune
fi
if [ $pieces = 1 ]; then
  names=$(awk '$1 == "piece" {print $2}' "$root/cube_pieces/$set_name.txt")
  for p in $names; do
    row "--restrict $p, 1 thread" --threads 1 --restrict "$p"
  done
fi
