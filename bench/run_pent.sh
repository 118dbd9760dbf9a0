#!/usr/bin/env bash
# run_pent.sh -- the pentominoes in a 6x10 box: `dance cube pentominoes --box 10x6 -t 1`
# against the plain bitboard counter bench/bitboard_pent.c (X held to a quadrant), whole
# processes, wall time, in alternating rounds of one invocation; prints the medians and the
# ratio dance / baseline, and checks that both count 2,339.
#   bench/run_pent.sh [--rounds N] [-- extra dance options, e.g. --engine dlx]
# BUILD_DIR overrides the build directory (default: build/ in the repository root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
rounds=7
if [ "${1:-}" = --rounds ]; then rounds=$2; shift 2; fi
[ "${1:-}" = -- ] && shift
cd "$root"
now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.4f", a - b }'; }
d=() b=()
for ((r = 0; r < rounds; r++)); do
  t0=$(now)
  out=$("$build/dance" cube pentominoes --box 10x6 -t 1 "$@")
  d+=("$(since "$t0")")
  case $out in 2339\ solutions*) ;; *) echo "dance: $out" >&2; exit 1 ;; esac
  t0=$(now)
  out=$("$build/bitboard_pent")
  b+=("$(since "$t0")")
  case $out in 2339\ tilings*) ;; *) echo "baseline: $out" >&2; exit 1 ;; esac
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
md=$(median "${d[@]}") mb=$(median "${b[@]}")
echo "| command | median wall (s), $rounds rounds |"
echo "|---|---|"
echo "| \`dance cube pentominoes --box 10x6 -t 1 $*\` | $md |"
echo "| \`bitboard_pent\` (plain bitboard, X in one quadrant) | $mb |"
echo
echo "dance / baseline: $(awk -v a="$md" -v b="$mb" 'BEGIN { printf "%.2f", a / b }') (goal <= 0.50)"
