#!/usr/bin/env bash
# run_cube.sh -- times `dance cube` on a piece set and prints a Markdown report for
# bench/RESULTS.md: the machine, the commit, the command, then one table row per run.
#
#   bench/run_cube.sh                        # Bedlam: the default run, 1 and 2 threads
#   bench/run_cube.sh --pieces bedlam        # ... and each piece restricted in turn
#   bench/run_cube.sh --prune tetris         # with and without the pruning
#
# Every run is checked to be complete. CPU seconds (user+sys) and the process's wall
# seconds come from /usr/bin/time and include reading the set and compiling the model,
# with the automatic choice of the restricted piece (about a second on the 4x4x4 cubes);
# the search's own wall seconds come from dance's JSON. A loaded machine shows in the gap
# between CPU and wall.
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
echo "| run | restricted piece (kept of placements) | solutions | covers | nodes | CPU s | wall s (search) | wall s (process) | CPU / first row |"
echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"

first_cpu=""
row() { # row LABEL ARGS...: one run of dance cube, one table line
  local label=$1 out times cpu wall
  shift
  out=$(mktemp)
  times=$({ /usr/bin/time -f '%U %S %e' "$build/dance" cube "$set_name" --json "$@" >"$out"; } 2>&1 |
    tail -n 1)
  cpu=$(echo "$times" | awk '{printf "%.2f", $1 + $2}')
  wall=$(echo "$times" | awk '{printf "%.2f", $3}')
  python3 - "$out" "$label" "$cpu" "${first_cpu:-$cpu}" "$wall" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
label, cpu, base, wall = sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
assert d["complete"], "incomplete run: " + label
r = d["restricted"]
kept = "%s (%d of %d)" % (r["piece"], r["kept"], r["placements"]) if r else "none"
ratio = "%.2fx" % (cpu / base) if base > 0 else "-"
print("| %s | %s | %d | %d | %d | %.2f | %.2f | %.2f | %s |" % (
    label, kept, d["solutions"], d["total"], d["nodes"], cpu, d["seconds"], wall, ratio))
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
