#!/usr/bin/env bash
# vs_dlx5.sh -- times `dance xc --best K` (the K cheapest solutions) against Knuth's DLX5
# (`k` option) in the same run, checks that both find the same costs, and prints a
# Markdown report for bench/RESULTS.md.
#
#   DLX5=/tmp/knuth/dlx5 bench/vs_dlx5.sh [--reps N]
#
# Knuth's DLX5 is not part of dance: take dlx5.w from his published programs, `ctangle` it
# (Debian's texlive-binaries) and build it outside the tree (clang -O3, with the Stanford
# GraphBase's gb_flip). The input: data/xc/pent6x10.dlx with a cost from 0 to 99 on each
# option, drawn by Python's random with seed 766 (costs per cell would give every tiling
# the same cost). The figure is user CPU time of the whole process, the minimum over the
# repetitions, dance on one thread; nodes as each program counts them.
set -euo pipefail
reps=3
while [ $# -gt 0 ]; do
  case $1 in
  --reps) reps=$2; shift 2 ;;
  *) echo "usage: DLX5=/path/to/dlx5 $0 [--reps N]" >&2; exit 2 ;;
  esac
done
[ -n "${DLX5:-}" ] || { echo "vs_dlx5.sh: DLX5 is not set: point it at Knuth's DLX5" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
build=${BUILD_DIR:-$root/build-bench}
bench_build "$root" "$build" dance
dance=$build/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$root/data/xc/pent6x10.dlx" "$tmp/pentcost.dlx" <<'EOF'
import random, sys
random.seed(766)
out, items = [], False
for line in open(sys.argv[1]).read().split("\n"):
    if not line.strip() or line.lstrip().startswith("|") or not items:
        items = items or bool(line.strip() and not line.lstrip().startswith("|"))
        out.append(line)
        continue
    out.append(f"{line} |{random.randrange(100)}")
open(sys.argv[2], "w").write("\n".join(out) + "\n")
EOF
input=$tmp/pentcost.dlx
cpu() { bench_cpu "$input" "$tmp/out" "$tmp/err" "$@"; }

bench_header "The cheapest solutions: dance xc --best K against DLX5" "$root" "$build" \
  "DLX5=$DLX5 bench/vs_dlx5.sh --reps $reps" dlx solvers
echo "| K | cheapest cost | dance CPU s | DLX5 CPU s | dance / DLX5 (goal <= 1) | dance nodes | DLX5 nodes | same costs |"
echo "|---|---|---|---|---|---|---|---|"
status=0
for k in 1 10 100; do
  : >"$tmp/d"; : >"$tmp/k"
  for ((r = 0; r < reps; r++)); do
    cpu "$dance" xc - --best "$k" --threads 1 --json >>"$tmp/d"
    dj=$(cat "$tmp/out")
    cpu "$DLX5" "k$k" >>"$tmp/k"
    ke=$(cat "$tmp/err")
  done
  dcosts=$(python3 -c 'import json,sys; print(" ".join(map(str, json.loads(sys.argv[1])["costs"])))' "$dj")
  dnodes=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["nodes"])' "$dj")
  # DLX5: "The optimum cost is $N" or "The optimum costs are:" then " $N (repeated R times)"...
  kcosts=$(python3 -c '
import re, sys
t = sys.stdin.read().split("The optimum cost")[1]
out = []
for c, r in re.findall(r"\$(\d+)(?: \(repeated (\d+) times\))?", t):
    out += [c] * int(r or 1)
print(" ".join(out))' <<<"$ke")
  knodes=$(grep -o '[0-9]* nodes' <<<"$ke" | cut -d' ' -f1)
  same=yes
  [ "$dcosts" = "$kcosts" ] || { same=no; status=1; echo "vs_dlx5.sh: K=$k: costs differ" >&2; }
  d=$(sort -g "$tmp/d" | head -1) kk=$(sort -g "$tmp/k" | head -1)
  echo "| $k | ${dcosts%% *} | $d | $kk | $(python3 -c "print(f'{$d/$kk:.2f}x')") | $dnodes | $knodes | $same |"
done
exit $status
