#!/usr/bin/env bash
# run_xc.sh -- builds bench_xc (Release) in build-bench/ and prints a Markdown report
# ready to paste into bench/RESULTS.md: the machine, the compiler, the date, the exact
# command, then the table. Arguments go to bench_xc (e.g. --reps 5, or input files).
#
#   bench/run_xc.sh                 # default inputs, best of 3
#   bench/run_xc.sh --reps 5 data/xc/queens13.dlx
#
# Input paths are taken relative to the repository root. BUILD_DIR overrides the build
# directory (default: build-bench/ in the repository root).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DDANCE_BENCH=ON -DDANCE_TESTS=OFF \
  >/dev/null
cmake --build "$build" --target bench_xc -j "$(nproc)" >/dev/null

cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:[A-Z]*=//p' "$build/CMakeCache.txt")
model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)

echo "### bench_xc, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "- machine: ${model:-unknown}, $(nproc) cores online, $(uname -sr)"
echo "- load average when started: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- compiler: $("$cc" --version | head -n 1), flags \`$flags\`"
echo "- commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo none)$(
  git -C "$root" diff --quiet HEAD -- dlx bench 2>/dev/null || echo ' (with uncommitted changes)')"
echo "- command: \`bench/run_xc.sh${*:+ $*}\`"
echo
cd "$root"
"$build/bench_xc" "$@"
