#!/usr/bin/env bash
# run_slide.sh -- builds bench_slide (Release) in build-bench/ and prints a Markdown report
# ready to paste into bench/RESULTS.md: the machine, the compiler, the date, the exact
# command, then the tables. Arguments go to bench_slide (--reps N, a layout file).
#
#   bench/run_slide.sh              # Project Euler 766, best of 3
#   bench/run_slide.sh --reps 5
#
# BUILD_DIR overrides the build directory (default: build-bench/ in the repository root).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}

. "$root/bench/lib.sh"
bench_build "$root" "$build" bench_slide

bench_header bench_slide "$root" "$build" "bench/run_slide.sh${*:+ $*}" solvers dlx bench
cd "$root"
"$build/bench_slide" "$@"
