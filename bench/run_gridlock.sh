#!/usr/bin/env bash
# run_gridlock.sh -- builds bench_gridlock (Release) in build-bench/ and prints a Markdown
# report ready to paste into bench/RESULTS.md: the machine, the compiler, the date, the
# exact command, then the table. Arguments go to bench_gridlock (e.g. --reps 9).
#
#   bench/run_gridlock.sh --reps 9
#
# BUILD_DIR overrides the build directory (default: build-bench/ in the repository root).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}

. "$root/bench/lib.sh"
bench_build "$root" "$build" bench_gridlock

echo "### bench_gridlock, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- compiler: $(bench_compiler "$build")"
echo "- commit: $(bench_commit "$root" dlx models bench)"
echo "- command: \`bench/run_gridlock.sh${*:+ $*}\`"
echo
cd "$root"
"$build/bench_gridlock" "$@"
