#!/usr/bin/env bash
# run_burr_disasm.sh -- builds bench_burr_disasm (Release) in build-bench/ and prints a
# Markdown report for bench/RESULTS.md: the burr disassembler on the 588 assemblies of
# BurrTools' SolidSixPieceBurrs (data/burr/solid_six.txt, every level checked against
# burrTxt's), and, when BURRTXT names a burrTxt binary and BURRTOOLS a BurrTools source tree,
# burrTxt itself on that example in the same run: -d (assemble and disassemble) and -q
# (assemble only), so that the time of its disassembler is the difference.
#
#   BURRTXT=/path/to/burrTxt BURRTOOLS=/path/to/burrtools bench/run_burr_disasm.sh
#
# Times are user CPU seconds of bash's `time` for burrTxt, and the disassemblies alone
# (clock_gettime around each call, best of 5) for bench_burr_disasm. BUILD_DIR overrides
# the build directory (default: build-bench/ in the repository root).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}

. "$root/bench/lib.sh"
bench_build "$root" "$build" bench_burr_disasm

bench_header "burr disassembly, SolidSixPieceBurrs" "$root" "$build" \
  "bench/run_burr_disasm.sh" solvers/stategraph bench data/burr
cd "$root"
ours=$("$build/bench_burr_disasm" --repeat 5 data/burr/solid_six.txt)
echo "- dance (bench_burr_disasm): $ours"
moves=$("$build/bench_burr_disasm" --moves data/burr/solid_six.txt)
echo "- with the moves, replayed and checked: $moves"
ours_s=$(sed -n 's/.* \([0-9.]*\) s (best.*/\1/p' <<<"$ours")

if [ -n "${BURRTXT:-}" ] && [ -n "${BURRTOOLS:-}" ]; then
  puzzle=$BURRTOOLS/examples/SolidSixPieceBurrs.xmpuzzle
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  d=$(bench_cpu /dev/null "$tmp/d.out" "$tmp/d.err" "$BURRTXT" -d "$puzzle")
  q=$(bench_cpu /dev/null "$tmp/q.out" "$tmp/q.err" "$BURRTXT" -q "$puzzle")
  echo "- burrTxt -d: $d s ($(tail -n 1 "$tmp/d.out" | sed 's/ *$//'))"
  echo "- burrTxt -q (assembly only): $q s"
  awk -v d="$d" -v q="$q" -v o="$ours_s" 'BEGIN {
    printf "- ratio, dance disassembly / burrTxt -d: %.4f\n", o / d
    if (d > q) printf "- ratio, dance disassembly / burrTxt -d minus -q: %.3f\n", o / (d - q)
    else print "- burrTxt -d minus -q: within the noise (its disassembly is no measurable part)"
  }'
fi
