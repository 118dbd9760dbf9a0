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

. "$root/bench/lib.sh"
bench_build "$root" "$build" bench_xc

echo "### bench_xc, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- compiler: $(bench_compiler "$build")"
echo "- commit: $(bench_commit "$root" dlx bench)"
echo "- command: \`bench/run_xc.sh${*:+ $*}\`"
echo
cd "$root"
"$build/bench_xc" "$@"
