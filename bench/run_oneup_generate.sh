#!/usr/bin/env bash
# run_oneup_generate.sh -- times `dance oneup --generate` per size and prints a Markdown
# report ready to paste into bench/RESULTS.md: the machine, the compiler, the date, the exact
# command, then a table. Each row makes SEEDS puzzles (seeds 1 to SEEDS, default 20) and
# takes the generation time from the JSON's "seconds" (the generator alone, not the process).
#
#   bench/run_oneup_generate.sh            # sizes 5 6 8 10 12 by default, then more regions
#   bench/run_oneup_generate.sh 40         # 40 seeds a row
#
# BUILD_DIR overrides the build directory (default: build-bench/ in the repository root).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
seeds=${1:-20}

. "$root/bench/lib.sh"
bench_build "$root" "$build" dance
bench_header "dance oneup --generate" "$root" "$build" "bench/run_oneup_generate.sh${*:+ $*}" \
  dlx models solvers/cli

# one row per "SIZE REGIONS" (REGIONS 0: the default)
rows=("5 0" "6 0" "8 0" "10 0" "12 0" "8 3" "12 2" "12 4")
for row in "${rows[@]}"; do
  read -r size regions <<<"$row"
  extra=()
  [ "$regions" = 0 ] || extra=(--regions "$regions")
  for seed in $(seq 1 "$seeds"); do
    "$build/dance" oneup --generate --size "$size" --seed "$seed" "${extra[@]}" --json -q |
      python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["size"], d["regions"], d["seconds"], d["clues"], d["layouts"], d["searches"], d["solve_nodes"])'
  done
done | python3 -c '
import statistics as st, sys
rows = {}
for line in sys.stdin:
    n, r, s, c, l, k, v = line.split()
    rows.setdefault((int(n), int(r)), []).append((float(s), int(c), int(l), int(k), int(v)))
print("| size | regions | puzzles | seconds: median | mean | max | clues: min | median | max | layouts drawn: mean | searches: mean | nodes to solve: median |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for (n, r), v in rows.items():
    col = lambda i: [x[i] for x in v]
    print("| %d x %d | %d | %d | %.4f | %.4f | %.4f | %d | %g | %d | %.1f | %.0f | %g |" % (
        n, n, r, len(v), st.median(col(0)), st.mean(col(0)), max(col(0)), min(col(1)),
        st.median(col(1)), max(col(1)), st.mean(col(2)), st.mean(col(3)), st.median(col(4))))
'
