#!/usr/bin/env bash
# run_engines.sh -- the two exact-cover engines side by side: each input searched by
# `--engine dlx` and `--engine bits` in alternating rounds of one invocation, whole
# processes, wall time; prints the median of each and the ratio bits/dlx, and checks that
# both print the same count.
#   bench/run_engines.sh [--rounds N]
# BUILD_DIR overrides the build directory (default: build/ in the repository root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dance=${BUILD_DIR:-$root/build}/dance
rounds=3
[ "${1:-}" = --rounds ] && rounds=$2
cd "$root"
jobs=(
  "xc data/xc/pent6x10.dlx -t 1"
  "xc data/xc/queens13.dlx -t 1"
  "xc data/xc/soma.dlx -t 1"
  "cube pentominoes --box 10x6 -t 1"
  "cube bedlam -t 2"
  "cube tetris -t 2"
)
now() { date +%s.%N; }
echo "| job | dlx (s) | bits (s) | bits/dlx | count |"
echo "|---|---|---|---|---|"
for job in "${jobs[@]}"; do
  d=() b=()
  for ((r = 0; r < rounds; r++)); do
    for e in dlx bits; do
      t0=$(now)
      out=$($dance $job --engine $e | head -1)
      t=$(awk -v a="$(now)" -v b="$t0" 'BEGIN { print a - b }')
      if [ $e = dlx ]; then d+=("$t"); cd_out=$out; else b+=("$t"); cb_out=$out; fi
    done
    [ "$cd_out" = "$cb_out" ] || { echo "counts differ on $job: $cd_out / $cb_out" >&2; exit 1; }
  done
  md=$(printf '%s\n' "${d[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p")
  mb=$(printf '%s\n' "${b[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p")
  printf '| `dance %s` | %.3f | %.3f | %.2f | %s |\n' "$job" "$md" "$mb" "$(awk -v a="$mb" -v b="$md" 'BEGIN { print a / b }')" "$cd_out"
done
