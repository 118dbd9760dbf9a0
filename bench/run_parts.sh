#!/usr/bin/env bash
# run_parts.sh -- the parts of a split run one after another on one thread: their total
# wall time and the spread of their search times (dance merge's part_seconds).
#   bench/run_parts.sh N DANCE-CUBE-ARGS...     e.g. bench/run_parts.sh 16 bedlam --restrict T
# BUILD_DIR overrides the build directory (default: build/ in the repository root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
[ $# -ge 2 ] || { echo "usage: bench/run_parts.sh N DANCE-CUBE-ARGS..." >&2; exit 2; }
n=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s.%N)
for ((k = 0; k < n; k++)); do
  "$build/dance" cube "$@" --shard "$k/$n" -t 1 --json >"$tmp/part-$k.json"
done
t1=$(date +%s.%N)
"$build/dance" merge --json "$tmp"/part-*.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
p = d["part_seconds"]
print("%d solutions; parts: min %.3f s, median %.3f s, mean %.3f s, max %.3f s, slowest / mean %.3f"
      % (d["solutions"], p["min"], p["median"], p["mean"], p["max"], p["max_over_mean"]))'
awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%d parts one after another: %.2f s\n", '"$n"', a - b }'
